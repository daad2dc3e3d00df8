import CCairo
import Foundation
import Lottie
import LottieScene
import Raster

/// Track mattes and masks: both draw the layer into a group and keep it where the matte or mask is.
extension LayerPainter {
  // MARK: - Mattes

  func drawMatted(_ layer: SceneLayer, matte matteLayer: SceneLayer, mode: MatteMode, matrix: Affine, depth: Int) {
    // Both groups only need the matted layer's own area (the matte cannot add pixels outside it), grown by what
    // its effects draw beyond its content, as `drawLayer` grows its own clip.
    let world = contentMatrix(layer, matrix: matrix)
    guard var box = contentBounds(layer, world: world) else { return }
    if !layer.activeMasks.isEmpty {
      guard let limit = LayerPainter.maskBounds(layer.activeMasks, world: world, within: box) else { return }
      box = limit
    }
    if !layer.effects.isEmpty { box = box.expanded(by: ResolvedEffect.margin(effects(layer, world: world))) }
    let matteVisible = matteLayer.isInRange
    if mode == .alpha || mode == .luma {
      // Outside what the matte draws, an alpha or luma matte lets nothing through: both groups shrink to the
      // matte's area too (a full-frame layer matted by a small shape no longer composites the whole frame).
      let matteWorld = contentMatrix(matteLayer, matrix: matrix)
      guard matteVisible, var matteBox = contentBounds(matteLayer, world: matteWorld) else { return }
      if !matteLayer.activeMasks.isEmpty {
        guard let limit = LayerPainter.maskBounds(matteLayer.activeMasks, world: matteWorld, within: matteBox) else {
          return
        }
        matteBox = limit
      }
      if !matteLayer.effects.isEmpty {
        matteBox = matteBox.expanded(by: ResolvedEffect.margin(effects(matteLayer, world: matteWorld)))
      }
      box = box.intersection(matteBox)
    }
    guard box.isValid, !box.isEmpty(within: canvasBox) else { return }
    cairo_save(context)
    clipToBox(box)
    defer { cairo_restore(context) }
    // The matted layer's pixels: its kept image when that is all `drawLayer` would paint (no group to clear and
    // fill), else a group it is drawn into.
    guard
      let content = keptImage(layer, matrix: matrix, depth: depth)
        ?? drawnGroup({ drawLayer(layer, matrix: matrix, depth: depth) })
    else { return }
    defer { cairo_pattern_destroy(content) }
    let mask: OpaquePointer
    if mode == .alpha, matteVisible, let kept = keptImage(matteLayer, matrix: matrix, depth: depth) {
      mask = kept
    } else {
      // An alpha matte needs only coverage: an alpha-only group has a quarter of the bytes to clear and write.
      let alphaOnly = mode == .alpha || mode == .alphaInverted
      pushGroup(alphaOnly: alphaOnly)
      if matteVisible {
        drawLayer(matteLayer, matrix: matrix, depth: depth)
      }
      guard let popped = popGroup() else { return }
      mask = popped
    }
    defer { cairo_pattern_destroy(mask) }
    switch mode {
    case .alpha: break
    // Inverted in place, so that the content is masked by it like any matte (no group of the content minus it).
    case .alphaInverted: LayerPainter.invertCoverage(mask)
    case .luma, .lumaInverted: LayerPainter.convertToLuma(mask, inverted: mode == .lumaInverted)
    }
    cairo_identity_matrix(context)
    clipToArea()
    cairo_set_source(context, content)
    cairo_mask(context, mask)
  }

  /// The pattern `drawLayer` would paint for `layer` when that is only its kept image (masks or effects, full
  /// opacity, the normal blend mode) on nothing: the layer's image itself, which the caller releases. Nil for any
  /// other layer, which is then drawn in a group.
  func keptImage(_ layer: SceneLayer, matrix: Affine, depth: Int) -> OpaquePointer? {
    guard layer.opacity >= 1, layer.model.blendMode != .hardMix,
      LayerPainter.blendOperator(layer.model.blendMode) == CAIRO_OPERATOR_OVER,
      !layer.activeMasks.isEmpty || !layer.effects.isEmpty
    else { return nil }
    let world = contentMatrix(layer, matrix: matrix)
    guard abs(world.determinant) > 1e-12 else { return nil }
    let effects = self.effects(layer, world: world)
    let activeMasks = layer.activeMasks
    guard !activeMasks.isEmpty || !effects.isEmpty, var box = contentBounds(layer, world: world) else { return nil }
    // `drawLayer`'s box for the image.
    if !activeMasks.isEmpty {
      guard let limit = LayerPainter.maskBounds(activeMasks, world: world, within: box) else { return nil }
      box = limit
    }
    if !effects.isEmpty { box = box.expanded(by: ResolvedEffect.margin(effects)) }
    guard !box.isEmpty(within: canvasBox), let rect = PixelRect(box.intersection(canvasBox)),
      let surface = layerImage(layer, world: world, rect: rect, effects: effects, opacity: 1, depth: depth),
      let pattern = cairo_pattern_create_for_surface(surface)
    else { return nil }
    cairo_surface_destroy(surface)
    return pattern
  }

  /// A group with what `draw` draws (nil if Cairo fails).
  func drawnGroup(_ draw: () -> Void) -> OpaquePointer? {
    pushGroup()
    draw()
    return popGroup()
  }

  /// Replaces each alpha of an alpha-only group with its complement (255 − a), so that it masks by what the
  /// matte does not cover.
  static func invertCoverage(_ pattern: OpaquePointer) {
    editPixels(of: pattern, format: CAIRO_FORMAT_A8) { Coverage.invert($0) }
  }

  /// Runs `edit` on the pixels of a pattern's image surface, flushed before and marked dirty after; nothing
  /// when the pattern is not an image surface (of `format`, when given).
  private static func editPixels(
    of pattern: OpaquePointer, format: cairo_format_t? = nil, _ edit: (RasterImage) -> Void
  ) {
    var surfaceOut: OpaquePointer? = nil
    guard cairo_pattern_get_surface(pattern, &surfaceOut) == CAIRO_STATUS_SUCCESS, let surface = surfaceOut,
      cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
      format.map({ cairo_image_surface_get_format(surface) == $0 }) ?? true
    else { return }
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return }
    edit(
      RasterImage(
        data: data, width: Int(cairo_image_surface_get_width(surface)),
        height: Int(cairo_image_surface_get_height(surface)), stride: Int(cairo_image_surface_get_stride(surface))))
    cairo_surface_mark_dirty(surface)
  }

  /// Replaces each pixel's alpha with its (premultiplied) luminance, so the pattern masks by brightness (by
  /// darkness when `inverted`: 255 minus it).
  static func convertToLuma(_ pattern: OpaquePointer, inverted: Bool = false) {
    editPixels(of: pattern) { Coverage.convertToLuma($0, inverted: inverted) }
  }

  // MARK: - Masks

  /// Keeps the current group's pixels (the layer's) where its masks are: the combined mask is built in order,
  /// as After Effects combines masks, then the group is multiplied by it in place (DEST_IN: the same values as
  /// masking the layer into a new group, without clearing and filling one). With a the coverage so far and c a
  /// mask's coverage times its opacity: add a + c − ac, subtract a(1 − c), intersect ac, lighten max(a, c),
  /// darken min(a, c), difference |a − c|. The group must not be clipped (DEST_IN would stop at the clip).
  /// With `ontoTarget` (a fresh, clear target under the group, and nothing more to do to the result) plain masks
  /// may leave their result on the target instead, the group popped: true when they did.
  @discardableResult
  func applyMasks(_ masks: [MaskNode], world: Affine, ontoTarget: Bool = false) -> Bool {
    let plain = masks.allSatisfy { !$0.isInverted && $0.opacity >= 100 && $0.expansion == 0 }
    if plain, let first = masks.first, first.mode == .add || first.mode == .lighten,
      masks.dropFirst().allSatisfy({ $0.mode == .subtract || $0.mode == .intersect })
    {
      // Plain masks that add one shape and then cut it: the layer's pixels filled through the first outline
      // into a new group (keeping them in place through its coverage gives other roundings at the edges: Cairo's
      // spans mix differently), then each later outline taken away (subtract) or kept (intersect) by a fill
      // with that operator. No combined mask is made.
      guard let content = popGroup() else { return false }
      // The target is as clear as a new group would be: one group fewer to clear.
      if !ontoTarget { pushGroup() }
      cairo_set_source(context, content)
      setMatrix(world)
      cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
      cairo_new_path(context)
      appendPath(first.path, transform: .identity)
      cairo_fill(context)
      cairo_pattern_destroy(content)
      cairo_set_source_rgba(context, 0, 0, 0, 1)
      for mask in masks.dropFirst() {
        cairo_new_path(context)
        appendPath(mask.path, transform: .identity)
        // DEST_IN is unbounded: it clears outside the outline too, as an intersection must.
        cairo_set_operator(context, mask.mode == .subtract ? CAIRO_OPERATOR_DEST_OUT : CAIRO_OPERATOR_DEST_IN)
        cairo_fill(context)
      }
      cairo_set_operator(context, CAIRO_OPERATOR_OVER)
      return ontoTarget
    }
    pushGroup(alphaOnly: true)
    // Start empty when the first mask adds, full when it subtracts or intersects.
    if let first = masks.first, first.mode == .subtract || first.mode == .intersect || first.mode == .darken {
      cairo_identity_matrix(context)
      cairo_set_source_rgba(context, 0, 0, 0, 1)
      cairo_paint(context)
    }
    for mask in masks {
      let opacity = min(max(mask.opacity / 100, 0), 1)
      let path = mask.path
      let expansion = mask.expansion
      let op: cairo_operator_t
      switch mask.mode {
      // Lighten, darken and difference use these operators only where their pixels cannot be reached.
      case .add, .lighten: op = CAIRO_OPERATOR_OVER
      case .subtract: op = CAIRO_OPERATOR_DEST_OUT
      case .intersect, .darken: op = CAIRO_OPERATOR_DEST_IN
      case .difference: op = CAIRO_OPERATOR_XOR
      case .none: continue
      }
      if mask.mode != .lighten, mask.mode != .darken, mask.mode != .difference, !mask.isInverted, opacity >= 1,
        expansion == 0
      {
        // A plain mask combines with the ones before by filling its outline with the operator straight onto
        // them: the same coverage as drawing it in a group of its own and painting that.
        setMatrix(world)
        cairo_new_path(context)
        appendPath(path, transform: .identity)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        cairo_set_source_rgba(context, 0, 0, 0, 1)
        cairo_set_operator(context, op)
        cairo_fill(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        continue
      }
      // Draw this mask's coverage in its own group, then combine it with the ones before.
      pushGroup(alphaOnly: true)
      setMatrix(world)
      appendPath(path, transform: .identity)
      cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
      cairo_set_source_rgba(context, 0, 0, 0, 1)
      if expansion != 0 {
        cairo_set_line_width(context, heldLineWidth(abs(expansion) * 2))
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        if expansion > 0 {
          cairo_fill_preserve(context)
          cairo_stroke(context)
        } else {
          cairo_fill_preserve(context)
          cairo_set_operator(context, CAIRO_OPERATOR_DEST_OUT)
          cairo_stroke(context)
          cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        }
      } else {
        cairo_fill(context)
      }
      if mask.isInverted {
        cairo_identity_matrix(context)
        cairo_set_operator(context, CAIRO_OPERATOR_XOR)
        cairo_paint(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
      }
      if mask.mode == .lighten || mask.mode == .darken || mask.mode == .difference {
        // No Cairo operator takes the maximum, minimum or difference of alpha: combine the pixels directly.
        guard let coverage = popGroup() else { continue }
        defer { cairo_pattern_destroy(coverage) }
        if LayerPainter.combineCoverage(
          coverage, into: cairo_get_group_target(context), mode: mask.mode, opacity: opacity)
        {
          continue
        }
        cairo_set_source(context, coverage)
      } else {
        popGroupToSource()
      }
      cairo_identity_matrix(context)
      cairo_set_operator(context, op)
      cairo_paint_with_alpha(context, opacity)
      cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    }
    guard let maskPattern = popGroup() else { return false }
    defer { cairo_pattern_destroy(maskPattern) }
    cairo_identity_matrix(context)
    cairo_set_source(context, maskPattern)
    cairo_set_operator(context, CAIRO_OPERATOR_DEST_IN)
    cairo_paint(context)
    cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    return false
  }

  /// Where the masks can leave anything of a layer whose content lies in `box`, in device pixels: `box` cut
  /// down to the masks' bounds as they combine (adding grows the area, intersecting shrinks it, subtracting
  /// leaves it), or nil when nothing is left. Inverted masks reach everywhere.
  static func maskBounds(_ masks: [MaskNode], world: Affine, within box: DeviceBox) -> DeviceBox? {
    guard let first = masks.first else { return box }
    // nil: everything (the content's box); else the area so far (invalid when empty).
    var area: DeviceBox? =
      first.mode == .subtract || first.mode == .intersect || first.mode == .darken ? nil : DeviceBox()
    for mask in masks {
      var reach: DeviceBox? = nil
      if !mask.isInverted {
        var b = DeviceBox()
        let path = mask.path
        let pad = 1 + max(0, mask.expansion) * world.maxScale
        for (i, v) in path.vertices.enumerated() {
          b.add(world.apply(v), pad: pad)
          b.add(world.apply(v + path.inTangents[i]), pad: pad)
          b.add(world.apply(v + path.outTangents[i]), pad: pad)
        }
        reach = b
      }
      switch mask.mode {
      case .add, .lighten, .difference:
        guard let current = area else { break }
        guard let r = reach else {
          area = nil
          break
        }
        area = current.isValid ? (r.isValid ? current.union(r) : current) : r
      case .intersect where mask.opacity >= 100, .darken:
        guard let r = reach else { break }
        area = area.map { $0.intersection(r) } ?? r
      case .intersect, .subtract, .none:
        break
      }
    }
    let result = area.map { $0.intersection(box) } ?? box
    return result.isValid ? result : nil
  }

  /// Combines the alpha-only group `pattern` (a mask's coverage) into the alpha-only surface `target` (the
  /// masks so far) pixel by pixel: lighten keeps the larger value, darken the smaller, difference their
  /// difference, the mask's coverage scaled by `opacity` first. False when the two are not A8 image
  /// surfaces of the same size and place (the caller then falls back to an operator).
  static func combineCoverage(
    _ pattern: OpaquePointer, into target: OpaquePointer, mode: MaskMode, opacity: Double
  ) -> Bool {
    var surfaceOut: OpaquePointer? = nil
    guard cairo_pattern_get_surface(pattern, &surfaceOut) == CAIRO_STATUS_SUCCESS, let source = surfaceOut,
      cairo_surface_get_type(source) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_image_surface_get_format(source) == CAIRO_FORMAT_A8,
      cairo_image_surface_get_format(target) == CAIRO_FORMAT_A8
    else { return false }
    let w = Int(cairo_image_surface_get_width(target)), h = Int(cairo_image_surface_get_height(target))
    guard Int(cairo_image_surface_get_width(source)) == w, Int(cairo_image_surface_get_height(source)) == h else {
      return false
    }
    var sx = 0.0, sy = 0.0, tx = 0.0, ty = 0.0
    cairo_surface_get_device_offset(source, &sx, &sy)
    cairo_surface_get_device_offset(target, &tx, &ty)
    guard sx == tx, sy == ty else { return false }
    cairo_surface_flush(source)
    cairo_surface_flush(target)
    guard let from = cairo_image_surface_get_data(source), let to = cairo_image_surface_get_data(target) else {
      return false
    }
    let fromStride = Int(cairo_image_surface_get_stride(source)), toStride = Int(cairo_image_surface_get_stride(target))
    let scale = (opacity * 255).roundedClampedInt(0...255)  // NaN gives 0
    let combination: Coverage.Combination =
      switch mode {
      case .lighten: .lighten
      case .darken: .darken
      default: .difference
      }
    Coverage.combine(
      RasterImage(data: from, width: w, height: h, stride: fromStride),
      into: RasterImage(data: to, width: w, height: h, stride: toStride), combination, scale: scale)
    cairo_surface_mark_dirty(target)
    return true
  }
}
