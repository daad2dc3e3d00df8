import Lottie
import Testing

@testable import TextLayout

/// Preparing fonts (`FontLibrary.prepare`), without drawing: the metric-compatible stand-ins for missing
/// families and the notes they give, and the notes for fallback and undrawable characters.
struct FontPreparationTests {
  /// Helvetica, Arial and the other sans faces designers use on a Mac measure like Liberation Sans; Times
  /// like Liberation Serif, Courier like Liberation Mono (Debian's `fonts-liberation`).
  @Test(arguments: [
    ("Helvetica", "Liberation Sans"), ("Helvetica Neue", "Liberation Sans"), ("Arial", "Liberation Sans"),
    ("SF Pro Display", "Liberation Sans"), ("San Francisco", "Liberation Sans"), ("Brand Grotesk", "Liberation Sans"),
    ("Times New Roman", "Liberation Serif"), ("Courier New", "Liberation Mono"),
  ])
  func missingFamiliesGetAMetricCompatibleFace(_ family: String, _ standIn: String) throws {
    let animation = try TextSamples.animation("Hello", family: family)
    let notes = FontLibrary.prepare(animation, file: "t.json").diagnostics.map(\.description)
    #expect(notes == ["t.json: $.fonts.list: warning: font '\(family) Regular' not found; drawn with \(standIn)"])
  }

  /// The note names the face drawn, its style included, so "Helvetica Neue Bold" is not said to be drawn
  /// with the regular face.
  @Test(arguments: [
    ("Helvetica Neue", "Bold", "Liberation Sans Bold"), ("Arial", "Italic", "Liberation Sans Italic"),
    ("Times", "Bold Italic", "Liberation Serif Bold Italic"),
  ])
  func theNoteNamesTheStyleOfTheStandIn(_ family: String, _ style: String, _ face: String) throws {
    let animation = try TextSamples.animation("Hello", family: family, style: style)
    let notes = FontLibrary.prepare(animation, file: "t.json").diagnostics.map(\.description)
    #expect(notes == ["t.json: $.fonts.list: warning: font '\(family) \(style)' not found; drawn with \(face)"])
  }

  /// Characters the font lacks come from a font that has them, and `prepare` (what `check` and `info`
  /// print) says which, with the document's path; a character no installed font has is reported as such.
  @Test func fallbackAndUndrawableCharactersAreReported() throws {
    let animation = try TextSamples.animation("Go नमस्ते \u{10FFFD}", family: "Liberation Sans")
    let notes = FontLibrary.prepare(animation, file: "t.json").diagnostics.map(\.description)
    #expect(notes.count == 2, "\(notes)")
    let fallback = try #require(notes.first)
    #expect(
      fallback.hasPrefix(
        "t.json: $.layers[0].t.d.k[0].s.t: info: characters 'न' 'म' 'स्ते' are not in Liberation Sans; drawn with "))
    #expect(
      notes.last
        == "t.json: $.layers[0].t.d.k[0].s.t: warning: characters '\u{10FFFD}' cannot be drawn: no installed font has them"
    )
  }

  /// Text that every font in the chain has needs no note.
  @Test func textTheFontHasNeedsNoNote() throws {
    let animation = try TextSamples.animation("Hello", family: "Liberation Sans")
    #expect(FontLibrary.prepare(animation, file: "t.json").diagnostics.isEmpty)
  }
}
