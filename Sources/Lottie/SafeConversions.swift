// Conversions from `Double` to `Int` that cannot trap. `Int(someDouble)` stops the process ("Double value
// cannot be converted to Int because it is outside the representable range") for NaN, infinities and
// anything beyond ±9.2e18, and every number in a Lottie file, a `--set` value or an expression's result can
// be one of those. Convert user-controlled numbers through these instead.

extension Double {
  /// The value rounded down and clamped to `range` as an `Int`; NaN gives the range's lower bound. For counts
  /// read from files, `--set` or expressions, where a huge number must not trap.
  public func clampedInt(_ range: ClosedRange<Int>) -> Int {
    guard !isNaN else { return range.lowerBound }
    let v = rounded(.down)
    if v <= Double(range.lowerBound) { return range.lowerBound }
    if v >= Double(range.upperBound) { return range.upperBound }
    return Int(v)  // int-audit: safe: NaN and values outside the range returned above
  }

  /// The value rounded to the nearest whole number (halves away from zero) and clamped to `range`; NaN gives
  /// the range's lower bound.
  public func roundedClampedInt(_ range: ClosedRange<Int>) -> Int {
    isNaN ? range.lowerBound : rounded().clampedInt(range)
  }

  /// The value as an `Int` when it is a whole number that a `Double` holds exactly (|v| < 2^53), else nil:
  /// for printing ids and counts without a decimal point ("7", not "7.0").
  public var exactWholeNumber: Int? {
    guard isFinite, self == rounded(), abs(self) < 9_007_199_254_740_992 else { return nil }
    return Int(exactly: self)
  }
}

extension Double {
  /// The value truncated toward zero and clamped to `0...limit` as a byte; NaN gives 0. For pixel channels
  /// computed from a file's colours, opacities and effect parameters (any of which can be NaN or huge), in the
  /// innermost loops: two compare-and-selects (a comparison with NaN is false, so NaN takes the `0` branch),
  /// as cheap as the `min(max(x, 0), limit)` it replaces, which passes NaN through to a trapping `UInt8(_:)`.
  /// Callers usually add 0.5 first, to round.
  @inlinable @inline(__always)
  public func clampedByte(upTo limit: UInt8 = 255) -> UInt8 {
    let top = Double(limit)
    return UInt8(self >= 0 ? (self <= top ? self : top) : 0)  // int-audit: safe: in 0...limit (NaN gives 0)
  }
}
