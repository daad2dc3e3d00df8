import CCairo
import Lottie
import Testing

@testable import CairoRendering

/// `LayerPainter.combineCoverage` (lighten, darken and difference masks) through Cairo surfaces against the
/// per-pixel formula it replaced, `(source * scale + 127) / 255` then max, min or |a - c|: every mode, every
/// pair of coverage bytes, opacities 0, 1 and between (the kernel alone: `RasterTests.CoverageTests`).
struct CoverageArithmeticTests {
  static let modes: [MaskMode] = [.none, .add, .subtract, .intersect, .lighten, .darken, .difference]
  static let opacities: [Double] = [0, 1, 0.5, 0.25, 0.7, 1.0 / 255, 2.0 / 255, 127.5 / 255, 254.0 / 255, 0.999, .nan]

  /// The loop before it was split per mode (session 21), on one pair of bytes.
  static func reference(_ a: UInt8, _ s: UInt8, mode: MaskMode, scale: Int) -> UInt8 {
    let c = (Int(s) * scale + 127) / 255
    let a = Int(a)
    let v: Int
    switch mode {
    case .lighten: v = max(a, c)
    case .darken: v = min(a, c)
    default: v = abs(a - c)
    }
    return UInt8(truncatingIfNeeded: v)
  }

  /// Every (target, source) pair: a 256x256 A8 surface pair, source byte = column, target byte = row, through
  /// the Cairo entry point (which also turns the opacity into the scale).
  @Test(arguments: modes)
  func everyPairThroughCairoSurfaces(mode: MaskMode) throws {
    for opacity in Self.opacities {
      let source = try #require(cairo_image_surface_create(CAIRO_FORMAT_A8, 256, 256))
      let target = try #require(cairo_image_surface_create(CAIRO_FORMAT_A8, 256, 256))
      defer {
        cairo_surface_destroy(source)
        cairo_surface_destroy(target)
      }
      let from = try #require(cairo_image_surface_get_data(source))
      let to = try #require(cairo_image_surface_get_data(target))
      let fromStride = Int(cairo_image_surface_get_stride(source)),
        toStride = Int(cairo_image_surface_get_stride(target))
      for y in 0..<256 {
        for x in 0..<256 {
          from[y * fromStride + x] = UInt8(x)
          to[y * toStride + x] = UInt8(y)
        }
      }
      cairo_surface_mark_dirty(source)
      cairo_surface_mark_dirty(target)
      let pattern = try #require(cairo_pattern_create_for_surface(source))
      defer { cairo_pattern_destroy(pattern) }
      #expect(LayerPainter.combineCoverage(pattern, into: target, mode: mode, opacity: opacity))
      cairo_surface_flush(target)
      let scale = (opacity * 255).roundedClampedInt(0...255)
      var wrong = 0
      for y in 0..<256 {
        for x in 0..<256
        where to[y * toStride + x] != Self.reference(UInt8(y), UInt8(x), mode: mode, scale: scale) {
          wrong += 1
        }
      }
      #expect(wrong == 0, "mode \(mode), opacity \(opacity)")
    }
  }
}
