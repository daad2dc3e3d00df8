import Foundation
import Lottie

/// What a scene is built with: the worker's version clock, the expression scope of the composition being
/// built, and whether caches are used.
package struct BuildContext {
  package let clock: SceneClock
  package var scope: ExpressionScope?
  package let cachesEnabled: Bool

  package init(clock: SceneClock, scope: ExpressionScope?, cachesEnabled: Bool) {
    self.clock = clock
    self.scope = scope
    self.cachesEnabled = cachesEnabled
  }
}

/// Hands out version stamps: a node that changes takes a new one, so equal stamps mean equal content within
/// one scene (one worker).
package final class SceneClock {
  private var last: UInt64 = 1
  /// The stamp of empty geometry (every empty contour list is the same).
  package static let empty: UInt64 = 1

  package init() {}

  package func next() -> UInt64 {
    last += 1
    return last
  }
}

// MARK: - Groups

/// A shape group (`gr`, or a shape layer's top level): its transforms and its items in order.
final class ShapeGroupNode {
  let items: [ShapeNode]
  /// The group's `tr` items, in order (the last one places the group; every one's opacity applies).
  var transforms: [TransformTracks]
  let isAnimated: Bool

  init(_ items: [ShapeItem], transforms: [Transform], context: BuildContext) {
    self.items = items.compactMap { ShapeNode.make($0, context: context) }
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

  static func make(_ item: ShapeItem, context: BuildContext) -> ShapeNode? {
    let scope = context.scope
    switch item.kind {
    case .group(let children):
      let transforms = children.compactMap { child -> Transform? in
        if case .transform(let t) = child.kind { return t }
        return nil
      }
      return .group(ShapeGroupNode(children, transforms: transforms, context: context))
    case .rectangle(let p, let s, let r, let reversed):
      return .geometry(
        GeometryNode(.rectangle(Track(p, scope: scope), Track(s, scope: scope), Track(r, scope: scope), reversed), context))
    case .ellipse(let p, let s, let reversed):
      return .geometry(GeometryNode(.ellipse(Track(p, scope: scope), Track(s, scope: scope), reversed), context))
    case .path(let path, let reversed):
      return .geometry(GeometryNode(.path(Track(path, scope: scope), reversed), context))
    case .polystar(let star):
      return .geometry(GeometryNode(.polystar(StarTracks(star, scope: scope)), context))
    case .fill, .stroke, .gradientFill, .gradientStroke:
      return PaintNode(item.kind, scope: scope).map { .paint($0) }
    case .trim, .roundCorners, .puckerBloat, .zigZag, .offsetPath, .twist:
      return ModifierNode(item.kind, context: context).map { .modifier($0) }
    case .repeater(let r):
      return .repeater(RepeaterNode(r, scope: scope))
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
  private var kind: Kind
  let isAnimated: Bool
  private let clock: SceneClock
  private let cachesEnabled: Bool
  private var built: (path: BezierPath, stamp: UInt64)?

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

  /// The outline at the last update and the stamp naming it.
  var outline: (path: BezierPath, stamp: UInt64) {
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
    let result = (path, clock.next())
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

// MARK: - Paints

/// A fill, stroke, gradient fill or gradient stroke, its paint rebuilt when a property changed.
final class PaintNode {
  private enum Kind {
    case fill(Track<RGBA>, FillRule)
    case stroke(Track<RGBA>, StrokeTracks)
    case gradientFill(GradientTracks, FillRule)
    case gradientStroke(GradientTracks, StrokeTracks)
  }
  private var kind: Kind
  private var opacityTrack: Track<Double>
  let isAnimated: Bool
  /// The paint at the last update.
  private(set) var paint: PaintOperation.Paint
  /// Opacity 0...100 at the last update.
  var opacity: Double { opacityTrack.value }

  init?(_ item: ShapeItem.Kind, scope: ExpressionScope?) {
    switch item {
    case .fill(let c, let o, let rule):
      kind = .fill(Track(c, scope: scope), rule)
      opacityTrack = Track(o, scope: scope)
    case .stroke(let c, let o, let style):
      kind = .stroke(Track(c, scope: scope), StrokeTracks(style, scope: scope))
      opacityTrack = Track(o, scope: scope)
    case .gradientFill(let g, let o, let rule):
      kind = .gradientFill(GradientTracks(g, scope: scope), rule)
      opacityTrack = Track(o, scope: scope)
    case .gradientStroke(let g, let o, let style):
      kind = .gradientStroke(GradientTracks(g, scope: scope), StrokeTracks(style, scope: scope))
      opacityTrack = Track(o, scope: scope)
    default:
      return nil
    }
    switch kind {
    case .fill(let c, _): isAnimated = c.isAnimated || opacityTrack.isAnimated
    case .stroke(let c, let s): isAnimated = c.isAnimated || s.isAnimated || opacityTrack.isAnimated
    case .gradientFill(let g, _): isAnimated = g.isAnimated || opacityTrack.isAnimated
    case .gradientStroke(let g, let s): isAnimated = g.isAnimated || s.isAnimated || opacityTrack.isAnimated
    }
    paint = .fill(RGBA(0, 0, 0), .nonZero)
    paint = makePaint()
  }

  func update(at frame: Double) -> Bool {
    guard isAnimated else { return false }
    var changed = opacityTrack.update(at: frame)
    var repaint = false
    switch kind {
    case .fill(var c, let rule):
      repaint = c.update(at: frame)
      kind = .fill(c, rule)
    case .stroke(var c, var s):
      repaint = c.update(at: frame)
      repaint = s.update(at: frame) || repaint
      kind = .stroke(c, s)
    case .gradientFill(var g, let rule):
      repaint = g.update(at: frame)
      kind = .gradientFill(g, rule)
    case .gradientStroke(var g, var s):
      repaint = g.update(at: frame)
      repaint = s.update(at: frame) || repaint
      kind = .gradientStroke(g, s)
    }
    if repaint {
      paint = makePaint()
      changed = true
    }
    return changed
  }

  private func makePaint() -> PaintOperation.Paint {
    switch kind {
    case .fill(let c, let rule): return .fill(c.value, rule)
    case .stroke(let c, let s): return .stroke(c.value, s.parameters)
    case .gradientFill(let g, let rule): return .gradientFill(g.parameters, rule)
    case .gradientStroke(let g, let s): return .gradientStroke(g.parameters, s.parameters)
    }
  }
}

/// A stroke's width and dashes.
struct StrokeTracks {
  let cap: LineCap
  let join: LineJoin
  let miterLimit: Double
  var width: Track<Double>
  /// (`d`, `g` or `o`, length) in order.
  var dashes: [(kind: String, length: Track<Double>)]
  private(set) var parameters: StrokeParameters

  init(_ s: StrokeStyle, scope: ExpressionScope?) {
    cap = s.cap
    join = s.join
    miterLimit = s.miterLimit
    width = Track(s.width, scope: scope)
    dashes = s.dashes.map { ($0.kind, Track($0.length, scope: scope)) }
    parameters = StrokeParameters(width: 0, cap: s.cap, join: s.join, miterLimit: s.miterLimit, dashes: [], dashOffset: 0)
    parameters = makeParameters()
  }

  var isAnimated: Bool { width.isAnimated || dashes.contains { $0.length.isAnimated } }

  mutating func update(at frame: Double) -> Bool {
    var changed = width.update(at: frame)
    for i in dashes.indices where dashes[i].length.update(at: frame) { changed = true }
    if changed { parameters = makeParameters() }
    return changed
  }

  private func makeParameters() -> StrokeParameters {
    var pattern: [Double] = []
    var dashOffset = 0.0
    for d in dashes {
      let v = d.length.value
      if d.kind == "o" { dashOffset = v } else { pattern.append(max(0, v)) }
    }
    if pattern.count % 2 == 1 { pattern += pattern }
    if pattern.allSatisfy({ $0 == 0 }) { pattern = [] }
    StrokeTracks.lengthenEmptyDashes(&pattern)
    return StrokeParameters(
      width: width.value, cap: cap, join: join, miterLimit: miterLimit, dashes: pattern, dashOffset: dashOffset)
  }

  /// Cairo draws a zero-length dash (a dot with round or square caps) only when it starts the pattern; later
  /// ones vanish (`[4, 0, 5]` shows no dots, where canvas and ThorVG draw them). A dash of a hundred-thousandth
  /// of the pattern, taken from the gap after it, is drawn and looks the same.
  package static func lengthenEmptyDashes(_ dashes: inout [Double]) {
    let epsilon = dashes.reduce(0, +) * 1e-5
    guard epsilon > 0 else { return }
    for i in stride(from: 2, to: dashes.count - 1, by: 2) where dashes[i] == 0 && dashes[i + 1] >= 2 * epsilon {
      dashes[i] = epsilon
      dashes[i + 1] -= epsilon
    }
  }
}

/// A gradient's tracks, with its stops merged once per change.
struct GradientTracks {
  let isRadial: Bool
  let colorStopCount: Int
  var stops: Track<NumberList>
  var start: Track<Vec2>
  var end: Track<Vec2>
  var highlightLength: Track<Double>
  var highlightAngle: Track<Double>
  private(set) var parameters: GradientParameters

  init(_ g: Gradient, scope: ExpressionScope?) {
    isRadial = g.isRadial
    colorStopCount = g.colorStopCount
    stops = Track(g.stops, scope: scope)
    start = Track(g.start, scope: scope)
    end = Track(g.end, scope: scope)
    highlightLength = Track(g.highlightLength, scope: scope)
    highlightAngle = Track(g.highlightAngle, scope: scope)
    parameters = GradientParameters(
      isRadial: g.isRadial, start: .zero, end: .zero, highlightLength: 0, highlightAngle: 0, stops: [])
    parameters = makeParameters(restops: true)
  }

  var isAnimated: Bool {
    stops.isAnimated || start.isAnimated || end.isAnimated || highlightLength.isAnimated || highlightAngle.isAnimated
  }

  mutating func update(at frame: Double) -> Bool {
    let restops = stops.update(at: frame)
    var changed = start.update(at: frame) || restops
    changed = end.update(at: frame) || changed
    changed = highlightLength.update(at: frame) || changed
    changed = highlightAngle.update(at: frame) || changed
    if changed { parameters = makeParameters(restops: restops) }
    return changed
  }

  private func makeParameters(restops: Bool) -> GradientParameters {
    GradientParameters(
      isRadial: isRadial, start: start.value, end: end.value, highlightLength: highlightLength.value,
      highlightAngle: highlightAngle.value,
      stops: restops ? GradientParameters.stops(stops.value.values, colorCount: colorStopCount) : parameters.stops)
  }
}

// MARK: - Modifiers

/// Trim paths, round corners, pucker/bloat, zig-zag, offset path or twist. The outlines it made last frame are
/// kept by the stamp of their input, so an unchanged input under unchanged parameters is not modified again.
final class ModifierNode {
  enum Kind {
    case trim(Track<Double>, Track<Double>, Track<Double>, TrimMode)
    case roundCorners(Track<Double>)
    case puckerBloat(Track<Double>)
    case zigZag(ridges: Track<Double>, size: Track<Double>, pointType: Track<Double>)
    case offsetPath(Track<Double>, LineJoin, miterLimit: Track<Double>)
    case twist(angle: Track<Double>, center: Track<Vec2>)
  }
  private(set) var kind: Kind
  let isAnimated: Bool
  let cachesEnabled: Bool

  /// A result: the contours made from an input, the stamp naming them, and for a twist the centre used.
  struct Output {
    var contours: [BezierPath]
    var stamp: UInt64
    var center: Vec2 = .zero
  }
  /// Results by input stamp, of this build and of the one before (older ones are dropped).
  private var current: [UInt64: Output] = [:]
  private var previous: [UInt64: Output] = [:]
  /// `trim` individually: the inputs' stamps, in order, and the outputs.
  var joint: (inputs: [UInt64], outputs: [Output])?
  private var build = -1

  init?(_ item: ShapeItem.Kind, context: BuildContext) {
    let scope = context.scope
    switch item {
    case .trim(let s, let e, let o, let mode):
      kind = .trim(Track(s, scope: scope), Track(e, scope: scope), Track(o, scope: scope), mode)
    case .roundCorners(let r): kind = .roundCorners(Track(r, scope: scope))
    case .puckerBloat(let a): kind = .puckerBloat(Track(a, scope: scope))
    case .zigZag(let r, let s, let pt):
      kind = .zigZag(ridges: Track(r, scope: scope), size: Track(s, scope: scope), pointType: Track(pt, scope: scope))
    case .offsetPath(let a, let join, let ml):
      kind = .offsetPath(Track(a, scope: scope), join, miterLimit: Track(ml, scope: scope))
    case .twist(let a, let c): kind = .twist(angle: Track(a, scope: scope), center: Track(c, scope: scope))
    default: return nil
    }
    switch kind {
    case .trim(let s, let e, let o, _): isAnimated = s.isAnimated || e.isAnimated || o.isAnimated
    case .roundCorners(let r): isAnimated = r.isAnimated
    case .puckerBloat(let a): isAnimated = a.isAnimated
    case .zigZag(let r, let s, let pt): isAnimated = r.isAnimated || s.isAnimated || pt.isAnimated
    case .offsetPath(let a, _, let ml): isAnimated = a.isAnimated || ml.isAnimated
    case .twist(let a, let c): isAnimated = a.isAnimated || c.isAnimated
    }
    cachesEnabled = context.cachesEnabled
  }

  func update(at frame: Double) -> Bool {
    guard isAnimated else { return false }
    var changed = false
    switch kind {
    case .trim(var s, var e, var o, let mode):
      changed = s.update(at: frame)
      changed = e.update(at: frame) || changed
      changed = o.update(at: frame) || changed
      kind = .trim(s, e, o, mode)
    case .roundCorners(var r):
      changed = r.update(at: frame)
      kind = .roundCorners(r)
    case .puckerBloat(var a):
      changed = a.update(at: frame)
      kind = .puckerBloat(a)
    case .zigZag(var r, var s, var pt):
      changed = r.update(at: frame)
      changed = s.update(at: frame) || changed
      changed = pt.update(at: frame) || changed
      kind = .zigZag(ridges: r, size: s, pointType: pt)
    case .offsetPath(var a, let join, var ml):
      changed = a.update(at: frame)
      changed = ml.update(at: frame) || changed
      kind = .offsetPath(a, join, miterLimit: ml)
    case .twist(var a, var c):
      changed = a.update(at: frame)
      changed = c.update(at: frame) || changed
      kind = .twist(angle: a, center: c)
    }
    if changed {
      // New parameters: nothing made with the old ones applies.
      current = [:]
      previous = [:]
      joint = nil
    }
    return changed
  }

  /// Starts build number `number` (results older than the last build are dropped).
  func begin(build number: Int) {
    guard number != build else { return }
    build = number
    previous = current
    current = [:]
  }

  /// The result for input `stamp` made since the last build, if any.
  func cached(_ stamp: UInt64) -> Output? {
    guard cachesEnabled else { return nil }
    if let hit = current[stamp] { return hit }
    guard let hit = previous.removeValue(forKey: stamp) else { return nil }
    current[stamp] = hit
    return hit
  }

  func store(_ stamp: UInt64, _ output: Output) {
    guard cachesEnabled else { return }
    current[stamp] = output
  }
}

/// A repeater's tracks.
final class RepeaterNode {
  let copiesAbove: Bool
  var copies: Track<Double>
  var offset: Track<Double>
  var anchor: Track<Vec2>
  var position: PositionTrack
  var scale: Track<Vec2>
  var rotation: Track<Double>
  var startOpacity: Track<Double>
  var endOpacity: Track<Double>
  let isAnimated: Bool

  init(_ r: Repeater, scope: ExpressionScope?) {
    copiesAbove = r.copiesAbove
    copies = Track(r.copies, scope: scope)
    offset = Track(r.offset, scope: scope)
    anchor = Track(r.transform.anchor, scope: scope)
    position = PositionTrack(r.transform.position, scope: scope)
    scale = Track(r.transform.scale, scope: scope)
    rotation = Track(r.transform.rotation, scope: scope)
    startOpacity = Track(r.startOpacity, scope: scope)
    endOpacity = Track(r.endOpacity, scope: scope)
    isAnimated =
      copies.isAnimated || offset.isAnimated || anchor.isAnimated || position.isAnimated || scale.isAnimated
      || rotation.isAnimated || startOpacity.isAnimated || endOpacity.isAnimated
  }

  func update(at frame: Double) -> Bool {
    guard isAnimated else { return false }
    var changed = copies.update(at: frame)
    changed = offset.update(at: frame) || changed
    changed = anchor.update(at: frame) || changed
    changed = position.update(at: frame) || changed
    changed = scale.update(at: frame) || changed
    changed = rotation.update(at: frame) || changed
    changed = startOpacity.update(at: frame) || changed
    changed = endOpacity.update(at: frame) || changed
    return changed
  }
}
