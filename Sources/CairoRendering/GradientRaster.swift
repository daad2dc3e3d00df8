import CCairo
import Foundation
import Lottie
import LottieScene
import Raster

/// Gradient fills and strokes computed by us instead of by pixman.
///
/// pixman evaluates a gradient pixel by pixel through a general "gradient walker" (a function call and
/// float interpolation of every channel per pixel), which took 40% of the time of gradient-heavy files such as
/// `ghost`. Here the colours come from a 1024-entry table of premultiplied pixels, built with pixman's own
/// arithmetic (straight colours interpolated, then multiplied by alpha) and kept per worker while the stops
/// and opacity stay the same (`GradientWorkspace`). The gradient position is a polynomial in the pixel's
/// column on each row (linear: one multiply-add; radial: the quadratic's discriminant is itself quadratic
/// in the column, so a pixel costs two multiply-adds and a square root), evaluated only on the pixels the
/// path covers (`GradientWorkspace.coverageSpans`: a thin diagonal stroke covers a few pixels of each row of
/// its bounding box). The result is written into a scratch image covering only the part of the path inside
/// the clip, which then paints the path as an ordinary image source, so the path's coverage, the clip and the
/// compositing stay Cairo's.
///
/// The semantics are Cairo's two-circle radial gradient from a focal point of radius 0 (moved along the
/// highlight angle by a share of the radius, as After Effects' highlight) to the gradient's circle, padded at
/// both ends, exactly as `makeGradient` asks Cairo for (the fallback, and what the tests compare with).
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
      .map {
        (
          unit($0.element.offset), $0.offset,
          RGBA(unit($0.element.color.r), unit($0.element.color.g), unit($0.element.color.b), unit($0.element.color.a))
        )
      }
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
        color = RGBA(
          c0.r + (c1.r - c0.r) * f, c0.g + (c1.g - c0.g) * f, c0.b + (c1.b - c0.b) * f, c0.a + (c1.a - c0.a) * f)
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

  /// Where a gradient's position `t` comes from, in its user space.
  enum Geometry: Equatable {
    /// `t = (p - start) · k`, with `k` the direction over its squared length.
    case linear(startX: Double, startY: Double, kx: Double, ky: Double)
    /// Circles grow from the focal point `f` (radius 0) to the gradient's circle (t = 1): the largest t with
    /// |p - f - t·cd| = t·r, where `a` = |cd|² - r² < 0 because the focal point is inside.
    case radial(fx: Double, fy: Double, cdx: Double, cdy: Double, a: Double)

    /// Nil for a gradient Cairo should draw: no length, or a focal point on or outside the circle.
    init?(_ g: GradientParameters) {
      if g.isRadial {
        let radius = (g.end - g.start).length
        guard radius >= 0.001 else { return nil }
        // As `makeGradient`: the focal point moves along the highlight angle by a share of the radius.
        let h = min(max(g.highlightLength / 100, -0.99), 0.99)
        let angle = (g.highlightAngle * .pi / 180) + atan2(g.end.y - g.start.y, g.end.x - g.start.x)
        let fx = g.start.x + cos(angle) * radius * h, fy = g.start.y + sin(angle) * radius * h
        let cdx = g.start.x - fx, cdy = g.start.y - fy
        let a = cdx * cdx + cdy * cdy - radius * radius
        guard a < 0 else { return nil }
        self = .radial(fx: fx, fy: fy, cdx: cdx, cdy: cdy, a: a)
      } else {
        let dx = g.end.x - g.start.x, dy = g.end.y - g.start.y
        let length2 = dx * dx + dy * dy
        guard length2 > 1e-12 else { return nil }
        self = .linear(startX: g.start.x, startY: g.start.y, kx: dx / length2, ky: dy / length2)
      }
    }

    /// The gradient position at user-space point (x, y), straight from the definition (tests compare the
    /// fast fill with it).
    func position(x: Double, y: Double) -> Double {
      switch self {
      case .linear(let sx, let sy, let kx, let ky):
        return (x - sx) * kx + (y - sy) * ky
      case .radial(let fx, let fy, let cdx, let cdy, let a):
        let px = x - fx, py = y - fy
        let b = px * cdx + py * cdy, c = px * px + py * py
        return (b - (b * b - a * c).squareRoot()) / a
      }
    }
  }

  /// The table entry for a scaled position `t · (tableSize - 1) + 0.5`, padded at both ends (NaN, from
  /// infinite coordinates or a discriminant rounded below 0 at the focal point, gives the first).
  @inline(__always) static func index(_ scaled: Double) -> Int {
    let clamped = scaled > 0.5 ? (scaled < Double(tableSize) - 0.5 ? scaled : Double(tableSize - 1)) : 0
    return Int(clamped)  // int-audit: safe: clamped is in 0..<tableSize - 0.5 (NaN fails the first test)
  }

  /// Writes the colour of every pixel centre of `box` that `spans` names (per row, a start and an end column
  /// relative to the box, as `Int32` pairs; every pixel when nil) and that lies inside `window` (device
  /// pixels; the whole box when nil) into `pixels` (rows of `box.width`), for a gradient of `geometry` in the
  /// user space that `inverse` (device to user) gives. Other pixels are left as they are. A pixel's colour
  /// depends on its device position only, whatever the box, the spans or the window: each row's polynomial
  /// is taken at device column 0 and evaluated at the pixel's own column number (a whole number, exact in a
  /// `Double` however it is counted), so a row started at the window's edge gives the same bytes.
  static func fill(
    _ geometry: Geometry, inverse m: cairo_matrix_t, table: UnsafePointer<UInt32>, box: PixelRect,
    spans: UnsafePointer<Int32>?, window: PixelRect? = nil, into pixels: UnsafeMutablePointer<UInt32>
  ) {
    let last = Double(tableSize - 1)
    // User-space position of a pixel centre's steps along a row.
    let stepX = m.xx, stepY = m.yx
    // The window relative to the box: rows and columns outside it are not computed.
    var rows = 0..<box.height, columns = 0..<box.width
    if let window {
      let top = max(window.y - box.y, 0), bottom = min(window.y + window.height - box.y, box.height)
      let left = max(window.x - box.x, 0), right = min(window.x + window.width - box.x, box.width)
      guard top < bottom, left < right else { return }
      rows = top..<bottom
      columns = left..<right
    }
    for row in rows {
      var lo = columns.lowerBound, hi = columns.upperBound
      if let spans {
        lo = max(lo, Int(spans[2 * row]))
        hi = min(hi, Int(spans[2 * row + 1]))
      }
      guard lo < hi else { continue }
      // The centre of the row's device pixel 0 (not the box's first: see above); column X adds X steps.
      let dy = Double(box.y + row) + 0.5
      let rowX = m.xx * 0.5 + m.xy * dy + m.x0, rowY = m.yx * 0.5 + m.yy * dy + m.y0
      let out = pixels + row * box.width
      var x = Double(box.x + lo)
      switch geometry {
      case .linear(let sx, let sy, let kx, let ky):
        // t·last + 0.5 is affine in the column.
        let base = ((rowX - sx) * kx + (rowY - sy) * ky) * last + 0.5
        let step = (stepX * kx + stepY * ky) * last
        for col in lo..<hi {
          out[col] = table[index(base + x * step)]
          x += 1
        }
      case .radial(let fx, let fy, let cdx, let cdy, let a):
        // p - f = (p0 + X·s) for column X: b = p·cd is linear in X, c = |p|² quadratic, and so is the
        // discriminant b² - a·c.
        let p0 = rowX - fx, q0 = rowY - fy
        let b0 = p0 * cdx + q0 * cdy, b1 = stepX * cdx + stepY * cdy
        let c0 = p0 * p0 + q0 * q0, c1 = 2 * (p0 * stepX + q0 * stepY), c2 = stepX * stepX + stepY * stepY
        let d0 = b0 * b0 - a * c0, d1 = 2 * b0 * b1 - a * c1, d2 = b1 * b1 - a * c2
        let k = last / a
        for col in lo..<hi {
          let b = b0 + x * b1, d = d0 + x * (d1 + x * d2)
          out[col] = table[index((b - d.squareRoot()) * k + 0.5)]
          x += 1
        }
      }
    }
  }
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

    // Raw spans (first and last covered column, or w and -1) after the grown ones.
    guard let spans = spanBuffer(rows: box.height) else { return nil }
    let raw = spans + 2 * box.height
    let rows = UnsafeRawPointer(mask)
    for row in 0..<box.height {
      let first = Self.firstNonzero(rows + row * stride, count: box.width)
      raw[2 * row] = Int32(truncatingIfNeeded: first)
      raw[2 * row + 1] = Int32(
        truncatingIfNeeded: first < box.width ? Self.lastNonzero(rows + row * stride, count: box.width) : -1)
    }
    for row in 0..<box.height {
      var lo = Int32.max, hi = Int32.min
      for r in max(row - 1, 0)...min(row + 1, box.height - 1) where raw[2 * r] <= raw[2 * r + 1] {
        lo = min(lo, raw[2 * r])
        hi = max(hi, raw[2 * r + 1])
      }
      if lo <= hi {
        spans[2 * row] = max(lo - 1, 0)
        spans[2 * row + 1] = min(hi + 2, width)
      } else {
        spans[2 * row] = 0
        spans[2 * row + 1] = 0
      }
    }
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

  /// The first non-zero byte of `count` from `p`, or `count`. Eight bytes at a time.
  static func firstNonzero(_ p: UnsafeRawPointer, count: Int) -> Int {
    var i = 0
    while i + 8 <= count {
      let word = p.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      if word != 0 { return i + UInt64(littleEndian: word).trailingZeroBitCount / 8 }
      i += 8
    }
    while i < count {
      if p.load(fromByteOffset: i, as: UInt8.self) != 0 { return i }
      i += 1
    }
    return count
  }

  /// The last non-zero byte of `count` from `p`, or -1. Eight bytes at a time.
  static func lastNonzero(_ p: UnsafeRawPointer, count: Int) -> Int {
    var i = count
    while i >= 8 {
      let word = p.loadUnaligned(fromByteOffset: i - 8, as: UInt64.self)
      if word != 0 { return i - 1 - UInt64(littleEndian: word).leadingZeroBitCount / 8 }
      i -= 8
    }
    while i > 0 {
      i -= 1
      if p.load(fromByteOffset: i, as: UInt8.self) != 0 { return i }
    }
    return -1
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
        geometry, inverse: inverse, table: table.baseAddress!, box: box, spans: spans, window: window, into: scratch)
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
