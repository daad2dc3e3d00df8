import Testing

@testable import TextLayout

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
