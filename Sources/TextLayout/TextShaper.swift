import CHarfBuzz
import CLineBreak
import Foundation
import Lottie

/// One glyph of a shaped unit: the face, the glyph, and its place from the unit's pen position (pixels,
/// y down).
package struct PlacedGlyph {
  package let face: ShapingFace
  package let glyph: UInt32
  package let x: Double
  package let y: Double
}

/// What text animators move as one character: a grapheme cluster (a letter with its marks, an emoji
/// sequence, a flag), or the several clusters a required ligature or an Indic syllable joins into one glyph
/// cluster (Arabic lam-alef, a Devanagari conjunct).
package struct TextUnit {
  /// The characters.
  package var text: String
  /// The advance width (pixels).
  package var advance: Double
  /// The shaped glyphs, in visual order; empty for `chars` outlines and for characters nothing draws.
  package var glyphs: [PlacedGlyph] = []
  /// Glyph outlines from the file's `chars` for this character, when it has them.
  package var charsGlyph: GlyphKey? = nil
  /// The unit's place in reading (logical) order within the whole text.
  var logical = 0
  /// Its bidirectional embedding level (odd: right to left).
  var level: UInt8 = 0

  package var isSpace: Bool { text == " " || text == "\u{A0}" || text == "\u{3000}" }
}

/// A document's font and text settings that the layout depends on.
struct TextLayoutKey: Hashable {
  var text: String
  var fontName: String
  var size: Double
  var tracking: Double
  var boxWidth: Double?
  var ligatures: Bool
}

/// Shapes and lays out text for one worker: HarfBuzz glyph runs (advances, offsets, kerning, ligatures)
/// after the bidirectional algorithm (fribidi) and per-character font fallback (fontconfig's sorted list),
/// and lines broken by the Unicode rules (ICU) for box text. Faces are opened once per worker and layouts
/// kept per document and size, so static text is shaped once; fontconfig is consulted (under its lock) only
/// when a new document is laid out, never per frame.
package final class TextShaper {
  let animation: Animation
  /// The fonts this animation may use (its own, if it brought any: see `FontLibrary.prepare`).
  private let fonts: FontSet
  private var faces: [FontFile: ShapingFace?] = [:]
  private var choices: [String: FontChoice] = [:]
  private var layouts: [TextLayoutKey: [[TextUnit]]] = [:]
  /// Text paths measured as polylines (see `TextPathPolylines`).
  package let pathPolylines = TextPathPolylines()
  /// How many layouts were made (for tests: static text is laid out once).
  package internal(set) var layoutsMade = 0
  /// Decodes colour glyphs' pictures for the renderer.
  private let decodeImage: GlyphImageDecoder
  /// The HarfBuzz buffer reused for every run (owned).
  private let buffer: OpaquePointer?

  /// Layouts kept at most; the oldest are dropped past it (a template with thousands of rows).
  static let layoutLimit = 256

  /// Shapes `animation`'s text with `fonts` (see `FontLibrary.prepare`); `decodeImage` makes the renderer's
  /// pictures of colour glyphs.
  package init(
    animation: Animation, fonts: FontSet = .shared, decodeImage: @escaping GlyphImageDecoder = { _ in nil }
  ) {
    self.animation = animation
    self.decodeImage = decodeImage
    self.fonts = fonts
    buffer = hb_buffer_create()
  }

  deinit { hb_buffer_destroy(buffer) }

  /// The fonts for a document font name (`f`): its `fonts.list` family and style, else the name itself.
  func choice(_ fontName: String) -> FontChoice {
    if let known = choices[fontName] { return known }
    let font = animation.fonts[fontName]
    let made = fonts.choice(family: font?.family ?? fontName, style: font?.style ?? "", postScriptName: fontName)
    choices[fontName] = made
    return made
  }

  /// The face for a font file, opened on first use by this worker.
  func face(_ file: FontFile) -> ShapingFace? {
    if let known = faces[file] { return known }
    let made = ShapingFace(file: file, decodeImage: decodeImage)
    faces[file] = made
    return made
  }

  /// `text` laid out in lines (hard breaks, and for box text wrapped to `boxWidth`), each line's units in
  /// visual order, left to right.
  func lines(_ key: TextLayoutKey) -> [[TextUnit]] {
    if let known = layouts[key] { return known }
    var lines: [[TextUnit]] = []
    var logical = 0
    // Lines end at carriage returns (After Effects), line feeds, CR LF (one Swift character) and U+0003.
    let paragraphs = key.text.split(omittingEmptySubsequences: false) {
      $0 == "\r" || $0 == "\n" || $0 == "\r\n" || $0 == "\u{3}"
    }
    for paragraph in paragraphs {
      var (units, paragraphLevel) = shape(String(paragraph), key)
      for i in units.indices { units[i].logical = logical + i }
      logical += units.count
      let wrapped = key.boxWidth.map { wrap(units, paragraph: String(paragraph), width: $0, tracking: key.tracking) }
      for line in wrapped ?? [units] { lines.append(Self.reorder(line, paragraphLevel: paragraphLevel)) }
    }
    if layouts.count >= Self.layoutLimit { layouts.removeAll() }
    layouts[key] = lines
    return lines
  }

  // MARK: - Shaping

  /// Where a grapheme's glyphs come from.
  private enum Source: Hashable {
    case chars
    case font(FontFile)
    /// No font: the text cannot be drawn at all.
    case none
  }

  /// One paragraph's units in logical order, and its embedding level (1: right to left).
  private func shape(_ paragraph: String, _ key: TextLayoutKey) -> (units: [TextUnit], paragraphLevel: UInt8) {
    let graphemes = Array(paragraph)
    guard !graphemes.isEmpty else { return ([], 0) }
    // 1. Code points, and where each grapheme starts among them.
    var scalars: [UInt32] = []
    var starts: [Int] = []
    for g in graphemes {
      starts.append(scalars.count)
      scalars.append(contentsOf: g.unicodeScalars.map(\.value))
    }
    // 2. Embedding levels (the bidirectional algorithm), per code point.
    let (levels, paragraphLevel) = Self.bidiLevels(scalars)
    // 3. The source of each grapheme: `chars` outlines, else the first font that has all its characters.
    let font = animation.fonts[key.fontName]
    let family = font?.family ?? key.fontName
    let style = font?.style ?? ""
    let outlined = graphemes.map {
      animation.glyphs[GlyphKey(character: String($0), family: family, style: style)] != nil
    }
    var sources = [Source](repeating: .chars, count: graphemes.count)
    if outlined.contains(false) {
      // fontconfig is asked only for text that needs system fonts, under its lock.
      let choice = choice(key.fontName)
      FontLibrary.fontconfig.withLock { _ in
        for (i, g) in graphemes.enumerated() where !outlined[i] {
          let isBlank = g == " " || g.unicodeScalars.allSatisfy(FontChoice.isIgnorable)
          let font = isBlank ? choice.primary : (choice.font(for: g) ?? choice.primary)
          sources[i] = font.map { .font($0.file) } ?? .none
        }
      }
    }
    // 4. Scripts: common characters (spaces, digits, punctuation) take their neighbours'.
    let scripts = Self.scripts(graphemes)
    // 5. Runs of one source, level and script, each shaped on its own.
    var units: [TextUnit] = []
    var runStart = 0
    for g in 1...graphemes.count {
      let ends =
        g == graphemes.count || sources[g] != sources[runStart] || levels[starts[g]] != levels[starts[runStart]]
        || scripts[g] != scripts[runStart]
      guard ends else { continue }
      let level = levels[starts[runStart]]
      switch sources[runStart] {
      case .chars:
        for i in runStart..<g {
          let glyphKey = GlyphKey(character: String(graphemes[i]), family: family, style: style)
          let width = animation.glyphs[glyphKey]?.width ?? 0
          units.append(
            TextUnit(text: String(graphemes[i]), advance: width * key.size / 100, charsGlyph: glyphKey, level: level))
        }
      case .none:
        for i in runStart..<g { units.append(TextUnit(text: String(graphemes[i]), advance: 0, level: level)) }
      case .font(let file):
        let range = runStart..<g
        if let face = face(file) {
          units += shapeRun(
            range, graphemes: graphemes, starts: starts, scalars: scalars, face: face, level: level,
            script: scripts[runStart], key: key)
        } else {
          for i in range { units.append(TextUnit(text: String(graphemes[i]), advance: 0, level: level)) }
        }
      }
      runStart = g
    }
    return (units, paragraphLevel)
  }

  /// Shapes graphemes `range` with HarfBuzz and groups the glyphs into units, in logical order.
  private func shapeRun(
    _ range: Range<Int>, graphemes: [Character], starts: [Int], scalars: [UInt32], face: ShapingFace, level: UInt8,
    script: hb_script_t, key: TextLayoutKey
  ) -> [TextUnit] {
    guard let buffer else { return [] }
    let first = starts[range.lowerBound]
    let end = range.upperBound < starts.count ? starts[range.upperBound] : scalars.count
    hb_buffer_clear_contents(buffer)
    // The whole paragraph is the context, so joining and contextual forms see across run boundaries.
    hb_buffer_add_utf32(buffer, scalars, Int32(scalars.count), UInt32(first), Int32(end - first))
    hb_buffer_set_direction(buffer, level % 2 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, script)
    hb_buffer_set_language(buffer, hb_language_get_default())
    // Tracking and per-character animation pull letters apart: optional ligatures go, as browsers drop them
    // with letter-spacing; required ones (Arabic lam-alef) stay.
    var features = key.ligatures ? [] : ["liga=0", "clig=0", "dlig=0"].map(Self.feature)
    hb_shape(face.font, buffer, &features, UInt32(features.count))
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    let n = Int(count)
    // Units start at graphemes where a glyph cluster starts; a cluster that spans several graphemes (a
    // ligature, a syllable) makes them one unit.
    let clusterStarts = Set((0..<n).map { Int(infos[$0].cluster) })
    var unitGraphemes: [Int] = []
    for g in range where g == range.lowerBound || clusterStarts.contains(starts[g]) { unitGraphemes.append(g) }
    func unitIndex(_ cluster: Int) -> Int {
      var lo = 0
      var hi = unitGraphemes.count - 1
      while lo < hi {
        let mid = (lo + hi + 1) / 2
        if starts[unitGraphemes[mid]] <= cluster { lo = mid } else { hi = mid - 1 }
      }
      return lo
    }
    let scale = key.size / face.unitsPerEm
    var units = unitGraphemes.enumerated().map { k, g in
      let next = k + 1 < unitGraphemes.count ? unitGraphemes[k + 1] : range.upperBound
      return TextUnit(text: String(graphemes[g..<next]), advance: 0, level: level)
    }
    for i in 0..<n {
      let u = unitIndex(Int(infos[i].cluster))
      let p = positions[i]
      units[u].glyphs.append(
        PlacedGlyph(
          face: face, glyph: infos[i].codepoint, x: units[u].advance + Double(p.x_offset) * scale,
          y: -Double(p.y_offset) * scale))
      // A synthetic bold's glyphs are wider by their emboldening (see `FontFile.emboldens`).
      let bold = face.file.emboldens && p.x_advance != 0 ? key.size / 24 : 0
      units[u].advance += Double(p.x_advance) * scale + bold
    }
    return units
  }

  private static func feature(_ text: String) -> hb_feature_t {
    var feature = hb_feature_t()
    _ = hb_feature_from_string(text, Int32(text.utf8.count), &feature)
    return feature
  }

  /// The Unicode bidirectional algorithm's embedding level of each code point, and the paragraph's level,
  /// its direction taken from its first strong character.
  static func bidiLevels(_ scalars: [UInt32]) -> (levels: [UInt8], paragraphLevel: UInt8) {
    let n = Int32(scalars.count)
    var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
    var brackets = [FriBidiBracketType](repeating: FriBidiBracketType(0), count: scalars.count)
    var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
    fribidi_get_bidi_types(scalars, n, &types)
    fribidi_get_bracket_types(scalars, n, types, &brackets)
    var direction = CHarfBuzz_paragraphAuto
    guard fribidi_get_par_embedding_levels_ex(types, brackets, n, &direction, &levels) > 0 else {
      return ([UInt8](repeating: 0, count: scalars.count), 0)
    }
    // The resolved direction is FRIBIDI_PAR_LTR or FRIBIDI_PAR_RTL; fribidi's FRIBIDI_DIR_TO_LEVEL macro
    // (which Swift cannot import) reads its FRIBIDI_MASK_RTL bit, 1.
    return (levels.map { UInt8(clamping: $0) }, UInt8(direction.rawValue & 1))
  }

  /// Each grapheme's script; common and inherited ones (spaces, digits, punctuation, marks) take the
  /// script before them, or after them at the start.
  private static func scripts(_ graphemes: [Character]) -> [hb_script_t] {
    let funcs = hb_unicode_funcs_get_default()
    let neutral: Set<UInt32> = [HB_SCRIPT_COMMON.rawValue, HB_SCRIPT_INHERITED.rawValue, HB_SCRIPT_UNKNOWN.rawValue]
    var scripts: [hb_script_t?] = graphemes.map { g in
      for s in g.unicodeScalars {
        let script = hb_unicode_script(funcs, s.value)
        if !neutral.contains(script.rawValue) { return script }
      }
      return nil
    }
    var last = scripts.first { $0 != nil } ?? nil
    for i in scripts.indices {
      if let s = scripts[i] { last = s } else { scripts[i] = last }
    }
    return scripts.map { $0 ?? HB_SCRIPT_COMMON }
  }

  // MARK: - Lines

  /// Box text: units (logical order) broken into lines no wider than `width` at the places the Unicode
  /// line-breaking rules allow (ICU: between words, between CJK ideographs, at Thai word boundaries from its
  /// dictionary). The space a line breaks at goes, as After Effects and lottie-web replace it by the break.
  private func wrap(_ units: [TextUnit], paragraph: String, width: Double, tracking: Double) -> [[TextUnit]] {
    guard units.count > 1 else { return [units] }
    let breaks = Self.breakOpportunities(paragraph)
    // Where each unit starts, in UTF-16 offsets of the paragraph.
    var offsets: [Int] = []
    var offset = 0
    for u in units {
      offsets.append(offset)
      offset += u.text.utf16.count
    }
    var lines: [[TextUnit]] = []
    var line: [TextUnit] = []
    var lineWidth = 0.0
    var i = 0
    while i < units.count {
      // The next piece that cannot be broken, with the spaces after it.
      var j = i + 1
      while j < units.count && !breaks.contains(offsets[j]) { j += 1 }
      let piece = Array(units[i..<j])
      let ink = piece.lastIndex { !$0.isSpace }.map { piece[...$0] } ?? []
      let inkWidth = ink.reduce(0) { $0 + $1.advance } + tracking * Double(max(ink.count - 1, 0))
      let joined = line.isEmpty ? inkWidth : lineWidth + tracking + inkWidth
      if !line.isEmpty && joined > width {
        lines.append(Self.droppingBreakSpace(line))
        line = []
        lineWidth = 0
      }
      let start = line.isEmpty ? 0 : lineWidth + tracking
      line += piece
      lineWidth = start + piece.reduce(0) { $0 + $1.advance } + tracking * Double(piece.count - 1)
      i = j
    }
    lines.append(line)
    return lines
  }

  /// A wrapped line without the space it broke at.
  private static func droppingBreakSpace(_ line: [TextUnit]) -> [TextUnit] {
    line.last?.isSpace == true ? Array(line.dropLast()) : line
  }

  /// UTF-16 offsets in `text` before which a line may break (ICU's line break iterator).
  static func breakOpportunities(_ text: String) -> Set<Int> {
    let utf16 = Array(text.utf16)
    guard !utf16.isEmpty else { return [] }
    var breaks = [Int32](repeating: 0, count: utf16.count + 1)
    let count = CLineBreak_opportunities(utf16, Int32(utf16.count), "", &breaks, Int32(breaks.count))
    guard count > 0 else {
      // No line breaker: break after spaces, as the Unicode rules do for Latin text.
      var spaces: Set<Int> = []
      for (i, c) in utf16.enumerated() where c == 0x20 { spaces.insert(i + 1) }
      return spaces
    }
    return Set(breaks.prefix(Int(count)).map(Int.init)).union(Self.quotationBreaks(text))
  }

  /// Breaks at quotation marks between East Asian characters, by rule LB19a of Unicode 15.1's line breaking
  /// (UAX #14), which Debian 12's ICU 72 (Unicode 15.0) predates and browsers follow: in "符号“不能”出现" a
  /// line may break before the opening mark and after the closing one, where ICU 72 keeps the quotation
  /// glued to the characters on both sides. Only ideographs, kana and hangul count as East Asian here (not
  /// East Asian punctuation, whose own rules stay ICU's).
  static func quotationBreaks(_ text: String) -> Set<Int> {
    let scalars = Array(text.unicodeScalars)
    var offsets: [Int] = []
    var offset = 0
    for s in scalars {
      offsets.append(offset)
      offset += s.utf16.count
    }
    func isEastAsian(_ i: Int) -> Bool {
      guard scalars.indices.contains(i) else { return false }
      let s = scalars[i]
      return s.properties.isIdeographic || (0x3040...0x30FF).contains(s.value) || (0xAC00...0xD7A3).contains(s.value)
    }
    var breaks: Set<Int> = []
    for (i, s) in scalars.enumerated() where isEastAsian(i - 1) && isEastAsian(i + 1) {
      switch s.properties.generalCategory {
      case .initialPunctuation: breaks.insert(offsets[i])
      case .finalPunctuation: breaks.insert(offsets[i] + s.utf16.count)
      default: break
      }
    }
    return breaks
  }

  /// One line's units in visual order, by rules L1 and L2 of the bidirectional algorithm:
  /// 1. (L1) tabs, the white space before them and the white space at the end of the line take the
  ///    paragraph's level (fribidi did this for the paragraph's end, but a wrapped line ends elsewhere), so
  ///    that spaces ending a right-to-left line stay at its end;
  /// 2. (L2) from the highest level down to the lowest odd one, every run at that level or above is
  ///    reversed.
  static func reorder(_ units: [TextUnit], paragraphLevel: UInt8 = 0) -> [TextUnit] {
    var units = units
    var trailing = true
    for i in units.indices.reversed() {
      if units[i].text == "\t" {
        units[i].level = paragraphLevel
        trailing = true
      } else if trailing && (units[i].isSpace || units[i].text.allSatisfy(\.isWhitespace)) {
        units[i].level = paragraphLevel
      } else {
        trailing = false
      }
    }
    guard let highest = units.map(\.level).max(), highest > 0 else { return units }
    let lowestOdd = units.map(\.level).filter { $0 % 2 == 1 }.min() ?? highest
    var result = units
    var level = highest
    while level >= lowestOdd && level > 0 {
      var i = 0
      while i < result.count {
        guard result[i].level >= level else {
          i += 1
          continue
        }
        var j = i
        while j < result.count && result[j].level >= level { j += 1 }
        result[i..<j].reverse()
        i = j
      }
      level -= 1
    }
    return result
  }
}
