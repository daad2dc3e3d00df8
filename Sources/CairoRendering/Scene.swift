import CCairo
import Lottie
import Raster

/// One composition (the root or a precomp asset) prepared for drawing: layers with their parents and
/// mattes resolved to array positions once, at build time.
final class CompositionScene {
  let layers: [Layer]
  /// For each layer, the positions of its parent chain (nearest first); cycles and dangling parents cut.
  let parentChains: [[Int]]
  /// For each layer with a track matte, the position of its matte layer.
  let matteSources: [Int?]

  init(layers: [Layer]) {
    self.layers = layers
    var byIndex: [Int: Int] = [:]
    for (position, layer) in layers.enumerated() {
      if let index = layer.index, byIndex[index] == nil { byIndex[index] = position }
    }
    parentChains = layers.enumerated().map { position, layer in
      var chain: [Int] = []
      var seen: Set<Int> = [position]
      var current = layer.parent
      while let index = current, let p = byIndex[index], !seen.contains(p), chain.count < 64 {
        chain.append(p)
        seen.insert(p)
        current = layers[p].parent
      }
      return chain
    }
    matteSources = layers.enumerated().map { position, layer in
      guard layer.matteMode != nil else { return nil }
      if let tp = layer.matteParent { return byIndex[tp] }
      // Without `tp`, the matte is the layer just above.
      return position > 0 ? position - 1 : nil
    }
  }
}

/// The whole animation prepared for drawing. Immutable after build; each worker still builds its own so that
/// per-worker caches never need locks.
final class Scene {
  let animation: Animation
  let root: CompositionScene
  let precomps: [String: CompositionScene]
  /// Image assets as Cairo surfaces (this worker's own copies).
  let images: [String: ImageSurface]
  /// Glyph outlines from `chars`, flattened once (glyphs do not animate).
  let glyphs: [GlyphKey: [BezierPath]]

  func glyphOutlines(_ key: GlyphKey) -> [BezierPath]? { glyphs[key] }

  /// This worker's text shaping: faces, fallback choices and layouts, made on first use and kept.
  private(set) lazy var textShaper = TextShaper(animation: animation)

  /// Whether gradients are computed by `GradientRaster` (true) or left to Cairo (tests compare the two).
  var rastersGradients = true

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

  init(animation: Animation, images: [String: PixelBuffer] = [:]) {
    self.animation = animation
    root = CompositionScene(layers: animation.layers)
    precomps = animation.precomps.mapValues { CompositionScene(layers: $0) }
    self.images = images.compactMapValues { ImageSurface(copying: $0) }
    glyphs = animation.glyphs.mapValues { glyph in
      var builder = ShapeLayerBuilder(frame: 0)
      builder.build(glyph.shapes)
      return builder.slots.flatMap { slot in
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

/// A Cairo image surface holding a copy of a decoded image.
final class ImageSurface {
  let surface: OpaquePointer
  let width: Int
  let height: Int

  init?(copying buffer: PixelBuffer) {
    guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(buffer.width), Int32(buffer.height)),
      cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(s)
    else { return nil }
    let stride = Int(cairo_image_surface_get_stride(s))
    let rowBytes = buffer.width * 4
    let sourceStride = buffer.stride
    buffer.bytes.withUnsafeBytes { (src: UnsafeRawBufferPointer) in
      guard let base = src.baseAddress else { return }
      for y in 0..<buffer.height {
        let destination = UnsafeMutableRawPointer(data + y * stride)
        destination.copyMemory(from: base + y * sourceStride, byteCount: rowBytes)
      }
    }
    cairo_surface_mark_dirty(s)
    surface = s
    width = buffer.width
    height = buffer.height
  }

  deinit { cairo_surface_destroy(surface) }
}

/// Timing rules, written down in one place (lottie-web's behaviour):
/// - a layer is drawn when `inPoint <= frame < outPoint`, in its composition's frames;
/// - its keyframes (time remap included) are in its composition's frames: lottie-web evaluates a property at
///   `frame - st` against keyframe times `t - st`, so the start time cancels out;
/// - a precomp layer shows its asset at `(frame - startTime) / stretch`, or, with time remap,
///   at `timeRemap(frame) * frameRate` (the remap value is in seconds; lottie-web then ignores the stretch);
/// - parents are evaluated at the same frame.
enum LayerTiming {
  static func isVisible(_ layer: Layer, at frame: Double) -> Bool {
    layer.inPoint <= frame && frame < layer.outPoint
  }

  static func propertyFrame(_ layer: Layer, at frame: Double) -> Double {
    frame
  }

  static func childFrame(_ layer: Layer, at frame: Double, frameRate: Double) -> Double {
    if case .precomp(_, _, _, let timeRemap?) = layer.content {
      return timeRemap.value(at: frame) * frameRate
    }
    let local = frame - layer.startTime
    return layer.stretch != 0 ? local / layer.stretch : local
  }
}
