import CCairo
import Foundation
import Lottie

/// Lays out and draws a text document: glyph outlines from the file's `chars` when it has them, otherwise the
/// system font of the same family (through Cairo's fontconfig lookup).
struct TextPainter {
  let scene: Scene
  let context: OpaquePointer

  private struct PlacedCharacter {
    var character: String
    var x: Double
    var advance: Double
  }

  func draw(_ document: TextDocument, world: Affine, opacity: Double) {
    let size = document.size
    guard size > 0, !document.text.isEmpty else { return }
    let font = scene.animation.fonts[document.fontName]
    let family = font?.family ?? document.fontName
    let style = font?.style ?? ""
    let text = document.allCaps ? document.text.uppercased() : document.text
    let tracking = document.tracking / 1000 * size
    setMatrix(world)
    selectSystemFont(family: family, style: style, size: size)

    // 1. Split into lines; wrap box text at word boundaries to the box width.
    var lines = text.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }.map(String.init)
    if let box = document.boxSize, box.x > 0 {
      lines = lines.flatMap { wrap($0, width: box.x, family: family, style: style, size: size, tracking: tracking) }
    }
    // 2. Place each line by the justification, then draw its characters.
    let ascent = (font?.ascent ?? 75) / 100 * size
    var y = document.boxPosition.map { $0.y + ascent } ?? 0
    y -= document.baselineShift
    cairo_new_path(context)
    for line in lines {
      let placed = layout(line, family: family, style: style, size: size, tracking: tracking)
      // lottie-web's line width counts the tracking after every character, the last one included.
      let width = placed.last.map { $0.x + $0.advance + tracking } ?? 0
      var x0 = 0.0
      let boxX = document.boxPosition?.x ?? 0
      let boxWidth = document.boxSize?.x ?? 0
      switch document.justification {
      case 1, 4: x0 = document.boxSize != nil ? boxX + boxWidth - width : -width
      case 2, 5: x0 = document.boxSize != nil ? boxX + (boxWidth - width) / 2 : -width / 2
      default: x0 = document.boxSize != nil ? boxX : 0
      }
      for c in placed { appendCharacter(c.character, x: x0 + c.x, y: y, family: family, style: style, size: size) }
      y += document.lineHeight
    }
    // 3. Paint: the stroke goes under the fill unless the document says otherwise.
    let fill = document.fillColor
    let stroke = document.strokeWidth > 0 ? document.strokeColor : nil
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    func doFill(_ preserve: Bool) {
      guard let f = fill else { return }
      cairo_set_source_rgba(context, f.r, f.g, f.b, f.a * opacity)
      if preserve { cairo_fill_preserve(context) } else { cairo_fill(context) }
    }
    func doStroke(_ preserve: Bool) {
      guard let s = stroke else { return }
      cairo_set_line_width(context, document.strokeWidth)
      cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
      cairo_set_dash(context, nil, 0, 0)
      cairo_set_source_rgba(context, s.r, s.g, s.b, s.a * opacity)
      if preserve { cairo_stroke_preserve(context) } else { cairo_stroke(context) }
    }
    if document.strokeOverFill {
      doFill(true)
      doStroke(false)
    } else {
      doStroke(true)
      doFill(false)
    }
    cairo_new_path(context)
  }

  private func glyph(_ character: String, family: String, style: String) -> [BezierPath]? {
    scene.glyphOutlines(GlyphKey(character: character, family: family, style: style))
  }

  private func advance(_ character: String, family: String, style: String, size: Double) -> Double {
    if let g = scene.animation.glyphs[GlyphKey(character: character, family: family, style: style)] {
      return g.width * size / 100
    }
    var extents = cairo_text_extents_t()
    cairo_text_extents(context, character, &extents)
    return extents.x_advance
  }

  private func layout(_ line: String, family: String, style: String, size: Double, tracking: Double) -> [PlacedCharacter] {
    var x = 0.0
    var placed: [PlacedCharacter] = []
    for ch in line {
      let s = String(ch)
      let a = advance(s, family: family, style: style, size: size)
      placed.append(PlacedCharacter(character: s, x: x, advance: a))
      x += a + tracking
    }
    return placed
  }

  private func wrap(_ line: String, width: Double, family: String, style: String, size: Double, tracking: Double) -> [String] {
    var out: [String] = []
    var current = ""
    for word in line.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
      let candidate = current.isEmpty ? word : current + " " + word
      let placed = layout(candidate, family: family, style: style, size: size, tracking: tracking)
      let w = placed.last.map { $0.x + $0.advance } ?? 0
      if w > width && !current.isEmpty {
        out.append(current)
        current = word
      } else {
        current = candidate
      }
    }
    out.append(current)
    return out
  }

  private func appendCharacter(_ character: String, x: Double, y: Double, family: String, style: String, size: Double) {
    if let outlines = glyph(character, family: family, style: style) {
      let m = Affine.scale(size / 100, size / 100).then(.translation(x, y))
      let painter = LayerPainter(scene: scene, context: context)
      for contour in outlines { painter.appendPath(contour, transform: m) }
      return
    }
    guard character != " " else { return }
    cairo_move_to(context, x, y)
    cairo_text_path(context, character)
  }

  /// Chooses the system font for a family and an After Effects style name ("Bold Italic", "Black", "500").
  private func selectSystemFont(family: String, style: String, size: Double) {
    let s = style.lowercased()
    let isBold = ["bold", "black", "heavy", "semibold", "extrabold", "ultra"].contains { s.contains($0) }
      || (Int(s.filter(\.isNumber)).map { $0 >= 600 } ?? false)
    let isItalic = s.contains("italic") || s.contains("oblique")
    cairo_select_font_face(
      context, family, isItalic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
      isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(context, size)
  }

  private func setMatrix(_ m: Affine) {
    var cm = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
    cairo_set_matrix(context, &cm)
  }
}
