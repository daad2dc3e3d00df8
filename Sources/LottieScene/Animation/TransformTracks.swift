import Foundation
import Lottie

/// A layer's or a group's transform as tracks, with its matrix and opacity recomputed only when a track moved.
package struct TransformTracks {
  private var anchor: Track<Vec2>
  private var position: PositionTrack
  private var scale: Track<Vec2>
  private var rotation: Track<Double>
  private var skew: Track<Double>
  private var skewAxis: Track<Double>
  private var rotationX: Track<Double>?
  private var rotationY: Track<Double>?
  private var orientation: Track<NumberList>?
  private var opacityTrack: Track<Double>
  /// Turn along the direction of travel (layers' `ao`).
  private let autoOrient: Bool

  /// The matrix at the last update (anchor, scale, skew, rotation, position).
  package private(set) var matrix = Affine.identity
  /// Opacity 0...100 at the last update.
  package var opacity: Double { opacityTrack.value }
  /// Whether any track can change.
  package let isAnimated: Bool

  package init(_ t: Transform, autoOrient: Bool = false, scope: (any ExpressionEnvironment)?) {
    anchor = Track(t.anchor, scope: scope)
    position = PositionTrack(t.position, scope: scope)
    scale = Track(t.scale, scope: scope)
    rotation = Track(t.rotation, scope: scope)
    skew = Track(t.skew, scope: scope)
    skewAxis = Track(t.skewAxis, scope: scope)
    rotationX = t.rotationX.map { Track($0, scope: scope) }
    rotationY = t.rotationY.map { Track($0, scope: scope) }
    orientation = t.orientation.map { Track($0, scope: scope) }
    opacityTrack = Track(t.opacity, scope: scope)
    self.autoOrient = autoOrient
    isAnimated =
      anchor.isAnimated || position.isAnimated || scale.isAnimated || rotation.isAnimated || skew.isAnimated
      || skewAxis.isAnimated || (rotationX?.isAnimated ?? false) || (rotationY?.isAnimated ?? false)
      || (orientation?.isAnimated ?? false) || opacityTrack.isAnimated
    matrix = makeMatrix(at: 0)
  }

  /// The values at the last update.
  private var values: TransformValues {
    var v = TransformValues()
    v.anchor = anchor.value
    v.position = position.value
    v.scale = scale.value
    v.rotation = rotation.value
    v.skew = skew.value
    v.skewAxis = skewAxis.value
    if rotationX != nil || rotationY != nil || orientation != nil {
      v.rotationX = rotationX?.value ?? 0
      v.rotationY = rotationY?.value ?? 0
      v.orientation = orientation?.value.values
    }
    return v
  }

  /// Evaluates every track at `frame`; returns whether the matrix changed and whether the opacity did.
  package mutating func update(at frame: Double) -> (matrix: Bool, opacity: Bool) {
    guard isAnimated else { return (false, false) }
    var moved = anchor.update(at: frame)
    moved = position.update(at: frame) || moved
    moved = scale.update(at: frame) || moved
    moved = rotation.update(at: frame) || moved
    moved = skew.update(at: frame) || moved
    moved = skewAxis.update(at: frame) || moved
    if rotationX?.update(at: frame) == true { moved = true }
    if rotationY?.update(at: frame) == true { moved = true }
    if orientation?.update(at: frame) == true { moved = true }
    let faded = opacityTrack.update(at: frame)
    // Auto-orient depends on where the layer is heading, which changes with the frame even when the position
    // stands still for a moment: recompute it whenever the position is animated.
    if moved || (autoOrient && position.isAnimated) {
      let next = makeMatrix(at: frame)
      if next != matrix {
        matrix = next
        return (true, faded)
      }
    }
    return (false, faded)
  }

  private func makeMatrix(at frame: Double) -> Affine {
    var extra = 0.0
    if autoOrient {
      // Auto-orient: turn the layer along the direction of travel.
      let a = position.value(at: frame), b = position.value(at: frame + 0.05)
      let d = b - a
      if d.length > 1e-9 {
        extra = atan2(d.y, d.x) * 180 / .pi
      } else {
        let c = position.value(at: frame - 0.05)
        let e = a - c
        if e.length > 1e-9 { extra = atan2(e.y, e.x) * 180 / .pi }
      }
    }
    return Affine.make(values, extraRotation: extra)
  }
}

/// A position: one 2D track along its motion path, or two separate dimensions.
enum PositionTrack {
  case combined(Track<Vec2>)
  case split(Track<Double>, Track<Double>)

  init(_ position: Position, scope: (any ExpressionEnvironment)?) {
    switch position {
    case .combined(let p): self = .combined(Track(p, spatial: true, scope: scope))
    case .split(let x, let y): self = .split(Track(x, scope: scope), Track(y, scope: scope))
    }
  }

  var isAnimated: Bool {
    switch self {
    case .combined(let p): return p.isAnimated
    case .split(let x, let y): return x.isAnimated || y.isAnimated
    }
  }

  var value: Vec2 {
    switch self {
    case .combined(let p): return p.value
    case .split(let x, let y): return Vec2(x.value, y.value)
    }
  }

  func value(at frame: Double) -> Vec2 {
    switch self {
    case .combined(let p): return p.value(at: frame)
    case .split(let x, let y): return Vec2(x.value(at: frame), y.value(at: frame))
    }
  }

  mutating func update(at frame: Double) -> Bool {
    switch self {
    case .combined(var p):
      let changed = p.update(at: frame)
      self = .combined(p)
      return changed
    case .split(var x, var y):
      let movedX = x.update(at: frame)
      let changed = y.update(at: frame) || movedX
      self = .split(x, y)
      return changed
    }
  }
}
