import Testing

@testable import Raster

/// Hard Mix pixel arithmetic (premultiplied ARGB32): the golden `blend-hard-mix` shows the picture; these pin
/// down the alpha cases it cannot show.
@Suite("Hard mix")
struct HardMixTests {
  static func argb(_ a: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 { a << 24 | r << 16 | g << 8 | b }

  @Test func opaqueChannelsThreshold() {
    // (204, 51, 153) + (128, 128, 128): 332 -> 255, 179 -> 0, 281 -> 255.
    let out = HardMix.pixel(
      source: Self.argb(255, 204, 51, 153), backdrop: Self.argb(255, 128, 128, 128), opacity: 255)
    #expect(out == Self.argb(255, 255, 0, 255))
  }

  @Test func nothingUnderneathLeavesTheLayer() {
    let out = HardMix.pixel(source: Self.argb(255, 204, 51, 153), backdrop: 0, opacity: 255)
    #expect(out == Self.argb(255, 204, 51, 153))
  }

  @Test func layerOpacityMixesWithTheBackdrop() {
    // Half opacity over opaque black: cs + 0 < 1 in every channel, so the result is black at full alpha; over
    // opaque white each channel is 1, so white.
    #expect(
      HardMix.pixel(source: Self.argb(255, 204, 51, 153), backdrop: Self.argb(255, 0, 0, 0), opacity: 128)
        == Self.argb(255, 0, 0, 0))
    #expect(
      HardMix.pixel(
        source: Self.argb(255, 204, 51, 153), backdrop: Self.argb(255, 255, 255, 255), opacity: 128)
        == Self.argb(255, 255, 255, 255))
    // Over nothing: the layer at half alpha, premultiplied.
    #expect(
      HardMix.pixel(source: Self.argb(255, 204, 52, 154), backdrop: 0, opacity: 128)
        == Self.argb(128, 102, 26, 77))
  }

  @Test func transparentSourceKeepsTheBackdrop() {
    #expect(
      HardMix.pixel(source: 0, backdrop: Self.argb(200, 10, 20, 30), opacity: 255)
        == Self.argb(200, 10, 20, 30))
  }

  static let offsets: [(Int, Int)] = [(0, 0), (3, -2), (-5, 4), (9, 9), (-30, 0), (0, 40)]

  /// The composite over two images placed apart: every pixel of the overlap is `pixel` of the two (a clear
  /// source pixel leaves the backdrop), every other target pixel and every source pixel untouched.
  @Test(arguments: offsets)
  func compositeCoversTheOverlapOnly(dx: Int, dy: Int) {
    let source = TestImage(width: 23, height: 17), target = TestImage(width: 31, height: 12, stride: 31 * 4 + 8)
    var random = SplitMix(state: UInt64(100 + (dx + 50) * 97 + dy + 50))
    for y in 0..<17 {
      for x in 0..<23 where random.next(5) != 0 {
        source.set(x, y, r: random.next(256), g: random.next(256), b: random.next(256), a: random.next(256))
      }
    }
    for y in 0..<12 {
      for x in 0..<31 {
        target.set(x, y, r: random.next(256), g: random.next(256), b: random.next(256), a: random.next(256))
      }
    }
    let sourceBefore = source.bytes, targetBefore = target.bytes
    HardMix.composite(source.image, onto: target.image, dx: dx, dy: dy, opacity: 200)
    #expect(source.bytes == sourceBefore)
    var wrong = 0, mixed = 0
    for y in 0..<12 {
      for x in 0..<31 {
        let i = y * target.image.stride + x * 4
        let old = targetBefore[i..<(i + 4)].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let sx = x - dx, sy = y - dy
        var want = old
        if sx >= 0, sx < 23, sy >= 0, sy < 17 {
          let s = source.image.pixels(sy)[sx]
          if s != 0 {
            want = HardMix.pixel(source: s, backdrop: old, opacity: 200)
            mixed += 1
          }
        }
        if target.image.pixels(y)[x] != want { wrong += 1 }
      }
    }
    #expect(wrong == 0)
    // Padding after each row stays as it was.
    for y in 0..<12 {
      for i in (31 * 4)..<(31 * 4 + 8) where target.bytes[y * target.image.stride + i] != 0 { wrong += 1 }
    }
    #expect(wrong == 0)
    if abs(dx) < 23 && abs(dy) < 12 { #expect(mixed > 0) }
  }
}
