import Testing

@testable import Raster

/// The Gradient Ramp's hoisted loop against its per-pixel formula, byte for byte.
struct GradientRampTests {
  typealias Point = (x: Double, y: Double)

  /// The inverse of `m` (as the scene's `Affine.inverted`).
  static func inverse(_ m: PixelTransform) -> PixelTransform {
    let det = m.a * m.d - m.b * m.c
    let ia = m.d / det, ib = -m.b / det, ic = -m.c / det, id = m.a / det
    return PixelTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * m.tx + ic * m.ty), ty: -(ib * m.tx + id * m.ty))
  }

  /// The ramp's loop against its per-pixel formula (the matrix applied to each pixel centre), linear and
  /// radial, with and without blending, under a rotated and scaled layer with a device offset.
  @Test(arguments: [(false, 0.0), (false, 0.4), (true, 0.0), (true, 0.75)])
  func rampMatchesItsFormula(radial: Bool, blend: Double) {
    let buffer = KernelFixtures.shapes(width: 64, height: 48, seed: 21)
    for x in 0..<64 { buffer.set(x, 47, r: 10, g: 200, b: 30, a: 255) }
    let reference = buffer.copy()
    let toLayer = Self.inverse(PixelTransform(a: 1.3, b: 0.4, c: -0.35, d: 0.9, tx: 7.25, ty: -3.5))
    let offset: Point = (-3, 5)
    let start: Point = (4, 6), end: Point = (50, 31)
    let startColor = StraightColor(1, 0.2, 0), endColor = StraightColor(0.1, 0.3, 0.95)
    GradientRamp.paint(
      buffer.image, offset: offset, toLayer: toLayer, start: start, end: end, startColor: startColor,
      endColor: endColor, radial: radial, blend: blend)
    Self.ramp(
      reference.image, offset: offset, toLayer: toLayer, start: start, end: end, startColor: startColor,
      endColor: endColor, radial: radial, blend: blend)
    #expect(buffer.bytes == reference.bytes)
    #expect(buffer.bytes != KernelFixtures.shapes(width: 64, height: 48, seed: 21).bytes)
  }

  static let spanCases: [(Double, Double, Double, Double, Bool)] = [
    (0, 0, 2000, 3, false), (5, -40, 9, 140, false), (300, 2, 301, 2, true), (-100, 0, 900, 7, true),
    (7, 7, 7, 7, false), (7, 7, 7, 7, true),
  ]

  /// Long runs of slowly changing colour (where the loop reuses a pixel over a span of t) against the formula:
  /// a wide opaque image with alpha changes in it, ramps nearly along and across the rows, radial ones, and
  /// ramps of no length.
  @Test(arguments: spanCases)
  func rampSpansMatchTheFormula(startX: Double, startY: Double, endX: Double, endY: Double, radial: Bool) {
    let buffer = TestImage(width: 700, height: 6)
    for y in 0..<6 {
      for x in 0..<700 { buffer.set(x, y, r: 0, g: 0, b: 0, a: x % 97 == 5 ? 128 : (x % 131 == 0 ? 0 : 255)) }
    }
    let reference = buffer.copy()
    let toLayer = Self.inverse(PixelTransform(a: 0.7, b: 0.01, c: 0.02, d: 1.1, tx: -3.25, ty: 1.5))
    let startColor = StraightColor(0.811, 0.929, 0.984), endColor = StraightColor(0.423, 0.780, 0.917)
    let start: Point = (startX, startY), end: Point = (endX, endY)
    GradientRamp.paint(
      buffer.image, offset: (2, -1), toLayer: toLayer, start: start, end: end, startColor: startColor,
      endColor: endColor, radial: radial, blend: 0)
    Self.ramp(
      reference.image, offset: (2, -1), toLayer: toLayer, start: start, end: end, startColor: startColor,
      endColor: endColor, radial: radial, blend: 0)
    #expect(buffer.bytes == reference.bytes)
  }

  /// Gradient Ramp pixel by pixel, straight from its formula: the matrix applied to each pixel centre.
  static func ramp(
    _ image: RasterImage, offset: Point, toLayer m: PixelTransform, start: Point, end: Point,
    startColor: StraightColor, endColor: StraightColor, radial: Bool, blend: Double
  ) {
    let d = (x: end.x - start.x, y: end.y - start.y)
    let length2 = d.x * d.x + d.y * d.y
    let radius = length2.squareRoot()
    func unit(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image.data + y * image.stride + x * 4
        if p[3] == 0 { continue }
        let px = Double(x) + 0.5 - offset.x, py = Double(y) + 0.5 - offset.y
        let q = (x: m.a * px + m.c * py + m.tx - start.x, y: m.b * px + m.d * py + m.ty - start.y)
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
