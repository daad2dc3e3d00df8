import CCairo
import Foundation
import Lottie
import Raster
import TestSupport
import Testing

@testable import CairoRendering
@testable import LottieScene

/// The fast parts of the gradient painter through Cairo: the spans (only pixels the path may paint are
/// computed) against filling the whole box, and the kept colour tables (the fill itself, without Cairo:
/// `RasterTests.GradientRasterTests`).
@Suite("Gradient fast path")
struct GradientFastPathTests {
  typealias G = GradientRasterTests

  // MARK: Gradients

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
