#if canImport(Glibc)
import Glibc
#endif

/// The gradient span fill: the premultiplied BGRA pixels of a linear or radial gradient over a box of device
/// pixels, row span by row span, computed by us instead of by pixman (CairoRendering's `paintGradient` paints
/// the path with them).
///
/// pixman evaluates a gradient pixel by pixel through a general "gradient walker" (a function call and
/// float interpolation of every channel per pixel), which took 40% of the time of gradient-heavy files such as
/// `ghost`. Here the colours come from a 1024-entry table of premultiplied pixels, built with pixman's own
/// arithmetic (straight colours interpolated, then multiplied by alpha) and kept per worker while the stops
/// and opacity stay the same (`GradientWorkspace`). The gradient position is a polynomial in the pixel's
/// column on each row (linear: one multiply-add; radial: the quadratic's discriminant is itself quadratic
/// in the column, so a pixel costs two multiply-adds and a square root), evaluated only on the pixels the
/// path covers (`coverageSpans`, from the path's coverage: a thin diagonal stroke covers a few pixels of each
/// row of its bounding box). The result is written into a scratch image covering only the part of the path inside
/// the clip, which then paints the path as an ordinary image source, so the path's coverage, the clip and the
/// compositing stay Cairo's.
///
/// The semantics are Cairo's two-circle radial gradient from a focal point of radius 0 (moved along the
/// highlight angle by a share of the radius, as After Effects' highlight) to the gradient's circle, padded at
/// both ends, exactly as `makeGradient` asks Cairo for (the fallback, and what the tests compare with).
package enum GradientRaster {
  /// Entries in the colour table: a step is 1/1023 of the gradient, under a quarter of a level of 8-bit
  /// colour even for a black-to-white ramp.
  package static let tableSize = 1024
  /// Larger areas (a 4K frame is 8.3 million pixels) go to Cairo's own gradients rather than a scratch image.
  package static let maxPixels = 16_777_216

  /// One colour stop: its offset (0...1) and straight colour.
  package struct Stop {
    package var offset: Double
    package var color: StraightColor

    package init(_ offset: Double, _ color: StraightColor) {
      self.offset = offset
      self.color = color
    }
  }

  /// The colour table for `stops` with every alpha scaled by `opacity`.
  package static func table(_ stops: [Stop], opacity: Double) -> [UInt32] {
    // As Cairo takes them: offsets clamped to 0...1 and sorted (stably: stops at one offset keep their order),
    // colours clamped to 0...1 (NaN as 0).
    func unit(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
    let sorted = stops.enumerated()
      .map {
        (
          unit($0.element.offset), $0.offset,
          StraightColor(
            unit($0.element.color.r), unit($0.element.color.g), unit($0.element.color.b), unit($0.element.color.a))
        )
      }
      .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
      .map { ($0.0, $0.2) }
    var out = [UInt32](repeating: 0, count: tableSize)
    guard let first = sorted.first, let last = sorted.last else { return out }
    var segment = 0
    for i in 0..<tableSize {
      let t = Double(i) / Double(tableSize - 1)
      let color: StraightColor
      if t <= first.0 {
        color = first.1
      } else if t >= last.0 {
        color = last.1
      } else {
        while segment + 1 < sorted.count - 1 && sorted[segment + 1].0 <= t { segment += 1 }
        let (o0, c0) = sorted[segment], (o1, c1) = sorted[segment + 1]
        let f = o1 > o0 ? (t - o0) / (o1 - o0) : 1
        color = StraightColor(
          c0.r + (c1.r - c0.r) * f, c0.g + (c1.g - c0.g) * f, c0.b + (c1.b - c0.b) * f, c0.a + (c1.a - c0.a) * f)
      }
      out[i] = premultiplied(color, opacity: opacity)
    }
    return out
  }

  /// One ARGB32 pixel as pixman's gradient walker makes it: alpha on 0...255, colours times alpha, rounded.
  package static func premultiplied(_ c: StraightColor, opacity: Double) -> UInt32 {
    // `x > 0 ? ... : 0` also turns NaN into 0.
    func unit(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
    let a = unit(c.a * opacity) * 255
    func channel(_ v: Double) -> UInt32 { UInt32(min(a * unit(v) + 0.5, 255)) }  // int-audit: safe: a and unit(v) are in 0...255 and 0...1, never NaN
    return UInt32(min(a + 0.5, 255)) << 24 | channel(c.r) << 16 | channel(c.g) << 8 | channel(c.b)  // int-audit: safe: a is in 0...255, never NaN
  }

  /// Where a gradient's position `t` comes from, in its user space.
  package enum Geometry: Equatable {
    /// `t = (p - start) · k`, with `k` the direction over its squared length.
    case linear(startX: Double, startY: Double, kx: Double, ky: Double)
    /// Circles grow from the focal point `f` (radius 0) to the gradient's circle (t = 1): the largest t with
    /// |p - f - t·cd| = t·r, where `a` = |cd|² - r² < 0 because the focal point is inside.
    case radial(fx: Double, fy: Double, cdx: Double, cdy: Double, a: Double)

    /// The geometry of a gradient from `start` to `end` (radial: the centre and a point on the circle, the
    /// focal point moved along the highlight angle, in degrees from the start-to-end direction, by
    /// `highlightLength` percent of the radius, as `makeGradient` asks Cairo for). Nil for a gradient Cairo
    /// should draw: no length, or a focal point on or outside the circle.
    package init?(
      radial: Bool, start: (x: Double, y: Double), end: (x: Double, y: Double), highlightLength: Double,
      highlightAngle: Double
    ) {
      if radial {
        let radius = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
        guard radius >= 0.001 else { return nil }
        let h = min(max(highlightLength / 100, -0.99), 0.99)
        let angle = (highlightAngle * .pi / 180) + atan2(end.y - start.y, end.x - start.x)
        let fx = start.x + cos(angle) * radius * h, fy = start.y + sin(angle) * radius * h
        let cdx = start.x - fx, cdy = start.y - fy
        let a = cdx * cdx + cdy * cdy - radius * radius
        guard a < 0 else { return nil }
        self = .radial(fx: fx, fy: fy, cdx: cdx, cdy: cdy, a: a)
      } else {
        let dx = end.x - start.x, dy = end.y - start.y
        let length2 = dx * dx + dy * dy
        guard length2 > 1e-12 else { return nil }
        self = .linear(startX: start.x, startY: start.y, kx: dx / length2, ky: dy / length2)
      }
    }

    /// The gradient position at user-space point (x, y), straight from the definition (tests compare the
    /// fast fill with it).
    package func position(x: Double, y: Double) -> Double {
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
  @inline(__always) package static func index(_ scaled: Double) -> Int {
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
  package static func fill(
    _ geometry: Geometry, inverse m: PixelTransform, table: UnsafePointer<UInt32>, box: PixelRect,
    spans: UnsafePointer<Int32>?, window: PixelRect? = nil, into pixels: UnsafeMutablePointer<UInt32>
  ) {
    let last = Double(tableSize - 1)
    // User-space position of a pixel centre's steps along a row.
    let stepX = m.a, stepY = m.b
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
      let rowX = m.a * 0.5 + m.c * dy + m.tx, rowY = m.b * 0.5 + m.d * dy + m.ty
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

  // MARK: - Spans

  /// Fills `spans` (room for `4 * mask.height` values) from `mask`, a one-byte coverage image of the path drawn
  /// on the box: per row, the columns (start and end as `Int32` pairs) where the row or the rows above and
  /// below it have non-zero coverage, grown by a pixel each way (start 0 and end 0 where none has any). The
  /// second half of `spans` holds each row's first and last covered column (or width and -1).
  package static func coverageSpans(of mask: RasterImage, into spans: UnsafeMutablePointer<Int32>) {
    let width = Int32(truncatingIfNeeded: mask.width), height = mask.height, stride = mask.stride
    let raw = spans + 2 * height
    let rows = UnsafeRawPointer(mask.data)
    for row in 0..<height {
      let first = firstNonzero(rows + row * stride, count: mask.width)
      raw[2 * row] = Int32(truncatingIfNeeded: first)
      raw[2 * row + 1] = Int32(
        truncatingIfNeeded: first < mask.width ? lastNonzero(rows + row * stride, count: mask.width) : -1)
    }
    for row in 0..<height {
      var lo = Int32.max, hi = Int32.min
      for r in max(row - 1, 0)...min(row + 1, height - 1) where raw[2 * r] <= raw[2 * r + 1] {
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
}
