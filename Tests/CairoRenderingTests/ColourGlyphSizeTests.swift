import Testing

@testable import CairoRendering

/// A colour glyph's PNG is decoded only when its header claims a sensible size (a font from an archive
/// could ask Cairo for 3.6 GB with a 30000x30000 glyph).
struct ColourGlyphSizeTests {
  /// The PNG signature and an IHDR chunk claiming `width` x `height` (RGBA, 8 bits), nothing more.
  static func header(width: UInt32, height: UInt32) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
      + [8, 6, 0, 0, 0] + be(0)
  }

  @Test func hugeGlyphPicturesAreRefusedFromTheirHeader() {
    let huge = Self.header(width: 30_000, height: 30_000)
    #expect(
      huge.withUnsafeBytes { PNGGlyphReader.declaredSize($0) }.map { [$0.width, $0.height] } == [30_000, 30_000])
    #expect(huge.withUnsafeBytes { PNGGlyphReader.decode($0) } == nil)
    let notPNG = Array("not a png at all, but long enough".utf8)
    #expect(notPNG.withUnsafeBytes { PNGGlyphReader.declaredSize($0) } == nil)
  }
}
