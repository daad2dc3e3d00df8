import Expressions
import XCTest

final class LanguageTests: XCTestCase {
  func testDeclarationsAndBlockScope() throws {
    XCTAssertEqual(try numbers("var a = 1; let b = 2; const c = 3; a + b + c"), [6])
    XCTAssertEqual(try numbers("let x = 1; { let x = 2; } x"), [1])
    XCTAssertEqual(try numbers("var x = 1; { var x = 2; } x"), [2])
    XCTAssertEqual(failure("const k = 1; k = 2")?.kind, .runtime)
  }

  func testFunctionsClosuresRecursion() throws {
    XCTAssertEqual(try numbers("function f(n) { return n <= 1 ? 1 : n * f(n - 1); } f(5)"), [120])
    XCTAssertEqual(try numbers("var g = function(x) { return x * 2 }; g(4)"), [8])
    XCTAssertEqual(
      try numbers("function make() { var n = 0; return function() { n++; return n; }; } var c = make(); c(); c(); c()"),
      [3])
    XCTAssertEqual(try numbers("var sq = x => x * x; var add = (a, b) => { return a + b }; add(sq(3), 1)"), [10])
    XCTAssertEqual(try numbers("hoisted(2); function hoisted(x) { return x + 1 }"), [3])
    XCTAssertEqual(try numbers("function f() { return arguments.length } f(1, 2, 3)"), [3])
    // Recursion to just under the call-depth limit fits the stack budget (a debug build's frames too).
    XCTAssertEqual(try numbers("function d(n) { return n == 0 ? 0 : 1 + d(n - 1) } d(10)"), [10])
  }

  /// Names as the resolver gives them slots: every scope the program makes, laid out when it is compiled.
  func testNamesFindTheirScopes() throws {
    // Shadowing in blocks, catch and loop scopes; an inner function reading an outer one's names, hops out.
    XCTAssertEqual(try numbers("var x = 1; { let x = 2; { let x = 3; } } x"), [1])
    XCTAssertEqual(try numbers("let e = 1; try { throw 5 } catch (e) { e = e + 1 } e"), [1])
    XCTAssertEqual(try numbers("var e = 1; var r; try { throw 5 } catch (e) { r = e } r + e"), [6])
    XCTAssertEqual(
      try numbers("function a(x) { function b(y) { return function (z) { return x + y + z } } return b(2)(3) } a(1)"),
      [6])
    XCTAssertEqual(try numbers("var k = 10; for (let k = 0; k < 3; k++) {} k"), [10])
    XCTAssertEqual(
      try numbers("var fs = []; for (let v of [1, 2, 3]) { let w = v * 2; fs.push(() => w) } fs[2]()"), [6])
    // A function declared in a block is that block's; one declared before a `let` of its block reads it.
    XCTAssertEqual(try numbers("{ function f() { return y } let y = 4; f() }"), [4])
    XCTAssertEqual(try text("{ function g() {} } typeof g"), "undefined")
    // One that is the body of an `if` is never bound (the body runs or not); the one in a list of statements is.
    XCTAssertEqual(try text("if (false) function f() {}; typeof f"), "undefined")
    XCTAssertEqual(try numbers("function h() { return 1 }; if (false) function h() { return 2 }; h()"), [1])
    XCTAssertEqual(try text("function f(a, a) { return typeof a }; f(1)"), "undefined")
    XCTAssertEqual(try numbers("(function arguments() { return arguments.length })(1, 2)"), [2])
    // Hoisting: a `var` is its function's from the start; a use before its declaration reads undefined.
    XCTAssertEqual(try text("function f() { var r = typeof v; var v = 1; return r } f()"), "undefined")
    XCTAssertEqual(try numbers("function f() { if (true) { var v = 3 } return v } f()"), [3])
    // A name assigned without a declaration is the program's; one never declared is a ReferenceError.
    XCTAssertEqual(try numbers("function set() { made = 7 } set(); made"), [7])
    XCTAssertEqual(try text("try { nowhere } catch (e) { e.name }"), "ReferenceError")
    XCTAssertEqual(try text("typeof nowhere"), "undefined")
    // A named function expression calls itself by its name; `arguments` is a non-arrow function's own.
    XCTAssertEqual(try numbers("var f = function fact(n) { return n < 2 ? 1 : n * fact(n - 1) }; f(4)"), [24])
    XCTAssertEqual(try numbers("function f() { return (() => arguments.length)() } f(1, 2)"), [2])
    XCTAssertEqual(try numbers("function f(a) { var arguments; return arguments.length } f(1, 2, 3)"), [3])
    // `const` is refused at the assignment, in any scope out.
    XCTAssertEqual(failure("const c = 1; function f() { c = 2 } f()")?.message.contains("constant variable 'c'"), true)
    XCTAssertEqual(try numbers("const c = 1; function f() { let c = 2; c = 3; return c } f() + c"), [4])
    // `switch` cases share one scope; tests are read outside it.
    XCTAssertEqual(try numbers("var t = 2; switch (t) { case t: let u = 5; default: u += 1; var out = u } out"), [6])
    // The host's names: a declaration of the same name starts from the host's value; one the program does not
    // declare is read from the host.
    XCTAssertEqual(try numbers("var value = value * 2; value", ["value": .number(21)]), [42])
    XCTAssertEqual(try numbers("function f() { return time + 1 } f()", ["time": .number(2)]), [3])
    XCTAssertEqual(try numbers("time = time * 3; time", ["time": .number(2)]), [6])
  }

  /// The forms After Effects' JavaScript engine (ES2018) reads that rigs and presets use: default and rest
  /// parameters, spread, method shorthand and computed keys, and the built-ins beside them.
  func testLaterForms() throws {
    XCTAssertEqual(try numbers("function f(a, b = a * 2) { return a + b } [f(1), f(1, 5)]"), [3, 6])
    XCTAssertEqual(try numbers("var f = (a, b = 10, ...rest) => a + b + rest.length; [f(1), f(1, 2, 3, 4)]"), [11, 5])
    XCTAssertEqual(try numbers("function f(...r) { return r } f(1, 2, 3)"), [1, 2, 3])
    XCTAssertEqual(try numbers("Math.max(...[1, 5, 3])"), [5])
    XCTAssertEqual(try numbers("var a = [2, 3]; [1, ...a, 4]"), [1, 2, 3, 4])
    XCTAssertEqual(try numbers("[...'abc'].length"), [3])
    XCTAssertEqual(try numbers("var o = {b() { return 2 }, get: 1}; o.b() + o.get"), [3])
    XCTAssertEqual(try numbers("var k = 'x'; var o = {[k + 1]: 5}; o.x1"), [5])
    // A parenthesised expression is not taken for parameters; a default is read to its closing parenthesis.
    XCTAssertEqual(try numbers("var a = 1, b = 2; (a, b)"), [2])
    XCTAssertEqual(try numbers("var f = (a = [1, (2)], b = {c: 3}) => a[1] + b.c; f()"), [5])
    XCTAssertEqual(
      failure("f(...5); function f() {}")?.message, "uncaught exception: TypeError: number is not iterable (spread)")
    XCTAssertEqual(try numbers("Object.assign({a: 1}, {b: 2}, {a: 3}).a"), [3])
    XCTAssertEqual(try text("Object.entries({a: 1, b: 2}).map(e => e[0] + e[1]).join()"), "a1,b2")
    XCTAssertEqual(try numbers("Array.from({length: 3}, (v, i) => i * 2)"), [0, 2, 4])
    XCTAssertEqual(try numbers("Array.from('ab').length + Array.of(7, 8)[1]"), [10])
    XCTAssertEqual(try text("String.fromCharCode(72, 105)"), "Hi")
    XCTAssertEqual(try numbers("[1, [2, [3, [4]]]].flat(2).length"), [4])
    XCTAssertEqual(try numbers("['b', 'a'].sort((x, y) => x.localeCompare(y)).indexOf('b')"), [1])
    XCTAssertEqual(try numbers("Object.freeze({a: 1}).a"), [1])
    // flat of an array that holds itself, to any depth, goes down 64 levels (65 ones, then the array itself; JavaScript runs out of stack).
    XCTAssertEqual(try numbers("var a = [1]; a.push(a); a.flat(Infinity).length"), [66])
    XCTAssertNotNil(failure("var a = [1]; a.push(a, a); a.flat(Infinity)"))
  }

  func testLoops() throws {
    XCTAssertEqual(
      try numbers("var s = 0; for (var i = 0; i < 10; i++) { if (i == 5) continue; if (i == 8) break; s += i } s"), [23]
    )
    XCTAssertEqual(try numbers("var i = 0; while (i < 7) i += 2; i"), [8])
    XCTAssertEqual(try numbers("var i = 0; do { i++ } while (i < 3); i"), [3])
    XCTAssertEqual(try text("var o = {a: 1, b: 2}; var k = ''; for (var key in o) k += key; k"), "ab")
    XCTAssertEqual(try numbers("var s = 0; for (const v of [1, 2, 3]) s += v; s"), [6])
    XCTAssertEqual(
      try numbers(
        "var n = 0; outer: for (var i = 0; i < 3; i++) { for (var j = 0; j < 3; j++) { if (j == 1) continue outer; n++ } } n"
      ), [3])
  }

  func testSwitch() throws {
    let source =
      "function f(x) { switch (x) { case 1: return 'one'; case 2: case 3: return 'few'; default: return 'many' } }"
    XCTAssertEqual(try text(source + "; f(1) + f(3) + f(9)"), "onefewmany")
    XCTAssertEqual(
      try numbers("var r = 0; switch (2) { case 1: r = 1; case 2: r += 2; case 3: r += 3; break; case 4: r = 9 } r"),
      [5])
  }

  func testTryCatchThrow() throws {
    XCTAssertEqual(try text("var r; try { throw 'x' } catch (e) { r = e + '!' } r"), "x!")
    XCTAssertEqual(try text("var r; try { undefinedName } catch (e) { r = e.name } r"), "ReferenceError")
    XCTAssertEqual(try numbers("var r = 0; try { r = 1 } finally { r += 10 } r"), [11])
    XCTAssertEqual(try text("try { null.x } catch (err) { err.message }"), "cannot read property 'x' of null")
    XCTAssertEqual(failure("throw new Error('boom')")?.message, "uncaught exception: Error: boom")
  }

  func testObjectsAndArrays() throws {
    XCTAssertEqual(try numbers("var o = {x: 1, 'y': 2}; o.z = 3; o['x'] + o.y + o.z"), [6])
    XCTAssertEqual(try numbers("var a = [1, 2, 3]; a.push(4); a.pop(); a.length"), [3])
    XCTAssertEqual(try numbers("[1, 2, 3, 4].slice(1, 3)"), [2, 3])
    XCTAssertEqual(try numbers("var a = [1, 2, 3, 4]; a.splice(1, 2, 9); a"), [1, 9, 4])
    XCTAssertEqual(try numbers("[1, 2, 3].map(function(x) { return x * 10 })"), [10, 20, 30])
    XCTAssertEqual(try numbers("var s = 0; [1, 2, 3].forEach(function(x, i) { s += x * i }); s"), [8])
    XCTAssertEqual(try numbers("[1, 2, 3, 4].filter(x => x % 2 == 0)"), [2, 4])
    XCTAssertEqual(try numbers("[1, 2, 3, 4].reduce((a, b) => a + b, 0)"), [10])
    XCTAssertEqual(try text("[1, 2, 3].join('-')"), "1-2-3")
    XCTAssertEqual(try numbers("[5, 6, 7].indexOf(7)"), [2])
    XCTAssertEqual(try numbers("[1].concat([2, 3], 4)"), [1, 2, 3, 4])
    XCTAssertEqual(try numbers("[3, 1, 2].sort()"), [1, 2, 3])
    XCTAssertEqual(try numbers("[3, 10, 2].sort((a, b) => b - a)"), [10, 3, 2])
    XCTAssertEqual(try numbers("var a = []; a[2] = 5; a.length"), [3])
    XCTAssertEqual(try numbers("Object.keys({a: 1, b: 2}).length"), [2])
  }

  func testStrings() throws {
    XCTAssertEqual(try text("(3.14159).toFixed(2)"), "3.14")
    XCTAssertEqual(try text("(2.5).toFixed(0) + (1.005).toFixed(2)"), "31.00")
    XCTAssertEqual(try text("'abcdef'.substr(1, 3) + 'abcdef'.substring(4, 2) + 'abcdef'.slice(-2)"), "bcdcdef")
    XCTAssertEqual(try text("'a,b,c'.split(',').join('|')"), "a|b|c")
    XCTAssertEqual(try text("'hello world'.replace('o', '0')"), "hell0 world")
    XCTAssertEqual(try numbers("'hello'.indexOf('l')"), [2])
    XCTAssertEqual(try text("'Ab'.toUpperCase() + 'Ab'.toLowerCase() + 'xyz'.charAt(1) + '  t '.trim()"), "ABabyt")
    XCTAssertEqual(try numbers("'héllo'.length"), [5])
    XCTAssertEqual(try text("String(1e20) + String(-9007199254740993)"), "100000000000000000000-9007199254740992")
    XCTAssertEqual(try text("'n=' + 1.5 + ', ' + 0.1 + ', ' + 1e21 + ', ' + 1e-7"), "n=1.5, 0.1, 1e+21, 1e-7")
  }

  func testGlobals() throws {
    XCTAssertEqual(try numbers("Math.max(1, 5, 3) + Math.floor(2.7) + Math.round(-2.5) + Math.abs(-1)"), [6])
    XCTAssertEqual(try numbers("parseInt('42px') + parseFloat('3.5e1x') + parseInt('ff', 16)"), [332])
    XCTAssertEqual(try ExpressionsTests.run("isNaN(parseInt('x'))").isTruthy, true)
    XCTAssertEqual(try text("String(12) + String([1, 2])"), "121,2")
    XCTAssertEqual(try numbers("Number('7') + Number.MAX_SAFE_INTEGER * 0"), [7])
    XCTAssertEqual(
      try text("typeof undefinedThing + typeof 1 + typeof 'a' + typeof {} + typeof function(){}"),
      "undefinednumberstringobjectfunction")
  }

  func testBodymovinOperatorsAndVectors() throws {
    XCTAssertEqual(try numbers("$bm_sum([1, 2], [10, 20])"), [11, 22])
    XCTAssertEqual(try numbers("$bm_sum([1, 2], 5)"), [6, 2])
    XCTAssertEqual(try numbers("$bm_sub([5, 5], [1, 2])"), [4, 3])
    XCTAssertEqual(try numbers("$bm_mul([1, 2], 3)"), [3, 6])
    XCTAssertEqual(try numbers("$bm_div([2, 4], 2)"), [1, 2])
    XCTAssertEqual(try numbers("$bm_mod(7, 3)"), [1])
    XCTAssertEqual(try numbers("$bm_neg([1, -2])"), [-1, 2])
    XCTAssertEqual(try numbers("[1, 2] + [3, 4]"), [4, 6])
    XCTAssertEqual(try numbers("[2, 4] * 0.5"), [1, 2])
    XCTAssertEqual(try text("'a' + [1, 2]"), "a1,2")
  }

  func testResultFromBmRtElseLastStatement() throws {
    XCTAssertEqual(try numbers("var $bm_rt; $bm_rt = 5; 7"), [5])
    XCTAssertEqual(try numbers("var x = 2; x * 3"), [6])
    XCTAssertEqual(try numbers("if (true) { 4 } else { 5 }"), [4])
    XCTAssertEqual(try numbers("value * 2", ["value": .number(21)]), [42])
  }

  func testHelpers() throws {
    XCTAssertEqual(try numbers("linear(5, 0, 10, 0, 100)"), [50])
    XCTAssertEqual(try numbers("linear(0.25, [0, 0], [4, 8])"), [1, 2])
    XCTAssertEqual(try numbers("clamp(15, 0, 10) + clamp(-1, 0, 10)"), [10])
    XCTAssertEqual(try numbers("length([3, 4])"), [5])
    XCTAssertEqual(try numbers("normalize([3, 4])"), [0.6, 0.8])
    XCTAssertEqual(try numbers("dot([1, 2], [3, 4])"), [11])
    XCTAssertEqual(try numbers("cross([1, 0, 0], [0, 1, 0])"), [0, 0, 1])
    XCTAssertEqual(try numbers("ease(0, 0, 1, 10, 20) + ease(1, 0, 1, 10, 20)"), [30])
    let middle = try XCTUnwrap(try numbers("ease(0.5, 0, 1, 0, 100)")?.first)
    XCTAssertEqual(middle, 50, accuracy: 0.5)
    XCTAssertEqual(try numbers("radiansToDegrees(degreesToRadians(90))"), [90])
  }

  func testSyntaxErrorSaysWhere() {
    let error = failure("var x = ;")
    XCTAssertEqual(error?.kind, .syntax)
    XCTAssertEqual(error?.offset, 8)
    XCTAssertEqual(failure("if (x { }")?.kind, .syntax)
    XCTAssertEqual(failure("'unterminated")?.kind, .syntax)
  }
}
