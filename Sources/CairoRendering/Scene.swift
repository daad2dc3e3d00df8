import CCairo
import Lottie
import LottieScene
import Raster
import TextLayout

/// What one worker draws with: the animation's retained scene (`AnimationScene`, ticked per frame), its images,
/// glyph outlines and fonts, and its caches. Each worker builds its own, so nothing here needs a lock.
final class Scene {
  let animation: Animation
  /// The layers, shapes, paints, masks and effects as nodes, brought to each frame by `seek(toFrame:)`.
  let graph: AnimationScene
  /// Pixels kept between frames (effects' results, the static bottom of the frame, scaled images...).
  let caches: RenderCaches
  /// The still bottom of the frame, kept as pixels.
  let backdrop: BackdropCache
  /// Images shrunk to the size they are drawn at.
  let scaledImages = ScaledImages()
  /// Layers' groups after their masks and effects.
  let layerGroups = LayerGroupCache()
  /// The frames drawn last, to draw only what changed.
  let damage = FrameDamage()
  /// Each layer's drawn bounds with the content version and matrix they are for.
  var boundsCache: [ObjectIdentifier: (version: UInt64, world: Affine, box: DeviceBox?)] = [:]
  /// How many text layouts were made (for tests).
  var textLayoutsMade: Int { textShaper.layoutsMade }
  /// Image assets as Cairo surfaces (this worker's own, over pixels shared by every worker).
  let images: [String: ImageSurface]
  /// Glyph outlines from `chars`, flattened once (glyphs do not animate).
  let glyphs: [GlyphKey: [BezierPath]]

  func glyphOutlines(_ key: GlyphKey) -> [BezierPath]? { glyphs[key] }

  /// The animation's fonts (see `FontLibrary.prepare`).
  let fonts: FontSet
  /// This worker's text shaping: faces, fallback choices and layouts, made on first use and kept.
  private(set) lazy var textShaper = TextShaper(animation: animation, fonts: fonts, decodeImage: GlyphSurface.decode)

  /// Whether gradients are computed by `GradientRaster` (true) or left to Cairo (tests compare the two).
  var rastersGradients = true

  /// This worker's gradient colour tables and coverage scratch (`GradientRaster`).
  let gradientWorkspace: GradientWorkspace

  /// This worker's scratch pixels for gradients (`GradientRaster`), grown as needed and kept between paints.
  private var scratch: UnsafeMutablePointer<UInt32>? = nil
  private var scratchCapacity = 0

  /// At least `pixels` scratch pixels; their contents are not kept between calls.
  func gradientScratch(pixels: Int) -> UnsafeMutablePointer<UInt32>? {
    guard pixels > 0 else { return nil }
    if pixels > scratchCapacity {
      scratch?.deallocate()
      // Grown by half again, so a growing animation does not reallocate every frame.
      let capacity = max(pixels, scratchCapacity + scratchCapacity / 2)
      scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
      scratchCapacity = capacity
    }
    return scratch
  }

  deinit { scratch?.deallocate() }

  /// The frame's size in pixels.
  let canvasWidth: Int
  let canvasHeight: Int

  /// `cachesEnabled` false rebuilds and redraws everything every frame (tests compare the two).
  init(
    animation: Animation, resources: RenderResources = RenderResources(), cachesEnabled: Bool = true, canvasWidth: Int,
    canvasHeight: Int, limits: WorkLimits = .defaults
  ) {
    self.animation = animation
    self.canvasWidth = canvasWidth
    self.canvasHeight = canvasHeight
    graph = AnimationScene(animation: animation, cachesEnabled: cachesEnabled, limits: limits)
    caches = RenderCaches(
      isEnabled: cachesEnabled, budget: RenderCaches.budget(width: canvasWidth, height: canvasHeight))
    backdrop = BackdropCache(caches: caches)
    gradientWorkspace = GradientWorkspace(keepsTables: cachesEnabled)
    self.images = resources.images.pixels.compactMapValues { ImageSurface($0) }
    fonts = resources.fonts
    glyphs = animation.glyphs.mapValues { glyph in
      let shapes = ShapeContent(
        glyph.shapes, context: BuildContext(clock: SceneClock(), scope: nil, cachesEnabled: false))
      shapes.update(at: 0)
      return shapes.slots.flatMap { slot in
        slot.contours.map { contour in
          BezierPath(
            isClosed: contour.isClosed, vertices: contour.vertices.map { slot.matrix.apply($0) },
            inTangents: contour.inTangents.map { slot.matrix.applyVector($0) },
            outTangents: contour.outTangents.map { slot.matrix.applyVector($0) })
        }
      }
    }
  }
}

/// This worker's Cairo surface over one of the shared decoded images (`SharedImages`): only ever a source.
final class ImageSurface {
  let surface: OpaquePointer
  let width: Int
  let height: Int
  /// Keeps the pixels alive as long as the surface.
  private let pixels: SharedImages.Pixels

  init?(_ pixels: SharedImages.Pixels) {
    guard
      let s = cairo_image_surface_create_for_data(
        pixels.data, CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height), Int32(pixels.stride))
    else { return nil }
    guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(s)
      return nil
    }
    surface = s
    width = pixels.width
    height = pixels.height
    self.pixels = pixels
  }

  deinit { cairo_surface_destroy(surface) }
}
