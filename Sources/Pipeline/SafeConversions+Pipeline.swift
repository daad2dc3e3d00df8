// Double → Int conversions that cannot trap.
//
// `Int(someDouble)` stops the process (SIGILL, "Double value cannot be converted to Int") when the value is NaN,
// infinite or outside Int's range, and every such value can come from a hostile file (`fr` 1e-300, a marker
// lasting 1e308 frames). Pipeline code converts through `clampedInt` instead.
//
// TODO(lead): the loader branch adds `Sources/Lottie/SafeConversions.swift` with the same helper for the
// parser; once both have landed, keep one (this one is internal to Pipeline so that the two cannot clash).

/// `value` rounded toward zero and clamped to `Int`'s range; NaN gives `nanValue` (0 by default).
///
/// Use it where a saturated count is harmless because a limit is checked next (a frame count compared with
/// the frame limit); where a saturated value would be wrong, check `isFinite` and the range first.
@inline(__always)
func clampedInt(_ value: Double, nanValue: Int = 0) -> Int {
  guard !value.isNaN else { return nanValue }
  // Int.max is not representable as a Double: 2^63 rounds up to it, so compare with >=.
  if value >= 0x1p63 { return .max }
  if value < -0x1p63 { return .min }
  return Int(value)  // int-audit: safe: NaN and out-of-range values are handled above
}
