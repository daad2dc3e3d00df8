import CCairo
import Foundation
import Lottie
import LottieScene

/// A layer effect's values at one frame, with lengths in device pixels.
enum ResolvedEffect: Equatable {
  case fill(color: RGBA, opacity: Double)
  case tint(black: RGBA, white: RGBA, amount: Double)
  case tritone(bright: RGBA, mid: RGBA, dark: RGBA)
  case blur(sigmaX: Double, sigmaY: Double)
  case shadow(color: RGBA, opacity: Double, offset: Vec2, sigma: Double, shadowOnly: Bool)
  /// Gradient Ramp: `toLayer` maps device points to layer space, where the ramp runs from `start` to `end`.
  case ramp(toLayer: Affine, start: Vec2, end: Vec2, startColor: RGBA, endColor: RGBA, radial: Bool, blend: Double)
  /// The inner shadow style, `blend` a Cairo operator.
  case innerShadow(color: RGBA, opacity: Double, offset: Vec2, sigma: Double, blend: cairo_operator_t)
  /// A band `width` device pixels wide around the outside of the layer's pixels, under them.
  case outline(color: RGBA, width: Double, opacity: Double)
  /// Mask paths in layer space, stroked under `world`.
  case stroke(
    paths: [BezierPath], world: Affine, color: RGBA, width: Double, opacity: Double, start: Double,
    end: Double, spacing: Double, paintStyle: StrokePaintStyle)

  /// Larger blurs are clamped: beyond this the layer is a faint haze anyway.
  static let maxSigma = 400.0
  /// Wider stroke styles are clamped (After Effects allows 250 px at 100%).
  static let maxOutline = 1000.0

  /// The effects' values at this frame, for a layer drawn with `world` with `masks` (all of them, as a stroke
  /// effect counts them). Effects that change nothing are left out.
  static func resolve(_ effects: [EffectValues], masks: [MaskNode], world: Affine) -> [ResolvedEffect] {
    let scale = world.maxScale
    var out: [ResolvedEffect] = []
    for effect in effects {
      switch effect {
      case .fill(let color, let opacity):
        out.append(.fill(color: color, opacity: min(max(opacity, 0), 1)))
      case .tint(let black, let white, let amount):
        let a = min(max(amount, 0), 1)
        if a > 0 { out.append(.tint(black: black, white: white, amount: a)) }
      case .tritone(let bright, let mid, let dark):
        out.append(.tritone(bright: bright, mid: mid, dark: dark))
      case .gaussianBlur(let sigma, let dimensions):
        let s = min(max(sigma, 0) * scale, maxSigma)
        let d = (dimensions + 0.5).clampedInt(-1000...1000)
        let sx = d == 3 ? 0 : s, sy = d == 2 ? 0 : s
        if sx >= 0.3 || sy >= 0.3 { out.append(.blur(sigmaX: sx, sigmaY: sy)) }
      case .stroke(let index, let all, let color, let size, let opacity, let start, let end, let spacing, let style):
        let chosen = all ? Array(masks.indices) : (masks.indices.contains(index - 1) ? [index - 1] : [])
        let width = size * 2
        guard !chosen.isEmpty, width > 0 || style == .onTransparent else { continue }
        out.append(
          .stroke(
            paths: chosen.map { masks[$0].path }, world: world, color: color, width: width,
            opacity: min(max(opacity, 0), 1), start: start, end: end, spacing: spacing, paintStyle: style))
      case .dropShadow(let color, let opacity, let direction, let distance, let sigma, let shadowOnly):
        let o = min(max(opacity, 0), 1)
        guard o > 0 || shadowOnly else { continue }
        // lottie-web draws the filter in the layer's space: the offset turns and scales with the layer.
        let angle = (direction - 90) * .pi / 180
        let offset = world.applyVector(Vec2(distance * cos(angle), distance * sin(angle)))
        let s = min(max(sigma, 0) * scale, maxSigma)
        out.append(.shadow(color: color, opacity: o, offset: offset, sigma: s, shadowOnly: shadowOnly))
      case .transform:
        // Drawn as part of the layer's matrix and opacity (`SceneLayer.effectMatrix`).
        continue
      case .gradientRamp(let start, let startColor, let end, let endColor, let shape, let blend):
        let b = min(max(blend, 0), 1)
        guard b < 1, let toLayer = world.inverted() else { continue }
        out.append(
          .ramp(
            toLayer: toLayer, start: start, end: end, startColor: startColor, endColor: endColor,
            radial: (shape + 0.5).clampedInt(0...10) == 2, blend: b))
      case .innerShadow(let color, let opacity, let direction, let distance, let sigma, let blendMode):
        let o = min(max(opacity, 0), 1)
        guard o > 0 else { continue }
        let angle = (direction - 90) * .pi / 180
        let offset = world.applyVector(Vec2(distance * cos(angle), distance * sin(angle)))
        let s = min(max(sigma, 0) * scale, maxSigma)
        out.append(
          .innerShadow(color: color, opacity: o, offset: offset, sigma: s, blend: LayerPainter.blendOperator(blendMode))
        )
      case .layerStroke(let color, let size, let opacity):
        let o = min(max(opacity, 0), 1)
        // Lengths in the layer's pixels scale with it, as the drop shadow's do.
        let width = min(max(size, 0) * scale, maxOutline)
        if o > 0 && width > 0 { out.append(.outline(color: color, width: width, opacity: o)) }
      }
    }
    return out
  }

  /// How far, in device pixels, the effects can reach beyond the layer's own pixels.
  static func margin(_ effects: [ResolvedEffect]) -> Double {
    var margin = 0.0
    for effect in effects {
      switch effect {
      case .blur(let sx, let sy): margin += 3 * max(sx, sy) + 2
      case .shadow(_, _, let offset, let sigma, _): margin += max(abs(offset.x), abs(offset.y)) + 3 * sigma + 2
      // Drawn inside the layer, but the outside it is cast from must reach that far for the blur to see it.
      case .innerShadow(_, _, let offset, let sigma, _): margin += max(abs(offset.x), abs(offset.y)) + 3 * sigma + 2
      case .outline(_, let width, _): margin += width + 2
      // Mask paths may lie anywhere: the whole canvas.
      case .stroke(_, _, _, _, _, _, _, _, let style) where style != .revealOriginalImage: margin += 100_000
      default: break
      }
    }
    return margin
  }
}

extension DeviceBox {
  /// The box grown by `margin` on every side.
  func expanded(by margin: Double) -> DeviceBox {
    var box = self
    box.minX -= margin
    box.minY -= margin
    box.maxX += margin
    box.maxY += margin
    return box
  }
}

extension LayerPainter {
  /// Pops the current group (the layer's pixels after its masks) and gives back the effects' result (nil if
  /// Cairo fails): the group itself where every effect works in place, so nothing is copied. `layer`'s effects'
  /// work (their passes over the group's pixels) is checked against the budget first: over it, the layer is
  /// left out (and the frame is refused).
  func applyEffects(_ effects: [ResolvedEffect], of layer: SceneLayer) -> OpaquePointer? {
    guard var content = popGroup() else { return nil }
    guard checkEffectWork(effects, on: content, of: layer) else {
      cairo_pattern_destroy(content)
      return drawnGroup {}
    }
    for effect in effects {
      switch effect {
      case .fill(let color, let opacity):
        EffectPixels.apply(content) { EffectPixels.fill($0, color: color, opacity: opacity) }
      case .tint(let black, let white, let amount):
        EffectPixels.apply(content) { EffectPixels.tint($0, black: black, white: white, amount: amount) }
      case .tritone(let bright, let mid, let dark):
        EffectPixels.apply(content) { EffectPixels.tritone($0, bright: bright, mid: mid, dark: dark) }
      case .blur(let sx, let sy):
        EffectPixels.apply(content) { EffectPixels.blur($0, sigmaX: sx, sigmaY: sy) }
      case .stroke(let paths, let world, let color, let width, let opacity, let start, let end, let spacing, let style):
        if let result = strokeEffect(
          content, paths: paths, world: world, color: color, width: width, opacity: opacity, start: start, end: end,
          spacing: spacing, paintStyle: style)
        {
          cairo_pattern_destroy(content)
          content = result
        }
      case .outline(let color, let width, let opacity):
        EffectPixels.apply(content) { EffectPixels.outline($0, color: color, width: width, opacity: opacity) }
      case .shadow(let color, let opacity, let offset, let sigma, let shadowOnly):
        if let result = dropShadow(
          content, color: color, opacity: opacity, offset: offset, sigma: sigma, shadowOnly: shadowOnly)
        {
          cairo_pattern_destroy(content)
          content = result
        }
      case .ramp(let toLayer, let start, let end, let startColor, let endColor, let radial, let blend):
        EffectPixels.ramp(
          content, toLayer: toLayer, start: start, end: end, startColor: startColor, endColor: endColor,
          radial: radial, blend: blend)
      case .innerShadow(let color, let opacity, let offset, let sigma, let blend):
        if let result = innerShadow(content, color: color, opacity: opacity, offset: offset, sigma: sigma, blend: blend)
        {
          cairo_pattern_destroy(content)
          content = result
        }
      }
    }
    return content
  }

  /// Passes over the layer's pixels each effect makes (a pass reads and writes every pixel once): a blur is
  /// three box blurs per axis, a shadow a blur and its compositing, an outline a distance transform.
  static func passes(_ effect: ResolvedEffect) -> Double {
    switch effect {
    case .fill, .tint, .tritone, .ramp: return 1
    case .blur: return 7
    case .stroke: return 3
    case .outline: return 4
    case .shadow, .innerShadow: return 10
    }
  }

  /// Whether the effects' work on `content` (its pixels times their passes) fits the budget.
  private func checkEffectWork(_ effects: [ResolvedEffect], on content: OpaquePointer, of layer: SceneLayer) -> Bool {
    var surfaceOut: OpaquePointer? = nil
    guard cairo_pattern_get_surface(content, &surfaceOut) == CAIRO_STATUS_SUCCESS, let surface = surfaceOut,
      cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE
    else { return true }
    let pixels = Double(cairo_image_surface_get_width(surface)) * Double(cairo_image_surface_get_height(surface))
    let passes = effects.reduce(0.0) { $0 + LayerPainter.passes($1) }
    let what = effects.count == 1 ? "the effect here needs" : "the \(effects.count) effects here need"
    return scene.graph.budget.checkEffect(
      pixels: pixels, passes: passes, what: what, at: layer.model.path.appending("ef"))
  }

  /// lottie-web's stroke effect: mask paths stroked with round caps, dotted and trimmed by a dash pattern,
  /// over the layer, alone, or as a mask revealing the layer (`paintStyle`).
  private func strokeEffect(
    _ content: OpaquePointer, paths: [BezierPath], world: Affine, color: RGBA, width: Double, opacity: Double,
    start: Double, end: Double, spacing: Double, paintStyle: StrokePaintStyle
  ) -> OpaquePointer? {
    let reveal = paintStyle == .revealOriginalImage
    pushGroup()
    if paintStyle == .onOriginalImage {
      cairo_set_source(context, content)
      cairo_paint(context)
    }
    // The strokes go in a group of their own so that the opacity applies to them as a whole.
    pushGroup()
    setMatrix(world)
    cairo_set_line_width(context, heldLineWidth(width))
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
    cairo_set_source_rgba(context, reveal ? 1 : color.r, reveal ? 1 : color.g, reveal ? 1 : color.b, 1)
    let gap = width * max(spacing, 0) / 100
    for path in paths where !path.vertices.isEmpty {
      cairo_new_path(context)
      appendPath(path, transform: .identity)
      var dashes: [Double] = []
      if start != 0 || end != 100 {
        let s = min(max(min(start, end) / 100, 0), 1), e = min(max(max(start, end) / 100, 0), 1)
        let length = pathLength()
        dashes = [0, 0, 0, length * s]
        let segment = 1 + gap
        let count = (length * (e - s) / segment).clampedInt(0...100_000)
        if count > 0 { for _ in 0..<count { dashes += [1, gap] } }
        dashes += [0, length * 10, 0, 0]
      } else if gap > 0 {
        dashes = [1, gap]
      }
      // Cairo rejects (and stays in error for the whole frame) an all-zero or non-finite pattern.
      if dashes.isEmpty || dashes.allSatisfy({ $0 == 0 }) || !dashes.allSatisfy({ $0.isFinite && $0 >= 0 }) {
        cairo_set_dash(context, nil, 0, 0)
      } else {
        dashes.withUnsafeBufferPointer { cairo_set_dash(context, $0.baseAddress, Int32($0.count), 1) }
      }
      cairo_stroke(context)
    }
    cairo_set_dash(context, nil, 0, 0)
    guard let strokes = popGroup() else {
      if let discarded = popGroup() { cairo_pattern_destroy(discarded) }
      return nil
    }
    defer { cairo_pattern_destroy(strokes) }
    cairo_identity_matrix(context)
    if reveal {
      pushGroup()
      cairo_set_source_rgba(context, 0, 0, 0, opacity)
      cairo_mask(context, strokes)
      guard let mask = popGroup() else { return popGroup() }
      defer { cairo_pattern_destroy(mask) }
      cairo_set_source(context, content)
      cairo_mask(context, mask)
    } else {
      cairo_set_source(context, strokes)
      cairo_paint_with_alpha(context, opacity)
    }
    return popGroup()
  }

  /// The length of the current path, in user space.
  private func pathLength() -> Double {
    guard let flat = cairo_copy_path_flat(context) else { return 0 }
    defer { cairo_path_destroy(flat) }
    var length = 0.0
    var current = Vec2(0, 0), first = Vec2(0, 0)
    var i = 0
    let count = Int(flat.pointee.num_data)
    while i < count {
      let header = flat.pointee.data[i].header
      let point = { (k: Int) in Vec2(flat.pointee.data[i + k].point.x, flat.pointee.data[i + k].point.y) }
      switch header.type {
      case CAIRO_PATH_MOVE_TO:
        current = point(1)
        first = current
      case CAIRO_PATH_LINE_TO:
        let p = point(1)
        length += (p - current).length
        current = p
      case CAIRO_PATH_CLOSE_PATH:
        length += (first - current).length
        current = first
      default:
        break
      }
      i += Int(header.length)
    }
    return length
  }

  /// The layer over a blurred, coloured and offset copy of its coverage (or that copy alone).
  private func dropShadow(
    _ content: OpaquePointer, color: RGBA, opacity: Double, offset: Vec2, sigma: Double, shadowOnly: Bool
  ) -> OpaquePointer? {
    pushGroup()
    cairo_set_source_rgba(context, color.r, color.g, color.b, 1)
    cairo_mask(context, content)
    guard let shadow = popGroup() else { return nil }
    defer { cairo_pattern_destroy(shadow) }
    if sigma >= 0.3 { EffectPixels.apply(shadow) { EffectPixels.blur($0, sigmaX: sigma, sigmaY: sigma) } }
    pushGroup()
    cairo_translate(context, offset.x, offset.y)
    cairo_set_source(context, shadow)
    cairo_paint_with_alpha(context, opacity * color.a)
    if !shadowOnly {
      cairo_identity_matrix(context)
      cairo_set_source(context, content)
      cairo_paint(context)
    }
    return popGroup()
  }
}

extension LayerPainter {
  /// The inner shadow style over `content`: the colour where the layer is not, moved by `offset` and blurred,
  /// kept where the layer is, blended onto it with `blend`.
  fileprivate func innerShadow(
    _ content: OpaquePointer, color: RGBA, opacity: Double, offset: Vec2, sigma: Double, blend: cairo_operator_t
  ) -> OpaquePointer? {
    // The outside of the layer, in the shadow's colour: everything in the group's area minus the layer.
    pushGroup()
    cairo_set_source_rgba(context, color.r, color.g, color.b, 1)
    cairo_paint(context)
    cairo_set_operator(context, CAIRO_OPERATOR_DEST_OUT)
    cairo_set_source(context, content)
    cairo_paint(context)
    guard let outside = popGroup() else { return nil }
    defer { cairo_pattern_destroy(outside) }
    if sigma >= 0.3 { EffectPixels.apply(outside) { EffectPixels.blur($0, sigmaX: sigma, sigmaY: sigma) } }
    // Moved, faded, and kept only where the layer is.
    pushGroup()
    cairo_translate(context, offset.x, offset.y)
    cairo_set_source(context, outside)
    cairo_paint_with_alpha(context, opacity * color.a)
    cairo_identity_matrix(context)
    cairo_set_operator(context, CAIRO_OPERATOR_DEST_IN)
    cairo_set_source(context, content)
    cairo_paint(context)
    guard let shadow = popGroup() else { return nil }
    defer { cairo_pattern_destroy(shadow) }
    // The layer, with the shadow blended onto it.
    pushGroup()
    cairo_set_source(context, content)
    cairo_paint(context)
    cairo_set_operator(context, blend)
    cairo_set_source(context, shadow)
    cairo_paint(context)
    cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    return popGroup()
  }
}

extension LayerPainter {
  /// The stroke style of a solid whose masks (if any) only add shapes lying inside it: its outline is then a
  /// stroke of the rectangle or of the mask paths (round joins, the band's width on both sides), under the
  /// solid's colour filled inside them, instead of a distance transform over the layer's pixels. Nil for any
  /// other layer.
  static func solidOutline(_ layer: SceneLayer, effects: [ResolvedEffect]) -> (
    color: RGBA, width: Double, opacity: Double
  )? {
    guard case .solid(_, let w, let h) = layer.content, effects.count == 1,
      case .outline(let color, let width, let opacity) = effects[0]
    else { return nil }
    for mask in layer.activeMasks {
      guard mask.mode == .add, !mask.isInverted, mask.opacity >= 100, mask.expansion == 0 else { return nil }
      let path = mask.path
      for (i, v) in path.vertices.enumerated() {
        for p in [v, v + path.inTangents[i], v + path.outTangents[i]]
        where !(p.x >= 0 && p.x <= w && p.y >= 0 && p.y <= h) {
          return nil
        }
      }
    }
    return (color, width, opacity)
  }

  /// Draws a solid under `solidOutline`'s conditions with its outline, into the current group.
  func drawSolidOutline(
    _ layer: SceneLayer, _ outline: (color: RGBA, width: Double, opacity: Double), world: Affine, opacity: Double
  ) {
    guard case .solid(let color, let w, let h) = layer.content else { return }
    let rectangle = BezierPath(
      isClosed: true, vertices: [Vec2(0, 0), Vec2(w, 0), Vec2(w, h), Vec2(0, h)],
      inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4))
    let shapes = layer.activeMasks.isEmpty ? [rectangle] : layer.activeMasks.map(\.path)
    // The band, in device space so that its width is the same in every direction (as the pixel distance is).
    cairo_identity_matrix(context)
    cairo_set_line_width(context, heldLineWidth(outline.width * 2))
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_dash(context, nil, 0, 0)
    cairo_set_source_rgba(context, outline.color.r, outline.color.g, outline.color.b, outline.color.a * outline.opacity)
    cairo_new_path(context)
    for shape in shapes where !shape.vertices.isEmpty { appendPath(shape, transform: world) }
    cairo_stroke(context)
    // The solid over it, inside its masks (each adds its shape).
    setMatrix(world)
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    cairo_set_source_rgba(context, color.r, color.g, color.b, color.a * opacity)
    for shape in shapes where !shape.vertices.isEmpty {
      cairo_new_path(context)
      appendPath(shape, transform: .identity)
      cairo_fill(context)
    }
  }
}
