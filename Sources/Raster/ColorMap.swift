#if canImport(Glibc)
import Glibc
#endif

/// Colour maps over premultiplied BGRA images (four bytes a pixel): each pixel's straight colour replaced by a
/// function of it, its alpha kept, as lottie-web's SVG filters compute them. Fill (every pixel one colour,
/// coverage scaled by an opacity), Tint (grey mapped from black to white, over the original by an amount) and
/// Tritone (grey mapped dark, mid, bright), grey being the mean of the channels in linear light.
package enum ColorMap {
  /// Calls `body` with every non-transparent pixel's straight colour (0...1) and alpha (1...255); the colour it
  /// returns replaces the pixel's, keeping its alpha.
  @inline(__always)
  static func mapColors(_ image: RasterImage, _ body: (Double, Double, Double) -> (Double, Double, Double)) {
    for y in 0..<image.height {
      let row = image.data + y * image.stride
      for x in 0..<image.width {
        let p = row + x * 4
        let a = Int(p[3])
        if a == 0 { continue }
        let inv = 1.0 / Double(a)
        let (r, g, b) = body(Double(p[2]) * inv, Double(p[1]) * inv, Double(p[0]) * inv)
        // Clamped to the alpha (premultiplied); NaN from `body` gives 0.
        let scale = Double(a), alpha = p[3]
        p[2] = (r * scale + 0.5).clampedByte(upTo: alpha)
        p[1] = (g * scale + 0.5).clampedByte(upTo: alpha)
        p[0] = (b * scale + 0.5).clampedByte(upTo: alpha)
      }
    }
  }

  /// Fill: every pixel takes the colour; coverage is scaled by the opacity (lottie-web's colour matrix). What a
  /// pixel becomes depends on its alpha alone: a table of the 256 results, looked up per pixel.
  package static func fill(_ image: RasterImage, color: StraightColor, opacity: Double) {
    var table = [UInt32](repeating: 0, count: 256)
    for a in 1..<256 {
      let limit = (Double(a) * opacity + 0.5).clampedByte()
      let alpha = Double(limit)
      let r = UInt32((color.r * alpha + 0.5).clampedByte(upTo: limit))
      let g = UInt32((color.g * alpha + 0.5).clampedByte(upTo: limit))
      let b = UInt32((color.b * alpha + 0.5).clampedByte(upTo: limit))
      table[a] = b | g << 8 | r << 16 | UInt32(limit) << 24
    }
    table.withUnsafeBufferPointer { table in
      for y in 0..<image.height {
        let pixels = UnsafeMutableRawPointer(image.data + y * image.stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<image.width {
          let a = Int(pixels[x] >> 24)
          if a != 0 { pixels[x] = table[a] }
        }
      }
    }
  }

  /// sRGB to linear light, by 8-bit value.
  static let linear: [Double] = (0..<256).map { i in
    let c = Double(i) / 255
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
  }

  /// lottie-web's grey: the mean of the channels in linear light, back to sRGB.
  @inline(__always)
  static func grey(_ r: Double, _ g: Double, _ b: Double) -> Double {
    // `c * 255 + 0.5` clamped to a byte is `min(max(c, 0), 1) * 255 + 0.5` truncated, and NaN gives 0.
    func lin(_ c: Double) -> Double { linear[Int((c * 255 + 0.5).clampedByte())] }
    let l = (lin(r) + lin(g) + lin(b)) / 3
    return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
  }

  /// Tint: grey mapped from black to white, over the original at `amount`.
  package static func tint(_ image: RasterImage, black: StraightColor, white: StraightColor, amount: Double) {
    mapColors(image) { r, g, b in
      let l = grey(r, g, b)
      let tr = black.r + (white.r - black.r) * l, tg = black.g + (white.g - black.g) * l
      let tb = black.b + (white.b - black.b) * l
      return (r + (tr - r) * amount, g + (tg - g) * amount, b + (tb - b) * amount)
    }
  }

  /// Tritone: grey mapped dark → mid → bright (a three-entry table, as lottie-web's component transfer).
  package static func tritone(_ image: RasterImage, bright: StraightColor, mid: StraightColor, dark: StraightColor) {
    mapColors(image) { r, g, b in
      let l = grey(r, g, b)
      let (from, to, f) = l < 0.5 ? (dark, mid, l * 2) : (mid, bright, l * 2 - 1)
      return (from.r + (to.r - from.r) * f, from.g + (to.g - from.g) * f, from.b + (to.b - from.b) * f)
    }
  }
}
