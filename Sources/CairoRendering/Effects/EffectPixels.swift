import CCairo
import Foundation
import Lottie
import LottieScene

/// Pixel operations on a group's premultiplied ARGB32 image surface.
enum EffectPixels {
  struct Image {
    var data: UnsafeMutablePointer<UInt8>
    var width: Int
    var height: Int
    var stride: Int
  }

  /// `value.clampedByte(upTo: limit)`, here so that the pixel loops inline it (it is another module's): in
  /// 0...limit, NaN gives 0.
  @inline(__always) static func byte(_ value: Double, upTo limit: UInt8 = 255) -> UInt8 {
    let top = Double(limit)
    return UInt8(value >= 0 ? (value <= top ? value : top) : 0)  // int-audit: safe: in 0...limit (NaN gives 0)
  }

  /// Runs `body` on the pattern's image surface, if it has one.
  static func apply(_ pattern: OpaquePointer, _ body: (Image) -> Void) {
    var surfaceOut: OpaquePointer? = nil
    guard cairo_pattern_get_surface(pattern, &surfaceOut) == CAIRO_STATUS_SUCCESS, let surface = surfaceOut,
      cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
    else { return }
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return }
    let image = Image(
      data: data, width: Int(cairo_image_surface_get_width(surface)),
      height: Int(cairo_image_surface_get_height(surface)), stride: Int(cairo_image_surface_get_stride(surface)))
    guard image.width > 0, image.height > 0 else { return }
    body(image)
    cairo_surface_mark_dirty(surface)
  }

  /// Calls `body` with every non-transparent pixel's straight colour (0...1) and alpha (1...255); the colour it
  /// returns replaces the pixel's, keeping its alpha.
  @inline(__always)
  static func mapColors(_ image: Image, _ body: (Double, Double, Double) -> (Double, Double, Double)) {
    for y in 0..<image.height {
      let row = image.data + y * image.stride
      for x in 0..<image.width {
        let p = row + x * 4
        let a = Int(p[3])
        if a == 0 { continue }
        let inv = 1.0 / Double(a)
        let (r, g, b) = body(Double(p[2]) * inv, Double(p[1]) * inv, Double(p[0]) * inv)
        // Clamped to the alpha (premultiplied); NaN from `body` gives 0.
        let scale = Double(a), alpha = p[3]
        p[2] = byte(r * scale + 0.5, upTo: alpha)
        p[1] = byte(g * scale + 0.5, upTo: alpha)
        p[0] = byte(b * scale + 0.5, upTo: alpha)
      }
    }
  }

  /// Gradient Ramp over the pattern's pixels (device-aligned, with the surface's device offset): each pixel
  /// keeps its alpha and takes the ramp's colour at its centre, mixed with its own by `blend`. Colours are
  /// interpolated straight, clamped before the start and after the end.
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
      ramp(
        image, offset: Vec2(ox, oy), toLayer: toLayer, start: start, end: end, startColor: startColor,
        endColor: endColor, radial: radial, blend: blend)
    }
  }

  /// Gradient Ramp over `image`, whose pixel (x, y) is at device point (x, y) - `offset`.
  static func ramp(
    _ image: Image, offset: Vec2, toLayer: Affine, start: Vec2, end: Vec2, startColor: RGBA, endColor: RGBA,
    radial: Bool, blend: Double
  ) {
    let ox = offset.x, oy = offset.y
    let d = end - start
    let length2 = d.x * d.x + d.y * d.y
    let radius = length2.squareRoot()
    func unit(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
    // The per-pixel arithmetic of `toLayer.apply(pixel) - start` and of the colour mix, with what depends only on
    // the row or on the effect taken out of the loop (the same operations in the same order: the same values).
    let m = toLayer
    let (r0, g0, b0) = (startColor.r, startColor.g, startColor.b)
    let (dr, dg, db) = (endColor.r - startColor.r, endColor.g - startColor.g, endColor.b - startColor.b)
    let keep = 1 - blend
    // Without blending a pixel is the ramp's colour at its alpha: at t = 0 and t = 1, one of 256 pixels.
    let unblended = blend == 0
    func table(_ t: Double) -> [UInt32] {
      (0..<256).map { a in
        let limit = UInt8(a), alpha = Double(a)
        func pure(_ c: Double, _ delta: Double) -> UInt32 {
          UInt32(byte(unit(c + delta * t) * alpha + 0.5, upTo: limit))
        }
        return pure(b0, db) | pure(g0, dg) << 8 | pure(r0, dr) << 16 | UInt32(a) << 24
      }
    }
    let starts = unblended ? table(0) : [], ends = unblended ? table(1) : []
    // A row's ramp positions are found first, in a loop of arithmetic alone that the compiler vectorises: the
    // division (or square root) of each pixel then no longer holds up the branches that colour it.
    let divisor = radial ? radius : length2
    let raw = UnsafeMutablePointer<Double>.allocate(capacity: image.width)
    defer { raw.deallocate() }
    // A pixel's x in device space depends on its column alone: found once, not once per row.
    let columns = UnsafeMutablePointer<Double>.allocate(capacity: image.width)
    defer { columns.deallocate() }
    for x in 0..<image.width { columns[x] = Double(x) + 0.5 - ox }
    // Each channel of an unblended pixel is a monotonic function of t (every floating-point step is: rounding
    // keeps order), so two positions at the same alpha that give the same pixel give it to every t between
    // them too. `known` is such a span: where the ramp's colour changes slowly it is looked up, not computed.
    var known: (limit: UInt8, low: Double, high: Double, pixel: UInt32) = (0, 1, 0, 0)
    for y in 0..<image.height {
      let pixels = UnsafeMutableRawPointer(image.data + y * image.stride).assumingMemoryBound(to: UInt32.self)
      let py = Double(y) + 0.5 - oy
      let cy = m.c * py, dy = m.d * py
      if divisor > 0 {
        if radial {
          for x in 0..<image.width {
            let px = columns[x]
            let qx = m.a * px + cy + m.tx - start.x, qy = m.b * px + dy + m.ty - start.y
            raw[x] = (qx * qx + qy * qy).squareRoot() / divisor
          }
        } else {
          for x in 0..<image.width {
            let px = columns[x]
            let qx = m.a * px + cy + m.tx - start.x, qy = m.b * px + dy + m.ty - start.y
            raw[x] = (qx * d.x + qy * d.y) / divisor
          }
        }
      }
      for x in 0..<image.width {
        let pixel = pixels[x]
        let limit = UInt8(truncatingIfNeeded: pixel >> 24)
        if limit == 0 { continue }
        // A ramp of no length is at its end (radial) or its start (linear) everywhere.
        let t = divisor > 0 ? unit(raw[x]) : (radial ? 1 : 0)
        if unblended, limit == known.limit, t >= known.low, t <= known.high {
          pixels[x] = known.pixel
          continue
        }
        if unblended {
          let out: UInt32
          if t == 0 || t == 1 {
            // At either end the colour is the end's: its pixel depends on the alpha alone.
            out = (t == 0 ? starts : ends)[Int(limit)]
          } else {
            let alpha = Double(limit)
            // `original * 0 + ramp * 1` is `ramp`.
            @inline(__always) func pure(_ a: Double, _ delta: Double) -> UInt32 {
              UInt32(byte(unit(a + delta * t) * alpha + 0.5, upTo: limit))
            }
            out = pure(b0, db) | pure(g0, dg) << 8 | pure(r0, dr) << 16 | pixel & 0xFF00_0000
          }
          if limit == known.limit, out == known.pixel {
            known.low = min(known.low, t)
            known.high = max(known.high, t)
          } else {
            known = (limit, t, t, out)
          }
          pixels[x] = out
          continue
        }
        let alpha = Double(limit)
        @inline(__always) func mixed(_ original: UInt32, _ a: Double, _ delta: Double) -> UInt32 {
          let ramp = unit(a + delta * t) * alpha
          return UInt32(byte(Double(original & 0xFF) * blend + ramp * keep + 0.5, upTo: limit))
        }
        let r = mixed(pixel >> 16, r0, dr), g = mixed(pixel >> 8, g0, dg), b = mixed(pixel, b0, db)
        pixels[x] = b | g << 8 | r << 16 | pixel & 0xFF00_0000
      }
    }
  }

  /// Fill: every pixel takes the colour; coverage is scaled by the opacity (lottie-web's colour matrix). What a
  /// pixel becomes depends on its alpha alone: a table of the 256 results, looked up per pixel.
  static func fill(_ image: Image, color: RGBA, opacity: Double) {
    var table = [UInt32](repeating: 0, count: 256)
    for a in 1..<256 {
      let limit = (Double(a) * opacity + 0.5).clampedByte()
      let alpha = Double(limit)
      let r = UInt32((color.r * alpha + 0.5).clampedByte(upTo: limit))
      let g = UInt32((color.g * alpha + 0.5).clampedByte(upTo: limit))
      let b = UInt32((color.b * alpha + 0.5).clampedByte(upTo: limit))
      table[a] = b | g << 8 | r << 16 | UInt32(limit) << 24
    }
    table.withUnsafeBufferPointer { table in
      for y in 0..<image.height {
        let pixels = UnsafeMutableRawPointer(image.data + y * image.stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<image.width {
          let a = Int(pixels[x] >> 24)
          if a != 0 { pixels[x] = table[a] }
        }
      }
    }
  }

  /// Stroke style, outside: every pixel within `width` of the layer's pixels (those at least half opaque) gets
  /// the colour under it, the band's outer edge antialiased by the fraction of a pixel it covers. Distances are
  /// Euclidean, so convex corners come out round.
  ///
  /// Only the box of the layer's pixels grown by the band's reach can change, and every distance that matters
  /// is to a pixel inside it: the distances are found on that box alone (the same as over the whole image), in
  /// 16-bit integers for a band up to 40 pixels (see `SquaredDistance`).
  static func outline(_ image: Image, color: RGBA, width: Double, opacity: Double) {
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
    _: T.Type, _ image: Image, box: (x0: Int, y0: Int, width: Int, height: Int), shapeRows: ClosedRange<Int>,
    color: RGBA, reach: Double, opacity: Double
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
        p[0] = byte(Double(p[0]) + color.b * under + 0.5)
        p[1] = byte(Double(p[1]) + color.g * under + 0.5)
        p[2] = byte(Double(p[2]) + color.r * under + 0.5)
        p[3] = byte(Double(p[3]) + under + 0.5)
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
    _ image: Image, x0: Int, y0: Int, width w: Int, height h: Int, shapeRows: ClosedRange<Int>, limit: Double,
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
  static func opaqueBox(_ image: Image) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
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

  /// sRGB to linear light, by 8-bit value.
  static let linear: [Double] = (0..<256).map { i in
    let c = Double(i) / 255
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
  }

  /// lottie-web's grey: the mean of the channels in linear light, back to sRGB.
  @inline(__always)
  static func grey(_ r: Double, _ g: Double, _ b: Double) -> Double {
    // `c * 255 + 0.5` clamped to a byte is `min(max(c, 0), 1) * 255 + 0.5` truncated, and NaN gives 0.
    func lin(_ c: Double) -> Double { linear[Int((c * 255 + 0.5).clampedByte())] }
    let l = (lin(r) + lin(g) + lin(b)) / 3
    return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
  }

  /// Tint: grey mapped from black to white, over the original at `amount`.
  static func tint(_ image: Image, black: RGBA, white: RGBA, amount: Double) {
    mapColors(image) { r, g, b in
      let l = grey(r, g, b)
      let tr = black.r + (white.r - black.r) * l, tg = black.g + (white.g - black.g) * l
      let tb = black.b + (white.b - black.b) * l
      return (r + (tr - r) * amount, g + (tg - g) * amount, b + (tb - b) * amount)
    }
  }

  /// Tritone: grey mapped dark → mid → bright (a three-entry table, as lottie-web's component transfer).
  static func tritone(_ image: Image, bright: RGBA, mid: RGBA, dark: RGBA) {
    mapColors(image) { r, g, b in
      let l = grey(r, g, b)
      let (from, to, f) = l < 0.5 ? (dark, mid, l * 2) : (mid, bright, l * 2 - 1)
      return (from.r + (to.r - from.r) * f, from.g + (to.g - from.g) * f, from.b + (to.b - from.b) * f)
    }
  }

  /// Radii of three box blurs whose succession approximates a Gaussian of `sigma`.
  static func boxRadii(sigma: Double) -> [Int] {
    let n = 3.0
    let ideal = (12 * sigma * sigma / n + 1).squareRoot()
    var wl = ideal.clampedInt(0...1_000_000)
    if wl % 2 == 0 { wl -= 1 }
    wl = max(wl, 1)
    let wu = wl + 2
    let m = ((12 * sigma * sigma - n * Double(wl * wl) - 4 * n * Double(wl) - 3 * n) / Double(-4 * wl - 4)).rounded()
    return (0..<3).map { i in ((Double(i) < m ? wl : wu) - 1) / 2 }
  }

  /// Separable Gaussian blur approximated by three box blurs per axis, on premultiplied pixels; what
  /// falls outside the image is transparent. Each pass averages `2r + 1` pixels with running sums and rounds to
  /// the nearest 8-bit value, rows first, then columns (walked row by row, all columns at once).
  static func blur(_ image: Image, sigmaX: Double, sigmaY: Double) {
    if sigmaX >= 0.3 { for r in boxRadii(sigma: sigmaX) where r > 0 { horizontalBox(image, radius: r) } }
    if sigmaY >= 0.3 { for r in boxRadii(sigma: sigmaY) where r > 0 { verticalBox(image, radius: r) } }
  }

  /// `(x + div / 2) / div` for the sums of a box of `div` 8-bit values, by a multiplication, four channels at
  /// once: exact while `div` is under 4096 (the error, under x / 2³², stays below 1 / div).
  struct BoxAverage {
    let half: SIMD4<UInt32>
    let reciprocal: SIMD4<UInt64>
    let divisor: UInt32

    init(radius: Int) {
      divisor = UInt32(2 * radius + 1)
      half = SIMD4(repeating: divisor / 2)
      reciprocal = SIMD4(repeating: ((1 << 32) + UInt64(divisor) - 1) / UInt64(divisor))
    }

    @inline(__always) func callAsFunction(_ sum: SIMD4<UInt32>) -> UInt32 {
      let q: SIMD4<UInt64>
      if divisor < 4096 {
        q = (SIMD4<UInt64>(truncatingIfNeeded: sum &+ half) &* reciprocal) &>> 32
      } else {
        q = SIMD4<UInt64>(truncatingIfNeeded: (sum &+ half) / divisor)
      }
      return UInt32(truncatingIfNeeded: q.x) | UInt32(truncatingIfNeeded: q.y) << 8
        | UInt32(truncatingIfNeeded: q.z) << 16 | UInt32(truncatingIfNeeded: q.w) << 24
    }
  }

  /// A premultiplied pixel's four channels as lanes.
  @inline(__always) static func lanes(_ p: UInt32) -> SIMD4<UInt32> {
    SIMD4(p & 0xFF, (p >> 8) & 0xFF, (p >> 16) & 0xFF, p >> 24)
  }

  /// One horizontal box pass of `radius` over every row.
  static func horizontalBox(_ image: Image, radius r: Int) {
    let w = image.width
    let average = BoxAverage(radius: r)
    let row = UnsafeMutablePointer<SIMD4<UInt32>>.allocate(capacity: w)
    defer { row.deallocate() }
    for y in 0..<image.height {
      let pixels = UnsafeMutableRawPointer(image.data + y * image.stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<w { row[x] = lanes(pixels[x]) }
      var sum = SIMD4<UInt32>.zero
      for j in 0...min(r, w - 1) { sum &+= row[j] }
      for i in 0..<w {
        pixels[i] = average(sum)
        let add = i + r + 1
        if add < w { sum &+= row[add] }
        let remove = i - r
        if remove >= 0 { sum &-= row[remove] }
      }
    }
  }

  /// One vertical box pass of `radius` over every column, with a running sum of every column.
  static func verticalBox(_ image: Image, radius r: Int) {
    let w = image.width, h = image.height
    let average = BoxAverage(radius: r)
    let source = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
    let sums = UnsafeMutablePointer<SIMD4<UInt32>>.allocate(capacity: w)
    defer {
      source.deallocate()
      sums.deallocate()
    }
    for y in 0..<h {
      UnsafeMutableRawPointer(source + y * w).copyMemory(from: image.data + y * image.stride, byteCount: w * 4)
    }
    sums.initialize(repeating: .zero, count: w)
    for j in 0...min(r, h - 1) {
      let line = source + j * w
      for x in 0..<w { sums[x] &+= lanes(line[x]) }
    }
    for y in 0..<h {
      let out = UnsafeMutableRawPointer(image.data + y * image.stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<w { out[x] = average(sums[x]) }
      let add = y + r + 1
      if add < h {
        let line = source + add * w
        for x in 0..<w { sums[x] &+= lanes(line[x]) }
      }
      let remove = y - r
      if remove >= 0 {
        let line = source + remove * w
        for x in 0..<w { sums[x] &-= lanes(line[x]) }
      }
    }
  }
}
