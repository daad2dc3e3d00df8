import CCairo
import Foundation
import Lottie
import LottieScene
import Raster

/// Draws the scene's layers into a Cairo context, at the frame the scene was brought to.
struct LayerPainter {
  let scene: Scene
  let context: OpaquePointer
  /// The only pixels of the frame that are kept (a frame redrawn in part); groups are composited there only.
  /// Compositing an image through a pixel-aligned rectangle gives the same pixels inside it; drawing paths
  /// through one does not quite (see `FrameRenderer.drawPart`), so only composites are cut.
  var compositeArea: PixelRect? = nil

  /// Clips to `compositeArea`, if any (the matrix is left as the identity).
  func clipToArea() {
    guard let area = compositeArea else { return }
    cairo_identity_matrix(context)
    cairo_rectangle(context, Double(area.x), Double(area.y), Double(area.width), Double(area.height))
    cairo_clip(context)
  }

  static let maxDepth = AnimationScene.maxDepth

  // MARK: - Compositions

  /// 1. Walk layers bottom (last) to top (first). 2. Skip matte sources, hidden and out-of-range layers.
  /// 3. Draw each, through its matte when it has one. With a `cursor` (the root's walk), each layer drawn
  /// straight onto the frame counts as a step that may be skipped (it is in the backdrop already) or preceded
  /// by a snapshot; precomps drawn without a group of their own are walked into.
  func drawComposition(_ comp: SceneComposition, matrix: Affine, depth: Int, cursor: StepCursor? = nil) {
    guard depth < LayerPainter.maxDepth else { return }
    for layer in comp.layers.reversed() where layer.isDrawn {
      // The last resort of the work budget: a frame over its time draws no more layers.
      guard scene.graph.budget.checkTime(at: layer.model.path) else { return }
      if let cursor {
        if depth < BackdropCache.maxExpandedDepth, cursor.count < BackdropCache.maxSteps,
          let child = LayerPainter.directPrecomp(layer, matrix: matrix), case .precomp(_, let w, let h) = layer.content
        {
          // As `drawContent` draws a precomp.
          let world = contentMatrix(layer, matrix: matrix)
          cairo_save(context)
          setMatrix(world)
          appendRectangle(w, h)
          cairo_clip(context)
          drawComposition(child, matrix: world, depth: depth + 1, cursor: cursor)
          cairo_restore(context)
          continue
        }
        guard cursor.step() else { continue }
      }
      if let mode = layer.model.matteMode, let matte = layer.matte {
        drawMatted(layer, matte: matte, mode: mode, matrix: matrix, depth: depth)
      } else {
        drawLayer(layer, matrix: matrix, depth: depth)
      }
    }
  }

  /// The composition of a precomp layer that `drawLayer` would draw straight onto what is under it, without a
  /// group (no matte, masks, effects, blend mode or opacity under 1); nil for any other layer.
  static func directPrecomp(_ layer: SceneLayer, matrix: Affine) -> SceneComposition? {
    let mode = layer.model.blendMode
    guard case .precomp(let child, _, _) = layer.content, layer.opacity >= 1, layer.activeMasks.isEmpty,
      layer.effects.isEmpty, blendOperator(mode) == CAIRO_OPERATOR_OVER, mode != .hardMix,
      layer.model.matteMode == nil || layer.matte == nil,
      abs(layer.effectMatrix.then(layer.parentedMatrix).then(matrix).determinant) > 1e-12
    else { return nil }
    return child
  }

  /// The matrix from the space a layer's content is drawn in to device space: its Transform effects, its own
  /// transform, its parents', then the composition's.
  func contentMatrix(_ layer: SceneLayer, matrix: Affine) -> Affine {
    layer.effectMatrix.then(layer.parentedMatrix).then(matrix)
  }

  // MARK: - Layers

  /// The paint operations of a shape layer (nil for other kinds of layer).
  func shapes(_ layer: SceneLayer) -> ShapeContent? {
    if case .shapes(let shapes) = layer.content { return shapes }
    return nil
  }

  /// The layer's effects at this frame, with lengths in device pixels for a layer drawn with `world`.
  func effects(_ layer: SceneLayer, world: Affine) -> [ResolvedEffect] {
    layer.effects.isEmpty ? [] : ResolvedEffect.resolve(layer.effects.map(\.values), masks: layer.masks, world: world)
  }

  /// Draws one layer.
  func drawLayer(_ layer: SceneLayer, matrix: Affine, depth: Int) {
    let opacity = layer.opacity
    guard opacity > 0 else { return }
    let world = contentMatrix(layer, matrix: matrix)
    guard abs(world.determinant) > 1e-12 else { return }
    let blendMode = layer.model.blendMode
    let blend = LayerPainter.blendOperator(blendMode)
    let activeMasks = layer.activeMasks
    let shapes = self.shapes(layer)
    let effects = self.effects(layer, world: world)
    // A lone paint takes the layer's opacity itself: no group needed (the result is the same).
    var paintOpacity = 1.0
    var groupOpacity = min(opacity, 1)
    if groupOpacity < 1, blend == CAIRO_OPERATOR_OVER, activeMasks.isEmpty, effects.isEmpty, let s = shapes,
      s.operations.count <= 1
    {
      paintOpacity = groupOpacity
      groupOpacity = 1
    }
    let needsGroup =
      blend != CAIRO_OPERATOR_OVER || blendMode == .hardMix || !activeMasks.isEmpty || groupOpacity < 1
      || !effects.isEmpty || shapes?.hasBlendedPaint == true
    guard needsGroup else {
      drawContent(layer, opacity: paintOpacity, world: world, depth: depth)
      return
    }
    // Groups are as large as the clip: clip to the layer's bounds first so that compositing touches only the
    // pixels the layer can cover (inside its masks). Blurs and shadows reach beyond them by a margin.
    guard var box = contentBounds(layer, world: world) else { return }
    if !activeMasks.isEmpty {
      guard let limit = LayerPainter.maskBounds(activeMasks, world: world, within: box) else { return }
      box = limit
    }
    if !effects.isEmpty { box = box.expanded(by: ResolvedEffect.margin(effects)) }
    guard !box.isEmpty(within: canvasBox) else { return }
    cairo_save(context)
    defer { cairo_restore(context) }
    clipToBox(box)
    let group: OpaquePointer
    if activeMasks.isEmpty && effects.isEmpty {
      // A group drawn from the same key before (only its opacity, applied below, changed since) is composited
      // from its kept pixels. In a frame drawn in part the composites inside the group are cut to the part's
      // area, which leaves the pixels inside it as in a whole frame: a group is kept from a part only when its
      // clip lies inside the area.
      let key = groupKey(layer, world: world, opacity: paintOpacity)
      if let key, let kept = scene.layerGroups.surface(for: layer, key: key, caches: scene.caches),
        let pattern = cairo_pattern_create_for_surface(kept)
      {
        group = pattern
      } else {
        pushGroup()
        drawContent(layer, opacity: paintOpacity, world: world, depth: depth, ontoClearGroup: true)
        guard let popped = popGroup() else { return }
        group = popped
        var surface: OpaquePointer? = nil
        if let key, compositeArea.map({ area in key.clip.allSatisfy { $0.intersection(area) == $0 } }) ?? true,
          scene.graph.budget.exceeded == nil,
          cairo_pattern_get_surface(popped, &surface) == CAIRO_STATUS_SUCCESS, let surface
        {
          scene.layerGroups.keep(surface, for: layer, key: key, caches: scene.caches, onSecondSight: true)
        }
      }
    } else {
      // Masks and effects are drawn into the layer's own image of its box (not a group of what is being drawn
      // on, which ancestors' clips would cut), so its pixels depend on the layer alone and are kept while it
      // does not change.
      guard let rect = PixelRect(box.intersection(canvasBox)),
        let surface = layerImage(
          layer, world: world, rect: rect, effects: effects, opacity: paintOpacity, depth: depth),
        let pattern = cairo_pattern_create_for_surface(surface)
      else { return }
      cairo_surface_destroy(surface)
      group = pattern
    }
    defer { cairo_pattern_destroy(group) }
    cairo_identity_matrix(context)
    clipToArea()
    if blendMode == .hardMix {
      compositeHardMix(group, opacity: groupOpacity)
    } else {
      cairo_set_source(context, group)
      cairo_set_operator(context, blend)
      cairo_paint_with_alpha(context, groupOpacity)
      cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    }
  }

  /// The key of the group a layer drawn with `world` and paint `opacity` pushes now (see `LayerGroupCache`),
  /// or nil when it is not kept: caches off, or a clip that is not pixel-aligned rectangles (its edges'
  /// coverage is not compared). A group's pixels depend on the layer's content (its version), the matrix and
  /// opacity it is drawn with, the clip it is pushed under and the surface it is pushed on (it is as large as
  /// both allow, and drawn through the clip); not on what it is composited onto, nor the opacity it is
  /// composited with.
  func groupKey(_ layer: SceneLayer, world: Affine, opacity: Double) -> LayerGroupCache.Key? {
    guard scene.caches.isEnabled, let on = cairo_get_group_target(context),
      cairo_surface_get_type(on) == CAIRO_SURFACE_TYPE_IMAGE
    else { return nil }
    var dx = 0.0, dy = 0.0
    cairo_surface_get_device_offset(on, &dx, &dy)
    guard let x = Int(exactly: -dx), let y = Int(exactly: -dy) else { return nil }
    let extents = PixelRect(
      x: x, y: y, width: Int(cairo_image_surface_get_width(on)), height: Int(cairo_image_surface_get_height(on)))
    cairo_identity_matrix(context)
    guard let list = cairo_copy_clip_rectangle_list(context) else { return nil }
    defer { cairo_rectangle_list_destroy(list) }
    guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
    var clip: [PixelRect] = []
    for i in 0..<Int(list.pointee.num_rectangles) {
      let r = list.pointee.rectangles[i]
      guard let rx = Int(exactly: r.x), let ry = Int(exactly: r.y), let w = Int(exactly: r.width),
        let h = Int(exactly: r.height)
      else { return nil }
      clip.append(PixelRect(x: rx, y: ry, width: w, height: h))
    }
    return LayerGroupCache.Key(
      version: layer.version, world: world, effects: [], rect: extents, opacity: opacity, clip: clip)
  }

  /// The layer's pixels inside `rect` after its masks and effects (before its opacity and blend mode), as an
  /// image surface with the device offset of `rect` (the caller releases it): kept from an earlier frame when
  /// the layer's content, matrix and effects are the same, else drawn now on a context of its own.
  func layerImage(
    _ layer: SceneLayer, world: Affine, rect: PixelRect, effects: [ResolvedEffect], opacity: Double, depth: Int
  ) -> OpaquePointer? {
    let key = LayerGroupCache.Key(version: layer.version, world: world, effects: effects, rect: rect, opacity: opacity)
    if let kept = scene.layerGroups.surface(for: layer, key: key, caches: scene.caches) {
      return cairo_surface_reference(kept)
    }

    // A target of the rectangle's size: the group drawn on it is kept, or the target itself where a solid's
    // outline or plain masks are drawn straight onto it (it is as clear as a new group, and its pages are
    // written only then).
    guard let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(rect.width), Int32(rect.height)),
      cairo_surface_status(target) == CAIRO_STATUS_SUCCESS
    else { return nil }
    defer { cairo_surface_destroy(target) }
    cairo_surface_set_device_offset(target, Double(-rect.x), Double(-rect.y))
    guard let cr = cairo_create(target) else { return nil }
    defer { cairo_destroy(cr) }
    let painter = LayerPainter(scene: scene, context: cr)
    let drawn: OpaquePointer?
    if let outline = LayerPainter.solidOutline(layer, effects: effects) {
      painter.drawSolidOutline(layer, outline, world: world, opacity: opacity)
      drawn = cairo_pattern_create_for_surface(target)
    } else {
      painter.pushGroup()
      painter.drawContent(layer, opacity: opacity, world: world, depth: depth, ontoClearGroup: true)
      // After Effects order: masks (in place), then effects (they take the group and give back their result);
      // the layer's opacity and blend mode come when it is composited.
      let onTarget =
        !layer.activeMasks.isEmpty && painter.applyMasks(layer.activeMasks, world: world, ontoTarget: effects.isEmpty)
      drawn =
        onTarget
        ? cairo_pattern_create_for_surface(target)
        : effects.isEmpty ? painter.popGroup() : painter.applyEffects(effects, of: layer)
    }
    guard let group = drawn else { return nil }
    defer { cairo_pattern_destroy(group) }
    var surface: OpaquePointer? = nil
    guard cairo_pattern_get_surface(group, &surface) == CAIRO_STATUS_SUCCESS, let surface else { return nil }
    scene.layerGroups.keep(surface, for: layer, key: key, caches: scene.caches)
    return cairo_surface_reference(surface)
  }

  /// `ontoClearGroup`: the context draws on a group pushed just now, under the clip in force (see `paintShapes`).
  func drawContent(_ layer: SceneLayer, opacity: Double, world: Affine, depth: Int, ontoClearGroup: Bool = false) {
    switch layer.content {
    case .shapes(let shapes):
      paintShapes(shapes, world: world, opacity: opacity, ontoClearGroup: ontoClearGroup)
    case .solid(let color, let w, let h):
      setMatrix(world)
      appendRectangle(w, h)
      cairo_set_source_rgba(context, color.r, color.g, color.b, color.a * opacity)
      cairo_fill(context)
    case .precomp(let child, let w, let h):
      cairo_save(context)
      setMatrix(world)
      appendRectangle(w, h)
      cairo_clip(context)
      drawComposition(child, matrix: world, depth: depth + 1)
      cairo_restore(context)
    case .image(let id):
      guard let image = scene.images[id] else { return }
      // The image is drawn at the asset's size (w, h), which may differ from its pixel size.
      let (w, h) = imageSize(id, image)
      // An image drawn much smaller than its pixels is drawn from a copy shrunk once (see `ImageScaling`).
      let toDevice = Affine.scale(w / Double(image.width), h / Double(image.height)).then(world)
      var source = image.surface, sourceWidth = Double(image.width), sourceHeight = Double(image.height)
      var temporary: OpaquePointer? = nil
      defer { if let temporary { cairo_surface_destroy(temporary) } }
      let drawnX = (toDevice.a * toDevice.a + toDevice.b * toDevice.b).squareRoot()
      let drawnY = (toDevice.c * toDevice.c + toDevice.d * toDevice.d).squareRoot()
      if ImageScaling.stepScale(drawnX) != nil || ImageScaling.stepScale(drawnY) != nil,
        let shrunk = scene.scaledImages.surface(
          id, image, sx: ImageScaling.stepScale(drawnX) ?? 1, sy: ImageScaling.stepScale(drawnY) ?? 1,
          caches: scene.caches)
      {
        source = shrunk.surface
        if shrunk.temporary { temporary = shrunk.surface }
        sourceWidth = Double(cairo_image_surface_get_width(source))
        sourceHeight = Double(cairo_image_surface_get_height(source))
      }
      fillImage(
        id, source: source, sourceWidth: sourceWidth, sourceHeight: sourceHeight, w: w, h: h, world: world,
        opacity: opacity)
    case .text(let text):
      let glyphs = text.document.text.unicodeScalars.count
      guard scene.graph.budget.checkGlyphs(glyphs, at: layer.model.path.appending("t")) else { return }
      TextPainter(scene: scene, context: context).draw(text, world: world, opacity: opacity)
    case .none:
      break
    }
  }

  private func imageSize(_ id: String, _ image: ImageSurface) -> (Double, Double) {
    let asset = scene.animation.images[id]
    let w = asset.map { $0.width > 0 ? $0.width : Double(image.width) } ?? Double(image.width)
    let h = asset.map { $0.height > 0 ? $0.height : Double(image.height) } ?? Double(image.height)
    return (w, h)
  }

  // MARK: - Bounds

  /// Device-space bounds of what a layer can draw (its own content, before masks and mattes), or nil when it
  /// draws nothing.
  func contentBounds(_ layer: SceneLayer, world: Affine) -> DeviceBox? {
    var box = DeviceBox()
    switch layer.content {
    case .shapes(let shapes):
      for op in shapes.operations {
        let m = op.matrix.then(world)
        var pad = 1.0
        if case .stroke(_, let s) = op.paint {
          pad += s.width / 2 * m.maxScale * (s.join == .miter ? max(1, s.miterLimit) : 1.5)
        }
        if case .gradientStroke(_, let s) = op.paint {
          pad += s.width / 2 * m.maxScale * (s.join == .miter ? max(1, s.miterLimit) : 1.5)
        }
        for id in GeometrySlot.leaves(op.slots, in: shapes.slots) {
          let slot = shapes.slots[id]
          let toDevice = slot.matrix.then(world)
          for contour in slot.contours {
            for (i, v) in contour.vertices.enumerated() {
              box.add(toDevice.apply(v), pad: pad)
              box.add(toDevice.apply(v + contour.inTangents[i]), pad: pad)
              box.add(toDevice.apply(v + contour.outTangents[i]), pad: pad)
            }
          }
        }
      }
    case .solid(_, let w, let h):
      box.addRect(w: w, h: h, world)
    case .precomp(let child, let w, let h):
      // What its layers draw, inside its rectangle: a precomp's group (as large as the clip) then covers its
      // drawn layers, not its whole rectangle (a few words of text in a composition-sized precomp). Not with
      // effects: some (a gradient ramp) paint the layer's whole rectangle.
      box.addRect(w: w, h: h, world)
      if layer.effects.isEmpty {
        guard let drawn = drawnBounds(of: child, matrix: world) else { return nil }
        box = box.intersection(drawn)
      }
    case .image(let id):
      guard let image = scene.images[id] else { return nil }
      let (w, h) = imageSize(id, image)
      box.addRect(w: w, h: h, world)
    case .text(let text):
      // Refused before it is shaped: the bounds are asked first, and shaping a 10 MB text took a minute and
      // 9.8 GB before the glyph limit was checked where it is drawn.
      guard scene.graph.budget.checkGlyphs(text.document.text.unicodeScalars.count, at: layer.model.path.appending("t"))
      else { return nil }
      // The laid-out glyphs where the animators put them.
      box = TextPainter(scene: scene, context: context).bounds(text, world: world)
    case .none:
      return nil
    }
    return box.isValid ? box : nil
  }

  /// The whole surface, for bounds checks.
  /// The whole frame, for bounds checks.
  var canvasBox: DeviceBox {
    var box = DeviceBox()
    box.add(Vec2(0, 0), pad: 0)
    box.add(Vec2(Double(scene.canvasWidth), Double(scene.canvasHeight)), pad: 0)
    return box
  }

  func clipToBox(_ box: DeviceBox) {
    cairo_identity_matrix(context)
    // Held within Cairo's reach (see `deviceReach`); a box that far out is off the canvas there anyway.
    let r = LayerPainter.deviceReach
    @inline(__always) func held(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, -r), r) }
    let x0 = held(box.minX.rounded(.down)), y0 = held(box.minY.rounded(.down))
    cairo_rectangle(context, x0, y0, held(box.maxX.rounded(.up)) - x0, held(box.maxY.rounded(.up)) - y0)
    cairo_clip(context)
  }

  // MARK: - Helpers

  /// Groups are pushed, popped and used under the identity transform. Cairo's push saves the graphics state and
  /// pop restores it, giving the popped pattern the transform in force at the push; pushing under the identity
  /// makes every group pattern line up with device pixels wherever it is used.
  func pushGroup(alphaOnly: Bool = false) {
    cairo_identity_matrix(context)
    if alphaOnly {
      cairo_push_group_with_content(context, CAIRO_CONTENT_ALPHA)
    } else {
      cairo_push_group(context)
    }
  }

  func popGroup() -> OpaquePointer? {
    cairo_identity_matrix(context)
    return cairo_pop_group(context)
  }

  func popGroupToSource() {
    cairo_identity_matrix(context)
    cairo_pop_group_to_source(context)
  }

  func setMatrix(_ m: Affine) {
    var cm = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
    cairo_set_matrix(context, &cm)
  }

  // MARK: - Geometry within Cairo's reach

  /// Cairo keeps device coordinates in 24.8 fixed point (±8 388 608 px). Beyond that the conversion wraps, and
  /// a fill, stroke or clip fails with `CAIRO_STATUS_NO_MEMORY`, an error that sticks to the context and loses
  /// the whole frame. Lottie files can go that far (a scale of 99000% compounded by a repeater's copies reaches
  /// 1e27 px), and the players still draw them. So geometry is held at ±2^20 px in device space, 64 times the
  /// largest canvas (16384 px): only points that far off the canvas move, and what is drawn on the canvas stays
  /// the same (up to edges running from the canvas out to such a point, which then bend far outside).
  static let deviceReach = 1_048_576.0

  /// The current transform, user space to device space.
  var deviceMatrix: Affine {
    var m = cairo_matrix_t()
    cairo_get_matrix(context, &m)
    return Affine(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
  }

  /// Whether points no farther than `extent` (in x and y) from the origin can land beyond `deviceReach` under
  /// `m`: a conservative test, |a·x + c·y + tx| <= |a|·|x| + |c|·|y| + |tx|.
  static func mayExceedReach(_ extent: Vec2, under m: Affine) -> Bool {
    let x = abs(m.a) * extent.x + abs(m.c) * extent.y + abs(m.tx)
    let y = abs(m.b) * extent.x + abs(m.d) * extent.y + abs(m.ty)
    return !(x <= deviceReach && y <= deviceReach)  // also true for NaN
  }

  /// A stroke reaching beyond Cairo's fixed point fails the frame too: one wider than `deviceReach` in device
  /// space is drawn that wide, which still covers everything near its path on the canvas.
  func heldLineWidth(_ width: Double, miterLimit: Double = 1) -> Double {
    let reach = width / 2 * max(miterLimit, 1) * deviceMatrix.maxScale
    return reach > LayerPainter.deviceReach ? width * (LayerPainter.deviceReach / reach) : width
  }

  /// `p` moved into ±`deviceReach` in device space and back to user space through `toUser`.
  @inline(__always) static func clamped(_ p: Vec2, toDevice: Affine, toUser: Affine) -> Vec2 {
    let d = toDevice.apply(p)
    let r = deviceReach
    let x = d.x.isNaN ? 0 : min(max(d.x, -r), r), y = d.y.isNaN ? 0 : min(max(d.y, -r), r)
    return toUser.apply(Vec2(x, y))
  }

  func appendPath(_ path: BezierPath, transform m: Affine) {
    let n = path.vertices.count
    guard n > 0 else { return }
    // The farthest any point (vertex or control point) lies from the origin, in x and in y.
    var extent = Vec2.zero
    for i in 0..<n {
      let v = path.vertices[i], a = path.inTangents[i], b = path.outTangents[i]
      extent.x = max(extent.x, abs(v.x) + max(abs(a.x), abs(b.x)))
      extent.y = max(extent.y, abs(v.y) + max(abs(a.y), abs(b.y)))
    }
    let device = deviceMatrix
    if LayerPainter.mayExceedReach(extent, under: m.then(device)) {
      // Each point held within `deviceReach` in device space, then taken back to user space.
      let toDevice = m.then(device)
      guard let toUser = device.inverted() else { return }
      return appendSegments(path) { LayerPainter.clamped($0, toDevice: toDevice, toUser: toUser) }
    }
    if m.isIdentity { return appendSegments(path) { $0 } }
    appendSegments(path) { m.apply($0) }
  }

  /// The path's segments as Cairo curves, each point through `point`.
  @inline(__always) private func appendSegments(_ path: BezierPath, _ point: (Vec2) -> Vec2) {
    let n = path.vertices.count
    let start = point(path.vertices[0])
    cairo_move_to(context, start.x, start.y)
    let count = path.isClosed ? n : n - 1
    for i in 0..<count {
      let j = (i + 1) % n
      let c1 = point(path.vertices[i] + path.outTangents[i])
      let c2 = point(path.vertices[j] + path.inTangents[j])
      let end = point(path.vertices[j])
      cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
    }
    if path.isClosed { cairo_close_path(context) }
  }

  /// A `w`×`h` rectangle at the origin of user space, held within `deviceReach` like `appendPath`.
  func appendRectangle(_ w: Double, _ h: Double) {
    let device = deviceMatrix
    guard LayerPainter.mayExceedReach(Vec2(abs(w), abs(h)), under: device) else {
      return cairo_rectangle(context, 0, 0, w, h)
    }
    guard let toUser = device.inverted() else { return }
    let corners = [Vec2(0, 0), Vec2(w, 0), Vec2(w, h), Vec2(0, h)].map {
      LayerPainter.clamped($0, toDevice: device, toUser: toUser)
    }
    cairo_move_to(context, corners[0].x, corners[0].y)
    for c in corners.dropFirst() { cairo_line_to(context, c.x, c.y) }
    cairo_close_path(context)
  }
}
