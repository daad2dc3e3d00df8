import Foundation

/// JavaScript's operators, with After Effects' vector arithmetic: where either operand of `+ - * /` is an
/// array, the operator works as Bodymovin's `$bm_sum`, `$bm_sub`, `$bm_mul`, `$bm_div` do in lottie-web
/// (arrays add element-wise, a number scales an array), which is what After Effects computes for the same
/// source.
enum Operators {
  static func binary(_ op: BinaryOperator, _ a0: JSValue, _ b0: JSValue, _ interpreter: Interpreter)
    throws(ExpressionError) -> JSValue
  {
    let strict = op == .strictEqual || op == .strictNotEqual || op == .instanceof || op == .in
    let a = strict ? a0 : a0.primitive
    let b = strict ? b0 : b0.primitive
    switch op {
    case .add:
      if case .number(let x) = a, case .number(let y) = b { return .number(x + y) }
      return try sum(a, b, interpreter)
    case .subtract:
      if case .number(let x) = a, case .number(let y) = b { return .number(x - y) }
      return try subtract(a, b, interpreter)
    case .multiply:
      if case .number(let x) = a, case .number(let y) = b { return .number(x * y) }
      return try multiply(a, b, interpreter)
    case .divide:
      if case .number(let x) = a, case .number(let y) = b { return .number(x / y) }
      return try divide(a, b, interpreter)
    case .remainder: return .number(fmod(a.numberValue, b.numberValue))
    case .exponent: return .number(pow(a.numberValue, b.numberValue))
    case .equal, .notEqual:
      let (x, y) = try looseOperands(a, b, interpreter)
      try chargeStrings(x, y, interpreter)
      return .boolean(looseEquals(x, y) == (op == .equal))
    case .strictEqual, .strictNotEqual:
      try chargeStrings(a, b, interpreter)
      return .boolean(strictEquals(a, b) == (op == .strictEqual))
    case .less, .greater, .lessOrEqual, .greaterOrEqual:
      try chargeStrings(a, b, interpreter)
      return .boolean(compare(op, a, b))
    case .bitAnd: return .number(Double(int32(a.numberValue) & int32(b.numberValue)))
    case .bitOr: return .number(Double(int32(a.numberValue) | int32(b.numberValue)))
    case .bitXor: return .number(Double(int32(a.numberValue) ^ int32(b.numberValue)))
    case .shiftLeft: return .number(Double(int32(a.numberValue) << (uint32(b.numberValue) & 31)))
    case .shiftRight: return .number(Double(int32(a.numberValue) >> (uint32(b.numberValue) & 31)))
    case .unsignedShiftRight: return .number(Double(uint32(a.numberValue) >> (uint32(b.numberValue) & 31)))
    case .instanceof:
      guard let f = b.asFunction else { throw interpreter.typeError("right side of instanceof is not callable") }
      switch (a, f.name) {
      case (.array, "Array"), (.array, "Object"): return .boolean(true)
      case (.object(let o), "Object"): return .boolean(!(o is JSFunction))
      case (.object(let o), "Function"): return .boolean(o is JSFunction)
      case (.object(let o), let name) where name.hasSuffix("Error"):
        return .boolean(((try? o.get("name"))??.stringValue).map { $0 == name || name == "Error" } ?? false)
      default: return .boolean(false)
      }
    case .in:
      switch b {
      case .array(let arr):
        if let i = arrayIndex(a) { return .boolean(i < arr.elements.count) }
        return .boolean(a.stringValue == "length")
      case .object(let o): return .boolean(try o.get(a.stringValue) != nil)
      default: throw interpreter.typeError("cannot use 'in' on \(b.typeName)")
      }
    }
  }

  static func int32(_ d: Double) -> Int32 {
    guard d.isFinite else { return 0 }
    let m = fmod(d.rounded(.towardZero), 4_294_967_296)
    return Int32(truncatingIfNeeded: Int64(m))  // int-audit: |m| < 2^32 (fmod), finite checked above
  }

  static func uint32(_ d: Double) -> UInt32 { UInt32(bitPattern: int32(d)) }

  /// A valid array index, when `key` is one.
  static func arrayIndex(_ key: JSValue) -> Int? {
    switch key {
    case .number(let n):
      return n >= 0 && n < 4_294_967_295 && n == n.rounded() ? Int(n) : nil  // int-audit: 0 <= n < 2^32, whole, checked first
    case .string(let s):
      guard let i = Int(s), i >= 0, String(i) == s else { return nil }
      return i
    default: return nil
    }
  }

  static func isNumeric(_ v: JSValue) -> Bool {
    switch v {
    case .number, .boolean: return true
    default: return false
    }
  }

  static func isString(_ v: JSValue) -> Bool {
    if case .string = v { return true }
    return false
  }

  /// JavaScript's `+` on non-numbers: strings concatenate, objects become strings.
  static func plus(_ a: JSValue, _ b: JSValue, _ interpreter: Interpreter) throws(ExpressionError) -> JSValue {
    if isNumeric(a) && isNumeric(b) { return .number(a.numberValue + b.numberValue) }
    switch (a, b) {
    case (.string, _), (_, .string), (.array, _), (_, .array), (.object, _), (_, .object):
      let left = try interpreter.string(a)
      let right = try interpreter.string(b, limit: interpreter.memoryLeft - left.utf8.count)
      try interpreter.allocate(left.utf8.count + right.utf8.count)
      return .string(left + right)
    default: return .number(a.numberValue + b.numberValue)
    }
  }

  /// `$bm_sum`: lottie-web's `sum`.
  static func sum(_ a0: JSValue, _ b0: JSValue, _ interpreter: Interpreter) throws(ExpressionError) -> JSValue {
    let a = a0.primitive
    let b = b0.primitive
    if (isNumeric(a) && isNumeric(b)) || isString(a) || isString(b) { return try plus(a, b, interpreter) }
    switch (a, b) {
    case (.array(let x), _) where isNumeric(b):
      try interpreter.allocateElements(x.elements.count)
      var e = x.elements
      if !e.isEmpty { e[0] = try plus(e[0], b, interpreter) }
      return .array(JSArray(e))
    case (_, .array(let y)) where isNumeric(a):
      try interpreter.allocateElements(y.elements.count)
      var e = y.elements
      if !e.isEmpty { e[0] = try plus(a, e[0], interpreter) }
      return .array(JSArray(e))
    case (.array(let x), .array(let y)):
      return try elementwise(x, y, interpreter) { p, q throws(ExpressionError) in
        if isNumeric(p), isNumeric(q) { return .number(p.numberValue + q.numberValue) }
        if case .undefined = q { return p }
        return p.isTruthy ? p : q
      }
    default:
      // lottie-web gives 0 for other operands (objects); JavaScript's `+` makes a string of them.
      return try plus(a, b, interpreter)
    }
  }

  /// `$bm_sub`: lottie-web's `sub`.
  static func subtract(_ a0: JSValue, _ b0: JSValue, _ interpreter: Interpreter) throws(ExpressionError) -> JSValue {
    let a = a0.primitive
    let b = b0.primitive
    switch (a, b) {
    case (.array(let x), _) where !isArray(b):
      try interpreter.allocateElements(x.elements.count)
      var e = x.elements
      if !e.isEmpty { e[0] = .number(e[0].numberValue - b.numberValue) }
      return .array(JSArray(e))
    case (_, .array(let y)) where !isArray(a):
      try interpreter.allocateElements(y.elements.count)
      var e = y.elements
      if !e.isEmpty { e[0] = .number(a.numberValue - e[0].numberValue) }
      return .array(JSArray(e))
    case (.array(let x), .array(let y)):
      return try elementwise(x, y, interpreter) { p, q throws(ExpressionError) in
        if isNumeric(p), isNumeric(q) { return .number(p.numberValue - q.numberValue) }
        if case .undefined = q { return p }
        return p.isTruthy ? p : q
      }
    default: return .number(a.numberValue - b.numberValue)
    }
  }

  /// `$bm_mul`: lottie-web's `mul` (a number scales an array; two arrays give 0).
  static func multiply(_ a0: JSValue, _ b0: JSValue, _ interpreter: Interpreter) throws(ExpressionError) -> JSValue {
    let a = a0.primitive
    let b = b0.primitive
    switch (a, b) {
    case (.array(let x), _) where !isArray(b):
      return try map(x, interpreter) { .number($0.numberValue * b.numberValue) }
    case (_, .array(let y)) where !isArray(a):
      return try map(y, interpreter) { .number(a.numberValue * $0.numberValue) }
    case (.array, .array): return .number(0)
    default: return .number(a.numberValue * b.numberValue)
    }
  }

  /// `$bm_div`: lottie-web's `div`.
  static func divide(_ a0: JSValue, _ b0: JSValue, _ interpreter: Interpreter) throws(ExpressionError) -> JSValue {
    let a = a0.primitive
    let b = b0.primitive
    switch (a, b) {
    case (.array(let x), _) where !isArray(b):
      return try map(x, interpreter) { .number($0.numberValue / b.numberValue) }
    case (_, .array(let y)) where !isArray(a):
      return try map(y, interpreter) { .number(a.numberValue / $0.numberValue) }
    case (.array, .array): return .number(0)
    default: return .number(a.numberValue / b.numberValue)
    }
  }

  /// `$bm_mod`: strings are read as integers first, as lottie-web does.
  static func modulo(_ a: JSValue, _ b: JSValue) -> JSValue {
    func operand(_ v0: JSValue) -> Double {
      let v = v0.primitive
      if case .string(let s) = v { return Builtins.parseInt(s, radix: 10) }
      return v.numberValue
    }
    return .number(fmod(operand(a), operand(b)))
  }

  /// `$bm_neg` and unary minus: arrays negate element-wise.
  static func negate(_ v0: JSValue, _ interpreter: Interpreter) throws(ExpressionError) -> JSValue {
    let v = v0.primitive
    if case .array(let x) = v { return try map(x, interpreter) { .number(-$0.numberValue) } }
    return .number(-v.numberValue)
  }

  private static func isArray(_ v: JSValue) -> Bool {
    if case .array = v { return true }
    return false
  }

  private static func map(_ x: JSArray, _ interpreter: Interpreter, _ f: (JSValue) -> JSValue) throws(ExpressionError)
    -> JSValue
  {
    try interpreter.allocateElements(x.elements.count)
    try interpreter.step(x.elements.count)
    return .array(JSArray(x.elements.map(f)))
  }

  private static func elementwise(
    _ x: JSArray, _ y: JSArray, _ interpreter: Interpreter,
    _ f: (JSValue, JSValue) throws(ExpressionError) -> JSValue
  ) throws(ExpressionError) -> JSValue {
    let n = max(x.elements.count, y.elements.count)
    try interpreter.allocateElements(n)
    try interpreter.step(n)
    var out: [JSValue] = []
    out.reserveCapacity(n)
    for i in 0..<n {
      out.append(
        try f(i < x.elements.count ? x.elements[i] : .undefined, i < y.elements.count ? y.elements[i] : .undefined))
    }
    return .array(JSArray(out))
  }

  static func strictEquals(_ a: JSValue, _ b: JSValue) -> Bool {
    switch (a, b) {
    case (.undefined, .undefined), (.null, .null): return true
    case (.boolean(let x), .boolean(let y)): return x == y
    case (.number(let x), .number(let y)): return x == y
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)): return x === y
    case (.object(let x), .object(let y)): return x === y
    default: return false
    }
  }

  static func looseEquals(_ a: JSValue, _ b: JSValue) -> Bool {
    switch (a, b) {
    case (.undefined, .null), (.null, .undefined): return true
    case (.undefined, _), (.null, _), (_, .undefined), (_, .null): return strictEquals(a, b)
    case (.array, .array), (.object, .object): return strictEquals(a, b)
    case (.string(let x), .string(let y)): return x == y
    case (.array, _), (.object, _): return looseEquals(.string(a.stringValue), b)
    case (_, .array), (_, .object): return looseEquals(a, .string(b.stringValue))
    default: return a.numberValue == b.numberValue
    }
  }

  /// Comparing strings reads them: a step per 64 bytes of both.
  static func chargeStrings(_ a: JSValue, _ b: JSValue, _ interpreter: Interpreter) throws(ExpressionError) {
    var bytes = 0
    if case .string(let x) = a { bytes += x.utf8.count }
    if case .string(let y) = b { bytes += y.utf8.count }
    if bytes >= 64 { try interpreter.step(bytes >> 6) }
  }

  /// The operands of `==` as ``looseEquals(_:_:)`` compares them, with an array or object compared to a
  /// primitive already written as a string (charged and bounded as `String()` is).
  static func looseOperands(_ a: JSValue, _ b: JSValue, _ interpreter: Interpreter) throws(ExpressionError) -> (
    JSValue, JSValue
  ) {
    func isContainer(_ v: JSValue) -> Bool {
      switch v {
      case .array, .object: return true
      default: return false
      }
    }
    func isNullish(_ v: JSValue) -> Bool {
      switch v {
      case .undefined, .null: return true
      default: return false
      }
    }
    if isContainer(a), !isContainer(b), !isNullish(b) { return (.string(try interpreter.string(a)), b) }
    if isContainer(b), !isContainer(a), !isNullish(a) { return (a, .string(try interpreter.string(b))) }
    return (a, b)
  }

  static func compare(_ op: BinaryOperator, _ a: JSValue, _ b: JSValue) -> Bool {
    if case .string(let x) = a, case .string(let y) = b {
      let xs = x.utf16, ys = y.utf16
      let less = xs.lexicographicallyPrecedes(ys)
      switch op {
      case .less: return less
      case .greater: return ys.lexicographicallyPrecedes(xs)
      case .lessOrEqual: return !ys.lexicographicallyPrecedes(xs)
      default: return !less
      }
    }
    let x = a.numberValue
    let y = b.numberValue
    switch op {
    case .less: return x < y
    case .greater: return x > y
    case .lessOrEqual: return x <= y
    default: return x >= y
    }
  }
}
