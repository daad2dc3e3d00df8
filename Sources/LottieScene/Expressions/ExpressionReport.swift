import Expressions
import Lottie

/// What `check` and `info` say of each expression: the scene is built as a worker builds it and brought to a
/// few frames, and each expression the parser kept is listed by its path as evaluated, or failed with the
/// exact reason (the property keeps its own value then). The same frames go on the work budget: a frame the
/// export would refuse (shapes, vertices or dashes over their limits) is an error here too.
package enum ExpressionReport {
  /// Frames tried at most: spread evenly from the first to the last of the root composition.
  static let frameCount = 24

  /// The frames tried: the first, the last and evenly spaced ones between (every frame of a short
  /// animation), whole frames as an export draws them.
  package static func frames(_ animation: Animation) -> [Double] {
    let first = animation.inPoint
    let last = max(first, animation.outPoint - 1)
    let span = last - first
    guard span.isFinite, span > 0 else { return [first] }
    let count = Int(min(Double(frameCount), span.rounded(.down) + 1))  // int-audit: 1...frameCount
    guard count > 1 else { return [first] }
    var out: [Double] = []
    for k in 0..<count {
      let frame = k == count - 1 ? last : first + (span * Double(k) / Double(count - 1)).rounded(.down)
      if out.last != frame { out.append(frame) }
    }
    return out
  }

  /// An expression's text on one line, for a message: whitespace runs as one space, Bodymovin's `var $bm_rt;`
  /// left out, at most 80 characters.
  static func snippet(_ source: String) -> String {
    var words = source.prefix(4000).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if words.hasPrefix("var $bm_rt; ") { words.removeFirst("var $bm_rt; ".count) }
    return words.count > 80 ? String(words.prefix(79)) + "…" : words
  }

  /// One diagnostic per expression the parser accepted (those it refused already have theirs).
  package static func diagnostics(_ animation: Animation, file: String?, limits: WorkLimits = .defaults)
    -> [Diagnostic]
  {
    let refused = Set(
      animation.diagnostics.filter { $0.severity >= .warning && $0.path.description.hasSuffix(".x") }.map(\.path))
    let scene = AnimationScene(animation: animation, limits: limits)
    let engine = scene.expressions
    // The frames' expressions may take three frames' steps in all: a file whose expressions use up their
    // budget every frame is checked at its first frames only (24 such frames took `info` 10 s and more).
    let perFrame = Double(engine.budget.frameSteps)
    var spent = 0.0
    var checked = 0
    // A frame is seeked only while a whole frame's steps still fit in three.
    for frame in frames(animation) where spent + perFrame <= perFrame * 3 {
      scene.seek(toFrame: frame)
      spent += Double(engine.interpreter.frameSteps)
      checked += 1
    }
    let checkedText =
      checked == frames(animation).count
      ? "\(frameCount) from the first to the last" : "the first \(checked): the expressions used up the steps of three"
    var out: [Diagnostic] = []
    if let exceeded = scene.budget.exceeded {
      out.append(
        Diagnostic(
          severity: .error, file: file, path: exceeded.path,
          message: "\(exceeded.message); an export refuses this frame"))
    }
    for path in animation.expressions.keys.sorted(by: { $0.description < $1.description }) {
      let x = path.appending("x")
      if refused.contains(x) { continue }
      let text = snippet(animation.expressions[path] ?? "")
      if let error = engine.failures[path] {
        out.append(
          Diagnostic(
            severity: .warning, file: file, path: x,
            message: "expression failed (\(error)); the property's own value is used; the expression: \(text)"))
      } else if let caught = engine.fallbacks[path] {
        out.append(
          Diagnostic(
            severity: .warning, file: file, path: x,
            message:
              "expression fell back: its try caught an error (\(caught)) and its catch gave the value; the expression: \(text)"
          ))
      } else if engine.evaluated.contains(path) {
        out.append(Diagnostic(severity: .info, file: file, path: x, message: "expression evaluated"))
      } else {
        out.append(
          Diagnostic(
            severity: .warning, file: file, path: x,
            message:
              "expression not evaluated at the frames checked (\(checkedText)): its layer is not drawn then, or the scene does not read this property from expressions (text selectors); the property's own value is used"
          ))
      }
    }
    return out
  }
}
