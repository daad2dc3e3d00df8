import Lottie
import LottieScene
import Raster
import TextLayout

/// Where a text layer's ink lies on the frame, and what part of the frame can show it: what `--text-fit` and
/// the warning about cut text measure (see `TextFit` in Pipeline).
package struct TextPlacement {
  /// The text layer (its path in the file: one model layer may be drawn by several precomp layers).
  package var path: JSONPath
  /// The text at this frame.
  package var text: String
  /// Whether it is box text (`sz`), which fits its box rather than the canvas.
  package var isBoxText: Bool
  /// The device-space bounds of what it draws (as the damage tracking measures it).
  package var ink: DeviceBox
  /// What can show it: the composition's rectangle on the frame, within every precomp's rectangle around it.
  package var area: DeviceBox
  /// Where the layer's origin is drawn: point text drawn smaller shrinks towards it.
  package var origin: Vec2
}

extension FrameRenderer {
  /// A renderer that measures text (`textPlacements`) at this size and placement and draws nothing: its surface
  /// is one pixel, whatever the size.
  package static func measuring(
    animation: Animation, width: Int, height: Int, fit: FitMode, images: [String: PixelBuffer], fonts: FontSet,
    padding: Int, limits: WorkLimits
  ) throws(RenderError) -> FrameRenderer {
    try FrameRenderer(
      animation: animation, width: width, height: height, fit: fit, background: nil,
      resources: RenderResources(images: SharedImages(images), fonts: fonts), padding: padding,
      caches: RenderCachePolicy.isEnabledByDefault, limits: limits, drawable: false)
  }

  /// Every text layer drawn at `frame` (composition frames), in drawing order, with its ink and the area that
  /// can show it. Text the glyph limit refuses is left out, and past the frame's time limit the rest is (and
  /// `workLimitExceeded` says so); layers hidden by their own or a precomp's zero opacity, and precomps with
  /// nothing inside their rectangle, are left out.
  package func textPlacements(atFrame frame: Double) -> [TextPlacement] {
    scene.graph.seek(toFrame: frame)
    let rect = compositionRect
    var area = DeviceBox()
    area.add(Vec2(Double(rect.x), Double(rect.y)), pad: 0)
    area.add(Vec2(Double(rect.x + rect.width), Double(rect.y + rect.height)), pad: 0)
    let painter = TextPainter(scene: scene, context: canvas.context)
    var placements: [TextPlacement] = []
    func walk(_ comp: SceneComposition, matrix: Affine, area: DeviceBox, depth: Int) {
      for layer in comp.layers.reversed() where layer.isDrawn && layer.opacity > 0 {
        guard scene.graph.budget.checkTime(at: layer.model.path) else { return }
        let world = layer.effectMatrix.then(layer.parentedMatrix).then(matrix)
        switch layer.content {
        case .precomp(let child, let w, let h):
          guard depth < Self.maxTextPlacementDepth else { continue }
          var clip = DeviceBox()
          for corner in [Vec2(0, 0), Vec2(w, 0), Vec2(0, h), Vec2(w, h)] { clip.add(world.apply(corner), pad: 0) }
          let inside = area.intersection(clip)
          guard inside.isValid, inside.maxX > inside.minX, inside.maxY > inside.minY else { continue }
          walk(child, matrix: world, area: inside, depth: depth + 1)
        case .text(let node):
          let path = layer.model.path
          guard scene.graph.budget.checkGlyphs(node.document.text.unicodeScalars.count, at: path.appending("t"))
          else { continue }
          let ink = painter.bounds(node, world: world)
          guard ink.isValid else { continue }
          placements.append(
            TextPlacement(
              path: path, text: node.document.text, isBoxText: (node.document.boxSize?.x ?? 0) > 0, ink: ink,
              area: area, origin: world.apply(Vec2(0, 0))))
        default:
          continue
        }
      }
    }
    walk(scene.graph.root, matrix: rootMatrix, area: area, depth: 0)
    return placements
  }

  /// The steps the expressions took at the frame last drawn or measured, and the most a frame may take.
  package var expressionSteps: (used: Int, perFrame: Int) {
    (scene.graph.expressions.stepsThisFrame, scene.graph.expressions.budget.frameSteps)
  }

  /// Precomps are looked into this deep for text (as deep as the scene builds them).
  static let maxTextPlacementDepth = AnimationScene.maxDepth
}
