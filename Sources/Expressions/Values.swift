import Foundation

/// A JavaScript value.
public enum JSValue {
  case undefined
  case null
  case boolean(Bool)
  case number(Double)
  case string(String)
  case array(JSArray)
  case object(JSObject)

  /// The value itself, or a host property's value (its `valueOf`).
  public var primitive: JSValue {
    if case .object(let o) = self, let f = o.valueOf { return f() }
    return self
  }

  /// `typeof`.
  public var typeName: String {
    switch self {
    case .undefined: return "undefined"
    case .null: return "object"
    case .boolean: return "boolean"
    case .number: return "number"
    case .string: return "string"
    case .array: return "object"
    case .object(let o): return o is JSFunction ? "function" : "object"
    }
  }

  /// JavaScript's truthiness.
  public var isTruthy: Bool {
    switch self {
    case .undefined, .null: return false
    case .boolean(let b): return b
    case .number(let n): return n != 0 && !n.isNaN
    case .string(let s): return !s.isEmpty
    case .array, .object: return true
    }
  }

  /// `Number(value)`.
  public var numberValue: Double {
    switch self {
    case .undefined: return .nan
    case .null: return 0
    case .boolean(let b): return b ? 1 : 0
    case .number(let n): return n
    case .string(let s): return JSValue.parseNumber(s)
    case .array(let a):
      // `[[[5]]]` is 5: followed by a loop, so a chain built deep at run time (or an array that holds itself)
      // cannot exhaust the stack; past 100 levels it is NaN (the loop is not charged as steps).
      var array = a
      for _ in 0..<100 {
        if array.elements.isEmpty { return 0 }
        if array.elements.count > 1 { return .nan }
        guard case .array(let inner) = array.elements[0] else { return array.elements[0].numberValue }
        array = inner
      }
      return .nan
    case .object(let o):
      if let f = o.valueOf { return f().numberValue }
      return .nan
    }
  }

  /// Arrays nested deeper than this are written as empty by `String` (which walks them with a loop of its own and
  /// stops there; `Number` stops at 100 levels).
  static let maxNesting = 10_000

  /// `String(value)`.
  public var stringValue: String {
    switch self {
    case .undefined: return "undefined"
    case .null: return "null"
    case .boolean(let b): return b ? "true" : "false"
    case .number(let n): return JSValue.format(n)
    case .string(let s): return s
    case .array(let a):
      return JSValue.joined(a)
    case .object(let o):
      if let f = o.valueOf { return f().stringValue }
      return o is JSFunction ? "function () { [code] }" : "[object Object]"
    }
  }

  /// `String(array)`: the elements joined with commas, nested arrays flattened into the text. Walked with a
  /// stack of its own, so nesting built at run time cannot exhaust the thread's; an array met again inside
  /// itself is written as empty, as JavaScript's `join` does, and so is nesting past ``maxNesting``.
  static func joined(_ root: JSArray) -> String {
    var visited = 0
    let text = joined(root, limit: maxTextBytes, visited: &visited, maxVisits: maxVisits) ?? ""
    // Charged to the evaluation under way on this thread, at its next step (this getter cannot throw).
    Arena.current?.debt += visited * stepsPerVisit
    return text
  }

  /// The longest text a conversion outside the interpreter builds (the default memory of an evaluation):
  /// past it, the text is given as empty. An array of 65,536 references to one 64 KB string is cheap to hold
  /// and 4 GB written out (found by scripts/fuzz: the host wrote such a result into an error message).
  static let maxTextBytes = 16 << 20

  /// Elements a conversion outside the interpreter visits at most (an array that holds another many times over
  /// is visited once per path): past it, the text is given as empty. What it visits is owed to the evaluation
  /// under way, as steps (`Arena.debt`): 10 million visits of a nested array took 12 s (found by scripts/fuzz,
  /// through `parseInt` of an array doubled 60 times).
  static let maxVisits = 100_000

  /// Steps an element visited by a conversion to text costs: a visit (a stack push and a set insertion and
  /// removal for a nested array) takes about ten times a plain step.
  static let stepsPerVisit = 10

  /// `String(value)`, or nil when it would be longer than `limit` bytes (found while it is built, not after) or
  /// would visit more than `maxVisits` elements; `visited` counts the elements visited (the interpreter charges
  /// them as steps).
  public func stringValue(limit: Int, visited: inout Int, maxVisits: Int) -> String? {
    switch self {
    case .array(let a): return JSValue.joined(a, limit: limit, visited: &visited, maxVisits: maxVisits)
    default:
      let s = stringValue
      return s.utf8.count <= limit ? s : nil
    }
  }

  /// `root.join(separator)`: nested arrays are written with commas, as JavaScript writes them.
  static func joined(
    _ root: JSArray, separator: String = ",", limit: Int, visited: inout Int, maxVisits: Int
  ) -> String? {
    var out = ""
    var path: [(array: JSArray, next: Int)] = [(root, 0)]
    var onPath: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
    while let (array, index) = path.last {
      guard index < array.elements.count else {
        onPath.remove(ObjectIdentifier(array))
        path.removeLast()
        continue
      }
      path[path.count - 1].next = index + 1
      visited += 1
      if visited > maxVisits { return nil }
      if index > 0 { out += path.count == 1 ? separator : "," }
      switch array.elements[index] {
      case .undefined, .null: break
      case .array(let inner):
        guard path.count < maxNesting, onPath.insert(ObjectIdentifier(inner)).inserted else { break }
        path.append((inner, 0))
      case let value: out += value.stringValue
      }
      if out.utf8.count > limit { return nil }
    }
    return out
  }

  /// The value as numbers (a number, or an array of numbers); nil when it is neither.
  public var numbers: [Double]? {
    switch self {
    case .number(let n): return [n]
    case .boolean(let b): return [b ? 1 : 0]
    case .array(let a):
      var out: [Double] = []
      out.reserveCapacity(a.elements.count)
      for e in a.elements {
        switch e {
        case .number(let n): out.append(n)
        case .boolean(let b): out.append(b ? 1 : 0)
        default: return nil
        }
      }
      return out
    case .object(let o):
      if let f = o.valueOf { return f().numbers }
      return nil
    default: return nil
    }
  }

  /// The function this value is, if it is one.
  public var asFunction: JSFunction? {
    if case .object(let o) = self { return o as? JSFunction }
    return nil
  }

  /// JavaScript's `Number` parsing of a string: whitespace trimmed, empty is 0, otherwise the whole text.
  static func parseNumber(_ s: String) -> Double {
    // White space off both ends, then the bytes read only as far as they look like a number's (Foundation's
    // trimming read every character: a 900 KB string took 20 ms each time a loop converted it, scripts/fuzz).
    // What is read is owed to the evaluation as steps, one per 16 bytes (`Arena.debt`).
    var scalars = s.unicodeScalars[...]
    var read = 0
    while let first = scalars.first, isWhiteSpace(first) {
      scalars = scalars.dropFirst()
      read += 1
    }
    while let last = scalars.last, isWhiteSpace(last) {
      scalars = scalars.dropLast()
      read += 1
    }
    let middle = Substring(scalars)
    defer { if read > 256 { Arena.current?.debt += read / 16 } }
    for byte in middle.utf8 {
      read += 1
      // Digits, signs, the point, exponents, hex digits and `x` (0x...), and the letters of "Infinity".
      let allowed =
        (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E || byte == 0x78 || byte == 0x58
        || (0x61...0x66).contains(byte) || (0x41...0x46).contains(byte) || "Iinty".utf8.contains(byte)
      if !allowed { return .nan }
    }
    return parseNumberSlowly(String(middle))
  }

  /// JavaScript's `StrWhiteSpaceChar`: Unicode white space, line terminators and U+FEFF (ASCII answered without
  /// Unicode's property tables, which cost ten times as much).
  @inline(__always)
  static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
    return scalar.properties.isWhitespace || scalar == "\u{FEFF}"
  }

  /// ``parseNumber(_:)`` once the text is trimmed and known to hold only a number's characters.
  private static func parseNumberSlowly(_ t: String) -> Double {
    if t.isEmpty { return 0 }
    if t.hasPrefix("0x") || t.hasPrefix("0X") { return UInt64(t.dropFirst(2), radix: 16).map { Double($0) } ?? .nan }
    if t == "Infinity" || t == "+Infinity" { return .infinity }
    if t == "-Infinity" { return -.infinity }
    guard t.utf8.allSatisfy({ (0x30...0x39).contains($0) || "+-.eE".utf8.contains($0) }), let d = Double(t) else {
      return .nan
    }
    return d
  }

  /// JavaScript's `Number.prototype.toString()`: integers without a fraction, the shortest digits that read
  /// back as the same number, exponents as `1e-7` and `1e+21`.
  public static func format(_ n: Double) -> String {
    if n.isNaN { return "NaN" }
    if n.isInfinite { return n < 0 ? "-Infinity" : "Infinity" }
    if n == 0 { return "0" }
    if n == n.rounded(), abs(n) < 9e15 { return String(Int64(n)) }  // int-audit: |n| < 9e15, whole
    if n == n.rounded(), abs(n) < 1e21 { return String(format: "%.0f", n) }
    let abs = Swift.abs(n)
    if abs >= 1e-6, abs < 1e21 {
      var text = "\(n)"
      if text.contains("e") {
        // Swift writes 1.5e-05 where JavaScript writes 0.000015.
        text = String(format: "%.17f", n)
        while text.hasSuffix("0") { text.removeLast() }
        // Shortest digits that round-trip.
        for digits in 1...17 {
          let candidate = String(format: "%.\(digits)f", n)
          if Double(candidate) == n {
            text = candidate
            break
          }
        }
      }
      return text
    }
    var text = "\(n)"
    if let e = text.firstIndex(of: "e") {
      var mantissa = String(text[..<e])
      if mantissa.hasSuffix(".0") { mantissa.removeLast(2) }
      var exponent = String(text[text.index(after: e)...])
      var sign = "+"
      if exponent.hasPrefix("-") || exponent.hasPrefix("+") { sign = String(exponent.removeFirst()) }
      while exponent.count > 1, exponent.hasPrefix("0") { exponent.removeFirst() }
      text = mantissa + "e" + (sign == "-" ? "-" : "+") + exponent
    }
    return text
  }
}

/// A JavaScript array (a reference, shared as JavaScript shares them).
public final class JSArray {
  public var elements: [JSValue]
  public init(_ elements: [JSValue]) {
    self.elements = elements
    Arena.current?.arrays.append(self)
  }
  public convenience init(numbers: [Double]) { self.init(numbers.map { .number($0) }) }

  deinit {
    guard elements.contains(where: \.isContainer) else { return }
    var teardown = Teardown()
    teardown.collect(elements)
    elements = []
    teardown.drain()
  }
}

/// Frees nested values with a loop. Left to Swift, freeing an array that holds an array that holds an array ...
/// recurses once per level, and a chain built deep at run time (`for (...) a = [a]`, objects in objects, closures
/// over closures) would exhaust the stack of the worker that frees it. Here each container that only the teardown
/// holds is emptied before it is released, so every release is shallow; one that others still hold is left to
/// them. (Typed lists: `isKnownUniquelyReferenced` through an `AnyObject` existential answered false for unique
/// objects here.)
struct Teardown {
  private var arrays: [JSArray] = []
  private var objects: [JSObject] = []
  private var scopes: [Scope] = []

  /// Takes the containers among `values`.
  mutating func collect<S: Sequence<JSValue>>(_ values: S) {
    for value in values {
      switch value {
      case .array(let a): arrays.append(a)
      case .object(let o): objects.append(o)
      default: break
      }
    }
  }

  mutating func collect(_ scope: Scope) { scopes.append(scope) }

  /// Releases what was taken, one level at a time.
  mutating func drain() {
    while true {
      if !arrays.isEmpty {
        var next = arrays.removeLast()
        if isKnownUniquelyReferenced(&next) {
          let inner = next.elements
          next.elements = []
          collect(inner)
        }
      } else if !objects.isEmpty {
        var next = objects.removeLast()
        if isKnownUniquelyReferenced(&next) { next.takeStorage(into: &self) }
      } else if !scopes.isEmpty {
        var next = scopes.removeLast()
        if isKnownUniquelyReferenced(&next) {
          let (slots, names) = (next.slots, next.names)
          (next.slots, next.names) = ([], [:])
          collect(slots)
          collect(names.values)
        }
      } else {
        return
      }
    }
  }
}

extension JSValue {
  fileprivate var isContainer: Bool {
    switch self {
    case .array, .object: return true
    default: return false
    }
  }
}

/// A JavaScript object: properties in the order they were added, or computed by the host on first read.
public class JSObject {
  private(set) var storage: [String: JSValue] = [:]
  private(set) var keys: [String] = []
  /// Properties the host computes when they are read (and which are not stored); nil when it has none.
  private(set) var lookup: ((String) throws(ExpressionError) -> JSValue?)?
  /// The object's value in arithmetic, indexing and results (a host property reads as its value, as
  /// After Effects' do); nil for plain objects.
  public var valueOf: (() -> JSValue)?
  /// What the host keeps with the object (a path's geometry).
  public var payload: Any?
  /// A built-in, shared by every evaluation: what an evaluation sets or deletes on it goes to that evaluation's
  /// overlay (`Interpreter.overlay`), never into the object.
  var isFrozen = false
  /// The values of the object's own properties.
  var ownValues: [JSValue] { keys.compactMap { storage[$0] } }

  public init(_ properties: [(String, JSValue)] = [], lookup: ((String) throws(ExpressionError) -> JSValue?)? = nil) {
    self.lookup = lookup
    for (k, v) in properties { set(k, v) }
    Arena.current?.objects.append(self)
  }

  /// Lets go of everything the object holds: its properties, the host's closures and payload, and a
  /// function's body (what it closes over). For ``Arena/sweep()``: the evaluation that made it is over.
  func release() {
    storage = [:]
    keys = []
    lookup = nil
    valueOf = nil
    payload = nil
    if let function = self as? JSFunction {
      function.body = .native { _, _, _ in .undefined }
      function.boundTarget?.value = .undefined
    }
  }

  public func get(_ key: String) throws(ExpressionError) -> JSValue? {
    if let v = storage[key] { return v }
    return try lookup?(key)
  }

  public func set(_ key: String, _ value: JSValue) {
    if storage.updateValue(value, forKey: key) == nil { keys.append(key) }
  }

  /// Empties the object's own properties (and a function's closure) into `teardown`.
  func takeStorage(into teardown: inout Teardown) {
    teardown.collect(storage.values)
    storage = [:]
    keys = []
    if let function = self as? JSFunction {
      if case .script(_, let scope, let this) = function.body {
        teardown.collect(scope)
        if let this { teardown.collect([this]) }
      }
      if let bound = function.boundTarget {
        teardown.collect([bound.value])
        bound.value = .undefined
      }
    }
  }

  deinit {
    guard !storage.isEmpty else { return }
    var teardown = Teardown()
    takeStorage(into: &teardown)
    teardown.drain()
  }

  func remove(_ key: String) -> Bool {
    guard storage.removeValue(forKey: key) != nil else { return false }
    keys.removeAll { $0 == key }
    return true
  }

  var count: Int { keys.count }
}

/// The interpreter a native function runs in, with what it was called on.
public typealias NativeFunction = (_ interpreter: Interpreter, _ this: JSValue, _ arguments: [JSValue])
  throws(ExpressionError) -> JSValue

/// A function: the program's (with the scope it closes over) or the host's.
public final class JSFunction: JSObject {
  enum Body {
    case script(FunctionSyntax, Scope, this: JSValue?)
    case native(NativeFunction)
  }
  fileprivate(set) var body: Body
  let name: String
  /// What a method read as a value (`var f = a.push`) is bound to: kept here, not only in its closure, so that
  /// freeing a chain of them is done by ``Teardown``'s loop.
  var boundTarget: BoundTarget?

  init(script: FunctionSyntax, scope: Scope, this: JSValue?) {
    body = .script(script, scope, this: this)
    name = script.name ?? ""
    super.init()
  }

  /// A host function; `lookup` gives it properties too (`effect("Slider")` is called and read).
  public init(
    name: String, lookup: ((String) throws(ExpressionError) -> JSValue?)? = nil, _ native: @escaping NativeFunction
  ) {
    body = .native(native)
    self.name = name
    super.init(lookup: lookup)
  }
}

/// The value a method read as a value is bound to (``JSFunction/boundTarget``).
final class BoundTarget {
  var value: JSValue
  init(_ value: JSValue) { self.value = value }
}

/// Variables of one block or function: slots, as the ``Resolver`` laid them out.
final class Scope {
  var slots: [JSValue]
  let parent: Scope?
  /// The program's top scope only: the names the host gives (`time`, `value`) and those the program assigns
  /// without declaring them.
  var names: [String: JSValue] = [:]

  init(parent: Scope?, count: Int) {
    self.parent = parent
    slots = count == 0 ? [] : Array(repeating: .undefined, count: count)
    Arena.current?.scopes.append(self)
  }

  deinit {
    guard slots.contains(where: \.isContainer) || names.values.contains(where: \.isContainer) else { return }
    var teardown = Teardown()
    teardown.collect(slots)
    teardown.collect(names.values)
    slots = []
    names = [:]
    teardown.drain()
  }

  /// The scope `hops` out from this one (as the resolver counted them, so it is there).
  @inline(__always)
  func outward(_ hops: Int) -> Scope {
    var scope = self
    for _ in 0..<hops { scope = scope.parent.unsafelyUnwrapped }
    return scope
  }
}

extension JSValue {
  public static func numbers(_ values: [Double]) -> JSValue {
    values.count == 1 ? .number(values[0]) : .array(JSArray(numbers: values))
  }

  /// A host function value.
  public static func function(_ name: String, _ native: @escaping NativeFunction) -> JSValue {
    .object(JSFunction(name: name, native))
  }
}

/// The arrays, objects, functions and scopes made while an evaluation runs, held until it is over and then
/// emptied (``sweep()``). Values that hold each other (`a.push(a)`, a function declared in the scope it closes
/// over, a host object whose closures reach it again) are never freed by reference counting: without this,
/// every evaluation of `function f() {...}` kept its whole scope, 2.6 MB a frame for a 200,000-element array
/// beside it (890 MB after 300 frames). So what one evaluation leaves is freed at the latest when the next one
/// starts, and nothing it made can be used by the next (a value kept past its evaluation reads as empty).
///
/// The interpreter makes its arena current on its thread while a run is under way (``current``); containers
/// made outside runs (the built-ins, the host's values handed in as names) are not in it.
final class Arena {
  /// Steps the evaluation owes for work done where no step could be charged (a conversion to text by a
  /// getter): the interpreter charges them at its next step.
  var debt = 0
  var arrays: [JSArray] = []
  var objects: [JSObject] = []
  var scopes: [Scope] = []

  var isEmpty: Bool { arrays.isEmpty && objects.isEmpty && scopes.isEmpty }

  /// Takes in a container made outside the run.
  func adopt(_ value: JSValue) {
    switch value {
    case .array(let a): arrays.append(a)
    case .object(let o): objects.append(o)
    default: break
    }
  }

  /// Empties every container, then lets go of them: each is empty by the time it is freed, so freeing is
  /// shallow whatever was built.
  func sweep() {
    while !isEmpty {
      let (a, o, s) = (arrays, objects, scopes)
      (arrays, objects, scopes) = ([], [], [])
      for array in a { array.elements = [] }
      for object in o { object.release() }
      for scope in s { (scope.slots, scope.names) = ([], [:]) }
      // Freeing may run a deinit that makes nothing (no arena is current here), so the loop ends.
    }
  }

  // No sweep when the arena goes: a run's result stays whole after its interpreter is gone (the host's
  // engine releases each evaluation itself, see ``Interpreter/releaseEvaluation()``).

  /// The arena of the run under way on this thread, if any.
  static var current: Arena? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<Arena>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Makes `arena` (or none) current on this thread; the previous one.
  @discardableResult
  static func makeCurrent(_ arena: Arena?) -> Arena? {
    let previous = current
    pthread_setspecific(key, arena.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) })
    return previous
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()
}
