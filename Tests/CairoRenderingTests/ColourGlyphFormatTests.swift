import CairoRendering
import Foundation
import Lottie
import Raster
import Testing

@testable import TextLayout

/// Colour glyphs in formats we do not draw in colour (COLR version 1 paints, SVG documents) are drawn as
/// their plain outlines, often blank: `prepare` (what `check` and `info` print) names the characters, the
/// font and the format, where `check` said "ok" while the text vanished. Bitmap emoji (CBDT) and COLR
/// version 0 layers (`TextFallbackTests.colorLayersArePaintedInTheirColors`) are drawn and get no note.
@Suite("Colour glyph formats not drawn")
struct ColourGlyphFormatTests {
  /// Made with fontTools' FontBuilder: "A" (glyph 2) has a blank outline and a COLR version 1 paint, a
  /// 500-unit square in palette red; no version 0 layers. 1000 units per em.
  static let colrVersion1 = [
    "AAEAAAAMAIAAAwBAQ09MUgpnAhIAAALYAAAAN0NQQUwAAAAQAAADEAAAABJPUy8yRP9E/QAAAUgAAABgY21hcAB0AFwAAAG0AAAA",
    "PGdseWZJ9mYQAAAB/AAAADBoZWFkL3RuIgAAAMwAAAA2aGhlYQUWAfYAAAEEAAAAJGhtdHgCWAAAAAABqAAAAApsb2NhACQAGAAA",
    "AfAAAAAKbWF4cAAGAAYAAAEoAAAAIG5hbWVPEW/8AAACLAAAAHVwb3N0kPDe2gAAAqQAAAAzAAEAAAABAAC9OC20Xw889QADA+gA",
    "AAAA5zUVpwAAAADnNRWnAAAAAAH0AfQAAAADAAIAAAAAAAAAAQAAAyD/OAAAAlgAAABkAfQAAQAAAAAAAAAAAAAAAAAAAAEAAQAA",
    "AAQABAABAAAAAAACAAAAAAAAAAAAAAAAAAAAAAADAlgBkAAFAAQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEA",
    "AAAAAAAAAAAAAAA/Pz8/AAAAIABBAyAAAAAAAyAAyAAAAAAAAAAAAAAAAAAAACAAAAJYAAAAAAAAAAAAAAAAAAIAAAADAAAAFAAD",
    "AAEAAAAUAAQAKAAAAAYABAABAAIAIABB//8AAAAgAEH////h/8EAAQAAAAAAAAAAAAwADAAMABgAAAABAAAAAAH0AfQAAwAAMREh",
    "EQH0AfT+DAABAAAAAAH0AfQAAwAAMREhEQH0AfT+DAAAAAQANgABAAAAAAABAA4AAAABAAAAAAACAAcADgADAAEECQABABwAFQAD",
    "AAEECQACAA4AMUwyViBDT0xSdjEgQm94UmVndWxhcgBMADIAVgAgAEMATwBMAFIAdgAxACAAQgBvAHgAUgBlAGcAdQBsAGEAcgAA",
    "AAACAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAAAADACQBAghBLnNxdWFyZQAAAQAAAAAAAAAAAAAAAAAAACIAAAAA",
    "AAAAAAAAAAAAAAAAAAAAAQACAAAACgoAAAYAAwIAAEAAAAAAAAEAAQABAAAADgAAAAD//wAA",
  ].joined()

  /// "A" (glyph 2) is a 100x500-unit bar with an SVG document (a red square) for glyphs 2...2.
  static let svg = [
    "AAEAAAALAIAAAwAwT1MvMkT/RP0AAAE4AAAAYFNWRyCYGv3UAAAC1AAAAIxjbWFwAHQAXAAAAaQAAAA8Z2x5ZoDx/MAAAAHsAAAA",
    "SGhlYWQvcm4iAAAAvAAAADZoaGVhBRYB9gAAAPQAAAAkaG10eAJYAAAAAAGYAAAACmxvY2EAMAAkAAAB4AAAAAptYXhwAAYABgAA",
    "ARgAAAAgbmFtZY6zs/IAAAI0AAAAbHBvc3SQ8N7aAAACoAAAADMAAQAAAAEAAOfKyrhfDzz1AAED6AAAAADnNRWnAAAAAOc1FacA",
    "AAAAAfQB9AAAAAMAAgAAAAAAAAABAAADIP84AAACWAAAAGQB9AABAAAAAAAAAAAAAAAAAAAAAQABAAAABAAEAAEAAAAAAAIAAAAA",
    "AAAAAAAAAAAAAAAAAAMCWAGQAAUABAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAAAAAAAAAAAAAAAD8/Pz8A",
    "AAAgAEEDIAAAAAADIADIAAAAAAAAAAAAAAAAAAAAIAAAAlgAAAAAAAAAAAAAAAAAAgAAAAMAAAAUAAMAAQAAABQABAAoAAAABgAE",
    "AAEAAgAgAEH//wAAACAAQf///+H/wQABAAAAAAAAAAAADAAMABgAJAAAAAEAAAAAAfQB9AADAAAxESERAfQB9P4MAAEAZAAAAMgB",
    "9AADAAAzETMRZGQB9P4MAAEAAAAAAfQB9AADAAAxESERAfQB9P4MAAAABAA2AAEAAAAAAAEACwAAAAEAAAAAAAIABwALAAMAAQQJ",
    "AAEAFgASAAMAAQQJAAIADgAoTDJWIFNWRyBCb3hSZWd1bGFyAEwAMgBWACAAUwBWAEcAIABCAG8AeABSAGUAZwB1AGwAYQByAAIA",
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABAAAAAMAJAECCEEuc3F1YXJlAAAAAAAACgAAAAAAAQACAAIAAAAOAAAAdDxz",
    "dmcgeG1sbnM9Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnIj48cmVjdCBpZD0iZ2x5cGgyIiB4PSIwIiB5PSItNTAwIiB3aWR0",
    "aD0iNTAwIiBoZWlnaHQ9IjUwMCIgZmlsbD0icmVkIi8+PC9zdmc+",
  ].joined()

  static func animation(_ text: String, family: String, font: String) throws -> Animation {
    try TextFallbackTests.animation(
      text, family: family, size: 100, fPath: "data:font/ttf;base64," + font, fill: [0, 0, 1])
  }

  static let path = "t.json: $.layers[0].t.d.k[0].s.t: warning: "

  @Test func colrVersion1GlyphsAreReported() throws {
    let animation = try Self.animation("A A", family: "L2V COLRv1 Box", font: Self.colrVersion1)
    let prepared = FontLibrary.prepare(animation, file: "t.json")
    let notes = prepared.diagnostics.map(\.description)
    #expect(
      notes == [
        Self.path + "characters 'A' have colour glyphs in L2V COLRv1 Box in a format not supported (COLR version 1); "
          + "drawn as plain outlines, which may be blank"
      ])
    // What the note warns of: the glyph's outline is blank, so nothing is drawn.
    let frame = try FrameRenderer(animation: animation, width: 400, height: 100, fonts: prepared.fonts).render(frame: 0)
    #expect(frame.bytes.allSatisfy { $0 == 0 })
  }

  @Test func svgGlyphsAreReported() throws {
    let animation = try Self.animation("A", family: "L2V SVG Box", font: Self.svg)
    let notes = FontLibrary.prepare(animation, file: "t.json").diagnostics.map(\.description)
    #expect(
      notes == [
        Self.path + "characters 'A' have colour glyphs in L2V SVG Box in a format not supported (SVG); "
          + "drawn as plain outlines, which may be blank"
      ])
  }

  /// A character of such a font without a colour glyph (the space) gets no note, nor do Debian's bitmap
  /// emoji.
  @Test func drawnGlyphsAreNotReported() throws {
    let space = try Self.animation(" ", family: "L2V COLRv1 Box", font: Self.colrVersion1)
    #expect(FontLibrary.prepare(space, file: "t.json").diagnostics.isEmpty)
    let emoji = try TextFallbackTests.animation("👍🏽🇯🇵", family: "Noto Color Emoji")
    #expect(FontLibrary.prepare(emoji, file: "t.json").diagnostics.isEmpty)
  }
}
