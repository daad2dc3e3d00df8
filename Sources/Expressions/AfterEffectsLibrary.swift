import Foundation

/// A deterministic generator (SplitMix64): the same seed gives the same numbers on every machine.
public struct SeededRandom: Sendable {
  private var state: UInt64
  public init(seed: UInt64) { state = seed }

  /// A number in [0, 1).
  public mutating func next() -> Double {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) / Double(1 << 53)
  }

  /// A normally distributed number (mean 0, deviation 1), Box-Muller.
  public mutating func gaussian() -> Double {
    let u = max(next(), 1e-300)
    let v = next()
    return sqrt(-2 * log(u)) * cos(2 * .pi * v)
  }
}

/// The expression language's helpers that do not depend on the layer or the time: Bodymovin's operators,
/// vector math, interpolation (`linear`, `ease`, ...), colour conversion, `random`, `noise`. Their
/// arithmetic follows lottie-web's `ExpressionManager`.
public enum AfterEffectsLibrary {
  static func install(into globals: inout [String: JSValue]) {
    var g: [String: JSValue] = [:]
    defer {
      // The helpers compute with values: a host property passed in counts as its value.
      for (name, value) in g {
        guard let f = value.asFunction, case .native(let native) = f.body else { continue }
        globals[name] = .function(name) { i, this, a throws(ExpressionError) in try native(i, this, a.map(\.primitive))
        }
      }
    }
    func binary(_ name: String, _ f: @escaping (JSValue, JSValue, Interpreter) throws(ExpressionError) -> JSValue) {
      g[name] = .function(name) { i, _, a throws(ExpressionError) in try f(a[argument: 0], a[argument: 1], i) }
    }
    binary("$bm_sum", Operators.sum)
    binary("sum", Operators.sum)
    binary("add", Operators.sum)
    binary("$bm_sub", Operators.subtract)
    binary("sub", Operators.subtract)
    binary("$bm_mul", Operators.multiply)
    binary("mul", Operators.multiply)
    binary("$bm_div", Operators.divide)
    binary("div", Operators.divide)
    binary("$bm_mod", { a, b, _ in Operators.modulo(a, b) })
    binary("mod", { a, b, _ in Operators.modulo(a, b) })
    g["$bm_neg"] = .function("$bm_neg") { i, _, a throws(ExpressionError) in try Operators.negate(a[argument: 0], i) }
    g["$bm_isInstanceOfArray"] = .function("$bm_isInstanceOfArray") { _, _, a in
      if case .array = a[argument: 0] { return .boolean(true) }
      return .boolean(false)
    }
    g["isNumerable"] = .function("isNumerable") { _, _, a in .boolean(Operators.isNumeric(a[argument: 1])) }
    g["clamp"] = .function("clamp") { i, _, a throws(ExpressionError) in
      var lo = a[argument: 1]
      var hi = a[argument: 2]
      if case .number(let l) = lo, case .number(let h) = hi, l > h { swap(&lo, &hi) }
      return try elementwise(a[argument: 0], lo, hi, i) { v, l, h in Swift.min(Swift.max(v, l), h) }
    }
    g["length"] = .function("length") { _, _, a in
      let first = a[argument: 0]
      if case .number(let x) = first { return .number(abs(x - (a.count > 1 ? a[1].numberValue : 0))) }
      let p = first.numbers ?? []
      let q = a.count > 1 ? (a[1].numbers ?? []) : Array(repeating: 0, count: p.count)
      var total = 0.0
      for k in 0..<Swift.min(p.count, q.count) { total += (q[k] - p[k]) * (q[k] - p[k]) }
      return .number(total.squareRoot())
    }
    g["normalize"] = .function("normalize") { i, _, a throws(ExpressionError) in
      let v = a[argument: 0]
      let p = v.numbers ?? []
      let l = p.reduce(0) { $0 + $1 * $1 }.squareRoot()
      return try Operators.divide(v, .number(l), i)
    }
    g["dot"] = .function("dot") { _, _, a in
      let p = a[argument: 0].numbers ?? []
      let q = a[argument: 1].numbers ?? []
      return .number(zip(p, q).reduce(0) { $0 + $1.0 * $1.1 })
    }
    g["cross"] = .function("cross") { _, _, a in
      var p = a[argument: 0].numbers ?? []
      var q = a[argument: 1].numbers ?? []
      while p.count < 3 { p.append(0) }
      while q.count < 3 { q.append(0) }
      return .numbers([p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]])
    }
    g["lookAt"] = .function("lookAt") { _, _, a in
      var p = a[argument: 0].numbers ?? []
      var q = a[argument: 1].numbers ?? []
      while p.count < 3 { p.append(0) }
      while q.count < 3 { q.append(0) }
      let f = [q[0] - p[0], q[1] - p[1], q[2] - p[2]]
      let pitch = atan2(f[0], (f[1] * f[1] + f[2] * f[2]).squareRoot()) * 180 / .pi
      let yaw = -atan2(f[1], f[2]) * 180 / .pi
      return .numbers([yaw, pitch, 0])
    }
    g["degreesToRadians"] = .function("degreesToRadians") { _, _, a in .number(a[argument: 0].numberValue * .pi / 180) }
    g["radiansToDegrees"] = .function("radiansToDegrees") { _, _, a in .number(a[argument: 0].numberValue * 180 / .pi) }
    g["linear"] = .function("linear") { i, _, a throws(ExpressionError) in try linear(a, i) }
    g["ease"] = .function("ease") { i, _, a throws(ExpressionError) in try ease(a, i, easeInOut) }
    g["easeIn"] = .function("easeIn") { i, _, a throws(ExpressionError) in try ease(a, i, easeInCurve) }
    g["easeOut"] = .function("easeOut") { i, _, a throws(ExpressionError) in try ease(a, i, easeOutCurve) }
    g["rgbToHsl"] = .function("rgbToHsl") { _, _, a in .numbers(rgbToHsl(a[argument: 0].numbers ?? [])) }
    g["hslToRgb"] = .function("hslToRgb") { _, _, a in .numbers(hslToRgb(a[argument: 0].numbers ?? [])) }
    g["random"] = .function("random") { i, _, a throws(ExpressionError) in try random(a, i) { $0.next() } }
    g["gaussRandom"] = .function("gaussRandom") { i, _, a throws(ExpressionError) in
      try random(a, i) { r in (r.gaussian() / 6 + 0.5) }
    }
    g["noise"] = .function("noise") { _, _, a in
      let p = a[argument: 0].numbers ?? [0]
      var total = 0.0
      for (k, x) in p.enumerated() { total += noise1D(x + Double(k) * 31.7, seed: 0x5EED) }
      return .number(Swift.max(-1, Swift.min(1, total / Double(Swift.max(1, p.count)) * 1.4)))
    }
  }

  /// Applies `f` to numbers or to each element of arrays (the bounds broadcast when they are numbers).
  static func elementwise(
    _ v: JSValue, _ lo: JSValue, _ hi: JSValue, _ i: Interpreter, _ f: (Double, Double, Double) -> Double
  ) throws(ExpressionError) -> JSValue {
    guard case .array(let arr) = v else { return .number(f(v.numberValue, lo.numberValue, hi.numberValue)) }
    try i.allocateElements(arr.elements.count)
    let l = lo.numbers ?? []
    let h = hi.numbers ?? []
    var out: [JSValue] = []
    for (k, e) in arr.elements.enumerated() {
      let lk = l.count == 1 ? l[0] : k < l.count ? l[k] : -.infinity
      let hk = h.count == 1 ? h[0] : k < h.count ? h[k] : .infinity
      out.append(.number(f(e.numberValue, Swift.min(lk, hk), Swift.max(lk, hk))))
    }
    return .array(JSArray(out))
  }

  /// `value1 + (value2 - value1) * amount`, element-wise for arrays.
  static func mix(_ v1: JSValue, _ v2: JSValue, _ amount: Double, _ i: Interpreter) throws(ExpressionError) -> JSValue {
    if case .array(let a) = v1 {
      let b = v2.numbers ?? []
      try i.allocateElements(a.elements.count)
      var out: [JSValue] = []
      for (k, e) in a.elements.enumerated() {
        let x = e.numberValue
        let y = k < b.count ? b[k] : 0
        out.append(.number((y - x) * amount + x))
      }
      return .array(JSArray(out))
    }
    if case .array = v2 {
      let b = v2.numbers ?? []
      let x = v1.numberValue
      return .numbers(b.map { ($0 - x) * amount + x })
    }
    let x = v1.numberValue
    return .number((v2.numberValue - x) * amount + x)
  }

  /// `linear(t, tMin, tMax, value1, value2)` or `linear(t, value1, value2)` (t from 0 to 1).
  static func linear(_ a: [JSValue], _ i: Interpreter) throws(ExpressionError) -> JSValue {
    let t = a[argument: 0].numberValue
    var tMin = a[argument: 1]
    var tMax = a[argument: 2]
    var v1 = a[argument: 3]
    var v2 = a[argument: 4]
    if a.count < 5 {
      v1 = tMin
      v2 = tMax
      tMin = .number(0)
      tMax = .number(1)
    }
    var lo = tMin.numberValue
    var hi = tMax.numberValue
    if hi < lo { swap(&lo, &hi) }
    if t <= lo { return v1 }
    if t >= hi { return v2 }
    let amount = hi == lo ? 0 : (t - lo) / (hi - lo)
    return try mix(v1, v2, amount, i)
  }

  static func ease(_ a: [JSValue], _ i: Interpreter, _ curve: (Double) -> Double) throws(ExpressionError) -> JSValue {
    var t = a[argument: 0].numberValue
    var v1 = a[argument: 3]
    var v2 = a[argument: 4]
    if a.count < 5 {
      v1 = a[argument: 1]
      v2 = a[argument: 2]
    } else {
      let lo = a[1].numberValue
      let hi = a[2].numberValue
      t = (t - lo) / (hi - lo)
    }
    if t.isNaN { t = 0 }
    t = Swift.min(1, Swift.max(0, t))
    return try mix(v1, v2, curve(t), i)
  }

  /// lottie-web's curves for `ease` (.33, 0, .667, 1), `easeIn` (.333, 0, .833, .833), `easeOut`
  /// (.167, .167, .667, 1).
  static func easeInOut(_ x: Double) -> Double { cubicBezier(x, 0.33, 0, 0.667, 1) }
  static func easeInCurve(_ x: Double) -> Double { cubicBezier(x, 0.333, 0, 0.833, 0.833) }
  static func easeOutCurve(_ x: Double) -> Double { cubicBezier(x, 0.167, 0.167, 0.667, 1) }

  /// The y of a CSS-style cubic Bézier easing curve at x.
  static func cubicBezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    func bx(_ t: Double) -> Double { 3 * (1 - t) * (1 - t) * t * x1 + 3 * (1 - t) * t * t * x2 + t * t * t }
    func by(_ t: Double) -> Double { 3 * (1 - t) * (1 - t) * t * y1 + 3 * (1 - t) * t * t * y2 + t * t * t }
    var lo = 0.0
    var hi = 1.0
    var t = x
    for _ in 0..<60 {
      let v = bx(t)
      if abs(v - x) < 1e-12 { break }
      if v < x { lo = t } else { hi = t }
      t = (lo + hi) / 2
    }
    return by(t)
  }

  static func random(_ a: [JSValue], _ i: Interpreter, _ draw: (inout SeededRandom) -> Double) throws(ExpressionError)
    -> JSValue
  {
    func one() -> Double { draw(&i.random) }
    switch a.count {
    case 0: return .number(one())
    case 1:
      if case .array(let m) = a[0] {
        try i.allocateElements(m.elements.count)
        return .array(JSArray(m.elements.map { .number(one() * $0.numberValue) }))
      }
      return .number(one() * a[0].numberValue)
    default:
      let lo = a[0]
      let hi = a[1]
      if case .array(let l) = lo {
        let h = hi.numbers ?? []
        try i.allocateElements(l.elements.count)
        return .array(
          JSArray(
            l.elements.enumerated().map { k, e in
              let x = e.numberValue
              let y = k < h.count ? h[k] : 0
              return .number(x + one() * (y - x))
            }))
      }
      let x = lo.numberValue
      return .number(x + one() * (hi.numberValue - x))
    }
  }

  /// Smooth 1D gradient noise in about [-1, 1], the same for the same `x` and seed.
  public static func noise1D(_ x: Double, seed: UInt64) -> Double {
    func slope(_ lattice: Double) -> Double {
      var r = SeededRandom(seed: seed ^ UInt64(bitPattern: Int64(Int(clamping: lattice))) &* 0x9E37_79B9_7F4A_7C15)
      return r.next() * 2 - 1
    }
    let x0 = x.rounded(.down)
    let f = x - x0
    let g0 = slope(x0) * f
    let g1 = slope(x0 + 1) * (f - 1)
    let s = f * f * (3 - 2 * f)
    return (g0 + (g1 - g0) * s) * 2
  }

  static func rgbToHsl(_ c: [Double]) -> [Double] {
    let r = c.count > 0 ? c[0] : 0
    let g = c.count > 1 ? c[1] : 0
    let b = c.count > 2 ? c[2] : 0
    let maxC = Swift.max(r, g, b)
    let minC = Swift.min(r, g, b)
    var h = 0.0
    var s = 0.0
    let l = (maxC + minC) / 2
    if maxC != minC {
      let d = maxC - minC
      s = l > 0.5 ? d / (2 - maxC - minC) : d / (maxC + minC)
      switch maxC {
      case r: h = (g - b) / d + (g < b ? 6 : 0)
      case g: h = (b - r) / d + 2
      default: h = (r - g) / d + 4
      }
      h /= 6
    }
    return [h, s, l, c.count > 3 ? c[3] : 1]
  }

  static func hslToRgb(_ c: [Double]) -> [Double] {
    let h = c.count > 0 ? c[0] : 0
    let s = c.count > 1 ? c[1] : 0
    let l = c.count > 2 ? c[2] : 0
    let alpha = c.count > 3 ? c[3] : 1
    guard s != 0 else { return [l, l, l, alpha] }
    func hue(_ p: Double, _ q: Double, _ t0: Double) -> Double {
      var t = t0
      if t < 0 { t += 1 }
      if t > 1 { t -= 1 }
      if t < 1 / 6 { return p + (q - p) * 6 * t }
      if t < 1 / 2 { return q }
      if t < 2 / 3 { return p + (q - p) * (2 / 3 - t) * 6 }
      return p
    }
    let q = l < 0.5 ? l * (1 + s) : l + s - l * s
    let p = 2 * l - q
    return [hue(p, q, h + 1 / 3), hue(p, q, h), hue(p, q, h - 1 / 3), alpha]
  }
}
