import Lottie
import Testing

@testable import TextLayout

/// What text animators count as one character (`TextUnit`): a grapheme cluster, or the clusters a required
/// ligature or an Indic syllable draws as one glyph cluster; an optional ligature comes apart when the
/// letters are animated (as browsers drop it under letter-spacing); an Arabic word animated per letter
/// keeps each letter's joined form.
struct TextUnitTests {
  /// The units of `text` in family `family` at 100 px, in reading order.
  static func units(_ text: String, family: String, ligatures: Bool = true) throws -> [TextUnit] {
    let json = #"""
      {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":400,"h":100,
       "fonts":{"list":[{"fName":"Font","fFamily":"\#(family)","fStyle":"Regular","ascent":75}]},
       "layers":[{"ty":5,"ind":1,"ip":0,"op":30,"st":0,"ks":{},
         "t":{"d":{"k":[{"t":0,"s":{"t":"\#(text)","f":"Font","s":100,"j":0,"tr":0,"lh":120,"fc":[0,0,0]}}]}}}]}
      """#
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "t.json")
    let shaper = TextShaper(animation: animation)
    let key = TextLayoutKey(text: text, fontName: "Font", size: 100, tracking: 0, boxWidth: nil, ligatures: ligatures)
    return shaper.lines(key).flatMap { $0 }.sorted { $0.logical < $1.logical }
  }

  /// Arabic lam-alef is a required ligature: one unit, in "لا" and inside "سلام".
  @Test func lamAlefIsOneUnit() throws {
    let units = try Self.units("لا سلام", family: "Noto Sans Arabic")
    #expect(units.map(\.text) == ["لا", " ", "س", "لا", "م"])
    #expect(units.allSatisfy { $0.glyphs.count == 1 })
  }

  /// "ffi" is one ligature glyph when the letters stay together, three letters when they are animated.
  @Test func anOptionalLigatureComesApartWhenAnimated() throws {
    let together = try Self.units("ffi", family: "Noto Serif")
    #expect(together.map(\.text) == ["ffi"] && together.first?.glyphs.count == 1)
    let apart = try Self.units("ffi", family: "Noto Serif", ligatures: false)
    #expect(apart.map(\.text) == ["f", "f", "i"] && apart.allSatisfy { $0.glyphs.count == 1 })
  }

  /// A Devanagari conjunct, and a syllable with its i-vowel drawn before the consonant, are one unit each.
  @Test func indicSyllablesAreOneUnit() throws {
    let units = try Self.units("क्षत्रिय हिन्दी", family: "Noto Sans Devanagari")
    #expect(units.map(\.text) == ["क्ष", "त्रि", "य", " ", "हि", "न्दी"])
    // The i-vowel's glyph comes first (drawn before its consonant), in both syllables that have it.
    let iVowel = try #require(units[1].glyphs.first?.glyph)
    #expect(units[4].glyphs.first?.glyph == iVowel && units[1].glyphs.count == 2)
  }

  /// "مرحبا" animated per letter: five units whose glyphs are the joined forms, not the isolated letters
  /// of "م ر ح ب ا".
  @Test func arabicLettersKeepTheirJoinedForms() throws {
    let word = try Self.units("مرحبا", family: "Noto Sans Arabic", ligatures: false)
    let isolated = try Self.units("م ر ح ب ا", family: "Noto Sans Arabic", ligatures: false).filter { !$0.isSpace }
    #expect(word.map(\.text) == isolated.map(\.text))
    for (joined, alone) in zip(word, isolated) {
      #expect(joined.glyphs.map(\.glyph) != alone.glyphs.map(\.glyph), "\(joined.text) is not joined")
    }
  }
}
