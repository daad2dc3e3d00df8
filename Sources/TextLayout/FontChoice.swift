import CHarfBuzz
import Foundation
import Locking

/// One font file (and face index inside it) that text can be shaped and drawn with.
package struct FontFile: Sendable, Hashable {
  /// The file's path, as fontconfig lists it.
  package var path: String
  /// The face inside a collection (`.ttc`); 0 for single fonts.
  package var index: Int
  /// The family name the font gives first.
  package var family: String
  /// The face's style name as fontconfig gives it first ("Bold", "Italic"; "Regular" for the plain face).
  package var style = ""
  /// Whether fontconfig says the font has colour glyphs (emoji).
  package var isColor: Bool
  /// Whether fontconfig asks for a synthetic bold (bold asked for, the face is not): the outline grows by
  /// 1/24 em and the advance with it, as FreeType's `FT_GlyphSlot_Embolden` does for Cairo.
  package var emboldens = false
  /// The horizontal shear of a synthetic oblique (italic asked for, the face is upright): fontconfig's
  /// `matrix`, 0.2 by Debian's configuration.
  package var slant = 0.0
}

/// A font fontconfig offers as a fallback, with the characters it covers.
///
/// Immutable after creation: the character set is fontconfig's own copy, only read (`FcCharSetHasChar`) with
/// `FontLibrary.fontconfig` held. Releasing it (`FcCharSetDestroy` in `deinit`) needs no lock: a character
/// set's reference count is atomic, and a set that is no longer referenced is touched by nobody else.
package final class FallbackFont: @unchecked Sendable {
  package let file: FontFile
  /// The font's character set (owned, a reference taken with `FcCharSetCopy`).
  private let charset: OpaquePointer

  init(file: FontFile, charset: OpaquePointer) {
    self.file = file
    self.charset = charset
  }

  deinit { FcCharSetDestroy(charset) }

  /// Whether the font has a glyph for `scalar`; call with `FontLibrary.fontconfig` held.
  func covers(_ scalar: Unicode.Scalar) -> Bool { FcCharSetHasChar(charset, scalar.value) != 0 }
}

/// The fonts a document's font name resolves to: the face asked for (or a metric-compatible stand-in), and
/// fontconfig's fallbacks for characters it lacks, best first (`FcFontSort`).
final class FontChoice: Sendable {
  /// The face used for every character it has; nil when fontconfig finds no font at all.
  let primary: FallbackFont?
  /// Whether `primary` is the family (or PostScript name) asked for.
  let isExact: Bool
  /// The rest of fontconfig's sorted list, trimmed to fonts that add coverage.
  let fallbacks: [FallbackFont]
  /// The colour emoji font, preferred for characters shown as emoji.
  let emoji: FallbackFont?

  init(primary: FallbackFont?, isExact: Bool, fallbacks: [FallbackFont], emoji: FallbackFont?) {
    self.primary = primary
    self.isExact = isExact
    self.fallbacks = fallbacks
    self.emoji = emoji
  }

  /// The family name of the face used, for diagnostics.
  var familyName: String { primary?.file.family ?? FontLibrary.fallbackFamily }

  /// The face used, for diagnostics: its family and, unless it is the plain face, its style; a synthetic
  /// bold or oblique says so ("Liberation Sans Bold", "DejaVu Sans (synthetic bold)").
  var faceName: String {
    guard let file = primary?.file else { return FontLibrary.fallbackFamily }
    let plain: Set<String> = ["", "regular", "book", "normal", "roman", "medium"]
    var name = file.family
    if !plain.contains(file.style.lowercased()) { name += " \(file.style)" }
    let synthetic = [file.emboldens ? "bold" : nil, file.slant != 0 ? "oblique" : nil].compactMap { $0 }
    if !synthetic.isEmpty { name += " (synthetic \(synthetic.joined(separator: " ")))" }
    return name
  }

  /// The font to draw `cluster` (one grapheme) with: the primary face when it has every character, else the
  /// first fallback that has them, the colour emoji font first for emoji. Nil when no installed font has
  /// them all. Call with `FontLibrary.fontconfig` held.
  func font(for cluster: Character) -> FallbackFont? {
    let needed = cluster.unicodeScalars.filter { !FontChoice.isIgnorable($0) }
    guard !needed.isEmpty else { return primary }
    func coversAll(_ font: FallbackFont) -> Bool { needed.allSatisfy(font.covers) }
    if FontChoice.isEmoji(cluster), let emoji, coversAll(emoji) { return emoji }
    if let primary, coversAll(primary) { return primary }
    for font in fallbacks where coversAll(font) { return font }
    if let emoji, coversAll(emoji) { return emoji }
    return nil
  }

  /// Characters no font needs a glyph for: joiners, variation selectors and emoji tags, which shaping
  /// consumes.
  static func isIgnorable(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x200B...0x200F, 0x2060...0x2064, 0xFE00...0xFE0F, 0xE0020...0xE007F, 0xE0100...0xE01EF, 0xFEFF: true
    default: s.properties.isDefaultIgnorableCodePoint
    }
  }

  /// Whether a grapheme is shown as an emoji (a colour picture) rather than as text, as browsers decide:
  /// emoji presentation by default or by U+FE0F, a skin-tone modifier, a ZWJ sequence of emoji, or a
  /// flag's regional indicators. U+FE0E asks for text.
  static func isEmoji(_ cluster: Character) -> Bool {
    let scalars = Array(cluster.unicodeScalars)
    guard let first = scalars.first else { return false }
    if scalars.contains(where: { $0.value == 0xFE0E }) { return false }
    if scalars.contains(where: { $0.value == 0xFE0F }) { return true }
    if first.properties.isEmojiPresentation { return true }
    if (0x1F1E6...0x1F1FF).contains(first.value) { return true }
    if scalars.dropFirst().contains(where: { $0.properties.isEmojiModifier }) { return true }
    if scalars.contains(where: { $0.value == 0x200D }) && first.properties.isEmoji && first.value > 0xFF { return true }
    return false
  }
}

extension FontChoice {
  /// The lookup itself, in `config` (nil: fontconfig's current configuration); call with
  /// `FontLibrary.fontconfig` held.
  static func find(family: String, style: String, postScriptName: String?, config: OpaquePointer?) -> FontChoice {
    let (weight, italic) = FontPattern.weightAndSlant(style)
    var pattern = FontPattern.make(family: family, weight: weight, italic: italic, config: config)
    var best = pattern.flatMap { FontPattern.match($0, config: config) }
    var exact = best.map { FontPattern.families($0).contains { FontPattern.sameName($0, family) } } ?? false
    if !exact, let ps = postScriptName, !ps.isEmpty, let byName = FontPattern.make(postScriptName: ps, config: config),
      let found = FontPattern.match(byName, config: config)
    {
      if FontPattern.string(found, "postscriptname").map({ FontPattern.sameName($0, ps) }) ?? false {
        if let b = best { FcPatternDestroy(b) }
        if let p = pattern { FcPatternDestroy(p) }
        best = found
        pattern = byName
        exact = true
      } else {
        FcPatternDestroy(found)
        FcPatternDestroy(byName)
      }
    }
    if !exact, let alias = MetricAliases.standIn(for: family),
      let aliasPattern = FontPattern.make(family: alias, weight: weight, italic: italic, config: config),
      let found = FontPattern.match(aliasPattern, config: config)
    {
      if FontPattern.families(found).contains(where: { FontPattern.sameName($0, alias) }) {
        if let b = best { FcPatternDestroy(b) }
        if let p = pattern { FcPatternDestroy(p) }
        best = found
        pattern = aliasPattern
      } else {
        FcPatternDestroy(found)
        FcPatternDestroy(aliasPattern)
      }
    }
    defer {
      if let best { FcPatternDestroy(best) }
      if let pattern { FcPatternDestroy(pattern) }
    }
    let primary = best.flatMap(FontPattern.fallbackFont)
    var fallbacks: [FallbackFont] = []
    if let pattern {
      var result = FcResultNoMatch
      if let set = FcFontSort(config, pattern, 1, nil, &result) {
        defer { FcFontSetDestroy(set) }
        let count = Int(set.pointee.nfont)
        for i in 0..<count {
          guard let font = set.pointee.fonts[i], let prepared = FcFontRenderPrepare(config, pattern, font) else {
            continue
          }
          defer { FcPatternDestroy(prepared) }
          if let f = FontPattern.fallbackFont(prepared), f.file != primary?.file { fallbacks.append(f) }
        }
      }
    }
    let emoji = FontPattern.make(family: "emoji", weight: 400, italic: false, config: config).flatMap {
      p -> FallbackFont? in
      defer { FcPatternDestroy(p) }
      guard let found = FontPattern.match(p, config: config) else { return nil }
      defer { FcPatternDestroy(found) }
      return FontPattern.fallbackFont(found).flatMap { $0.file.isColor ? $0 : nil }
    }
    return FontChoice(primary: primary, isExact: exact, fallbacks: fallbacks, emoji: emoji)
  }
}

/// Stand-ins with the same metrics for the fonts After Effects users name most, so that lines break and
/// centre where they did on the designer's machine: Debian's `fonts-liberation` are metric-compatible with
/// Arial/Helvetica, Times and Courier. Other sans-serif families (Helvetica Neue, SF Pro, Roboto...) get
/// Liberation Sans too, which is closer to them than DejaVu Sans (about 10% wider).
enum MetricAliases {
  static let sans = "Liberation Sans"
  static let serif = "Liberation Serif"
  static let mono = "Liberation Mono"

  /// The stand-in family for a family that is not installed.
  static func standIn(for family: String) -> String? {
    let name = family.lowercased()
    let mono = ["courier", "mono", "menlo", "monaco", "consolas", "code", "typewriter"]
    if mono.contains(where: name.contains) { return Self.mono }
    let serifs = [
      "times", "georgia", "garamond", "baskerville", "caslon", "palatino", "book antiqua", "cambria", "didot",
      "bodoni", "minion", "merriweather", "playfair", "charter", "hoefler", "new york", "century", "serif",
    ]
    if serifs.contains(where: name.contains) && !name.contains("sans") { return serif }
    return sans
  }
}

/// fontconfig pattern helpers; every function here is called with `FontLibrary.fontconfig` held. `config`
/// is the configuration to look in (a ``FontSet``'s), nil for fontconfig's current one.
package enum FontPattern {
  package static func make(family: String, weight: Double, italic: Bool, config: OpaquePointer? = nil)
    -> OpaquePointer?
  {
    guard let pattern = FcPatternCreate() else { return nil }
    add(pattern, "family", family)
    FcPatternAddDouble(pattern, "weight", FcWeightFromOpenTypeDouble(weight))
    FcPatternAddInteger(pattern, "slant", italic ? 100 : 0)  // FC_SLANT_ITALIC, FC_SLANT_ROMAN
    substitute(pattern, config: config)
    return pattern
  }

  static func make(postScriptName: String, config: OpaquePointer? = nil) -> OpaquePointer? {
    guard let pattern = FcPatternCreate() else { return nil }
    add(pattern, "postscriptname", postScriptName)
    substitute(pattern, config: config)
    return pattern
  }

  private static func substitute(_ pattern: OpaquePointer, config: OpaquePointer?) {
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
  }

  /// fontconfig's best match for a substituted pattern (owned by the caller).
  package static func match(_ pattern: OpaquePointer, config: OpaquePointer? = nil) -> OpaquePointer? {
    var result = FcResultNoMatch
    return FcFontMatch(config, pattern, &result)
  }

  /// The file, face index, family, colour flag and character set of a matched pattern.
  static func fallbackFont(_ pattern: OpaquePointer) -> FallbackFont? {
    guard let path = string(pattern, "file") else { return nil }
    var index: Int32 = 0
    _ = FcPatternGetInteger(pattern, "index", 0, &index)
    var color: FcBool = 0
    _ = FcPatternGetBool(pattern, "color", 0, &color)
    var charset: OpaquePointer? = nil
    guard FcPatternGetCharSet(pattern, "charset", 0, &charset) == FcResultMatch, let set = charset,
      let copy = FcCharSetCopy(set)
    else { return nil }
    var embolden: FcBool = 0
    _ = FcPatternGetBool(pattern, "embolden", 0, &embolden)
    var matrix: UnsafeMutablePointer<FcMatrix>? = nil
    let slant = FcPatternGetMatrix(pattern, "matrix", 0, &matrix) == FcResultMatch ? matrix?.pointee.xy ?? 0 : 0
    let file = FontFile(
      path: path, index: Int(index), family: families(pattern).first ?? path, style: string(pattern, "style") ?? "",
      isColor: color != 0, emboldens: embolden != 0 && color == 0, slant: slant)
    return FallbackFont(file: file, charset: copy)
  }

  static func add(_ pattern: OpaquePointer, _ key: String, _ value: String) {
    _ = value.withCString { p in
      p.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) { FcPatternAddString(pattern, key, $0) }
    }
  }

  static func string(_ pattern: OpaquePointer, _ key: String, _ index: Int32 = 0) -> String? {
    var value: UnsafeMutablePointer<FcChar8>? = nil
    guard FcPatternGetString(pattern, key, index, &value) == FcResultMatch, let v = value else { return nil }
    return v.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
  }

  static func families(_ pattern: OpaquePointer) -> [String] {
    var out: [String] = []
    var i: Int32 = 0
    while i < 16, let name = string(pattern, "family", i) {
      out.append(name)
      i += 1
    }
    return out
  }

  /// Names compare without case, spaces and hyphens ("Open Sans" matches "OpenSans").
  static func sameName(_ a: String, _ b: String) -> Bool {
    func key(_ s: String) -> String { s.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" } }
    return key(a) == key(b)
  }

  /// OpenType weight (100...900) and italic for an After Effects style name ("Bold Italic", "Black",
  /// "65 Medium", "500").
  package static func weightAndSlant(_ style: String) -> (weight: Double, italic: Bool) {
    let s = style.lowercased().replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "-", with: "")
    let italic = s.contains("italic") || s.contains("oblique")
    if let n = Int(s.filter(\.isNumber)), (100...1000).contains(n) { return (Double(n), italic) }
    let names: [(String, Double)] = [
      ("extralight", 200), ("ultralight", 200), ("semibold", 600), ("demibold", 600), ("extrabold", 800),
      ("ultrabold", 800), ("thin", 100), ("hairline", 100), ("light", 300), ("medium", 500), ("demi", 600),
      ("bold", 700), ("heavy", 800), ("black", 900), ("ultra", 900),
    ]
    for (name, weight) in names where s.contains(name) { return (weight, italic) }
    return (400, italic)
  }
}
