/// The easing handle of one side of a keyframe segment: one control point per dimension.
public struct EasingHandle: Sendable, Hashable {
  /// Horizontal (time) coordinates, one per dimension (or one for all).
  public var x: [Double]
  /// Vertical (progress) coordinates, one per dimension (or one for all).
  public var y: [Double]
  /// Makes a handle.
  public init(x: [Double], y: [Double]) {
    self.x = x
    self.y = y
  }
  /// Linear easing handles.
  public static let linearOut = EasingHandle(x: [0], y: [0])
  /// Linear easing handles.
  public static let linearIn = EasingHandle(x: [1], y: [1])
}

/// One keyframe, normalised at parse time from both the modern form and the legacy `s`/`e` form.
/// The easing and spatial tangents describe the segment from this keyframe to the next.
public struct Keyframe<Value: Interpolatable>: Sendable {
  /// Composition-local frame of the keyframe.
  public var frame: Double
  /// The value at `frame`.
  public var value: Value
  /// Whether the value jumps (holds until the next keyframe).
  public var isHold: Bool
  /// Out handle of this keyframe (`o`).
  public var easeOut: EasingHandle
  /// In handle of the next keyframe (`i`).
  public var easeIn: EasingHandle
  /// Spatial out tangent (`to`), for position paths.
  public var spatialOut: Vec2?
  /// Spatial in tangent (`ti`) at the next keyframe, for position paths.
  public var spatialIn: Vec2?

  /// Makes a keyframe.
  public init(
    frame: Double, value: Value, isHold: Bool = false, easeOut: EasingHandle = .linearOut,
    easeIn: EasingHandle = .linearIn, spatialOut: Vec2? = nil, spatialIn: Vec2? = nil
  ) {
    self.frame = frame
    self.value = value
    self.isHold = isHold
    self.easeOut = easeOut
    self.easeIn = easeIn
    self.spatialOut = spatialOut
    self.spatialIn = spatialIn
  }
}

/// A property that is either fixed or animated by keyframes.
public enum Animatable<Value: Interpolatable>: Sendable {
  /// The same value at every frame.
  case fixed(Value)
  /// Keyframes sorted by frame (at least one).
  case keyframed([Keyframe<Value>])
  /// An evaluated expression over the property's own value (the expression and the property as data; a scene
  /// binds the references to other layers).
  case expression(ExpressionProperty<Value>)

  /// Whether the value never changes.
  public var isStatic: Bool {
    if case .fixed = self { return true }
    return false
  }

  /// The value at the first keyframe (or the fixed value).
  public var initialValue: Value {
    switch self {
    case .fixed(let v): return v
    case .keyframed(let keys): return keys[0].value
    case .expression(let e): return e.base.initialValue
    }
  }

  /// Every value the property holds: the fixed value, each keyframe's, or an expression property's first.
  public var allValues: [Value] {
    switch self {
    case .fixed(let v): return [v]
    case .keyframed(let keys): return keys.map(\.value)
    case .expression(let e): return [e.base.initialValue]
    }
  }

  /// The value at a (fractional) frame of the property's own timeline, without its expression: a scene's
  /// `ExpressionScope` evaluates those (`value(at:using:)`).
  public func value(at frame: Double) -> Value {
    value(at: frame, using: nil)
  }

  /// The value at `frame`, an expression reading other layers through `environment`.
  public func value(at frame: Double, using environment: (any ExpressionEnvironment)?) -> Value {
    switch self {
    case .fixed(let v): return v
    case .keyframed(let keys): return Animatable.evaluate(keys, at: frame)
    case .expression(let e): return environment?.evaluate(e, at: frame) ?? e.base.value(at: frame)
    }
  }

  /// Maps a value through `transform`, keeping the timing.
  public func map<T>(_ transform: @escaping @Sendable (Value) -> T) -> Animatable<T> {
    switch self {
    case .fixed(let v): return .fixed(transform(v))
    case .expression(let e):
      return .expression(e.map(transform))
    case .keyframed(let keys):
      return .keyframed(
        keys.map {
          Keyframe(
            frame: $0.frame, value: transform($0.value), isHold: $0.isHold, easeOut: $0.easeOut,
            easeIn: $0.easeIn, spatialOut: $0.spatialOut, spatialIn: $0.spatialIn)
        })
    }
  }

  /// The index of the last keyframe at or before `frame` (binary search); `frame` lies strictly inside the
  /// keyframes' span.
  @inlinable public static func segmentStart(_ keys: [Keyframe<Value>], at frame: Double) -> Int {
    var lo = 0
    var hi = keys.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if keys[mid].frame <= frame { lo = mid } else { hi = mid }
    }
    return lo
  }

  /// Finds the segment for `frame` and interpolates it.
  @inlinable static func evaluate(_ keys: [Keyframe<Value>], at frame: Double) -> Value {
    let first = keys[0]
    if keys.count == 1 || frame <= first.frame { return first.value }
    let last = keys[keys.count - 1]
    if frame >= last.frame { return last.value }
    let lo = segmentStart(keys, at: frame)
    return interpolate(keys[lo], keys[lo + 1], at: frame)
  }

  /// The value between keyframes `a` and `b` (consecutive) at `frame`, which lies in `a.frame ..< b.frame`.
  @inlinable public static func interpolate(_ a: Keyframe<Value>, _ b: Keyframe<Value>, at frame: Double) -> Value {
    if a.isHold || b.frame <= a.frame { return a.value }
    let linear = (frame - a.frame) / (b.frame - a.frame)
    let progress: (Int) -> Double = { dimension in
      Easing.progress(linear, out: a.easeOut, in: a.easeIn, dimension: dimension)
    }
    return Value.interpolate(a.value, b.value, progress: progress)
  }
}

extension Animatable where Value == Vec2 {
  /// The value at `frame`, following spatial Bézier tangents (`to`/`ti`) between keyframes when present,
  /// with the eased progress measured along the curve's arc length as After Effects does.
  public func spatialValue(at frame: Double) -> Vec2 {
    spatialValue(at: frame, using: nil)
  }

  /// `spatialValue(at:)`, an expression reading other layers through `environment`.
  public func spatialValue(at frame: Double, using environment: (any ExpressionEnvironment)?) -> Vec2 {
    if case .expression(let e) = self {
      return environment?.evaluate(e, at: frame) ?? e.base.spatialValue(at: frame)
    }
    guard case .keyframed(let keys) = self, keys.count > 1 else { return value(at: frame, using: environment) }
    if frame <= keys[0].frame || frame >= keys[keys.count - 1].frame { return value(at: frame) }
    let lo = Animatable.segmentStart(keys, at: frame)
    return Animatable.spatialInterpolate(keys[lo], keys[lo + 1], at: frame, along: nil)
  }

  /// The value between consecutive keyframes `a` and `b` at `frame` (in `a.frame ..< b.frame`) along their
  /// motion path: `path` when the caller keeps it (built once per segment), else built here.
  @inlinable public static func spatialInterpolate(
    _ a: Keyframe<Vec2>, _ b: Keyframe<Vec2>, at frame: Double, along path: SpatialCurve?
  ) -> Vec2 {
    guard let curve = path ?? SpatialCurve(a, b) else { return interpolate(a, b, at: frame) }
    let linear = (frame - a.frame) / (b.frame - a.frame)
    let p = Easing.progress(linear, out: a.easeOut, in: a.easeIn, dimension: 0)
    return curve.point(atFraction: p)
  }
}

/// A cubic Bézier motion path between two position keyframes, with its arc-length table (built once).
public struct SpatialCurve: Sendable {
  @usableFromInline let p0: Vec2, p1: Vec2, p2: Vec2, p3: Vec2
  /// Cumulative lengths at `samples` evenly spaced parameters.
  @usableFromInline let lengths: [Double]
  @usableFromInline static let samples = 48

  /// The motion path from `a` to `b`; nil when the segment has none (a hold, no length in time, or no
  /// spatial tangents), and the value then moves in a straight line.
  public init?(_ a: Keyframe<Vec2>, _ b: Keyframe<Vec2>) {
    guard !a.isHold, b.frame > a.frame, let to = a.spatialOut, let ti = a.spatialIn, to != .zero || ti != .zero
    else { return nil }
    self.init(from: a.value, out: a.value + to, in: b.value + ti, to: b.value)
  }

  init(from p0: Vec2, out p1: Vec2, in p2: Vec2, to p3: Vec2) {
    self.p0 = p0
    self.p1 = p1
    self.p2 = p2
    self.p3 = p3
    let samples = SpatialCurve.samples
    var lengths = [Double](repeating: 0, count: samples + 1)
    var previous = p0
    for i in 1...samples {
      let q = SpatialCurve.point(p0, p1, p2, p3, atParameter: Double(i) / Double(samples))
      lengths[i] = lengths[i - 1] + (q - previous).length
      previous = q
    }
    self.lengths = lengths
  }

  @inlinable static func point(_ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2, atParameter t: Double) -> Vec2 {
    let u = 1 - t
    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
    return Vec2(
      a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
  }

  @inlinable func point(atParameter t: Double) -> Vec2 { SpatialCurve.point(p0, p1, p2, p3, atParameter: t) }

  /// The point at a fraction of the curve's length (extrapolating linearly outside 0...1 for overshoot).
  @inlinable public func point(atFraction fraction: Double) -> Vec2 {
    let samples = SpatialCurve.samples
    let total = lengths[samples]
    guard total > 0 else { return p0 }
    if fraction <= 0 {
      let dir = point(atParameter: 1.0 / Double(samples)) - p0
      let len = dir.length
      return len > 0 ? p0 + dir * (fraction * total / len) : p0
    }
    if fraction >= 1 {
      let dir = p3 - point(atParameter: 1 - 1.0 / Double(samples))
      let len = dir.length
      return len > 0 ? p3 + dir * ((fraction - 1) * total / len) : p3
    }
    let target = fraction * total
    var i = 1
    while i < samples && lengths[i] < target { i += 1 }
    let segment = lengths[i] - lengths[i - 1]
    let local = segment > 0 ? (target - lengths[i - 1]) / segment : 0
    return point(atParameter: (Double(i - 1) + local) / Double(samples))
  }
}

/// Keyframe easing: the cubic Bézier from (0,0) through the out handle and the in handle to (1,1).
public enum Easing {
  /// Eased progress for linear progress `x` in 0...1, for one dimension.
  @inlinable public static func progress(_ x: Double, out: EasingHandle, in inHandle: EasingHandle, dimension: Int)
    -> Double
  {
    func pick(_ a: [Double], _ fallback: Double) -> Double {
      if a.isEmpty { return fallback }
      return dimension < a.count ? a[dimension] : a[a.count - 1]
    }
    let x1 = min(max(pick(out.x, 0), 0), 1)
    let y1 = pick(out.y, 0)
    let x2 = min(max(pick(inHandle.x, 1), 0), 1)
    let y2 = pick(inHandle.y, 1)
    if x1 == y1 && x2 == y2 { return x }  // a straight line
    return cubicBezierY(forX: x, x1: x1, y1: y1, x2: x2, y2: y2)
  }

  /// Solves the CSS-style timing curve for `x` (Newton's method with a bisection fallback).
  @inlinable static func cubicBezierY(forX x: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
    let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    var t = x
    for _ in 0..<8 {
      let error = sampleX(t) - x
      if abs(error) < 1e-7 { return sampleY(t) }
      let d = slopeX(t)
      if abs(d) < 1e-6 { break }
      t -= error / d
    }
    var lo = 0.0, hi = 1.0
    t = x
    for _ in 0..<60 {
      let v = sampleX(t)
      if abs(v - x) < 1e-7 { break }
      if v < x { lo = t } else { hi = t }
      t = (lo + hi) / 2
    }
    return sampleY(t)
  }
}

/// Values an expression can produce: converted to and from what expressions compute with.
public protocol ExpressionConvertible: Interpolatable {
  /// The value as an expression reads it.
  var expressionOutput: ExpressionOutput { get }
  /// The value from an expression's result; nil when it does not fit.
  init?(expressionOutput: ExpressionOutput)
  /// The value as expression numbers (a number, or an array's components).
  var expressionComponents: [Double] { get }
  /// The value from expression numbers; nil when they do not fit.
  init?(expressionComponents: [Double])
  /// The property's own value at a frame, as an expression's `value` sees it.
  static func ownValue(_ property: Animatable<Self>, at frame: Double) -> Self
}

extension ExpressionConvertible {
  public static func ownValue(_ property: Animatable<Self>, at frame: Double) -> Self { property.value(at: frame) }
  public var expressionOutput: ExpressionOutput { .numbers(expressionComponents) }
  public init?(expressionOutput: ExpressionOutput) {
    guard case .numbers(let n) = expressionOutput else { return nil }
    self.init(expressionComponents: n)
  }
}

extension BezierPath: ExpressionConvertible {
  public var expressionComponents: [Double] { [] }
  public init?(expressionComponents c: [Double]) { nil }
  public var expressionOutput: ExpressionOutput { .path(self) }
  public init?(expressionOutput: ExpressionOutput) {
    guard case .path(let p) = expressionOutput else { return nil }
    self = p
  }
}

extension Double: ExpressionConvertible {
  public var expressionComponents: [Double] { [self] }
  public init?(expressionComponents c: [Double]) {
    guard let first = c.first else { return nil }
    self = first
  }
}

extension Vec2: ExpressionConvertible {
  public var expressionComponents: [Double] { [x, y] }
  public init?(expressionComponents c: [Double]) {
    guard let x = c.first else { return nil }
    self.init(x, c.count > 1 ? c[1] : x)
  }
  public static func ownValue(_ property: Animatable<Vec2>, at frame: Double) -> Vec2 {
    property.spatialValue(at: frame)
  }
}

extension RGBA: ExpressionConvertible {
  public var expressionComponents: [Double] { [r, g, b, a] }
  public init?(expressionComponents c: [Double]) {
    guard c.count >= 3 else { return nil }
    func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
    // Colours are opaque, as players draw them (the alpha of a paint is its opacity).
    self.init(unit(c[0]), unit(c[1]), unit(c[2]))
  }
}

extension NumberList: ExpressionConvertible {
  public var expressionComponents: [Double] { values }
  public init?(expressionComponents c: [Double]) { self.init(c) }
}
