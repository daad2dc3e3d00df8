import CHarfBuzz
import Foundation
import Locking

/// The colour glyphs of a font that `ShapingFace` cannot draw in colour: COLR version 1 paints (gradients,
/// transforms, compositing; HarfBuzz 6 has no paint API and Cairo 1.16 no COLRv1) and SVG documents. Such a
/// glyph is drawn as its plain outline, which in these fonts is usually blank, so `FontLibrary.prepare`
/// names the characters affected rather than let them vanish with `check` saying "ok". CBDT/sbix bitmaps
/// and COLR version 0 layers are drawn, and a glyph that has either is not listed here.
///
/// Immutable after creation (the HarfBuzz font is made immutable, which makes its lookups safe from any
/// thread); kept for the process, only for the rare fonts that have such glyphs.
final class UndrawnColourGlyphs: @unchecked Sendable {
  /// "COLR version 1" or "SVG".
  let format: String
  /// The glyphs of that format, as ranges of glyph ids.
  private let glyphs: [ClosedRange<UInt32>]
  /// The font, for its character map (owned).
  private let font: OpaquePointer

  private init(format: String, glyphs: [ClosedRange<UInt32>], font: OpaquePointer) {
    self.format = format
    self.glyphs = glyphs
    self.font = font
  }

  deinit { hb_font_destroy(font) }

  /// Whether a character of `cluster` maps to a glyph that is drawn without its colours.
  func affects(_ cluster: Character) -> Bool {
    cluster.unicodeScalars.contains { scalar in
      var glyph: hb_codepoint_t = 0
      guard hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 else { return false }
      return glyphs.contains { $0.contains(glyph) }
    }
  }

  private static let known = Locked<[FontFile: UndrawnColourGlyphs?]>([:])

  /// The undrawn colour glyphs of `file`, nil when it has none (or cannot be read).
  static func of(_ file: FontFile) -> UndrawnColourGlyphs? {
    if let found = known.withLock({ $0[file] }) { return found }
    let made = read(file)
    known.withLock { $0[file] = made }
    return made
  }

  private static func read(_ file: FontFile) -> UndrawnColourGlyphs? {
    guard let blob = hb_blob_create_from_file_or_fail(file.path) else { return nil }
    defer { hb_blob_destroy(blob) }
    guard let face = hb_face_create(blob, UInt32(clamping: file.index)) else { return nil }
    defer { hb_face_destroy(face) }
    // Bitmaps come first when drawing (`ShapingFace.makeDrawing`): a font with them is drawn in colour.
    guard hb_ot_color_has_png(face) == 0 else { return nil }
    var format = "COLR version 1"
    var ranges = table(face, "COLR", colrVersion1Glyphs)
    if ranges.isEmpty {
      format = "SVG"
      ranges = table(face, "SVG ", svgGlyphs)
    }
    guard !ranges.isEmpty, let font = hb_font_create(face) else { return nil }
    hb_font_make_immutable(font)
    return UndrawnColourGlyphs(format: format, glyphs: ranges, font: font)
  }

  /// `parse` applied to the bytes of table `tag` of `face` (empty when it has none).
  private static func table(
    _ face: OpaquePointer, _ tag: String, _ parse: (UnsafeRawBufferPointer) -> [ClosedRange<UInt32>]
  ) -> [ClosedRange<UInt32>] {
    let code = tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    guard let blob = hb_face_reference_table(face, code) else { return [] }
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
    return parse(UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length)))
  }

  /// Big-endian reads that give nil past the end of the table (a font is untrusted input).
  private static func u16(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt32? {
    at >= 0 && at + 2 <= bytes.count ? UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1]) : nil
  }

  private static func u32(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt32? {
    guard let high = u16(bytes, at), let low = u16(bytes, at + 2) else { return nil }
    return high << 16 | low
  }

  /// COLR version 1: the glyphs of the BaseGlyphList (paints) that have no version 0 layers.
  static func colrVersion1Glyphs(_ bytes: UnsafeRawBufferPointer) -> [ClosedRange<UInt32>] {
    guard let version = u16(bytes, 0), version >= 1, let listOffset = u32(bytes, 14), listOffset > 0,
      let count = u32(bytes, Int(listOffset))
    else { return [] }
    var layered: Set<UInt32> = []
    if let records = u16(bytes, 2), let offset = u32(bytes, 4) {
      for i in 0..<Int(records) {
        guard let glyph = u16(bytes, Int(offset) + 6 * i) else { break }
        layered.insert(glyph)
      }
    }
    var glyphs: [ClosedRange<UInt32>] = []
    for i in 0..<Int(min(count, 65_536)) {
      guard let glyph = u16(bytes, Int(listOffset) + 4 + 6 * i) else { break }
      if !layered.contains(glyph) { glyphs.append(glyph...glyph) }
    }
    return glyphs
  }

  /// SVG: the glyph ranges of its document index.
  static func svgGlyphs(_ bytes: UnsafeRawBufferPointer) -> [ClosedRange<UInt32>] {
    guard let listOffset = u32(bytes, 2), let count = u16(bytes, Int(listOffset)) else { return [] }
    var glyphs: [ClosedRange<UInt32>] = []
    for i in 0..<Int(count) {
      let entry = Int(listOffset) + 2 + 12 * i
      guard let start = u16(bytes, entry), let end = u16(bytes, entry + 2) else { break }
      if start <= end { glyphs.append(start...end) }
    }
    return glyphs
  }
}
