import CCairo
import Foundation
import Lottie
import LottieScene

/// Gradient fills and strokes computed by us instead of by pixman.
///
/// pixman evaluates a gradient pixel by pixel through a general "gradient walker" (a function call and
/// float interpolation of every channel per pixel), which took 40% of the time of gradient-heavy files such as
/// `ghost`. Here the colours come from a 1024-entry table of premultiplied pixels, built once per paint with
/// pixman's own arithmetic (straight colours interpolated, then multiplied by alpha), and the gradient
/// position is stepped along each row, so a pixel costs a few multiply-adds (plus a square root for radial
/// gradients). The result is written into a scratch image covering only the part of the path inside the clip,
/// which then paints the path as an ordinary image source.
struct GradientRaster {
  /// Entries in the colour table: a step is 1/1023 of the gradient, under a quarter of a level of 8-bit
  /// colour even for a black-to-white ramp.
  static let tableSize = 1024
  /// Larger areas (a 4K frame is 8.3 million pixels) go to Cairo's own gradients rather than a scratch image.
  static let maxPixels = 16_777_216

  /// The colour table for `stops` (offset, straight colour) with every alpha scaled by `opacity`.
  static func table(_ stops: [GradientStop], opacity: Double) -> [UInt32] {
    // As Cairo takes them: offsets clamped to 0...1 and sorted (stably: stops at one offset keep their order),
    // colours clamped to 0...1 (NaN as 0).
    func unit(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
    let sorted = stops.enumerated()
      .map { (unit($0.element.offset), $0.offset, RGBA(unit($0.element.color.r), unit($0.element.color.g), unit($0.element.color.b), unit($0.element.color.a))) }
      .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
      .map { ($0.0, $0.2) }
    var out = [UInt32](repeating: 0, count: tableSize)
    guard let first = sorted.first, let last = sorted.last else { return out }
    var segment = 0
    for i in 0..<tableSize {
      let t = Double(i) / Double(tableSize - 1)
      let color: RGBA
      if t <= first.0 {
        color = first.1
      } else if t >= last.0 {
        color = last.1
      } else {
        while segment + 1 < sorted.count - 1 && sorted[segment + 1].0 <= t { segment += 1 }
        let (o0, c0) = sorted[segment], (o1, c1) = sorted[segment + 1]
        let f = o1 > o0 ? (t - o0) / (o1 - o0) : 1
        color = RGBA(c0.r + (c1.r - c0.r) * f, c0.g + (c1.g - c0.g) * f, c0.b + (c1.b - c0.b) * f, c0.a + (c1.a - c0.a) * f)
      }
      out[i] = premultiplied(color, opacity: opacity)
    }
    return out
  }

  /// One ARGB32 pixel as pixman's gradient walker makes it: alpha on 0...255, colours times alpha, rounded.
  static func premultiplied(_ c: RGBA, opacity: Double) -> UInt32 {
    // `x > 0 ? ... : 0` also turns NaN into 0.
    func unit(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
    let a = unit(c.a * opacity) * 255
    func channel(_ v: Double) -> UInt32 { UInt32(min(a * unit(v) + 0.5, 255)) }  // int-audit: safe: a and unit(v) are in 0...255 and 0...1, never NaN
    return UInt32(min(a + 0.5, 255)) << 24 | channel(c.r) << 16 | channel(c.g) << 8 | channel(c.b)  // int-audit: safe: a is in 0...255, never NaN
  }
}

extension LayerPainter {
  /// Fills (or strokes, with the stroke already set) the current path with gradient `g`, in the current user
  /// space, as `makeGradient` with Cairo would, but computed by `GradientRaster`. Falls back to Cairo's
  /// gradients when the area is too large or the gradient degenerate.
  func paintGradient(_ g: GradientParameters, opacity: Double, stroke: Bool) {
    defer { cairo_new_path(context) }
    guard let box = gradientBox(stroke: stroke) else { return }
    guard scene.rastersGradients, !g.stops.isEmpty, box.width * box.height <= GradientRaster.maxPixels,
      let scratch = scene.gradientScratch(pixels: box.width * box.height),
      fillGradient(g, opacity: opacity, box: box, into: scratch)
    else {
      guard let pattern = makeGradient(g, opacity: opacity) else { return }
      cairo_set_source(context, pattern)
      if stroke { cairo_stroke_preserve(context) } else { cairo_fill_preserve(context) }
      cairo_pattern_destroy(pattern)
      return
    }
    guard
      let surface = cairo_image_surface_create_for_data(
        UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
        Int32(box.width), Int32(box.height), Int32(box.width * 4))
    else { return }
    defer { cairo_surface_destroy(surface) }
    guard let pattern = cairo_pattern_create_for_surface(surface) else { return }
    defer { cairo_pattern_destroy(pattern) }
    // Pattern space is the scratch image's pixels: user space to device space, then moved to the box.
    var ctm = cairo_matrix_t()
    cairo_get_matrix(context, &ctm)
    var shift = cairo_matrix_t()
    cairo_matrix_init_translate(&shift, Double(-box.x), Double(-box.y))
    var toPattern = cairo_matrix_t()
    cairo_matrix_multiply(&toPattern, &ctm, &shift)
    cairo_pattern_set_matrix(pattern, &toPattern)
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    cairo_set_source(context, pattern)
    if stroke { cairo_stroke_preserve(context) } else { cairo_fill_preserve(context) }
  }

  struct PixelBox {
    var x: Int, y: Int, width: Int, height: Int
  }

  /// Device pixels the current path can paint inside the clip: its bounding box (grown by the stroke's reach)
  /// and the clip's, both taken to device space. Nil when they do not meet.
  private func gradientBox(stroke: Bool) -> PixelBox? {
    var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
    cairo_path_extents(context, &x1, &y1, &x2, &y2)
    if stroke {
      // Half the width, times the miter limit for sharp joins (and √2 for square caps).
      let reach = cairo_get_line_width(context) / 2 * max(cairo_get_miter_limit(context), 1.5) + 1
      x1 -= reach
      y1 -= reach
      x2 += reach
      y2 += reach
    }
    var c1 = 0.0, d1 = 0.0, c2 = 0.0, d2 = 0.0
    cairo_clip_extents(context, &c1, &d1, &c2, &d2)
    func deviceBounds(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> (Double, Double, Double, Double) {
      var xs: [Double] = [], ys: [Double] = []
      for (ux, uy) in [(x1, y1), (x2, y1), (x1, y2), (x2, y2)] {
        var x = ux, y = uy
        cairo_user_to_device(context, &x, &y)
        xs.append(x)
        ys.append(y)
      }
      return (xs.min()!, ys.min()!, xs.max()!, ys.max()!)
    }
    let path = deviceBounds(x1, y1, x2, y2), clip = deviceBounds(c1, d1, c2, d2)
    let left = max(path.0, clip.0), top = max(path.1, clip.1)
    let right = min(path.2, clip.2), bottom = min(path.3, clip.3)
    guard left.isFinite, top.isFinite, right.isFinite, bottom.isFinite, right > left, bottom > top else { return nil }
    // Finite but possibly huge (an unbounded clip, a huge scale): clamped to ±2^30, beyond any surface, so that
    // `width * height` cannot overflow and the size check (`maxPixels`) sends such a box to Cairo.
    let limit = 1 << 30
    let x = left.clampedInt(-limit...limit), y = top.clampedInt(-limit...limit)
    let w = right.rounded(.up).clampedInt(-limit...limit) - x, h = bottom.rounded(.up).clampedInt(-limit...limit) - y
    guard w > 0, h > 0 else { return nil }
    return PixelBox(x: x, y: y, width: w, height: h)
  }

  /// Writes the gradient's colour at the centre of every pixel of `box` into `pixels` (rows of `box.width`).
  /// False for a gradient Cairo should draw (no length, or the current matrix cannot be inverted).
  private func fillGradient(
    _ g: GradientParameters, opacity: Double, box: PixelBox, into pixels: UnsafeMutablePointer<UInt32>
  ) -> Bool {
    var inverse = cairo_matrix_t()
    cairo_get_matrix(context, &inverse)
    guard cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS else { return false }
    let table = GradientRaster.table(g.stops, opacity: opacity)
    let last = Double(GradientRaster.tableSize - 1)
    // User-space position of a pixel centre, and its step along a row.
    let stepX = inverse.xx, stepY = inverse.yx
    func user(_ px: Int, _ py: Int) -> (Double, Double) {
      let dx = Double(px) + 0.5, dy = Double(py) + 0.5
      return (inverse.xx * dx + inverse.xy * dy + inverse.x0, inverse.yx * dx + inverse.yy * dy + inverse.y0)
    }
    return table.withUnsafeBufferPointer { lut -> Bool in
      let lut = lut.baseAddress!
      // Table index of `t * last + 0.5`, padded at both ends (NaN, from infinite coordinates, gives the first).
      @inline(__always) func entry(_ scaled: Double) -> UInt32 {
        lut[scaled > 0.5 ? (scaled < last + 0.5 ? Int(scaled) : GradientRaster.tableSize - 1) : 0]  // int-audit: safe: converted only in 0.5..<tableSize - 0.5 (NaN fails both tests)
      }
      @inline(__always) func color(_ t: Double) -> UInt32 { entry(t * last + 0.5) }
      if g.isRadial {
        let radius = (g.end - g.start).length
        guard radius >= 0.001 else { return false }
        // As `makeGradient`: the focal point moves along the highlight angle by a share of the radius.
        let h = min(max(g.highlightLength / 100, -0.99), 0.99)
        let angle = (g.highlightAngle * .pi / 180) + atan2(g.end.y - g.start.y, g.end.x - g.start.x)
        let fx = g.start.x + cos(angle) * radius * h, fy = g.start.y + sin(angle) * radius * h
        // Circles grow from the focal point (radius 0) to the gradient's circle (t = 1): the largest t with
        // |p - f - t·cd| = t·r, where a = |cd|² - r² < 0 because the focal point is inside.
        let cdx = g.start.x - fx, cdy = g.start.y - fy
        let a = cdx * cdx + cdy * cdy - radius * radius
        guard a < 0 else { return false }
        let inverseA = 1 / a
        for row in 0..<box.height {
          // Positions from the row's pixel 0, whatever the box: a pixel's colour does not depend on where the
          // box (the clip) starts.
          let (rowX, rowY) = user(0, box.y + row)
          let out = pixels + row * box.width
          for col in 0..<box.width {
            let x = Double(box.x + col)
            let px = rowX + x * stepX - fx, py = rowY + x * stepY - fy
            let b = px * cdx + py * cdy
            let c = px * px + py * py
            out[col] = color((b - (b * b - a * c).squareRoot()) * inverseA)
          }
        }
      } else {
        let dx = g.end.x - g.start.x, dy = g.end.y - g.start.y
        let length2 = dx * dx + dy * dy
        guard length2 > 1e-12 else { return false }
        // t is affine in the pixel position: its value at a row's start and its step along the row.
        let kx = dx / length2, ky = dy / length2
        let step = stepX * kx + stepY * ky
        for row in 0..<box.height {
          // From the row's pixel 0, whatever the box (see above).
          let (ux, uy) = user(0, box.y + row)
          let t0 = (ux - g.start.x) * kx + (uy - g.start.y) * ky
          let out = pixels + row * box.width
          for col in 0..<box.width {
            out[col] = color(t0 + Double(box.x + col) * step)
          }
        }
      }
      return true
    }
  }
}
