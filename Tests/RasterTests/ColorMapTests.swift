import Foundation
import Testing

@testable import Raster

/// The colour maps against plain per-pixel versions of their formulas, byte for byte.
struct ColorMapTests {
  /// Fill by table against its per-pixel formula, over every alpha and a few opacities.
  @Test(arguments: [1.0, 0.5, 0.333, 0])
  func fillMatchesItsFormula(opacity: Double) {
    let buffer = TestImage(width: 256, height: 3)
    for a in 0..<256 {
      buffer.set(a, 0, r: 255, g: 128, b: 0, a: a)
      buffer.set(a, 1, r: a, g: 255 - a, b: 77, a: a)
      buffer.set(a, 2, r: 0, g: 0, b: 0, a: a)
    }
    let reference = buffer.copy()
    let color = StraightColor(0.1, 0.75, 0.999)
    ColorMap.fill(buffer.image, color: color, opacity: opacity)
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
}

extension ColorMapTests {
  /// sRGB to linear light and back, from the definition.
  static func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
  static func sRGB(_ l: Double) -> Double { l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055 }

  /// The per-pixel formula of a colour map: straight colour in, `map` of it and its grey out, clamped to the
  /// alpha and premultiplied.
  static func reference(_ image: RasterImage, _ map: (Double, (Double, Double, Double)) -> (Double, Double, Double)) {
    for i in 0..<(image.width * image.height) {
      let p = image.data + (i / image.width) * image.stride + (i % image.width) * 4
      if p[3] == 0 { continue }
      let a = Double(p[3])
      // Times the reciprocal, as the kernel un-premultiplies (a division can differ in the last place).
      let inv = 1 / a
      let (r, g, b) = (Double(p[2]) * inv, Double(p[1]) * inv, Double(p[0]) * inv)
      func byteLinear(_ c: Double) -> Double { linear(Double(Int(min(max(c, 0), 1) * 255 + 0.5)) / 255) }
      let grey = sRGB((byteLinear(r) + byteLinear(g) + byteLinear(b)) / 3)
      let (nr, ng, nb) = map(grey, (r, g, b))
      func out(_ c: Double) -> UInt8 { UInt8(min(max(c * a + 0.5, 0), a)) }
      (p[2], p[1], p[0]) = (out(nr), out(ng), out(nb))
    }
  }

  static func colourful() -> TestImage {
    let buffer = TestImage(width: 256, height: 3)
    for a in 0..<256 {
      buffer.set(a, 0, r: 255, g: 128, b: 0, a: a)
      buffer.set(a, 1, r: a, g: 255 - a, b: 77, a: a)
      buffer.set(a, 2, r: (a * 7) % 256, g: (a * 13) % 256, b: (a * 29) % 256, a: 255 - a / 3)
    }
    return buffer
  }

  @Test(arguments: [1.0, 0.35, 0])
  func tintMatchesItsFormula(amount: Double) {
    let buffer = Self.colourful(), reference = buffer.copy()
    let black = StraightColor(0.1, 0.0, 0.3), white = StraightColor(1, 0.9, 0.2)
    ColorMap.tint(buffer.image, black: black, white: white, amount: amount)
    Self.reference(reference.image) { l, c in
      let t = (black.r + (white.r - black.r) * l, black.g + (white.g - black.g) * l, black.b + (white.b - black.b) * l)
      return (c.0 + (t.0 - c.0) * amount, c.1 + (t.1 - c.1) * amount, c.2 + (t.2 - c.2) * amount)
    }
    #expect(buffer.bytes == reference.bytes)
  }

  @Test func tritoneMatchesItsFormula() {
    let buffer = Self.colourful(), reference = buffer.copy()
    let bright = StraightColor(1, 1, 0.8), mid = StraightColor(0.9, 0.2, 0.3), dark = StraightColor(0, 0.05, 0.2)
    ColorMap.tritone(buffer.image, bright: bright, mid: mid, dark: dark)
    Self.reference(reference.image) { l, _ in
      let (from, to, f) = l < 0.5 ? (dark, mid, l * 2) : (mid, bright, l * 2 - 1)
      return (from.r + (to.r - from.r) * f, from.g + (to.g - from.g) * f, from.b + (to.b - from.b) * f)
    }
    #expect(buffer.bytes == reference.bytes)
    #expect(buffer.bytes != Self.colourful().bytes)
  }
}
