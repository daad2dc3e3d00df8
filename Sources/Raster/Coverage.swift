/// Coverage arithmetic for mattes and masks: inverting one-byte coverage (`A8`), turning premultiplied BGRA
/// pixels into their luma, and combining a mask's coverage into the masks before it with the modes no Cairo
/// operator has (lighten: the larger, darken: the smaller, difference: |a − c|).
package enum Coverage {
  /// How `combine` mixes a mask's coverage c into the coverage so far a.
  package enum Combination {
    /// max(a, c).
    case lighten
    /// min(a, c).
    case darken
    /// |a − c|.
    case difference
  }

  /// Replaces each byte of a one-byte image with its complement (255 − a), so that it masks by what the matte
  /// does not cover.
  package static func invert(_ image: RasterImage) {
    for y in 0..<image.height {
      let row = image.data + y * image.stride
      for x in 0..<image.width { row[x] = 255 &- row[x] }
    }
  }

  /// Replaces every channel of each premultiplied BGRA pixel with its BT.709 luma (transparent counts as
  /// black), 255 minus it when `inverted`, so that the image masks by brightness (or darkness).
  package static func convertToLuma(_ image: RasterImage, inverted: Bool) {
    for y in 0..<image.height {
      let row = image.data + y * image.stride
      for x in 0..<image.width {
        let p = row + x * 4
        let red = Int(p[2]) * 54, green = Int(p[1]) * 183, blue = Int(p[0]) * 19
        let luma = UInt8(truncatingIfNeeded: min(255, (red + green + blue + 128) >> 8))
        let l = inverted ? 255 - luma : luma
        p[0] = l
        p[1] = l
        p[2] = l
        p[3] = l
      }
    }
  }

  /// Combines the one-byte image `source` (a mask's coverage) into `target` (the masks so far), over the
  /// target's size: each byte of `target` takes, with the byte under it in `source` scaled to
  /// c = round(source * scale / 255) (halves up; `scale` in 0...255), the larger of the two (lighten), the
  /// smaller (darken) or their difference. One loop per mode and scale, with nothing in it but byte
  /// arithmetic: the compiler vectorises each.
  package static func combine(_ source: RasterImage, into target: RasterImage, _ combination: Combination, scale: Int) {
    let width = target.width, height = target.height
    let from = UnsafePointer(source.data), fromStride = source.stride
    let to = target.data, toStride = target.stride
    guard width > 0, height > 0 else { return }
    let scale = UInt16(truncatingIfNeeded: min(max(scale, 0), 255))
    // At scale 0 every c is 0: lighten and difference leave every byte as it is.
    if scale == 0, combination != .darken { return }
    switch (combination, scale == 255) {
    case (.lighten, true): combineRows(from, fromStride, to, toStride, width, height) { a, c in max(a, c) }
    case (.darken, true): combineRows(from, fromStride, to, toStride, width, height) { a, c in min(a, c) }
    case (.difference, true):
      combineRows(from, fromStride, to, toStride, width, height) { a, c in max(a, c) &- min(a, c) }
    case (.lighten, false):
      combineRows(from, fromStride, to, toStride, width, height) { a, s in max(a, scaledCoverage(s, scale)) }
    case (.darken, false):
      combineRows(from, fromStride, to, toStride, width, height) { a, s in min(a, scaledCoverage(s, scale)) }
    case (.difference, false):
      combineRows(from, fromStride, to, toStride, width, height) { a, s in
        let c = scaledCoverage(s, scale)
        return max(a, c) &- min(a, c)
      }
    }
  }

  /// round(s * scale / 255), halves up, for `scale` in 0...254: the same as `(s * scale + 127) / 255`, with
  /// the division by 255 done as `(t + (t >> 8)) >> 8` for t = s * scale + 128 (exact for t up to 65,153;
  /// here t <= 64,898), in 16 bits so that the loop vectorises (`CoverageTests` checks every case).
  @inline(__always) static func scaledCoverage(_ s: UInt8, _ scale: UInt16) -> UInt8 {
    let t = UInt16(s) &* scale &+ 128
    return UInt8(truncatingIfNeeded: (t &+ (t &>> 8)) &>> 8)
  }

  /// `to[x] = combine(to[x], from[x])` over every byte of every row.
  @inline(__always) private static func combineRows(
    _ from: UnsafePointer<UInt8>, _ fromStride: Int, _ to: UnsafeMutablePointer<UInt8>, _ toStride: Int,
    _ width: Int, _ height: Int, _ combine: (UInt8, UInt8) -> UInt8
  ) {
    for y in 0..<height {
      let src = from + y &* fromStride, dst = to + y &* toStride
      for x in 0..<width {
        dst[x] = combine(dst[x], src[x])
      }
    }
  }
}
