import Expressions
import XCTest

/// Runs `source` in a fresh interpreter with `names` defined.
func run(_ source: String, _ names: [String: JSValue] = [:], budget: ExpressionBudget = .default) throws -> JSValue {
  let program = try Program.compile(source)
  return try Interpreter(budget: budget).run(program, names: names)
}

func numbers(_ source: String, _ names: [String: JSValue] = [:]) throws -> [Double]? {
  try run(source, names).numbers
}

func text(_ source: String) throws -> String { try run(source).stringValue }

/// The error `source` ends in (nil when it gives a value).
func failure(_ source: String, budget: ExpressionBudget = .default) -> ExpressionError? {
  do {
    _ = try run(source, budget: budget)
    return nil
  } catch let e as ExpressionError {
    return e
  } catch {
    return nil
  }
}
