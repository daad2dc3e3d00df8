import CairoRendering
import Foundation
import Raster
import TestSupport
import Testing

/// The pixel tests of `ShapingReferenceTests` can fail: our render of each string, compared with the same
/// tolerance, does not match a reference drawn by the same shaper with the defect the issue names (letters
/// unjoined or in the wrong order, digits reversed, no Indic reordering, a box for a missing glyph, an
/// emoji sequence broken into its parts, Thai broken between any two letters). `ShapingReferenceTests`
/// covers kerning and ligatures the same way (`theToleranceSeesKerningAndLigatures`).
@Suite("Shaping tolerance sees each defect", .heavy)
struct ShapingToleranceTests {
  typealias Reference = ShapingReferenceTests

  /// A defect of one of `Reference.hbCases`: the string hb-view shapes, with what hb-view is told.
  struct HBDefect: CustomTestStringConvertible, Sendable {
    var name: String
    var index: Int
    var text: String? = nil
    var arguments: [String]
    var testDescription: String { name }
  }

  static let hbDefects: [HBDefect] = [
    HBDefect(
      name: "Arabic with its letters unjoined", index: 0, arguments: ["--features=-init,-medi,-fina,-rlig,-calt"]),
    HBDefect(name: "Arabic left to right", index: 0, arguments: ["--direction=ltr"]),
    HBDefect(
      name: "Hebrew left to right, in reading order", index: 1, text: "שלום 123 עולם", arguments: ["--direction=ltr"]),
    // The whole line reversed, the number too: "321".
    HBDefect(name: "Hebrew with its digits reversed", index: 1, text: "שלום 123 עולם", arguments: ["--direction=rtl"]),
    HBDefect(
      name: "Devanagari without Indic shaping (virama shown, i-vowel after)", index: 2, arguments: ["--script=latn"]),
  ]

  @Test(.enabled(if: Reference.hbView != nil, Comment(rawValue: Reference.noHBView)), arguments: hbDefects)
  func hbViewDefectsDoNotMatch(_ defect: HBDefect) throws {
    let hbView = try #require(Reference.hbView)
    let c = Reference.hbCases[defect.index]
    let ours = try Reference.render(c.text, family: c.family, size: c.size, width: 700, height: 200)
    let broken = try hbView.hbView(
      defect.text ?? c.text,
      arguments: ["--font-file=\(c.file)", "--font-size=\(Int(c.size))", "--margin=16"] + defect.arguments)
    let comparison = InkComparison(ours, broken)
    let matches = comparison.matches(minimumOverlap: c.minimumOverlap)
    #expect(!matches, "\(defect.name) matches: \(comparison)")
  }

  /// A character the font lacks drawn as the font's box (hb-view in Liberation Sans alone).
  @Test(.enabled(if: Reference.hbView != nil, Comment(rawValue: Reference.noHBView)))
  func aBoxForAMissingCharacterDoesNotMatch() throws {
    let hbView = try #require(Reference.hbView)
    let c = try #require(Reference.browserCases.last)
    #expect(c.family == "Liberation Sans")
    let ours = try Reference.render(c.text, family: c.family, size: 48, width: 700, height: 260)
    let boxes = try hbView.hbView(
      c.text,
      arguments: ["--font-file=/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf", "--font-size=48"])
    let comparison = InkComparison(ours, boxes)
    let matches = comparison.matches(minimumOverlap: c.minimumOverlap)
    #expect(!matches, "boxes match: \(comparison)")
  }

  /// A defect of one of `Reference.browserCases`: the string Chromium draws, with more CSS.
  struct BrowserDefect: CustomTestStringConvertible, Sendable {
    var name: String
    var index: Int
    var text: String? = nil
    var style = ""
    var testDescription: String { name }
  }

  static let browserDefects: [BrowserDefect] = [
    // A zero-width non-joiner splits a sequence into its parts, as a renderer without emoji sequences draws it.
    BrowserDefect(name: "thumbs up and a separate skin-tone square", index: 0, text: "👍\u{200C}🏽"),
    BrowserDefect(name: "the family as three people", index: 1, text: "👨👩👧"),
    BrowserDefect(name: "the flag as two letters", index: 2, text: "🇯\u{200C}🇵"),
    BrowserDefect(name: "the flag as two letters in a Latin line", index: 3, text: "Hi 👋 from Tokyo 🇯\u{200C}🇵!"),
    BrowserDefect(name: "the Arabic word left to right", index: 4, style: "unicode-bidi:bidi-override;direction:ltr"),
    BrowserDefect(name: "a right-to-left line laid out left to right", index: 5, style: "direction:ltr"),
    BrowserDefect(name: "Thai broken between any two letters", index: 6, style: "word-break:break-all"),
  ]

  @Test(.enabled(if: Reference.chromium != nil, Comment(rawValue: Reference.noChromium)), arguments: browserDefects)
  func chromiumDefectsDoNotMatch(_ defect: BrowserDefect) throws {
    let chromium = try #require(Reference.chromium)
    let c = Reference.browserCases[defect.index]
    let ours = try Reference.render(c.text, family: c.family, size: 48, width: 700, height: 260, boxWidth: c.boxWidth)
    let broken = try chromium.chromium(
      defect.text ?? c.text, family: c.family, size: 48, boxWidth: c.boxWidth, width: 700, height: 260,
      style: defect.style)
    let comparison = InkComparison(ours, broken)
    let matches = comparison.matches(minimumOverlap: c.minimumOverlap, boxTolerance: c.isEmoji ? 0.1 : 0.03)
    #expect(!matches, "\(defect.name) matches: \(comparison)")
  }
}
