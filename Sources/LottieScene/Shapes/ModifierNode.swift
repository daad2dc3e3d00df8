import Foundation
import Lottie

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
  // Stored state marked `@exclusivity(unchecked)`: see "Exclusivity" at `AnimationScene`.
  @exclusivity(unchecked) private(set) var kind: Kind
  let isAnimated: Bool
  let cachesEnabled: Bool
  /// Where it is in the JSON.
  let path: JSONPath

  /// A result: the contours made from an input, the stamp naming them, and for a twist the centre used.
  struct Output {
    var contours: [BezierPath]
    var stamp: UInt64
    var center: Vec2 = .zero
  }
  /// Results by input stamp, of this build and of the one before (older ones are dropped).
  @exclusivity(unchecked) private var current: [UInt64: Output] = [:]
  @exclusivity(unchecked) private var previous: [UInt64: Output] = [:]
  /// `trim` individually: the inputs' stamps, in order, and the outputs.
  @exclusivity(unchecked) var joint: (inputs: [UInt64], outputs: [Output])?
  @exclusivity(unchecked) private var build = -1

  init?(_ item: ShapeItem.Kind, context: BuildContext, path: JSONPath) {
    let scope = context.scope
    self.path = path
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

  /// What it is, for messages.
  var what: String {
    switch kind {
    case .trim: return "the trim paths"
    case .roundCorners: return "the round corners"
    case .puckerBloat: return "the pucker/bloat"
    case .zigZag: return "the zig-zag"
    case .offsetPath: return "the offset path"
    case .twist: return "the twist"
    }
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
      // New parameters: nothing made with the old ones applies (the tables keep their room: a modifier that
      // changed in this frame mostly changes in the next).
      ModifierNode.clear(&current)
      ModifierNode.clear(&previous)
      joint = nil
    }
    return changed
  }

  /// Starts build number `number` (results older than the last build are dropped).
  func begin(build number: Int) {
    guard number != build else { return }
    build = number
    swap(&previous, &current)
    ModifierNode.clear(&current)
    swap(&previousMeasures, &measures)
    ModifierNode.clear(&measures)
  }

  /// Empties a table, keeping its room. An empty one is left alone: emptying the shared empty table
  /// "keeping capacity" would allocate a table of its own.
  private static func clear<Value>(_ table: inout [UInt64: Value]) {
    if !table.isEmpty { table.removeAll(keepingCapacity: true) }
  }

  /// A trim's inputs measured (segments and arc-length tables), by input stamp, of this build and of the one
  /// before. They depend on the input only, not on the trim's parameters, which mostly are what animates.
  @exclusivity(unchecked) private var measures: [UInt64: [MeasuredPath]] = [:]
  @exclusivity(unchecked) private var previousMeasures: [UInt64: [MeasuredPath]] = [:]

  /// The contours of input `stamp` measured: as measured before for the same stamp, else now.
  func measured(_ stamp: UInt64, _ contours: [BezierPath]) -> [MeasuredPath] {
    guard cachesEnabled else { return contours.map(MeasuredPath.init) }
    if let hit = measures[stamp] { return hit }
    let made = previousMeasures.removeValue(forKey: stamp) ?? contours.map(MeasuredPath.init)
    measures[stamp] = made
    return made
  }

  /// The result for input `stamp` made since the last build, if any.
  func cached(_ stamp: UInt64) -> Output? {
    // Empty after new parameters (every frame of an animated trim): nothing to look up.
    guard cachesEnabled, !current.isEmpty || !previous.isEmpty else { return nil }
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
  // Stored state marked `@exclusivity(unchecked)`: see "Exclusivity" at `AnimationScene`.
  @exclusivity(unchecked) var copies: Track<Double>
  @exclusivity(unchecked) var offset: Track<Double>
  @exclusivity(unchecked) var anchor: Track<Vec2>
  @exclusivity(unchecked) var position: PositionTrack
  @exclusivity(unchecked) var scale: Track<Vec2>
  @exclusivity(unchecked) var rotation: Track<Double>
  @exclusivity(unchecked) var startOpacity: Track<Double>
  @exclusivity(unchecked) var endOpacity: Track<Double>
  let isAnimated: Bool
  /// Where it is in the JSON.
  let path: JSONPath

  init(_ r: Repeater, scope: ExpressionScope?, path: JSONPath) {
    self.path = path
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

  /// The copies it makes at the last update (lottie-web's count, held to 0...1000), and whether it leaves
  /// what it repeats as it is (one copy, no offset).
  var copyCount: Int { copies.value.clampedInt(0...1000) }
  var isIdentity: Bool { copyCount == 1 && offset.value == 0 }

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
