import Expressions
import XCTest

/// Each hostile program ends in an error naming the limit it hit; without the limit it would run forever,
/// overflow the stack, or allocate gigabytes.
final class BudgetTests: XCTestCase {
  func testEndlessLoopRunsOutOfSteps() {
    let error = failure("while (true) {}")
    XCTAssertEqual(error?.kind, .steps)
    XCTAssertEqual(failure("for (;;) { try { } catch (e) { } }")?.kind, .steps)
  }

  func testStepsCannotBeCaught() {
    XCTAssertEqual(failure("try { while (true) {} } catch (e) { 1 }")?.kind, .steps)
  }

  func testEndlessRecursionHitsTheDepthLimit() {
    XCTAssertEqual(failure("function f() { f() } f()")?.kind, .recursion)
    XCTAssertEqual(failure("function f() { try { f() } catch (e) { f() } } f()")?.kind, .recursion)
  }

  func testDeepRecursionStaysOnASmallStack() throws {
    // A Dispatch worker's stack: the evaluation must end before overflowing it, whatever the depth limit says.
    let done = expectation(description: "ran")
    let result = Locked<ExpressionError?>(nil)
    let thread = Thread {
      var budget = ExpressionBudget.default
      budget.callDepth = 100_000
      result.value = failure("function f(n) { return [n].map(function(x) { return f(x + 1) }) } f(0)", budget: budget)
      done.fulfill()
    }
    thread.stackSize = 512 << 10
    thread.start()
    // A hang guard, as the suite's time limits are (docs/testing.md): generous for a busy machine.
    wait(for: [done], timeout: 15 * 60)
    XCTAssertEqual(result.value?.kind, .recursion)
  }

  func testStringDoubling() {
    XCTAssertEqual(failure("var s = 'ab'; for (var i = 0; i < 40; i++) s = s + s; s.length")?.kind, .memory)
    XCTAssertEqual(failure("'x'.repeat(1e12)")?.kind, .memory)
  }

  func testHugeArrays() {
    XCTAssertEqual(failure("new Array(1e9)")?.kind, .memory)
    var small = ExpressionBudget.default
    small.memoryBytes = 1 << 20
    small.steps = 10_000_000
    XCTAssertEqual(failure("var a = []; for (var i = 0; i < 1e9; i++) a.push(i)", budget: small)?.kind, .memory)
    XCTAssertEqual(failure("var a = []; a[1e9] = 1")?.kind, .memory)
    XCTAssertEqual(failure("var a = []; a.length = 4e9")?.kind, .memory)
  }

  func testEvalAndFunctionAreForbidden() {
    let error = failure("eval('1 + 1')")
    XCTAssertEqual(error?.kind, .forbidden)
    XCTAssertEqual(failure("new Function('return 1')()")?.kind, .forbidden)
    XCTAssertEqual(failure("try { eval('1') } catch (e) { 2 }")?.kind, .forbidden)
    XCTAssertEqual(failure("require('fs')")?.kind, .forbidden)
  }

  func testSyntaxError() {
    XCTAssertEqual(failure("function (")?.kind, .syntax)
    XCTAssertEqual(failure(String(repeating: "(", count: 10_000))?.kind, .syntax)
  }

  func testFrameBudgetIsShared() throws {
    var budget = ExpressionBudget.default
    budget.steps = 5000
    budget.frameSteps = 2000
    let interpreter = Interpreter(budget: budget)
    let program = try Program.compile("var s = 0; for (var i = 0; i < 100; i++) s += i; s")
    interpreter.beginFrame()
    XCTAssertEqual(try interpreter.run(program).numbers, [4950])
    XCTAssertThrowsError(try interpreter.run(program)) { XCTAssertEqual(($0 as? ExpressionError)?.kind, .steps) }
    interpreter.beginFrame()
    XCTAssertEqual(try interpreter.run(program).numbers, [4950])
  }

  func testStepsAreDeterministic() throws {
    let program = try Program.compile("var s = 0; for (var i = 0; i < 50; i++) s += Math.sin(i); s")
    let a = Interpreter()
    let b = Interpreter()
    _ = try a.run(program)
    _ = try b.run(program)
    XCTAssertEqual(a.steps, b.steps)
    XCTAssertGreaterThan(a.steps, 50)
  }
}

/// A value shared with a test thread.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
