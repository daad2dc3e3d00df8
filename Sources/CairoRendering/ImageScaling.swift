import CCairo
import Foundation
import Lottie
import LottieScene

/// Images drawn much smaller than their pixels are first scaled down once, to about the size they are drawn
/// at, with Cairo's box filter, then drawn from that copy with bilinear sampling. Cairo's own downscaling
/// filter (a separable convolution run on every pixel of every frame) made image-heavy files several times
/// slower than the players.
///
/// The copy's scale is the drawn scale rounded up to a quarter octave (2^(k/4)), so the rest of the way is a
/// shrink by at most 0.84, where Cairo's good filter is bilinear anyway; it depends only on the frame's
/// matrix, so a render without caches makes the same copy.
enum ImageScaling {
  /// Below this drawn scale Cairo's good filter would convolve (`CAIRO_FILTER_GOOD` matches bilinear above it).
  static let threshold = 0.75

  /// The scale to shrink an image to before drawing it at `scale`, or nil to draw the image itself.
  static func stepScale(_ scale: Double) -> Double? {
    guard scale.isFinite, scale > 0, scale < threshold else { return nil }
    // No smaller than 1/64: beyond that the image is a few pixels anyway.
    let quarterOctaves = max((4 * log2(scale)).rounded(.up), -24)
    return pow(2, quarterOctaves / 4)
  }

  /// A copy of `image` shrunk by `sx` × `sy`, as a new image surface (the caller owns it).
  static func shrink(_ image: ImageSurface, sx: Double, sy: Double) -> OpaquePointer? {
    let width = (Double(image.width) * sx).roundedClampedInt(1...32767)
    let height = (Double(image.height) * sy).roundedClampedInt(1...32767)
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { return nil }
    guard let cr = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      return nil
    }
    cairo_scale(cr, Double(width) / Double(image.width), Double(height) / Double(image.height))
    cairo_set_source_surface(cr, image.surface, 0, 0)
    if let pattern = cairo_get_source(cr) {
      cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
      cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    }
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    cairo_paint(cr)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    return surface
  }
}

/// The shrunk copies of one worker's images, by image and step scale.
final class ScaledImages {
  struct Key: Hashable {
    var id: String
    var sx: Double
    var sy: Double
  }
  private var entries: [Key: CachedSurface] = [:]

  /// The copy of image `id` shrunk by (`sx`, `sy`), made now or kept from before; `temporary` is true when
  /// the caller must destroy it after use (caches off, or not kept).
  func surface(_ id: String, _ image: ImageSurface, sx: Double, sy: Double, caches: RenderCaches)
    -> (surface: OpaquePointer, temporary: Bool)?
  {
    let key = Key(id: id, sx: sx, sy: sy)
    if caches.isEnabled, let entry = entries[key], let surface = entry.surface {
      caches.touch(entry)
      return (surface, false)
    }
    guard let made = ImageScaling.shrink(image, sx: sx, sy: sy) else { return nil }
    guard caches.isEnabled else { return (made, true) }
    let entry = entries[key] ?? CachedSurface()
    entries[key] = entry
    caches.store(made, in: entry)
    guard let kept = entry.surface else { return nil }
    return (kept, false)
  }
}
