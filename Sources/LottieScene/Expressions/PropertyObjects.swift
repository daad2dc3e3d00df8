import Expressions
import Foundation
import Lottie

/// A property an expression reads: its value with its expression (`value`) and without (`own`), by frame.
final class PropertyBinding {
  let name: String
  let keyframes: [Double]
  let frameRate: Double
  let value: (Double) -> ExpressionOutput
  let own: (Double) -> ExpressionOutput
  /// `propertyGroup(1)`, `(2)`, ...: the groups around it, innermost first.
  var parents: [() -> JSValue]
  /// Its position in its group (`propertyIndex`), 1-based.
  var index: Int

  init(
    name: String, keyframes: [Double], frameRate: Double, value: @escaping (Double) -> ExpressionOutput,
    own: @escaping (Double) -> ExpressionOutput, parents: [() -> JSValue], index: Int = 1
  ) {
    self.name = name
    self.keyframes = keyframes
    self.frameRate = frameRate
    self.value = value
    self.own = own
    self.parents = parents
    self.index = index
  }

  /// A model property in `scope`, read with its expression.
  static func make<V: ExpressionConvertible>(
    _ property: Animatable<V>, name: String, scope: ExpressionScope, parents: [() -> JSValue] = [], index: Int = 1
  ) -> PropertyBinding {
    var keys: [Double] = []
    if case .keyframed(let k) = property.withoutExpression { keys = k.map(\.frame) }
    let plain = property.withoutExpression
    return PropertyBinding(
      name: name, keyframes: keys, frameRate: scope.frameRate,
      value: { [unowned scope] in scope.read(property, at: $0) },
      own: { V.ownValue(plain, at: $0).expressionOutput }, parents: parents, index: index)
  }
}

/// The members After Effects gives a property: `value`, `valueAtTime`, `velocityAtTime`, `speed`,
/// `numKeys`, `key(n)`, `nearestKey`, `loopIn`/`loopOut` (and their `Duration` forms), `wiggle`,
/// `propertyGroup`, `propertyIndex`, `name`, and a path's `points()`, `inTangents()`, `outTangents()`,
/// `isClosed()`.
enum PropertyObjects {
  static func object(_ p: PropertyBinding, _ e: Evaluation) -> JSValue {
    let members = self.members(p, e)
    let o = JSObject(lookup: members)
    o.valueOf = { [unowned e] in .output(p.value(e.frame)) }
    return .object(o)
  }

  static func members(_ p: PropertyBinding, _ e: Evaluation) -> (String) throws(ExpressionError) -> JSValue? {
    { [unowned e] name throws(ExpressionError) in
      let rate = p.frameRate
      switch name {
      case "value": return .output(p.value(e.frame))
      case "name": return .string(p.name)
      case "propertyIndex": return .number(Double(p.index))
      case "numKeys": return .number(Double(p.keyframes.count))
      case "propertyGroup":
        return .function(name) { i, _, a throws(ExpressionError) in
          let n = a.isEmpty ? 1 : Int(clamping: a[0].numberValue)
          guard n >= 1, n <= p.parents.count else { throw i.typeError("propertyGroup(\(n)): no such group") }
          return p.parents[n - 1]()
        }
      case "valueAtTime":
        return .function(name) { _, _, a throws(ExpressionError) in .output(p.value(a[argument: 0].numberValue * rate))
        }
      case "velocityAtTime", "speedAtTime":
        return .function(name) { _, _, a throws(ExpressionError) in
          velocity(p, a[argument: 0].numberValue, speed: name == "speedAtTime")
        }
      case "velocity", "speed": return velocity(p, e.seconds, speed: name == "speed")
      case "key":
        return .function(name) { i, _, a throws(ExpressionError) in
          let n = Int(clamping: a[argument: 0].numberValue)
          guard n >= 1, n <= p.keyframes.count else {
            throw i.typeError("key(\(n)): the property has \(p.keyframes.count) keyframes")
          }
          return key(p, n)
        }
      case "nearestKey":
        return .function(name) { i, _, a throws(ExpressionError) in
          guard !p.keyframes.isEmpty else { throw i.typeError("nearestKey: the property has no keyframes") }
          let f = a[argument: 0].numberValue * rate
          var best = 1
          for (k, frame) in p.keyframes.enumerated() where abs(frame - f) < abs(p.keyframes[best - 1] - f) {
            best = k + 1
          }
          return key(p, best)
        }
      case "loopOut", "loopIn", "loopOutDuration", "loopInDuration":
        return .function(name) { _, _, a throws(ExpressionError) in
          let type = a.isEmpty || a[0].typeName == "undefined" ? "cycle" : a[0].stringValue.lowercased()
          let amount = a.count > 1 ? a[1].numberValue : 0
          return .numbers(
            loop(
              p, at: e.frame, out: name.hasPrefix("loopOut"), type: type, amount: amount,
              isDuration: name.hasSuffix("Duration")))
        }
      case "wiggle":
        return .function(name) { _, _, a throws(ExpressionError) in
          let freq = a[argument: 0].numberValue
          let amp = a[argument: 1].numberValue
          let octaves = a.count > 2 ? Swift.min(10, Swift.max(1, Int(clamping: a[2].numberValue))) : 1
          let multiplier = a.count > 3 ? a[3].numberValue : 0.5
          let t = a.count > 4 ? a[4].numberValue : e.seconds
          return .numbers(wiggle(p, e.seed, freq: freq, amp: amp, octaves: octaves, multiplier: multiplier, t: t))
        }
      case "smooth": return .function(name) { _, _, _ throws(ExpressionError) in .output(p.value(e.frame)) }
      case "points", "inTangents", "outTangents", "isClosed":
        return .function(name) { i, _, a throws(ExpressionError) in
          let t = a.isEmpty ? e.frame : a[0].numberValue * rate
          guard case .path(let path) = p.value(t) else { throw i.typeError("\(name)() needs a path property") }
          return try PathObjects.member(path, name, i)
        }
      default: return nil
      }
    }
  }

  static func key(_ p: PropertyBinding, _ n: Int) -> JSValue {
    let frame = p.keyframes[n - 1]
    let v = JSValue.output(p.own(frame))
    let o = JSObject([("time", .number(frame / p.frameRate)), ("index", .number(Double(n))), ("value", v)])
    o.valueOf = { v }
    return .object(o)
  }

  /// lottie-web's velocity: the change over the thousandth of a second before `t`, per second.
  static func velocity(_ p: PropertyBinding, _ t: Double, speed: Bool) -> JSValue {
    let now = p.value(t * p.frameRate).numbers ?? []
    let before = p.value((t - 0.001) * p.frameRate).numbers ?? []
    let v = zip(now, before).map { ($0 - $1) / 0.001 }
    if speed { return .number(v.reduce(0) { $0 + $1 * $1 }.squareRoot()) }
    return .numbers(v)
  }

  /// `wiggle(freq, amp, octaves, amp_mult, t)`: the value at `t`, each component moved by its own smooth
  /// noise, `freq` wiggles per second of up to about `amp`, finer octaves added; seeded by the property.
  static func wiggle(
    _ p: PropertyBinding, _ seed: UInt64, freq: Double, amp: Double, octaves: Int, multiplier: Double, t: Double
  ) -> [Double] {
    let base = p.value(t * p.frameRate).numbers ?? []
    guard freq.isFinite, amp.isFinite, t.isFinite else { return base }
    return base.enumerated().map { component, v in
      var offset = 0.0
      var a = amp
      var f = freq
      for octave in 0..<octaves {
        let s = seed &+ UInt64(component &* 7919 &+ octave &* 104_729)
        let phase = Double(s % 997) / 997
        let x = t * f + phase
        offset += a * (abs(x) < 1e12 ? AfterEffectsLibrary.noise1D(x, seed: s) : 0)
        a *= multiplier
        f *= 2
      }
      return v + offset
    }
  }

  /// lottie-web's `loopOut` / `loopIn`: outside the keyframes' span, play a part of them again. `amount` is
  /// a keyframe count (0: all), or seconds for the `Duration` forms.
  static func loop(_ p: PropertyBinding, at frame: Double, out: Bool, type: String, amount: Double, isDuration: Bool)
    -> [Double]
  {
    let keys = p.keyframes
    let own: (Double) -> [Double] = { p.own($0).numbers ?? [] }
    guard keys.count > 1 else { return own(frame) }
    func count() -> Int {
      amount.isFinite && amount >= 1 ? Swift.min(keys.count - 1, Int(clamping: amount)) : keys.count - 1
    }
    let first: Double
    let last: Double
    if out {
      last = keys[keys.count - 1]
      if frame <= last { return own(frame) }
      if isDuration {
        first = last - (amount > 0 ? abs(last - p.frameRate * amount) : last - keys[0])
      } else {
        first = keys[keys.count - 1 - count()]
      }
    } else {
      first = keys[0]
      if frame >= first { return own(frame) }
      if isDuration {
        last = first + (amount > 0 ? abs(p.frameRate * amount) : keys[keys.count - 1] - first)
      } else {
        last = keys[count()]
      }
    }
    let cycle = last - first
    guard cycle > 0 else { return own(frame) }
    if out {
      let elapsed = frame - first
      switch type {
      case "pingpong":
        if (elapsed / cycle).rounded(.down).truncatingRemainder(dividingBy: 2) != 0 {
          return own(cycle - elapsed.truncatingRemainder(dividingBy: cycle) + first)
        }
      case "offset":
        let initial = own(first)
        let end = own(last)
        let current = own(elapsed.truncatingRemainder(dividingBy: cycle) + first)
        let repeats = (elapsed / cycle).rounded(.down)
        return zip(current, zip(end, initial).map { $0 - $1 }).map { $0 + $1 * repeats }
      case "continue":
        let lastValue = own(last)
        let before = own(last - 0.001)
        if lastValue.count > 1 {
          // lottie-web's formula for multi-dimensional values (it differs from the scalar one).
          return zip(lastValue, before).map { $0 + ($0 - $1) * ((frame - last) / p.frameRate) / 0.0005 }
        }
        return zip(lastValue, before).map { $0 + ($0 - $1) * (frame - last) / 0.001 }
      default: break
      }
      return own(elapsed.truncatingRemainder(dividingBy: cycle) + first)
    }
    let ahead = first - frame
    switch type {
    case "pingpong":
      if (ahead / cycle).rounded(.down).truncatingRemainder(dividingBy: 2) == 0 {
        return own(ahead.truncatingRemainder(dividingBy: cycle) + first)
      }
    case "offset":
      let initial = own(first)
      let end = own(last)
      let current = own(cycle - ahead.truncatingRemainder(dividingBy: cycle) + first)
      let repeats = (ahead / cycle).rounded(.down) + 1
      return zip(current, zip(end, initial).map { $0 - $1 }).map { $0 - $1 * repeats }
    case "continue":
      let firstValue = own(first)
      let after = own(first + 0.001)
      return zip(firstValue, after).map { $0 + ($0 - $1) * (first - frame) / 0.001 }
    default: break
    }
    return own(cycle - ahead.truncatingRemainder(dividingBy: cycle) + first)
  }
}

/// Paths as expressions see them: objects with `points()`, `inTangents()`, `outTangents()`, `isClosed()`,
/// and `createPath(points, inTangents, outTangents, isClosed)`.
enum PathObjects {
  static func make(_ path: BezierPath) -> JSValue {
    let o = JSObject(lookup: { name in
      switch name {
      case "points", "inTangents", "outTangents", "isClosed":
        return .function(name) { i, _, _ throws(ExpressionError) in try member(path, name, i) }
      default: return nil
      }
    })
    o.payload = path
    return .object(o)
  }

  /// `points()`, `inTangents()`, `outTangents()` (an array of pairs, charged to `interpreter`'s memory and
  /// steps as it is made) or `isClosed()`.
  static func member(_ path: BezierPath, _ name: String, _ interpreter: Interpreter) throws(ExpressionError) -> JSValue
  {
    func list(_ v: [Vec2]) throws(ExpressionError) -> JSValue {
      // The list and a pair per vertex.
      let (elements, overflow) = v.count.multipliedReportingOverflow(by: 3)
      try interpreter.allocateElements(overflow ? Int.max : elements)
      try interpreter.step(v.count)
      return .array(JSArray(v.map { .array(JSArray(numbers: [$0.x, $0.y])) }))
    }
    switch name {
    case "points": return try list(path.vertices)
    case "inTangents": return try list(path.inTangents)
    case "outTangents": return try list(path.outTangents)
    default: return .boolean(path.isClosed)
    }
  }

  static var createPath: JSValue {
    .function("createPath") { i, _, a throws(ExpressionError) in
      func points(_ v: JSValue) -> [Vec2]? {
        guard case .array(let arr) = v.primitive else { return nil }
        var out: [Vec2] = []
        for e in arr.elements {
          guard let n = e.numbers, n.count >= 2, n[0].isFinite, n[1].isFinite else { return nil }
          out.append(Vec2(n[0], n[1]))
        }
        return out
      }
      guard let vertices = points(a[argument: 0]) else { throw i.typeError("createPath: points must be [x, y] pairs") }
      try i.allocateElements(vertices.count * 6)
      let zero = Array(repeating: Vec2(0, 0), count: vertices.count)
      var ins = points(a[argument: 1]) ?? zero
      var outs = points(a[argument: 2]) ?? zero
      if ins.count != vertices.count { ins = zero }
      if outs.count != vertices.count { outs = zero }
      let closed = a.count > 3 ? a[3].isTruthy : true
      return make(BezierPath(isClosed: closed, vertices: vertices, inTangents: ins, outTangents: outs))
    }
  }
}
