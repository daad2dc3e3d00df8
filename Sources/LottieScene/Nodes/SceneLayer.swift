import Foundation
import Lottie

/// What a layer draws.
package enum SceneContent {
  case shapes(ShapeContent)
  case solid(color: RGBA, width: Double, height: Double)
  case image(id: String)
  /// A precomposition: its own instance of the asset's layers (each precomp layer has one, at its own time).
  case precomp(SceneComposition, width: Double, height: Double)
  /// Text: its document, animators and path as a node, whose layout the renderer keeps on it.
  case text(TextNode)
  /// Null layers, missing precomps, and kinds that draw nothing.
  case none
}

/// One layer of a composition instance: its properties as tracks, and per frame its visibility, matrix,
/// opacity and a version that changes whenever what it draws in its own space may have changed.
package final class SceneLayer {
  /// The layer as parsed.
  package let model: Layer
  // Stored state marked `@exclusivity(unchecked)`: see "Exclusivity" at `AnimationScene`.
  /// The parent whose transform this layer's follows (cycles and dangling parents cut at build).
  @exclusivity(unchecked) package private(set) var parent: SceneLayer?
  /// The matte layer, for a layer with a track matte.
  @exclusivity(unchecked) package private(set) var matte: SceneLayer?
  package let content: SceneContent
  /// Every mask, in order (a stroke effect counts them all), and those that draw (mode other than none).
  package let masks: [MaskNode]
  package let activeMasks: [MaskNode]
  /// Effects and styles drawn after the masks, in order (Transform effects are in `contentMatrix`).
  package let effects: [EffectNode]
  @exclusivity(unchecked) private var transform: TransformTracks
  private let transformEffects: [TransformEffectNode]
  @exclusivity(unchecked) private var timeRemap: Track<Double>?
  /// Whether anything about the layer can change over time (visibility aside).
  @exclusivity(unchecked) package private(set) var isAnimated: Bool

  // MARK: - State at the last update

  /// Whether the layer is in its frame range (`inPoint <= frame < outPoint`).
  @exclusivity(unchecked) package private(set) var isInRange = false
  /// Whether the composition draws it: in range, not hidden, not only a matte.
  package var isDrawn: Bool { isInRange && !model.isHidden && !model.isMatteSource }
  /// From layer space to composition space: the layer's transform, then its parents'.
  @exclusivity(unchecked) package private(set) var parentedMatrix = Affine.identity
  /// From the space the content is drawn in to layer space: the Transform effects' matrix (identity without).
  @exclusivity(unchecked) package private(set) var effectMatrix = Affine.identity
  /// Opacity: the transform's (0...1, more when the file says more), times the Transform effects'.
  @exclusivity(unchecked) package private(set) var opacity = 1.0
  /// Changes whenever the content, masks or effects changed (not the matrix or opacity).
  @exclusivity(unchecked) package private(set) var version: UInt64
  /// The frame the content was evaluated at (the composition's frame).
  @exclusivity(unchecked) package private(set) var frame = 0.0
  /// A precomp's time, at the last update.
  @exclusivity(unchecked) package private(set) var childFrame = 0.0

  private let clock: SceneClock
  @exclusivity(unchecked) private var ownMatrixChanged = false

  init(_ model: Layer, content: SceneContent, context: BuildContext) {
    self.model = model
    self.content = content
    clock = context.clock
    let scope = context.scope
    transform = TransformTracks(model.transform, autoOrient: model.autoOrient, scope: scope)
    transformEffects = model.effects.compactMap { TransformEffectNode($0, scope: scope) }
    masks = model.masks.map { MaskNode($0, scope: scope) }
    activeMasks = masks.filter { $0.mode != .none }
    effects = model.effects.compactMap { effect in
      if case .transform = effect { return nil }
      return EffectNode.make(effect, scope: scope)
    }
    if case .precomp(_, _, _, let remap?) = model.content { timeRemap = Track(remap, scope: scope) }
    version = context.clock.next()
    var animated =
      transform.isAnimated || transformEffects.contains { $0.isAnimated } || masks.contains { $0.isAnimated }
      || effects.contains { $0.isAnimated } || (timeRemap?.isAnimated ?? false)
    switch content {
    case .shapes(let shapes): animated = animated || shapes.isAnimated
    case .precomp(let child, _, _): animated = animated || child.isAnimated
    case .text(let text): animated = animated || text.isAnimated
    case .solid, .image, .none: break
    }
    isAnimated = animated
    updateEffectMatrix()
  }

  func link(parent: SceneLayer?, matte: SceneLayer?) {
    self.parent = parent
    self.matte = matte
  }

  /// Parents may move even when this layer does not.
  var isAnimatedWithParents: Bool {
    var layer: SceneLayer? = self
    var steps = 0
    while let l = layer, steps < 64 {
      if l.transform.isAnimated { return true }
      layer = l.parent
      steps += 1
    }
    return isAnimated
  }

  // MARK: - Per frame

  /// 1. Range and transform (every layer: a layer out of range still parents others). True when the
  /// layer's own matrix or opacity changed (as `didMove` says until the next update).
  @discardableResult
  func updateTransform(at frame: Double) -> Bool {
    isInRange = model.inPoint <= frame && frame < model.outPoint
    self.frame = frame
    let moved = transform.update(at: frame)
    var effectMoved = false
    for node in transformEffects where node.update(at: frame) { effectMoved = true }
    if effectMoved { updateEffectMatrix() }
    let newOpacity = transform.opacity / 100 * effectOpacity
    let faded = newOpacity != opacity
    opacity = newOpacity
    ownMatrixChanged = moved.matrix
    didMove = moved.matrix || effectMoved || faded
    return didMove
  }

  @exclusivity(unchecked) private var effectOpacity = 1.0
  /// Whether the last `updateTransform` changed the layer's own matrix or opacity.
  @exclusivity(unchecked) private(set) var didMove = false

  /// The Transform effects combined in order: the first one's result goes through the next.
  private func updateEffectMatrix() {
    var matrix: Affine? = nil
    var opacity = 1.0
    for node in transformEffects {
      matrix = matrix.map { $0.then(node.matrix) } ?? node.matrix
      opacity *= node.opacity
    }
    effectMatrix = matrix ?? .identity
    effectOpacity = opacity
  }

  /// 2. The matrix to composition space, computed once per pass and shared with the children. True when it
  /// changed in this pass.
  @discardableResult
  func resolveMatrix(pass: Int) -> Bool {
    if matrixPass == pass { return matrixChanged }
    matrixPass = pass
    let parentChanged = parent?.resolveMatrix(pass: pass) ?? false
    if parentChanged || ownMatrixChanged || !isResolved {
      let next = parent.map { transform.matrix.then($0.parentedMatrix) } ?? transform.matrix
      matrixChanged = !isResolved || next != parentedMatrix
      parentedMatrix = next
      isResolved = true
    } else {
      matrixChanged = false
    }
    return matrixChanged
  }

  @exclusivity(unchecked) private var matrixPass = -1
  @exclusivity(unchecked) private var matrixChanged = false
  @exclusivity(unchecked) private var isResolved = false

  /// 3. The content, masks and effects, for a layer that is drawn (or is a drawn layer's matte). True when
  /// anything changed.
  func updateContent(at frame: Double, frameRate: Double) -> Bool {
    var changed = false
    for mask in masks where mask.update(at: frame) { changed = true }
    for effect in effects where effect.update(at: frame) { changed = true }
    switch content {
    case .shapes(let shapes):
      if shapes.update(at: frame) { changed = true }
    case .precomp(let child, _, _):
      if var remap = timeRemap {
        remap.update(at: frame)
        timeRemap = remap
        childFrame = remap.value * frameRate
      } else {
        let local = frame - model.startTime
        childFrame = model.stretch != 0 ? local / model.stretch : local
      }
      if child.update(at: childFrame) { changed = true }
    case .text(let text):
      if text.update(at: frame) { changed = true }
    case .solid, .image, .none:
      break
    }
    if changed { version = clock.next() }
    return changed
  }
}
