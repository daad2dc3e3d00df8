import Expressions
import Lottie

/// One worker's expression engine: the interpreter, the programs compiled from the sources it has met, and
/// what went wrong. Built with the scene (`BuildContext`), never shared between threads.
package final class ExpressionEngine {
  let interpreter: Interpreter
  private var programs: [String: Result<Program, ExpressionError>] = [:]
  /// The frame whose step budget is being spent.
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

  /// The compiled program of `source` (compiled once per worker).
  func program(_ source: String) -> Result<Program, ExpressionError> {
    if let p = programs[source] { return p }
    let compiled: Result<Program, ExpressionError>
    do {
      compiled = .success(try Program.compile(source))
    } catch {
      compiled = .failure(error)
    }
    programs[source] = compiled
    return compiled
  }

  /// Starts `frame`'s step budget when the frame changes.
  func enter(frame: Double) {
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
