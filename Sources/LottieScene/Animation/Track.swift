import Lottie

/// One property of a scene node: a constant, evaluated once when the scene is built, or an animator that is
/// ticked at each frame and says whether the value changed.
///
/// The values are those of the model's `Animatable.value(at:)` (the same arithmetic, in the same order), so a
/// scene draws exactly what evaluating the model would; the animator only remembers the keyframe segment it
/// was last in and keeps each segment's motion path, built once.
package struct Track<Value: Interpolatable & Equatable> {
  /// The value at the frame of the last `update` (the constant, for a static property).
  package private(set) var value: Value
  private let animator: Animator<Value>?

  /// Whether the value can change from frame to frame.
  package var isAnimated: Bool { animator != nil }

  /// A track for `property`; `spatial` follows position keyframes' motion paths (`to`/`ti`), as
  /// `Animatable.spatialValue(at:)`. Expressions read other layers through `scope`.
  package init(_ property: Animatable<Value>, spatial: Bool = false, scope: (any ExpressionEnvironment)? = nil) {
    switch property {
    case .fixed(let v):
      value = v
      animator = nil
    case .keyframed(let keys) where keys.count == 1:
      // One keyframe holds its value at every frame.
      value = keys[0].value
      animator = nil
    case .keyframed(let keys):
      value = keys[0].value
      if spatial, let positions = keys as? [Keyframe<Vec2>], let path = SpatialAnimator(positions) as? Animator<Value> {
        animator = path
      } else {
        animator = Track.keyframeAnimator(keys)
      }
    case .expression(let e):
      value = e.base.initialValue
      animator = ExpressionAnimator(e, scope: scope)
    }
  }

  /// The animator of keyframes: a concrete one for the common value types. A generic class's method is its
  /// unspecialized body (a `@_specialize`d one looks up the metadata of `Keyframe<Value>` at every call before
  /// it can branch to the specialization, more than the interpolation itself costs); a concrete subclass's is
  /// the specialized code, with `Animatable.interpolate` inlined.
  private static func keyframeAnimator(_ keys: [Keyframe<Value>]) -> Animator<Value> {
    if let k = keys as? [Keyframe<Double>], let a = DoubleKeyframeAnimator(k) as? Animator<Value> { return a }
    if let k = keys as? [Keyframe<Vec2>], let a = Vec2KeyframeAnimator(k) as? Animator<Value> { return a }
    if let k = keys as? [Keyframe<RGBA>], let a = RGBAKeyframeAnimator(k) as? Animator<Value> { return a }
    if let k = keys as? [Keyframe<BezierPath>], let a = PathKeyframeAnimator(k) as? Animator<Value> { return a }
    return KeyframeAnimator(keys)
  }

  /// A constant track.
  package init(constant: Value) {
    value = constant
    animator = nil
  }

  /// Evaluates the property at `frame`; true when the value differs from the previous one.
  @discardableResult
  package mutating func update(at frame: Double) -> Bool {
    guard let animator else { return false }
    let next = animator.value(at: frame)
    if next == value { return false }
    value = next
    return true
  }

  /// The value at another frame, leaving `value` as it is (auto-orient looks a little ahead).
  package func value(at frame: Double) -> Value {
    animator?.value(at: frame) ?? value
  }
}

/// Computes a property's value at any frame.
class Animator<Value: Interpolatable> {
  func value(at frame: Double) -> Value { fatalError("Animator.value(at:) is abstract") }
}

/// Keyframes, searched from the segment used last (frames mostly go forward by one).
///
/// The keyframes' frames are kept apart: this runs for every animated property of every layer drawn, every
/// frame, and reaching a frame through a generic `Keyframe` copied each keyframe looked at (its easing
/// handles and all), half the time of a light frame's `seek`. The common value types are specialized.
final class KeyframeAnimator<Value: Interpolatable>: Animator<Value> {
  let keys: [Keyframe<Value>]
  /// `keys[i].frame`.
  let frames: [Double]
  private var segment = 0

  init(_ keys: [Keyframe<Value>]) {
    self.keys = keys
    frames = keys.map(\.frame)
  }

  /// The index `i` with `keys[i].frame <= frame < keys[i + 1].frame` (unique: keyframes are sorted), for a
  /// frame strictly inside the keyframes' span.
  @inline(__always) func segment(at frame: Double) -> Int {
    let s = segment
    if frames[s] <= frame && frame < frames[s + 1] { return s }
    if s + 2 < frames.count && frames[s + 1] <= frame && frame < frames[s + 2] {
      segment = s + 1
      return s + 1
    }
    // A jump (rare: frames mostly go forward by one).
    segment = Animatable<Value>.segmentStart(keys, at: frame)
    return segment
  }

  override func value(at frame: Double) -> Value {
    // As `Animatable.evaluate`.
    if frame <= frames[0] { return keys[0].value }
    if frame >= frames[frames.count - 1] { return keys[keys.count - 1].value }
    let lo = segment(at: frame)
    return Animatable.interpolate(keys[lo], keys[lo + 1], at: frame)
  }
}

/// `KeyframeAnimator` for one value type: its (final) animator's method called directly is specialized.
final class DoubleKeyframeAnimator: Animator<Double> {
  let keyframes: KeyframeAnimator<Double>
  init(_ keys: [Keyframe<Double>]) { keyframes = KeyframeAnimator(keys) }
  override func value(at frame: Double) -> Double { keyframes.value(at: frame) }
}

/// `KeyframeAnimator` for one value type: its (final) animator's method called directly is specialized.
final class Vec2KeyframeAnimator: Animator<Vec2> {
  let keyframes: KeyframeAnimator<Vec2>
  init(_ keys: [Keyframe<Vec2>]) { keyframes = KeyframeAnimator(keys) }
  override func value(at frame: Double) -> Vec2 { keyframes.value(at: frame) }
}

/// `KeyframeAnimator` for one value type: its (final) animator's method called directly is specialized.
final class RGBAKeyframeAnimator: Animator<RGBA> {
  let keyframes: KeyframeAnimator<RGBA>
  init(_ keys: [Keyframe<RGBA>]) { keyframes = KeyframeAnimator(keys) }
  override func value(at frame: Double) -> RGBA { keyframes.value(at: frame) }
}

/// `KeyframeAnimator` for one value type: its (final) animator's method called directly is specialized.
final class PathKeyframeAnimator: Animator<BezierPath> {
  let keyframes: KeyframeAnimator<BezierPath>
  init(_ keys: [Keyframe<BezierPath>]) { keyframes = KeyframeAnimator(keys) }
  override func value(at frame: Double) -> BezierPath { keyframes.value(at: frame) }
}

/// Position keyframes along their motion paths, each segment's arc-length table built once.
final class SpatialAnimator: Animator<Vec2> {
  let keyframes: KeyframeAnimator<Vec2>
  let curves: [SpatialCurve?]

  init(_ keys: [Keyframe<Vec2>]) {
    keyframes = KeyframeAnimator(keys)
    curves = keys.indices.map { i in i + 1 < keys.count ? SpatialCurve(keys[i], keys[i + 1]) : nil }
  }

  override func value(at frame: Double) -> Vec2 {
    // As `Animatable.spatialValue(at:)`.
    let keys = keyframes.keys, frames = keyframes.frames
    if frame <= frames[0] { return keys[0].value }
    if frame >= frames[frames.count - 1] { return keys[keys.count - 1].value }
    let lo = keyframes.segment(at: frame)
    guard curves[lo] != nil else { return Animatable.interpolate(keys[lo], keys[lo + 1], at: frame) }
    // As `Animatable.spatialInterpolate(_:_:at:along:)`, reading the keyframes where they are: passing them
    // copied both (retaining their easing arrays) and released them again, most of this method's time.
    let linear = (frame - frames[lo]) / (frames[lo + 1] - frames[lo])
    let p = Easing.progress(linear, out: keys[lo].easeOut, in: keys[lo].easeIn, dimension: 0)
    return curves[lo]!.point(atFraction: p)
  }
}

/// An expression, bound to this worker's scope of the composition it is in.
final class ExpressionAnimator<Value: Interpolatable>: Animator<Value> {
  let expression: ExpressionProperty<Value>
  let scope: (any ExpressionEnvironment)?

  init(_ expression: ExpressionProperty<Value>, scope: (any ExpressionEnvironment)?) {
    self.expression = expression
    self.scope = scope
  }

  override func value(at frame: Double) -> Value {
    if let v = scope?.evaluate(expression, at: frame) { return v }
    if let v = expression.convert(expression.own(frame), frame) { return v }
    return expression.base.value(at: frame)
  }
}
