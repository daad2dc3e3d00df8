import Foundation

/// `Number.prototype`'s methods we have, by name.
enum NumberMethod: String, Sendable {
  case toFixed, toString, toPrecision, valueOf
}

/// A property name as a program writes it after a dot (`a.push`), with the built-in methods it names found
/// once, when the program is compiled, not by name at every access.
struct MemberName: Sendable {
  let name: String
  let arrayMethod: ArrayMethod?
  let stringMethod: StringMethod?
  let numberMethod: NumberMethod?

  init(_ name: String) {
    self.name = name
    arrayMethod = ArrayMethod(rawValue: name)
    stringMethod = StringMethod(rawValue: name)
    numberMethod = NumberMethod(rawValue: name)
  }
}

/// Reading, writing and calling the members of values: array and string methods, `length`, indices.
enum Members {
  /// `base.name`: a program's member access, its built-in methods found when it was compiled.
  static func get(_ base: JSValue, _ member: MemberName, _ interpreter: Interpreter) throws(ExpressionError)
    -> JSValue
  {
    switch base {
    case .array(let a):
      if member.name == "length" { return .number(Double(a.elements.count)) }
      return member.arrayMethod == nil ? .undefined : bound(base, member)
    case .string(let s):
      if member.name == "length" { return .number(Double(s.utf16.count)) }
      return member.stringMethod == nil ? .undefined : bound(base, member)
    case .number, .boolean:
      return member.numberMethod == nil ? .undefined : bound(base, member)
    default: return try get(base, .string(member.name), interpreter)
    }
  }

  static func get(_ base: JSValue, _ key: JSValue, _ interpreter: Interpreter) throws(ExpressionError) -> JSValue {
    switch base {
    case .array(let a):
      if let i = Operators.arrayIndex(key) { return i < a.elements.count ? a.elements[i] : .undefined }
      let name = key.stringValue
      if name == "length" { return .number(Double(a.elements.count)) }
      return ArrayMethod(rawValue: name) == nil ? .undefined : bound(base, MemberName(name))
    case .string(let s):
      if let i = Operators.arrayIndex(key) {
        // Finding the i-th UTF-16 unit may walk the string: a step per 64 bytes of it.
        let bytes = s.utf8.count
        if bytes >= 64 { try interpreter.step(bytes >> 6) }
        let u = s.utf16
        guard i < u.count else { return .undefined }
        return .string(String(utf16CodeUnits: [u[u.index(u.startIndex, offsetBy: i)]], count: 1))
      }
      let name = key.stringValue
      if name == "length" { return .number(Double(s.utf16.count)) }
      return StringMethod(rawValue: name) == nil ? .undefined : bound(base, MemberName(name))
    case .number, .boolean:
      let name = key.stringValue
      return NumberMethod(rawValue: name) == nil ? .undefined : bound(base, MemberName(name))
    case .object(let o):
      let name = key.stringValue
      if o.isFrozen, let v = interpreter.overlay[ObjectIdentifier(o)]?[name] { return v }
      if let v = try o.get(name) { return v }
      if let f = o.valueOf { return try get(f(), key, interpreter) }
      if o is JSFunction, name == "call" || name == "apply" { return bound(base, MemberName(name)) }
      if name == "hasOwnProperty" { return bound(base, MemberName(name)) }
      return .undefined
    case .undefined, .null:
      throw interpreter.typeError("cannot read property '\(key.stringValue)' of \(base.stringValue)")
    }
  }

  /// A method read as a value (`var f = a.push`): a function that calls it on `base`.
  private static func bound(_ base: JSValue, _ member: MemberName) -> JSValue {
    let bound = BoundTarget(base)
    let function = JSFunction(name: member.name) { interpreter, this, arguments throws(ExpressionError) in
      let target: JSValue
      if case .undefined = this { target = bound.value } else { target = this }
      guard let result = try callMethod(target, member, arguments, interpreter) else {
        throw interpreter.typeError("\(member.name) is not a function")
      }
      return result
    }
    function.boundTarget = bound
    return .object(function)
  }

  static func set(_ base: JSValue, _ key: JSValue, _ value: JSValue, _ interpreter: Interpreter)
    throws(ExpressionError)
  {
    switch base {
    case .array(let a):
      if let i = Operators.arrayIndex(key) {
        if i < a.elements.count {
          a.elements[i] = value
        } else {
          try interpreter.allocateElements(i + 1 - a.elements.count)
          try interpreter.step(i + 1 - a.elements.count)
          a.elements.append(contentsOf: repeatElement(.undefined, count: i - a.elements.count))
          a.elements.append(value)
        }
      } else if key.stringValue == "length" {
        let n = value.numberValue
        guard n >= 0, n == n.rounded(), n < 4_294_967_296 else { throw interpreter.typeError("invalid array length") }
        let count = Int(n)  // int-audit: 0 <= n < 2^32, whole, checked above
        if count < a.elements.count {
          a.elements.removeLast(a.elements.count - count)
        } else if count > a.elements.count {
          try interpreter.allocateElements(count - a.elements.count)
          try interpreter.step(count - a.elements.count)
          a.elements.append(contentsOf: repeatElement(.undefined, count: count - a.elements.count))
        }
      }
    case .object(let o):
      try interpreter.allocate(32)
      // A built-in is shared by every evaluation of the worker: what is written on it is kept aside for this
      // evaluation only, so no evaluation sees another's (frames do not depend on the worker that drew them).
      guard !o.isFrozen else {
        interpreter.overlay[ObjectIdentifier(o), default: [:]][key.stringValue] = value
        return
      }
      o.set(key.stringValue, value)
    case .undefined, .null:
      throw interpreter.typeError("cannot set property '\(key.stringValue)' of \(base.stringValue)")
    default: break  // JavaScript ignores properties set on primitives
    }
  }

  /// Calls a built-in method of an array, string or number; nil when `member` is not one (the caller looks it
  /// up).
  static func callMethod(_ base: JSValue, _ member: MemberName, _ arguments: [JSValue], _ interpreter: Interpreter)
    throws(ExpressionError) -> JSValue?
  {
    let name = member.name
    switch base {
    case .array(let a):
      guard let method = member.arrayMethod else { return nil }
      return try ArrayMethods.call(a, method, arguments, interpreter)
    case .string(let s):
      guard let method = member.stringMethod else { return nil }
      return try StringMethods.call(s, method, arguments, interpreter)
    case .number(let n):
      guard let method = member.numberMethod else { return nil }
      return try number(n, method, arguments, interpreter)
    case .boolean(let b) where name == "toString":
      return .string(b ? "true" : "false")
    case .object(let o):
      if let f = o as? JSFunction, name == "call" || name == "apply", try o.get(name) == nil {
        let this = arguments.first ?? .undefined
        var rest = Array(arguments.dropFirst())
        if name == "apply" {
          if case .array(let list)? = rest.first { rest = list.elements } else { rest = [] }
        }
        return try interpreter.call(.object(f), this: this, rest)
      }
      if name == "hasOwnProperty", try o.get(name) == nil {
        return .boolean(try o.get((arguments.first ?? .undefined).stringValue) != nil)
      }
      if let f = o.valueOf, try o.get(name) == nil { return try callMethod(f(), member, arguments, interpreter) }
      return nil
    default: return nil
    }
  }

  private static func number(_ n: Double, _ method: NumberMethod, _ arguments: [JSValue], _ interpreter: Interpreter)
    throws(ExpressionError) -> JSValue
  {
    switch method {
    case .toFixed:
      let digits = arguments.first.map { Int(clamping: $0.numberValue) } ?? 0
      guard (0...100).contains(digits) else { throw interpreter.typeError("toFixed() digits out of range") }
      guard n.isFinite, abs(n) < 1e21 else { return .string(JSValue.format(n)) }
      return .string(toFixed(n, digits))
    case .toPrecision:
      guard let p = arguments.first, case .number(let digits) = p, digits >= 1, digits <= 100 else {
        return .string(JSValue.format(n))
      }
      return .string(String(format: "%.\(Int(digits))g", n))  // int-audit: 1 <= digits <= 100, checked above
    case .toString:
      if let r = arguments.first, case .number(let radix) = r, radix != 10, radix >= 2, radix <= 36,
        n == n.rounded(), abs(n) < 9e15
      {
        return .string(String(Int64(n), radix: Int(radix)))  // int-audit: radix 2...36 and |n| < 9e15 checked above
      }
      return .string(JSValue.format(n))
    case .valueOf: return .number(n)
    }
  }

  /// `Number.prototype.toFixed`: halves round away from zero on the exact binary value, as JavaScript does
  /// (`(1.005).toFixed(2)` is "1.00" because 1.005 is stored as 1.00499...).
  static func toFixed(_ n: Double, _ digits: Int) -> String {
    var text = String(format: "%.\(digits)f", n)
    let scale = pow(10, Double(digits))
    let scaled = abs(n) * scale
    if digits <= 15, scaled < 1e15, scaled - scaled.rounded(.down) == 0.5, scaled / scale == abs(n) {
      // An exact tie: C rounds it to even, JavaScript up (away from zero).
      text = String(format: "%.\(digits)f", (n < 0 ? -1 : 1) * scaled.rounded(.up) / scale)
    }
    if text.hasPrefix("-"), Double(text) == 0 { text.removeFirst() }  // (-0.001).toFixed(2) is "0.00"
    return text
  }
}

/// Helpers for counting arguments.
extension Array where Element == JSValue {
  public subscript(argument i: Int) -> JSValue { i < count ? self[i] : .undefined }
}

/// `Int(clamping:)` for numbers that may be NaN or infinite.
extension Int {
  public init(clamping d: Double) {
    if d.isNaN {
      self = 0
    } else if d >= 9.2e18 {
      self = Int.max
    } else if d <= -9.2e18 {
      self = Int.min
    } else {
      self = Int(d)  // int-audit: -9.2e18 < d < 9.2e18 here, NaN handled above
    }
  }
}
