import Testing

@testable import Raster

/// The stroke style's distance transform on a box and its two column methods against a brute-force nearest
/// pixel, and the outline on the box against the outline over the whole image, byte for byte.
struct OutlineTests {
  /// Below the limit both column methods (16-bit rows within reach, for a band up to 40 px; parabolas in
  /// `Float`, for any band) give the exact squared distance; at or above it, something at least the limit.
  @Test(arguments: [(1.5, 1 as UInt64), (6.2, 2), (11.9, 3), (23.0, 4), (39.0, 5), (30.0, 6), (60.0, 7)])
  func distancesAreExactWithinTheLimit(width: Double, seed: UInt64) throws {
    let buffer = KernelFixtures.shapes(width: 71, height: 53, seed: seed)
    let image = buffer.image
    let expected = KernelFixtures.bruteDistances(image)
    let limit = (width + 1) * (width + 1)
    let box = try #require(Outline.opaqueBox(image))
    func check<T: SquaredDistance>(_: T.Type) {
      let out = UnsafeMutablePointer<T>.allocate(capacity: image.width * image.height)
      defer { out.deallocate() }
      Outline.squaredDistances(
        image, x0: 0, y0: 0, width: image.width, height: image.height, shapeRows: box.minY...box.maxY, limit: limit,
        into: out)
      var checked = 0
      for i in 0..<(image.width * image.height) {
        let got = out[i].value
        if let d2 = expected[i], d2 < limit {
          #expect(got == d2, "\(T.self) pixel \(i % image.width), \(i / image.width): \(got), not \(d2)")
          checked += 1
        } else {
          #expect(got >= limit, "\(T.self) pixel \(i % image.width), \(i / image.width): \(got) under \(limit)")
        }
      }
      #expect(checked > 100)
    }
    check(Float.self)
    if (width + 1).rounded(.up) <= Double(Int16.narrowestReach) { check(Int16.self) }
  }

  /// The rows' distances are written only within reach of a shape pixel, found eight at a time over clear runs:
  /// sparse pixels on wide rows (gaps shorter and longer than the reach, pixels on either end of a row, rows with
  /// none, alphas either side of half) still give the exact distances below the limit.
  @Test(arguments: [(0.4, 21 as UInt64), (2.5, 22), (7.0, 23), (19.5, 24), (45.0, 25)])
  func sparseRowsGiveExactDistances(width: Double, seed: UInt64) throws {
    let w = 203, h = 17
    let buffer = TestImage(width: w, height: h)
    var random = SplitMix(state: seed)
    for y in 0..<h where y % 3 != 2 {
      for _ in 0..<random.next(6) { buffer.set(random.next(w), y, r: 1, g: 2, b: 3, a: 127 + random.next(3)) }
    }
    buffer.set(0, 4, r: 0, g: 0, b: 0, a: 255)
    buffer.set(w - 1, 4, r: 0, g: 0, b: 0, a: 200)
    buffer.set(w - 1, 9, r: 0, g: 0, b: 0, a: 128)
    let image = buffer.image
    let expected = KernelFixtures.bruteDistances(image)
    let limit = (width + 1) * (width + 1)
    let box = try #require(Outline.opaqueBox(image))
    func check<T: SquaredDistance>(_: T.Type) {
      let out = UnsafeMutablePointer<T>.allocate(capacity: w * h)
      defer { out.deallocate() }
      Outline.squaredDistances(
        image, x0: 0, y0: 0, width: w, height: h, shapeRows: box.minY...box.maxY, limit: limit, into: out)
      var wrong = 0
      for i in 0..<(w * h) {
        let got = out[i].value
        let right = expected[i].map { $0 < limit ? got == $0 : got >= limit } ?? (got >= limit)
        if !right { wrong += 1 }
      }
      #expect(wrong == 0, "\(T.self): \(wrong) pixels wrong")
    }
    check(Float.self)
    if (width + 1).rounded(.up) <= Double(Int16.narrowestReach) { check(Int16.self) }
  }

  /// The box of the half-opaque pixels, found eight at a time, is the one found pixel by pixel.
  @Test(arguments: [(1, 1, 0 as UInt64, 0), (9, 3, 1, 0), (17, 16, 2, 2), (33, 20, 3, 5), (64, 9, 4, 1)])
  func opaqueBoxMatchesAScan(width: Int, height: Int, seed: UInt64, margin: Int) {
    let buffer = TestImage(width: width, height: height)
    var random = SplitMix(state: seed)
    for _ in 0..<(width * height / 7 + 1) {
      let x = margin + random.next(max(width - 2 * margin, 1)), y = random.next(height)
      buffer.set(min(x, width - 1), y, r: 9, g: 9, b: 9, a: random.next(256))
    }
    var want: (Int, Int, Int, Int)? = nil
    for y in 0..<height {
      for x in 0..<width where buffer.image.data[y * width * 4 + x * 4 + 3] >= 128 {
        let w = want ?? (x, y, x, y)
        want = (min(w.0, x), min(w.1, y), max(w.2, x), max(w.3, y))
      }
    }
    let got = Outline.opaqueBox(buffer.image)
    #expect(got?.minX == want?.0 && got?.minY == want?.1 && got?.maxX == want?.2 && got?.maxY == want?.3)
  }

  /// The outline on the box of the layer's pixels is the outline over the whole image, byte for byte, for
  /// bands narrow and wide, shapes far from the border or touching it, and opacities.
  @Test(arguments: [
    (0.6, 1.0, 11 as UInt64, 0), (3.2, 1.0, 12, 12), (5.5, 0.5, 13, 20), (11.9, 1.0, 14, 3), (26.0, 0.8, 15, 0),
    (40.0, 1.0, 16, 25),
  ])
  func outlineMatchesTheWholeImageOutline(width: Double, opacity: Double, seed: UInt64, margin: Int) {
    let buffer = KernelFixtures.shapes(width: 97, height: 83, seed: seed, margin: margin)
    let reference = buffer.copy()
    let color = StraightColor(0.2, 0.9, 0.35)
    Outline.draw(buffer.image, color: color, width: width, opacity: opacity)
    KernelFixtures.referenceOutline(reference.image, color: color, width: width, opacity: opacity)
    let got = buffer.bytes, want = reference.bytes
    let differing = (0..<got.count).filter { got[$0] != want[$0] }
    #expect(differing.isEmpty, "\(differing.count) bytes differ, the first at pixel \((differing.first ?? 0) / 4)")
    // The band is there at all.
    #expect(got != KernelFixtures.shapes(width: 97, height: 83, seed: seed, margin: margin).bytes)
  }

  @Test("an image with nothing half opaque gets no outline")
  func outlineOfNothing() {
    let buffer = TestImage(width: 20, height: 10)
    buffer.set(5, 5, r: 255, g: 0, b: 0, a: 127)
    let before = buffer.bytes
    Outline.draw(buffer.image, color: StraightColor(0, 0, 1), width: 4, opacity: 1)
    #expect(buffer.bytes == before)
  }
}
