import Foundation
import Lottie

/// How one paint item covers the geometry before it: the outcome of walking a shape layer's items at a frame.
struct PaintOperation {
  enum Paint {
    case fill(RGBA, FillRule)
    case stroke(RGBA, StrokeParameters)
    case gradientFill(GradientParameters, FillRule)
    case gradientStroke(GradientParameters, StrokeParameters)
  }
  var paint: Paint
  /// Opacity 0...1 including the enclosing groups' opacity.
  var opacity: Double
  /// From the paint's group to layer space (strokes are as wide as the group's space says).
  var matrix: Affine
  /// The geometry slots the paint covers.
  var slots: [Int]
}

struct StrokeParameters {
  var width: Double
  var cap: LineCap
  var join: LineJoin
  var miterLimit: Double
  var dashes: [Double]
  var dashOffset: Double
}

struct GradientParameters {
  var isRadial: Bool
  var start: Vec2
  var end: Vec2
  var highlightLength: Double
  var highlightAngle: Double
  /// (offset, colour with straight alpha) pairs in order.
  var stops: [(Double, RGBA)]
}

/// A piece of geometry created by one shape item, later changed by the modifiers after it.
struct GeometrySlot {
  var contours: [BezierPath]
  /// From the shape's group to layer space.
  var matrix: Affine
  /// Set for the result of merge paths (add, subtract, intersect, exclude intersections); `contours` is then
  /// empty and the geometry is the operands' coverage combined in order.
  var merge: MergedGeometry? = nil

  /// The slots holding contours that `ids` stand for: merged slots give their operands' leaves.
  static func leaves(_ ids: [Int], in slots: [GeometrySlot]) -> [Int] {
    ids.flatMap { id in
      guard let merge = slots[id].merge else { return [id] }
      return leaves(merge.operands.flatMap { $0 }, in: slots)
    }
  }
}

/// The operands of a merge paths item. Cairo has no path booleans: the painter combines the operands'
/// coverage with compositing operators instead of computing the merged outline.
struct MergedGeometry {
  /// Add, subtract, intersect or exclude intersections (never `.merge`).
  var mode: MergeMode
  /// In item order; each operand is a list of slots drawn together as one compound path (the shapes of a
  /// nested group, or the paths an earlier merge (mode 1) joined).
  var operands: [[Int]]
}

/// Walks a shape layer's items at one frame and produces the paint operations, top first, following
/// After Effects' rules as lottie-web implements them: a paint covers every shape before it in its group
/// (nested groups included); a modifier (trim, round corners, pucker/bloat, zig-zag, offset path, twist) changes
/// every shape before it in its group, wherever the paints are; a repeater copies everything before it.
/// Merge paths other than mode 1 (which lottie-web ignores) replace the shapes before them in their group by
/// one merged slot, and drop the paints before them in the group, as After Effects does.
struct ShapeLayerBuilder {
  let frame: Double
  var slots: [GeometrySlot] = []
  var operations: [PaintOperation] = []

  init(frame: Double) { self.frame = frame }

  mutating func build(_ items: [ShapeItem]) {
    _ = group(items, matrix: .identity, opacity: 1)
  }

  /// Processes one group; returns the slots it created (nested ones included).
  private mutating func group(_ items: [ShapeItem], matrix: Affine, opacity: Double) -> [Int] {
    var mine: [Int] = []
    // What merge paths would combine: each shape alone, a nested group's shapes together.
    var operands: [[Int]] = []
    let firstOperation = operations.count
    for item in items {
      switch item.kind {
      case .group(let children):
        var childMatrix = matrix
        var childOpacity = opacity
        for case .transform(let t) in children.lazy.map(\.kind) {
          childMatrix = Affine.make(t, at: frame).then(matrix)
          childOpacity *= t.opacity.value(at: frame) / 100
        }
        if childOpacity <= 0 { continue }
        let nested = group(children, matrix: childMatrix, opacity: childOpacity)
        mine += nested
        if !nested.isEmpty { operands.append(nested) }
      case .rectangle(let p, let s, let r, let reversed):
        mine.append(add(ShapeGeometry.rectangle(center: p.value(at: frame), size: s.value(at: frame), roundness: r.value(at: frame), reversed: reversed), matrix))
        operands.append([mine[mine.count - 1]])
      case .ellipse(let p, let s, let reversed):
        mine.append(add(ShapeGeometry.ellipse(center: p.value(at: frame), size: s.value(at: frame), reversed: reversed), matrix))
        operands.append([mine[mine.count - 1]])
      case .path(let path, let reversed):
        let value = path.value(at: frame)
        mine.append(add(reversed ? ShapeGeometry.reverse(value) : value, matrix))
        operands.append([mine[mine.count - 1]])
      case .polystar(let star):
        mine.append(add(ShapeGeometry.polystar(star, at: frame), matrix))
        operands.append([mine[mine.count - 1]])
      case .fill(let color, let o, let rule):
        operations.append(PaintOperation(paint: .fill(color.value(at: frame), rule), opacity: opacity * o.value(at: frame) / 100, matrix: matrix, slots: mine))
      case .stroke(let color, let o, let style):
        operations.append(PaintOperation(paint: .stroke(color.value(at: frame), stroke(style)), opacity: opacity * o.value(at: frame) / 100, matrix: matrix, slots: mine))
      case .gradientFill(let g, let o, let rule):
        operations.append(PaintOperation(paint: .gradientFill(gradient(g), rule), opacity: opacity * o.value(at: frame) / 100, matrix: matrix, slots: mine))
      case .gradientStroke(let g, let o, let style):
        operations.append(PaintOperation(paint: .gradientStroke(gradient(g), stroke(style)), opacity: opacity * o.value(at: frame) / 100, matrix: matrix, slots: mine))
      case .trim(let s, let e, let o, let mode):
        trim(mine, start: s.value(at: frame), end: e.value(at: frame), offset: o.value(at: frame), mode: mode)
      case .roundCorners(let radius):
        let r = radius.value(at: frame)
        if r > 0 { modify(mine) { RoundCorners.apply($0, radius: r) } }
      case .puckerBloat(let amount):
        let a = amount.value(at: frame)
        if a != 0 { modify(mine) { PuckerBloat.apply($0, amount: a) } }
      case .zigZag(let ridges, let size, let pointType):
        let s = size.value(at: frame)
        // lottie-web rounds the ridge count half up.
        let r = (ridges.value(at: frame) + 0.5).clampedInt(0...1000)
        let type = pointType.value(at: frame)
        if s != 0 { modify(mine) { ZigZag.apply($0, size: s, ridges: r, pointType: type) } }
      case .offsetPath(let amount, let join, let miterLimit):
        let a = amount.value(at: frame)
        let limit = miterLimit.value(at: frame)
        if a != 0 { modify(mine) { OffsetPath.apply($0, amount: a, join: join, miterLimit: limit) } }
      case .repeater(let repeater):
        mine = applyRepeater(repeater, slots: mine, operationsFrom: firstOperation, matrix: matrix)
        operands = mine.map { [$0] }
      case .twist(let angle, let center):
        let a = angle.value(at: frame)
        if a != 0 { twist(mine, angle: a, center: center.value(at: frame), matrix: matrix) }
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
      case .transform, .unsupported:
        break
      }
    }
    return mine
  }

  /// Replaces every contour of the slots `ids` by `change(contour)`. Merged slots have no outline of their
  /// own: their operands change instead (an approximation of changing the merged outline).
  private mutating func modify(_ ids: [Int], _ change: (BezierPath) -> BezierPath) {
    for id in GeometrySlot.leaves(ids, in: slots) { slots[id].contours = slots[id].contours.map(change) }
  }

  /// Twists each slot about `center` (in the twist's group space, `matrix` to layer space).
  private mutating func twist(_ ids: [Int], angle: Double, center: Vec2, matrix: Affine) {
    let centerInLayer = matrix.apply(center)
    for id in GeometrySlot.leaves(ids, in: slots) {
      guard let toSlot = slots[id].matrix.inverted() else { continue }
      slots[id].contours = Twist.apply(slots[id].contours, angle: angle, center: toSlot.apply(centerInLayer))
    }
  }

  private mutating func add(_ path: BezierPath, _ matrix: Affine) -> Int {
    slots.append(GeometrySlot(contours: [path], matrix: matrix))
    return slots.count - 1
  }

  private mutating func trim(_ ids: [Int], start: Double, end: Double, offset: Double, mode: TrimMode) {
    let ids = GeometrySlot.leaves(ids, in: slots)
    guard let ranges = Trim.ranges(start: start, end: end, offset: offset) else { return }
    if ranges.isEmpty {
      for id in ids { slots[id].contours = [] }
      return
    }
    switch mode {
    case .simultaneously:
      for id in ids { slots[id].contours = slots[id].contours.flatMap { Trim.cut([$0], ranges: ranges) } }
    case .individually:
      // All shapes form one outline; each keeps the pieces that fall in its own stretch.
      let all = ids.flatMap { slots[$0].contours }
      let lengths = all.map { $0.cubics.reduce(0.0) { $0 + $1.lengthTable()[Cubic.samples] } }
      let total = lengths.reduce(0, +)
      guard total > 0 else { return }
      var position = 0.0
      var index = 0
      for id in ids {
        var kept: [BezierPath] = []
        for contour in slots[id].contours {
          let length = lengths[index]
          index += 1
          defer { position += length }
          guard length > 0 else { continue }
          var local: [(Double, Double)] = []
          for (a, b) in ranges {
            let s = max(a * total, position), e = min(b * total, position + length)
            if e > s { local.append(((s - position) / length, (e - position) / length)) }
          }
          if !local.isEmpty { kept += Trim.cut([contour], ranges: local) }
        }
        slots[id].contours = kept
      }
    }
  }

  private mutating func applyRepeater(_ r: Repeater, slots ids: [Int], operationsFrom first: Int, matrix: Affine) -> [Int] {
    let copies = r.copies.value(at: frame).clampedInt(0...1000)
    let offset = r.offset.value(at: frame)
    guard copies != 1 || offset != 0 else { return ids }
    let originals = Array(operations[first...])
    operations.removeSubrange(first...)
    let anchor = r.transform.anchor.value(at: frame)
    let position = r.transform.position.value(at: frame)
    let scale = r.transform.scale.value(at: frame)
    let rotation = r.transform.rotation.value(at: frame)
    let startOpacity = r.startOpacity.value(at: frame) / 100
    let endOpacity = r.endOpacity.value(at: frame) / 100
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
  private mutating func duplicate(_ id: Int, then transform: Affine) -> Int {
    var copy = slots[id]
    copy.matrix = copy.matrix.then(transform)
    if let merge = copy.merge {
      copy.merge?.operands = merge.operands.map { $0.map { duplicate($0, then: transform) } }
    }
    slots.append(copy)
    return slots.count - 1
  }

  /// Cairo draws a zero-length dash (a dot with round or square caps) only when it starts the pattern; later
  /// ones vanish (`[4, 0, 5]` shows no dots, where canvas and ThorVG draw them). A dash of a hundred-thousandth
  /// of the pattern, taken from the gap after it, is drawn and looks the same.
  static func lengthenEmptyDashes(_ dashes: inout [Double]) {
    let epsilon = dashes.reduce(0, +) * 1e-5
    guard epsilon > 0 else { return }
    for i in stride(from: 2, to: dashes.count - 1, by: 2) where dashes[i] == 0 && dashes[i + 1] >= 2 * epsilon {
      dashes[i] = epsilon
      dashes[i + 1] -= epsilon
    }
  }

  private func stroke(_ s: StrokeStyle) -> StrokeParameters {
    var dashes: [Double] = []
    var dashOffset = 0.0
    for d in s.dashes {
      let v = d.length.value(at: frame)
      if d.kind == "o" { dashOffset = v } else { dashes.append(max(0, v)) }
    }
    if dashes.count % 2 == 1 { dashes += dashes }
    if dashes.allSatisfy({ $0 == 0 }) { dashes = [] }
    ShapeLayerBuilder.lengthenEmptyDashes(&dashes)
    return StrokeParameters(
      width: s.width.value(at: frame), cap: s.cap, join: s.join, miterLimit: s.miterLimit, dashes: dashes,
      dashOffset: dashOffset)
  }

  private func gradient(_ g: Gradient) -> GradientParameters {
    let flat = g.stops.value(at: frame).values
    let count = g.colorStopCount
    var colors: [(Double, RGBA)] = []
    var i = 0
    while i + 3 < flat.count && colors.count < count {
      colors.append((flat[i], RGBA(flat[i + 1], flat[i + 2], flat[i + 3])))
      i += 4
    }
    var alphas: [(Double, Double)] = []
    while i + 1 < flat.count {
      alphas.append((flat[i], flat[i + 1]))
      i += 2
    }
    var stops: [(Double, RGBA)]
    if alphas.isEmpty {
      stops = colors
    } else {
      // Merge colour and opacity stops: every offset of either list gets both values, interpolated.
      let offsets = Array(Set(colors.map { $0.0 } + alphas.map { $0.0 })).sorted()
      stops = offsets.map { offset in
        var c = GradientParameters.interpolateColor(colors, at: offset)
        c.a = GradientParameters.interpolateAlpha(alphas, at: offset)
        return (offset, c)
      }
    }
    return GradientParameters(
      isRadial: g.isRadial, start: g.start.value(at: frame), end: g.end.value(at: frame),
      highlightLength: g.highlightLength.value(at: frame), highlightAngle: g.highlightAngle.value(at: frame),
      stops: stops)
  }
}

extension GradientParameters {
  static func interpolateColor(_ stops: [(Double, RGBA)], at offset: Double) -> RGBA {
    guard let first = stops.first, let last = stops.last else { return RGBA(0, 0, 0) }
    if offset <= first.0 { return first.1 }
    if offset >= last.0 { return last.1 }
    for k in 1..<stops.count where stops[k].0 >= offset {
      let (o0, c0) = stops[k - 1], (o1, c1) = stops[k]
      let t = o1 > o0 ? (offset - o0) / (o1 - o0) : 0
      return RGBA.interpolate(c0, c1) { _ in t }
    }
    return last.1
  }

  static func interpolateAlpha(_ stops: [(Double, Double)], at offset: Double) -> Double {
    guard let first = stops.first, let last = stops.last else { return 1 }
    if offset <= first.0 { return first.1 }
    if offset >= last.0 { return last.1 }
    for k in 1..<stops.count where stops[k].0 >= offset {
      let (o0, a0) = stops[k - 1], (o1, a1) = stops[k]
      let t = o1 > o0 ? (offset - o0) / (o1 - o0) : 0
      return a0 + (a1 - a0) * t
    }
    return last.1
  }
}

extension Affine {
  func inverted() -> Affine? {
    let det = determinant
    guard abs(det) > 1e-12 else { return nil }
    let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
    return Affine(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
  }
}

/// Round corners (`rd`), as lottie-web's RoundCornersModifier: each sharp vertex becomes a curve.
enum RoundCorners {
  static func apply(_ path: BezierPath, radius: Double) -> BezierPath {
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
