import Expressions
import XCTest

/// Small programs written to break the interpreter (issue 38): each ends in a value or a clean error, on a
/// Dispatch worker's 512 KB stack, and never crashes the process. Before, chains of tens of thousands of terms
/// and values built deep at run time overflowed the stack, an array holding itself recursed forever when
/// converted, a property written on `Math` outlived its evaluation, and a huge step count wrapped around.
final class HostileProgramTests: XCTestCase {
  /// Runs `body` on a thread with a worker's stack, and waits (a hang guard, as the suite's time limits are).
  func onWorkerStack(_ body: @escaping @Sendable () -> Void) {
    let done = expectation(description: "ran")
    let thread = Thread {
      body()
      done.fulfill()
    }
    thread.stackSize = 512 << 10
    thread.start()
    wait(for: [done], timeout: 15 * 60)
  }

  /// The outcome of `source` in a fresh interpreter: its value as a string, or its error's kind and message.
  static func outcome(_ source: String, budget: ExpressionBudget = .default) -> String {
    do {
      let value = try ExpressionsTests.run(source, budget: budget)
      return "value \(value.stringValue)"
    } catch let e as ExpressionError {
      return "\(e.kind): \(e.message)"
    } catch {
      return "other: \(error)"
    }
  }

  static func chain(_ head: String, _ link: String, _ count: Int) -> String {
    head + String(repeating: link, count: count)
  }

  func testLongChainsAreRefusedWhenParsed() {
    let cases = [
      Self.chain("1", "+1", 50_000), Self.chain("a", ".b", 50_000), Self.chain("a", "[0]", 50_000),
      Self.chain("f", "()", 50_000), Self.chain("1", "&&1", 50_000),
      Self.chain("x", "=x", 0) + Self.chain("1", "-1", 60_000),
    ]
    let results = Locked<[String]>([])
    onWorkerStack {
      for source in cases { results.value.append(Self.outcome(source)) }
    }
    for (index, result) in results.value.enumerated() {
      XCTAssertEqual(
        result, "syntax: a chain of operators, members or calls longer than 1000 links", "case \(index)")
    }
  }

  func testRightAssociativeChainsCountAsNesting() {
    let results = Locked<[String]>([])
    onWorkerStack {
      results.value.append(Self.outcome(Self.chain("2", "**2", 50_000)))
      results.value.append(Self.outcome(Self.chain("x", "=x", 50_000)))
      results.value.append(Self.outcome(Self.chain("", "!", 50_000) + "1"))
    }
    for result in results.value {
      XCTAssertTrue(result.hasPrefix("syntax: ") && result.hasSuffix("nested more than 120 deep"), result)
    }
  }

  /// A chain within the limit runs: its value where the stack allows, else a clean "too deep" error.
  func testChainsWithinTheLimitRunOrStopCleanly() {
    let result = Locked<String>("")
    onWorkerStack { result.value = Self.outcome(Self.chain("1", "+1", 999)) }
    XCTAssertTrue(
      result.value == "value 1000"
        || result.value == "recursion: the expression is nested too deep for the thread's stack", result.value)
  }

  func testValuesBuiltDeepAtRunTime() {
    // Steps enough to build them: the point is what the deep values do after.
    let budget = ExpressionBudget(steps: 50_000_000, frameSteps: 50_000_000)
    let deep = "var a = []; for (var i = 0; i < 100000; i++) a = [a]; "
    let results = Locked<[String]>([])
    onWorkerStack {
      for tail in ["a.length", "a + ''", "String(a)", "+a", "a == 0", "[a].join('-')", "a", "1"] {
        results.value.append(Self.outcome(deep + tail, budget: budget))
      }
      results.value.append(Self.outcome(deep + "JSON.stringify(a)", budget: budget))
      // Closures over closures, freed when the evaluation ends.
      results.value.append(
        Self.outcome(
          "var f = null; for (var i = 0; i < 20000; i++) f = (function(g) { return function() { return g } })(f); 2",
          budget: budget))
      var o = "var o = {}; for (var i = 0; i < 100000; i++) o = {o: o}; 3"
      results.value.append(Self.outcome(o, budget: budget))
      o = ""
    }
    XCTAssertEqual(
      results.value,
      [
        "value 1", "value ", "value ", "value NaN", "value true", "value ", "value ", "value 1",
        "runtime: uncaught exception: TypeError: JSON.stringify: nested too deep (a cycle?)", "value 2", "value 3",
      ])
  }

  func testAnArrayThatHoldsItself() {
    let cycle = "var a = [1, 2]; a.push(a); "
    let results = Locked<[String]>([])
    onWorkerStack {
      for tail in [
        "a + ''", "a.join('-')", "String(a)", "+a", "a == '1,2,'", "a.sort(); a.length", "a",
        "try { throw a } catch (e) { 'caught ' + e.length }", "JSON.stringify(a)",
        "var b = [a]; b.push(b); b + ''",
      ] {
        results.value.append(Self.outcome(cycle + tail))
      }
      results.value.append(Self.outcome("var x = [0]; x[0] = x; +x"))
      results.value.append(Self.outcome("var o = {}; o.o = o; o.o.o.o === o"))
    }
    XCTAssertEqual(
      results.value,
      [
        "value 1,2,", "value 1-2-", "value 1,2,", "value NaN", "value true", "value 3", "value 1,2,",
        "value caught 3", "runtime: uncaught exception: TypeError: JSON.stringify: nested too deep (a cycle?)",
        "value 1,2,,",
        "value NaN", "value true",
      ])
  }

  /// Built-ins are shared by every evaluation of an interpreter: writing to them is a TypeError, so nothing one
  /// evaluation does reaches the next (frames are the same on any worker).
  func testBuiltInsAreFrozen() throws {
    let interpreter = Interpreter()
    func outcome(_ source: String) -> String {
      do throws(ExpressionError) {
        return "value " + (try interpreter.run(try Program.compile(source))).stringValue
      } catch {
        return "\(error.kind): \(error.message)"
      }
    }
    let message =
      "runtime: uncaught exception: TypeError: cannot change property '%@' of a built-in object (they are shared by every evaluation)"
    XCTAssertEqual(outcome("Math.counter = (Math.counter || 0) + 1"), String(format: message, "counter"))
    XCTAssertEqual(outcome("Math.sin = function() { return 7 }"), String(format: message, "sin"))
    XCTAssertEqual(outcome("delete Math.sin"), String(format: message, "sin"))
    XCTAssertEqual(outcome("delete Math['cos']"), String(format: message, "cos"))
    XCTAssertEqual(outcome("JSON.stringify = 1"), String(format: message, "stringify"))
    XCTAssertEqual(outcome("try { Math.x = 1 } catch (e) { 'caught' }"), "value caught")
    XCTAssertEqual(outcome("Math.sin(0) + ',' + Math.counter + ',' + Math.x"), "value 0,undefined,undefined")
    // The names themselves are the program's own: shadowing one lasts for that evaluation only.
    XCTAssertEqual(outcome("Math = 5; Math"), "value 5")
    XCTAssertEqual(outcome("typeof Math"), "value object")
  }

  func testHugeStepCountsDoNotWrapAround() {
    XCTAssertEqual(failure("''.repeat(1e19)")?.kind, .steps)
    XCTAssertEqual(failure("''.repeat(9.2e18); while (true) {}")?.kind, .steps)
  }

  /// Strings are refused before they are built past the memory budget, not after.
  func testBigStringsAreRefusedAsTheyGrow() {
    // 800 KB, then 30 of it: 24 MB joined, over the 16 MB budget.
    let big =
      "var s = 'x'.repeat(100000); s = s + s; s = s + s; s = s + s; var a = []; for (var i = 0; i < 30; i++) a.push(s); "
    for tail in ["a.join('')", "a + ''", "String(a)", "JSON.stringify(a)", "'' + a", "a.join(s)"] {
      XCTAssertEqual(failure(big + tail, budget: ExpressionBudget(steps: 10_000_000))?.kind, .memory, tail)
    }
  }

  func testSourcesOverTheLimitAreRefused() {
    let source = "1;" + String(repeating: " ", count: Program.maxSourceBytes)
    XCTAssertThrowsError(try Program.compile(source)) { error in
      XCTAssertEqual(
        (error as? ExpressionError)?.message,
        "the expression is \(Program.maxSourceBytes + 2) bytes long, over the limit of \(Program.maxSourceBytes)")
    }
  }
}

/// The hostile-expression fuzzer's seeds (Tests/Fixtures/Hostile/expressions.txt, which scripts/fuzz mutates):
/// every one ends in a value or an `ExpressionError` on a worker's stack, within the default budget.
final class HostileSeedTests: XCTestCase {
  static let seedFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Hostile/expressions.txt")

  func testEverySeedEndsCleanly() throws {
    let text = try String(contentsOf: Self.seedFile, encoding: .utf8)
    let seeds = text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    XCTAssertGreaterThanOrEqual(seeds.count, 60)
    let outcomes = Locked<[String]>([])
    let done = expectation(description: "ran")
    let thread = Thread {
      for seed in seeds {
        let outcome = HostileProgramTests.outcome(seed)
        outcomes.value.append(outcome)
      }
      done.fulfill()
    }
    thread.stackSize = 512 << 10
    thread.start()
    wait(for: [done], timeout: 15 * 60)
    XCTAssertEqual(outcomes.value.count, seeds.count)
    for (seed, outcome) in zip(seeds, outcomes.value) {
      XCTAssertFalse(outcome.hasPrefix("other: "), "\(seed.prefix(80)): \(outcome)")
    }
  }
}
