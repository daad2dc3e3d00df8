import CairoRendering
import Lottie
import Testing

@testable import TextLayout

/// A font with outlines in `chars` that lacks some characters of a text (often a template's new text): the
/// characters are drawn with a system font, and `FontLibrary.prepare` says which.
struct MissingGlyphTests {
  @Test func charactersWithoutOutlinesAreNamed() throws {
    let json = TextAnimatorTests.animation("AB A!", animators: "[]")
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "t.json")
    let notes = FontLibrary.prepare(animation, file: "t.json").diagnostics
    #expect(
      notes.map(\.description) == [
        "t.json: $.layers[0]: warning: characters 'B' '!' have no outlines in 'chars'; drawn with a system font"
      ])
    let complete = try LottieParser.parse(
      bytes: Array(TextAnimatorTests.animation("A A", animators: "[]").utf8), file: "t.json")
    #expect(FontLibrary.prepare(complete, file: "t.json").diagnostics.isEmpty)
  }
}
