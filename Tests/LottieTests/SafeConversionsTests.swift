import Lottie
import Testing

/// Issue 16, item 3: the conversions that replace trapping `Int(_:)` / `UInt8(_:)` calls.
struct SafeConversionsTests {
  @Test("clampedByte truncates into 0...limit, and NaN, infinities and huge values do not trap")
  func clampedByte() {
    #expect(0.0.clampedByte() == 0)
    #expect(0.99.clampedByte() == 0)
    #expect(127.5.clampedByte() == 127)
    #expect(255.0.clampedByte() == 255)
    #expect(255.9.clampedByte() == 255)
    #expect((-0.5).clampedByte() == 0)
    #expect((-1e300).clampedByte() == 0)
    #expect(1e300.clampedByte() == 255)
    #expect(Double.nan.clampedByte() == 0)
    #expect(Double.infinity.clampedByte() == 255)
    #expect((-Double.infinity).clampedByte() == 0)
    #expect(200.7.clampedByte(upTo: 128) == 128)
    #expect(100.7.clampedByte(upTo: 128) == 100)
    #expect(Double.nan.clampedByte(upTo: 128) == 0)
    #expect(5.0.clampedByte(upTo: 0) == 0)
  }

  @Test("clampedInt and roundedClampedInt: NaN gives the lower bound, huge values the nearer bound")
  func clampedInts() {
    #expect(Double.nan.clampedInt(1...50) == 1)
    #expect(Double.nan.roundedClampedInt(0...255) == 0)
    #expect(1e300.roundedClampedInt(0...255) == 255)
    #expect((-1e300).clampedInt(-5...5) == -5)
    #expect(2.5.roundedClampedInt(0...255) == 3)
    #expect(2.7.clampedInt(0...255) == 2)
    #expect((-2.5).roundedClampedInt(-10...10) == -3)
  }
}
