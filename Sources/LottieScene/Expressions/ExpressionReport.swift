import Expressions
import Lottie

/// What `check` and `info` say of each expression: the scene is built as a worker builds it and brought to a
/// few frames, and each expression the parser kept is listed by its path as evaluated, or failed with the
/// exact reason (the property keeps its own value then). The same frames go on the work budget: a frame the
/// export would refuse (shapes, vertices or dashes over their limits) is an error here too.
package enum ExpressionReport {
  /// Frames tried first: spread evenly from the first to the last of the root composition.
  static let frameCount = 24
  /// Frames tried at most: while an expression has not been reached at the spread frames (its layer shows
  /// between them: a precomp's layer for a few frames), the whole frames from the first on are tried too.
  static let maxFrames = 240

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

  /// A frame number as a message gives it (`12`, `12.5`).
  static func frameText(_ frame: Double) -> String {
    frame == frame.rounded() && abs(frame) < 1e15 ? String(Int(frame)) : String(frame)  // int-audit: whole, |frame| < 1e15
  }

  /// An expression's text on one line, for a message: whitespace runs as one space, Bodymovin's `var $bm_rt;`
  /// left out, at most 80 characters.
  static func snippet(_ source: String) -> String {
    var words = source.prefix(4000).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if words.hasPrefix("var $bm_rt; ") { words.removeFirst("var $bm_rt; ".count) }
    return words.count > 80 ? String(words.prefix(79)) + "…" : words
  }

  /// What became of one expression at the frames checked.
  package struct Outcome: Sendable, Equatable {
    package enum Kind: String, Sendable {
      case evaluated
      /// Its `try` caught an error the program did not throw, and its `catch` gave the value.
      case fellBack = "fell back"
      /// It threw, ran out of a limit, or its value did not fit: the property keeps its own value.
      case failed
      /// Not reached at the frames checked.
      case notReached = "not reached"
      /// Refused when the file was read (a syntax error, a kind of property expressions do not drive).
      case refused
    }
    /// The expression's path (`...x`).
    package var path: JSONPath
    package var kind: Kind
    /// Why, for every kind but `evaluated`.
    package var reason: String?
    /// The layer it is on (`nm`), when the layer has a name.
    package var layer: String?
    /// Its text on one line, shortened (``snippet(_:)``).
    package var expression: String

    /// As `info --json` and `check --json` list it.
    package var json: [String: Any] {
      var out: [String: Any] = ["path": path.description, "outcome": kind.rawValue, "expression": expression]
      if let reason { out["reason"] = reason }
      if let layer { out["layer"] = layer }
      return out
    }
  }

  /// One diagnostic per expression the parser accepted (those it refused already have theirs).
  package static func diagnostics(_ animation: Animation, file: String?, limits: WorkLimits = .defaults)
    -> [Diagnostic]
  {
    report(animation, file: file, limits: limits).diagnostics
  }

  /// Each expression's outcome, and the diagnostics `check`, `info` and an export print of them.
  package static func report(_ animation: Animation, file: String?, limits: WorkLimits = .defaults) -> (
    outcomes: [Outcome], diagnostics: [Diagnostic]
  ) {
    let refusals = animation.diagnostics.filter { $0.severity >= .warning && $0.path.description.hasSuffix(".x") }
    let refused = Set(refusals.map(\.path))
    let scene = AnimationScene(animation: animation, limits: limits)
    let engine = scene.expressions
    // The frames' expressions may take three frames' steps in all: a file whose expressions use up their
    // budget every frame is checked at its first frames only (24 such frames took `info` 10 s and more).
    let perFrame = Double(engine.budget.frameSteps)
    var spent = 0.0
    var tried: [Double] = []
    var outOfSteps = false
    // A frame is seeked only while a whole frame's steps still fit in three.
    func attempt(_ frame: Double) -> Bool {
      guard spent + perFrame <= perFrame * 3 else {
        outOfSteps = true
        return false
      }
      scene.seek(toFrame: frame)
      spent += Double(engine.interpreter.frameSteps)
      tried.append(frame)
      return true
    }
    let spread = frames(animation)
    for frame in spread where attempt(frame) {}
    // Expressions of hidden layers are not sought (nothing draws them): a rig's hidden controls would make
    // every file that has them try all 240 frames.
    let expected = animation.expressions.keys.filter {
      !refused.contains($0.appending("x")) && !animation.expressionsOnHiddenLayers.contains($0)
    }
    func unreached() -> Bool {
      expected.contains {
        engine.evaluated.contains($0) == false && engine.failures[$0] == nil && engine.fallbacks[$0] == nil
      }
    }
    if !outOfSteps, unreached(), let last = spread.last {
      let done = Set(spread)
      var frame = animation.inPoint
      while frame <= last, tried.count < maxFrames, unreached() {
        if !done.contains(frame), !attempt(frame) { break }
        frame += 1
      }
    }
    let checkedText =
      outOfSteps
      ? "the first \(tried.count): the expressions used up the steps of three"
      : "\(tried.count) from \(Self.frameText(tried.min() ?? 0)) to \(Self.frameText(tried.max() ?? 0))"
    var out: [Diagnostic] = []
    var outcomes: [Outcome] = []
    if let exceeded = scene.budget.exceeded {
      out.append(
        Diagnostic(
          severity: .error, file: file, path: exceeded.path,
          message: "\(exceeded.message); an export refuses this frame"))
    }
    var refusedReasons: [JSONPath: String] = [:]
    for d in refusals where refusedReasons[d.path] == nil { refusedReasons[d.path] = d.message }
    for path in animation.expressions.keys.sorted(by: { $0.description < $1.description }) {
      let x = path.appending("x")
      let text = snippet(animation.expressions[path] ?? "")
      let layer = animation.expressionLayers[path]
      // "; layer 'Arm'" before the expression's text, when the layer has a name.
      let on = layer.map { "; layer '\($0)'" } ?? ""
      var outcome = Outcome(path: x, kind: .evaluated, reason: nil, layer: layer, expression: text)
      defer { outcomes.append(outcome) }
      if let reason = refusedReasons[x] {
        (outcome.kind, outcome.reason) = (.refused, reason)
        continue
      }
      if let error = engine.failures[path] {
        (outcome.kind, outcome.reason) = (.failed, error.description)
        out.append(
          Diagnostic(
            severity: .warning, file: file, path: x,
            message: "expression failed (\(error)); the property's own value is used\(on); the expression: \(text)"))
      } else if let caught = engine.fallbacks[path] {
        (outcome.kind, outcome.reason) = (.fellBack, caught.description)
        out.append(
          Diagnostic(
            severity: .warning, file: file, path: x,
            message:
              "expression fell back: its try caught an error (\(caught)) and its catch gave the value\(on); the expression: \(text)"
          ))
      } else if engine.evaluated.contains(path) {
        out.append(Diagnostic(severity: .info, file: file, path: x, message: "expression evaluated"))
      } else {
        let reason =
          animation.expressionsOnHiddenLayers.contains(path)
          ? "not evaluated: its layer is hidden (hd), and nothing reads this property"
          : "not evaluated at the frames checked (\(checkedText)): its layer is not drawn then, or the scene does not read this property from expressions (text selectors)"
        (outcome.kind, outcome.reason) = (.notReached, reason)
        out.append(
          Diagnostic(
            severity: .warning, file: file, path: x,
            message: "expression \(reason); the property's own value is used\(on)"))
      }
    }
    return (outcomes, out)
  }
}
