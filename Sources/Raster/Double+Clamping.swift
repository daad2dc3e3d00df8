// Conversions from `Double` that cannot trap, for the kernels: the same as `Lottie`'s (`SafeConversions.swift`),
// here so that this module needs no other of ours. `UInt8(someDouble)` stops the process for NaN, infinities
// and values out of range, and every colour, opacity and effect parameter of a file can be one of those.

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
