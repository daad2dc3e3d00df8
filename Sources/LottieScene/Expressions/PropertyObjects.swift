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
          .numbers(wiggle(p, e.seed, WiggleArguments(a, now: e.seconds)))
        }
      case "temporalWiggle":
        // After Effects: the property at a wiggled time, `amp` seconds at most each way (wiggle's noise, one
        // component, as a time offset).
        return .function(name) { _, _, a throws(ExpressionError) in
          let w = WiggleArguments(a, now: e.seconds)
          return .output(p.value((w.t + timeOffset(e.seed, w)) * rate))
        }
      case "smooth": return .function(name) { _, _, _ throws(ExpressionError) in .output(p.value(e.frame)) }
      case "points", "inTangents", "outTangents", "isClosed":
        return .function(name) { i, _, a throws(ExpressionError) in
          let t = a.isEmpty ? e.frame : a[0].numberValue * rate
          guard case .path(let path) = p.value(t) else { throw i.typeError("\(name)() needs a path property") }
          return try PathObjects.member(path, name, i)
        }
      case "pointOnPath", "tangentOnPath", "normalOnPath":
        return .function(name) { i, _, a throws(ExpressionError) in
          let t = a.count > 1 ? a[1].numberValue * rate : e.frame
          guard case .path(let path) = p.value(t) else { throw i.typeError("\(name)() needs a path property") }
          return try PathObjects.onPath(path, name, a[argument: 0], i)
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
  /// `wiggle`'s and `temporalWiggle`'s arguments: `(freq, amp, octaves = 1, amp_mult = 0.5, t = time)`.
  struct WiggleArguments {
    var freq: Double
    var amp: Double
    var octaves: Int
    var multiplier: Double
    var t: Double

    init(_ a: [JSValue], now: Double) {
      freq = a[argument: 0].numberValue
      amp = a[argument: 1].numberValue
      octaves = a.count > 2 ? Swift.min(10, Swift.max(1, Int(clamping: a[2].numberValue))) : 1
      multiplier = a.count > 3 ? a[3].numberValue : 0.5
      t = a.count > 4 ? a[4].numberValue : now
    }

    var isFinite: Bool { freq.isFinite && amp.isFinite && t.isFinite }
  }

  static func wiggle(_ p: PropertyBinding, _ seed: UInt64, _ w: WiggleArguments) -> [Double] {
    let base = p.value(w.t * p.frameRate).numbers ?? []
    guard w.isFinite else { return base }
    return base.enumerated().map { component, v in v + noise(seed, component: component, w) }
  }

  /// `temporalWiggle`'s offset in seconds: wiggle's noise of the first component.
  static func timeOffset(_ seed: UInt64, _ w: WiggleArguments) -> Double {
    w.isFinite ? noise(seed, component: 0, w) : 0
  }

  /// Octaves of seeded 1D noise at `w.t`: what `wiggle` adds to one component.
  private static func noise(_ seed: UInt64, component: Int, _ w: WiggleArguments) -> Double {
    var offset = 0.0
    var a = w.amp
    var f = w.freq
    for octave in 0..<w.octaves {
      let s = seed &+ UInt64(component &* 7919 &+ octave &* 104_729)
      let phase = Double(s % 997) / 997
      let x = w.t * f + phase
      offset += a * (abs(x) < 1e12 ? AfterEffectsLibrary.noise1D(x, seed: s) : 0)
      a *= w.multiplier
      f *= 2
    }
    return offset
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
      case "pointOnPath", "tangentOnPath", "normalOnPath":
        return .function(name) { i, _, a throws(ExpressionError) in try onPath(path, name, a[argument: 0], i) }
      default: return nil
      }
    })
    o.payload = path
    return .object(o)
  }

  /// `pointOnPath(perc)`, `tangentOnPath(perc)`, `normalOnPath(perc)` as lottie-web computes them: the point
  /// at `perc` (0...1, default 0.5) of the path's length (its closing segment included when closed), and the
  /// unit vector from there to the point 0.001 further (`perc` 1 is taken as 0 on a closed path and 0.999 on
  /// an open one); the normal is the tangent turned a quarter (`[-dy, dx]`). Charged a step per sample.
  static func onPath(_ path: BezierPath, _ name: String, _ argument: JSValue, _ interpreter: Interpreter)
    throws(ExpressionError) -> JSValue
  {
    let n = path.vertices.count
    guard n > 0 else { return .numbers([0, 0]) }
    let segments = path.isClosed ? n : n - 1
    let (samples, overflow) = max(1, segments).multipliedReportingOverflow(by: PathMeasure.samples)
    try interpreter.step(overflow ? Int.max : samples)
    let measure = PathMeasure(path)
    var perc = 0.5
    if case .undefined = argument {} else { perc = argument.numberValue }
    if !perc.isFinite { perc = 0 }
    if name == "pointOnPath" {
      let p = measure.point(at: perc)
      return .numbers([p.x, p.y])
    }
    if perc == 1 { perc = path.isClosed ? 0 : 0.999 }
    let p1 = measure.point(at: perc), p2 = measure.point(at: perc + 0.001)
    let d = p2 - p1
    let length = d.length
    guard length > 0 else { return .numbers([0, 0]) }
    let unit = Vec2(d.x / length, d.y / length)
    if name == "tangentOnPath" { return .numbers([unit.x, unit.y]) }
    return .numbers([-unit.y, unit.x])
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

/// Lengths along a path, for `pointOnPath`: each cubic segment sampled at `samples` points.
struct PathMeasure {
  static let samples = 64
  let path: BezierPath
  /// Per segment, the length from its start at each sample (samples + 1 entries, the first 0).
  private var tables: [[Double]] = []
  private(set) var total = 0.0

  init(_ path: BezierPath) {
    self.path = path
    let n = path.vertices.count
    let segments = path.isClosed ? n : n - 1
    guard segments > 0 else { return }
    for k in 0..<segments {
      var table = [0.0]
      table.reserveCapacity(Self.samples + 1)
      var previous = point(segment: k, t: 0)
      var length = 0.0
      for s in 1...Self.samples {
        let p = point(segment: k, t: Double(s) / Double(Self.samples))
        length += (p - previous).length
        table.append(length)
        previous = p
      }
      tables.append(table)
      total += length
    }
  }

  /// The point at `t` (0...1) of segment `k` (from vertex k to the next).
  func point(segment k: Int, t: Double) -> Vec2 {
    let n = path.vertices.count
    let j = (k + 1) % n
    let p0 = path.vertices[k], p3 = path.vertices[j]
    let p1 = p0 + path.outTangents[k], p2 = p3 + path.inTangents[j]
    let u = 1 - t
    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
    return Vec2(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
  }

  /// The point at `perc` of the length (held to 0...1; past the end of a closed path, its first point).
  func point(at perc: Double) -> Vec2 {
    guard !tables.isEmpty, total > 0 else { return path.vertices.first ?? Vec2(0, 0) }
    if perc >= 1 { return path.isClosed ? path.vertices[0] : path.vertices[path.vertices.count - 1] }
    var target = Swift.max(0, perc) * total
    for (k, table) in tables.enumerated() {
      let length = table[table.count - 1]
      if target > length, k < tables.count - 1 {
        target -= length
        continue
      }
      // The sample interval holding the target, then linear between its ends.
      var s = 1
      while s < table.count - 1, table[s] < target { s += 1 }
      let start = table[s - 1], end = table[s]
      let fraction = end > start ? (target - start) / (end - start) : 0
      let t = (Double(s - 1) + Swift.min(1, Swift.max(0, fraction))) / Double(Self.samples)
      return point(segment: k, t: t)
    }
    return path.vertices[0]
  }
}
