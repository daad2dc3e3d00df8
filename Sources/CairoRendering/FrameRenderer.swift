import CCairo
import Foundation
import Lottie
import LottieScene
import Raster
import Synchronization
import TextLayout

/// How the animation is placed when the output's aspect ratio differs from the animation's.
public enum FitMode: String, Sendable, CaseIterable {
  /// Scale to fit inside, centred (letterbox).
  case contain
  /// Scale to cover, centred (crop).
  case cover
  /// Stretch to fill exactly.
  case fill
}

/// Renders frames of one animation into one reused Cairo surface. Not Sendable: one per worker.
public final class FrameRenderer {
  /// Output width in pixels.
  public let width: Int
  /// Output height in pixels.
  public let height: Int
  let scene: Scene
  let canvas: CairoSurface
  /// Where frames that changed in part are drawn (see `drawPart`), made on first use.
  private var partialCanvas: CairoSurface?
  /// What the last `draw` drew (for tests).
  private(set) var lastRegion: FrameDamage.Region?
  /// Where the frames drawn last may hold ink, and where the target of the frame being drawn may (`drawWhole`).
  private var ink = InkMemory()
  let background: RGBA?
  let rootMatrix: Affine

  /// Builds the scene once; `background` nil means transparent; `images` are the decoded image assets by id
  /// and `fonts` the animation's prepared fonts (see `FontLibrary.prepare`; the system's by default);
  /// `padding` pixels of background are kept on every side, the animation fitted into the box inside them.
  /// `limits`: the work a frame may take; a frame over one draws only in part, and `workLimitExceeded` says why.
  public convenience init(
    animation: Animation, width: Int, height: Int, fit: FitMode = .contain, background: RGBA? = nil,
    images: [String: PixelBuffer] = [:], fonts: FontSet = .shared, padding: Int = 0, limits: WorkLimits = .defaults
  ) throws(RenderError) {
    try self.init(
      animation: animation, width: width, height: height, fit: fit, background: background,
      resources: RenderResources(images: SharedImages(images), fonts: fonts), padding: padding,
      caches: RenderCachePolicy.isEnabledByDefault, limits: limits)
  }

  /// As above, drawing with resources prepared once for every renderer that shares them (workers rendering
  /// the same animation), so that none makes a copy of its own.
  public convenience init(
    animation: Animation, width: Int, height: Int, fit: FitMode = .contain, background: RGBA? = nil,
    resources: RenderResources, padding: Int = 0, limits: WorkLimits = .defaults
  ) throws(RenderError) {
    try self.init(
      animation: animation, width: width, height: height, fit: fit, background: background, resources: resources,
      padding: padding, caches: RenderCachePolicy.isEnabledByDefault, limits: limits)
  }

  /// As the public initializer; `caches` false keeps nothing between frames (see `RenderCachePolicy`).
  convenience init(
    animation: Animation, width: Int, height: Int, fit: FitMode = .contain, background: RGBA? = nil,
    images: [String: PixelBuffer] = [:], fonts: FontSet = .shared, padding: Int = 0, caches: Bool,
    limits: WorkLimits = .defaults
  ) throws(RenderError) {
    try self.init(
      animation: animation, width: width, height: height, fit: fit, background: background,
      resources: RenderResources(images: SharedImages(images), fonts: fonts), padding: padding, caches: caches,
      limits: limits)
  }

  /// `drawable` false makes a surface of one pixel: a renderer that only measures (`textPlacements`) at the
  /// output's size without holding its pixels.
  init(
    animation: Animation, width: Int, height: Int, fit: FitMode, background: RGBA?, resources: RenderResources,
    padding: Int, caches: Bool, limits: WorkLimits, drawable: Bool = true
  ) throws(RenderError) {
    self.width = width
    self.height = height
    self.background = background
    scene = Scene(
      animation: animation, resources: resources, cachesEnabled: caches, canvasWidth: width, canvasHeight: height,
      limits: limits)
    canvas = try CairoSurface(width: drawable ? width : 1, height: drawable ? height : 1)
    // `padding` pixels of background on every side: the animation is fitted into the box inside them.
    let boxWidth = Double(max(1, width - 2 * padding)), boxHeight = Double(max(1, height - 2 * padding))
    let sx = boxWidth / animation.width, sy = boxHeight / animation.height
    let scaleX: Double, scaleY: Double
    switch fit {
    case .contain:
      scaleX = min(sx, sy)
      scaleY = scaleX
    case .cover:
      scaleX = max(sx, sy)
      scaleY = scaleX
    case .fill:
      scaleX = sx
      scaleY = sy
    }
    let tx = (Double(width) - animation.width * scaleX) / 2
    let ty = (Double(height) - animation.height * scaleY) / 2
    rootMatrix = Affine.scale(scaleX, scaleY).then(.translation(tx, ty))
  }

  /// The first work limit a frame drawn so far exceeded (that frame is incomplete: refuse it), or nil.
  public var workLimitExceeded: WorkLimitExceeded? { scene.graph.budget.exceeded }

  /// Renders the composition at `frame` (composition frames, fractional allowed) into the surface.
  public func draw(frame: Double) {
    draw(frame: frame, on: canvas.context)
  }

  /// What `draw` leaves outside the composition's rectangle: the background, for this size and placement.
  /// A buffer carrying this tag already holds it there (see `PixelBuffer.backgroundTag`).
  var backgroundTag: UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ v: UInt64) { h = (h ^ v) &* 0x100_0000_01b3 }
    for v in [
      Double(width), Double(height), Double(canvas.stride), rootMatrix.a, rootMatrix.d, rootMatrix.tx, rootMatrix.ty,
    ] {
      mix(v.bitPattern)
    }
    for v in [background?.r, background?.g, background?.b, background?.a] { mix((v ?? -1).bitPattern) }
    return h == 0 ? 1 : h
  }

  /// The composition's rectangle in device pixels, rounded out to whole pixels and kept inside the surface.
  var compositionRect: PixelRect {
    let corners = [(0.0, 0.0), (scene.animation.width, scene.animation.height)].map {
      rootMatrix.apply(Vec2($0.0, $0.1))
    }
    let x0 = max(0, min(corners[0].x, corners[1].x).rounded(.down)),
      y0 = max(0, min(corners[0].y, corners[1].y).rounded(.down))
    let x1 = min(Double(width), max(corners[0].x, corners[1].x).rounded(.up))
    let y1 = min(Double(height), max(corners[0].y, corners[1].y).rounded(.up))
    guard x0.isFinite, y0.isFinite, x1 > x0, y1 > y0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
    return PixelRect(
      x: x0.clampedInt(0...width), y: y0.clampedInt(0...height), width: (x1 - x0).clampedInt(0...width),
      height: (y1 - y0).clampedInt(0...height))
  }

  /// Renders the composition at `frame` with the context `cr` (the worker's own surface, or a frame buffer).
  /// `keepOutside`: the pixels outside the composition's rectangle already hold the background, so only the
  /// rectangle is cleared (letterboxed frames spent a sixth of their time repainting bars that never change).
  /// `previous`: the content tag of the frame the target shows (0: unknown); only what changed since is drawn.
  ///
  /// 1. Bring the scene to the frame and walk what it draws. 2. Find where it differs from the frame the target
  /// shows (`FrameDamage`), everywhere if unknown. 3. There, clear to the background or copy back the still
  /// bottom layers (`BackdropCache`), then draw the other layers, bottom first, inside the composition's
  /// rectangle, taking a new snapshot of the still ones on the way when there is one to take (whole frames only).
  func draw(frame: Double, on cr: OpaquePointer, keepOutside: Bool = false, previous: UInt64 = 0) {
    scene.graph.seek(toFrame: frame)
    let walk = BackdropCache.walk(scene.graph.root, matrix: rootMatrix)
    let rect = compositionRect
    let painter = LayerPainter(scene: scene, context: cr)
    let current = FrameDamage.Frame(
      steps: walk.steps,
      bounds: scene.caches.isEnabled
        ? zip(walk.layers, walk.matrices).map { layer, matrix in
          painter.drawnBounds(layer, matrix: matrix).flatMap(PixelRect.init).flatMap { $0.intersection(rect) }
        } : [])
    var region = FrameDamage.Region.all
    if keepOutside, scene.caches.isEnabled { region = scene.damage.region(from: previous, to: current) }
    lastRegion = region
    ink.before = keepOutside ? ink.area(of: previous) : nil
    defer {
      scene.damage.record(contentTag, current)
      ink.record(contentTag, bounds: current.bounds)
    }
    if region == .none { return }
    if case .rect(let r) = region, r.intersection(rect) != rect {
      guard let area = r.intersection(rect) else { return }
      let plan = scene.backdrop.plan(walk)
      // A frame that is to take a new snapshot of the still bottom layers is drawn whole (only a whole frame
      // takes one): the frames after it then copy those layers back instead of drawing them.
      if plan.snapshotAt == nil,
        FrameRenderer.partIsCheaper(area, of: rect, bounds: current.bounds, restore: plan.restore)
      {
        return drawPart(area, walk: walk, plan: plan, bounds: current.bounds, on: cr)
      }
      lastRegion = .all
      return drawWhole(walk: walk, plan: plan, on: cr, keepOutside: keepOutside)
    }
    drawWhole(walk: walk, plan: scene.backdrop.plan(walk), on: cr, keepOutside: keepOutside)
  }

  /// Whether drawing only `area` of the composition's rectangle `rect` (see `drawPart`) moves fewer pixels
  /// than drawing it whole, both giving the same bytes. A part is cleared, drawn on this worker's own image
  /// and copied into the target (three passes over it, a fourth to put back the still backdrop) with only the
  /// steps that reach it; a whole frame is cleared (or has its backdrop put back: two passes) and has every
  /// step drawn, each step costing about its bounds. A part most of the frame (a layer turning, or moving
  /// across it) is cheaper drawn whole: a rotating rectangle spent three times the rectangle's area.
  static func partIsCheaper(_ area: PixelRect, of rect: PixelRect, bounds: [PixelRect?], restore: Int) -> Bool {
    func size(_ r: PixelRect) -> Int { r.width * r.height }
    var part = size(area) * (restore > 0 ? 4 : 3)
    var whole = size(rect) * (restore > 0 ? 2 : 1)
    for (n, b) in bounds.enumerated() where n >= restore {
      guard let b else { continue }
      whole += size(b)
      if b.intersection(area) != nil { part += size(b) }
    }
    return part < whole
  }

  /// Draws the whole composition rectangle (see `draw`) with `plan`, this frame's `BackdropCache.plan`.
  private func drawWhole(
    walk: BackdropCache.Walk, plan: (restore: Int, snapshotAt: Int?), on cr: OpaquePointer, keepOutside: Bool
  ) {
    let rect = compositionRect
    let target = cairo_get_target(cr)
    cairo_save(cr)
    cairo_identity_matrix(cr)
    cairo_reset_clip(cr)
    if !keepOutside {
      clear(cr, within: nil)
    } else if plan.restore == 0, let area = ink.before.map({ $0.intersection(rect) }) ?? rect {
      // The composition's rectangle only (its antialiased edges are drawn again), and of it only where the
      // frame the target shows may hold ink (`ink.before`; all of it when unknown): the rest is background.
      clear(cr, within: area)
    }
    // Cairo notes a surface painted clear all over and composites its first operation differently (OVER taken
    // as SOURCE, rounded differently); a reused buffer, cleared only inside the composition, would not get it.
    // Every frame is drawn the same way whatever buffer it lands in (and `--jobs 1` equals `--jobs N`).
    if let target { cairo_surface_mark_dirty(target) }
    if plan.restore > 0, let target { scene.backdrop.restore(into: target, within: rect) }
    // lottie-web clips to the composition's bounds.
    setMatrix(rootMatrix, on: cr)
    cairo_rectangle(cr, 0, 0, scene.animation.width, scene.animation.height)
    cairo_clip(cr)
    let cursor = StepCursor(skip: plan.restore, snapshotAt: plan.snapshotAt) { [scene] count in
      if let target { scene.backdrop.take(from: target, rect: rect, count: count) }
    }
    LayerPainter(scene: scene, context: cr).drawComposition(
      scene.graph.root, matrix: rootMatrix, depth: 0, cursor: cursor)
    cursor.finish()
    cairo_restore(cr)
  }

  /// Draws only `area` of the composition, the rest of the target already showing this frame (see `draw`).
  ///
  /// The steps that reach the area are drawn whole, on a frame-sized image of this worker's, over the
  /// background (or the still backdrop) put back inside the area only, and the area is copied into the target.
  /// Every operation then has the extents it has in a whole frame (Cairo's scan conversion gives the first
  /// column inside a clip a slightly different coverage, and groups are as large as the clip), and every
  /// operation reads and writes pixel by pixel (effects draw into images of their own), so the area comes out
  /// as in a whole frame whatever the stale pixels around it.
  private func drawPart(
    _ area: PixelRect, walk: BackdropCache.Walk, plan: (restore: Int, snapshotAt: Int?), bounds: [PixelRect?],
    on cr: OpaquePointer
  ) {
    guard let target = cairo_get_target(cr) else { return }
    if partialCanvas == nil { partialCanvas = try? CairoSurface(width: width, height: height) }
    guard let scratch = partialCanvas else { return drawWhole(walk: walk, plan: plan, on: cr, keepOutside: false) }
    let context = scratch.context
    cairo_save(context)
    defer { cairo_restore(context) }
    cairo_identity_matrix(context)
    cairo_reset_clip(context)
    // A restore that copies the snapshot over the whole area leaves nothing of a clear: skip that pass.
    if !(plan.restore > 0 && scene.backdrop.restoreCovers(area)) { clear(context, within: area) }
    cairo_surface_mark_dirty(scratch.surface)
    if plan.restore > 0 { scene.backdrop.restore(into: scratch.surface, within: area) }
    setMatrix(rootMatrix, on: context)
    cairo_rectangle(context, 0, 0, scene.animation.width, scene.animation.height)
    cairo_clip(context)
    let cursor = StepCursor(skip: plan.restore, snapshotAt: nil) { _ in }
    // Steps that cannot reach the area are not drawn.
    cursor.isNeeded = { n in n < bounds.count && bounds[n].flatMap { $0.intersection(area) } != nil }
    var painter = LayerPainter(scene: scene, context: context)
    painter.compositeArea = area
    painter.drawComposition(scene.graph.root, matrix: rootMatrix, depth: 0, cursor: cursor)
    cursor.finish()
    cairo_surface_flush(scratch.surface)
    BackdropCache.copy(
      from: scratch.surface, at: (area.x, area.y), to: target, at: (area.x, area.y), size: (area.width, area.height))
  }

  /// Paints the background (or transparency) on the target of `cr` inside `area` (whole pixels), everywhere
  /// when nil. Written with memset where the target is an image: the same bytes as Cairo's paint, faster.
  private func clear(_ cr: OpaquePointer, within area: PixelRect?) {
    if let target = cairo_get_target(cr), let pixel = backgroundPixel,
      CairoSurface.fill(target, rect: area ?? PixelRect(x: 0, y: 0, width: width, height: height), with: pixel)
    {
      return
    }
    if let area {
      cairo_rectangle(cr, Double(area.x), Double(area.y), Double(area.width), Double(area.height))
      cairo_clip(cr)
    }
    paintBackground(on: cr)
    cairo_reset_clip(cr)
  }

  /// The pixel `paintBackground` paints.
  private lazy var backgroundPixel: UInt32? =
    background.map { CairoSurface.sourcePixel(r: $0.r, g: $0.g, b: $0.b, a: $0.a) } ?? 0

  /// Paints the background (or transparency) everywhere the clip lets it.
  private func paintBackground(on cr: OpaquePointer) {
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    if let bg = background {
      cairo_set_source_rgba(cr, bg.r, bg.g, bg.b, bg.a)
    } else {
      cairo_set_source_rgba(cr, 0, 0, 0, 0)
    }
    cairo_paint(cr)
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
  }

  /// Renders `frame` straight into `buffer` (premultiplied BGRA, Cairo's ARGB32 layout), reusing its storage
  /// when the size matches: a Cairo surface over the buffer's bytes, so no frame-sized copy.
  public func render(frame: Double, into buffer: inout PixelBuffer) {
    let stride = canvas.stride
    if buffer.width != width || buffer.height != height || buffer.stride != stride {
      buffer = PixelBuffer(width: width, height: height, stride: stride)
    }
    let (w, h) = (Int32(width), Int32(height))
    let tag = backgroundTag
    scene.graph.seek(toFrame: frame)
    let content = contentTag
    // A buffer that shows this very frame already (a still stretch of the animation) is left as it is.
    if content != 0, buffer.contentTag == content, buffer.backgroundTag == tag {
      lastRegion = FrameDamage.Region.none
      return
    }
    let keepOutside = buffer.backgroundTag == tag
    let drawn: Bool = buffer.bytes.withUnsafeMutableBytes { raw in
      guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self),
        let surface = cairo_image_surface_create_for_data(base, CAIRO_FORMAT_ARGB32, w, h, Int32(stride))
      else { return false }
      defer { cairo_surface_destroy(surface) }
      guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return false }
      draw(frame: frame, on: cr, keepOutside: keepOutside, previous: buffer.contentTag)
      cairo_destroy(cr)
      cairo_surface_flush(surface)
      return true
    }
    if !drawn {
      // Cairo could not wrap the buffer: draw on the worker's own surface and copy.
      draw(frame: frame)
      canvas.copyPixels(into: &buffer)
    }
    buffer.backgroundTag = tag
    buffer.contentTag = content
  }

  /// Whether this renderer drew `buffer` last: drawing the next frame into it redraws only what changed, so a
  /// worker should take such a buffer from a pool first.
  public func drewLast(_ buffer: PixelBuffer) -> Bool {
    buffer.contentTag != 0 && buffer.contentTag >> 40 == identity
  }

  /// Names this renderer in buffers' content tags (unique in the process).
  private let identity = FrameRenderer.identities.add(1, ordering: .relaxed).newValue
  private static let identities = Atomic<UInt64>(0)

  /// The content tag of the frame the scene is at: this renderer and the version of everything it draws
  /// (which changes whenever anything drawn changes); 0 when caches are off or the numbers do not fit.
  var contentTag: UInt64 {
    let version = scene.graph.root.version
    guard scene.caches.isEnabled, identity < 1 << 24, version < 1 << 40 else { return 0 }
    return identity << 40 | version
  }

  /// Renders `frame` into a new buffer.
  public func render(frame: Double) -> PixelBuffer {
    var buffer = PixelBuffer(width: width, height: height, stride: canvas.stride)
    render(frame: frame, into: &buffer)
    return buffer
  }

  /// Renders `frame` and writes a straight-alpha RGBA PNG.
  public func writePNG(frame: Double, to path: String) throws(RenderError) {
    draw(frame: frame)
    try canvas.writePNG(to: path)
  }

  private func setMatrix(_ m: Affine, on cr: OpaquePointer) {
    var cm = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
    cairo_set_matrix(cr, &cm)
  }
}

/// Where the frames a renderer drew last (by content tag, as many as `FrameDamage` remembers) may hold ink:
/// the union of their steps' bounds inside the composition's rectangle. A buffer showing one of them, with the
/// background outside that rectangle, is background everywhere else, so the next whole frame drawn into it
/// needs to clear only there: on light files most of the rectangle stays clear from frame to frame.
struct InkMemory {
  /// Where the target of the frame being drawn may hold ink inside the composition's rectangle (width 0: none);
  /// nil when unknown.
  var before: PixelRect?
  private var areas: [UInt64: PixelRect] = [:]
  private var order: [UInt64] = []

  /// Where the frame remembered under `tag` may hold ink; nil when it is not remembered.
  func area(of tag: UInt64) -> PixelRect? { tag == 0 ? nil : areas[tag] }

  /// Remembers the frame drawn under `tag` with these step bounds (each inside the composition's rectangle,
  /// nil for a step that draws nothing).
  mutating func record(_ tag: UInt64, bounds: [PixelRect?]) {
    guard tag != 0 else { return }
    var union: PixelRect? = nil
    for case let b? in bounds { union = union.map { $0.union(b) } ?? b }
    if areas.updateValue(union ?? PixelRect(x: 0, y: 0, width: 0, height: 0), forKey: tag) == nil { order.append(tag) }
    while order.count > FrameDamage.capacity { areas[order.removeFirst()] = nil }
  }
}
