/// Gaussian blur of premultiplied BGRA images (four bytes a pixel), approximated by three box blurs per axis
/// (running sums, each average rounded to the nearest 8-bit value); what falls outside the image counts as
/// transparent.
package enum Blur {
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
  package static func gaussian(_ image: RasterImage, sigmaX: Double, sigmaY: Double) {
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
  static func horizontalBox(_ image: RasterImage, radius r: Int) {
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
  static func verticalBox(_ image: RasterImage, radius r: Int) {
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
