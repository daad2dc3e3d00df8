import Foundation
import Lottie

/// How box text fits its box (`sz`): the lines as the layout breaks them, measured against the box, and the
/// font scale at which they fit (`--text-fit shrink`; Skottie's `ResizePolicy::kDownscaleToFit` does the same
/// for its paragraph text, by the shaped text's bounds).
///
/// The measure is the layout's, not the ink's: a line's width is its advances and tracking without the spaces
/// that end it, and the lines' depth runs from the box's top to the last line's baseline. The first line
/// always fits the box's height: After Effects draws a single line in a box shorter than its em (files
/// exported from it have such boxes), and hides the lines whose baselines fall below the box. Animators are
/// not counted: they move letters, not lines.
extension TextShaper {
  /// How far box text runs out of its box.
  package struct BoxOverflow: Equatable {
    /// Lines drawn (after wrapping).
    package var lines: Int
    /// The widest line, and the box's width.
    package var widest: Double
    package var boxWidth: Double
    /// From the box's top to the last line's baseline, and the box's height.
    package var depth: Double
    package var boxHeight: Double

    /// Whether the lines fit: within half a pixel and 2% of the box's side (the first line always fits the
    /// height).
    package var fits: Bool {
      widest <= boxWidth * 1.02 + 0.5 && (lines <= 1 || depth <= boxHeight * 1.02 + 0.5)
    }
  }

  /// The smallest scale `boxFitScale` goes down to: smaller, nobody would read it.
  package static let minimumFitScale = 1.0 / 16

  /// The document's lines measured against its box at `scale` times its size, or nil for point text and for a
  /// box without width or height. `animated`: the layer has text animators (no ligatures, as the layout).
  package func boxOverflow(_ document: TextDocument, scale: Double = 1, animated: Bool) -> BoxOverflow? {
    guard let box = document.boxSize, box.x > 0, box.y > 0, document.size > 0, scale > 0 else { return nil }
    let size = document.size * scale
    let tracking = document.tracking / 1000 * size
    let content = document.allCaps ? document.text.uppercased() : document.text
    let key = TextLayoutKey(
      text: content, fontName: document.fontName, size: size, tracking: tracking, boxWidth: box.x,
      ligatures: tracking == 0 && !animated)
    let lines = lines(key)
    var widest = 0.0
    var drawsSomething = false
    for line in lines {
      // Leading spaces are drawn (from the box's left), the spaces that end a line are not.
      guard let last = line.lastIndex(where: { !$0.isSpace }) else { continue }
      drawsSomething = true
      widest = max(widest, line[...last].reduce(0) { $0 + $1.advance + tracking } - tracking)
    }
    // Nothing drawn (no text, or only spaces) fits any box.
    guard drawsSomething else { return nil }
    let ascent = (animation.fonts[document.fontName]?.ascent ?? 75) / 100
    // A baseline shift down (negative) moves every line further down.
    let shift = max(0, -document.baselineShift * scale)
    let depth = ascent * size + Double(max(0, lines.count - 1)) * document.lineHeight * scale + shift
    return BoxOverflow(lines: lines.count, widest: widest, boxWidth: box.x, depth: depth, boxHeight: box.y)
  }

  /// The largest scale (at most 1, at least `minimumFitScale`) at which the document's lines fit its box, to a
  /// thousandth; 1 for point text or when they fit already. Smaller text wraps again, so each scale is laid out.
  package func boxFitScale(_ document: TextDocument, animated: Bool) -> Double {
    guard let full = boxOverflow(document, animated: animated), !full.fits else { return 1 }
    var low = Self.minimumFitScale, high = 1.0
    if boxOverflow(document, scale: low, animated: animated)?.fits == false { return low }
    while high - low > 0.001 {
      let middle = (low + high) / 2
      if boxOverflow(document, scale: middle, animated: animated)?.fits == true { low = middle } else { high = middle }
    }
    return low
  }
}

extension TextDocument {
  /// The document drawn `scale` times as large: its size, line height, baseline shift and stroke width (the
  /// tracking is in thousandths of the size, and its box stays as it is).
  package func scaled(by scale: Double) -> TextDocument {
    var document = self
    document.size *= scale
    document.lineHeight *= scale
    document.baselineShift *= scale
    document.strokeWidth *= scale
    return document
  }
}
