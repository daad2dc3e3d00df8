import CCairo
import Foundation
import Lottie
import LottieScene
import Raster

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

  /// What a copy in device pixels is sampled from (see `LayerPainter.fillImage`).
  struct DeviceKey: Equatable {
    var id: String
    var sourceWidth: Double, sourceHeight: Double
    var w: Double, h: Double
    var world: Affine
    var rect: PixelRect
  }

  /// Copies in device pixels, a few per image, most recent last; a copy is kept only once it is asked for a
  /// second time (a copy asked for once, as under a moving matrix, would only push others out).
  private var deviceCopies: [String: [(key: DeviceKey, entry: CachedSurface?)]] = [:]
  /// Copies (or keys waiting for a second request) remembered per image.
  static let copiesPerImage = 4
  /// Copies reused so far (for tests).
  private(set) var deviceHits = 0

  /// The copy for `key`, kept from before or made now by `make`; `temporary` is true when the caller must
  /// destroy it after use (caches off, or not kept).
  func deviceCopy(_ key: DeviceKey, caches: RenderCaches, make: () -> OpaquePointer?)
    -> (surface: OpaquePointer, temporary: Bool)?
  {
    guard caches.isEnabled else { return make().map { ($0, true) } }
    var list = deviceCopies[key.id] ?? []
    let index = list.firstIndex { $0.key == key }
    if let index, let entry = list[index].entry, let surface = entry.surface {
      caches.touch(entry)
      deviceHits += 1
      list.append(list.remove(at: index))
      deviceCopies[key.id] = list
      return (surface, false)
    }
    guard let made = make() else { return nil }
    let bytes = Int(cairo_image_surface_get_stride(made)) * Int(cairo_image_surface_get_height(made))
    var result = (surface: made, temporary: true)
    var entry: CachedSurface? = nil
    if let index {
      // Asked for again: kept (unless it could never fit).
      entry = list.remove(at: index).entry ?? CachedSurface()
      if let entry, bytes <= caches.budget {
        caches.store(made, in: entry)
        if let kept = entry.surface { result = (kept, false) }
      }
    }
    list.append((key, entry))
    while list.count > Self.copiesPerImage {
      if let dropped = list.removeFirst().entry { caches.release(dropped) }
    }
    deviceCopies[key.id] = list
    return result
  }
}

/// Images drawn under a matrix that resamples them (anything but a whole-pixel translation) are first sampled
/// once into a copy in device pixels, the size of the part of the image's rectangle inside the clip, and the
/// rectangle is then filled from that copy, which Cairo composites as a plain copy. Filled straight from the
/// transformed image, Cairo's span renderer composites each scanline separately through pixman's general
/// (transformed) path, which clears a 24 KB buffer and sets up its iterators per row: 47 rotated images spent
/// most of a frame there.
///
/// The copy depends only on the image, the matrix and its device rectangle, so a worker keeps copies that are
/// asked for again with the same ones (a still image under an animated opacity, or redrawn under moving
/// layers) and a render without caches makes the same copy.
extension LayerPainter {
  /// Fills the image's rectangle (`w` × `h` user units under `world`) with `source` (an image surface of
  /// `sourceWidth` × `sourceHeight` pixels) at `opacity`: the pixels `drawContent` draws for an image layer.
  func fillImage(
    _ id: String, source: OpaquePointer, sourceWidth: Double, sourceHeight: Double, w: Double, h: Double,
    world: Affine, opacity: Double
  ) {
    guard let pattern = cairo_pattern_create_for_surface(source) else { return }
    defer { cairo_pattern_destroy(pattern) }
    // The pattern maps user space (asset units) to image pixels.
    var m = cairo_matrix_t()
    cairo_matrix_init_scale(&m, sourceWidth / max(w, 1e-9), sourceHeight / max(h, 1e-9))
    cairo_pattern_set_matrix(pattern, &m)
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
    // Smoothing samples around each pixel: padding repeats the border pixels outwards, so that a scaled-up
    // image keeps opaque edges (the fill clips to its rectangle) instead of blending in the transparent outside.
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    setMatrix(world)
    appendRectangle(w, h)
    let toPixels = Affine.scale(sourceWidth / max(w, 1e-9), sourceHeight / max(h, 1e-9))
    if let toDevice = toPixels.inverted()?.then(world), ImageScaling.resamples(toDevice),
      let rect = devicePixels(w, h, world: world)
    {
      let key = ScaledImages.DeviceKey(
        id: id, sourceWidth: sourceWidth, sourceHeight: sourceHeight, w: w, h: h, world: world, rect: rect)
      if let copy = scene.scaledImages.deviceCopy(
        key, caches: scene.caches,
        make: {
          ImageScaling.sample(
            pattern, world: world, rect: rect,
            corners: [(0, 0), (w, 0), (w, h), (0, h)].map {
              world.apply(Vec2($0.0, $0.1))
            })
        })
      {
        defer { if copy.temporary { cairo_surface_destroy(copy.surface) } }
        // The copy's device offset places its pixels where they were sampled.
        cairo_identity_matrix(context)
        cairo_set_source_surface(context, copy.surface, 0, 0)
        return fillCurrentPath(opacity: opacity)
      }
    }
    cairo_set_source(context, pattern)
    fillCurrentPath(opacity: opacity)
  }

  private func fillCurrentPath(opacity: Double) {
    if opacity < 1 {
      cairo_save(context)
      cairo_clip(context)
      cairo_paint_with_alpha(context, opacity)
      cairo_restore(context)
    } else {
      cairo_fill(context)
    }
  }

  /// The whole device pixels the current path (the image's rectangle) can cover inside the clip; nil when none.
  private func devicePixels(_ w: Double, _ h: Double, world: Affine) -> PixelRect? {
    var box = DeviceBox()
    box.addRect(w: w, h: h, world)
    guard box.isValid, let covered = PixelRect(box) else { return nil }
    // The clip's extents in device space (Cairo gives them in user space: under the identity).
    cairo_save(context)
    cairo_identity_matrix(context)
    var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
    cairo_clip_extents(context, &x0, &y0, &x1, &y1)
    cairo_restore(context)
    var clip = DeviceBox()
    clip.add(Vec2(x0, y0), pad: 0)
    clip.add(Vec2(x1, y1), pad: 0)
    guard let clipRect = PixelRect(clip), let rect = covered.intersection(clipRect),
      rect.width <= 32767, rect.height <= 32767
    else { return nil }
    return rect
  }
}

extension ImageScaling {
  /// Whether drawing image pixels under `toDevice` samples between them: anything but a translation by whole
  /// pixels, which Cairo draws as a plain copy anyway.
  static func resamples(_ toDevice: Affine) -> Bool {
    !(toDevice.a == 1 && toDevice.b == 0 && toDevice.c == 0 && toDevice.d == 1 && toDevice.tx == toDevice.tx.rounded()
      && toDevice.ty == toDevice.ty.rounded())
  }

  /// `pattern` (set up to be drawn under `world`) sampled over the device pixels `rect` that the rectangle
  /// with device `corners` can cover (the rest stays clear: a fill reads no pixel it does not cover), as a new
  /// image surface with the device offset of `rect` (the caller owns it): the colours a fill would take.
  static func sample(_ pattern: OpaquePointer, world: Affine, rect: PixelRect, corners: [Vec2]) -> OpaquePointer? {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(rect.width), Int32(rect.height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { return nil }
    cairo_surface_set_device_offset(surface, Double(-rect.x), Double(-rect.y))
    guard let cr = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      return nil
    }
    var cm = cairo_matrix_t(xx: world.a, yx: world.b, xy: world.c, yy: world.d, x0: world.tx, y0: world.ty)
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    // A turned rectangle covers about half its bounding box: sampled in bands of rows, each over the columns
    // the rectangle reaches in it (one pixman call per band, through a pixel-aligned clip).
    let turned = world.b != 0 || world.c != 0
    let bandHeight = turned ? bandRows : rect.height
    var top = rect.y
    while top < rect.y + rect.height {
      let bottom = min(top + bandHeight, rect.y + rect.height)
      if let (left, right) = turned
        ? columns(of: corners, from: Double(top), to: Double(bottom)) : (rect.x, rect.x + rect.width)
      {
        let x0 = max(left, rect.x), x1 = min(right, rect.x + rect.width)
        if x1 > x0 {
          cairo_save(cr)
          cairo_identity_matrix(cr)
          cairo_rectangle(cr, Double(x0), Double(top), Double(x1 - x0), Double(bottom - top))
          cairo_clip(cr)
          cairo_set_matrix(cr, &cm)
          cairo_set_source(cr, pattern)
          cairo_paint(cr)
          cairo_restore(cr)
        }
      }
      top = bottom
    }
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    return surface
  }

  /// Rows per band when sampling a turned image.
  static let bandRows = 16

  /// The whole columns the convex polygon `corners` reaches between rows `y0` and `y1`, a pixel wider on each
  /// side (antialiasing reaches into the pixels an edge crosses); nil when it does not reach them.
  static func columns(of corners: [Vec2], from y0: Double, to y1: Double) -> (Int, Int)? {
    var low = Double.infinity, high = -Double.infinity
    for (i, a) in corners.enumerated() {
      if a.y >= y0 && a.y <= y1 { (low, high) = (min(low, a.x), max(high, a.x)) }
      let b = corners[(i + 1) % corners.count]
      for y in [y0, y1] where (a.y - y) * (b.y - y) < 0 {
        let x = a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y)
        (low, high) = (min(low, x), max(high, x))
      }
    }
    guard low.isFinite, high.isFinite, abs(low) < 1e9, abs(high) < 1e9 else { return nil }
    return (Int(low.rounded(.down)) - 1, Int(high.rounded(.up)) + 1)  // int-audit: finite, under 1e9 (checked above)
  }
}
