import CCairo
import Foundation
import Lottie
import Raster
import TestSupport
import Testing

@testable import CairoRendering
@testable import LottieScene

/// The fast parts of `GradientRaster`: the per-row polynomials against the gradient's definition, the spans
/// (only pixels the path may paint are computed) against filling the whole box, and the kept colour tables.
@Suite("Gradient fast path")
struct GradientFastPathTests {
  typealias G = GradientRasterTests

  // MARK: The position polynomials

  /// A table whose entry i is i, so that a filled pixel is the table index it chose.
  static let identity: [UInt32] = (0..<GradientRaster.tableSize).map { UInt32($0) }

  /// The index the definition gives for the centre of device pixel (x, y).
  static func referenceIndex(_ geometry: GradientRaster.Geometry, inverse m: cairo_matrix_t, x: Int, y: Int) -> Int {
    let dx = Double(x) + 0.5, dy = Double(y) + 0.5
    let t = geometry.position(x: m.xx * dx + m.xy * dy + m.x0, y: m.yx * dx + m.yy * dy + m.y0)
    return GradientRaster.index(t * Double(GradientRaster.tableSize - 1) + 0.5)
  }

  static func parameters(radial: Bool, start: Vec2, end: Vec2, highlight: Double = 0, angle: Double = 0)
    -> GradientParameters
  {
    GradientParameters(
      isRadial: radial, start: start, end: end, highlightLength: highlight, highlightAngle: angle,
      stops: [GradientStop(0, RGBA(1, 0, 0, 1)), GradientStop(1, RGBA(0, 0, 1, 1))])
  }

  static let geometries: [(String, GradientParameters)] = [
    ("linear", parameters(radial: false, start: Vec2(10, 20), end: Vec2(150, 90))),
    ("linear, vertical", parameters(radial: false, start: Vec2(40, 0), end: Vec2(40, 120))),
    ("radial", parameters(radial: true, start: Vec2(80, 60), end: Vec2(140, 60))),
    (
      "radial with a highlight",
      parameters(radial: true, start: Vec2(80, 60), end: Vec2(130, 90), highlight: 70, angle: 40)
    ),
    (
      "radial, highlight near the edge",
      parameters(radial: true, start: Vec2(60, 50), end: Vec2(100, 50), highlight: -99, angle: 200)
    ),
    ("small radial", parameters(radial: true, start: Vec2(110, 75), end: Vec2(116, 75), highlight: 20)),
  ]

  /// Device to user: identity, a translation off the origin, and a rotated, sheared and scaled space.
  static let inverses: [cairo_matrix_t] = [
    cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0),
    cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: -30.5, y0: 20.25),
    cairo_matrix_t(xx: 0.83, yx: -0.4, xy: 0.55, yy: 1.7, x0: 12.5, y0: -30.25),
  ]

  @Test(
    "the fill's per-row polynomials give the definition's table index (within one step)", arguments: geometries.indices)
  func polynomialsMatchTheDefinition(_ index: Int) throws {
    let (name, g) = Self.geometries[index]
    let geometry = try #require(GradientRaster.Geometry(g))
    for inverse in Self.inverses {
      let box = PixelRect(x: 37, y: 11, width: 171, height: 133)
      var pixels = [UInt32](repeating: .max, count: box.width * box.height)
      Self.identity.withUnsafeBufferPointer { table in
        pixels.withUnsafeMutableBufferPointer {
          GradientRaster.fill(
            geometry, inverse: inverse, table: table.baseAddress!, box: box, spans: nil, into: $0.baseAddress!)
        }
      }
      var worst = 0, exact = 0
      var seen = Set<UInt32>()
      for row in 0..<box.height {
        for col in 0..<box.width {
          let got = Int(pixels[row * box.width + col])
          let want = Self.referenceIndex(geometry, inverse: inverse, x: box.x + col, y: box.y + row)
          worst = max(worst, abs(got - want))
          if got == want { exact += 1 }
          seen.insert(pixels[row * box.width + col])
        }
      }
      #expect(worst <= 1, "\(name): an index \(worst) steps from the definition's")
      #expect(
        exact * 1000 >= pixels.count * 999, "\(name): \(pixels.count - exact) of \(pixels.count) pixels a step off")
      #expect(seen.count > 20, "\(name): the gradient varies over the box")
    }
  }

  @Test("a pixel's colour does not depend on the box or the spans it is filled in")
  func colourDependsOnThePixelOnly() throws {
    let geometry = try #require(GradientRaster.Geometry(Self.geometries[3].1))
    let inverse = Self.inverses[2]
    func fill(_ box: PixelRect, spans: [Int32]?) -> [UInt32] {
      var pixels = [UInt32](repeating: 7777, count: box.width * box.height)
      Self.identity.withUnsafeBufferPointer { table in
        pixels.withUnsafeMutableBufferPointer { out in
          if let spans {
            spans.withUnsafeBufferPointer {
              GradientRaster.fill(
                geometry, inverse: inverse, table: table.baseAddress!, box: box, spans: $0.baseAddress,
                into: out.baseAddress!)
            }
          } else {
            GradientRaster.fill(
              geometry, inverse: inverse, table: table.baseAddress!, box: box, spans: nil, into: out.baseAddress!)
          }
        }
      }
      return pixels
    }
    let whole = fill(PixelRect(x: 0, y: 0, width: 200, height: 150), spans: nil)
    let part = PixelRect(x: 53, y: 40, width: 90, height: 70)
    // Every row its own span; some rows empty.
    var spans: [Int32] = []
    for row in 0..<part.height {
      if row % 7 == 3 {
        spans += [5, 5]
      } else {
        spans += [Int32(row % 13), Int32(40 + row % 50)]
      }
    }
    let inPart = fill(part, spans: spans)
    for row in 0..<part.height {
      for col in 0..<part.width {
        let lo = Int(spans[2 * row]), hi = Int(spans[2 * row + 1])
        let got = inPart[row * part.width + col]
        if col >= lo && col < hi {
          #expect(got == whole[(part.y + row) * 200 + part.x + col], "(\(col), \(row))")
        } else {
          #expect(got == 7777, "(\(col), \(row)) is outside its span and left alone")
        }
      }
    }
  }

  @Test("degenerate gradients are left to Cairo")
  func degenerate() {
    #expect(GradientRaster.Geometry(Self.parameters(radial: false, start: Vec2(5, 5), end: Vec2(5, 5))) == nil)
    #expect(GradientRaster.Geometry(Self.parameters(radial: true, start: Vec2(5, 5), end: Vec2(5, 5.0001))) == nil)
  }

  // MARK: Spans

  static let diagonal =
    #"{"ty":"sh","ks":{"a":0,"k":{"c":false,"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[8,92],[60,20],[112,88]]}}}"#
  static let curve =
    #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"i":[[0,0],[-30,10],[20,-30]],"o":[[40,-20],[-10,30],[0,0]],"v":[[10,20],[100,40],[40,90]]}}}"#
  static let second = #"{"ty":"el","p":{"a":0,"k":[80,60]},"s":{"a":0,"k":[70,60]}}"#
  static let dash = #","d":[{"n":"d","v":{"a":0,"k":7}},{"n":"g","v":{"a":0,"k":5}},{"n":"o","v":{"a":0,"k":3}}]"#

  /// A gradient stroke of width `w` with miter joins (limit `ml`), a cap (`lc`), and `extra` keys.
  static func stroke(
    type: Int, w: Double, ml: Double = 4, lc: Int = 1, extra: String = "", start: String = "[10,10]",
    end: String = "[110,90]", highlight: Double = 0
  ) -> String {
    #"{"ty":"gs","t":\#(type),"s":{"a":0,"k":\#(start)},"e":{"a":0,"k":\#(end)},"h":{"a":0,"k":\#(highlight)},"a":{"a":0,"k":30},"o":{"a":0,"k":100},"g":{"p":3,"k":{"a":0,"k":[0,1,0,0, 0.5,0,1,0, 1,0,0,1]}},"w":{"a":0,"k":\#(w)},"lc":\#(lc),"lj":1,"ml":\#(ml)\#(extra)}"#
  }

  static let spanCases: [(String, String)] =
    G.cases + [
      ("thin diagonal stroke, sharp miter joins", G.animation(diagonal + "," + stroke(type: 1, w: 2, ml: 10))),
      (
        "thick radial stroke, square caps",
        G.animation(diagonal + "," + stroke(type: 2, w: 12, lc: 3, start: "[60,50]", end: "[110,50]", highlight: 40))
      ),
      ("dashed curve, round caps", G.animation(curve + "," + stroke(type: 1, w: 5, lc: 2, extra: dash))),
      (
        "stroke in a rotated, skewed layer",
        G.animation(
          curve + "," + stroke(type: 2, w: 3, start: "[50,50]", end: "[100,70]", highlight: -50),
          transform:
            #"{"a":{"a":0,"k":[60,50]},"p":{"a":0,"k":[60,50]},"r":{"a":0,"k":-28},"s":{"a":0,"k":[130,60]},"sk":{"a":0,"k":25},"sa":{"a":0,"k":70}}"#
        )
      ),
      (
        "even-odd fill of two ellipses",
        G.animation(
          G.ellipse + "," + second + ","
            + G.gradient(type: 2, start: "[60,50]", end: "[110,50]", highlight: 30).replacingOccurrences(
              of: #""r":1"#, with: #""r":2"#))
      ),
      (
        "non-zero fill of two ellipses",
        G.animation(G.ellipse + "," + second + "," + G.gradient(type: 1, start: "[0,0]", end: "[120,100]"))
      ),
      (
        "fill of a curve",
        G.animation(
          curve + ","
            + G.gradient(
              type: 2, start: "[50,50]", end: "[10,10]", count: 2, stops: "[0,1,0.5,0, 1,0,0.5,1, 0,1, 1,0.3]"))
      ),
    ]

  static func render(_ json: String, spans: Bool, poison: Bool) throws -> (PixelBuffer, poisoned: Int) {
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "gradient.json")
    let renderer = try FrameRenderer(animation: animation, width: 120, height: 100)
    let workspace = renderer.scene.gradientWorkspace
    workspace.findsSpans = spans
    workspace.poisonsOutsideSpans = poison
    workspace.minimumSpanPixels = 0
    workspace.minimumFillSpanPixels = 0
    workspace.reachShare = 0
    let frame = renderer.render(frame: 0)
    return (frame, workspace.poisonedPixels)
  }

  /// Pixels outside the spans are poisoned (opaque magenta): if the spans missed a pixel the path paints, the
  /// picture changes. It must stay byte-identical to filling the whole box, and the spans must have left
  /// pixels out (or the comparison proves nothing).
  @Test("spans cover every pixel the path paints: poisoning the rest changes nothing", arguments: spanCases.indices)
  func spansCoverWhatIsPainted(_ index: Int) throws {
    let (name, json) = Self.spanCases[index]
    let whole = try Self.render(json, spans: false, poison: false)
    let spanned = try Self.render(json, spans: true, poison: true)
    #expect(whole.poisoned == 0)
    let differing = zip(whole.0.bytes, spanned.0.bytes).filter { $0 != $1 }.count
    #expect(differing == 0, "\(name): \(differing) channels differ")
    #expect(whole.0.bytes.contains { $0 != 0 }, "\(name): something was drawn")
    // The cases added here (not the thick strokes of `GradientRasterTests`, whose reach covers their box).
    if index >= G.cases.count {
      #expect(spanned.poisoned > 0, "\(name): the spans left no pixel of the box out")
    }
  }

  @Test("a poisoned pixel shows: the spans test can fail")
  func poisonShows() throws {
    // A span that stops short (every row empty) leaves the whole box poisoned and the stroke magenta.
    let json = Self.spanCases.first { $0.0.hasPrefix("thin diagonal") }!.1
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "gradient.json")
    let renderer = try FrameRenderer(animation: animation, width: 120, height: 100)
    let box = PixelRect(x: 0, y: 0, width: 4, height: 2)
    var pixels = [UInt32](repeating: 0, count: 8)
    let spans: [Int32] = [1, 3, 2, 2]
    pixels.withUnsafeMutableBufferPointer { out in
      spans.withUnsafeBufferPointer {
        renderer.scene.gradientWorkspace.poison(out.baseAddress!, box: box, spans: $0.baseAddress!)
      }
    }
    #expect(pixels == [0xFFFF_00FF, 0, 0, 0xFFFF_00FF, 0xFFFF_00FF, 0xFFFF_00FF, 0xFFFF_00FF, 0xFFFF_00FF])
    #expect(renderer.scene.gradientWorkspace.poisonedPixels == 6)
  }

  @Test("byte scans find the first and last non-zero byte at every position")
  func byteScans() {
    for count in [0, 1, 7, 8, 9, 16, 23, 40] {
      var bytes = [UInt8](repeating: 0, count: count + 8)
      bytes.withUnsafeBytes { #expect(GradientWorkspace.firstNonzero($0.baseAddress!, count: count) == count) }
      bytes.withUnsafeBytes { #expect(GradientWorkspace.lastNonzero($0.baseAddress!, count: count) == -1) }
      for i in 0..<count {
        for j in i..<count {
          bytes = [UInt8](repeating: 0, count: count + 8)
          bytes[i] = 3
          bytes[j] = 200
          bytes[count] = 9  // past the end: never seen
          bytes.withUnsafeBytes {
            #expect(GradientWorkspace.firstNonzero($0.baseAddress!, count: count) == i)
            #expect(GradientWorkspace.lastNonzero($0.baseAddress!, count: count) == j)
          }
        }
      }
    }
  }

  // MARK: Kept tables

  @Test("colour tables are kept per stops and opacity, bounded, least recently used first out")
  func keptTables() {
    let workspace = GradientWorkspace()
    let a = [GradientStop(0, RGBA(1, 0, 0, 1)), GradientStop(1, RGBA(0, 0, 1, 0.5))]
    let b = [GradientStop(0, RGBA(1, 0, 0, 1)), GradientStop(1, RGBA(0, 0, 1, 0.6))]
    #expect(workspace.table(a, opacity: 1) == GradientRaster.table(a, opacity: 1))
    #expect(workspace.table(a, opacity: 1) == GradientRaster.table(a, opacity: 1))
    #expect(workspace.tablesBuilt == 1)
    #expect(workspace.table(a, opacity: 0.5) == GradientRaster.table(a, opacity: 0.5))
    #expect(workspace.table(b, opacity: 1) == GradientRaster.table(b, opacity: 1))
    #expect(workspace.tablesBuilt == 3)
    // Fill to the bound with other opacities, touching `a` at 1 on the way: it stays, `a` at 0.5 goes first.
    for i in 0..<GradientWorkspace.maxTables {
      _ = workspace.table(b, opacity: Double(i) / 1000)
      _ = workspace.table(a, opacity: 1)
    }
    #expect(workspace.tableCount == GradientWorkspace.maxTables)
    let built = workspace.tablesBuilt
    _ = workspace.table(a, opacity: 1)
    #expect(workspace.tablesBuilt == built)
    _ = workspace.table(a, opacity: 0.5)
    #expect(workspace.tablesBuilt == built + 1)

    let uncached = GradientWorkspace(keepsTables: false)
    _ = uncached.table(a, opacity: 1)
    _ = uncached.table(a, opacity: 1)
    #expect(uncached.tablesBuilt == 2 && uncached.tableCount == 0)
  }

  @Test("a render with every cache off builds its tables every paint, with the same picture")
  func tablesAndCachesOff() throws {
    let json = G.cases[3].1
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "gradient.json")
    let cached = try FrameRenderer(animation: animation, width: 120, height: 100)
    let uncached = try FrameRenderer(animation: animation, width: 120, height: 100, caches: false)
    for frame in 0..<3 {
      #expect(cached.render(frame: Double(frame)).bytes == uncached.render(frame: Double(frame)).bytes)
    }
    #expect(cached.scene.gradientWorkspace.tablesBuilt == 1)
    #expect(uncached.scene.gradientWorkspace.tablesBuilt >= 3)
  }
}
