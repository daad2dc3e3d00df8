import Testing

@testable import Raster

/// The gradient span fill without Cairo: the per-row polynomials against the gradient's definition, a pixel's
/// colour independent of the box, spans and window it is filled in, the colour table, the byte scans and the
/// spans found from a path's coverage.
@Suite("Gradient span fill")
struct GradientRasterTests {
  // MARK: The position polynomials

  /// A table whose entry i is i, so that a filled pixel is the table index it chose.
  static let identity: [UInt32] = (0..<GradientRaster.tableSize).map { UInt32($0) }

  /// The index the definition gives for the centre of device pixel (x, y).
  static func referenceIndex(_ geometry: GradientRaster.Geometry, inverse m: PixelTransform, x: Int, y: Int) -> Int {
    let dx = Double(x) + 0.5, dy = Double(y) + 0.5
    let t = geometry.position(x: m.a * dx + m.c * dy + m.tx, y: m.b * dx + m.d * dy + m.ty)
    return GradientRaster.index(t * Double(GradientRaster.tableSize - 1) + 0.5)
  }

  static func geometry(
    radial: Bool, _ start: (x: Double, y: Double), _ end: (x: Double, y: Double), highlight: Double = 0,
    angle: Double = 0
  ) -> GradientRaster.Geometry? {
    GradientRaster.Geometry(radial: radial, start: start, end: end, highlightLength: highlight, highlightAngle: angle)
  }

  static let geometries: [(String, GradientRaster.Geometry?)] = [
    ("linear", geometry(radial: false, (10, 20), (150, 90))),
    ("linear, vertical", geometry(radial: false, (40, 0), (40, 120))),
    ("radial", geometry(radial: true, (80, 60), (140, 60))),
    ("radial with a highlight", geometry(radial: true, (80, 60), (130, 90), highlight: 70, angle: 40)),
    ("radial, highlight near the edge", geometry(radial: true, (60, 50), (100, 50), highlight: -99, angle: 200)),
    ("small radial", geometry(radial: true, (110, 75), (116, 75), highlight: 20)),
  ]

  /// Device to user: identity, a translation off the origin, and a rotated, sheared and scaled space.
  static let inverses: [PixelTransform] = [
    PixelTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0),
    PixelTransform(a: 1, b: 0, c: 0, d: 1, tx: -30.5, ty: 20.25),
    PixelTransform(a: 0.83, b: -0.4, c: 0.55, d: 1.7, tx: 12.5, ty: -30.25),
  ]

  /// The identity table's indices filled over `box`, the rest 7777.
  static func fill(
    _ geometry: GradientRaster.Geometry, _ inverse: PixelTransform, box: PixelRect, spans: [Int32]?,
    window: PixelRect? = nil
  ) -> [UInt32] {
    var pixels = [UInt32](repeating: 7777, count: box.width * box.height)
    identity.withUnsafeBufferPointer { table in
      pixels.withUnsafeMutableBufferPointer { out in
        func run(_ spans: UnsafePointer<Int32>?) {
          GradientRaster.fill(
            geometry, inverse: inverse, table: table.baseAddress!, box: box, spans: spans, window: window,
            into: out.baseAddress!)
        }
        if let spans { spans.withUnsafeBufferPointer { run($0.baseAddress) } } else { run(nil) }
      }
    }
    return pixels
  }

  @Test(
    "the fill's per-row polynomials give the definition's table index (within one step)", arguments: geometries.indices)
  func polynomialsMatchTheDefinition(_ index: Int) throws {
    let name = Self.geometries[index].0
    let geometry = try #require(Self.geometries[index].1)
    for inverse in Self.inverses {
      let box = PixelRect(x: 37, y: 11, width: 171, height: 133)
      let pixels = Self.fill(geometry, inverse, box: box, spans: nil)
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
    let geometry = try #require(Self.geometries[3].1)
    let inverse = Self.inverses[2]
    let whole = Self.fill(geometry, inverse, box: PixelRect(x: 0, y: 0, width: 200, height: 150), spans: nil)
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
    let inPart = Self.fill(geometry, inverse, box: part, spans: spans)
    var wrong = 0, strays = 0
    for row in 0..<part.height {
      for col in 0..<part.width {
        let lo = Int(spans[2 * row]), hi = Int(spans[2 * row + 1])
        let got = inPart[row * part.width + col]
        if col >= lo && col < hi {
          if got != whole[(part.y + row) * 200 + part.x + col] { wrong += 1 }
        } else if got != 7777 {
          strays += 1
        }
      }
    }
    #expect(wrong == 0)
    #expect(strays == 0, "pixels outside their span are left alone")
  }

  /// Device pixels, some inside the box, some across its edges, one outside it.
  static let windows: [PixelRect] = [
    PixelRect(x: 61, y: 33, width: 47, height: 29),
    PixelRect(x: -20, y: 100, width: 75, height: 90),
    PixelRect(x: 170, y: -5, width: 60, height: 20),
    PixelRect(x: 1, y: 149, width: 198, height: 1),
    PixelRect(x: 300, y: 300, width: 10, height: 10),
  ]

  /// A frame redrawn in part computes a gradient only inside the kept area: there, the whole fill's values;
  /// elsewhere, nothing written.
  @Test(
    "a windowed fill writes the whole fill's values inside the window and nothing outside",
    arguments: geometries.indices)
  func windowedFillMatchesTheWhole(_ index: Int) throws {
    let geometry = try #require(Self.geometries[index].1)
    let box = PixelRect(x: 10, y: 20, width: 180, height: 130)
    // Every row its own span, some rows empty.
    var spans: [Int32] = []
    for row in 0..<box.height { spans += row % 9 == 4 ? [6, 6] : [Int32(row % 17), Int32(60 + row % 110)] }
    for inverse in Self.inverses {
      for useSpans in [false, true] {
        let whole = Self.fill(geometry, inverse, box: box, spans: useSpans ? spans : nil)
        for window in Self.windows {
          let part = Self.fill(geometry, inverse, box: box, spans: useSpans ? spans : nil, window: window)
          var differing = 0, strays = 0
          for row in 0..<box.height {
            for col in 0..<box.width {
              let x = box.x + col, y = box.y + row
              let inside = x >= window.x && x < window.x + window.width && y >= window.y && y < window.y + window.height
              let n = row * box.width + col
              if inside {
                if part[n] != whole[n] { differing += 1 }
              } else if part[n] != 7777 {
                strays += 1
              }
            }
          }
          let name = Self.geometries[index].0
          #expect(differing == 0, "\(name), window \(window), spans \(useSpans)")
          #expect(strays == 0, "\(name), window \(window): pixels outside the window were written")
        }
      }
    }
  }

  @Test("degenerate gradients are left to Cairo")
  func degenerate() {
    #expect(Self.geometry(radial: false, (5, 5), (5, 5)) == nil)
    #expect(Self.geometry(radial: true, (5, 5), (5, 5.0001)) == nil)
    #expect(Self.geometry(radial: true, (5, 5), (9, 5), highlight: 50) != nil)
  }

  // MARK: The colour table

  @Test("the colour table interpolates straight colours and premultiplies them as pixman does")
  func table() {
    typealias Stop = GradientRaster.Stop
    let t = GradientRaster.table([Stop(0, StraightColor(1, 0, 0, 1)), Stop(1, StraightColor(0, 0, 1, 0))], opacity: 1)
    #expect(t.count == GradientRaster.tableSize)
    #expect(t[0] == 0xFFFF_0000)
    #expect(t[t.count - 1] == 0)
    // Halfway: alpha 127.5 -> 128; red and blue 0.5 x 127.5 + 0.5 -> 64.
    let mid = GradientRaster.premultiplied(StraightColor(0.5, 0, 0.5, 0.5), opacity: 1)
    #expect(mid == 0x8040_0040)
    // Before the first stop and after the last: their colours.
    let padded = GradientRaster.table(
      [Stop(0.25, StraightColor(0, 1, 0, 1)), Stop(0.75, StraightColor(1, 1, 1, 1))], opacity: 0.5)
    #expect(
      padded[0] == padded[200] && padded[0] == GradientRaster.premultiplied(StraightColor(0, 1, 0, 1), opacity: 0.5))
    #expect(padded[1023] == GradientRaster.premultiplied(StraightColor(1, 1, 1, 1), opacity: 0.5))
    // Stops out of order are sorted; at one offset they keep their order.
    let sorted = GradientRaster.table(
      [Stop(1, StraightColor(0, 0, 1)), Stop(0.5, StraightColor(0, 1, 0)), Stop(0.5, StraightColor(1, 0, 0))],
      opacity: 1)
    #expect(sorted[0] == 0xFF00_FF00 && sorted[1023] == 0xFF00_00FF)
  }

  // MARK: Spans

  @Test("byte scans find the first and last non-zero byte at every position")
  func byteScans() {
    for count in [0, 1, 7, 8, 9, 16, 23, 40] {
      var bytes = [UInt8](repeating: 0, count: count + 8)
      bytes.withUnsafeBytes { #expect(GradientRaster.firstNonzero($0.baseAddress!, count: count) == count) }
      bytes.withUnsafeBytes { #expect(GradientRaster.lastNonzero($0.baseAddress!, count: count) == -1) }
      for i in 0..<count {
        for j in i..<count {
          bytes = [UInt8](repeating: 0, count: count + 8)
          bytes[i] = 3
          bytes[j] = 200
          bytes[count] = 9  // past the end: never seen
          bytes.withUnsafeBytes {
            #expect(GradientRaster.firstNonzero($0.baseAddress!, count: count) == i)
            #expect(GradientRaster.lastNonzero($0.baseAddress!, count: count) == j)
          }
        }
      }
    }
  }

  /// The spans from a coverage mask against the rule read off pixel by pixel: each row from one before the
  /// first to one past the last (plus one) covered column of it and its neighbours, cut to the row.
  @Test(arguments: [1 as UInt64, 2, 3])
  func coverageSpansHoldEveryCoveredNeighbour(seed: UInt64) {
    let width = 45, height = 19, stride = 48
    let mask = TestImage(width: width, height: height, bytesPerPixel: 1, stride: stride)
    var random = SplitMix(state: seed)
    for y in 0..<height where random.next(4) != 0 {
      for _ in 0..<(1 + random.next(3)) {
        mask.image.data[y * stride + random.next(width)] = UInt8(1 + random.next(255))
      }
    }
    // Padding past each row is never read.
    for y in 0..<height { mask.image.data[y * stride + width] = 255 }
    let spans = UnsafeMutablePointer<Int32>.allocate(capacity: 4 * height)
    defer { spans.deallocate() }
    GradientRaster.coverageSpans(of: mask.image, into: spans)
    var wrong = 0
    for row in 0..<height {
      var covered: [Int] = []
      for r in max(row - 1, 0)...min(row + 1, height - 1) {
        for x in 0..<width where mask.image.data[r * stride + x] != 0 { covered.append(x) }
      }
      let want: (Int32, Int32) =
        covered.isEmpty ? (0, 0) : (Int32(max(covered.min()! - 1, 0)), Int32(min(covered.max()! + 2, width)))
      if (spans[2 * row], spans[2 * row + 1]) != want { wrong += 1 }
    }
    #expect(wrong == 0)
  }
}
