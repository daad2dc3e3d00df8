/// The Stroke style's outline of premultiplied BGRA images (four bytes a pixel): a band of colour under the
/// pixels within a width of the layer's pixels at least half opaque, from their Euclidean distance transform
/// (`squaredDistances`, with `SquaredDistance` doing the columns), and the box of those pixels.
package enum Outline {
  /// Stroke style, outside: every pixel within `width` of the layer's pixels (those at least half opaque) gets
  /// the colour under it, the band's outer edge antialiased by the fraction of a pixel it covers. Distances are
  /// Euclidean, so convex corners come out round.
  ///
  /// Only the box of the layer's pixels grown by the band's reach can change, and every distance that matters
  /// is to a pixel inside it: the distances are found on that box alone (the same as over the whole image), in
  /// 16-bit integers for a band up to 40 pixels (see `SquaredDistance`).
  package static func draw(_ image: RasterImage, color: StraightColor, width: Double, opacity: Double) {
    guard let shape = opaqueBox(image) else { return }
    // Between pixel centres the edge lies half a pixel in: a band of `width` reaches centres `width + 0.5` out,
    // and a pixel is covered by the part of it inside that reach.
    let reach = width + 1
    // A pixel `reach` or more from every shape pixel is untouched: it lies within `reach` of the box.
    let grow = reach.rounded(.up).clampedInt(0...1_000_000)
    let x0 = max(shape.minX - grow, 0), x1 = min(shape.maxX + grow, image.width - 1)
    let y0 = max(shape.minY - grow, 0), y1 = min(shape.maxY + grow, image.height - 1)
    let box = (x0: x0, y0: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    let rows = (shape.minY - y0)...(shape.maxY - y0)
    if grow <= Int16.narrowestReach {
      band(Int16.self, image, box: box, shapeRows: rows, color: color, reach: reach, opacity: opacity)
    } else {
      band(Float.self, image, box: box, shapeRows: rows, color: color, reach: reach, opacity: opacity)
    }
  }

  /// The outline's band over `box`, its distances held as `T`.
  private static func band<T: SquaredDistance>(
    _: T.Type, _ image: RasterImage, box: (x0: Int, y0: Int, width: Int, height: Int), shapeRows: ClosedRange<Int>,
    color: StraightColor, reach: Double, opacity: Double
  ) {
    let w = box.width, h = box.height
    let limit = reach * reach
    let distance = UnsafeMutablePointer<T>.allocate(capacity: w * h)
    defer { distance.deallocate() }
    let cap = squaredDistances(
      image, x0: box.x0, y0: box.y0, width: w, height: h, shapeRows: shapeRows, limit: limit, into: distance)
    // A distance at the cap is at or past the limit: most of the box, told apart before its pixel is read (when
    // the cap is held exactly: a `Float` one past 2^24 may not be).
    let far = T(distance: cap), farIsPast = far.value >= limit
    for y in 0..<h {
      let row = image.data + (y + box.y0) * image.stride + box.x0 * 4
      let line = distance + y * w
      for x in 0..<w {
        if farIsPast && line[x] >= far { continue }
        let p = row + x * 4
        // An opaque pixel stays as it is (nothing goes under it).
        if p[3] == 255 { continue }
        let d2 = line[x].value
        if d2 >= limit { continue }
        let coverage = min(max(reach - d2.squareRoot(), 0), 1) * opacity
        if coverage <= 0 { continue }
        let under = coverage * (255 - Double(p[3]))
        p[0] = (Double(p[0]) + color.b * under + 0.5).clampedByte()
        p[1] = (Double(p[1]) + color.g * under + 0.5).clampedByte()
        p[2] = (Double(p[2]) + color.r * under + 0.5).clampedByte()
        p[3] = (Double(p[3]) + under + 0.5).clampedByte()
      }
    }
  }

  /// Fills `out` (`width` x `height`, the image's pixels from (`x0`, `y0`)) with each pixel's squared Euclidean
  /// distance to the nearest pixel at least half opaque, exact below `limit`; a distance at or above it may come
  /// out as the returned cap (`limit` rounded up) instead. Every shape pixel lies on `shapeRows`.
  ///
  /// Rows first: along each row, the distance to its nearest shape pixel, written only within reach of one (the
  /// rest stay at the cap); then `T.columns` down the columns.
  @discardableResult
  static func squaredDistances<T: SquaredDistance>(
    _ image: RasterImage, x0: Int, y0: Int, width w: Int, height h: Int, shapeRows: ClosedRange<Int>, limit: Double,
    into out: UnsafeMutablePointer<T>
  ) -> Int {
    let cap = limit.rounded(.up).clampedInt(0...Int(Int32.max))
    let capped = T(distance: cap)
    let rows = UnsafeMutablePointer<T>.allocate(capacity: w * h)
    defer { rows.deallocate() }
    rows.initialize(repeating: capped, count: w * h)
    // A row distance of `reach` or less is under the cap; one farther is the cap, as the rows start.
    var reach = Int(Double(cap).squareRoot())  // int-audit: cap is in 0...Int32.max, so its root is finite and under 46341
    while reach > 0 && reach * reach >= cap { reach -= 1 }
    while (reach + 1) * (reach + 1) < cap { reach += 1 }
    let zero = T(distance: 0)
    let written = UnsafeMutablePointer<(first: Int, last: Int)>.allocate(capacity: h)
    defer { written.deallocate() }
    written.initialize(repeating: (w, -1), count: h)
    for y in shapeRows {
      let pixels = UnsafeRawPointer(image.data + (y + y0) * image.stride).assumingMemoryBound(to: UInt32.self) + x0
      let line = rows + y * w
      // From run to run of shape pixels (clear pixels skipped eight at a time, in four 64-bit words): only the
      // pixels of each gap within reach of its ends are written; the others keep the cap, as two full scans
      // along the row would leave them.
      var previous = -1
      var x = 0
      while true {
        while x + 8 <= w {
          let eight = UnsafeRawPointer(pixels + x)
          let any =
            eight.loadUnaligned(as: UInt64.self) | eight.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            | eight.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
            | eight.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
          if any & 0x8000_0000_8000_0000 != 0 { break }
          x += 8
        }
        while x < w, pixels[x] < 0x8000_0000 { x += 1 }
        let next = x < w ? x : -1
        let gapEnd = next < 0 ? w : next
        if previous >= 0 {
          var i = previous + 1
          while i < gapEnd && i - previous <= reach {
            line[i] = T(distance: (i - previous) * (i - previous))
            i += 1
          }
        }
        if next >= 0 {
          var i = next - 1
          while i > previous && next - i <= reach {
            let d2 = T(distance: (next - i) * (next - i))
            if d2 < line[i] { line[i] = d2 }
            i -= 1
          }
          if previous < 0 { written[y].first = max(next - reach, 0) }
          // The run of shape pixels from here, at no distance.
          var end = next
          line[next] = zero
          while end + 1 < w && pixels[end + 1] >= 0x8000_0000 {
            end += 1
            line[end] = zero
          }
          written[y].last = min(end + reach, w - 1)
          previous = end
          x = end + 1
        } else {
          break
        }
      }
    }
    T.columns(rows, width: w, height: h, shapeRows: shapeRows, cap: cap, written: written, into: out)
    return cap
  }

  /// The smallest box holding every pixel at least half opaque, in pixels (inclusive); nil when there is none.
  /// Each row is scanned from both ends, eight pixels at a time.
  static func opaqueBox(_ image: RasterImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    let w = image.width
    let top = SIMD8<UInt32>(repeating: 0x8000_0000)
    var minX = w, maxX = -1, minY = -1, maxY = -1
    for y in 0..<image.height {
      let pixels = UnsafeRawPointer(image.data + y * image.stride).assumingMemoryBound(to: UInt32.self)
      var x = 0
      while x + 8 <= w, UnsafeRawPointer(pixels + x).loadUnaligned(as: SIMD8<UInt32>.self) & top == .zero { x += 8 }
      while x < w, pixels[x] < 0x8000_0000 { x += 1 }
      guard x < w else { continue }
      let first = x
      var end = w
      while end - 8 > first, UnsafeRawPointer(pixels + end - 8).loadUnaligned(as: SIMD8<UInt32>.self) & top == .zero {
        end -= 8
      }
      while pixels[end - 1] < 0x8000_0000 { end -= 1 }
      if minY < 0 { minY = y }
      maxY = y
      minX = min(minX, first)
      maxX = max(maxX, end - 1)
    }
    return maxY < 0 ? nil : (minX, minY, maxX, maxY)
  }
}
