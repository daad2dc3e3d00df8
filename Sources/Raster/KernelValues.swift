// The small values the kernels take, so that this module needs no other of ours: a colour, an affine map and
// the conversions from `Double` that cannot trap.

/// A colour with straight (not premultiplied) alpha, each channel nominally in 0...1 (the kernels clamp).
package struct StraightColor: Equatable {
  package var r: Double, g: Double, b: Double, a: Double

  package init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
    (self.r, self.g, self.b, self.a) = (r, g, b, a)
  }
}

/// An affine map of the plane taking (x, y) to (a·x + c·y + tx, b·x + d·y + ty), Cairo's layout (Cairo's
/// `xx, yx, xy, yy, x0, y0`).
package struct PixelTransform: Equatable {
  package var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

  package init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }
}

extension Double {
  /// The value truncated toward zero and clamped to `0...limit` as a byte; NaN gives 0 (a comparison with NaN
  /// is false). The same as `Lottie`'s, here so that this module stands alone; callers add 0.5 first to round.
  @inline(__always) func clampedByte(upTo limit: UInt8 = 255) -> UInt8 {
    let top = Double(limit)
    return UInt8(self >= 0 ? (self <= top ? self : top) : 0)  // int-audit: safe: in 0...limit (NaN gives 0)
  }

  /// The value rounded down and clamped to `range` as an `Int`; NaN gives the range's lower bound.
  func clampedInt(_ range: ClosedRange<Int>) -> Int {
    guard !isNaN else { return range.lowerBound }
    let v = rounded(.down)
    if v <= Double(range.lowerBound) { return range.lowerBound }
    if v >= Double(range.upperBound) { return range.upperBound }
    return Int(v)  // int-audit: safe: NaN and values outside the range returned above
  }
}
