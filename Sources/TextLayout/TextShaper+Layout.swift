import Foundation
import Lottie
import LottieScene

/// What a character is drawn with after the animators.
package struct LetterStyle {
  package var matrix: Affine
  package var opacity: Double
  package var fill: RGBA?
  package var stroke: RGBA?
  package var strokeWidth: Double
}

/// Text laid out at a frame: each unit that may draw with its matrix and paints.
package struct LaidOutText {
  package var placed: [(unit: TextUnit, style: LetterStyle)]
  package var size: Double
  package var strokeOverFill: Bool
}

/// The layout half of drawing text: the units of `lines(_:)` listed as lottie-web lists characters, grouped,
/// counted for the animators' selectors, and each placed with its matrix and paints (on its line, or on the
/// text path). The renderer draws the result.
extension TextShaper {
  /// One unit of the laid-out text (a grapheme cluster or a ligature, see `TextUnit`), or a line break
  /// between two lines, as lottie-web's `completeTextData` lists characters (`documentData.l`).
  fileprivate struct Letter {
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

  /// The text node's layout at its last update, made when its version changed and kept on the node (see
  /// `TextNode.cached`); nil when there is nothing to draw. `keepsPolylines` measures a text path once and
  /// keeps it (see `TextPathPolylines`).
  package func layout(_ text: TextNode, keepsPolylines: Bool) -> LaidOutText? {
    text.cached { Kept(layout: makeLayout(text, keepsPolylines: keepsPolylines)) }.layout
  }

  /// What a text node keeps: the layout, or nil for nothing to draw.
  private struct Kept {
    var layout: LaidOutText?
  }

  /// Lays the text out with the node's current values.
  private func makeLayout(_ text: TextNode, keepsPolylines: Bool) -> LaidOutText? {
    layoutsMade += 1
    let document = text.document
    let size = document.size
    guard size > 0, !document.text.isEmpty else { return nil }
    let font = animation.fonts[document.fontName]
    let content = document.allCaps ? document.text.uppercased() : document.text
    let tracking = document.tracking / 1000 * size

    // 1. Shape and lay out (cached per document): lines, hard breaks and for box text wrapped to the box
    //    width, each line's units in visual order.
    let boxWidth = document.boxSize.flatMap { $0.x > 0 ? $0.x : nil }
    let key = TextLayoutKey(
      text: content, fontName: document.fontName, size: size, tracking: tracking, boxWidth: boxWidth,
      ligatures: tracking == 0 && text.animators.isEmpty)
    let lines = lines(key)
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
      switch document.justification.lineAlignment {
      case .right: lineStarts.append(boxWidth != nil ? boxX + (boxWidth ?? 0) - width : -width)
      case .center: lineStarts.append(boxWidth != nil ? boxX + ((boxWidth ?? 0) - width) / 2 : -width / 2)
      case .left: lineStarts.append(boxWidth != nil ? boxX : 0)
      }
      for unit in line {
        letters.append(
          Letter(
            character: unit.text, advance: unit.advance, line: number, groupWidth: unit.advance, groupOffset: 0,
            logical: unit.logical, unit: unit))
      }
    }
    Self.group(&letters, by: text.grouping)
    let selections = Self.select(text.animators, letters: &letters)

    // 3. Place each character and draw it with its own matrix and paints.
    let ascent = (font?.ascent ?? 75) / 100 * size
    let top = document.boxPosition.map { $0.y + ascent } ?? 0
    let styles = Self.letterStyles(
      letters, animators: text.animators, selections: selections, document: document, alignment: text.alignment,
      lineStarts: lineStarts, top: top, tracking: tracking,
      path: text.path.flatMap { TextPathFrame($0, polylines: keepsPolylines ? pathPolylines : nil) },
      lineWidths: lineWidths)
    var placed: [(unit: TextUnit, style: LetterStyle)] = []
    for (letter, letterStyle) in zip(letters, styles) {
      guard let s = letterStyle, let unit = letter.unit, !unit.isSpace else { continue }
      placed.append((unit, s))
    }
    return LaidOutText(placed: placed, size: size, strokeOverFill: document.strokeOverFill)
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

  /// Numbers the characters for each animator's selector (by characters, words or lines) and gives each
  /// selector's selection over them. Characters are counted in reading order (right-to-left runs from their
  /// right end), each grapheme cluster or ligature once, as After Effects counts them.
  private static func select(_ animators: [TextAnimatorNode], letters: inout [Letter]) -> [TextSelection] {
    var result: [TextSelection] = []
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
      result.append(animator.selector.selection(count: index))
    }
    return result
  }

  /// Each character's matrix and paints (nil for line breaks), following lottie-web's
  /// `TextAnimatorProperty.getMeasures`: move the character's anchor to the origin, apply the animators'
  /// anchor, scale, skew and rotation, position, then move to the character's place on its line, or on the
  /// text path when there is one.
  private static func letterStyles(
    _ letters: [Letter], animators: [TextAnimatorNode], selections: [TextSelection], document: TextDocument,
    alignment: Vec2, lineStarts: [Double], top: Double, tracking: Double, path: TextPathFrame?, lineWidths: [Double]
  ) -> [LetterStyle?] {
    let amounts = letters.map { letter in
      selections.enumerated().map { j, s in s.amount(at: Double(letter.indexes[j])) }
    }
    let hasTracking = animators.contains { $0.tracking != nil }
    let j = document.justification
    // Animated tracking widens centred and right-aligned lines: shift them back (lottie-web's
    // `animatorJustifyOffset`, quirks included).
    var justifyOffsets = [Double](repeating: 0, count: lineStarts.count)
    if hasTracking && j.lineAlignment != .left {
      let factor = j.lineAlignment == .center ? -0.5 : -1
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
          if j != .left { distance += t * mult[k] }
        } else if x != 0 || j != .left {
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
    lastGroup: inout Int, line: inout Int, align: Double, mult: [Double], animators: [TextAnimatorNode],
    justification j: Justification, lineWidths: [Double]
  ) -> (point: Vec2, angle: Double) {
    if line != letter.line {
      line = letter.line
      switch j.lineAlignment {
      case .right: distance += path.totalLength - lineWidths[line]
      case .center: distance += (path.totalLength - lineWidths[line]) / 2
      case .left: break
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
}
