import CCairo
import Foundation
import Lottie
import Raster

/// Layer blend modes: Cairo's operators, and hard mix, which Cairo has no operator for.
extension LayerPainter {
  /// The Cairo operator that draws `mode` (normal's is OVER; hard mix has none: `compositeHardMix` draws it,
  /// and OVER is given for it).
  static func blendOperator(_ mode: BlendMode) -> cairo_operator_t {
    switch mode {
    case .normal: return CAIRO_OPERATOR_OVER
    case .multiply: return CAIRO_OPERATOR_MULTIPLY
    case .screen: return CAIRO_OPERATOR_SCREEN
    case .overlay: return CAIRO_OPERATOR_OVERLAY
    case .darken: return CAIRO_OPERATOR_DARKEN
    case .lighten: return CAIRO_OPERATOR_LIGHTEN
    case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
    case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
    case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
    case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
    case .difference: return CAIRO_OPERATOR_DIFFERENCE
    case .exclusion: return CAIRO_OPERATOR_EXCLUSION
    case .hue: return CAIRO_OPERATOR_HSL_HUE
    case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
    case .color: return CAIRO_OPERATOR_HSL_COLOR
    case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
    // lottie-web draws add and hard mix as normal (canvas and SVG lack them). The spec and After Effects add
    // the colours: Cairo's ADD on premultiplied pixels, as Skottie draws it (SkBlendMode::kPlus).
    case .add: return CAIRO_OPERATOR_ADD
    case .hardMix: return CAIRO_OPERATOR_OVER
    }
  }

  /// Composites a layer's group onto what is under it with After Effects' Hard Mix (`HardMix.composite`: Cairo
  /// has no such operator, so the pixels are combined there). Pixels outside the group are left as they are.
  func compositeHardMix(_ group: OpaquePointer, opacity: Double) {
    var source: OpaquePointer? = nil
    guard cairo_pattern_get_surface(group, &source) == CAIRO_STATUS_SUCCESS, let source,
      let target = cairo_get_group_target(context),
      cairo_surface_get_type(source) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_image_surface_get_format(source) == CAIRO_FORMAT_ARGB32,
      cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32
    else {
      // Not colour image surfaces: draw normally rather than not at all. On an alpha-only group (an alpha
      // matte's) that is exact: hard mix's alpha is the normal one, sa + ba − sa·ba.
      cairo_set_source(context, group)
      cairo_paint_with_alpha(context, opacity)
      return
    }
    cairo_surface_flush(source)
    cairo_surface_flush(target)
    // Pixel = device + device offset, on both surfaces.
    var sx = 0.0, sy = 0.0, tx = 0.0, ty = 0.0
    cairo_surface_get_device_offset(source, &sx, &sy)
    cairo_surface_get_device_offset(target, &tx, &ty)
    let dx = (tx - sx).roundedClampedInt(-(1 << 30)...(1 << 30)),
      dy = (ty - sy).roundedClampedInt(-(1 << 30)...(1 << 30))
    guard let sData = cairo_image_surface_get_data(source), let tData = cairo_image_surface_get_data(target) else {
      return
    }
    let k = UInt32((opacity * 255).roundedClampedInt(0...255))
    // Cairo keeps groups inside their target; `HardMix.composite` works on the overlap alone all the same.
    HardMix.composite(
      RasterImage(
        data: sData, width: Int(cairo_image_surface_get_width(source)),
        height: Int(cairo_image_surface_get_height(source)), stride: Int(cairo_image_surface_get_stride(source))),
      onto: RasterImage(
        data: tData, width: Int(cairo_image_surface_get_width(target)),
        height: Int(cairo_image_surface_get_height(target)), stride: Int(cairo_image_surface_get_stride(target))),
      dx: dx, dy: dy, opacity: k)
    cairo_surface_mark_dirty(target)
  }
}
