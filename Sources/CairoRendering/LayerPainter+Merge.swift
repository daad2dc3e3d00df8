import CCairo
import Foundation
import Lottie
import LottieScene
import Raster

/// Paints that cover merged geometry (merge paths add, subtract, intersect, exclude intersections).
///
/// Cairo has no path booleans, so the merged shape exists only as coverage: alpha groups combined with
/// compositing operators, in operand order — the first operand OVER, each later one OVER (add), DEST_OUT
/// (subtract), DEST_IN (intersect) or XOR (exclude intersections). The paint's colour or gradient is then
/// drawn through that coverage.
///
/// A stroke follows the merged outline through the morphology of the shapes: with D an operand's outline
/// filled and stroked (the shape grown by half the stroke) and E its fill with the stroke taken away (the
/// shape shrunk), the stroke is D − E, and D and E combine per mode (union: D∪D′, E∪E′; intersection:
/// D∩D′, E∩E′; subtraction: D−E′, E−D′; exclusion: both subtractions joined). That is exact away from the
/// points where the operands' outlines cross; near them, within about half a stroke width, the corner is
/// approximate. Dashes run along each operand's own outline.
extension LayerPainter {
  /// Whether `op` covers merged geometry and must be painted by `paintMerged`.
  static func coversMerged(_ op: PaintOperation, slots: [GeometrySlot]) -> Bool {
    op.slots.contains { slots[$0].merge != nil }
  }

  func paintMerged(_ op: PaintOperation, slots: [GeometrySlot], world: Affine) {
    let paintMatrix = op.matrix.then(world)
    guard let box = mergedBounds(op, slots: slots, world: world), !box.isEmpty(within: canvasBox) else { return }
    let geometry = MergeDrawing(
      painter: self, slots: slots, paintMatrix: paintMatrix, inverse: op.matrix.inverted() ?? .identity)
    cairo_save(context)
    defer { cairo_restore(context) }
    clipToBox(box)
    pushGroup(alphaOnly: true)
    switch op.paint {
    case .fill(_, let rule), .gradientFill(_, let rule):
      geometry.fill(op.slots, rule: rule, operator: CAIRO_OPERATOR_OVER)
    case .stroke(_, let stroke), .gradientStroke(_, let stroke):
      guard setStroke(stroke) else {
        cairo_pattern_destroy(popGroup())
        return
      }
      geometry.stroke(op.slots)
    }
    guard let coverage = popGroup() else { return }
    defer { cairo_pattern_destroy(coverage) }
    setMatrix(paintMatrix)
    switch op.paint {
    case .fill(let color, _), .stroke(let color, _):
      cairo_set_source_rgba(context, color.r, color.g, color.b, color.a * op.opacity)
    case .gradientFill(let gradient, _), .gradientStroke(let gradient, _):
      guard let pattern = makeGradient(gradient, opacity: op.opacity) else { return }
      // The source keeps the user space in force when it is set (the paint's), whatever the matrix later.
      cairo_set_source(context, pattern)
      cairo_pattern_destroy(pattern)
    }
    cairo_identity_matrix(context)
    cairo_mask(context, coverage)
  }

  /// Device bounds of everything the operation's merged and plain slots can cover.
  private func mergedBounds(_ op: PaintOperation, slots: [GeometrySlot], world: Affine) -> DeviceBox? {
    var pad = 1.0
    switch op.paint {
    case .stroke(_, let s), .gradientStroke(_, let s):
      pad += s.width / 2 * op.matrix.then(world).maxScale * (s.join == .miter ? max(1, s.miterLimit) : 1.5)
    case .fill, .gradientFill:
      break
    }
    var box = DeviceBox()
    for id in GeometrySlot.leaves(op.slots, in: slots) {
      let toDevice = slots[id].matrix.then(world)
      for contour in slots[id].contours {
        for (i, v) in contour.vertices.enumerated() {
          box.add(toDevice.apply(v), pad: pad)
          box.add(toDevice.apply(v + contour.inTangents[i]), pad: pad)
          box.add(toDevice.apply(v + contour.outTangents[i]), pad: pad)
        }
      }
    }
    return box.isValid ? box : nil
  }
}

/// Draws merged coverage into alpha groups of the painter's context. Paths are drawn in the paint's space
/// (`paintMatrix`), groups are composited under the identity.
private struct MergeDrawing {
  let painter: LayerPainter
  let slots: [GeometrySlot]
  let paintMatrix: Affine
  /// From layer space to the paint's group space.
  let inverse: Affine

  var context: OpaquePointer { painter.context }

  static func combineOperator(_ mode: MergeMode) -> cairo_operator_t {
    switch mode {
    case .merge, .add: return CAIRO_OPERATOR_OVER
    case .subtract: return CAIRO_OPERATOR_DEST_OUT
    case .intersect: return CAIRO_OPERATOR_DEST_IN
    case .excludeIntersections: return CAIRO_OPERATOR_XOR
    }
  }

  /// Starts a path holding the contours of the plain slots `ids`, in the paint's space.
  private func appendPaths(_ ids: [Int]) {
    painter.setMatrix(paintMatrix)
    cairo_new_path(context)
    for id in ids {
      let slot = slots[id]
      let relative = slot.matrix.then(inverse)
      for contour in slot.contours where contour.vertices.count > 0 {
        painter.appendPath(contour, transform: relative)
      }
    }
  }

  /// Paints the group being built onto the one below with `op`, only inside `limit` (device space) if given.
  private func popAndComposite(_ op: cairo_operator_t, within limit: DeviceBox? = nil) {
    painter.popGroupToSource()
    cairo_set_operator(context, op)
    if let limit, let rect = PixelRect(limit) {
      cairo_save(context)
      cairo_rectangle(context, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
      cairo_clip(context)
      cairo_paint(context)
      cairo_restore(context)
    } else {
      cairo_paint(context)
    }
    cairo_set_operator(context, CAIRO_OPERATOR_OVER)
  }

  /// Device bounds of what filling the slots `ids` can cover (a pixel of antialiasing included), or nil when
  /// a point is not finite (Cairo draws it somewhere else).
  private func fillBounds(_ ids: [Int]) -> DeviceBox? {
    var box = DeviceBox()
    for id in GeometrySlot.leaves(ids, in: slots) {
      let toDevice = slots[id].matrix.then(inverse).then(paintMatrix)
      for contour in slots[id].contours {
        for (i, v) in contour.vertices.enumerated() {
          for p in [v, v + contour.inTangents[i], v + contour.outTangents[i]] {
            let d = toDevice.apply(p)
            guard d.x.isFinite, d.y.isFinite else { return nil }
            box.add(d, pad: 1)
          }
        }
      }
    }
    return box
  }

  // MARK: - Fills

  /// Composites the coverage of `ids` taken together (one compound path for the plain ones, merged ones
  /// added to it) onto the current alpha group with `op`.
  ///
  /// `limit`: where the group can be non-zero before this (nil: anywhere). An intersection composited with
  /// DEST_IN over the whole group (as large as the merged paint's box) changes only pixels that hold
  /// coverage, all inside the first operand's bounds: the composite is cut to them.
  func fill(_ ids: [Int], rule: FillRule, operator op: cairo_operator_t, within limit: DeviceBox? = nil) {
    let plain = ids.filter { slots[$0].merge == nil }
    let merged = ids.filter { slots[$0].merge != nil }
    if merged.isEmpty {
      // An intersection (DEST_IN) must clear outside the path too. Cairo fills with such an unbounded
      // operator by scan-converting the path into a mask of the whole clip and compositing through pixman's
      // general path (14% of `happy2016`'s instructions); the path's coverage drawn into a group of its own
      // with OVER, then painted with DEST_IN, is the same product of coverages, by fast paths.
      let unbounded = op == CAIRO_OPERATOR_DEST_IN
      if unbounded { painter.pushGroup(alphaOnly: true) }
      appendPaths(plain)
      cairo_set_fill_rule(context, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
      cairo_set_source_rgba(context, 0, 0, 0, 1)
      cairo_set_operator(context, unbounded ? CAIRO_OPERATOR_OVER : op)
      cairo_fill(context)
      cairo_set_operator(context, CAIRO_OPERATOR_OVER)
      if unbounded { popAndComposite(op, within: limit) }
      return
    }
    painter.pushGroup(alphaOnly: true)
    if !plain.isEmpty { fill(plain, rule: rule, operator: CAIRO_OPERATOR_OVER) }
    for id in merged {
      guard let merge = slots[id].merge else { continue }
      painter.pushGroup(alphaOnly: true)
      let first = merge.mode == .intersect ? merge.operands.first.flatMap(fillBounds) : nil
      for (k, operand) in merge.operands.enumerated() {
        fill(
          operand, rule: rule, operator: k == 0 ? CAIRO_OPERATOR_OVER : Self.combineOperator(merge.mode),
          within: first)
      }
      popAndComposite(CAIRO_OPERATOR_OVER)
    }
    popAndComposite(op, within: op == CAIRO_OPERATOR_DEST_IN ? limit : nil)
  }

  // MARK: - Strokes

  /// Draws the stroke of `ids` (plain slots stroked as they are, merged ones along their merged outline)
  /// onto the current alpha group. The stroke parameters are already set.
  func stroke(_ ids: [Int]) {
    let plain = ids.filter { slots[$0].merge == nil }
    if !plain.isEmpty {
      appendPaths(plain)
      cairo_set_source_rgba(context, 0, 0, 0, 1)
      cairo_stroke(context)
    }
    for id in ids where slots[id].merge != nil {
      let (grown, shrunk) = bands([id])
      painter.pushGroup(alphaOnly: true)
      paint(grown, CAIRO_OPERATOR_OVER)
      paint(shrunk, CAIRO_OPERATOR_DEST_OUT)
      popAndComposite(CAIRO_OPERATOR_OVER)
      cairo_pattern_destroy(grown)
      cairo_pattern_destroy(shrunk)
    }
  }

  private func paint(_ pattern: OpaquePointer, _ op: cairo_operator_t) {
    cairo_identity_matrix(context)
    cairo_set_source(context, pattern)
    cairo_set_operator(context, op)
    cairo_paint(context)
    cairo_set_operator(context, CAIRO_OPERATOR_OVER)
  }

  /// A new alpha group holding `a` combined with `b` by `op`.
  private func combine(_ a: OpaquePointer, _ b: OpaquePointer, _ op: cairo_operator_t) -> OpaquePointer {
    painter.pushGroup(alphaOnly: true)
    paint(a, CAIRO_OPERATOR_OVER)
    paint(b, op)
    return painter.popGroup()!
  }

  /// The grown (D) and shrunk (E) coverage of `ids` taken together; the caller destroys both.
  private func bands(_ ids: [Int]) -> (OpaquePointer, OpaquePointer) {
    let plain = ids.filter { slots[$0].merge == nil }
    var result: (OpaquePointer, OpaquePointer)? = nil
    if !plain.isEmpty || ids.isEmpty {
      painter.pushGroup(alphaOnly: true)
      appendPaths(plain)
      cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
      cairo_set_source_rgba(context, 0, 0, 0, 1)
      cairo_fill_preserve(context)
      cairo_stroke(context)
      let grown = painter.popGroup()!
      painter.pushGroup(alphaOnly: true)
      appendPaths(plain)
      cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
      cairo_set_source_rgba(context, 0, 0, 0, 1)
      cairo_fill_preserve(context)
      cairo_set_operator(context, CAIRO_OPERATOR_DEST_OUT)
      cairo_stroke(context)
      cairo_set_operator(context, CAIRO_OPERATOR_OVER)
      result = (grown, painter.popGroup()!)
    }
    for id in ids {
      guard let merge = slots[id].merge else { continue }
      var merged: (OpaquePointer, OpaquePointer)? = nil
      for operand in merge.operands {
        let next = bands(operand)
        merged = merged.map { combine($0, next, mode: merge.mode) } ?? next
      }
      guard let m = merged else { continue }
      result = result.map { combine($0, m, mode: .add) } ?? m
    }
    return result!
  }

  /// Combines the (grown, shrunk) coverage of two operands by a merge mode; destroys both inputs.
  private func combine(
    _ a: (OpaquePointer, OpaquePointer), _ b: (OpaquePointer, OpaquePointer), mode: MergeMode
  ) -> (OpaquePointer, OpaquePointer) {
    defer {
      for p in [a.0, a.1, b.0, b.1] { cairo_pattern_destroy(p) }
    }
    switch mode {
    case .merge, .add:
      return (combine(a.0, b.0, CAIRO_OPERATOR_OVER), combine(a.1, b.1, CAIRO_OPERATOR_OVER))
    case .intersect:
      return (combine(a.0, b.0, CAIRO_OPERATOR_DEST_IN), combine(a.1, b.1, CAIRO_OPERATOR_DEST_IN))
    case .subtract:
      return (combine(a.0, b.1, CAIRO_OPERATOR_DEST_OUT), combine(a.1, b.0, CAIRO_OPERATOR_DEST_OUT))
    case .excludeIntersections:
      // (A − B) ∪ (B − A), each side as in subtraction.
      let aGrown = combine(a.0, b.1, CAIRO_OPERATOR_DEST_OUT), bGrown = combine(b.0, a.1, CAIRO_OPERATOR_DEST_OUT)
      let aShrunk = combine(a.1, b.0, CAIRO_OPERATOR_DEST_OUT), bShrunk = combine(b.1, a.0, CAIRO_OPERATOR_DEST_OUT)
      defer {
        for p in [aGrown, bGrown, aShrunk, bShrunk] { cairo_pattern_destroy(p) }
      }
      return (combine(aGrown, bGrown, CAIRO_OPERATOR_OVER), combine(aShrunk, bShrunk, CAIRO_OPERATOR_OVER))
    }
  }
}
