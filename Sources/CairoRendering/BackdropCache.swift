import CCairo
import Foundation
import Lottie
import LottieScene
import Raster

/// The bottom of the frame that stays still: the first layers in drawing order (root layers, and the layers of
/// precomps drawn straight onto the frame) whose state did not change, kept as the pixels of the composition's
/// rectangle after they were drawn.
///
/// Drawing a layer depends only on the pixels under it and on its own state (content version, matrix,
/// opacity, visibility, its matte's), so while those layers' states are the ones the pixels were taken with,
/// copying the pixels back gives exactly the bytes drawing them again would: the copy replaces clearing the
/// rectangle and drawing those layers.
final class BackdropCache {
  /// What decides a root layer's pixels.
  struct LayerState: Equatable {
    var isDrawn: Bool
    var version: UInt64
    var parentedMatrix: Affine
    var effectMatrix: Affine
    var opacity: Double
    /// The matte's own state, for a matted layer.
    var matte: [LayerState]

    init(_ layer: SceneLayer, withMatte: Bool = true) {
      isDrawn = layer.isDrawn
      version = layer.version
      parentedMatrix = layer.parentedMatrix
      effectMatrix = layer.effectMatrix
      opacity = layer.opacity
      matte = []
      if withMatte, layer.model.matteMode != nil, let m = layer.matte {
        var state = LayerState(m, withMatte: false)
        // A matte is drawn when it is in range, hidden or not.
        state.isDrawn = m.isInRange
        matte = [state]
      }
    }
  }

  private let caches: RenderCaches
  private let entry = CachedSurface()
  /// The states the snapshot was taken with (its steps are the first `states.count` in drawing order).
  private var states: [Step] = []
  private var rect = PixelRect(x: 0, y: 0, width: 0, height: 0)
  /// Last frame's states, and for how many frames in a row each layer's state has not changed.
  private var previous: [Step] = []
  /// How many steps the last plan copied back (for tests).
  private(set) var restoredSteps = 0
  /// How many snapshots were taken into the surface of the one before (for tests).
  private(set) var reusedSnapshots = 0
  private var stableFrames: [Int] = []

  init(caches: RenderCaches) { self.caches = caches }

  /// One thing drawn straight onto the frame, in drawing order: a root layer, or a layer inside precomps that
  /// are drawn straight onto the frame too (no group of their own), with those precomps' states.
  struct Step: Equatable {
    var ancestors: [LayerState]
    var leaf: LayerState
  }

  /// The root composition's steps at one frame, in drawing order: their states, their leaf layers and the
  /// matrix of the composition each is drawn in (as `LayerPainter` walks them).
  struct Walk {
    var steps: [Step] = []
    var layers: [SceneLayer] = []
    var matrices: [Affine] = []
  }

  static func walk(_ root: SceneComposition, matrix: Affine) -> Walk {
    var result = Walk()
    func walk(_ comp: SceneComposition, _ matrix: Affine, _ ancestors: [LayerState]) {
      for layer in comp.layers.reversed() where layer.isDrawn {
        if ancestors.count < maxExpandedDepth, result.steps.count < maxSteps,
          let child = LayerPainter.directPrecomp(layer, matrix: matrix)
        {
          walk(child, layer.effectMatrix.then(layer.parentedMatrix).then(matrix), ancestors + [LayerState(layer)])
        } else {
          result.steps.append(Step(ancestors: ancestors, leaf: LayerState(layer)))
          result.layers.append(layer)
          result.matrices.append(matrix)
        }
      }
    }
    walk(root, matrix, [])
    return result
  }

  /// Precomps drawn straight onto the frame are looked into this deep, for this many steps at most.
  static let maxExpandedDepth = 8
  static let maxSteps = 4096

  /// For this frame (walked as `walk`): how many of the first steps the snapshot replaces, and before which
  /// step a new snapshot should be taken (nil: none; the step count: after the last).
  func plan(_ walk: Walk) -> (restore: Int, snapshotAt: Int?) {
    restoredSteps = 0
    guard caches.isEnabled else { return (0, nil) }
    let current = walk.steps
    if previous.count != current.count { stableFrames = Array(repeating: 0, count: current.count) }
    for i in current.indices {
      stableFrames[i] = i < previous.count && previous[i] == current[i] ? stableFrames[i] + 1 : 0
    }
    previous = current
    var restore = 0
    if entry.surface != nil, !states.isEmpty, states.count <= current.count,
      Array(current[0..<states.count]) == states
    {
      restore = states.count
      caches.touch(entry)
    }
    // The longest run of steps unchanged since the last frame, if drawing it costs more than copying it.
    var stable = 0
    while stable < current.count && stableFrames[stable] >= 1 { stable += 1 }
    restoredSteps = restore
    guard stable > restore, BackdropCache.isWorthKeeping(walk.layers[0..<stable]) else { return (restore, nil) }
    return (restore, stable)
  }

  /// Whether drawing `layers` costs more than copying a frame's worth of pixels.
  static func isWorthKeeping(_ layers: ArraySlice<SceneLayer>) -> Bool {
    var weight = 0
    for layer in layers {
      weight += 1 + layer.activeMasks.count + 4 * layer.effects.count + (layer.matte != nil ? 2 : 0)
      switch layer.content {
      case .shapes(let shapes): weight += shapes.operations.count
      case .image, .precomp, .text: weight += 4
      case .solid, .none: break
      }
      if weight >= 3 { return true }
    }
    return false
  }

  /// Whether `restore(into:within: area)` writes every pixel of `area` (the snapshot is kept and holds all of
  /// it), so that nothing needs clearing there first.
  func restoreCovers(_ area: PixelRect) -> Bool {
    entry.surface != nil && rect.intersection(area) == area
  }

  /// Copies the snapshot back into `target` (an image surface whose pixel (0, 0) is device pixel `origin`),
  /// inside `area` only.
  func restore(into target: OpaquePointer, within area: PixelRect, origin: (Int, Int) = (0, 0)) {
    guard let snapshot = entry.surface, let part = rect.intersection(area) else { return }
    BackdropCache.copy(
      from: snapshot, at: (part.x - rect.x, part.y - rect.y), to: target, at: (part.x - origin.0, part.y - origin.1),
      size: (part.width, part.height))
  }

  /// Takes the pixels of `rect` in `target` as the snapshot of the first `count` steps, into the snapshot's
  /// own surface when it is still kept and of the same size (no new frame-sized image to allocate and fault in).
  func take(from target: OpaquePointer, rect: PixelRect, count: Int) {
    guard rect.width > 0, rect.height > 0 else { return }
    if let kept = entry.surface, Int(cairo_image_surface_get_width(kept)) == rect.width,
      Int(cairo_image_surface_get_height(kept)) == rect.height
    {
      BackdropCache.copy(from: target, at: (rect.x, rect.y), to: kept, at: (0, 0), size: (rect.width, rect.height))
      caches.touch(entry)
      reusedSnapshots += 1
    } else {
      guard let surface = CairoSurface.makeImage(width: rect.width, height: rect.height),
        cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
      else { return }
      BackdropCache.copy(from: target, at: (rect.x, rect.y), to: surface, at: (0, 0), size: (rect.width, rect.height))
      caches.store(surface, in: entry)
    }
    self.rect = rect
    states = entry.surface == nil ? [] : Array(previous[0..<count])
  }

  /// Copies a block of ARGB32 pixels between two image surfaces.
  static func copy(
    from source: OpaquePointer, at origin: (Int, Int), to target: OpaquePointer, at destination: (Int, Int),
    size: (Int, Int)
  ) {
    cairo_surface_flush(source)
    cairo_surface_flush(target)
    guard let from = cairo_image_surface_get_data(source), let to = cairo_image_surface_get_data(target) else { return }
    let fromStride = Int(cairo_image_surface_get_stride(source)), toStride = Int(cairo_image_surface_get_stride(target))
    let rowBytes = size.0 * 4
    for row in 0..<size.1 {
      let a = from + (origin.1 + row) * fromStride + origin.0 * 4
      let b = to + (destination.1 + row) * toStride + destination.0 * 4
      UnsafeMutableRawPointer(b).copyMemory(from: a, byteCount: rowBytes)
    }
    cairo_surface_mark_dirty_rectangle(target, Int32(destination.0), Int32(destination.1), Int32(size.0), Int32(size.1))
  }
}

/// Counts the steps of the root's walk (see `BackdropCache`): skips the first `skip`, calls `snapshot` before
/// step `snapshotAt` (or after the last, from `finish`).
final class StepCursor {
  private(set) var count = 0
  private let skip: Int
  private let snapshotAt: Int?
  private let snapshot: (Int) -> Void

  init(skip: Int, snapshotAt: Int?, snapshot: @escaping (Int) -> Void) {
    self.skip = skip
    self.snapshotAt = snapshotAt
    self.snapshot = snapshot
  }

  /// Whether step `n` is to be drawn at all (nil: every one).
  var isNeeded: ((Int) -> Bool)? = nil

  /// Starts the next step; false when it is to be skipped.
  func step() -> Bool {
    defer { count += 1 }
    if count == snapshotAt { snapshot(count) }
    return count >= skip && (isNeeded?(count) ?? true)
  }

  /// Ends the walk.
  func finish() {
    if count == snapshotAt { snapshot(count) }
  }
}
