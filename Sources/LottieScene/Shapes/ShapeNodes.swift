import Foundation
import Lottie

// MARK: - Groups

/// A shape group (`gr`, or a shape layer's top level): its transforms and its items in order.
final class ShapeGroupNode {
  let items: [ShapeNode]
  // Stored state marked `@exclusivity(unchecked)`: see "Exclusivity" at `AnimationScene`.
  /// The group's `tr` items, in order (the last one places the group; every one's opacity applies).
  @exclusivity(unchecked) var transforms: [TransformTracks]
  let isAnimated: Bool
  /// Where its items are in the JSON (`...shapes` or `...it`), and each item's index there.
  let path: JSONPath
  let indices: [Int]
  /// Whether it or a group in it has a repeater.
  let hasRepeaters: Bool
  /// Whether it has merge paths of its own (only then does a build track what they would combine).
  let hasMerge: Bool

  init(_ items: [ShapeItem], transforms: [Transform], context: BuildContext, path: JSONPath) {
    var nodes: [ShapeNode] = []
    var indices: [Int] = []
    for (position, item) in items.enumerated() {
      let index = item.index ?? position
      guard let node = ShapeNode.make(item, context: context, path: path.appending(index)) else { continue }
      nodes.append(node)
      indices.append(index)
    }
    self.items = nodes
    self.path = path
    self.indices = indices
    hasRepeaters = nodes.contains {
      switch $0 {
      case .repeater: return true
      case .group(let g): return g.hasRepeaters
      default: return false
      }
    }
    hasMerge = nodes.contains {
      if case .merge = $0 { return true }
      return false
    }
    self.transforms = transforms.map { TransformTracks($0, scope: context.scope) }
    isAnimated = self.items.contains { $0.isAnimated } || self.transforms.contains { $0.isAnimated }
  }

  /// Ticks everything in the group at `frame`; true when anything changed.
  func update(at frame: Double) -> Bool {
    guard isAnimated else { return false }
    var changed = false
    for i in transforms.indices {
      let moved = transforms[i].update(at: frame)
      if moved.matrix || moved.opacity { changed = true }
    }
    for item in items where item.update(at: frame) { changed = true }
    return changed
  }
}

/// One item of a group.
enum ShapeNode {
  case group(ShapeGroupNode)
  case geometry(GeometryNode)
  case paint(PaintNode)
  case modifier(ModifierNode)
  case repeater(RepeaterNode)
  case merge(MergeMode)

  /// The node for `item`, found at `path` in the JSON.
  static func make(_ item: ShapeItem, context: BuildContext, path: JSONPath) -> ShapeNode? {
    let scope = context.scope
    switch item.kind {
    case .group(let children):
      let transforms = children.compactMap { child -> Transform? in
        if case .transform(let t) = child.kind { return t }
        return nil
      }
      return .group(ShapeGroupNode(children, transforms: transforms, context: context, path: path.appending("it")))
    case .rectangle(let p, let s, let r, let reversed):
      return .geometry(
        GeometryNode(
          .rectangle(Track(p, scope: scope), Track(s, scope: scope), Track(r, scope: scope), reversed), context))
    case .ellipse(let p, let s, let reversed):
      return .geometry(GeometryNode(.ellipse(Track(p, scope: scope), Track(s, scope: scope), reversed), context))
    case .path(let path, let reversed):
      return .geometry(GeometryNode(.path(Track(path, scope: scope), reversed), context))
    case .polystar(let star):
      return .geometry(GeometryNode(.polystar(StarTracks(star, scope: scope)), context))
    case .fill, .stroke, .gradientFill, .gradientStroke:
      return PaintNode(item, scope: scope).map { .paint($0) }
    case .trim, .roundCorners, .puckerBloat, .zigZag, .offsetPath, .twist:
      return ModifierNode(item.kind, context: context, path: path).map { .modifier($0) }
    case .repeater(let r):
      return .repeater(RepeaterNode(r, scope: scope, path: path))
    case .merge(let mode):
      return .merge(mode)
    case .transform, .unsupported:
      return nil
    }
  }

  var isAnimated: Bool {
    switch self {
    case .group(let g): return g.isAnimated
    case .geometry(let g): return g.isAnimated
    case .paint(let p): return p.isAnimated
    case .modifier(let m): return m.isAnimated
    case .repeater(let r): return r.isAnimated
    case .merge: return false
    }
  }

  func update(at frame: Double) -> Bool {
    switch self {
    case .group(let g): return g.update(at: frame)
    case .geometry(let g): return g.update(at: frame)
    case .paint(let p): return p.update(at: frame)
    case .modifier(let m): return m.update(at: frame)
    case .repeater(let r): return r.update(at: frame)
    case .merge: return false
    }
  }
}

// MARK: - Geometry

/// A rectangle, ellipse, star or path, with its outline built once per change of its properties.
final class GeometryNode {
  enum Kind {
    case rectangle(Track<Vec2>, Track<Vec2>, Track<Double>, Bool)
    case ellipse(Track<Vec2>, Track<Vec2>, Bool)
    case path(Track<BezierPath>, Bool)
    case polystar(StarTracks)
  }
  // Stored state marked `@exclusivity(unchecked)`: see "Exclusivity" at `AnimationScene`.
  @exclusivity(unchecked) private var kind: Kind
  let isAnimated: Bool
  private let clock: SceneClock
  private let cachesEnabled: Bool
  /// The outline as a slot's contours (made once per change, not once per build) and its stamp.
  @exclusivity(unchecked) private var built: (contours: [BezierPath], stamp: UInt64)?

  init(_ kind: Kind, _ context: BuildContext) {
    self.kind = kind
    clock = context.clock
    cachesEnabled = context.cachesEnabled
    switch kind {
    case .rectangle(let p, let s, let r, _): isAnimated = p.isAnimated || s.isAnimated || r.isAnimated
    case .ellipse(let p, let s, _): isAnimated = p.isAnimated || s.isAnimated
    case .path(let p, _): isAnimated = p.isAnimated
    case .polystar(let star): isAnimated = star.isAnimated
    }
  }

  func update(at frame: Double) -> Bool {
    guard isAnimated else { return false }
    var changed = false
    switch kind {
    case .rectangle(var p, var s, var r, let reversed):
      changed = p.update(at: frame)
      changed = s.update(at: frame) || changed
      changed = r.update(at: frame) || changed
      kind = .rectangle(p, s, r, reversed)
    case .ellipse(var p, var s, let reversed):
      changed = p.update(at: frame)
      changed = s.update(at: frame) || changed
      kind = .ellipse(p, s, reversed)
    case .path(var p, let reversed):
      changed = p.update(at: frame)
      kind = .path(p, reversed)
    case .polystar(var star):
      changed = star.update(at: frame)
      kind = .polystar(star)
    }
    if changed { built = nil }
    return changed
  }

  /// The outline at the last update, as one contour, and the stamp naming it.
  var outline: (contours: [BezierPath], stamp: UInt64) {
    if let built, cachesEnabled { return built }
    let path: BezierPath
    switch kind {
    case .rectangle(let p, let s, let r, let reversed):
      path = ShapeGeometry.rectangle(center: p.value, size: s.value, roundness: r.value, reversed: reversed)
    case .ellipse(let p, let s, let reversed):
      path = ShapeGeometry.ellipse(center: p.value, size: s.value, reversed: reversed)
    case .path(let p, let reversed):
      path = reversed ? ShapeGeometry.reverse(p.value) : p.value
    case .polystar(let star):
      path = ShapeGeometry.polystar(star.values)
    }
    let result = ([path], clock.next())
    built = result
    return result
  }
}

/// A star's or polygon's tracks.
struct StarTracks {
  let isStar: Bool
  let reversed: Bool
  var position: Track<Vec2>
  var points: Track<Double>
  var rotation: Track<Double>
  var outerRadius: Track<Double>
  var innerRadius: Track<Double>
  var outerRoundness: Track<Double>
  var innerRoundness: Track<Double>

  init(_ s: Polystar, scope: ExpressionScope?) {
    isStar = s.isStar
    reversed = s.reversed
    position = Track(s.position, scope: scope)
    points = Track(s.points, scope: scope)
    rotation = Track(s.rotation, scope: scope)
    outerRadius = Track(s.outerRadius, scope: scope)
    innerRadius = Track(s.innerRadius, scope: scope)
    outerRoundness = Track(s.outerRoundness, scope: scope)
    innerRoundness = Track(s.innerRoundness, scope: scope)
  }

  var isAnimated: Bool {
    position.isAnimated || points.isAnimated || rotation.isAnimated || outerRadius.isAnimated
      || innerRadius.isAnimated || outerRoundness.isAnimated || innerRoundness.isAnimated
  }

  mutating func update(at frame: Double) -> Bool {
    var changed = position.update(at: frame)
    changed = points.update(at: frame) || changed
    changed = rotation.update(at: frame) || changed
    changed = outerRadius.update(at: frame) || changed
    changed = innerRadius.update(at: frame) || changed
    changed = outerRoundness.update(at: frame) || changed
    changed = innerRoundness.update(at: frame) || changed
    return changed
  }

  var values: ShapeGeometry.StarValues {
    ShapeGeometry.StarValues(
      isStar: isStar, reversed: reversed, position: position.value, points: points.value, rotation: rotation.value,
      outerRadius: outerRadius.value, innerRadius: innerRadius.value, outerRoundness: outerRoundness.value,
      innerRoundness: innerRoundness.value)
  }
}
