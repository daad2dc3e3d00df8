import Foundation
import Lottie

/// One scene's budget: the limits, what the frame being built has used so far, and the first limit exceeded.
/// Work over a limit is not done (the element draws nothing) and the frame is refused afterwards
/// (`FrameRenderer.workLimitExceeded`). Not `Sendable`: one per worker, like its scene.
package final class WorkBudget {
  package let limits: WorkLimits
  // Stored state marked `@exclusivity(unchecked)`: see "Exclusivity" at `AnimationScene`.
  /// The first limit exceeded, if any (later ones are not recorded).
  @exclusivity(unchecked) package private(set) var exceeded: WorkLimitExceeded?
  /// Shapes and vertices of the layers brought to the current frame so far.
  @exclusivity(unchecked) package private(set) var frameCopies = 0
  @exclusivity(unchecked) package private(set) var frameVertices = 0
  /// Dashes of the dashed strokes brought to the current frame so far (a Double: a length over a tiny
  /// pattern can exceed `Int`).
  @exclusivity(unchecked) package private(set) var frameDashes = 0.0
  /// The frame being built, for messages.
  @exclusivity(unchecked) package private(set) var frame = 0.0
  @exclusivity(unchecked) private var frameStart: UInt64 = 0
  /// The most each budget has seen (for the corpus measurements in the tests).
  @exclusivity(unchecked) package private(set) var peaks = (
    copies: 0, vertices: 0, glyphs: 0, effectWork: 0.0, dashes: 0.0
  )

  package init(_ limits: WorkLimits = .defaults) {
    self.limits = limits
  }

  /// Starts the clock of frame `frame`, and its counts when `counting` (false: the scene is at that frame
  /// already, and what it counted stays).
  package func beginFrame(_ frame: Double, counting: Bool) {
    frameStart = DispatchTime.now().uptimeNanoseconds
    guard counting else { return }
    self.frame = frame
    frameCopies = 0
    frameVertices = 0
    frameDashes = 0
  }

  /// Records a limit exceeded (the first one only).
  package func fail(_ path: JSONPath, _ message: String) {
    if exceeded == nil { exceeded = WorkLimitExceeded(file: limits.file, path: path, message: message) }
  }

  /// Whether `count` more shapes fit in the frame; records the failure at `path` when not.
  package func addCopies(_ count: Int, at path: JSONPath) -> Bool {
    let total = frameCopies.addingReportingOverflow(count)
    guard total.overflow || total.partialValue > limits.copies else {
      frameCopies = total.partialValue
      peaks.copies = max(peaks.copies, frameCopies)
      return true
    }
    fail(
      path,
      "the shapes drawn at frame \(WorkBudget.frameText(frame)) come to \(total.overflow ? "more than \(Int.max)" : "\(total.partialValue)") "
        + "with this layer's; the limit is \(limits.copies) (--limit copies=N)")
    return false
  }

  /// Whether `count` more vertices fit in the frame; records the failure at `path` when not.
  package func addVertices(_ count: Int, at path: JSONPath) -> Bool {
    guard let message = vertexOverflow(count) else {
      frameVertices += count
      peaks.vertices = max(peaks.vertices, frameVertices)
      return true
    }
    fail(path, message)
    return false
  }

  /// The message when `count` more vertices would not fit in the frame, nil when they fit (`what` is only
  /// worded then: this runs for every modifier of every build).
  package func vertexOverflow(_ count: Int, what: @autoclosure () -> String? = nil) -> String? {
    let total = frameVertices.addingReportingOverflow(count)
    guard total.overflow || total.partialValue > limits.vertices else { return nil }
    let sum = total.overflow ? "more than \(Int.max)" : "\(total.partialValue)"
    if let what = what() {
      let rest = frameVertices == 0 ? "" : " (\(sum) with the rest of frame \(WorkBudget.frameText(frame)))"
      return "\(what) makes \(count) vertices\(rest); the limit is \(limits.vertices) (--limit vertices=N)"
    }
    return "the shapes drawn at frame \(WorkBudget.frameText(frame)) come to \(sum) vertices with this layer's; "
      + "the limit is \(limits.vertices) (--limit vertices=N)"
  }

  /// Whether `count` more dashes fit in the frame; records the failure at `path` when not. Cairo strokes
  /// every dash on the canvas (about 0.4 µs each in a release build), so a 0.01 px pattern along a long
  /// outline costs minutes a frame while the vertices stay few.
  package func addDashes(_ count: Double, at path: JSONPath) -> Bool {
    guard count > 0 else { return true }
    let total = frameDashes + count
    guard total > Double(limits.dashes) else {
      frameDashes = total
      peaks.dashes = max(peaks.dashes, frameDashes)
      return true
    }
    fail(
      path,
      "the dashed strokes drawn at frame \(WorkBudget.frameText(frame)) come to \(WorkBudget.countText(total)) dashes "
        + "with this layer's; the limit is \(limits.dashes) (--limit dashes=N)")
    return false
  }

  /// Checks the text of a text layer at `path` has at most the glyph limit.
  package func checkGlyphs(_ count: Int, at path: JSONPath) -> Bool {
    peaks.glyphs = max(peaks.glyphs, count)
    guard count > limits.glyphs else { return true }
    fail(path, "the text here has \(count) glyphs; the limit is \(limits.glyphs) (--limit glyphs=N)")
    return false
  }

  /// Checks one layer's effect work (`pixels` x `passes`, as Doubles so that nothing overflows); `what` says
  /// who needs it ("the effect here needs").
  package func checkEffect(pixels: Double, passes: Double, what: String, at path: JSONPath) -> Bool {
    let work = pixels * passes
    peaks.effectWork = max(peaks.effectWork, work)
    guard !(work <= Double(limits.effectWork)) else { return true }
    let amount = work.isFinite && work < 9e18 ? "\(Int(work))" : "more than 9e18"  // int-audit: finite, below Int.max
    fail(path, "\(what) \(amount) pixel passes; the limit is \(limits.effectWork) (--limit effect-work=N)")
    return false
  }

  /// Whether the frame is still within its time (cheap: one clock read); records the failure at `path` when
  /// not.
  package func checkTime(at path: JSONPath) -> Bool {
    guard exceeded == nil else { return false }
    guard frameStart != 0 else { return true }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds &- frameStart) / 1e9
    guard seconds > limits.frameSeconds else { return true }
    fail(
      path,
      "frame \(WorkBudget.frameText(frame)) took more than \(WorkBudget.secondsText(limits.frameSeconds)) s by this "
        + "layer; the limit is \(WorkBudget.secondsText(limits.frameSeconds)) s (--limit frame-time=SECONDS)")
    return false
  }

  /// A count that may exceed `Int` (a product of repeaters' copies), in digits.
  package static func countText(_ n: Double) -> String {
    n < 9e18 ? "\(Int(n))" : String(format: "%.3g", n)  // int-audit: below Int.max
  }

  static func frameText(_ frame: Double) -> String { String(format: "%g", frame) }
  static func secondsText(_ seconds: Double) -> String { String(format: "%g", seconds) }
}
