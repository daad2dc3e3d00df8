import Foundation
import Lottie

/// A shape layer's content: its items as nodes, and the paint operations they produce, rebuilt only in a
/// frame where one of the nodes changed.
///
/// The operations follow After Effects' rules as lottie-web implements them: a paint covers every shape before
/// it in its group (nested groups included); a modifier (trim, round corners, pucker/bloat, zig-zag, offset
/// path, twist) changes every shape before it in its group, wherever the paints are; a repeater copies
/// everything before it. Merge paths other than mode 1 (which lottie-web ignores) replace the shapes before
/// them in their group by one merged slot, and drop the paints before them in the group, as After Effects does.
package final class ShapeContent {
  private let root: ShapeGroupNode
  private let clock: SceneClock
  private let cachesEnabled: Bool
  /// Whether any item can change.
  package var isAnimated: Bool { root.isAnimated }
  // Stored state marked `@exclusivity(unchecked)`: see "Exclusivity" at `AnimationScene`.
  /// The geometry and paints at the last update, top paint first.
  @exclusivity(unchecked) package private(set) var slots: [GeometrySlot] = []
  @exclusivity(unchecked) package private(set) var operations: [PaintOperation] = []
  /// Changes whenever `slots` or `operations` do.
  @exclusivity(unchecked) package private(set) var version: UInt64
  @exclusivity(unchecked) private var isBuilt = false
  @exclusivity(unchecked) private var builds = 0

  /// The shapes and vertices the last build made (what this layer adds to a frame's budget).
  @exclusivity(unchecked) private var builtCopies = 0
  @exclusivity(unchecked) private var builtVertices = 0
  @exclusivity(unchecked) private var builtDashes = 0.0
  private let budget: WorkBudget
  /// The layer's place in the JSON (its items are at `shapes` in it).
  private let layerPath: JSONPath

  /// The content of `items`, the shapes of the layer at `layer` in the JSON.
  package init(_ items: [ShapeItem], context: BuildContext, layer: JSONPath = .root) {
    root = ShapeGroupNode(items, transforms: [], context: context, path: layer.appending("shapes"))
    clock = context.clock
    cachesEnabled = context.cachesEnabled
    version = context.clock.next()
    budget = context.budget
    layerPath = layer
  }

  /// Ticks the items at `frame` and rebuilds the operations if anything changed; true when they did.
  /// The shapes and vertices go on the frame's budget: over a limit, nothing is built or drawn (and
  /// `budget.exceeded` says why).
  @discardableResult
  package func update(at frame: Double) -> Bool {
    let changed = root.update(at: frame)
    if changed || !isBuilt || !cachesEnabled {
      build()
      if changed || version == 0 { version = clock.next() }
    }
    if !budget.addCopies(builtCopies, at: layerPath) || !budget.addVertices(builtVertices, at: layerPath)
      || !budget.addDashes(builtDashes, at: layerPath)
    {
      drop()
    }
    return changed
  }

  private func build() {
    isBuilt = true
    // Repeaters multiply (nested ones by each other): count what they would make before making it.
    if root.hasRepeaters,
      let refusal = ShapeContent.copiesOver(
        root, room: budget.limits.copies - budget.frameCopies, limit: budget.limits.copies)
    {
      if let path = refusal.path {
        budget.fail(
          path,
          "the repeaters here make \(WorkBudget.countText(refusal.copies)) copies; the limit is \(budget.limits.copies) "
            + "(--limit copies=N)")
      } else {
        _ = budget.addCopies(refusal.copies.clampedInt(0...Int.max / 4), at: layerPath)
      }
      drop()
      return
    }
    var builder = ShapeBuilder(clock: clock, build: builds, budget: budget)
    // A build mostly makes as many slots and operations as the last one: room for them at once, not grown.
    builder.slots.reserveCapacity(slots.count)
    builder.operations.reserveCapacity(operations.count)
    builds += 1
    _ = builder.group(root, matrix: .identity, opacity: 1)
    slots = builder.slots
    operations = builder.operations
    builtCopies = slots.count
    builtVertices = slots.reduce(0) { total, slot in total + slot.contours.reduce(0) { $0 + $1.vertices.count } }
    builtDashes = ShapeContent.dashes(operations, slots)
  }

  /// Draws nothing (a limit was exceeded); the next update builds again.
  private func drop() {
    slots = []
    operations = []
    builtCopies = 0
    builtVertices = 0
    builtDashes = 0
    isBuilt = false
  }

  /// The dashes the dashed strokes of `operations` draw over `slots`: each contour's length in the paint's
  /// space (where the pattern is measured) over the pattern's length, rounded up, times the dashes in the
  /// pattern. The length is the control polygon's, which is never shorter than the curve.
  static func dashes(_ operations: [PaintOperation], _ slots: [GeometrySlot]) -> Double {
    var total = 0.0
    for op in operations {
      let stroke: StrokeParameters
      switch op.paint {
      case .stroke(_, let s), .gradientStroke(_, let s): stroke = s
      case .fill, .gradientFill: continue
      }
      guard stroke.width > 0, !stroke.dashes.isEmpty, let inverse = op.matrix.inverted() else { continue }
      let period = stroke.dashes.reduce(0, +)
      let perPeriod = Double((stroke.dashes.count + 1) / 2)
      for id in GeometrySlot.leaves(op.slots, in: slots) {
        let slot = slots[id]
        let toPaint = slot.matrix == op.matrix ? Affine.identity : slot.matrix.then(inverse)
        for contour in slot.contours {
          let length = ShapeContent.polygonLength(contour, toPaint)
          guard !length.isNaN else { continue }
          // A pattern of zero length (or one too short to count) stands for one dash per unit of length.
          total += (length / max(period, 1e-9)).rounded(.up) * perPeriod
        }
      }
    }
    return total
  }

  /// The length of `path`'s control polygon under `matrix`.
  static func polygonLength(_ path: BezierPath, _ matrix: Affine) -> Double {
    let n = path.vertices.count
    guard n > 0 else { return 0 }
    var length = 0.0
    var previous = matrix.apply(path.vertices[0])
    let segments = path.isClosed ? n : n - 1
    for i in 0..<segments {
      let j = (i + 1) % n
      let out = matrix.apply(path.vertices[i] + path.outTangents[i])
      let into = matrix.apply(path.vertices[j] + path.inTangents[j])
      let next = matrix.apply(path.vertices[j])
      length += (out - previous).length + (into - out).length + (next - into).length
      previous = next
    }
    return length
  }

  /// The shapes a build would make in `node` at the nodes' current values (as ``ShapeBuilder`` makes them:
  /// a repeater copies every shape before it in its group, merged ones with their operands), when more than
  /// `room` (what the frame has left): with the outermost repeater whose copies alone exceed `limit` and its
  /// copies, else the total and nil.
  static func copiesOver(_ node: ShapeGroupNode, room: Int, limit: Int) -> (copies: Double, path: JSONPath?)? {
    var worst: (copies: Double, path: JSONPath)? = nil
    var total = 0.0
    _ = count(node, total: &total, limit: Double(limit), worst: &worst)
    guard total > Double(max(0, room)) else { return nil }
    return worst.map { ($0.copies, $0.path) } ?? (total, nil)
  }

  /// The shapes and paint operations of `node` a build leaves for what follows it; `total` counts every copy
  /// made (a repeater's originals stay in the list, unused): of shapes, or of paints where a repeater copies
  /// more paints than shapes (a paint with nothing before it is copied all the same).
  private static func count(
    _ node: ShapeGroupNode, total: inout Double, limit: Double, worst: inout (copies: Double, path: JSONPath)?
  ) -> (shapes: Double, paints: Double) {
    var mine = 0.0, paints = 0.0
    for item in node.items {
      switch item {
      case .group(let child):
        let nested = count(child, total: &total, limit: limit, worst: &worst)
        mine += nested.shapes
        paints += nested.paints
      case .geometry, .merge:
        mine += 1
        total += 1
      case .paint: paints += 1
      case .repeater(let r):
        guard !r.isIdentity else { break }
        mine *= Double(r.copyCount)
        paints *= Double(r.copyCount)
        let made = max(mine, paints)
        total += made
        if made > limit { worst = (made, r.path) }
      case .modifier: break
      }
    }
    return (mine, paints)
  }
}

/// One walk over a shape layer's nodes, producing its slots and operations.
struct ShapeBuilder {
  let clock: SceneClock
  let build: Int
  let budget: WorkBudget
  var slots: [GeometrySlot] = []
  var operations: [PaintOperation] = []
  /// The groups being walked, outermost first, each by its number in walk order (`PaintOperation.groups`).
  var groupPath: [Int] = [], groupCount = 0
  /// The vertices the modifiers of this build may make, by their estimates.
  private var modifiedVertices = 0

  init(clock: SceneClock, build: Int, budget: WorkBudget) {
    self.clock = clock
    self.build = build
    self.budget = budget
  }

  /// Processes one group; returns the slots it created (nested ones included).
  mutating func group(_ node: ShapeGroupNode, matrix: Affine, opacity: Double) -> [Int] {
    groupCount += 1
    groupPath.append(groupCount)
    defer { groupPath.removeLast() }
    var mine: [Int] = []
    // What merge paths would combine: each shape alone, a nested group's shapes together (kept only in a
    // group with merge paths: a list per shape, every build, for nothing otherwise).
    let tracksOperands = node.hasMerge
    var operands: [[Int]] = []
    let firstOperation = operations.count
    for item in node.items {
      switch item {
      case .group(let child):
        var childMatrix = matrix
        var childOpacity = opacity
        for t in child.transforms {
          childMatrix = t.matrix.then(matrix)
          childOpacity *= t.opacity / 100
        }
        if childOpacity <= 0 { continue }
        let nested = group(child, matrix: childMatrix, opacity: childOpacity)
        mine += nested
        if tracksOperands && !nested.isEmpty { operands.append(nested) }
      case .geometry(let geometry):
        let outline = geometry.outline
        slots.append(GeometrySlot(contours: outline.contours, matrix: matrix, stamp: outline.stamp))
        mine.append(slots.count - 1)
        if tracksOperands { operands.append([slots.count - 1]) }
      case .paint(let paint):
        operations.append(
          PaintOperation(
            paint: paint.paint, opacity: opacity * paint.opacity / 100, matrix: matrix, slots: mine,
            blendMode: paint.blendMode, groups: groupPath))
      case .modifier(let modifier):
        modifier.begin(build: build)
        apply(modifier, to: mine, matrix: matrix)
      case .repeater(let repeater):
        mine = applyRepeater(repeater, slots: mine, operationsFrom: firstOperation, matrix: matrix)
        if tracksOperands { operands = mine.map { [$0] } }
      case .merge(let mode):
        guard !operands.isEmpty else { break }
        if mode == .merge {
          // lottie-web ignores it; the paths it joins count as one operand of a later merge.
          operands = [operands.flatMap { $0 }]
          break
        }
        // After Effects draws only the merged outline: the paints before the merge in this group go.
        operations.removeSubrange(firstOperation...)
        slots.append(GeometrySlot(contours: [], matrix: matrix, merge: MergedGeometry(mode: mode, operands: operands)))
        mine = [slots.count - 1]
        operands = [mine]
      }
    }
    return mine
  }

  // MARK: - Modifiers

  private mutating func apply(_ modifier: ModifierNode, to ids: [Int], matrix: Affine) {
    switch modifier.kind {
    case .trim(let s, let e, let o, let mode):
      // At most two more vertices per piece kept (two pieces when the range wraps round).
      guard fits(ids, modifier, { $0.vertices.count + 4 }) else { return }
      trim(ids, start: s.value, end: e.value, offset: o.value, mode: mode, modifier)
    case .roundCorners(let radius):
      let r = radius.value
      guard r > 0, fits(ids, modifier, { 2 * $0.vertices.count }) else { return }
      modify(ids, modifier) { RoundCorners.apply($0, radius: r) }
    case .puckerBloat(let amount):
      let a = amount.value
      guard a != 0, fits(ids, modifier, { $0.vertices.count }) else { return }
      modify(ids, modifier) { PuckerBloat.apply($0, amount: a) }
    case .zigZag(let ridges, let size, let pointType):
      let s = size.value
      // lottie-web rounds the ridge count half up.
      let r = (ridges.value + 0.5).clampedInt(0...1000)
      let type = pointType.value
      // Every segment gets `r` points, and every vertex stays.
      guard s != 0, fits(ids, modifier, { ShapeBuilder.segments($0) * r + $0.vertices.count }) else { return }
      modify(ids, modifier) { ZigZag.apply($0, size: s, ridges: r, pointType: type) }
    case .offsetPath(let amount, let join, let miterLimit):
      let a = amount.value
      let limit = miterLimit.value
      // Each segment splits into up to three pieces of two vertices, and each corner takes up to four join
      // vertices (a round join's arc in quarter turns); an open path is offset along both sides.
      guard a != 0, fits(ids, modifier, { 10 * ShapeBuilder.segments($0) * ($0.isClosed ? 1 : 2) + 4 }) else { return }
      modify(ids, modifier) { OffsetPath.apply($0, amount: a, join: join, miterLimit: limit) }
    case .twist(let angle, let center):
      let a = angle.value
      guard a != 0, fits(ids, modifier, { Twist.maxPiecesPerSegment * ShapeBuilder.segments($0) + 1 }) else { return }
      twist(ids, angle: a, center: center.value, matrix: matrix, modifier)
    }
  }

  /// The segments of a contour.
  static func segments(_ path: BezierPath) -> Int {
    path.isClosed ? path.vertices.count : max(0, path.vertices.count - 1)
  }

  /// Whether what `modifier` makes of the slots `ids`, at most `estimate(contour)` vertices from each contour,
  /// fits in the frame's vertices with what the modifiers before it made; checked before it runs. When not, the
  /// slots lose their outlines and the budget says why.
  private mutating func fits(_ ids: [Int], _ modifier: ModifierNode, _ estimate: (BezierPath) -> Int) -> Bool {
    let leaves = GeometrySlot.leaves(ids, in: slots)
    var made = 0.0
    for id in leaves { for contour in slots[id].contours { made += Double(estimate(contour)) } }
    let count = made.clampedInt(0...Int.max / 4)
    if let message = budget.vertexOverflow(modifiedVertices + count, what: "\(modifier.what) here") {
      budget.fail(modifier.path, message)
      for id in leaves {
        slots[id].contours = []
        slots[id].stamp = SceneClock.empty
      }
      return false
    }
    modifiedVertices += count
    return true
  }

  /// Replaces every contour of the slots `ids` by `change(contour)`, reusing the modifier's result for an input
  /// it changed before. Merged slots have no outline of their own: their operands change instead (an
  /// approximation of changing the merged outline).
  private mutating func modify(_ ids: [Int], _ modifier: ModifierNode, _ change: (BezierPath) -> BezierPath) {
    modify(slots: GeometrySlot.leaves(ids, in: slots), modifier) { _, contours in contours.map(change) }
  }

  /// Twists each slot about `center` (in the twist's group space, `matrix` to layer space).
  private mutating func twist(_ ids: [Int], angle: Double, center: Vec2, matrix: Affine, _ modifier: ModifierNode) {
    let centerInLayer = matrix.apply(center)
    for id in GeometrySlot.leaves(ids, in: slots) {
      guard let toSlot = slots[id].matrix.inverted() else { continue }
      let local = toSlot.apply(centerInLayer)
      let input = slots[id].stamp
      if let hit = modifier.cached(input), hit.center == local {
        slots[id].contours = hit.contours
        slots[id].stamp = hit.stamp
        continue
      }
      let output = ModifierNode.Output(
        contours: Twist.apply(slots[id].contours, angle: angle, center: local), stamp: clock.next(), center: local)
      modifier.store(input, output)
      slots[id].contours = output.contours
      slots[id].stamp = output.stamp
    }
  }

  private mutating func trim(
    _ ids: [Int], start: Double, end: Double, offset: Double, mode: TrimMode, _ modifier: ModifierNode
  ) {
    let ids = GeometrySlot.leaves(ids, in: slots)
    guard let ranges = Trim.ranges(start: start, end: end, offset: offset) else { return }
    if ranges.isEmpty {
      for id in ids {
        slots[id].contours = []
        slots[id].stamp = SceneClock.empty
      }
      return
    }
    switch mode {
    case .simultaneously:
      // Cut from the outline's kept measurement (its segments and length tables, by the input's stamp).
      modify(slots: ids, modifier) { input, contours in
        var cut: [BezierPath] = []
        for contour in modifier.measured(input, contours) {
          Trim.cut(CollectionOfOne(contour), ranges: ranges, into: &cut)
        }
        return cut
      }
    case .individually:
      // All shapes form one outline; each keeps the pieces that fall in its own stretch.
      let inputs = ids.map { slots[$0].stamp }
      if modifier.cachesEnabled, let joint = modifier.joint, joint.inputs == inputs {
        for (id, output) in zip(ids, joint.outputs) {
          slots[id].contours = output.contours
          slots[id].stamp = output.stamp
        }
        return
      }
      let measured = ids.map { modifier.measured(slots[$0].stamp, slots[$0].contours) }
      let total = measured.reduce(0.0) { sum, contours in contours.reduce(sum) { $0 + $1.length } }
      guard total > 0 else { return }
      var position = 0.0
      var outputs: [ModifierNode.Output] = []
      for contours in measured {
        var kept: [BezierPath] = []
        for contour in contours {
          let length = contour.length
          defer { position += length }
          guard length > 0 else { continue }
          var local: [(Double, Double)] = []
          for (a, b) in ranges {
            let s = max(a * total, position), e = min(b * total, position + length)
            if e > s { local.append(((s - position) / length, (e - position) / length)) }
          }
          if !local.isEmpty { Trim.cut(CollectionOfOne(contour), ranges: local, into: &kept) }
        }
        outputs.append(ModifierNode.Output(contours: kept, stamp: clock.next()))
      }
      for (id, output) in zip(ids, outputs) {
        slots[id].contours = output.contours
        slots[id].stamp = output.stamp
      }
      modifier.joint = (inputs, outputs)
    }
  }

  /// Gives each slot of `ids` the modifier's output for its contours: the one kept for the same input, else
  /// `transform(input, contours)` (the input's stamp keys what the modifier keeps about those contours), kept
  /// for next time.
  private mutating func modify(
    slots ids: [Int], _ modifier: ModifierNode, _ transform: (_ input: UInt64, [BezierPath]) -> [BezierPath]
  ) {
    for id in ids {
      let input = slots[id].stamp
      if let hit = modifier.cached(input) {
        slots[id].contours = hit.contours
        slots[id].stamp = hit.stamp
        continue
      }
      let output = ModifierNode.Output(contours: transform(input, slots[id].contours), stamp: clock.next())
      modifier.store(input, output)
      slots[id].contours = output.contours
      slots[id].stamp = output.stamp
    }
  }

  // MARK: - Repeater

  private mutating func applyRepeater(
    _ r: RepeaterNode, slots ids: [Int], operationsFrom first: Int, matrix: Affine
  ) -> [Int] {
    let copies = r.copies.value.clampedInt(0...1000)
    let offset = r.offset.value
    guard copies != 1 || offset != 0 else { return ids }
    let originals = Array(operations[first...])
    operations.removeSubrange(first...)
    let anchor = r.anchor.value
    let position = r.position.value
    let scale = r.scale.value
    let rotation = r.rotation.value
    let startOpacity = r.startOpacity.value / 100
    let endOpacity = r.endOpacity.value / 100
    let inverse = matrix.inverted() ?? .identity
    var newIDs: [Int] = []
    var copiesOperations: [[PaintOperation]] = []
    for i in 0..<copies {
      let k = Double(i) + offset
      // lottie-web's repeater step: scale and rotate about the anchor, then move by the position, k times.
      let step = Affine.translation(-anchor.x, -anchor.y)
        .then(.scale(pow(scale.x / 100, k), pow(scale.y / 100, k)))
        .then(.rotation(rotation * k * .pi / 180))
        .then(.translation(anchor.x + position.x * k, anchor.y + position.y * k))
      let toLayer = inverse.then(step).then(matrix)
      var remap: [Int: Int] = [:]
      for id in ids {
        let copy = duplicate(id, then: toLayer)
        remap[id] = copy
        newIDs.append(copy)
      }
      let t = copies > 1 ? Double(i) / Double(copies - 1) : 0
      let alpha = startOpacity + (endOpacity - startOpacity) * t
      copiesOperations.append(
        originals.map { op in
          var o = op
          o.matrix = op.matrix.then(toLayer)
          o.opacity *= alpha
          o.slots = op.slots.map { remap[$0] ?? $0 }
          return o
        })
    }
    // Operations are kept top first: with "above" composite the last copy is on top.
    let ordered = r.copiesAbove ? copiesOperations.reversed() : copiesOperations
    for ops in ordered { operations += ops }
    return newIDs
  }

  /// Appends a copy of slot `id` (with copies of a merged slot's operands) moved by `transform` in layer space.
  /// Every copy of geometry made in a frame goes through here (a work budget on copies belongs here).
  private mutating func duplicate(_ id: Int, then transform: Affine) -> Int {
    var copy = slots[id]
    copy.matrix = copy.matrix.then(transform)
    if let merge = copy.merge {
      copy.merge?.operands = merge.operands.map { $0.map { duplicate($0, then: transform) } }
    }
    slots.append(copy)
    return slots.count - 1
  }
}

/// Round corners (`rd`), as lottie-web's RoundCornersModifier: each sharp vertex becomes a curve.
package enum RoundCorners {
  package static func apply(_ path: BezierPath, radius: Double) -> BezierPath {
    let n = path.vertices.count
    guard n > 2 else { return path }
    var v: [Vec2] = [], ins: [Vec2] = [], outs: [Vec2] = []
    for i in 0..<n {
      let current = path.vertices[i]
      let isSharp = path.inTangents[i] == .zero && path.outTangents[i] == .zero
      let isEnd = !path.isClosed && (i == 0 || i == n - 1)
      if !isSharp || isEnd {
        v.append(current)
        ins.append(path.inTangents[i])
        outs.append(path.outTangents[i])
        continue
      }
      let previous = path.vertices[(i - 1 + n) % n]
      let next = path.vertices[(i + 1) % n]
      let toPrevious = previous - current, toNext = next - current
      let lp = toPrevious.length, ln = toNext.length
      let rp = lp > 0 ? min(lp / 2, radius) / lp : 0
      let rn = ln > 0 ? min(ln / 2, radius) / ln : 0
      let a = current + toPrevious * rp
      let b = current + toNext * rn
      // Handles at 1 - kappa of the way back to the corner, as lottie-web does.
      let k = 1 - ShapeGeometry.kappa
      v.append(a)
      ins.append(.zero)
      outs.append((current - a) * (1 - k))
      v.append(b)
      ins.append((current - b) * (1 - k))
      outs.append(.zero)
    }
    return BezierPath(isClosed: path.isClosed, vertices: v, inTangents: ins, outTangents: outs)
  }
}
