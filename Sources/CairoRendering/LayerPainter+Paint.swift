import CCairo
import Foundation
import Lottie
import LottieScene

/// Fills and strokes of shape layers: solid colours, gradients, dashes.
extension LayerPainter {
  // MARK: - Paint

  /// A shape layer's paints, bottom first. A paint with a blend mode of its own blends with what the paints
  /// before it in its group drew (After Effects: "each stroke and fill has its own blending mode, which
  /// determines how it interacts with other paint operations in the same group"; a group is drawn like a
  /// nested composition): each group holding such a paint is drawn into a Cairo group of its own, composited
  /// normally. The layer is then a group of its own too (`drawLayer`), so nothing blends with the layers under
  /// it. lottie-web's canvas renderer and ThorVG draw these paints as normal; lottie-web's SVG renderer and
  /// Skottie blend them with everything under them, other layers included.
  ///
  /// `ontoClearGroup`: the context draws on a group pushed just now. Where the clip is pixel-aligned, what a
  /// group pushed there would hold is what drawing straight on the clear target gives (the same extents and
  /// clip), and compositing it back onto nothing copies it (see `blendsOntoClearExactly`). So while the
  /// target still holds nothing, an isolated group is not pushed, and a blended paint is drawn as a normal
  /// one: the same bytes, without two clip-sized groups and the general blend combiner for each such paint.
  func paintShapes(_ shapes: ShapeContent, world: Affine, opacity: Double, ontoClearGroup: Bool = false) {
    guard shapes.hasBlendedPaint else {
      for operation in shapes.operations.reversed() {
        paint(operation, slots: shapes.slots, world: world, opacity: opacity)
      }
      return
    }
    let isolated = Set(shapes.operations.compactMap { $0.blendMode != .normal ? $0.groups.last : nil })
    // Whether the surface drawn on holds nothing yet, as far as the shortcuts go: only under a pixel-aligned
    // clip (under another, a group composited back is faded at the clip's edges a second time).
    let aligned = LayerPainter.clipIsPixelAligned(context)
    var clear = ontoClearGroup && aligned
    // The isolated groups drawn into at the moment, outermost first, and whether each was pushed.
    var open: [(group: Int, pushed: Bool)] = []
    func closeInnermost() {
      guard open.removeLast().pushed, let group = popGroup() else { return }
      cairo_set_source(context, group)
      cairo_paint(context)
      cairo_pattern_destroy(group)
      // A group is pushed only onto a target holding something already.
      clear = false
    }
    for operation in shapes.operations.reversed() {
      while let innermost = open.last, !operation.groups.contains(innermost.group) { closeInnermost() }
      for g in operation.groups where isolated.contains(g) && !open.contains(where: { $0.group == g }) {
        if clear {
          open.append((g, false))
        } else {
          pushGroup()
          open.append((g, true))
          clear = aligned
        }
      }
      if clear, operation.blendMode != .normal, LayerPainter.blendsOntoClearExactly(operation.blendMode) {
        // Its group holds nothing yet: blending onto nothing gives the paint itself.
        var plain = operation
        plain.blendMode = .normal
        paint(plain, slots: shapes.slots, world: world, opacity: opacity)
      } else {
        paint(operation, slots: shapes.slots, world: world, opacity: opacity)
      }
      clear = false
    }
    while !open.isEmpty { closeInnermost() }
  }

  /// Whether the clip in force lets each pixel through wholly or not at all (Cairo's clip is then a region),
  /// so that a group composited through it is copied as it is, not once more faded at the clip's edges.
  /// (The matrix of `cr` is left as the identity.)
  static func clipIsPixelAligned(_ cr: OpaquePointer) -> Bool {
    cairo_identity_matrix(cr)
    guard let list = cairo_copy_clip_rectangle_list(cr) else { return false }
    defer { cairo_rectangle_list_destroy(list) }
    // A clip that is no region (a path, or unaligned boxes) is not representable; a region's rectangles (the
    // whole surface when nothing clips) are whole device pixels.
    guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return false }
    for i in 0..<Int(list.pointee.num_rectangles) {
      let r = list.pointee.rectangles[i]
      for v in [r.x, r.y, r.width, r.height] where v != v.rounded() { return false }
    }
    return true
  }

  /// Whether blending with `mode` onto a clear pixel gives the source pixel exactly, byte for byte. Pixman's
  /// separable and non-separable combiners compute `s·(1 − da) + d·(1 − sa) + B(s, d)`, in which `d`, `da`
  /// and the blend term are 0 there and `s·255/255` is exact; `BlendOntoClearTests` checks every mode on
  /// every alpha and a spread of colours.
  static func blendsOntoClearExactly(_ mode: BlendMode) -> Bool {
    mode != .normal
  }

  func paint(_ op: PaintOperation, slots: [GeometrySlot], world: Affine, opacity layerOpacity: Double) {
    if op.blendMode != .normal { return paintBlended(op, slots: slots, world: world, opacity: layerOpacity) }
    var op = op
    op.opacity *= layerOpacity
    guard op.opacity > 0 else { return }
    let paintMatrix = op.matrix.then(world)
    guard abs(paintMatrix.determinant) > 1e-12 else { return }
    if LayerPainter.coversMerged(op, slots: slots) { return paintMerged(op, slots: slots, world: world) }
    setMatrix(paintMatrix)
    cairo_new_path(context)
    let inverse = op.matrix.inverted() ?? .identity
    var hasGeometry = false
    for id in op.slots {
      let slot = slots[id]
      let relative = slot.matrix == op.matrix ? Affine.identity : slot.matrix.then(inverse)
      for contour in slot.contours where contour.vertices.count > 0 {
        appendPath(contour, transform: relative)
        hasGeometry = true
      }
    }
    guard hasGeometry else { return }
    switch op.paint {
    case .fill(let color, let rule):
      cairo_set_fill_rule(context, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
      cairo_set_source_rgba(context, color.r, color.g, color.b, color.a * op.opacity)
      cairo_fill(context)
    case .stroke(let color, let stroke):
      guard setStroke(stroke) else { return cairo_new_path(context) }
      cairo_set_source_rgba(context, color.r, color.g, color.b, color.a * op.opacity)
      cairo_stroke(context)
    case .gradientFill(let gradient, let rule):
      cairo_set_fill_rule(context, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
      paintGradient(gradient, opacity: op.opacity, stroke: false)
    case .gradientStroke(let gradient, let stroke):
      guard setStroke(stroke) else { return cairo_new_path(context) }
      paintGradient(gradient, opacity: op.opacity, stroke: true)
    }
  }

  /// A paint with a blend mode of its own (`bm` on a fill or stroke): drawn normally into a group, which is
  /// then blended onto what the paints before it in its group drew (see `paintShapes`).
  private func paintBlended(_ op: PaintOperation, slots: [GeometrySlot], world: Affine, opacity: Double) {
    guard op.opacity * opacity > 0, abs(op.matrix.then(world).determinant) > 1e-12 else { return }
    // A stroke of no width draws nothing, and compositing a clear group leaves every pixel as it was (every
    // blend mode gives the backdrop where the source is clear: `BlendOntoClearTests`): no group for it.
    switch op.paint {
    case .stroke(_, let s), .gradientStroke(_, let s): guard s.width > 0 else { return }
    case .fill, .gradientFill: break
    }
    var plain = op
    plain.blendMode = .normal
    pushGroup()
    paint(plain, slots: slots, world: world, opacity: opacity)
    guard let group = popGroup() else { return }
    defer { cairo_pattern_destroy(group) }
    if op.blendMode == .hardMix {
      compositeHardMix(group, opacity: 1)
    } else {
      cairo_set_source(context, group)
      cairo_set_operator(context, LayerPainter.blendOperator(op.blendMode))
      cairo_paint(context)
      cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    }
  }

  func setStroke(_ s: StrokeParameters) -> Bool {
    guard s.width > 0 else { return false }
    cairo_set_line_width(context, heldLineWidth(s.width, miterLimit: s.miterLimit))
    switch s.cap {
    case .butt: cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
    case .round: cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    case .square: cairo_set_line_cap(context, CAIRO_LINE_CAP_SQUARE)
    }
    switch s.join {
    case .miter: cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
    case .round: cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    case .bevel: cairo_set_line_join(context, CAIRO_LINE_JOIN_BEVEL)
    }
    cairo_set_miter_limit(context, max(1, s.miterLimit))
    if s.dashes.isEmpty {
      cairo_set_dash(context, nil, 0, 0)
    } else {
      s.dashes.withUnsafeBufferPointer { cairo_set_dash(context, $0.baseAddress, Int32($0.count), s.dashOffset) }
    }
    return true
  }

  func makeGradient(_ g: GradientParameters, opacity: Double) -> OpaquePointer? {
    guard !g.stops.isEmpty else { return nil }
    let pattern: OpaquePointer?
    if g.isRadial {
      let radius = (g.end - g.start).length
      // The highlight moves the focal point along the highlight angle, by a share of the radius.
      let h = min(max(g.highlightLength / 100, -0.99), 0.99)
      let angle = (g.highlightAngle * .pi / 180) + atan2(g.end.y - g.start.y, g.end.x - g.start.x)
      let focal = Vec2(g.start.x + cos(angle) * radius * h, g.start.y + sin(angle) * radius * h)
      pattern = cairo_pattern_create_radial(focal.x, focal.y, 0, g.start.x, g.start.y, max(radius, 0.001))
    } else {
      pattern = cairo_pattern_create_linear(g.start.x, g.start.y, g.end.x, g.end.y)
    }
    guard let p = pattern else { return nil }
    for stop in g.stops {
      let c = stop.color
      cairo_pattern_add_color_stop_rgba(p, min(max(stop.offset, 0), 1), c.r, c.g, c.b, c.a * opacity)
    }
    cairo_pattern_set_extend(p, CAIRO_EXTEND_PAD)
    return p
  }
}
