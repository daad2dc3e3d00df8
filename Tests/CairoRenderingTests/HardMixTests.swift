import Testing

@testable import CairoRendering

/// Hard Mix pixel arithmetic (premultiplied ARGB32): the golden `blend-hard-mix` shows the picture; these pin
/// down the alpha cases it cannot show.
@Suite("Hard mix")
struct HardMixTests {
  static func argb(_ a: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 { a << 24 | r << 16 | g << 8 | b }

  @Test func opaqueChannelsThreshold() {
    // (204, 51, 153) + (128, 128, 128): 332 -> 255, 179 -> 0, 281 -> 255.
    let out = LayerPainter.hardMixPixel(
      source: Self.argb(255, 204, 51, 153), backdrop: Self.argb(255, 128, 128, 128), opacity: 255)
    #expect(out == Self.argb(255, 255, 0, 255))
  }

  @Test func nothingUnderneathLeavesTheLayer() {
    let out = LayerPainter.hardMixPixel(source: Self.argb(255, 204, 51, 153), backdrop: 0, opacity: 255)
    #expect(out == Self.argb(255, 204, 51, 153))
  }

  @Test func layerOpacityMixesWithTheBackdrop() {
    // Half opacity over opaque black: cs + 0 < 1 in every channel, so the result is black at full alpha; over
    // opaque white each channel is 1, so white.
    #expect(
      LayerPainter.hardMixPixel(source: Self.argb(255, 204, 51, 153), backdrop: Self.argb(255, 0, 0, 0), opacity: 128)
        == Self.argb(255, 0, 0, 0))
    #expect(
      LayerPainter.hardMixPixel(
        source: Self.argb(255, 204, 51, 153), backdrop: Self.argb(255, 255, 255, 255), opacity: 128)
        == Self.argb(255, 255, 255, 255))
    // Over nothing: the layer at half alpha, premultiplied.
    #expect(
      LayerPainter.hardMixPixel(source: Self.argb(255, 204, 52, 154), backdrop: 0, opacity: 128)
        == Self.argb(128, 102, 26, 77))
  }

  @Test func transparentSourceKeepsTheBackdrop() {
    #expect(
      LayerPainter.hardMixPixel(source: 0, backdrop: Self.argb(200, 10, 20, 30), opacity: 255)
        == Self.argb(200, 10, 20, 30))
  }
}
