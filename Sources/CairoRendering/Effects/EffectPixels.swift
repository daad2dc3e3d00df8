import CCairo
import Lottie
import LottieScene
import Raster

/// The effects' pixel kernels (in `Raster`) run on a group's premultiplied ARGB32 image surface: the surface's
/// pixels seen as a `RasterImage` (flushed before, marked dirty after), the effects' values in the kernels'
/// terms.
enum EffectPixels {
  /// Runs `body` on the pattern's image surface, if it has one.
  static func apply(_ pattern: OpaquePointer, _ body: (RasterImage) -> Void) {
    var surfaceOut: OpaquePointer? = nil
    guard cairo_pattern_get_surface(pattern, &surfaceOut) == CAIRO_STATUS_SUCCESS, let surface = surfaceOut,
      cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
    else { return }
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return }
    let image = RasterImage(
      data: data, width: Int(cairo_image_surface_get_width(surface)),
      height: Int(cairo_image_surface_get_height(surface)), stride: Int(cairo_image_surface_get_stride(surface)))
    guard image.width > 0, image.height > 0 else { return }
    body(image)
    cairo_surface_mark_dirty(surface)
  }

  /// Gradient Ramp over the pattern's pixels (device-aligned, with the surface's device offset): see
  /// `GradientRamp.paint`.
  static func ramp(
    _ pattern: OpaquePointer, toLayer: Affine, start: Vec2, end: Vec2, startColor: RGBA, endColor: RGBA, radial: Bool,
    blend: Double
  ) {
    var surfaceOut: OpaquePointer? = nil
    guard cairo_pattern_get_surface(pattern, &surfaceOut) == CAIRO_STATUS_SUCCESS, let surface = surfaceOut else {
      return
    }
    // Pixel = device + device offset.
    var ox = 0.0, oy = 0.0
    cairo_surface_get_device_offset(surface, &ox, &oy)
    apply(pattern) { image in
      GradientRamp.paint(
        image, offset: (ox, oy), toLayer: PixelTransform(toLayer), start: (start.x, start.y), end: (end.x, end.y),
        startColor: StraightColor(startColor), endColor: StraightColor(endColor), radial: radial, blend: blend)
    }
  }

  /// Fill: see `ColorMap.fill`.
  static func fill(_ image: RasterImage, color: RGBA, opacity: Double) {
    ColorMap.fill(image, color: StraightColor(color), opacity: opacity)
  }

  /// Tint: see `ColorMap.tint`.
  static func tint(_ image: RasterImage, black: RGBA, white: RGBA, amount: Double) {
    ColorMap.tint(image, black: StraightColor(black), white: StraightColor(white), amount: amount)
  }

  /// Tritone: see `ColorMap.tritone`.
  static func tritone(_ image: RasterImage, bright: RGBA, mid: RGBA, dark: RGBA) {
    ColorMap.tritone(image, bright: StraightColor(bright), mid: StraightColor(mid), dark: StraightColor(dark))
  }

  /// Gaussian blur: see `Blur.gaussian`.
  static func blur(_ image: RasterImage, sigmaX: Double, sigmaY: Double) {
    Blur.gaussian(image, sigmaX: sigmaX, sigmaY: sigmaY)
  }

  /// Stroke style, outside: see `Outline.draw`.
  static func outline(_ image: RasterImage, color: RGBA, width: Double, opacity: Double) {
    Outline.draw(image, color: StraightColor(color), width: width, opacity: opacity)
  }
}

extension StraightColor {
  /// The model's colour.
  init(_ color: RGBA) { self.init(color.r, color.g, color.b, color.a) }
}

extension PixelTransform {
  /// The scene's affine map.
  init(_ m: Affine) { self.init(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty) }
}
