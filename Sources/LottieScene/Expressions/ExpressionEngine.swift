import Expressions
import Lottie

/// One worker's expression engine: the interpreter and what went wrong. (The programs it runs were compiled
/// once, when the file was read, and are shared by every worker.) Built with the scene (`BuildContext`), never shared between threads.
package final class ExpressionEngine {
  let interpreter: Interpreter
  /// The frame whose step budget is being spent (evaluations outside a scene's seeks).
  private var frame: Double?
  /// The first failure of each expression that failed, by the property's path.
  package private(set) var failures: [JSONPath: ExpressionError] = [:]
  /// Expressions that gave a value at least once, by the property's path.
  package private(set) var evaluated: Set<JSONPath> = []
  /// The first error a `catch` of each expression stopped (the value it gave was its fallback's), by path.
  package private(set) var fallbacks: [JSONPath: ExpressionError] = [:]

  package init(budget: ExpressionBudget = .default) {
    interpreter = Interpreter(budget: budget)
  }

  /// An engine with the steps `limits` allow (`--limit expression-steps=`), twenty evaluations' worth a frame,
  /// and the memory (`--limit expression-memory=`).
  package convenience init(limits: WorkLimits) {
    let steps = max(1, limits.expressionSteps)
    let (frame, overflow) = steps.multipliedReportingOverflow(by: 20)
    self.init(
      budget: ExpressionBudget(
        steps: steps, frameSteps: overflow ? Int.max : frame, memoryBytes: max(1, limits.expressionMemory)))
  }

  package var budget: ExpressionBudget {
    get { interpreter.budget }
    set { interpreter.budget = newValue }
  }

  /// The steps the expressions took since the frame began (the last `seek`).
  package var stepsThisFrame: Int { interpreter.frameSteps }

  /// Starts `frame`'s step budget when the frame changes.
  /// A frame of the scene begins (`AnimationScene.seek`): from now on the frame's step budget is shared by every
  /// expression evaluated until the next, whatever its composition's own time. (It was begun again whenever an
  /// evaluation's own time changed: each instance of a precomp at another start time got a whole frame's
  /// budget, and eight instances of a rig that ran out of steps took `check` 16 s: scripts/fuzz.)
  package func beginSceneFrame() {
    framedByScene = true
    interpreter.beginFrame()
  }

  /// Whether frames are begun by the scene's seeks (else by the time an evaluation is at: evaluations outside a
  /// scene, in tests).
  private var framedByScene = false

  func enter(frame: Double) {
    guard !framedByScene else { return }
    if frame != self.frame {
      self.frame = frame
      interpreter.beginFrame()
    }
  }

  func record(_ path: JSONPath, _ error: ExpressionError) {
    if failures[path] == nil { failures[path] = error }
  }

  func recordSuccess(_ path: JSONPath) { evaluated.insert(path) }

  func recordFallback(_ path: JSONPath, _ error: ExpressionError) {
    if fallbacks[path] == nil { fallbacks[path] = error }
  }
}
