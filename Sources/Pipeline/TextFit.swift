import CairoRendering
import Foundation
import Lottie
import LottieScene
import TextLayout

/// `--text-fit`: what becomes of text that does not fit its box or the canvas (a long city name from a
/// `--data` row, a translation).
public enum TextFitMode: String, Sendable, CaseIterable {
  /// Drawn as the file says; a warning names text that runs out of its box or is cut at the canvas's edge.
  case none
  /// Drawn smaller until it fits: box text to its box, point text to the canvas (what can show it).
  case shrink
}

/// Text that does not fit: measured, said, and with `--text-fit shrink` drawn smaller (issue 41).
///
/// - **Box text** (paragraph text, `sz`) fits when its lines, as the layout breaks them, fit its box (see
///   `TextShaper.boxOverflow`): After Effects hides the lines that do not, players draw them past the box.
///   Shrunk, each document is laid out again at smaller sizes until its lines fit (Skottie's
///   `kDownscaleToFit`).
/// - **Any text** is cut when its ink runs past what can show it (the canvas, and every precomp's rectangle
///   around it) at each frame checked that shows some of it: text that slides in or out is whole at some frame
///   and not warned about, text never shown is not either. Masks and mattes are not counted. Point text
///   shrinks towards its layer's origin (its anchor, where a smaller size draws it from), by the least that
///   makes it whole at some frame checked.
///
/// The fit is applied to the model (each document's size, line height, baseline shift and stroke width), so
/// every renderer, thumbnail and poster draws the same. Text an expression writes (`sourceText`) is fitted by
/// its own value's size, not by what the expression gives.
public enum TextFit {
  /// The animation to draw and what was found.
  public struct Outcome: Sendable {
    public var animation: Animation
    public var diagnostics: [Diagnostic]
  }

  /// How far ink may run past the area (device pixels): the measured ink is padded by a pixel for
  /// antialiasing.
  static let tolerance = 2.0

  /// Documents of one layer fitted to its box at most (a counter keyframed a thousand times): the rest are
  /// drawn as small as the smallest of these.
  static let maxDocuments = 256

  /// Measures `animation`'s text at the frames `check` tries, drawn as `settings` places it, and with
  /// `.shrink` fits it. Work limits are those of `settings` (text over the glyph limit is left to the render to
  /// refuse; measuring stops at the first frame over one). `context` begins each message (a data row:
  /// "row 3 (out/Kochi.mp4)"). Throws only when the measuring renderer cannot be made.
  public static func apply(
    _ mode: TextFitMode, to animation: Animation, settings: RenderSettings, file: String, context: String? = nil
  ) throws -> Outcome {
    // Text over the glyph limit is not measured: the export refuses it before it is shaped, and `check` says so.
    let layers = animation.textLayers.filter { _, text in
      !text.document.allValues.contains { $0.text.unicodeScalars.count > settings.workLimits.glyphs }
    }
    guard !layers.isEmpty else { return Outcome(animation: animation, diagnostics: []) }
    var diagnostics: [Diagnostic] = []
    func say(_ severity: Severity, _ path: JSONPath, _ message: String) {
      let text = context.map { "\($0): \(message)" } ?? message
      diagnostics.append(Diagnostic(severity: severity, file: file, path: path, message: text))
    }
    var fitted = animation

    // 1. Box text against its box, from the layout alone (what the layout does not fit, measured once per
    //    document; fitted, laid out at about ten sizes each, for the first `maxDocuments` of a layer).
    let shaper = TextShaper(animation: animation, fonts: settings.fonts)
    var boxScales: [JSONPath: [Double]] = [:]
    for (layer, text) in layers {
      let animated = !text.animators.isEmpty
      let documents = text.document.allValues
      guard documents.contains(where: { ($0.boxSize?.x ?? 0) > 0 }) else { continue }
      var scales: [Double] = []
      for (index, document) in documents.enumerated() {
        if index >= maxDocuments {
          // The rest as small as the smallest measured.
          scales.append(scales.min() ?? 1)
        } else if mode == .shrink {
          scales.append(shaper.boxFitScale(document, animated: animated))
        } else {
          scales.append(shaper.boxOverflow(document, animated: animated)?.fits == false ? 0 : 1)
        }
      }
      guard let worst = scales.indices.min(by: { scales[$0] < scales[$1] }), scales[worst] < 1,
        let overflow = shaper.boxOverflow(documents[worst], animated: animated)
      else { continue }
      let name = describe(layer, documents[worst].text)
      let need =
        overflow.lines == 1
        ? "its line is \(fmt(overflow.widest)) px wide, the box \(fmt(overflow.boxWidth))"
        : "its \(overflow.lines) lines are \(fmt(overflow.widest)) px wide and \(fmt(overflow.depth)) px down to the "
          + "last baseline, the box is \(fmt(overflow.boxWidth)) by \(fmt(overflow.boxHeight))"
      let stillOver =
        shaper.boxOverflow(documents[worst], scale: scales[worst], animated: animated)?.fits == false
      switch mode {
      case .none:
        say(.warning, layer.path, "\(name) runs out of its box: \(need) (--text-fit shrink draws it smaller to fit)")
      case .shrink where stillOver:
        boxScales[layer.path] = scales
        say(.warning, layer.path, "\(name) runs out of its box even at \(percent(scales[worst])) of its size: \(need)")
      case .shrink:
        boxScales[layer.path] = scales
        say(
          .info, layer.path,
          "\(name) is drawn at \(percent(scales[worst])) of its size to fit its box (--text-fit shrink)")
      }
    }
    if !boxScales.isEmpty { fitted = rescaled(fitted) { path, index in boxScales[path]?[index] ?? 1 } }

    // 2. All text against what can show it, at the frames checked.
    let renderer = try FrameRenderer.measuring(
      animation: fitted, width: settings.width, height: settings.height, fit: settings.fit, images: settings.images,
      fonts: settings.fonts, padding: settings.padding, limits: settings.workLimits)
    var seen: [JSONPath: Seen] = [:]
    var order: [JSONPath] = []
    // A frame over a work limit ends the measure (the render says which limit, at its own frames), and so do
    // expressions that used up a whole frame's steps in all (a rig that runs out of steps every frame cost
    // `check` 16 s more, scripts/fuzz; `check`'s report of the expressions has already spent three frames' on
    // such a file).
    var spent = 0
    for frame in ExpressionReport.frames(fitted)
    where renderer.workLimitExceeded == nil && spent < renderer.expressionSteps.perFrame {
      defer {
        let (sum, overflow) = spent.addingReportingOverflow(renderer.expressionSteps.used)
        spent = overflow ? .max : sum
      }
      var atFrame: [JSONPath: (fits: Bool, scale: Double?, past: Past)] = [:]
      // Text wholly outside what shows it (parked off the frame before it moves in) is not seen at that frame.
      for placement in renderer.textPlacements(atFrame: frame) where !placement.ink.isEmpty(within: placement.area) {
        let past = Past(placement)
        let scale = placement.isBoxText ? nil : shrinkScale(placement)
        if let known = atFrame[placement.path] {
          atFrame[placement.path] = (
            known.fits && past.isNone, known.scale.flatMap { a in scale.map { min(a, $0) } },
            known.past.worse(past)
          )
        } else {
          atFrame[placement.path] = (past.isNone, scale, past)
        }
        if seen[placement.path] == nil {
          seen[placement.path] = Seen(text: placement.text, isBoxText: placement.isBoxText)
          order.append(placement.path)
        }
      }
      for (path, found) in atFrame {
        guard var known = seen[path] else { continue }
        known.frames += 1
        if found.fits { known.fitsSomewhere = true }
        if let s = found.scale { known.bestScale = max(known.bestScale ?? 0, s) }
        if known.firstPast == nil { known.firstPast = (frame, found.past) }
        seen[path] = known
      }
    }
    let byPath = Dictionary(layers.map { ($0.layer.path, $0.layer) }, uniquingKeysWith: { a, _ in a })
    var pointScales: [JSONPath: Double] = [:]
    for path in order {
      guard let found = seen[path], !found.fitsSomewhere, let layer = byPath[path], let first = found.firstPast
      else { continue }
      let (frame, past) = first
      let name = describe(layer, found.text)
      let cut =
        "\(name) is cut at the edge of what shows it at every frame checked that draws it (\(found.frames)): "
        + "\(past.description) at frame \(fmt(frame))"
      if found.isBoxText {
        say(.warning, path, cut)
        continue
      }
      switch mode {
      case .none:
        say(.warning, path, cut + " (--text-fit shrink draws it smaller to fit)")
      case .shrink where layer.content.isTextOnPath:
        // Along a path the letters keep their places on it: a smaller size does not draw it towards its anchor.
        say(.warning, path, cut + "; --text-fit shrink leaves text on a path as it is")
      case .shrink:
        guard let best = found.bestScale, best >= TextShaper.minimumFitScale else {
          say(.warning, path, cut + "; --text-fit shrink cannot fit it: its anchor is outside what shows it")
          continue
        }
        // A hair smaller than the edge: the ink is measured with a pixel of antialiasing.
        let scale = best * 0.995
        pointScales[path] = scale
        say(.info, path, "\(name) is drawn at \(percent(scale)) of its size to fit the frame (--text-fit shrink)")
      }
    }
    if !pointScales.isEmpty { fitted = rescaled(fitted) { path, _ in pointScales[path] ?? 1 } }
    return Outcome(animation: mode == .shrink ? fitted : animation, diagnostics: diagnostics)
  }

  /// What is known of one text layer over the frames checked.
  private struct Seen {
    var text: String
    var isBoxText: Bool
    var frames = 0
    var fitsSomewhere = false
    /// The largest scale that fits it at some frame (point text whose anchor is inside).
    var bestScale: Double?
    var firstPast: (frame: Double, past: Past)?
  }

  /// How far ink runs past the area on each side (0 where it does not, within the tolerance).
  struct Past {
    var left = 0.0, top = 0.0, right = 0.0, bottom = 0.0

    init(_ p: TextPlacement) {
      func over(_ v: Double) -> Double { v > TextFit.tolerance ? v : 0 }
      left = over(p.area.minX - p.ink.minX)
      top = over(p.area.minY - p.ink.minY)
      right = over(p.ink.maxX - p.area.maxX)
      bottom = over(p.ink.maxY - p.area.maxY)
    }

    var isNone: Bool { left == 0 && top == 0 && right == 0 && bottom == 0 }

    func worse(_ other: Past) -> Past {
      var out = self
      out.left = max(left, other.left)
      out.top = max(top, other.top)
      out.right = max(right, other.right)
      out.bottom = max(bottom, other.bottom)
      return out
    }

    var description: String {
      let sides = [("left", left), ("top", top), ("right", right), ("bottom", bottom)].filter { $0.1 > 0 }
      return sides.map { "\(TextFit.fmt($0.1)) px past the \($0.0) edge" }.joined(separator: " and ")
    }
  }

  /// The largest scale (at most 1) at which the ink, drawn smaller towards the layer's origin, lies inside the
  /// area; nil when no scale does (the origin is outside).
  static func shrinkScale(_ p: TextPlacement) -> Double? {
    let a = p.area, b = p.ink, o = p.origin
    let t = tolerance
    guard o.x > a.minX, o.x < a.maxX, o.y > a.minY, o.y < a.maxY else { return nil }
    var scale = 1.0
    if b.maxX > a.maxX + t { scale = min(scale, (a.maxX - o.x) / (b.maxX - o.x)) }
    if b.minX < a.minX - t { scale = min(scale, (o.x - a.minX) / (o.x - b.minX)) }
    if b.maxY > a.maxY + t { scale = min(scale, (a.maxY - o.y) / (b.maxY - o.y)) }
    if b.minY < a.minY - t { scale = min(scale, (o.y - a.minY) / (o.y - b.minY)) }
    return scale > 0 && scale.isFinite ? scale : nil
  }

  /// `animation` with each text layer's documents drawn `scale(path, index)` times as large (`index`: the
  /// document's place among `allValues`).
  static func rescaled(_ animation: Animation, scale: (JSONPath, Int) -> Double) -> Animation {
    func apply(_ layers: [Layer]) -> [Layer] {
      layers.map { layer in
        guard case .text(var text) = layer.content else { return layer }
        switch text.document {
        case .fixed(let document):
          let s = scale(layer.path, 0)
          guard s != 1 else { return layer }
          text.document = .fixed(document.scaled(by: s))
        case .keyframed(let keys):
          let scales = keys.indices.map { scale(layer.path, $0) }
          guard scales.contains(where: { $0 != 1 }) else { return layer }
          text.document = .keyframed(
            zip(keys, scales).map { key, s in
              var key = key
              key.value = key.value.scaled(by: s)
              return key
            })
        case .expression:
          let s = scale(layer.path, 0)
          guard s != 1 else { return layer }
          text.document = text.document.map { $0.scaled(by: s) }
        }
        var out = layer
        out.content = .text(text)
        return out
      }
    }
    var out = animation
    out.layers = apply(animation.layers)
    out.precomps = animation.precomps.mapValues(apply)
    return out
  }

  /// "text layer "Title" ("Thiruvananthapuram")", the text's first line at most 32 characters.
  static func describe(_ layer: Layer, _ text: String) -> String {
    let line = text.split(whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }).first.map(String.init) ?? ""
    let shown = line.count > 32 ? String(line.prefix(31)) + "…" : line
    let more = line != text && line.count <= 32 ? "…" : ""
    return layer.name.isEmpty
      ? "text \"\(shown)\(more)\"" : "text layer \"\(layer.name)\" (\"\(shown)\(more)\")"
  }

  static func fmt(_ v: Double) -> String {
    v.rounded() == v || abs(v) >= 100 ? String(format: "%.0f", v) : String(format: "%.1f", v)
  }

  static func percent(_ scale: Double) -> String { String(format: "%.0f%%", (scale * 100).rounded(.down)) }
}

extension LayerContent {
  /// Whether it is text set along a path (`t.p`).
  var isTextOnPath: Bool {
    if case .text(let text) = self { return text.path != nil }
    return false
  }
}
