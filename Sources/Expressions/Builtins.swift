import Foundation

/// The standard library an expression sees: `Math`, `Number`, `parseInt`, ..., Bodymovin's `$bm_` operators
/// and After Effects' vector and interpolation helpers. Nothing here reaches the host: no files, clock,
/// environment, or code from strings.
enum Builtins {
  /// Names of host facilities in browsers and Node that expressions must not have: reading one is a
  /// clear error rather than "not defined".
  static let hostNames: Set<String> = [
    "require", "process", "window", "document", "globalThis", "fetch", "XMLHttpRequest", "setTimeout",
    "setInterval", "importScripts", "Date", "system",
  ]

  /// `Object.assign(target, ...sources)`: each source's own properties (an array's elements by index) set on
  /// the target as an assignment sets them.
  static func assign(_ a: [JSValue], _ i: Interpreter) throws(ExpressionError) -> JSValue {
    let target = a[argument: 0]
    guard case .object = target else { throw i.typeError("Object.assign: the target is not an object") }
    for source in a.dropFirst() {
      switch source {
      case .object(let o):
        for k in o.keys { try Members.set(target, .string(k), (try o.get(k)) ?? .undefined, i) }
      case .array(let list):
        for (n, v) in list.elements.enumerated() { try Members.set(target, .string(String(n)), v, i) }
      default: break
      }
    }
    return target
  }

  /// `Array.from(items, map?)`: an array's elements, a string's characters, or an array-like object's
  /// `length` indexed properties (its length counted against the memory budget before it is built).
  static func arrayFrom(_ a: [JSValue], _ i: Interpreter) throws(ExpressionError) -> JSValue {
    var items: [JSValue] = []
    switch a[argument: 0] {
    case .array(let list):
      try i.allocateElements(list.elements.count)
      items = list.elements
    case .string(let s):
      try i.allocateElements(s.utf8.count)
      items = s.map { .string(String($0)) }
    case .object(let o):
      let length = (try o.get("length"))?.numberValue ?? 0
      let n = length.isFinite && length > 0 ? Int(clamping: length.rounded(.down)) : 0
      try i.allocateElements(n)
      try i.step(n)
      items.reserveCapacity(n)
      for k in 0..<n { items.append((try o.get(String(k))) ?? .undefined) }
    default: break
    }
    let map = a[argument: 1]
    if map.asFunction != nil {
      for k in items.indices { items[k] = try i.call(map, this: .undefined, [items[k], .number(Double(k))]) }
    }
    return .array(JSArray(items))
  }

  static func makeError(_ name: String, _ message: String) -> JSValue {
    .object(JSObject([("name", .string(name)), ("message", .string(message))]))
  }

  /// The built-in globals, frozen (made once per interpreter).
  static func globals() -> [String: JSValue] {
    var g: [String: JSValue] = [:]
    g["Math"] = .object(math())
    g["NaN"] = .number(.nan)
    g["Infinity"] = .number(.infinity)
    g["parseInt"] = .function("parseInt") { _, _, a in
      let radix = a[argument: 1]
      return .number(
        parseInt(
          a[argument: 0].stringValue, radix: radix.typeName == "undefined" ? 0 : Int(clamping: radix.numberValue)))
    }
    g["parseFloat"] = .function("parseFloat") { _, _, a in .number(parseFloat(a[argument: 0].stringValue)) }
    g["isNaN"] = .function("isNaN") { _, _, a in .boolean(a[argument: 0].numberValue.isNaN) }
    g["isFinite"] = .function("isFinite") { _, _, a in .boolean(a[argument: 0].numberValue.isFinite) }
    let string = JSFunction(
      name: "String",
      lookup: { key in
        guard key == "fromCharCode" else { return nil }
        return .function("fromCharCode") { i, _, a throws(ExpressionError) in
          try i.allocate(a.count * 2)
          let units = a.map { UInt16(truncatingIfNeeded: Operators.int32($0.numberValue)) }
          return .string(String(decoding: units, as: UTF16.self))
        }
      }
    ) { i, _, a throws(ExpressionError) in
      guard let v = a.first else { return .string("") }
      let s = try i.string(v)
      try i.allocate(s.utf8.count)
      return .string(s)
    }
    g["String"] = .object(string)
    g["Boolean"] = .function("Boolean") { _, _, a in .boolean(a[argument: 0].isTruthy) }
    let number = JSFunction(
      name: "Number",
      lookup: { key in
        switch key {
        case "MAX_VALUE": return .number(.greatestFiniteMagnitude)
        case "MIN_VALUE": return .number(.leastNonzeroMagnitude)
        case "EPSILON": return .number(.ulpOfOne)
        case "MAX_SAFE_INTEGER": return .number(9_007_199_254_740_991)
        case "MIN_SAFE_INTEGER": return .number(-9_007_199_254_740_991)
        case "POSITIVE_INFINITY": return .number(.infinity)
        case "NEGATIVE_INFINITY": return .number(-.infinity)
        case "NaN": return .number(.nan)
        case "isNaN": return .function("isNaN") { _, _, a in .boolean(a[argument: 0].numberValue.isNaN) }
        case "isFinite":
          return .function("isFinite") { _, _, a in
            guard case .number(let n) = a[argument: 0] else { return .boolean(false) }
            return .boolean(n.isFinite)
          }
        case "isInteger":
          return .function("isInteger") { _, _, a in
            guard case .number(let n) = a[argument: 0] else { return .boolean(false) }
            return .boolean(n.isFinite && n == n.rounded())
          }
        case "parseFloat": return .function("parseFloat") { _, _, a in .number(parseFloat(a[argument: 0].stringValue)) }
        case "parseInt":
          return .function("parseInt") { _, _, a in .number(parseInt(a[argument: 0].stringValue, radix: 0)) }
        default: return nil
        }
      }
    ) { _, _, a in .number(a.isEmpty ? 0 : a[0].numberValue) }
    g["Number"] = .object(number)
    let array = JSFunction(
      name: "Array",
      lookup: { key in
        switch key {
        case "isArray":
          return .function("isArray") { _, _, a in
            if case .array = a[argument: 0] { return .boolean(true) }
            return .boolean(false)
          }
        case "of":
          return .function("of") { i, _, a throws(ExpressionError) in
            try i.allocateElements(a.count)
            return .array(JSArray(a))
          }
        case "from": return .function("from") { i, _, a throws(ExpressionError) in try arrayFrom(a, i) }
        default: return nil
        }
      }
    ) { i, _, a throws(ExpressionError) in
      if a.count == 1, case .number(let n) = a[0] {
        guard n >= 0, n == n.rounded(), n < 4_294_967_296 else {
          throw i.throwValue(makeError("RangeError", "invalid array length"))
        }
        try i.allocateElements(Int(n))  // int-audit: 0 <= n < 2^32, whole, checked above
        try i.step(Int(n))  // int-audit: 0 <= n < 2^32, checked above
        return .array(JSArray(Array(repeating: .undefined, count: Int(n))))  // int-audit: 0 <= n < 2^32, checked above
      }
      try i.allocateElements(a.count)
      return .array(JSArray(a))
    }
    g["Array"] = .object(array)
    g["Object"] = .object(
      JSFunction(
        name: "Object",
        lookup: { key in
          switch key {
          case "assign": return .function(key) { i, _, a throws(ExpressionError) in try assign(a, i) }
          case "entries":
            return .function(key) { i, _, a throws(ExpressionError) in
              guard case .object(let o) = a[argument: 0] else { return .array(JSArray([])) }
              try i.allocateElements(o.count * 3)
              var pairs: [JSValue] = []
              for k in o.keys { pairs.append(.array(JSArray([.string(k), (try o.get(k)) ?? .undefined]))) }
              return .array(JSArray(pairs))
            }
          // Objects are not frozen (nothing an expression makes outlives its evaluation): the object itself.
          case "freeze": return .function(key) { _, _, a in a[argument: 0] }
          case "keys", "values":
            return .function(key) { i, _, a throws(ExpressionError) in
              switch a[argument: 0] {
              case .object(let o):
                try i.allocateElements(o.count)
                return .array(
                  JSArray(key == "keys" ? o.keys.map { .string($0) } : o.keys.map { (try? o.get($0)) ?? .undefined }))
              case .array(let arr):
                try i.allocateElements(arr.elements.count)
                return .array(
                  JSArray(key == "keys" ? arr.elements.indices.map { .string(String($0)) } : arr.elements))
              default: return .array(JSArray([]))
              }
            }
          default: return nil
          }
        }
      ) { _, _, a in
        if case .object = a[argument: 0] { return a[0] }
        return .object(JSObject())
      })
    for name in ["Error", "TypeError", "RangeError", "ReferenceError", "SyntaxError"] {
      g[name] = .function(name) { _, _, a in
        makeError(name, a.isEmpty ? "" : a[0].stringValue)
      }
    }
    g["eval"] = .function("eval") { _, _, _ throws(ExpressionError) in
      throw ExpressionError(.forbidden, "'eval' is not allowed in expressions (no code from strings)")
    }
    g["Function"] = .function("Function") { _, _, _ throws(ExpressionError) in
      throw ExpressionError(.forbidden, "'Function' is not allowed in expressions (no code from strings)")
    }
    g["JSON"] = .object(
      JSObject([
        (
          "stringify",
          .function("stringify") { i, _, a throws(ExpressionError) in
            let s = try stringify(a[argument: 0], i)
            try i.allocate(s.utf8.count)
            return .string(s)
          }
        )
      ]))
    AfterEffectsLibrary.install(into: &g)
    // Frozen: the built-ins are made once per interpreter (a worker) and seen by every evaluation it runs, so a
    // property an expression wrote on one (`Math.counter`, `Math.sin = ...`) would outlive the evaluation: frames
    // would depend on which worker drew what before, and a host object stored there would outlive its frame.
    // Writes to a frozen object go to the evaluation's overlay instead (Members.set).
    var pending = Array(g.values)
    while let value = pending.popLast() {
      guard case .object(let object) = value, !object.isFrozen else { continue }
      object.isFrozen = true
      pending.append(contentsOf: object.ownValues)
    }
    return g
  }

  /// `JSON.stringify(v)`, written into `out`; the text may not grow past what the memory budget has left, checked
  /// as it grows (an array holding one big string many times would otherwise be written whole first).
  static func stringify(_ v: JSValue, _ i: Interpreter) throws(ExpressionError) -> String {
    var out = ""
    let limit = i.memoryLeft
    try stringify(v, i, depth: 0, into: &out, limit: limit)
    return out
  }

  private static func stringify(_ v: JSValue, _ i: Interpreter, depth: Int, into out: inout String, limit: Int)
    throws(ExpressionError)
  {
    guard depth < 32 else { throw i.typeError("JSON.stringify: nested too deep (a cycle?)") }
    try i.step()
    switch v {
    case .undefined, .null: out += "null"
    case .boolean(let b): out += b ? "true" : "false"
    case .number(let n): out += n.isFinite ? JSValue.format(n) : "null"
    case .string(let s):
      try quote(s, i, into: &out, limit: limit)
    case .array(let a):
      out += "["
      for (index, e) in a.elements.enumerated() {
        if index > 0 { out += "," }
        try stringify(e, i, depth: depth + 1, into: &out, limit: limit)
      }
      out += "]"
    case .object(let o):
      out += "{"
      for (index, k) in o.keys.enumerated() {
        if index > 0 { out += "," }
        try stringify(.string(k), i, depth: depth + 1, into: &out, limit: limit)
        out += ":"
        try stringify(try o.get(k) ?? .undefined, i, depth: depth + 1, into: &out, limit: limit)
      }
      out += "}"
    }
    guard out.utf8.count <= limit else { throw i.memoryError() }
  }

  /// A string as JSON writes it: quoted, with `"`, `\\` and control characters escaped. One pass over the bytes,
  /// charged a step per 16; the escaped length is known before anything is written, so text that would pass the
  /// memory budget is refused unwritten. (Foundation's `replacingOccurrences` took minutes on a string
  /// stringified thirty times over, each pass doubling its backslashes: scripts/fuzz.)
  static func quote(_ s: String, _ i: Interpreter, into out: inout String, limit: Int) throws(ExpressionError) {
    let bytes = s.utf8
    try i.step(bytes.count / 16)
    var escaped = bytes.count + 2
    for b in bytes where b < 0x20 || b == 0x22 || b == 0x5C {
      escaped += b < 0x20 && !"\u{8}\t\n\u{c}\r".utf8.contains(b) ? 5 : 1
    }
    guard out.utf8.count + escaped <= limit else { throw i.memoryError() }
    guard escaped != bytes.count + 2 else {
      out += "\"" + s + "\""
      return
    }
    var written = [UInt8]()
    written.reserveCapacity(escaped)
    let hex = Array("0123456789abcdef".utf8)
    written.append(0x22)
    for b in bytes {
      let letter: UInt8
      switch b {
      case 0x22, 0x5C: letter = b
      case 0x08: letter = UInt8(ascii: "b")
      case 0x09: letter = UInt8(ascii: "t")
      case 0x0A: letter = UInt8(ascii: "n")
      case 0x0C: letter = UInt8(ascii: "f")
      case 0x0D: letter = UInt8(ascii: "r")
      case ..<0x20: letter = UInt8(ascii: "u")
      default:
        written.append(b)
        continue
      }
      written.append(0x5C)
      written.append(letter)
      if letter == UInt8(ascii: "u") {
        written.append(0x30)
        written.append(0x30)
        written.append(hex[Int(b >> 4)])
        written.append(hex[Int(b & 15)])
      }
    }
    written.append(0x22)
    out += String(decoding: written, as: UTF8.self)
  }

  /// The UTF-8 bytes of `text` after its leading white space (JavaScript's `StrWhiteSpaceChar`: Unicode white
  /// space, line terminators and U+FEFF). Only the front is looked at: `parseInt` and `parseFloat` read from
  /// there as far as a number goes (Foundation's trimming of both ends read the whole text, and a walk by
  /// `Character` cost ten times a byte: `parseInt` of a 100 KB string in a precomp used 23 times took 10 s of
  /// `info`, scripts/fuzz).
  private static func bytesAfterLeadingSpace(_ text: String) -> Substring.UTF8View {
    var scalars = text.unicodeScalars[...]
    var skipped = 0
    while let first = scalars.first, JSValue.isWhiteSpace(first) {
      scalars = scalars.dropFirst()
      skipped += 1
    }
    charge(bytesRead: skipped)
    return Substring(scalars).utf8
  }

  /// What reading `count` bytes of a string costs the evaluation under way: one step per 16 bytes, owed to its
  /// arena (`Arena.debt`), as ``JSValue/parseNumber(_:)`` charges.
  private static func charge(bytesRead count: Int) {
    if count > 256 { Arena.current?.debt += count / 16 }
  }

  /// `parseInt`: leading whitespace, a sign, `0x`, then digits of the radix as far as they go; bytes, read only
  /// as far as the digits go.
  static func parseInt(_ text: String, radix r: Int) -> Double {
    var s = bytesAfterLeadingSpace(text)[...]
    var sign = 1.0
    if s.first == 0x2D {
      sign = -1
      s = s.dropFirst()
    } else if s.first == 0x2B {
      s = s.dropFirst()
    }
    var radix = r
    if radix == 0 || radix == 16, s.starts(with: [0x30, 0x78]) || s.starts(with: [0x30, 0x58]) {
      s = s.dropFirst(2)
      radix = 16
    }
    if radix == 0 { radix = 10 }
    guard (2...36).contains(radix) else { return .nan }
    var value = 0.0
    var read = 0
    defer { charge(bytesRead: read) }
    for byte in s {
      let digit: Int
      switch byte {
      case 0x30...0x39: digit = Int(byte) - 0x30
      case 0x61...0x7A: digit = Int(byte) - 0x61 + 10
      case 0x41...0x5A: digit = Int(byte) - 0x41 + 10
      default: digit = 36
      }
      guard digit < radix else { break }
      read += 1
      // Past the largest double every further digit leaves it infinite: no need to read them.
      if value.isInfinite { break }
      value = value * Double(radix) + Double(digit)
    }
    return read > 0 ? sign * value : .nan
  }

  /// `parseFloat`: the longest prefix that is a decimal number; bytes, read only as far as the number goes.
  static func parseFloat(_ text: String) -> Double {
    let s = bytesAfterLeadingSpace(text)
    if s.starts(with: "Infinity".utf8) || s.starts(with: "+Infinity".utf8) { return .infinity }
    if s.starts(with: "-Infinity".utf8) { return -.infinity }
    var i = s.startIndex
    func isDigit(_ at: Substring.UTF8View.Index) -> Bool { at < s.endIndex && (0x30...0x39).contains(s[at]) }
    if i < s.endIndex, s[i] == 43 || s[i] == 45 { i = s.index(after: i) }
    var digits = 0
    while isDigit(i) {
      i = s.index(after: i)
      digits += 1
    }
    if i < s.endIndex, s[i] == 46 {
      i = s.index(after: i)
      while isDigit(i) {
        i = s.index(after: i)
        digits += 1
      }
    }
    guard digits > 0 else { return .nan }
    var end = i
    if i < s.endIndex, s[i] | 0x20 == 101 {
      var j = s.index(after: i)
      if j < s.endIndex, s[j] == 43 || s[j] == 45 { j = s.index(after: j) }
      if isDigit(j) {
        while isDigit(j) { j = s.index(after: j) }
        end = j
      }
    }
    let count = s.distance(from: s.startIndex, to: end)
    charge(bytesRead: count)
    return Double(String(decoding: s[..<end], as: UTF8.self)) ?? .nan
  }

  private static func math() -> JSObject {
    func unary(_ name: String, _ f: @escaping (Double) -> Double) -> (String, JSValue) {
      (name, .function(name) { _, _, a in .number(f(a[argument: 0].numberValue)) })
    }
    return JSObject([
      ("PI", .number(.pi)), ("E", .number(M_E)), ("LN2", .number(M_LN2)), ("LN10", .number(M_LN10)),
      ("LOG2E", .number(M_LOG2E)), ("LOG10E", .number(M_LOG10E)), ("SQRT2", .number(2.0.squareRoot())),
      ("SQRT1_2", .number(0.5.squareRoot())),
      unary("abs", abs), unary("sin", sin), unary("cos", cos), unary("tan", tan), unary("asin", asin),
      unary("acos", acos), unary("atan", atan), unary("sqrt", sqrt), unary("exp", exp), unary("log", log),
      unary("log10", log10), unary("log2", log2), unary("floor") { $0.rounded(.down) },
      unary("ceil") { $0.rounded(.up) }, unary("trunc") { $0.rounded(.towardZero) }, unary("cbrt", cbrt),
      unary("sinh", sinh), unary("cosh", cosh), unary("tanh", tanh), unary("asinh", asinh), unary("acosh", acosh),
      unary("atanh", atanh), unary("expm1", expm1), unary("log1p", log1p), unary("fround") { Double(Float($0)) },
      // JavaScript rounds halves up (towards +infinity), not away from zero.
      unary("round") { x in
        let r = x.rounded(.down)
        return x - r >= 0.5 ? r + 1 : r
      },
      unary("sign") { $0.isNaN ? .nan : $0 > 0 ? 1 : $0 < 0 ? -1 : $0 },
      (
        "atan2",
        .function("atan2") { _, _, a in .number(atan2(a[argument: 0].numberValue, a[argument: 1].numberValue)) }
      ),
      ("pow", .function("pow") { _, _, a in .number(pow(a[argument: 0].numberValue, a[argument: 1].numberValue)) }),
      ("hypot", .function("hypot") { _, _, a in .number(sqrt(a.reduce(0) { $0 + $1.numberValue * $1.numberValue })) }),
      (
        "max",
        .function("max") { _, _, a in
          var m = -Double.infinity
          for v in a {
            let n = v.numberValue
            if n.isNaN { return .number(.nan) }
            m = Swift.max(m, n)
          }
          return .number(m)
        }
      ),
      (
        "min",
        .function("min") { _, _, a in
          var m = Double.infinity
          for v in a {
            let n = v.numberValue
            if n.isNaN { return .number(.nan) }
            m = Swift.min(m, n)
          }
          return .number(m)
        }
      ),
      ("random", .function("random") { i, _, _ in .number(i.random.next()) }),
    ])
  }
}
