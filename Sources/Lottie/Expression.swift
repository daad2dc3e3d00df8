import Foundation

/// The subset of After Effects expressions (as Bodymovin exports them, JavaScript) that we evaluate:
/// the looping, arithmetic and small rigs that most real files use, without a JavaScript engine.
///
/// Supported statements: `var` declarations, expression statements, `if`/`else`, blocks, `try`/`catch` (a
/// run-time failure in the `try` block runs the `catch` block, as a thrown error does). Expressions: numbers,
/// strings, arrays, `true`/`false`, `+ - * / %`, unary `-`, `+` and `!`, comparisons (`< > <= >= == != ===
/// !==`), `&&`, `||`, `?:`, the comma operator, assignments (`= += -= *= /= %=`), `++`/`--`, indexing,
/// `.length`. Values: `time`, `value`, `numKeys`, `thisComp.frameDuration`, `key(n)` and `nearestKey(t)` with
/// `.index`, `.time` and `.value`, `valueAtTime(t)`, `velocityAtTime(t)`; Bodymovin's `$bm_sum`, `$bm_sub`,
/// `$bm_mul`, `$bm_div`, `$bm_mod`, `$bm_neg` and `add`, `sub`, `mul`, `div`, `sum`; `clamp`, `linear`,
/// `loopOut` and `loopIn` (cycle, pingpong, offset, continue; with a keyframe count), `framesToTime`,
/// `timeToFrames`, `degreesToRadians`, `radiansToDegrees`, `Math`'s functions and constants; other layers'
/// transforms and expression controls; `wiggle` (our own smooth noise, seeded by the property). Anything else
/// (loops, functions, shape contents, `random`) makes the expression unsupported: the property keeps its own value and the parser says so.
public struct Expression: Sendable {
  indirect enum Statement: Sendable {
    /// `var name = value` (nil: declared only).
    case declare(String, Node?)
    case expression(Node)
    case block([Statement])
    case ifElse(Node, Statement, Statement?)
    /// `try { } catch (e) { }`: the catch block runs when the try block fails.
    case tryCatch(Statement, Statement)
  }

  indirect enum Node: Sendable {
    case number(Double)
    case string(String)
    case array([Node])
    case variable(String)
    case call(String, [Node])
    case binary(Character, Node, Node)
    case negate(Node)
    case not(Node)
    case index(Node, Node)
    case member(Node, String)
    case reference(Reference)
    /// `< > <= >= == != === !==`
    case compare(String, Node, Node)
    /// `&&` (true) or `||` (false): JavaScript's, giving one of the operands.
    case logical(and: Bool, Node, Node)
    case conditional(Node, Node, Node)
    /// The comma operator: every item in order, the last one's value.
    case sequence([Node])
    /// `name = value`, or `name op= value` with the operator.
    case assign(String, Character?, Node)
    /// `++name`, `name++`, `--name`, `name--`.
    case increment(String, delta: Double, prefix: Bool)
  }

  /// A layer's transform property read by an expression: `transform.position` (this layer),
  /// `thisComp.layer('Name').transform.rotation`, `thisComp.layer(3).opacity`.
  public struct Reference: Sendable, Hashable {
    public enum Layer: Sendable, Hashable {
      case this
      case name(String)
      /// `ind`, as `thisComp.layer(n)` counts.
      case index(Int)
    }
    public var layer: Layer
    /// `anchorPoint`, `position`, `scale`, `rotation` or `opacity`; `effect` for an effect's parameter.
    public var property: String
    /// For `effect`: the effect and its parameter, each by name or 1-based index.
    public var effect: Selector? = nil
    public var parameter: Selector? = nil

    /// The transform properties an expression can read, by their key in a layer's `ks`.
    public static let transformProperties = [
      "a": "anchorPoint", "p": "position", "s": "scale", "r": "rotation", "rz": "rotation", "o": "opacity",
    ]

    /// An effect or parameter named or counted.
    public enum Selector: Sendable, Hashable {
      case name(String)
      case index(Int)
    }
  }

  static let transformProperties = Set(Reference.transformProperties.values)

  let statements: [Statement]

  /// Compiles `source`; nil (with the reason) when it uses anything outside the subset.
  public static func compile(_ source: String) -> Result<Expression, ExpressionError> {
    do {
      var parser = try ExpressionParser(source)
      var statements = try parser.program()
      if !parser.assigned.contains("$bm_rt") {
        // As in After Effects, the last statement's value is the result when `$bm_rt` (Bodymovin's) is not set:
        // files written by hand or by other tools say just `loopOut('cycle')`.
        guard case .expression(let last)? = statements.last else {
          return .failure(ExpressionError(message: "it never sets $bm_rt"))
        }
        statements[statements.count - 1] = .expression(.assign("$bm_rt", nil, last))
      }
      return .success(Expression(statements: statements))
    } catch let error as ExpressionError {
      return .failure(error)
    } catch {
      return .failure(ExpressionError(message: "\(error)"))
    }
  }

  /// What an expression sees of its property.
  public struct Context {
    /// Composition frame.
    public var frame: Double
    /// Frames per second (`time` is `frame / frameRate`).
    public var frameRate: Double
    /// The property's own value at a frame, as numbers.
    public var valueAt: (Double) -> [Double]
    /// Keyframe frames, sorted (empty for a fixed property).
    public var keyframeFrames: [Double]
    /// Another property read by the expression, at a frame; nil when there is no such layer.
    public var resolve: (Reference, Double) -> [Double]? = { _, _ in nil }
    /// Seeds `wiggle`'s noise: the same property wiggles the same way in every frame and every run.
    public var seed: UInt64 = 0
  }

  /// Runs the program; nil when it fails at run time (the caller keeps the property's own value).
  public func evaluate(_ context: Context) -> [Double]? {
    var variables: [String: Value] = [:]
    let evaluator = Evaluator(context: context)
    for statement in statements {
      guard evaluator.run(statement, &variables) else { return nil }
    }
    switch variables["$bm_rt"] {
    case .number(let n)?: return n.isFinite ? [n] : nil
    case .array(let a)?: return a.allSatisfy(\.isFinite) ? a : nil
    default: return nil
    }
  }

  enum Value {
    case number(Double)
    case array([Double])
    case string(String)
    /// A keyframe (`key(n)`, `nearestKey(t)`), by its 1-based index.
    case key(Int)
  }

  /// Built-in functions and the names that may be read, checked at compile time.
  static let functions: Set<String> = [
    "$bm_sum", "$bm_sub", "$bm_mul", "$bm_div", "$bm_mod", "$bm_neg", "add", "sub", "mul", "div", "sum", "clamp",
    "linear", "loopOut", "loopIn", "loopOutDuration", "loopInDuration", "framesToTime", "timeToFrames",
    "degreesToRadians", "radiansToDegrees", "Math.sin", "Math.cos", "Math.tan", "Math.asin", "Math.acos",
    "Math.atan", "Math.atan2", "Math.abs", "Math.floor", "Math.ceil", "Math.round", "Math.min", "Math.max",
    "Math.sqrt", "Math.pow", "Math.exp", "Math.log", "key", "nearestKey", "valueAtTime", "velocityAtTime", "wiggle",
  ]
  static let constants: Set<String> = [
    "time", "value", "thisComp.frameDuration", "Math.PI", "Math.E", "numKeys", "thisProperty.numKeys", "true", "false",
  ]

  struct Evaluator {
    let context: Expression.Context

    func number(_ v: Value) -> Double? {
      switch v {
      case .number(let n): return n
      case .array(let a): return a.first
      case .string, .key: return nil
      }
    }

    /// JavaScript's truthiness.
    static func truthy(_ v: Value) -> Bool {
      switch v {
      case .number(let n): return n != 0 && !n.isNaN
      case .string(let s): return !s.isEmpty
      case .array, .key: return true
      }
    }

    /// Runs one statement; false when it fails (a JavaScript exception).
    func run(_ statement: Statement, _ variables: inout [String: Value]) -> Bool {
      switch statement {
      case .declare(let name, let value):
        guard let value else { return true }
        guard let v = eval(value, &variables) else { return false }
        variables[name] = v
        return true
      case .expression(let node):
        return eval(node, &variables) != nil
      case .block(let statements):
        for s in statements where !run(s, &variables) { return false }
        return true
      case .ifElse(let condition, let then, let otherwise):
        guard let c = eval(condition, &variables) else { return false }
        if Self.truthy(c) { return run(then, &variables) }
        return otherwise.map { run($0, &variables) } ?? true
      case .tryCatch(let body, let handler):
        // Assignments made before the failure stay, as in JavaScript.
        return run(body, &variables) || run(handler, &variables)
      }
    }

    func eval(_ node: Node, _ variables: inout [String: Value]) -> Value? {
      switch node {
      case .number(let n): return .number(n)
      case .string(let s): return .string(s)
      case .array(let items):
        var out: [Double] = []
        for item in items {
          guard let v = eval(item, &variables), let n = number(v) else { return nil }
          out.append(n)
        }
        return .array(out)
      case .variable(let name):
        if let v = variables[name] { return v }
        switch name {
        case "time": return .number(context.frame / context.frameRate)
        case "value": return pack(context.valueAt(context.frame))
        case "thisComp.frameDuration": return .number(1 / context.frameRate)
        case "numKeys", "thisProperty.numKeys": return .number(Double(context.keyframeFrames.count))
        case "true": return .number(1)
        case "false": return .number(0)
        case "Math.PI": return .number(.pi)
        case "Math.E": return .number(M_E)
        default: return nil
        }
      case .negate(let inner):
        guard let v = eval(inner, &variables) else { return nil }
        return Self.arithmetic("*", v, .number(-1))
      case .not(let inner):
        guard let v = eval(inner, &variables) else { return nil }
        return .number(Self.truthy(v) ? 0 : 1)
      case .binary(let op, let l, let r):
        guard let a = eval(l, &variables), let b = eval(r, &variables) else { return nil }
        return Self.arithmetic(op, a, b)
      case .compare(let op, let l, let r):
        guard let a = eval(l, &variables), let b = eval(r, &variables) else { return nil }
        return Self.compare(op, a, b).map { .number($0 ? 1 : 0) }
      case .logical(let and, let l, let r):
        guard let a = eval(l, &variables) else { return nil }
        if Self.truthy(a) != and { return a }
        return eval(r, &variables)
      case .conditional(let c, let a, let b):
        guard let v = eval(c, &variables) else { return nil }
        return eval(Self.truthy(v) ? a : b, &variables)
      case .sequence(let items):
        var last: Value? = nil
        for item in items {
          guard let v = eval(item, &variables) else { return nil }
          last = v
        }
        return last
      case .assign(let name, let op, let valueNode):
        guard var v = eval(valueNode, &variables) else { return nil }
        if let op {
          guard let old = variables[name] ?? eval(.variable(name), &variables),
            let combined = Self.arithmetic(op, old, v)
          else { return nil }
          v = combined
        }
        variables[name] = v
        return v
      case .increment(let name, let delta, let prefix):
        guard let old = variables[name], let n = number(old) else { return nil }
        variables[name] = .number(n + delta)
        return .number(prefix ? n + delta : n)
      case .reference(let r):
        return context.resolve(r, context.frame).map(pack)
      case .index(let base, let i):
        guard let b = eval(base, &variables), let iv = eval(i, &variables), let n = number(iv) else { return nil }
        guard case .array(let a) = b, n >= 0, n < Double(a.count) else { return nil }
        return .number(a[Int(n)])  // int-audit: safe: 0 <= n < a.count checked above (NaN fails it)
      case .member(let base, let name):
        guard let b = eval(base, &variables) else { return nil }
        return member(b, name)
      case .call(let name, let argumentNodes):
        var arguments: [Value] = []
        for a in argumentNodes {
          guard let v = eval(a, &variables) else { return nil }
          arguments.append(v)
        }
        return call(name, arguments)
      }
    }

    /// `.index`, `.time` and `.value` of a keyframe; `.length` of an array or string.
    func member(_ v: Value, _ name: String) -> Value? {
      switch (v, name) {
      case (.key(let i), "index"): return .number(Double(i))
      case (.key(let i), "time"): return .number(context.keyframeFrames[i - 1] / context.frameRate)
      case (.key(let i), "value"): return pack(context.valueAt(context.keyframeFrames[i - 1]))
      case (.array(let a), "length"): return .number(Double(a.count))
      case (.string(let s), "length"): return .number(Double(s.utf16.count))
      default: return nil
      }
    }

    /// JavaScript's comparisons of numbers and strings (loose and strict alike); nil for other values.
    static func compare(_ op: String, _ a: Value, _ b: Value) -> Bool? {
      switch (a, b) {
      case (.number(let x), .number(let y)):
        switch op {
        case "<": return x < y
        case ">": return x > y
        case "<=": return x <= y
        case ">=": return x >= y
        case "==", "===": return x == y
        default: return x != y
        }
      case (.string(let x), .string(let y)):
        switch op {
        case "<": return x < y
        case ">": return x > y
        case "<=": return x <= y
        case ">=": return x >= y
        case "==", "===": return x == y
        default: return x != y
        }
      case (.key(let x), .key(let y)) where op == "==" || op == "===" || op == "!=" || op == "!==":
        return (x == y) == (op == "==" || op == "===")
      default:
        // Strings against numbers, arrays: a different type is never strictly equal.
        if op == "===" { return false }
        if op == "!==" { return true }
        return nil
      }
    }

    func pack(_ values: [Double]) -> Value { values.count == 1 ? .number(values[0]) : .array(values) }

    /// lottie-web's `sum`, `sub`, `mul`, `div`, `mod` on numbers and arrays: a number with an array adds to
    /// (or subtracts from) its first component, and scales every component.
    static func arithmetic(_ op: Character, _ a: Value, _ b: Value) -> Value? {
      func apply(_ x: Double, _ y: Double) -> Double {
        switch op {
        case "+": return x + y
        case "-": return x - y
        case "*": return x * y
        case "/": return x / y
        default: return x.truncatingRemainder(dividingBy: y)
        }
      }
      switch (a, b) {
      case (.number(let x), .number(let y)): return .number(apply(x, y))
      case (.array(var x), .number(let y)):
        if op == "+" || op == "-" {
          if !x.isEmpty { x[0] = apply(x[0], y) }
          return .array(x)
        }
        return .array(x.map { apply($0, y) })
      case (.number(let x), .array(var y)):
        if op == "+" || op == "-" {
          if !y.isEmpty { y[0] = apply(x, y[0]) }
          return .array(y)
        }
        if op == "*" { return .array(y.map { x * $0 }) }
        return .array(y.map { apply(x, $0) })
      case (.array(let x), .array(let y)):
        if op == "+" || op == "-" {
          // A component only one side has is kept as it is.
          return .array(
            (0..<max(x.count, y.count)).map { i in
              i < x.count && i < y.count ? apply(x[i], y[i]) : (i < x.count ? x[i] : y[i])
            })
        }
        // lottie-web's mul and div of two arrays give 0.
        return .number(0)
      case (.string(let x), _) where op == "+": return .string(x + text(b))
      case (_, .string(let y)) where op == "+": return .string(text(a) + y)
      default: return nil
      }
    }

    static func text(_ v: Value) -> String {
      switch v {
      case .string(let s): return s
      case .number(let n):
        return n.exactWholeNumber.flatMap { abs($0) < 1_000_000_000_000_000 ? String($0) : nil } ?? String(n)
      case .array(let a): return a.map { text(.number($0)) }.joined(separator: ",")
      case .key: return "[object Object]"
      }
    }

    func call(_ name: String, _ args: [Value]) -> Value? {
      func n(_ i: Int) -> Double? { i < args.count ? number(args[i]) : nil }
      switch name {
      case "$bm_sum", "add", "sum": return args.count == 2 ? Self.arithmetic("+", args[0], args[1]) : nil
      case "$bm_sub", "sub": return args.count == 2 ? Self.arithmetic("-", args[0], args[1]) : nil
      case "$bm_mul", "mul": return args.count == 2 ? Self.arithmetic("*", args[0], args[1]) : nil
      case "$bm_div", "div": return args.count == 2 ? Self.arithmetic("/", args[0], args[1]) : nil
      case "$bm_mod": return args.count == 2 ? Self.arithmetic("%", args[0], args[1]) : nil
      case "$bm_neg": return args.count == 1 ? Self.arithmetic("*", args[0], .number(-1)) : nil
      case "clamp":
        guard args.count == 3, let a = n(1), let b = n(2) else { return nil }
        let (lo, hi) = (min(a, b), max(a, b))
        switch args[0] {
        case .number(let x): return .number(min(max(x, lo), hi))
        case .array(let a): return .array(a.map { min(max($0, lo), hi) })
        case .string, .key: return nil
        }
      case "linear":
        // linear(t, tMin, tMax, value1, value2) or linear(t, value1, value2) over 0..1.
        guard let t = n(0) else { return nil }
        let (tMin, tMax, v1, v2): (Double, Double, Value, Value)
        if args.count == 5, let a = n(1), let b = n(2) {
          (tMin, tMax, v1, v2) = (a, b, args[3], args[4])
        } else if args.count == 3 {
          (tMin, tMax, v1, v2) = (0, 1, args[1], args[2])
        } else {
          return nil
        }
        // lottie-web swaps a reversed time range, then holds value1 before it and value2 after it.
        let (lo, hi) = (min(tMin, tMax), max(tMin, tMax))
        if t <= lo { return v1 }
        if t >= hi { return v2 }
        let p = (t - lo) / (hi - lo)
        guard let delta = Self.arithmetic("-", v2, v1), let scaled = Self.arithmetic("*", delta, .number(p)) else {
          return nil
        }
        if case .array(let a) = v1, case .array(let d) = scaled {
          return .array(zip(a, d).map { $0 + $1 })
        }
        return Self.arithmetic("+", v1, scaled)
      case "loopOut", "loopIn", "loopOutDuration", "loopInDuration":
        var type = ""
        if let first = args.first {
          guard case .string(let s) = first else { return nil }
          type = s.lowercased()
        }
        let amount = n(1) ?? 0
        let duration = name.hasSuffix("Duration")
        return pack(loop(out: name.hasPrefix("loopOut"), type: type, amount: amount, isDuration: duration))
      case "key":
        // key(n), 1-based; out of range is an error, as in lottie-web.
        guard let i = n(0), i >= 1, i <= Double(context.keyframeFrames.count) else { return nil }
        return .key(Int(i))  // int-audit: safe: 1 <= i <= keyframe count checked above (NaN fails it)
      case "nearestKey": return n(0).flatMap(nearestKey)
      case "valueAtTime": return n(0).map { pack(context.valueAt($0 * context.frameRate)) }
      case "velocityAtTime":
        // lottie-web: the change over the thousandth of a second before `t`, per second.
        guard let t = n(0) else { return nil }
        let now = context.valueAt(t * context.frameRate), before = context.valueAt((t - 0.001) * context.frameRate)
        return pack(zip(now, before).map { ($0 - $1) / 0.001 })
      case "wiggle":
        // wiggle(freq, amp, octaves = 1, amp_mult = 0.5, t = time): the value at `t`, each component moved by
        // its own smooth noise, `freq` wiggles per second of up to about `amp`, with finer octaves added.
        guard let freq = n(0), let amp = n(1), freq.isFinite, amp.isFinite else { return nil }
        let octaves = (n(2) ?? 1).clampedInt(1...10)
        let multiplier = n(3) ?? 0.5
        let t = n(4) ?? context.frame / context.frameRate
        let base = context.valueAt(t * context.frameRate)
        return pack(
          base.enumerated().map { component, v in
            var offset = 0.0, a = amp, f = freq
            for octave in 0..<octaves {
              // Each component and octave starts at its own point of the noise, so they never all pass
              // through zero together (the noise is zero at whole numbers, and octaves double the frequency).
              let seed = context.seed &+ UInt64(component &* 7919 &+ octave &* 104_729)
              let phase = Double(seed % 997) / 997
              offset += a * Self.noise(t * f + phase, seed: seed)
              a *= multiplier
              f *= 2
            }
            return v + offset
          })
      case "framesToTime": return n(0).map { .number($0 / (n(1) ?? context.frameRate)) }
      case "timeToFrames": return n(0).map { .number($0 * (n(1) ?? context.frameRate)) }
      case "degreesToRadians": return n(0).map { .number($0 * .pi / 180) }
      case "radiansToDegrees": return n(0).map { .number($0 * 180 / .pi) }
      case "Math.sin": return n(0).map { .number(sin($0)) }
      case "Math.cos": return n(0).map { .number(cos($0)) }
      case "Math.tan": return n(0).map { .number(tan($0)) }
      case "Math.asin": return n(0).map { .number(asin($0)) }
      case "Math.acos": return n(0).map { .number(acos($0)) }
      case "Math.atan": return n(0).map { .number(atan($0)) }
      case "Math.atan2": return n(0).flatMap { y in n(1).map { .number(atan2(y, $0)) } }
      case "Math.abs": return n(0).map { .number(abs($0)) }
      case "Math.floor": return n(0).map { .number($0.rounded(.down)) }
      case "Math.ceil": return n(0).map { .number($0.rounded(.up)) }
      case "Math.round": return n(0).map { .number(($0 + 0.5).rounded(.down)) }
      case "Math.sqrt": return n(0).map { .number($0.squareRoot()) }
      case "Math.exp": return n(0).map { .number(exp($0)) }
      case "Math.log": return n(0).map { .number(log($0)) }
      case "Math.pow": return n(0).flatMap { x in n(1).map { .number(pow(x, $0)) } }
      case "Math.min": return args.isEmpty ? nil : .number((0..<args.count).compactMap { n($0) }.min() ?? 0)
      case "Math.max": return args.isEmpty ? nil : .number((0..<args.count).compactMap { n($0) }.max() ?? 0)
      default: return nil
      }
    }

    /// Smooth 1D gradient noise in about -1...1: a random slope at each whole `x`, blended with Perlin's
    /// quintic fade, so the curve and its speed are continuous and it is 0 at every whole number.
    static func noise(_ x: Double, seed: UInt64) -> Double {
      guard x.isFinite, abs(x) < 1e12 else { return 0 }
      let i = x.rounded(.down), f = x - i
      func slope(_ lattice: Double) -> Double {
        // SplitMix64 of the lattice point and the seed: a slope in -1...1.
        var z = UInt64(bitPattern: Int64(lattice)) &+ seed &* 0x9E37_79B9_7F4A_7C15  // int-audit: safe: |lattice| <= 1e12 + 1, x checked finite above
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53) * 2 - 1
      }
      let fade = f * f * f * (f * (f * 6 - 15) + 10)
      let a = slope(i) * f, b = slope(i + 1) * (f - 1)
      // Gradient noise peaks near 0.5 in magnitude: doubled to reach about ±1.
      return 2 * (a + (b - a) * fade)
    }

    /// lottie-web's `nearestKey(t)`: the keyframe nearest to `t` seconds (the first before them all, the last
    /// after them); an error without keyframes.
    func nearestKey(_ seconds: Double) -> Value? {
      let keys = context.keyframeFrames
      guard !keys.isEmpty else { return nil }
      let frame = seconds * context.frameRate
      if frame < keys[0] { return .key(1) }
      for i in 0..<(keys.count - 1) {
        if frame == keys[i] { return .key(i + 1) }
        if frame > keys[i] && frame < keys[i + 1] {
          return .key(frame - keys[i] > keys[i + 1] - frame ? i + 2 : i + 1)
        }
      }
      return .key(keys.count)
    }

    /// lottie-web's `loopOut` / `loopIn`: outside the keyframes' span, play a part of them again.
    /// `amount` is a keyframe count (0: all), or seconds for the `Duration` forms.
    func loop(out: Bool, type: String, amount: Double, isDuration: Bool) -> [Double] {
      let frame = context.frame
      let keys = context.keyframeFrames
      let own = context.valueAt
      guard keys.count > 1 else { return own(frame) }
      let first: Double, last: Double
      if out {
        last = keys[keys.count - 1]
        if frame <= last { return own(frame) }
        if isDuration {
          // lottie-web: a cycle of |last - fps x duration| frames (without a duration, back to the first key).
          let cycle = amount > 0 ? abs(last - context.frameRate * amount) : last - keys[0]
          first = last - cycle
        } else {
          let count = amount.isFinite && amount >= 1 ? amount.clampedInt(1...(keys.count - 1)) : keys.count - 1
          first = keys[keys.count - 1 - count]
        }
      } else {
        first = keys[0]
        if frame >= first { return own(frame) }
        if isDuration {
          // lottie-web: a cycle of |fps x duration| frames (without a duration, up to the last key).
          last = first + (amount > 0 ? abs(context.frameRate * amount) : keys[keys.count - 1] - first)
        } else {
          let count = amount.isFinite && amount >= 1 ? amount.clampedInt(1...(keys.count - 1)) : keys.count - 1
          last = keys[count]
        }
      }
      let cycle = last - first
      guard cycle > 0 else { return own(frame) }
      func combine(_ a: [Double], _ b: [Double], _ f: (Double, Double) -> Double) -> [Double] {
        zip(a, b).map { f($0, $1) }
      }
      if out {
        let elapsed = frame - first
        switch type {
        case "pingpong":
          if (elapsed / cycle).rounded(.down).truncatingRemainder(dividingBy: 2) != 0 {
            return own(cycle - elapsed.truncatingRemainder(dividingBy: cycle) + first)
          }
        case "offset":
          let initial = own(first), end = own(last)
          let current = own(elapsed.truncatingRemainder(dividingBy: cycle) + first)
          let repeats = (elapsed / cycle).rounded(.down)
          return zip(current, combine(end, initial, -)).map { $0 + $1 * repeats }
        case "continue":
          let lastValue = own(last), before = own(last - 0.001)
          if lastValue.count > 1 {
            // lottie-web's formula for multi-dimensional values (it differs from the scalar one).
            return zip(lastValue, before).map { $0 + ($0 - $1) * ((frame - last) / context.frameRate) / 0.0005 }
          }
          return zip(lastValue, before).map { $0 + ($0 - $1) * (frame - last) / 0.001 }
        default: break
        }
        return own(elapsed.truncatingRemainder(dividingBy: cycle) + first)
      } else {
        let ahead = first - frame
        switch type {
        case "pingpong":
          if (ahead / cycle).rounded(.down).truncatingRemainder(dividingBy: 2) == 0 {
            return own(ahead.truncatingRemainder(dividingBy: cycle) + first)
          }
        case "offset":
          let initial = own(first), end = own(last)
          let current = own(cycle - ahead.truncatingRemainder(dividingBy: cycle) + first)
          let repeats = (ahead / cycle).rounded(.down) + 1
          return zip(current, combine(end, initial, -)).map { $0 - $1 * repeats }
        case "continue":
          let firstValue = own(first), after = own(first + 0.001)
          return zip(firstValue, after).map { $0 + ($0 - $1) * (first - frame) / 0.001 }
        default: break
        }
        return own(cycle - ahead.truncatingRemainder(dividingBy: cycle) + first)
      }
    }
  }
}

/// Why an expression is outside the supported subset.
public struct ExpressionError: Error, Sendable, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}

/// A recursive-descent parser for the expression subset.
struct ExpressionParser {
  enum Token: Equatable {
    case number(Double)
    case string(String)
    case identifier(String)
    case symbol(String)
    case end
  }

  var tokens: [Token] = []
  var position = 0
  /// Names declared with `var` or assigned.
  var declared: Set<String> = []
  /// Names assigned anywhere (`$bm_rt` must be).
  var assigned: Set<String> = []
  /// How deeply statements and expressions nest, bounded so that a hostile expression cannot exhaust the stack.
  var depth = 0
  static let maxDepth = 200

  init(_ source: String) throws {
    tokens = try Self.tokenize(source)
  }

  /// Operators of several characters, longest first.
  static let operators = [
    "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=",
  ]

  static func tokenize(_ source: String) throws -> [Token] {
    var out: [Token] = []
    let chars = Array(source.unicodeScalars)
    var i = 0
    func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
      CharacterSet.letters.contains(c) || c == "_" || c == "$"
    }
    func matches(_ op: String, at i: Int) -> Bool {
      let scalars = Array(op.unicodeScalars)
      guard i + scalars.count <= chars.count else { return false }
      return (0..<scalars.count).allSatisfy { chars[i + $0] == scalars[$0] }
    }
    while i < chars.count {
      let c = chars[i]
      if CharacterSet.whitespacesAndNewlines.contains(c) {
        i += 1
      } else if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" {
        while i < chars.count && chars[i] != "\n" { i += 1 }
      } else if c == "/" && i + 1 < chars.count && chars[i + 1] == "*" {
        i += 2
        while i + 1 < chars.count && !(chars[i] == "*" && chars[i + 1] == "/") { i += 1 }
        i += 2
      } else if CharacterSet.decimalDigits.contains(c)
        || (c == "." && i + 1 < chars.count && CharacterSet.decimalDigits.contains(chars[i + 1]))
      {
        var j = i
        while j < chars.count
          && (CharacterSet.decimalDigits.contains(chars[j]) || chars[j] == "." || chars[j] == "e" || chars[j] == "E"
            || ((chars[j] == "-" || chars[j] == "+") && j > i && (chars[j - 1] == "e" || chars[j - 1] == "E")))
        {
          j += 1
        }
        guard let n = Double(String(String.UnicodeScalarView(chars[i..<j]))) else {
          throw ExpressionError(message: "a malformed number")
        }
        out.append(.number(n))
        i = j
      } else if c == "'" || c == "\"" {
        var j = i + 1
        var s = ""
        while j < chars.count && chars[j] != c {
          if chars[j] == "\\" && j + 1 < chars.count { j += 1 }
          s.unicodeScalars.append(chars[j])
          j += 1
        }
        guard j < chars.count else { throw ExpressionError(message: "an unterminated string") }
        out.append(.string(s))
        i = j + 1
      } else if isIdentifierStart(c) {
        var j = i
        while j < chars.count && (isIdentifierStart(chars[j]) || CharacterSet.decimalDigits.contains(chars[j])) {
          j += 1
        }
        out.append(.identifier(String(String.UnicodeScalarView(chars[i..<j]))))
        i = j
      } else if let op = operators.first(where: { matches($0, at: i) }) {
        out.append(.symbol(op))
        i += op.unicodeScalars.count
      } else if "+-*/%()[]{},;=.<>!?:".unicodeScalars.contains(c) {
        out.append(.symbol(String(c)))
        i += 1
      } else {
        throw ExpressionError(message: "'\(c)' is not supported")
      }
    }
    out.append(.end)
    return out
  }

  var current: Token { tokens[position] }
  var next: Token { position + 1 < tokens.count ? tokens[position + 1] : .end }

  func isSymbol(_ s: String) -> Bool { current == .symbol(s) }

  mutating func expect(_ s: String) throws {
    guard current == .symbol(s) else { throw ExpressionError(message: "expected '\(s)'") }
    position += 1
  }

  /// Counts one more link of an operator chain (`a + b + c ...`, `a[0][1]...`) in the caller's `links`:
  /// evaluating a chain recurses once per link, so its links count as nesting until the caller gives them back.
  mutating func deeper(_ links: inout Int) throws {
    depth += 1
    links += 1
    guard depth <= Self.maxDepth else { throw ExpressionError(message: "it nests too deeply") }
  }

  mutating func nested<T>(_ body: (inout ExpressionParser) throws -> T) throws -> T {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maxDepth else { throw ExpressionError(message: "it nests too deeply") }
    return try body(&self)
  }

  mutating func program() throws -> [Expression.Statement] {
    var statements: [Expression.Statement] = []
    while current != .end {
      if let s = try statement() { statements.append(s) }
    }
    return statements
  }

  /// One statement; nil for an empty one (`;`).
  mutating func statement() throws -> Expression.Statement? {
    try nested { p in
      switch p.current {
      case .symbol(";"):
        p.position += 1
        return nil
      case .symbol("{"):
        return try p.block()
      case .identifier("var"), .identifier("let"), .identifier("const"):
        p.position += 1
        var declarations: [Expression.Statement] = []
        repeat {
          if p.isSymbol(",") { p.position += 1 }
          guard case .identifier(let name) = p.current else {
            throw ExpressionError(message: "expected a name after var")
          }
          p.position += 1
          p.declared.insert(name)
          if p.isSymbol("=") {
            p.position += 1
            p.assigned.insert(name)
            declarations.append(.declare(name, try p.assignment()))
          } else {
            declarations.append(.declare(name, nil))
          }
        } while p.isSymbol(",")
        if p.isSymbol(";") { p.position += 1 }
        return declarations.count == 1 ? declarations[0] : .block(declarations)
      case .identifier("if"):
        p.position += 1
        try p.expect("(")
        let condition = try p.expression()
        try p.expect(")")
        let then = try p.statement() ?? .block([])
        var otherwise: Expression.Statement? = nil
        if p.current == .identifier("else") {
          p.position += 1
          otherwise = try p.statement() ?? .block([])
        }
        return .ifElse(condition, then, otherwise)
      case .identifier("try"):
        p.position += 1
        let body = try p.block()
        var handler = Expression.Statement.block([])
        if p.current == .identifier("catch") {
          p.position += 1
          if p.isSymbol("(") {
            p.position += 1
            guard case .identifier(let name) = p.current else {
              throw ExpressionError(message: "expected a name after catch")
            }
            p.declared.insert(name)
            p.position += 1
            try p.expect(")")
          }
          handler = try p.block()
        }
        if p.current == .identifier("finally") {
          p.position += 1
          // Runs either way: after the try (or catch) block.
          let last = try p.block()
          return .block([.tryCatch(body, handler), last])
        }
        return .tryCatch(body, handler)
      case .identifier(let keyword)
      where ["function", "for", "while", "do", "switch", "return", "break", "continue", "throw", "new", "this"]
        .contains(keyword):
        throw ExpressionError(message: "'\(keyword)' is not supported")
      default:
        let node = try p.expression()
        if p.isSymbol(";") { p.position += 1 }
        return .expression(node)
      }
    }
  }

  mutating func block() throws -> Expression.Statement {
    try expect("{")
    var statements: [Expression.Statement] = []
    while !isSymbol("}") {
      guard current != .end else { throw ExpressionError(message: "expected '}'") }
      if let s = try statement() { statements.append(s) }
    }
    position += 1
    return .block(statements)
  }

  /// The comma operator's list of assignments.
  mutating func expression() throws -> Expression.Node {
    var items = [try assignment()]
    while isSymbol(",") {
      position += 1
      items.append(try assignment())
    }
    return items.count == 1 ? items[0] : .sequence(items)
  }

  mutating func assignment() throws -> Expression.Node {
    try nested { p in
      let compound: [String: Character] = ["+=": "+", "-=": "-", "*=": "*", "/=": "/", "%=": "%"]
      if case .identifier(let name) = p.current, case .symbol(let op) = p.next, op == "=" || compound[op] != nil {
        // Assigning `value` or `time` makes a variable of that name, as in lottie-web's scope.
        p.position += 2
        p.declared.insert(name)
        p.assigned.insert(name)
        return .assign(name, compound[op], try p.assignment())
      }
      let node = try p.conditional()
      if p.isSymbol("=") || compound.keys.contains(where: p.isSymbol) {
        throw ExpressionError(message: "only a name can be assigned")
      }
      return node
    }
  }

  mutating func conditional() throws -> Expression.Node {
    let condition = try logical(and: false)
    guard isSymbol("?") else { return condition }
    position += 1
    let a = try assignment()
    try expect(":")
    return .conditional(condition, a, try assignment())
  }

  /// One left-associative level of binary operators: `operand (operator operand)*`.
  mutating func binaryLevel(
    _ operators: Set<String>, operand: (inout ExpressionParser) throws -> Expression.Node,
    combine: (String, Expression.Node, Expression.Node) -> Expression.Node
  ) throws -> Expression.Node {
    var links = 0
    defer { depth -= links }
    var node = try operand(&self)
    while case .symbol(let op) = current, operators.contains(op) {
      try deeper(&links)
      position += 1
      node = combine(op, node, try operand(&self))
    }
    return node
  }

  /// Each level's operators, made once: a set literal at each level of every operand parsed was most of the
  /// time spent compiling.
  static let orOperators: Set<String> = ["||"]
  static let andOperators: Set<String> = ["&&"]
  static let equalityOperators: Set<String> = ["==", "!=", "===", "!=="]
  static let relationalOperators: Set<String> = ["<", ">", "<=", ">="]
  static let additiveOperators: Set<String> = ["+", "-"]
  static let multiplicativeOperators: Set<String> = ["*", "/", "%"]

  /// `||` (and: false) over `&&` (and: true) over comparisons.
  mutating func logical(and: Bool) throws -> Expression.Node {
    try binaryLevel(
      and ? Self.andOperators : Self.orOperators, operand: { and ? try $0.equality() : try $0.logical(and: true) }
    ) {
      .logical(and: and, $1, $2)
    }
  }

  mutating func equality() throws -> Expression.Node {
    try binaryLevel(Self.equalityOperators, operand: { try $0.relational() }) { .compare($0, $1, $2) }
  }

  mutating func relational() throws -> Expression.Node {
    try binaryLevel(Self.relationalOperators, operand: { try $0.additive() }) { .compare($0, $1, $2) }
  }

  mutating func additive() throws -> Expression.Node {
    try binaryLevel(Self.additiveOperators, operand: { try $0.term() }) { .binary(Character($0), $1, $2) }
  }

  /// A transform property of this layer (`transform.position`, `thisLayer.transform.position`) or of another
  /// (`thisComp.layer('Name').transform.position`, `.position` for short); `name` is the dotted name read so
  /// far. Nil when `name` is not a layer reference.
  mutating func layerReference(_ name: String) throws -> Expression.Reference? {
    func property(_ parts: [Substring]) -> String? {
      let names = parts.first == "transform" ? Array(parts.dropFirst()) : parts
      guard names.count == 1, Expression.transformProperties.contains(String(names[0])) else { return nil }
      return String(names[0])
    }
    if !declared.contains(name) {
      var parts = name.split(separator: ".")
      if parts.first == "thisLayer" { parts.removeFirst() }
      if parts.first == "transform", let p = property(parts) { return .init(layer: .this, property: p) }
      if parts == ["effect"], current == .symbol("(") { return try effectReference(.this) }
    }
    guard name == "thisComp.layer", current == .symbol("(") else { return nil }
    position += 1
    let layer: Expression.Reference.Layer
    switch current {
    case .string(let s): layer = .name(s)
    case .number(let n) where n >= 1 && n == n.rounded() && n < 1e9: layer = .index(Int(n))  // int-audit: safe: 1 <= n < 1e9 (NaN fails)
    default: throw ExpressionError(message: "thisComp.layer takes a name or an index")
    }
    position += 1
    try expect(")")
    var members: [Substring] = []
    while current == .symbol("."), case .identifier(let member) = tokens[position + 1] {
      members.append(Substring(member))
      position += 2
    }
    if members == ["effect"], current == .symbol("(") { return try effectReference(layer) }
    guard let p = property(members) else {
      throw ExpressionError(message: "only a layer's transform properties are supported")
    }
    return .init(layer: layer, property: p)
  }

  /// `effect('Name')('Param')`, `effect('Name')(1)` or `effect(1).param('Param')`, after `effect`.
  mutating func effectReference(_ layer: Expression.Reference.Layer) throws -> Expression.Reference {
    func selector() throws -> Expression.Reference.Selector {
      try expect("(")
      let s: Expression.Reference.Selector
      switch current {
      case .string(let name): s = .name(name)
      case .number(let n) where n >= 1 && n == n.rounded() && n < 1e6: s = .index(Int(n))  // int-audit: safe: 1 <= n < 1e6 (NaN fails)
      default: throw ExpressionError(message: "effect() takes a name or an index")
      }
      position += 1
      try expect(")")
      return s
    }
    let effect = try selector()
    if current == .symbol("."), tokens[position + 1] == .identifier("param") { position += 2 }
    guard current == .symbol("(") else {
      throw ExpressionError(message: "an effect is read through one of its parameters")
    }
    let parameter = try selector()
    return .init(layer: layer, property: "effect", effect: effect, parameter: parameter)
  }

  mutating func term() throws -> Expression.Node {
    try binaryLevel(Self.multiplicativeOperators, operand: { try $0.unary() }) { .binary(Character($0), $1, $2) }
  }

  mutating func unary() throws -> Expression.Node {
    try nested { p in
      switch p.current {
      case .symbol("-"):
        p.position += 1
        return .negate(try p.unary())
      case .symbol("+"):
        p.position += 1
        return try p.unary()
      case .symbol("!"):
        p.position += 1
        return .not(try p.unary())
      case .symbol(let op) where op == "++" || op == "--":
        p.position += 1
        guard case .identifier(let name) = p.current, p.declared.contains(name) else {
          throw ExpressionError(message: "'\(op)' applies to a variable")
        }
        p.position += 1
        p.assigned.insert(name)
        return .increment(name, delta: op == "++" ? 1 : -1, prefix: true)
      default:
        return try p.postfix()
      }
    }
  }

  mutating func arguments() throws -> [Expression.Node] {
    try expect("(")
    var arguments: [Expression.Node] = []
    while !isSymbol(")") {
      arguments.append(try assignment())
      if isSymbol(",") { position += 1 } else { break }
    }
    try expect(")")
    return arguments
  }

  mutating func postfix() throws -> Expression.Node {
    var links = 0
    defer { depth -= links }
    var node: Expression.Node
    switch current {
    case .number(let n):
      position += 1
      node = .number(n)
    case .string(let s):
      position += 1
      node = .string(s)
    case .symbol("("):
      position += 1
      node = try expression()
      try expect(")")
    case .symbol("["):
      position += 1
      var items: [Expression.Node] = []
      while !isSymbol("]") {
        items.append(try assignment())
        if isSymbol(",") { position += 1 } else { break }
      }
      try expect("]")
      node = .array(items)
    case .identifier(var name):
      position += 1
      // Dotted names (Math.sin, thisComp.frameDuration) are looked up whole.
      while isSymbol("."), case .identifier(let member) = next {
        name += "." + member
        position += 2
      }
      if let reference = try layerReference(name) {
        node = .reference(reference)
      } else if isSymbol("(") {
        let arguments = try self.arguments()
        guard Expression.functions.contains(name) else { throw ExpressionError(message: "'\(name)' is not supported") }
        node = .call(name, arguments)
      } else if declared.contains(name) && (current == .symbol("++") || current == .symbol("--")) {
        let delta: Double = current == .symbol("++") ? 1 : -1
        position += 1
        assigned.insert(name)
        return .increment(name, delta: delta, prefix: false)
      } else if let dot = name.firstIndex(of: "."), declared.contains(String(name[..<dot])) {
        // A variable's members: `k.time`, `a.length`.
        node = .variable(String(name[..<dot]))
        for member in name[name.index(after: dot)...].split(separator: ".") {
          try deeper(&links)
          node = .member(node, String(member))
        }
      } else {
        guard declared.contains(name) || Expression.constants.contains(name) else {
          throw ExpressionError(message: "'\(name)' is not supported")
        }
        node = .variable(name)
      }
    default:
      throw ExpressionError(message: "unexpected \(current)")
    }
    while true {
      if isSymbol("[") || isSymbol(".") { try deeper(&links) }
      if isSymbol("[") {
        position += 1
        let i = try expression()
        try expect("]")
        node = .index(node, i)
      } else if isSymbol("."), case .identifier(let member) = next {
        position += 2
        node = .member(node, member)
      } else {
        break
      }
    }
    return node
  }
}
