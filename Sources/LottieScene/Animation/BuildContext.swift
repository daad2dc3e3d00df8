import Lottie

/// What a scene is built with: the worker's version clock, the expression scope of the composition being
/// built, whether caches are used, and the work budget.
package struct BuildContext {
  package let clock: SceneClock
  package var scope: ExpressionScope?
  package let cachesEnabled: Bool
  package let budget: WorkBudget
  /// The worker's expression engine, shared by every composition of the scene.
  package let expressions: ExpressionEngine

  package init(
    clock: SceneClock, scope: ExpressionScope?, cachesEnabled: Bool, budget: WorkBudget = WorkBudget(),
    expressions: ExpressionEngine = ExpressionEngine()
  ) {
    self.expressions = expressions
    self.clock = clock
    self.scope = scope
    self.cachesEnabled = cachesEnabled
    self.budget = budget
  }
}

/// Hands out version stamps: a node that changes takes a new one, so equal stamps mean equal content within
/// one scene (one worker).
package final class SceneClock {
  private var last: UInt64 = 1
  /// The stamp of empty geometry (every empty contour list is the same).
  package static let empty: UInt64 = 1

  package init() {}

  package func next() -> UInt64 {
    last += 1
    return last
  }
}
