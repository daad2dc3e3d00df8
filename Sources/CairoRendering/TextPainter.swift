import CCairo
import Foundation
import Lottie
import LottieScene

/// Lays out and draws a text document: glyph outlines from the file's `chars` when it has them, otherwise
/// text shaped with HarfBuzz in the system font of the same family and style, with per-character fallback,
/// right-to-left runs and colour emoji (see `TextShaper`, `FontLibrary`).
struct TextPainter {
  let scene: Scene
  let context: OpaquePointer

  /// One unit of the laid-out text (a grapheme cluster or a ligature, see `TextUnit`), or a line break
  /// between two lines, as lottie-web's `completeTextData` lists characters (`documentData.l`).
  private struct Letter {
    /// The characters; empty for a line break.
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
    /// The unit's place in reading order (selectors count in reading order, also in right-to-left text);
    /// -1 for a line break, which comes before its line's units.
    var logical = -1
    /// What draws it.
    var unit: TextUnit? = nil
  }

  /// What a character is drawn with after the animators.
  struct LetterStyle {
    var matrix: Affine
    var opacity: Double
    var fill: RGBA?
    var stroke: RGBA?
    var strokeWidth: Double
  }

  /// The laid-out text at a frame: each unit that may draw with its matrix and paints.
  struct Layout {
    var placed: [(unit: TextUnit, style: LetterStyle)]
    var size: Double
    var strokeOverFill: Bool
  }

  /// Draws a text layer at a (property) frame: its document there, each character moved and restyled by
  /// the animators. `layer` names the scene layer showing `text`, whose layout is then shared with `bounds`.
  func draw(_ text: TextLayer, frame: Double, world: Affine, opacity: Double, layer: ObjectIdentifier? = nil) {
    guard let layout = layout(text, frame: frame, layer: layer) else { return }
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    for (unit, s) in layout.placed {
      draw(unit, style: s, world: world, opacity: opacity, strokeOverFill: layout.strokeOverFill, size: layout.size)
    }
    setMatrix(world)
  }

  /// Device-space bounds of everything `draw` paints at `frame` under `world` (invalid when it paints
  /// nothing): each drawn unit's outline control points (which hold its curves) under the unit's own matrix,
  /// padded by half its stroke (and a synthetic bold's) and a pixel of antialiasing; colour images by their
  /// rectangles. The same layout as `draw`, so whatever the animators or a text path move is where it is.
  func bounds(_ text: TextLayer, frame: Double, world: Affine, layer: ObjectIdentifier? = nil) -> DeviceBox {
    var box = DeviceBox()
    guard let layout = layout(text, frame: frame, layer: layer) else { return box }
    let size = layout.size
    for (unit, s) in layout.placed {
      guard s.opacity > 0, let m = drawnMatrix(unit, style: s, world: world, size: size) else { continue }
      let scale = m.maxScale
      let strokes = s.strokeWidth > 0 && s.stroke != nil
      guard s.fill != nil || strokes else { continue }
      // Round joins and butt caps reach half the line width from the outline; 1.5 for Cairo's stroker, as
      // shape strokes are padded (`contentBounds`).
      // Widths held as `heldLineWidth` holds them under the unit's matrix (the context's is not set here).
      func reach(_ width: Double) -> Double { min(width / 2 * scale, LayerPainter.deviceReach) * 1.5 }
      var pad = 1.0
      if strokes { pad += reach(s.strokeWidth) }
      if s.fill != nil, unit.glyphs.contains(where: \.face.file.emboldens) { pad = max(pad, 1 + reach(size / 24)) }
      if let key = unit.charsGlyph, let outlines = scene.glyphOutlines(key) {
        let toDevice = Affine.scale(size / 100, size / 100).then(m)
        for path in outlines {
          for (i, v) in path.vertices.enumerated() {
            box.add(toDevice.apply(v), pad: pad)
            box.add(toDevice.apply(v + path.inTangents[i]), pad: pad)
            box.add(toDevice.apply(v + path.outTangents[i]), pad: pad)
          }
        }
      }
      func add(_ elements: [GlyphPathElement], at glyph: PlacedGlyph) {
        for e in elements {
          switch e {
          case .move(let px, let py), .line(let px, let py):
            box.add(m.apply(Vec2(glyph.x + px * size, glyph.y + py * size)), pad: pad)
          case .curve(let ax, let ay, let bx, let by, let px, let py):
            box.add(m.apply(Vec2(glyph.x + ax * size, glyph.y + ay * size)), pad: pad)
            box.add(m.apply(Vec2(glyph.x + bx * size, glyph.y + by * size)), pad: pad)
            box.add(m.apply(Vec2(glyph.x + px * size, glyph.y + py * size)), pad: pad)
          case .close: break
          }
        }
      }
      for glyph in unit.glyphs {
        switch glyph.face.drawing(glyph.glyph) {
        case .outline(let elements): add(elements, at: glyph)
        case .layers(let colored):
          guard s.fill != nil else { break }
          for layer in colored { add(layer.outline, at: glyph) }
        case .image(let image):
          guard s.fill != nil else { break }
          // Filtered image edges spread into the next pixel: 2 pixels.
          let x = glyph.x + image.x * size, y = glyph.y + image.y * size
          for corner in [
            Vec2(x, y), Vec2(x + image.width * size, y), Vec2(x, y + image.height * size),
            Vec2(x + image.width * size, y + image.height * size),
          ] {
            box.add(m.apply(corner), pad: 2)
          }
        }
      }
    }
    return box
  }

  /// The layout of `text` at `frame` for the scene layer `layer`: made once in a frame and shared by the
  /// layer's bounds (damage, group box) and drawing. It depends only on the layer's text and the frame
  /// (and the worker's shaping), so the layer and frame name it; the frame renderer forgets them every frame.
  private func layout(_ text: TextLayer, frame: Double, layer: ObjectIdentifier?) -> Layout? {
    guard let layer else { return layout(text, frame: frame) }
    if let kept = scene.textLayouts[layer], kept.frame == frame { return kept.layout }
    let made = layout(text, frame: frame)
    scene.textLayouts[layer] = (frame, made)
    return made
  }

  /// Lays the text out at `frame`; nil when there is nothing to draw.
  private func layout(_ text: TextLayer, frame: Double) -> Layout? {
    scene.textLayoutsMade += 1
    let document = text.document.value(at: frame)
    let size = document.size
    guard size > 0, !document.text.isEmpty else { return nil }
    let font = scene.animation.fonts[document.fontName]
    let content = document.allCaps ? document.text.uppercased() : document.text
    let tracking = document.tracking / 1000 * size

    // 1. Shape and lay out (cached per document): lines, hard breaks and for box text wrapped to the box
    //    width, each line's units in visual order.
    let boxWidth = document.boxSize.flatMap { $0.x > 0 ? $0.x : nil }
    let key = TextLayoutKey(
      text: content, fontName: document.fontName, size: size, tracking: tracking, boxWidth: boxWidth,
      ligatures: tracking == 0 && text.animators.isEmpty)
    let lines = scene.textShaper.lines(key)
    // 2. List the units with line breaks between lines; each line starts where its justification says.
    var letters: [Letter] = []
    var lineStarts: [Double] = []
    var lineWidths: [Double] = []
    let boxX = document.boxPosition?.x ?? 0
    for (number, line) in lines.enumerated() {
      if number > 0 { letters.append(Letter(character: "", advance: 0, line: number, groupWidth: 0, groupOffset: 0)) }
      // lottie-web's line width counts the tracking after every character, the last one included.
      let width = line.reduce(0) { $0 + $1.advance + tracking }
      lineWidths.append(width)
      switch document.justification {
      case 1, 4: lineStarts.append(boxWidth != nil ? boxX + (boxWidth ?? 0) - width : -width)
      case 2, 5: lineStarts.append(boxWidth != nil ? boxX + ((boxWidth ?? 0) - width) / 2 : -width / 2)
      default: lineStarts.append(boxWidth != nil ? boxX : 0)
      }
      for unit in line {
        letters.append(
          Letter(
            character: unit.text, advance: unit.advance, line: number, groupWidth: unit.advance, groupOffset: 0,
            logical: unit.logical, unit: unit))
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
      path: text.path.flatMap {
        TextPathFrame($0, frame: frame, polylines: scene.caches.isEnabled ? scene.textShaper.pathPolylines : nil)
      }, lineWidths: lineWidths)
    var placed: [(unit: TextUnit, style: LetterStyle)] = []
    for (letter, letterStyle) in zip(letters, styles) {
      guard let s = letterStyle, let unit = letter.unit, !unit.isSpace else { continue }
      placed.append((unit, s))
    }
    return Layout(placed: placed, size: size, strokeOverFill: document.strokeOverFill)
  }

  /// The matrix a unit is drawn with, or nil when it is not drawn: a unit that could reach beyond Cairo's
  /// fixed point (see `LayerPainter.deviceReach`) is scaled so far that it is a thousand canvases across.
  /// Glyphs lie within a couple of ems of their places.
  private func drawnMatrix(_ unit: TextUnit, style s: LetterStyle, world: Affine, size: Double) -> Affine? {
    let m = s.matrix.then(world)
    var extent = Vec2(abs(unit.advance), 0)
    for glyph in unit.glyphs { extent = Vec2(max(extent.x, abs(glyph.x)), max(extent.y, abs(glyph.y))) }
    extent = extent + Vec2(2 * abs(size), 2 * abs(size))
    return LayerPainter.mayExceedReach(extent, under: m) ? nil : m
  }

  /// Fills and strokes one unit at the origin of its matrix; colour glyphs (emoji) are painted over.
  private func draw(
    _ unit: TextUnit, style s: LetterStyle, world: Affine, opacity: Double, strokeOverFill: Bool, size: Double
  ) {
    let alpha = opacity * s.opacity
    guard alpha > 0 else { return }
    let fill = s.fill
    let stroke = s.strokeWidth > 0 ? s.stroke : nil
    guard fill != nil || stroke != nil else { return }
    guard let m = drawnMatrix(unit, style: s, world: world, size: size) else { return }
    setMatrix(m)
    cairo_new_path(context)
    var images: [(ImageGlyph, PlacedGlyph)] = []
    var layers: [([GlyphPathElement], RGBA?, PlacedGlyph)] = []
    if let key = unit.charsGlyph, let outlines = scene.glyphOutlines(key) {
      let painter = LayerPainter(scene: scene, context: context)
      for contour in outlines { painter.appendPath(contour, transform: .scale(size / 100, size / 100)) }
    }
    for glyph in unit.glyphs {
      switch glyph.face.drawing(glyph.glyph) {
      case .outline(let elements): append(elements, at: glyph, size: size)
      case .image(let image): images.append((image, glyph))
      case .layers(let colored): layers += colored.map { ($0.outline, $0.color, glyph) }
      }
    }
    func doFill(_ preserve: Bool) {
      guard let f = fill else { return }
      cairo_set_source_rgba(context, f.r, f.g, f.b, f.a * alpha)
      if preserve { cairo_fill_preserve(context) } else { cairo_fill(context) }
    }
    func doStroke(_ preserve: Bool) {
      guard let c = stroke else { return }
      cairo_set_line_width(context, heldLineWidth(s.strokeWidth))
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
    guard let f = fill else { return }
    // A synthetic bold grows each outline by 1/48 em on every side (FreeType's emboldening, 1/24 em in
    // all): a stroke of the fill colour around it.
    let emboldened = unit.glyphs.filter(\.face.file.emboldens)
    if !emboldened.isEmpty {
      for glyph in emboldened {
        if case .outline(let elements) = glyph.face.drawing(glyph.glyph) { append(elements, at: glyph, size: size) }
      }
      cairo_set_line_width(context, heldLineWidth(size / 24))
      cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
      cairo_set_dash(context, nil, 0, 0)
      cairo_set_source_rgba(context, f.r, f.g, f.b, f.a * alpha)
      cairo_stroke(context)
    }
    // Colour glyphs keep their own colours; the fill's opacity (and the layer's) still applies.
    for (outline, color, glyph) in layers {
      let c = color ?? f
      append(outline, at: glyph, size: size)
      cairo_set_source_rgba(context, c.r, c.g, c.b, c.a * f.a * alpha)
      cairo_fill(context)
    }
    for (image, glyph) in images {
      cairo_save(context)
      cairo_translate(context, glyph.x + image.x * size, glyph.y + image.y * size)
      cairo_scale(context, image.width * size / image.pixelWidth, image.height * size / image.pixelHeight)
      cairo_set_source_surface(context, image.surface, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
      cairo_paint_with_alpha(context, f.a * alpha)
      cairo_restore(context)
    }
  }

  /// Appends a glyph outline (em units) at the glyph's place, scaled to the text size.
  private func append(_ elements: [GlyphPathElement], at glyph: PlacedGlyph, size: Double) {
    let x = glyph.x, y = glyph.y
    for e in elements {
      switch e {
      case .move(let px, let py): cairo_move_to(context, x + px * size, y + py * size)
      case .line(let px, let py): cairo_line_to(context, x + px * size, y + py * size)
      case .curve(let ax, let ay, let bx, let by, let px, let py):
        cairo_curve_to(
          context, x + ax * size, y + ay * size, x + bx * size, y + by * size, x + px * size, y + py * size)
      case .close: cairo_close_path(context)
      }
    }
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
  /// animators at `frame`. Characters are counted in reading order (right-to-left runs from their right
  /// end), each grapheme cluster or ligature once, as After Effects counts them.
  private static func evaluate(_ animators: [TextAnimator], letters: inout [Letter], frame: Double)
    -> [TextAnimatorFrame]
  {
    var result: [TextAnimatorFrame] = []
    let order = letters.indices.sorted {
      (letters[$0].line, letters[$0].logical) < (letters[$1].line, letters[$1].logical)
    }
    for animator in animators {
      var index = 0
      for (position, i) in order.enumerated() {
        letters[i].indexes.append(index)
        let c = letters[i].character
        let isLast = position == order.count - 1
        let counts: Bool
        switch animator.selector.basedOn {
        case .characters: counts = !c.isEmpty
        case .charactersExcludingSpaces: counts = !c.isEmpty && c != " "
        case .words: counts = c.isEmpty || c == " " || isLast
        case .lines: counts = c.isEmpty || isLast
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
      distance =
        first + (path.totalLength - path.firstMargin - first - last) * Double(letter.group) / steps
        + path.firstMargin
    }
    return path.place(at: distance + offset)
  }

  /// `a` moved towards `b` by `t`, alpha kept.
  private static func mix(_ a: RGBA, _ b: RGBA, _ t: Double) -> RGBA {
    RGBA(a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a)
  }

  /// See `LayerPainter.heldLineWidth`.
  private func heldLineWidth(_ width: Double) -> Double {
    LayerPainter(scene: scene, context: context).heldLineWidth(width)
  }

  private func setMatrix(_ m: Affine) {
    var cm = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
    cairo_set_matrix(context, &cm)
  }
}
