import CCairo
import Foundation
import Lottie
import LottieScene
import Raster

/// `GradientRaster` (in `Raster`) in the scene's and Cairo's terms.
extension GradientRaster {
  /// The colour table for `stops` with every alpha scaled by `opacity` (see `table(_:opacity:)`).
  static func table(_ stops: [GradientStop], opacity: Double) -> [UInt32] {
    table(stops.map { Stop($0.offset, StraightColor($0.color)) }, opacity: opacity)
  }
}

extension GradientRaster.Geometry {
  /// The geometry of `g`; nil for a gradient Cairo should draw (see `init(radial:start:end:...)`).
  init?(_ g: GradientParameters) {
    self.init(
      radial: g.isRadial, start: (g.start.x, g.start.y), end: (g.end.x, g.end.y), highlightLength: g.highlightLength,
      highlightAngle: g.highlightAngle)
  }
}

extension PixelTransform {
  /// Cairo's matrix.
  init(_ m: cairo_matrix_t) { self.init(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0) }
}

extension PixelRect {
  /// `context`'s user space to device space, then moved so that the box's corner is the origin.
  func fromUserSpace(of context: OpaquePointer) -> cairo_matrix_t {
    var ctm = cairo_matrix_t()
    cairo_get_matrix(context, &ctm)
    var shift = cairo_matrix_t()
    cairo_matrix_init_translate(&shift, Double(-x), Double(-y))
    var matrix = cairo_matrix_t()
    cairo_matrix_multiply(&matrix, &ctm, &shift)
    return matrix
  }
}

/// One worker's gradient state: colour tables kept while their stops and opacity stay the same (bounded,
/// least recently used evicted), and the scratch for finding which pixels a path covers.
final class GradientWorkspace {
  /// Tables kept at most (4 KB each).
  static let maxTables = 64
  /// Boxes smaller than this are filled whole: finding the spans would cost more than it saves (tests lower
  /// both). A fill's spans cost a rasterisation of the path, worth it on large boxes only.
  var minimumSpanPixels = 4096
  var minimumFillSpanPixels = 65536
  /// Strokes whose reach times this is more than the box's width or height are filled whole (they cover most
  /// of it).
  var reachShare = 8.0

  /// False builds every table again (tests compare the two).
  let keepsTables: Bool
  /// False fills the whole box (tests compare the two).
  var findsSpans = true
  /// Tests: pixels of the box outside the spans are written opaque magenta, so a span that misses a pixel
  /// the path paints shows.
  var poisonsOutsideSpans = false
  /// Pixels poisoned so far (`poisonsOutsideSpans`): the spans left them out.
  private(set) var poisonedPixels = 0

  private struct Key: Hashable {
    var stops: [GradientStop]
    var opacity: Double
  }
  private var tables: [Key: (table: [UInt32], used: UInt64)] = [:]
  private var clock: UInt64 = 0
  private(set) var tablesBuilt = 0

  private var mask: UnsafeMutableRawPointer? = nil
  private var maskCapacity = 0
  private var spans: UnsafeMutablePointer<Int32>? = nil
  private var spanCapacity = 0

  init(keepsTables: Bool = true) {
    self.keepsTables = keepsTables
  }

  deinit {
    mask?.deallocate()
    spans?.deallocate()
  }

  /// `GradientRaster.table(stops, opacity:)`, kept for the next paint with the same stops and opacity.
  func table(_ stops: [GradientStop], opacity: Double) -> [UInt32] {
    clock &+= 1
    let key = Key(stops: stops, opacity: opacity)
    if keepsTables, let hit = tables[key] {
      tables[key] = (hit.table, clock)
      return hit.table
    }
    let table = GradientRaster.table(stops, opacity: opacity)
    tablesBuilt += 1
    guard keepsTables else { return table }
    if tables.count >= Self.maxTables, let oldest = tables.min(by: { $0.value.used < $1.value.used }) {
      tables.removeValue(forKey: oldest.key)
    }
    tables[key] = (table, clock)
    return table
  }

  /// Tables kept now.
  var tableCount: Int { tables.count }

  /// Per row of `box`, the columns (relative to the box, start and end as `Int32` pairs) where the current
  /// path of `context` filled (or stroked, with its current stroke) may paint: where Cairo's coverage of it is
  /// not zero, grown by a pixel each way and to the rows above and below (the path is drawn again at another
  /// origin, so its fixed-point vertices may round differently). Nil when every pixel should be filled (a
  /// small box, or Cairo failed). The pointer is valid until the next call.
  func coverageSpans(of context: OpaquePointer, box: PixelRect, stroke: Bool) -> UnsafePointer<Int32>? {
    guard findsSpans, box.width * box.height >= (stroke ? minimumSpanPixels : minimumFillSpanPixels),
      let width = Int32(exactly: box.width), let height = Int32(exactly: box.height)
    else { return nil }
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, width))
    guard stride >= box.width else { return nil }
    let bytes = stride * box.height
    if bytes > maskCapacity {
      mask?.deallocate()
      let capacity = max(bytes, maskCapacity + maskCapacity / 2)
      mask = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
      maskCapacity = capacity
    }
    guard let mask else { return nil }
    memset(mask, 0, bytes)
    guard
      let surface = cairo_image_surface_create_for_data(
        mask.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_A8, width, height, Int32(stride))
    else { return nil }
    defer { cairo_surface_destroy(surface) }
    guard let cr = cairo_create(surface) else { return nil }
    defer { cairo_destroy(cr) }
    guard let path = cairo_copy_path(context) else { return nil }
    defer { cairo_path_destroy(path) }
    guard path.pointee.status == CAIRO_STATUS_SUCCESS, cairo_status(cr) == CAIRO_STATUS_SUCCESS else { return nil }
    // The path's user space, moved so that the box's corner is the mask's origin.
    var matrix = box.fromUserSpace(of: context)
    cairo_set_matrix(cr, &matrix)
    cairo_append_path(cr, path)
    cairo_set_tolerance(cr, cairo_get_tolerance(context))
    cairo_set_antialias(cr, cairo_get_antialias(context))
    if stroke {
      cairo_set_line_width(cr, cairo_get_line_width(context))
      cairo_set_line_cap(cr, cairo_get_line_cap(context))
      cairo_set_line_join(cr, cairo_get_line_join(context))
      cairo_set_miter_limit(cr, cairo_get_miter_limit(context))
      let count = cairo_get_dash_count(context)
      if count > 0 {
        var dashes = [Double](repeating: 0, count: Int(count))
        var offset = 0.0
        dashes.withUnsafeMutableBufferPointer { cairo_get_dash(context, $0.baseAddress, &offset) }
        cairo_set_dash(cr, dashes, count, offset)
      }
      cairo_stroke(cr)
    } else {
      cairo_set_fill_rule(cr, cairo_get_fill_rule(context))
      cairo_fill(cr)
    }
    cairo_surface_flush(surface)
    guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else { return nil }

    guard let spans = spanBuffer(rows: box.height) else { return nil }
    GradientRaster.coverageSpans(
      of: RasterImage(
        data: mask.assumingMemoryBound(to: UInt8.self), width: box.width, height: box.height, stride: stride),
      into: spans)
    return UnsafePointer(spans)
  }

  /// Per row of `box`, the columns (relative to the box, start and end as `Int32` pairs) that the current path
  /// of `context` stroked with its current stroke may paint: those within the stroke's reach of the path,
  /// flattened, in device space (half the width times the miter limit, or 1.5 for square caps, taken through
  /// the matrix's largest stretch, and 1.5 pixels more for antialiasing and the flattening's tolerance). A
  /// thin diagonal stroke covers a few pixels of each row of its bounding box. Nil when every pixel should be
  /// filled (a small box, or Cairo failed). The pointer is valid until the next call.
  func strokeSpans(of context: OpaquePointer, box: PixelRect) -> UnsafePointer<Int32>? {
    guard findsSpans, box.width * box.height >= minimumSpanPixels, let spans = spanBuffer(rows: box.height),
      let path = cairo_copy_path_flat(context)
    else { return nil }
    defer { cairo_path_destroy(path) }
    guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return nil }
    var m = cairo_matrix_t()
    cairo_get_matrix(context, &m)
    let stretch = (m.xx * m.xx + m.xy * m.xy + m.yx * m.yx + m.yy * m.yy).squareRoot()
    let reach = cairo_get_line_width(context) / 2 * max(cairo_get_miter_limit(context), 1.5) * stretch + 1.5
    // A stroke whose reach is a good share of the box covers most of it: finding spans would not pay.
    guard reach.isFinite, reachShare * reach < Double(min(box.width, box.height)) else { return nil }
    let width = Double(box.width), height = box.height
    for row in 0..<height {
      spans[2 * row] = Int32(truncatingIfNeeded: box.width)
      spans[2 * row + 1] = 0
    }
    // Marks the columns within `reach` of segment p-q (device coordinates relative to the box) on every row
    // it comes near: the segment's x range where it crosses the row grown by the reach, then by the reach.
    func mark(_ px: Double, _ py: Double, _ qx: Double, _ qy: Double) {
      let top = min(py, qy) - reach, bottom = max(py, qy) + reach
      guard bottom >= 0, top < Double(height), min(px, qx) - reach < width, max(px, qx) + reach >= 0 else { return }
      let first = Int(max(top, 0)), last = Int(min(bottom, Double(height - 1)))  // int-audit: safe: top < height and bottom >= 0 (checked above), so both are in 0...height - 1
      let dy = qy - py
      for row in first...last {
        var x0 = px, x1 = qx
        if dy != 0 {
          // The part of the segment with y in the row [row, row + 1] grown by the reach.
          var t0 = (Double(row) - reach - py) / dy, t1 = (Double(row) + 1 + reach - py) / dy
          if t0 > t1 { swap(&t0, &t1) }
          t0 = max(t0, 0)
          t1 = min(t1, 1)
          guard t0 <= t1 else { continue }
          x0 = px + (qx - px) * t0
          x1 = px + (qx - px) * t1
        }
        let lo = max(min(x0, x1) - reach, 0), hi = min(max(x0, x1) + reach + 1, width)
        guard lo < hi else { continue }
        spans[2 * row] = min(spans[2 * row], Int32(lo))  // int-audit: safe: lo is in 0..<width
        spans[2 * row + 1] = max(spans[2 * row + 1], Int32(hi))  // int-audit: safe: hi is in 0...width
      }
    }
    var startX = 0.0, startY = 0.0, x = 0.0, y = 0.0
    var i = 0
    let count = Int(path.pointee.num_data)
    while i < count {
      let header = data[i].header
      let length = Int(header.length)
      guard length >= 1, i + length <= count else { return nil }
      func point(_ k: Int) -> (Double, Double) {
        let ux = data[i + k].point.x, uy = data[i + k].point.y
        return (m.xx * ux + m.xy * uy + m.x0 - Double(box.x), m.yx * ux + m.yy * uy + m.y0 - Double(box.y))
      }
      switch header.type {
      case CAIRO_PATH_MOVE_TO:
        guard length >= 2 else { return nil }
        (x, y) = point(1)
        (startX, startY) = (x, y)
        // A lone point still gets caps.
        mark(x, y, x, y)
      case CAIRO_PATH_LINE_TO:
        guard length >= 2 else { return nil }
        let (nx, ny) = point(1)
        guard nx.isFinite, ny.isFinite else { return nil }
        mark(x, y, nx, ny)
        (x, y) = (nx, ny)
      case CAIRO_PATH_CLOSE_PATH:
        mark(x, y, startX, startY)
        (x, y) = (startX, startY)
      default:
        // A flattened path has no curves.
        return nil
      }
      guard x.isFinite, y.isFinite else { return nil }
      i += length
    }
    return UnsafePointer(spans)
  }

  /// Room for `rows` span pairs and as many again (`coverageSpans` keeps raw spans in the second half).
  private func spanBuffer(rows: Int) -> UnsafeMutablePointer<Int32>? {
    let needed = 4 * rows
    guard needed > 0 else { return nil }
    if needed > spanCapacity {
      spans?.deallocate()
      spans = UnsafeMutablePointer<Int32>.allocate(capacity: needed)
      spanCapacity = needed
    }
    return spans
  }

  /// Writes opaque magenta into the pixels of `box` outside `spans` (see `poisonsOutsideSpans`).
  func poison(_ pixels: UnsafeMutablePointer<UInt32>, box: PixelRect, spans: UnsafePointer<Int32>) {
    for row in 0..<box.height {
      let out = pixels + row * box.width
      let lo = Int(spans[2 * row]), hi = Int(spans[2 * row + 1])
      for col in 0..<box.width where col < lo || col >= hi || lo >= hi {
        out[col] = 0xFFFF_00FF
        poisonedPixels += 1
      }
    }
  }
}

extension LayerPainter {
  /// Fills (or strokes, with the stroke already set) the current path with gradient `g`, in the current user
  /// space, as `makeGradient` with Cairo would, but computed by `GradientRaster`. Falls back to Cairo's
  /// gradients when the area is too large or the gradient degenerate.
  func paintGradient(_ g: GradientParameters, opacity: Double, stroke: Bool) {
    defer { cairo_new_path(context) }
    guard let box = gradientBox(stroke: stroke) else { return }
    var inverse = cairo_matrix_t()
    cairo_get_matrix(context, &inverse)
    guard scene.rastersGradients, !g.stops.isEmpty, box.width * box.height <= GradientRaster.maxPixels,
      let geometry = GradientRaster.Geometry(g), cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS,
      let scratch = scene.gradientScratch(pixels: box.width * box.height)
    else {
      guard let pattern = makeGradient(g, opacity: opacity) else { return }
      cairo_set_source(context, pattern)
      if stroke { cairo_stroke_preserve(context) } else { cairo_fill_preserve(context) }
      cairo_pattern_destroy(pattern)
      return
    }
    // A frame redrawn in part keeps only `compositeArea` (device pixels of this context: groups keep the
    // device space, and images of their own are drawn by painters without an area): the scratch pixels
    // outside it are composited where nothing is kept, so they are not computed (they hold whatever the
    // scratch held). The box, and so every operation's extents, stays as in a whole frame.
    let window = compositeArea
    let workspace = scene.gradientWorkspace
    let spans =
      stroke
      ? workspace.strokeSpans(of: context, box: box) : workspace.coverageSpans(of: context, box: box, stroke: false)
    workspace.table(g.stops, opacity: opacity).withUnsafeBufferPointer { table in
      GradientRaster.fill(
        geometry, inverse: PixelTransform(inverse), table: table.baseAddress!, box: box, spans: spans, window: window,
        into: scratch)
    }
    if workspace.poisonsOutsideSpans, let spans { workspace.poison(scratch, box: box, spans: spans) }
    guard
      let surface = cairo_image_surface_create_for_data(
        UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
        Int32(box.width), Int32(box.height), Int32(box.width * 4))
    else { return }
    defer { cairo_surface_destroy(surface) }
    guard let pattern = cairo_pattern_create_for_surface(surface) else { return }
    defer { cairo_pattern_destroy(pattern) }
    // Pattern space is the scratch image's pixels: device space moved to the box. The source is set under the
    // identity (a source keeps the user space in force when it is set), so that Cairo sees an exact integer
    // translation and lets pixman copy the image's pixels straight. Set in the path's user space, the
    // matrix (user to device to box) composed with Cairo's inverse of the same user space is a translation
    // only up to rounding, and pixman then fetches every pixel through a general transform (44% of
    // `merging_shapes`' instructions at 1080p). The same pixels are sampled (nearest, at pixel centres); Cairo
    // composites them by another path, which rounds a few edge pixels one level apart (26 pixels in 60 frames
    // of `shutup` at 1080p; no other corpus file at 320 px). The path is already built, and the user space is
    // back before the stroke needs it.
    var toPattern = cairo_matrix_t()
    cairo_matrix_init_translate(&toPattern, Double(-box.x), Double(-box.y))
    cairo_pattern_set_matrix(pattern, &toPattern)
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    var userSpace = cairo_matrix_t()
    cairo_get_matrix(context, &userSpace)
    cairo_identity_matrix(context)
    cairo_set_source(context, pattern)
    cairo_set_matrix(context, &userSpace)
    if stroke { cairo_stroke_preserve(context) } else { cairo_fill_preserve(context) }
  }

  /// Device pixels the current path can paint inside the clip: its bounding box (grown by the stroke's reach)
  /// and the clip's, both taken to device space. Nil when they do not meet.
  private func gradientBox(stroke: Bool) -> PixelRect? {
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
    return PixelRect(x: x, y: y, width: w, height: h)
  }
}
