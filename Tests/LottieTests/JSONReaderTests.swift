import Lottie
import Testing

/// Our own JSON reader, seen through `LottieParser.parse`: valid documents land in the model, and broken
/// ones throw `LottieError.syntax` with line, column and byte offset.
@Suite("JSON reader")
struct JSONReaderTests {
  // MARK: - Valid documents

  @Test("simple escapes in strings")
  func simpleEscapes() throws {
    let animation = try parse(composition(extra: #""nm": "q\"b\\s\/f\bf\fn\nr\rt\t.""#))
    #expect(animation.name == "q\"b\\s/f\u{8}f\u{C}n\nr\rt\t.")
  }

  @Test(
    "\\u escapes, surrogate pairs and raw UTF-8",
    arguments: [
      (#"\u0041\u00e9\u20AC"#, "Aé€"),
      (#"\uD83D\uDE00"#, "😀"),
      (#"\ud83c\udf89!"#, "🎉!"),
      (#"x\uD83Dy"#, "x\u{FFFD}y"),  // lone high surrogate
      (#"x\uDE00y"#, "x\u{FFFD}y"),  // lone low surrogate
      (#"\u0000"#, "\u{0}"),
      ("日本語 ✓", "日本語 ✓"),
    ])
  func unicodeEscapes(escaped: String, expected: String) throws {
    let animation = try parse(#"{"nm": ""# + escaped + #"", "w": 1, "h": 1, "fr": 1, "ip": 0, "op": 1, "layers": []}"#)
    #expect(animation.name == expected)
  }

  @Test("a UTF-8 byte order mark is tolerated")
  func byteOrderMark() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(composition().utf8)
    let animation = try LottieParser.parse(bytes: bytes, file: "bom.json")
    #expect(animation.width == 100)
  }

  @Test("numbers with fractions, exponents and signs")
  func numbers() throws {
    let animation = try parse(
      #"{"w": 1.5e2, "h": 2E2, "fr": 2.5e+1, "ip": -0.5E0, "op": 12000e-3, "layers": [],"#
        + #" "markers": [{"cm": "m", "tm": 1e-3, "dr": -0}]}"#)
    #expect(animation.width == 150)
    #expect(animation.height == 200)
    #expect(animation.frameRate == 25)
    #expect(animation.inPoint == -0.5)
    #expect(animation.outPoint == 12)
    #expect(animation.markers.first?.frame == 0.001)
    #expect(animation.markers.first?.duration == 0)
  }

  @Test("nesting, unknown members and all four kinds of whitespace")
  func nestingAndWhitespace() throws {
    let deep = String(repeating: #"{"a": ["#, count: 100) + "null" + String(repeating: "]}", count: 100)
    let json =
      "\r\n\t{ \"meta\" :\t" + deep + " ,\n \"x\": [true, false, null, {}, [], \"\"],\r\n"
      + #""w":100,"h":100,"fr":30,"ip":0,"op":60,"layers":[ ] }"# + " \n\t\r "
    let animation = try parse(json)
    #expect(animation.layers.isEmpty)
    #expect(animation.frameCount == 60)
  }

  @Test("a duplicated member keeps its last value")
  func duplicateMember() throws {
    let animation = try parse(#"{"w": 1, "w": 100, "h": 100, "fr": 30, "ip": 0, "op": 60, "layers": []}"#)
    #expect(animation.width == 100)
  }

  @Test("nesting up to the depth limit is accepted")
  func depthAtLimit() throws {
    var limits = LoadLimits()
    limits.maxJSONDepth = 3
    // Depth 3 is read; the document is then refused as a Lottie, not as JSON.
    expectParseError("[[[1]]]", "test.json: $: expected an object, found an array", limits: limits)
  }

  // MARK: - Errors

  @Test(
    "syntax errors name the line, column and byte",
    arguments: [
      ("", "line 1, column 1 (byte 0): the input is empty (0 bytes)"),
      ("  \n ", "line 2, column 2 (byte 4): the input holds no JSON value, only white space"),
      (#"{"a": [1, 2"#, "line 1, column 12 (byte 11): unexpected end of input (truncated JSON?)"),
      (#"{"w": 1"#, "line 1, column 8 (byte 7): unexpected end of input (truncated JSON?)"),
      (#"{"w":"#, "line 1, column 6 (byte 5): unexpected end of input (truncated JSON?)"),
      (#"{"#, "line 1, column 2 (byte 1): unexpected end of input (truncated JSON?)"),
      (#"[tr"#, "line 1, column 2 (byte 1): unexpected end of input (truncated JSON?)"),
      (#"{"nm": "abc"#, "line 1, column 12 (byte 11): unexpected end of input inside a string (truncated JSON?)"),
      (#"{"nm": "abc\"#, "line 1, column 13 (byte 12): unexpected end of input inside a string (truncated JSON?)"),
      (#"{"a": 1} x"#, "line 1, column 10 (byte 9): unexpected data after the end of the JSON value"),
      (#"{"a": 1}{}"#, "line 1, column 9 (byte 8): unexpected data after the end of the JSON value"),
      ("{}\n\n]", "line 3, column 1 (byte 4): unexpected data after the end of the JSON value"),
      (#"{"w": NaN}"#, "line 1, column 7 (byte 6): NaN and Infinity are not valid JSON numbers"),
      (#"[Infinity]"#, "line 1, column 2 (byte 1): NaN and Infinity are not valid JSON numbers"),
      (#"[-Infinity]"#, "line 1, column 3 (byte 2): invalid number"),
      (#"[1e400]"#, "line 1, column 2 (byte 1): number out of range"),
      (#"[-1e400]"#, "line 1, column 2 (byte 1): number out of range"),
      (#"[1.]"#, "line 1, column 4 (byte 3): invalid number"),
      (#"[1e+]"#, "line 1, column 5 (byte 4): invalid number"),
      (#"[-]"#, "line 1, column 3 (byte 2): invalid number"),
      (#"[.5]"#, "line 1, column 2 (byte 1): unexpected character '.'"),
      (#"[+1]"#, "line 1, column 2 (byte 1): unexpected character '+'"),
      (#"{'a': 1}"#, "line 1, column 2 (byte 1): expected a member name in quotes"),
      (#"{"a": 1,}"#, "line 1, column 9 (byte 8): expected a member name in quotes"),
      (#"{"a" 1}"#, "line 1, column 6 (byte 5): expected ':' after a member name"),
      (#"{"a": 1 "b": 2}"#, "line 1, column 9 (byte 8): expected ',' or '}' in an object"),
      (#"[1 2]"#, "line 1, column 4 (byte 3): expected ',' or ']' in an array"),
      (#"[1, 2,]"#, "line 1, column 7 (byte 6): unexpected character ']'"),
      (#"[trve]"#, "line 1, column 2 (byte 1): invalid literal"),
      (#"[nul]"#, "line 1, column 2 (byte 1): invalid literal"),
      (#"["\x"]"#, "line 1, column 5 (byte 4): invalid escape in a string"),
      (#"["\u12G4"]"#, "line 1, column 7 (byte 6): invalid \\u escape"),
      (#"["\u12"]"#, "line 1, column 7 (byte 6): invalid \\u escape"),
      (#"["\u1"#, "line 1, column 5 (byte 4): invalid \\u escape"),
      ("{\"nm\": \"a\tb\"}", "line 1, column 10 (byte 9): control character in a string"),
      ("{\"nm\": \"\\n\u{1}\"}", "line 1, column 11 (byte 10): control character in a string"),
      ("{\n  \"nm\": \"a\nb\"\n}", "line 2, column 11 (byte 12): control character in a string"),
    ])
  func syntaxErrors(json: String, expected: String) {
    let error = expectParseError(json, "bad.json: invalid JSON at " + expected, file: "bad.json")
    #expect(error?.kind == "syntax")
  }

  @Test("the whole message of a syntax error on the third line")
  func syntaxErrorMessage() {
    let json = "{\n  \"fr\": 30.0,\n    x\n}"
    let error = expectParseError(
      json, "hero.json: invalid JSON at line 3, column 5 (byte 20): expected a member name in quotes", file: "hero.json"
    )
    #expect(
      error == .syntax(file: "hero.json", offset: 20, line: 3, column: 5, message: "expected a member name in quotes"))
  }

  @Test("nesting deeper than the limit is refused without recursing further")
  func tooDeep() {
    var limits = LoadLimits()
    limits.maxJSONDepth = 3
    expectParseError(
      "[[[[1]]]]", "test.json: invalid JSON at line 1, column 4 (byte 3): nested deeper than 3 levels", limits: limits)
    expectParseError(
      #"{"a": {"b": {"c": {}}}}"#,
      "test.json: invalid JSON at line 1, column 19 (byte 18): nested deeper than 3 levels", limits: limits)
  }

  @Test("the default depth limit is 512 and a hostile depth does not overflow the stack")
  func defaultDepthLimit() {
    let hostile = String(repeating: "[", count: 100_000)
    expectParseError(hostile, "test.json: invalid JSON at line 1, column 513 (byte 512): nested deeper than 512 levels")
    let mixed = String(repeating: #"{"a":["#, count: 300)
    // Level 513 is the object opened at byte 6 * 256 = 1536.
    expectParseError(mixed, "test.json: invalid JSON at line 1, column 1537 (byte 1536): nested deeper than 512 levels")
  }

  @Test
  func highSurrogateThenOrdinaryEscape() throws {
    // Expected like Python and JavaScript: the unpaired surrogate becomes U+FFFD and the 'A' is kept.
    let animation = try parse(composition(extra: #""nm": "\uD800\u0041""#))
    #expect(animation.name == "\u{FFFD}A")
  }

  @Test
  func leadingZeros() {
    expectParseError(
      #"{"w": 0100}"#, "test.json: invalid JSON at line 1, column 7 (byte 6): invalid number (leading zero)")
  }
}
