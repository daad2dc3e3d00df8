import Testing

@testable import CairoRendering

/// Rule L1 of the bidirectional algorithm on a wrapped line: white space that ends the line, and tabs,
/// take the paragraph's level (the reorder did rule L2 only, so a right-to-left line's trailing spaces
/// stayed inside the left-to-right run before them).
struct BidiLineTests {
  static func units(_ texts: [String], levels: [UInt8]) -> [TextUnit] {
    zip(texts, levels).map { TextUnit(text: $0, advance: 10, level: $1) }
  }

  @Test func trailingSpacesOfARightToLeftLineGoToItsEnd() {
    // "abc" then two spaces, inside a right-to-left paragraph (level 1) where they continued the
    // left-to-right run (level 2) onto the next line.
    let line = Self.units(["a", "b", "c", " ", " "], levels: [2, 2, 2, 2, 2])
    #expect(TextShaper.reorder(line, paragraphLevel: 1).map(\.text) == [" ", " ", "a", "b", "c"])
    // In a left-to-right paragraph nothing moves.
    let ltr = Self.units(["a", "b", " "], levels: [0, 0, 0])
    #expect(TextShaper.reorder(ltr, paragraphLevel: 0).map(\.text) == ["a", "b", " "])
  }

  @Test func tabsTakeTheParagraphsLevel() {
    let line = Self.units(["a", "\t", "b"], levels: [2, 2, 2])
    #expect(TextShaper.reorder(line, paragraphLevel: 1).map(\.text) == ["b", "\t", "a"])
  }
}

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
