import Foundation
import Lottie

/// One composition instance (the root, or a precomp layer's): its layers with parents and mattes linked, and
/// the frame it was last updated at.
package final class SceneComposition {
  /// The layers in the model's order (top first).
  package let layers: [SceneLayer]
  /// Whether any layer can change (visibility aside).
  package let isAnimated: Bool
  // Stored state marked `@exclusivity(unchecked)`: see "Exclusivity" at `AnimationScene`.
  /// Changes whenever anything the composition draws changed: a layer's content, matrix, opacity or
  /// visibility.
  @exclusivity(unchecked) package private(set) var version: UInt64
  /// The frame of the last update (nil before the first).
  @exclusivity(unchecked) package private(set) var frame: Double?
  private let frameRate: Double
  private let clock: SceneClock
  @exclusivity(unchecked) private var pass = 0
  @exclusivity(unchecked) private var drawn: [Bool]
  private let budget: WorkBudget

  /// Builds the composition of `layers`; `depth` counts precomps around it (deeper ones draw nothing).
  init(_ layers: [Layer], animation: Animation, depth: Int, context: BuildContext) {
    var context = context
    // Each worker binds its own expressions, to this composition's layers.
    context.scope = ExpressionScope(layers: layers, animation: animation, engine: context.expressions)
    var built: [SceneLayer] = []
    for layer in layers {
      built.append(
        SceneLayer(layer, content: SceneComposition.content(layer, animation, depth, context), context: context))
    }
    // Parents and mattes by `ind`, the first layer with an index winning.
    var byIndex: [Int: Int] = [:]
    for (position, layer) in layers.enumerated() {
      if let index = layer.index, byIndex[index] == nil { byIndex[index] = position }
    }
    for (position, layer) in layers.enumerated() {
      // The parent, by `ind` (a layer is never its own parent; longer loops are cut below).
      var parent: SceneLayer? = nil
      if let index = layer.parent, let p = byIndex[index], p != position { parent = built[p] }
      var matte: SceneLayer? = nil
      if layer.matteMode != nil {
        if let tp = layer.matteParent {
          matte = byIndex[tp].map { built[$0] }
        } else if position > 0 {
          // Without `tp`, the matte is the layer just above.
          matte = built[position - 1]
        }
      }
      built[position].link(parent: parent, matte: matte)
    }
    self.layers = built
    SceneComposition.cutParentCycles(built)
    isAnimated = built.contains { $0.isAnimated }
    frameRate = animation.frameRate
    clock = context.clock
    version = context.clock.next()
    drawn = Array(repeating: false, count: built.count)
    budget = context.budget
  }

  /// Parent links that form a cycle are cut where the cycle closes, so that every chain ends.
  private static func cutParentCycles(_ layers: [SceneLayer]) {
    for layer in layers {
      var seen: [ObjectIdentifier] = [ObjectIdentifier(layer)]
      var current = layer
      var steps = 0
      while let parent = current.parent, steps < 64 {
        if seen.contains(ObjectIdentifier(parent)) {
          current.link(parent: nil, matte: current.matte)
          break
        }
        seen.append(ObjectIdentifier(parent))
        current = parent
        steps += 1
      }
      if steps >= 64 { current.link(parent: nil, matte: current.matte) }
    }
  }

  private static func content(_ layer: Layer, _ animation: Animation, _ depth: Int, _ context: BuildContext)
    -> SceneContent
  {
    switch layer.content {
    case .shapes(let items):
      return .shapes(ShapeContent(items, context: context, layer: layer.path))
    case .solid(let color, let w, let h):
      return .solid(color: color, width: w, height: h)
    case .image(let id):
      return .image(id: id)
    case .precomp(let id, let w, let h, _):
      guard depth + 1 < AnimationScene.maxDepth, let layers = animation.precomps[id] else { return .none }
      return .precomp(
        SceneComposition(layers, animation: animation, depth: depth + 1, context: context), width: w, height: h)
    case .text(let text):
      return .text(TextNode(text, context: context))
    case .null, .other:
      return .none
    }
  }

  // MARK: - Per frame

  /// Brings every layer drawn at `frame` (and every layer they depend on) to `frame`; true when anything the
  /// composition draws changed since the last update.
  /// 1. Transforms and ranges of all layers (parents matter even out of range). 2. Matrices through the
  /// parent chains, once each. 3. Content of the layers drawn and of their mattes.
  @discardableResult
  func update(at frame: Double) -> Bool {
    if self.frame == frame { return false }
    self.frame = frame
    pass += 1
    var changed = false
    // Whether each layer moved stays on it (`didMove`), so the pass needs no list of its own.
    for layer in layers { layer.updateTransform(at: frame) }
    for (i, layer) in layers.enumerated() {
      let isDrawn = layer.isDrawn
      if isDrawn || drawn[i] {
        if layer.resolveMatrix(pass: pass) || layer.didMove || isDrawn != drawn[i] { changed = true }
        drawn[i] = isDrawn
      }
      guard isDrawn, budget.checkTime(at: layer.model.path) else { continue }
      if layer.updateContent(at: frame, frameRate: frameRate) { changed = true }
      // A matte is drawn through the layer it mattes, whether or not it is drawn itself.
      if let matte = layer.matte, matte.isInRange {
        if matte.resolveMatrix(pass: pass) || matte.didMove { changed = true }
        if matte.updateContent(at: frame, frameRate: frameRate) { changed = true }
      }
    }
    if changed { version = clock.next() }
    return changed
  }
}
