import CCairo
import Foundation
import Lottie

/// Lays out and draws a text document: glyph outlines from the file's `chars` when it has them, otherwise the
/// system font of the same family and style (fontconfig and FreeType, see `FontLibrary`).
struct TextPainter {
  let scene: Scene
  let context: OpaquePointer

  private struct PlacedCharacter {
    var character: String
    var x: Double
    var advance: Double
  }

  /// One character of the laid-out text, or a line break between two lines, as lottie-web's
  /// `completeTextData` lists them (`documentData.l`).
  private struct Letter {
    /// The character; empty for a line break.
    var character: String
    var isLineBreak: Bool { character.isEmpty }
    /// Advance width (`l`).
    var advance: Double
    /// Line number.
    var line: Int
    /// Width of the anchor group the character belongs to (`an`) and its offset in that group (`add`).
    var groupWidth: Double
    var groupOffset: Double
    /// The group's number (`ind`) and the advance of the character that ends it (`extra`, 0 for characters).
    var group = 0
    var extra = 0.0
    /// Selector index for each animator (`anIndexes`).
    var indexes: [Int] = []
  }

  /// What a character is drawn with after the animators.
  private struct LetterStyle {
    var matrix: Affine
    var opacity: Double
    var fill: RGBA?
    var stroke: RGBA?
    var strokeWidth: Double
  }

  /// Draws a text layer at a (property) frame: its document there, each character moved and restyled by
  /// the animators.
  func draw(_ text: TextLayer, frame: Double, world: Affine, opacity: Double) {
    let document = text.document.value(at: frame)
    let size = document.size
    guard size > 0, !document.text.isEmpty else { return }
    let font = scene.animation.fonts[document.fontName]
    let family = font?.family ?? document.fontName
    let style = font?.style ?? ""
    let content = document.allCaps ? document.text.uppercased() : document.text
    let tracking = document.tracking / 1000 * size
    setMatrix(world)
    if !selectSystemFont(document.fontName, size: size) {
      // No system font at all (fontconfig finds none): only text drawn entirely from glyph outlines can be drawn,
      // as measuring or drawing anything else would fall back to Cairo's toy fonts outside our fontconfig lock.
      let drawable = content.allSatisfy { ch in
        ch == " " || ch == "\r" || ch == "\n" || ch == "\u{3}" || glyph(String(ch), family: family, style: style) != nil
      }
      guard drawable else { return }
    }

    // 1. Split into lines; wrap box text at word boundaries to the box width.
    var lines = content.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }.map(String.init)
    if let box = document.boxSize, box.x > 0 {
      lines = lines.flatMap { wrap($0, width: box.x, family: family, style: style, size: size, tracking: tracking) }
    }
    // 2. List the characters with line breaks between lines; each line starts where its justification says.
    var letters: [Letter] = []
    var lineStarts: [Double] = []
    var lineWidths: [Double] = []
    let boxX = document.boxPosition?.x ?? 0
    let boxWidth = document.boxSize?.x ?? 0
    for (number, line) in lines.enumerated() {
      if number > 0 { letters.append(Letter(character: "", advance: 0, line: number, groupWidth: 0, groupOffset: 0)) }
      let placed = layout(line, family: family, style: style, size: size, tracking: tracking)
      // lottie-web's line width counts the tracking after every character, the last one included.
      let width = placed.last.map { $0.x + $0.advance + tracking } ?? 0
      lineWidths.append(width)
      switch document.justification {
      case 1, 4: lineStarts.append(document.boxSize != nil ? boxX + boxWidth - width : -width)
      case 2, 5: lineStarts.append(document.boxSize != nil ? boxX + (boxWidth - width) / 2 : -width / 2)
      default: lineStarts.append(document.boxSize != nil ? boxX : 0)
      }
      for c in placed {
        letters.append(Letter(character: c.character, advance: c.advance, line: number, groupWidth: c.advance, groupOffset: 0))
      }
    }
    Self.group(&letters, by: text.grouping)
    let animators = Self.evaluate(text.animators, letters: &letters, frame: frame)

    // 3. Place each character and draw it with its own matrix and paints.
    let ascent = (font?.ascent ?? 75) / 100 * size
    let top = document.boxPosition.map { $0.y + ascent } ?? 0
    let styles = Self.letterStyles(
      letters, animators: animators, document: document, alignment: text.alignment.value(at: frame),
      lineStarts: lineStarts, top: top, tracking: tracking,
      path: text.path.flatMap { TextPathFrame($0, frame: frame) }, lineWidths: lineWidths)
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    for (letter, letterStyle) in zip(letters, styles) {
      guard let s = letterStyle, !letter.isLineBreak, letter.character != " " else { continue }
      draw(letter.character, style: s, world: world, opacity: opacity, strokeOverFill: document.strokeOverFill,
        family: family, fontStyle: style, size: size)
    }
    setMatrix(world)
  }

  /// Fills and strokes one character at the origin of its matrix.
  private func draw(
    _ character: String, style s: LetterStyle, world: Affine, opacity: Double, strokeOverFill: Bool, family: String,
    fontStyle: String, size: Double
  ) {
    let alpha = opacity * s.opacity
    guard alpha > 0 else { return }
    let fill = s.fill
    let stroke = s.strokeWidth > 0 ? s.stroke : nil
    guard fill != nil || stroke != nil else { return }
    setMatrix(s.matrix.then(world))
    cairo_new_path(context)
    appendCharacter(character, x: 0, y: 0, family: family, style: fontStyle, size: size)
    func doFill(_ preserve: Bool) {
      guard let f = fill else { return }
      cairo_set_source_rgba(context, f.r, f.g, f.b, f.a * alpha)
      if preserve { cairo_fill_preserve(context) } else { cairo_fill(context) }
    }
    func doStroke(_ preserve: Bool) {
      guard let c = stroke else { return }
      cairo_set_line_width(context, s.strokeWidth)
      cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
      cairo_set_dash(context, nil, 0, 0)
      cairo_set_source_rgba(context, c.r, c.g, c.b, c.a * alpha)
      if preserve { cairo_stroke_preserve(context) } else { cairo_stroke(context) }
    }
    // The stroke goes under the fill unless the document says otherwise.
    if strokeOverFill {
      doFill(true)
      doStroke(false)
    } else {
      doStroke(true)
      doFill(false)
    }
    cairo_new_path(context)
  }

  // MARK: - Animators

  /// Anchor groups (`m.g`): the width of each character's group and where in it the character sits, as
  /// lottie-web's `completeTextData` measures them (words end at spaces and line breaks, lines at breaks).
  private static func group(_ letters: inout [Letter], by grouping: TextGrouping) {
    guard grouping == .words || grouping == .lines else {
      for i in letters.indices { letters[i].group = i }
      return
    }
    var size = 0.0
    var first = 0
    var group = 0
    for i in letters.indices {
      letters[i].groupOffset = size
      size += letters[i].advance
      let c = letters[i].character
      let ends = grouping == .words ? (c.isEmpty || c == " ") : c.isEmpty
      guard ends || i == letters.count - 1 else { continue }
      if ends { size -= letters[i].advance }
      for j in first...i {
        letters[j].groupWidth = size
        letters[j].group = group
        letters[j].extra = letters[i].advance
      }
      first = i + 1
      size = 0
      group += 1
    }
  }

  /// Numbers the characters for each animator's selector (by characters, words or lines) and evaluates the
  /// animators at `frame`.
  private static func evaluate(_ animators: [TextAnimator], letters: inout [Letter], frame: Double) -> [TextAnimatorFrame] {
    var result: [TextAnimatorFrame] = []
    for animator in animators {
      var index = 0
      for i in letters.indices {
        letters[i].indexes.append(index)
        let c = letters[i].character
        let counts: Bool
        switch animator.selector.basedOn {
        case .characters: counts = !c.isEmpty
        case .charactersExcludingSpaces: counts = !c.isEmpty && c != " "
        case .words: counts = c.isEmpty || c == " " || i == letters.count - 1
        case .lines: counts = c.isEmpty || i == letters.count - 1
        }
        if counts { index += 1 }
      }
      result.append(TextAnimatorFrame(animator, frame: frame, count: index))
    }
    return result
  }

  /// Each character's matrix and paints (nil for line breaks), following lottie-web's
  /// `TextAnimatorProperty.getMeasures`: move the character's anchor to the origin, apply the animators'
  /// anchor, scale, skew and rotation, position, then move to the character's place on its line, or on the
  /// text path when there is one.
  private static func letterStyles(
    _ letters: [Letter], animators: [TextAnimatorFrame], document: TextDocument, alignment: Vec2,
    lineStarts: [Double], top: Double, tracking: Double, path: TextPathFrame?, lineWidths: [Double]
  ) -> [LetterStyle?] {
    let amounts = letters.map { letter in
      animators.enumerated().map { j, a in a.selector.amount(at: Double(letter.indexes[j])) }
    }
    let hasTracking = animators.contains { $0.tracking != nil }
    let j = document.justification
    // Animated tracking widens centred and right-aligned lines: shift them back (lottie-web's
    // `animatorJustifyOffset`, quirks included).
    var justifyOffsets = [Double](repeating: 0, count: lineStarts.count)
    if hasTracking && [1, 2, 4, 5].contains(j) {
      let factor = j == 2 || j == 5 ? -0.5 : -1
      var firstCharacterOffset = 0.0
      var lineOffset = 0.0
      var isNewLine = true
      var line = 0
      for (i, letter) in letters.enumerated() {
        if letter.isLineBreak {
          if lineOffset != 0 { lineOffset += firstCharacterOffset }
          justifyOffsets[line] = lineOffset
          lineOffset = 0
          line = letter.line
          isNewLine = true
          continue
        }
        for (k, a) in animators.enumerated() {
          guard let t = a.tracking else { continue }
          if isNewLine && factor == -0.5 { firstCharacterOffset += t * factor }
          lineOffset += t * amounts[i][k] * factor
        }
        isNewLine = false
      }
      if lineOffset != 0 { lineOffset += firstCharacterOffset }
      justifyOffsets[line] = lineOffset
    }

    let strokeChanges = animators.contains { $0.changesStroke }
    let widthChanges = animators.contains { $0.strokeWidth != nil }
    let yOffset = document.size * 1.2 * 0.714
    var styles: [LetterStyle?] = []
    var x = 0.0
    // Box text's top does not apply on a path.
    var y = (path == nil ? top : 0) - document.baselineShift
    // On a path: the distance along it (lottie-web's `currentLength`), the group last centred on it and the
    // line last justified.
    var distance = path?.firstMargin ?? 0
    var lastGroup = -1
    var pathLine = -1
    for (i, letter) in letters.enumerated() {
      if letter.isLineBreak {
        x = 0
        y += document.lineHeight
        distance = path?.firstMargin ?? 0
        styles.append(nil)
        continue
      }
      let mult = amounts[i]
      // Anchor: the group's centre on the baseline, moved by the grouping alignment.
      let centre = letter.groupWidth / 2 - letter.groupOffset
      let align = Vec2(alignment.x * letter.groupWidth * 0.005, alignment.y * yOffset * 0.01)
      var m = Affine.translation(-centre - align.x, -align.y)
      var onPath: (point: Vec2, angle: Double)?
      if let path {
        onPath = place(
          letter, i, letters, on: path, distance: &distance, lastGroup: &lastGroup, line: &pathLine,
          align: align.x, mult: mult, animators: animators, justification: j, lineWidths: lineWidths)
      }
      for (k, a) in animators.enumerated() {
        // Tracking does not move the first character of a left-aligned line; on a path lottie-web only
        // applies it to centred and right-aligned text (its test looks at a line position that a path
        // never advances), and it moves the characters after this one.
        guard let t = a.tracking else { continue }
        if path != nil {
          if j != 0 { distance += t * mult[k] }
        } else if x != 0 || j != 0 {
          x += t * mult[k]
        }
      }
      for (k, a) in animators.enumerated() {
        if let anchor = a.anchor { m = m.then(.translation(-anchor.x * mult[k], -anchor.y * mult[k])) }
      }
      for (k, a) in animators.enumerated() {
        if let s = a.scale { m = m.then(.scale(1 + (s.x - 1) * mult[k], 1 + (s.y - 1) * mult[k])) }
      }
      var opacity = 1.0
      var strokeWidth = document.strokeWidth
      var fill = document.fillColor
      var stroke = strokeChanges ? (document.strokeColor ?? RGBA(0, 0, 0)) : document.strokeColor
      var fillAlpha = 1.0
      var strokeAlpha = 1.0
      for (k, a) in animators.enumerated() {
        let t = mult[k]
        if let skew = a.skew, skew != 0 {
          let axis = a.skewAxis * t * .pi / 180
          let shear = Affine(a: 1, b: 0, c: tan(-skew * t * .pi / 180), d: 1, tx: 0, ty: 0)
          m = m.then(.rotation(axis)).then(shear).then(.rotation(-axis))
        }
        if let r = a.rotation { m = m.then(.rotation(r * t * .pi / 180)) }
        if let o = a.opacity { opacity += (o * t - opacity) * t }
        if let w = a.strokeWidth { strokeWidth += w * t }
        if let c = a.strokeColor, let s = stroke { stroke = mix(s, c, t) }
        if let h = a.strokeHue, let s = stroke { stroke = HSVAdjust.hue(s, h * t) }
        if let v = a.strokeSaturation, let s = stroke { stroke = HSVAdjust.saturation(s, v * t) }
        if let v = a.strokeBrightness, let s = stroke { stroke = HSVAdjust.brightness(s, v * t) }
        if let o = a.strokeOpacity { strokeAlpha *= 1 + (o - 1) * t }
        if let c = a.fillColor, let f = fill { fill = mix(f, c, t) }
        if let h = a.fillHue, let f = fill { fill = HSVAdjust.hue(f, h * t) }
        if let v = a.fillSaturation, let f = fill { fill = HSVAdjust.saturation(f, v * t) }
        if let v = a.fillBrightness, let f = fill { fill = HSVAdjust.brightness(f, v * t) }
        if let o = a.fillOpacity { fillAlpha *= 1 + (o - 1) * t }
      }
      for (k, a) in animators.enumerated() {
        // On a path the horizontal position moved the character along it instead.
        if let p = a.position { m = m.then(.translation(path == nil ? p.x * mult[k] : 0, p.y * mult[k])) }
      }
      if let onPath, let path {
        // The group's centre (plus the alignment) sits on the path point, turned to the path's direction.
        m = m.then(.translation(0, y + align.y))
        if path.perpendicular { m = m.then(.rotation(onPath.angle)) }
        m = m.then(.translation(onPath.point.x, onPath.point.y))
        distance -= align.x
        if i + 1 < letters.count, letters[i + 1].group != letter.group { distance += letter.groupWidth / 2 + tracking }
      } else {
        let lineX = lineStarts[letter.line] + justifyOffsets[letter.line]
        m = m.then(.translation(lineX + x + centre + align.x, y + align.y))
        x += letter.advance + tracking
      }
      if widthChanges { strokeWidth = max(0, strokeWidth) }
      fill?.a *= min(max(fillAlpha, 0), 1)
      stroke?.a *= min(max(strokeAlpha, 0), 1)
      styles.append(
        LetterStyle(matrix: m, opacity: min(max(opacity, 0), 1), fill: fill, stroke: stroke, strokeWidth: strokeWidth))
    }
    return styles
  }

  /// Where a character's group centre goes on the text path, as lottie-web's `getMeasures` walks it: each new
  /// line starts at the first margin (moved by right or centre justification), each new group moves on by
  /// half its width, and the animators' horizontal position and anchor move the character further along.
  /// Force alignment spreads the groups evenly from the first margin to the end of the path.
  private static func place(
    _ letter: Letter, _ i: Int, _ letters: [Letter], on path: TextPathFrame, distance: inout Double,
    lastGroup: inout Int, line: inout Int, align: Double, mult: [Double], animators: [TextAnimatorFrame],
    justification j: Int, lineWidths: [Double]
  ) -> (point: Vec2, angle: Double) {
    if line != letter.line {
      line = letter.line
      switch j {
      case 1, 4: distance += path.totalLength - lineWidths[line]
      case 2, 5: distance += (path.totalLength - lineWidths[line]) / 2
      default: break
      }
    }
    if lastGroup != letter.group {
      // lottie-web adds the `extra` of the letter whose index is the previous group's number (the same
      // letter when grouping by characters, where it is 0).
      if letters.indices.contains(lastGroup) { distance += letters[lastGroup].extra }
      distance += letter.groupWidth / 2
      lastGroup = letter.group
    }
    distance += align
    var offset = 0.0
    for (k, a) in animators.enumerated() {
      if let p = a.position { offset += p.x * mult[k] }
      if let anchor = a.anchor { offset += anchor.x * mult[k] }
    }
    if path.forceAlignment {
      let first = letters[0].groupWidth / 2, last = letters[letters.count - 1].groupWidth / 2
      let steps = Double(max(letters.count - 1, 1))
      distance = first + (path.totalLength - path.firstMargin - first - last) * Double(letter.group) / steps
        + path.firstMargin
    }
    return path.place(at: distance + offset)
  }

  /// `a` moved towards `b` by `t`, alpha kept.
  private static func mix(_ a: RGBA, _ b: RGBA, _ t: Double) -> RGBA {
    RGBA(a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a)
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

  /// Selects the system font for a document's font name (found through fontconfig, see `FontLibrary`).
  /// False when there is no system font at all.
  private func selectSystemFont(_ fontName: String, size: Double) -> Bool {
    // Never Cairo's toy faces: resolving them calls fontconfig outside `FontLibrary.fontconfig`.
    guard let face = scene.fontMatch(fontName).face ?? FontLibrary.fallback.face else { return false }
    cairo_set_font_face(context, face)
    cairo_set_font_size(context, size)
    return true
  }

  private func setMatrix(_ m: Affine) {
    var cm = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
    cairo_set_matrix(context, &cm)
  }
}
