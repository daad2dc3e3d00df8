import Foundation
import Lottie

/// The retained scene of one animation, built once per worker from the immutable model: every layer, group,
/// shape, paint, modifier, mask and effect as a node whose properties are constants (evaluated once, here)
/// or animators. `seek(toFrame:)` ticks only the animators of what is drawn at that frame; nodes whose inputs
/// did not change keep what they built (outlines after modifiers, paints, matrices), and versions tell the
/// renderer what changed.
///
/// Not `Sendable`: each worker builds its own from the shared model, and its caches never need locks.
///
/// Exclusivity: the nodes' per-frame state (tracks, matrices, versions, built outlines, their caches, the
/// budget's counts) is marked `@exclusivity(unchecked)`, because the run-time checks on it were about a
/// seventh of a frame's `seek`. That is safe because no access to one of those properties can begin while
/// another is under way: a scene is used by one thread (its worker); a node's state is only changed by the
/// node's own methods, and what they call while changing it (tracks, animators, expressions) reads the
/// immutable model, never a scene node (expressions read other layers through `ExpressionScope`, over the
/// model's layers); parent chains are cut of cycles at build, so a layer never reaches itself.
package final class AnimationScene {
  /// Precomps nested deeper than this draw nothing.
  package static let maxDepth = 64

  package let animation: Animation
  package let root: SceneComposition
  /// Whether the nodes keep what they built between frames (false: everything is rebuilt every frame, for
  /// tests comparing the two).
  package let cachesEnabled: Bool
  package let clock = SceneClock()
  /// The work each frame may take (see ``WorkLimits``); `budget.exceeded` names the first limit exceeded.
  package let budget: WorkBudget
  /// This scene's (this worker's) expression engine: what each expression gave or why it failed.
  package let expressions: ExpressionEngine

  package init(animation: Animation, cachesEnabled: Bool = true, limits: WorkLimits = .defaults) {
    self.animation = animation
    self.cachesEnabled = cachesEnabled
    budget = WorkBudget(limits)
    expressions = ExpressionEngine(limits: limits)
    let context = BuildContext(
      clock: clock, scope: nil, cachesEnabled: cachesEnabled, budget: budget, expressions: expressions)
    root = SceneComposition(animation.layers, animation: animation, depth: 0, context: context)
  }

  /// Brings the scene to composition frame `frame` (fractional allowed); true when anything drawn changed.
  @discardableResult
  package func seek(toFrame frame: Double) -> Bool {
    budget.beginFrame(frame, counting: root.frame != frame)
    expressions.beginSceneFrame()
    return root.update(at: frame)
  }
}
