import Foundation
import Lottie
import LottieScene
import Testing

@testable import CairoRendering

/// The effects' pixel loops against plain per-pixel versions of the same arithmetic (what they replaced): the
/// stroke style's distance transform on a box and its two column methods against a brute-force nearest pixel,
/// the Fill table and the Gradient Ramp's hoisted loop against their per-pixel formulas, byte for byte.
struct EffectPixelsTests {
  /// A premultiplied ARGB32 buffer owned by the test.
  final class Buffer {
    let image: EffectPixels.Image
    init(width: Int, height: Int) {
      let data = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height * 4)
      data.initialize(repeating: 0, count: width * height * 4)
      image = EffectPixels.Image(data: data, width: width, height: height, stride: width * 4)
    }
    deinit { image.data.deallocate() }
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: image.data, count: image.width * image.height * 4)) }
    func copy() -> Buffer {
      let other = Buffer(width: image.width, height: image.height)
      other.image.data.update(from: image.data, count: image.width * image.height * 4)
      return other
    }
    /// Sets a pixel from straight colour bytes and alpha (premultiplied here).
    func set(_ x: Int, _ y: Int, r: Int, g: Int, b: Int, a: Int) {
      let p = image.data + y * image.stride + x * 4
      p[0] = UInt8(b * a / 255)
      p[1] = UInt8(g * a / 255)
      p[2] = UInt8(r * a / 255)
      p[3] = UInt8(a)
    }
  }

  /// A repeatable generator (SplitMix64).
  struct Random {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }

  /// A `width` x `height` image of a few discs and rectangles, opaque inside with soft (partly opaque) edges,
  /// plus scattered single pixels of any alpha, in random colours; nothing within `margin` of the border when
  /// `margin` is given (so that the box the outline works on is smaller than the image).
  static func shapes(width: Int, height: Int, seed: UInt64, margin: Int = 0) -> Buffer {
    let buffer = Buffer(width: width, height: height)
    var random = Random(state: seed)
    let inner = (margin, margin, width - 2 * margin, height - 2 * margin)
    for _ in 0..<3 {
      let cx = inner.0 + random.next(inner.2), cy = inner.1 + random.next(inner.3)
      let radius = Double(2 + random.next(max(inner.2, inner.3) / 4))
      let (r, g, b) = (random.next(256), random.next(256), random.next(256))
      for y in inner.1..<(inner.1 + inner.3) {
        for x in inner.0..<(inner.0 + inner.2) {
          let d = (Double((x - cx) * (x - cx) + (y - cy) * (y - cy))).squareRoot()
          let coverage = min(max(radius - d, 0), 1)
          if coverage > 0 { buffer.set(x, y, r: r, g: g, b: b, a: Int(coverage * 255)) }
        }
      }
    }
    let x = inner.0 + random.next(inner.2 / 2), y = inner.1 + random.next(inner.3 / 2)
    for yy in y..<min(y + 1 + random.next(8), inner.1 + inner.3) {
      for xx in x..<min(x + 1 + random.next(12), inner.0 + inner.2) { buffer.set(xx, yy, r: 200, g: 10, b: 90, a: 255) }
    }
    for _ in 0..<6 {
      buffer.set(
        inner.0 + random.next(inner.2), inner.1 + random.next(inner.3), r: random.next(256), g: random.next(256),
        b: random.next(256), a: 1 + random.next(255))
    }
    return buffer
  }

  /// Squared distance from each pixel to the nearest pixel at least half opaque, by looking at all of them
  /// (nil where there is none).
  static func bruteDistances(_ image: EffectPixels.Image) -> [Double?] {
    var shape: [(Int, Int)] = []
    for y in 0..<image.height {
      for x in 0..<image.width where image.data[y * image.stride + x * 4 + 3] >= 128 { shape.append((x, y)) }
    }
    var out = [Double?](repeating: nil, count: image.width * image.height)
    for y in 0..<image.height {
      for x in 0..<image.width {
        var best: Int? = nil
        for (sx, sy) in shape {
          let d = (sx - x) * (sx - x) + (sy - y) * (sy - y)
          if best == nil || d < best! { best = d }
        }
        out[y * image.width + x] = best.map(Double.init)
      }
    }
    return out
  }

  /// The stroke style as it was drawn over the whole image: every pixel's exact distance, then the same band.
  static func referenceOutline(_ image: EffectPixels.Image, color: RGBA, width: Double, opacity: Double) {
    let distance = bruteDistances(image)
    let reach = width + 1
    for y in 0..<image.height {
      let row = image.data + y * image.stride
      for x in 0..<image.width {
        guard let d2 = distance[y * image.width + x], d2 < reach * reach else { continue }
        let coverage = min(max(reach - d2.squareRoot(), 0), 1) * opacity
        if coverage <= 0 { continue }
        let p = row + x * 4
        let under = coverage * (255 - Double(p[3]))
        p[0] = (Double(p[0]) + color.b * under + 0.5).clampedByte()
        p[1] = (Double(p[1]) + color.g * under + 0.5).clampedByte()
        p[2] = (Double(p[2]) + color.r * under + 0.5).clampedByte()
        p[3] = (Double(p[3]) + under + 0.5).clampedByte()
      }
    }
  }

  /// Below the limit both column methods (16-bit rows within reach, for a band up to 40 px; parabolas in
  /// `Float`, for any band) give the exact squared distance; at or above it, something at least the limit.
  @Test(arguments: [(1.5, 1 as UInt64), (6.2, 2), (11.9, 3), (23.0, 4), (39.0, 5), (30.0, 6), (60.0, 7)])
  func distancesAreExactWithinTheLimit(width: Double, seed: UInt64) throws {
    let buffer = EffectPixelsTests.shapes(width: 71, height: 53, seed: seed)
    let image = buffer.image
    let expected = EffectPixelsTests.bruteDistances(image)
    let limit = (width + 1) * (width + 1)
    let box = try #require(EffectPixels.opaqueBox(image))
    func check<T: SquaredDistance>(_: T.Type) {
      let out = UnsafeMutablePointer<T>.allocate(capacity: image.width * image.height)
      defer { out.deallocate() }
      EffectPixels.squaredDistances(
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
    let buffer = Buffer(width: w, height: h)
    var random = Random(state: seed)
    for y in 0..<h where y % 3 != 2 {
      for _ in 0..<random.next(6) { buffer.set(random.next(w), y, r: 1, g: 2, b: 3, a: 127 + random.next(3)) }
    }
    buffer.set(0, 4, r: 0, g: 0, b: 0, a: 255)
    buffer.set(w - 1, 4, r: 0, g: 0, b: 0, a: 200)
    buffer.set(w - 1, 9, r: 0, g: 0, b: 0, a: 128)
    let image = buffer.image
    let expected = EffectPixelsTests.bruteDistances(image)
    let limit = (width + 1) * (width + 1)
    let box = try #require(EffectPixels.opaqueBox(image))
    func check<T: SquaredDistance>(_: T.Type) {
      let out = UnsafeMutablePointer<T>.allocate(capacity: w * h)
      defer { out.deallocate() }
      EffectPixels.squaredDistances(
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
    let buffer = Buffer(width: width, height: height)
    var random = Random(state: seed)
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
    let got = EffectPixels.opaqueBox(buffer.image)
    #expect(got?.minX == want?.0 && got?.minY == want?.1 && got?.maxX == want?.2 && got?.maxY == want?.3)
  }

  /// The outline on the box of the layer's pixels is the outline over the whole image, byte for byte, for
  /// bands narrow and wide, shapes far from the border or touching it, and opacities.
  @Test(arguments: [
    (0.6, 1.0, 11 as UInt64, 0), (3.2, 1.0, 12, 12), (5.5, 0.5, 13, 20), (11.9, 1.0, 14, 3), (26.0, 0.8, 15, 0),
    (40.0, 1.0, 16, 25),
  ])
  func outlineMatchesTheWholeImageOutline(width: Double, opacity: Double, seed: UInt64, margin: Int) {
    let buffer = EffectPixelsTests.shapes(width: 97, height: 83, seed: seed, margin: margin)
    let reference = buffer.copy()
    let color = RGBA(0.2, 0.9, 0.35)
    EffectPixels.outline(buffer.image, color: color, width: width, opacity: opacity)
    EffectPixelsTests.referenceOutline(reference.image, color: color, width: width, opacity: opacity)
    let got = buffer.bytes, want = reference.bytes
    let differing = (0..<got.count).filter { got[$0] != want[$0] }
    #expect(differing.isEmpty, "\(differing.count) bytes differ, the first at pixel \((differing.first ?? 0) / 4)")
    // The band is there at all.
    #expect(got != EffectPixelsTests.shapes(width: 97, height: 83, seed: seed, margin: margin).bytes)
  }

  @Test("an image with nothing half opaque gets no outline")
  func outlineOfNothing() {
    let buffer = Buffer(width: 20, height: 10)
    buffer.set(5, 5, r: 255, g: 0, b: 0, a: 127)
    let before = buffer.bytes
    EffectPixels.outline(buffer.image, color: RGBA(0, 0, 1), width: 4, opacity: 1)
    #expect(buffer.bytes == before)
  }

  /// Fill by table against its per-pixel formula, over every alpha and a few opacities.
  @Test(arguments: [1.0, 0.5, 0.333, 0])
  func fillMatchesItsFormula(opacity: Double) {
    let buffer = Buffer(width: 256, height: 3)
    for a in 0..<256 {
      buffer.set(a, 0, r: 255, g: 128, b: 0, a: a)
      buffer.set(a, 1, r: a, g: 255 - a, b: 77, a: a)
      buffer.set(a, 2, r: 0, g: 0, b: 0, a: a)
    }
    let reference = buffer.copy()
    let color = RGBA(0.1, 0.75, 0.999)
    EffectPixels.fill(buffer.image, color: color, opacity: opacity)
    let image = reference.image
    for i in 0..<(image.width * image.height) {
      let p = image.data + i * 4
      if p[3] == 0 { continue }
      let a = Double(p[3]) * opacity
      p[3] = (a + 0.5).clampedByte()
      let alpha = Double(p[3]), limit = p[3]
      p[2] = (color.r * alpha + 0.5).clampedByte(upTo: limit)
      p[1] = (color.g * alpha + 0.5).clampedByte(upTo: limit)
      p[0] = (color.b * alpha + 0.5).clampedByte(upTo: limit)
    }
    #expect(buffer.bytes == reference.bytes)
  }

  /// The ramp's loop against its per-pixel formula (the matrix applied to each pixel centre), linear and
  /// radial, with and without blending, under a rotated and scaled layer with a device offset.
  @Test(arguments: [(false, 0.0), (false, 0.4), (true, 0.0), (true, 0.75)])
  func rampMatchesItsFormula(radial: Bool, blend: Double) throws {
    let buffer = EffectPixelsTests.shapes(width: 64, height: 48, seed: 21)
    for x in 0..<64 { buffer.set(x, 47, r: 10, g: 200, b: 30, a: 255) }
    let reference = buffer.copy()
    let world = Affine(a: 1.3, b: 0.4, c: -0.35, d: 0.9, tx: 7.25, ty: -3.5)
    let toLayer = try #require(world.inverted())
    let offset = Vec2(-3, 5)
    let start = Vec2(4, 6), end = Vec2(50, 31)
    let startColor = RGBA(1, 0.2, 0), endColor = RGBA(0.1, 0.3, 0.95)
    EffectPixels.ramp(
      buffer.image, offset: offset, toLayer: toLayer, start: start, end: end, startColor: startColor,
      endColor: endColor, radial: radial, blend: blend)
    EffectPixelsTests.ramp(
      reference.image, offset: offset, toLayer: toLayer, start: start, end: end, startColor: startColor,
      endColor: endColor, radial: radial, blend: blend)
    #expect(buffer.bytes == reference.bytes)
  }

  /// Long runs of slowly changing colour (where the loop reuses a pixel over a span of t) against the formula:
  /// a wide opaque image with alpha changes in it, ramps nearly along and across the rows, radial ones, and
  /// ramps of no length.
  @Test(arguments: [
    (Vec2(0, 0), Vec2(2000, 3), false), (Vec2(5, -40), Vec2(9, 140), false), (Vec2(300, 2), Vec2(301, 2), true),
    (Vec2(-100, 0), Vec2(900, 7), true), (Vec2(7, 7), Vec2(7, 7), false), (Vec2(7, 7), Vec2(7, 7), true),
  ])
  func rampSpansMatchTheFormula(start: Vec2, end: Vec2, radial: Bool) throws {
    let buffer = Buffer(width: 700, height: 6)
    for y in 0..<6 {
      for x in 0..<700 { buffer.set(x, y, r: 0, g: 0, b: 0, a: x % 97 == 5 ? 128 : (x % 131 == 0 ? 0 : 255)) }
    }
    let reference = buffer.copy()
    let toLayer = try #require(Affine(a: 0.7, b: 0.01, c: 0.02, d: 1.1, tx: -3.25, ty: 1.5).inverted())
    let startColor = RGBA(0.811, 0.929, 0.984), endColor = RGBA(0.423, 0.780, 0.917)
    EffectPixels.ramp(
      buffer.image, offset: Vec2(2, -1), toLayer: toLayer, start: start, end: end, startColor: startColor,
      endColor: endColor, radial: radial, blend: 0)
    EffectPixelsTests.ramp(
      reference.image, offset: Vec2(2, -1), toLayer: toLayer, start: start, end: end, startColor: startColor,
      endColor: endColor, radial: radial, blend: 0)
    #expect(buffer.bytes == reference.bytes)
  }

  /// Gradient Ramp pixel by pixel, straight from its formula: the matrix applied to each pixel centre.
  static func ramp(
    _ image: EffectPixels.Image, offset: Vec2, toLayer: Affine, start: Vec2, end: Vec2, startColor: RGBA,
    endColor: RGBA, radial: Bool, blend: Double
  ) {
    let d = end - start
    let length2 = d.x * d.x + d.y * d.y
    let radius = length2.squareRoot()
    func unit(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image.data + y * image.stride + x * 4
        if p[3] == 0 { continue }
        let q = toLayer.apply(Vec2(Double(x) + 0.5 - offset.x, Double(y) + 0.5 - offset.y)) - start
        let t =
          radial
          ? (radius > 0 ? unit((q.x * q.x + q.y * q.y).squareRoot() / radius) : 1)
          : (length2 > 0 ? unit((q.x * d.x + q.y * d.y) / length2) : 0)
        let alpha = Double(p[3]), limit = p[3]
        func mixed(_ original: UInt8, _ a: Double, _ b: Double) -> UInt8 {
          let ramp = unit(a + (b - a) * t) * alpha
          return (Double(original) * blend + ramp * (1 - blend) + 0.5).clampedByte(upTo: limit)
        }
        p[2] = mixed(p[2], startColor.r, endColor.r)
        p[1] = mixed(p[1], startColor.g, endColor.g)
        p[0] = mixed(p[0], startColor.b, endColor.b)
      }
    }
  }
}
