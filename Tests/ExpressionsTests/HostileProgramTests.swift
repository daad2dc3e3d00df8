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

  /// Built-ins are shared by every evaluation of an interpreter: what an evaluation writes on one (a counter, a
  /// polyfill) lasts for that evaluation only, so nothing one evaluation does reaches the next (frames are the same
  /// on any worker), and a host object stored there cannot outlive its frame.
  func testWritesToBuiltInsLastForTheirEvaluation() throws {
    let interpreter = Interpreter()
    func outcome(_ source: String) -> String {
      do throws(ExpressionError) {
        return "value " + (try interpreter.run(try Program.compile(source))).stringValue
      } catch {
        return "\(error.kind): \(error.message)"
      }
    }
    for _ in 0..<3 { XCTAssertEqual(outcome("Math.counter = (Math.counter || 0) + 1; Math.counter"), "value 1") }
    XCTAssertEqual(outcome("if (!Math.TAU) Math.TAU = 2 * Math.PI; Math.TAU > 6"), "value true")
    XCTAssertEqual(outcome("Math.sin = function() { return 7 }; Math.sin(0)"), "value 7")
    XCTAssertEqual(outcome("Math.sin(0)"), "value 0")
    XCTAssertEqual(outcome("delete Math.cos; typeof Math.cos"), "value undefined")
    XCTAssertEqual(
      outcome("typeof Math.cos + ',' + Math.TAU + ',' + Math.counter"), "value function,undefined,undefined")
    XCTAssertEqual(outcome("JSON.x = [1, 2]; JSON.x.length"), "value 2")
    XCTAssertEqual(outcome("JSON.x"), "value undefined")
    // The names themselves are the program's own: shadowing one lasts for that evaluation only.
    XCTAssertEqual(outcome("Math = 5; Math"), "value 5")
    XCTAssertEqual(outcome("typeof Math"), "value object")
  }

  /// Chains stacked on one another (the leftmost operand of each a chain of another operator, or a parenthesised
  /// chain) add up in height, so they are counted over the statement: 999 links of each of a dozen operators
  /// make a tree 12,000 high.
  func testStackedChainsAddUp() {
    let stacked =
      "a" + String(repeating: ".b", count: 999) + String(repeating: "*1", count: 999)
      + String(repeating: "+1", count: 999) + String(repeating: "<1", count: 999)
    let parenthesised = "(" + Self.chain("a", ".b", 600) + ")" + String(repeating: ".b", count: 600)
    let results = Locked<[String]>([])
    onWorkerStack {
      results.value = [Self.outcome(stacked), Self.outcome(parenthesised), Self.outcome(Self.chain("1", "+1", 900))]
    }
    XCTAssertEqual(
      Array(results.value.prefix(2)),
      [
        "syntax: a chain of operators, members or calls longer than 1000 links",
        "syntax: a chain of operators, members or calls longer than 1000 links",
      ])
    // Within the limit: its value where the stack allows (a release build), else a clean "too deep".
    XCTAssertTrue(
      ["value 901", "recursion: the expression is nested too deep for the thread's stack"].contains(results.value[2]),
      results.value[2])
  }

  /// Chains built through what functions hold besides their scope: an arrow function's `this`, a method read as a
  /// value. Freed with a loop too.
  func testFunctionChainsAreFreedWithALoop() {
    let budget = ExpressionBudget(steps: 50_000_000, frameSteps: 50_000_000)
    let results = Locked<[String]>([])
    onWorkerStack {
      results.value = [
        Self.outcome(
          "function m() { return () => 0 } var f = 0; for (var i = 0; i < 20000; i++) f = {p: f, m: m}.m(); 1",
          budget: budget),
        Self.outcome("var f = 0; for (var i = 0; i < 20000; i++) f = [f].push; 2", budget: budget),
      ]
    }
    XCTAssertEqual(results.value, ["value 1", "value 2"])
  }

  /// Work that is not one step per node is charged as it is done: converting an array that holds another many
  /// times over (visited once per path), and searching.
  func testConversionsAndSearchesAreCharged() {
    XCTAssertEqual(
      failure("var a = [1]; for (var i = 0; i < 40; i++) a = [a, a]; a + ''")?.kind, .steps)
    XCTAssertEqual(failure("var a = [1]; for (var i = 0; i < 40; i++) a = [a, a]; a.join('-')")?.kind, .steps)
    XCTAssertEqual(
      failure(
        "var t = 'a'.repeat(2047), n = 'a'.repeat(1024) + 'b', c = 0; for (var i = 0; i < 100000; i++) c += t.indexOf(n); c"
      )?.kind, .steps)
  }

  /// Comparing and indexing strings read them, and `==` between an array and a primitive writes the array
  /// out: each is charged by the bytes or elements it reads. Before, a loop comparing two 400 KB strings ran
  /// hundreds of thousands of times within its steps, copying gigabytes.
  func testComparisonsAndIndexingAreCharged() {
    var budget = ExpressionBudget.default
    budget.steps = 3_000_000
    budget.frameSteps = 3_000_000
    let setup = "var s = 'x'.repeat(400000), t = 'x'.repeat(400000), a = new Array(10000); "
    for test in ["s == t", "s < t", "s >= t", "s === t", "s !== t", "s[399999] == 'x'", "a == 'x'", "a != 1"] {
      func program(_ n: Int) -> String {
        setup + "var k = 0; for (var i = 0; i < \(n); i++) { if (\(test)) k++ } k >= 0"
      }
      XCTAssertEqual(Self.outcome(program(5), budget: budget), "value true", test)
      XCTAssertEqual(failure(program(2000), budget: budget)?.kind, .steps, test)
    }
  }

  /// A string stringified over and over doubles its backslashes each time: escaped in one pass and measured
  /// before it is written, it reaches the memory budget in a few dozen passes (Foundation's replacing took
  /// minutes: scripts/fuzz). A replacement of many `$&` over a long match is refused unbuilt.
  func testEscapingAndReplacementAreBoundedByMemory() {
    XCTAssertEqual(Self.outcome(#"JSON.stringify('a"b\\c\n\t\x01')"#), #"value "a\"b\\c\n\t\u0001""#)
    let budget = ExpressionBudget(steps: 50_000_000, frameSteps: 50_000_000)
    XCTAssertEqual(
      failure(#"var o = '"'; for (var i = 0; i < 40; i++) o = JSON.stringify(o); o.length"#, budget: budget)?.kind,
      .memory)
    XCTAssertEqual(
      failure("var s = 'x'.repeat(1000000); s.replace(s, '$&'.repeat(1000000)).length", budget: budget)?.kind,
      .memory)
    XCTAssertEqual(Self.outcome("'abc'.replace('b', '[$&$&]')"), "value a[bb]c")
  }

  /// A long string converted to a number costs what is read of it: 4 MB of digits converted in a loop runs out
  /// of steps; the conversions keep their meaning (`Double.init` in a `map` over a hexadecimal string's value
  /// read it as a bit pattern while this was written: +'0x1F' gave 1.5e-322; it is converted as a number now).
  func testConversionsToNumbersAreCharged() {
    XCTAssertEqual(
      failure(
        "var s = '1'.repeat(200000); var k = 0; for (var i = 0; i < 1000; i++) k = Math.max(k, s); k",
        budget: ExpressionBudget(steps: 2_000_000))?.kind, .steps)
    let cases = [
      ("' 12 '", "12"), ("'\\u00a0 12\\n'", "12"), ("'0x1F'", "31"), ("'-Infinity'", "-Infinity"), ("'1e3'", "1000"),
      ("'12px'", "NaN"), ("''", "0"), ("'  '", "0"), ("'.5'", "0.5"), ("'Infinity'", "Infinity"), ("'fifty'", "NaN"),
    ]
    for (text, value) in cases { XCTAssertEqual(Self.outcome("+" + text), "value " + value, text) }
  }

  /// `parseInt` and `parseFloat` read a string's bytes from the front as far as a number goes, and what they read
  /// is owed as steps: 50 KB of digits (or of white space) read a thousand times runs out of steps (uncharged,
  /// the loop's own steps are a few thousand). Digits past the largest double are not read at all.
  func testParsingIntegersAndFloatsIsCharged() {
    let strings = "var s = '0'.repeat(50000), t = ' '.repeat(50000), u = '1'.repeat(50000); var k = 0; "
    for call in ["parseInt(s, 36)", "parseFloat(s)", "parseInt(s)", "parseFloat(t)", "parseInt(t)", "+t"] {
      let source = strings + "for (var i = 0; i < 1000; i++) k += \(call); k"
      XCTAssertEqual(failure(source, budget: ExpressionBudget(steps: 500_000))?.kind, .steps, call)
    }
    XCTAssertEqual(
      Self.outcome(
        strings + "for (var i = 0; i < 1000; i++) k += parseInt(u); k", budget: ExpressionBudget(steps: 500_000)),
      "value Infinity")
    let cases = [
      ("parseInt(' \\u00a0-12px')", "-12"), ("parseInt('0x1F')", "31"), ("parseInt('0x')", "NaN"),
      ("parseInt('z', 36)", "35"), ("parseInt('Z', 36)", "35"), ("parseInt('19', 8)", "1"), ("parseInt('7', 1)", "NaN"),
      ("parseInt('+ff', 16)", "255"), ("parseInt('1'.repeat(400))", "Infinity"), ("parseInt('\\ufeff 5')", "5"),
      ("parseFloat('  -1.5e3x')", "-1500"), ("parseFloat('.5.5')", "0.5"), ("parseFloat('1e')", "1"),
      ("parseFloat('-Infinityx')", "-Infinity"), ("parseFloat('e5')", "NaN"), ("parseFloat('\\n+2.')", "2"),
    ]
    for (source, value) in cases { XCTAssertEqual(Self.outcome(source), "value " + value, source) }
  }

  /// A call of a function the program wrote costs what its scope and arguments cost to make: a hundred
  /// thousand empty calls are over a million steps (they were about half a million, and ran 2.7 times as long as
  /// a million plain steps).
  func testScriptCallsCostWhatTheyTake() {
    XCTAssertEqual(failure("function f() {}; for (var i = 0; i < 100000; i++) f(); 1")?.kind, .steps)
    XCTAssertEqual(Self.outcome("function f() {}; for (var i = 0; i < 10000; i++) f(); 1"), "value 1")
    XCTAssertEqual(failure("Array(100000).fill(0).map(function (e, i) { return [i] }).length")?.kind, .steps)
  }

  /// What a built-in owes as steps is charged also when the program ends right after it: `parseInt` of a
  /// nested array as the last statement visited 100,000 elements for nothing in every evaluation.
  func testWorkOwedAtTheEndIsCharged() {
    let source = "var a = [1]; for (var i = 0; i < 60; i++) a = [a, a]; parseInt(a)"
    XCTAssertEqual(failure(source)?.kind, .steps)
    XCTAssertEqual(Self.outcome("var a = [1]; for (var i = 0; i < 3; i++) a = [a, a]; parseInt(a)"), "value 1")
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
