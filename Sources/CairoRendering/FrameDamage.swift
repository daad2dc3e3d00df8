import CCairo
import Foundation
import Lottie
import LottieScene
import Raster

/// What changed between two frames of one renderer: the frames it drew last (by content tag), each with the
/// state and the device bounds of every step (see `BackdropCache.Walk`), so that a buffer showing one of
/// them is brought to the next frame by drawing again only where a step changed, inside the union of its old
/// and new bounds.
///
/// Inside a pixel-aligned rectangle Cairo draws the same pixels as without it (coverage does not depend on the
/// clip; effects draw into images of their own boxes, not clipped groups), and outside it the buffer already
/// holds them, so the frame comes out byte for byte as a whole redraw.
final class FrameDamage {
  /// One drawn frame.
  struct Frame {
    var steps: [BackdropCache.Step]
    /// Each step's bounds, nil for a step that draws nothing.
    var bounds: [PixelRect?]
  }

  /// Where to draw.
  enum Region: Equatable {
    /// Everything.
    case all
    /// Nothing changed.
    case none
    case rect(PixelRect)
  }

  private var frames: [UInt64: Frame] = [:]
  private var order: [UInt64] = []
  /// Frames remembered: more than the buffers a pipeline keeps in flight.
  static let capacity = 24

  /// Remembers `frame` under `tag`.
  func record(_ tag: UInt64, _ frame: Frame) {
    guard tag != 0 else { return }
    if frames.updateValue(frame, forKey: tag) == nil { order.append(tag) }
    while order.count > FrameDamage.capacity { frames[order.removeFirst()] = nil }
  }

  /// Where the frame remembered under `tag` differs from `current`: `.all` when it is not remembered or its
  /// steps do not line up with the current ones.
  func region(from tag: UInt64, to current: Frame) -> Region {
    guard tag != 0, let old = frames[tag], old.steps.count == current.steps.count else { return .all }
    var area: PixelRect? = nil
    for i in current.steps.indices where old.steps[i] != current.steps[i] || old.bounds[i] != current.bounds[i] {
      for bounds in [old.bounds[i], current.bounds[i]] {
        guard let b = bounds else { continue }
        area = area.map { $0.union(b) } ?? b
      }
    }
    return area.map { .rect($0) } ?? .none
  }
}

extension LayerPainter {
  /// Device pixels that drawing `layer` in a composition drawn with `matrix` can change (its group's box), or
  /// nil when it draws nothing.
  func drawnBounds(_ layer: SceneLayer, matrix: Affine) -> DeviceBox? {
    guard layer.opacity > 0 else { return nil }
    let world = contentMatrix(layer, matrix: matrix)
    // The same content under the same matrix has the same bounds: kept per layer.
    let key = ObjectIdentifier(layer)
    if let kept = scene.boundsCache[key], kept.version == layer.version, kept.world == world { return kept.box }
    let box = computeDrawnBounds(layer, world: world)
    scene.boundsCache[key] = (layer.version, world, box)
    return box
  }

  /// The union of what the drawn layers of `comp`, drawn with `matrix`, can change, or nil when none draws.
  func drawnBounds(of comp: SceneComposition, matrix: Affine) -> DeviceBox? {
    var union: DeviceBox? = nil
    for layer in comp.layers where layer.isDrawn {
      guard let box = drawnBounds(layer, matrix: matrix) else { continue }
      union = union.map { $0.union(box) } ?? box
    }
    return union
  }

  private func computeDrawnBounds(_ layer: SceneLayer, world: Affine) -> DeviceBox? {
    guard abs(world.determinant) > 1e-12, var box = contentBounds(layer, world: world) else { return nil }
    if !layer.activeMasks.isEmpty {
      guard let limit = LayerPainter.maskBounds(layer.activeMasks, world: world, within: box) else { return nil }
      box = limit
    }
    if !layer.effects.isEmpty { box = box.expanded(by: ResolvedEffect.margin(effects(layer, world: world))) }
    return box.isValid ? box.expanded(by: 1) : nil
  }
}
