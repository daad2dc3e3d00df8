import CCairo
import Foundation
import LottieScene
import Raster

/// Whether renderers keep pixels and geometry between frames. `L2V_RENDER_CACHES=0` in the environment turns
/// every cache off (each frame then rebuilds and redraws everything: slower, and the same pixels, which the
/// tests check).
public enum RenderCachePolicy {
  /// The environment's choice, read once.
  public static let isEnabledByDefault: Bool = ProcessInfo.processInfo.environment["L2V_RENDER_CACHES"] != "0"
}

/// One worker's pixel caches under one byte budget: when they hold more than `budget` bytes, the entries used
/// least recently are dropped first. Each entry is keyed by what its pixels were made from, so an entry that
/// is found is the same as what drawing again would make.
final class RenderCaches {
  /// Whether anything is kept (false: every lookup misses and nothing is stored).
  let isEnabled: Bool
  /// The most bytes of pixels kept (a 1080p frame is 8 MB).
  let budget: Int
  private var entries: [ObjectIdentifier: CachedSurface] = [:]
  private var bytes = 0
  private var useClock = 0

  /// The budget for frames of `width` × `height`: two frames' worth (16.6 MB at 1080p), at least 4 MB.
  static func budget(width: Int, height: Int) -> Int {
    max(4 << 20, 2 * 4 * width * height)
  }

  /// 32 MB, when the frame size is not known.
  static let defaultBudget = 32 * 1024 * 1024

  init(isEnabled: Bool, budget: Int = RenderCaches.defaultBudget) {
    self.isEnabled = isEnabled
    self.budget = budget
  }

  /// Bytes held now.
  var bytesHeld: Int { bytes }

  /// Marks `entry` used now (it is evicted last).
  func touch(_ entry: CachedSurface) {
    useClock += 1
    entry.lastUse = useClock
  }

  /// What an entry holds. A kept layer group (see `LayerGroupCache`) saves one group's drawing when only its
  /// opacity changed; the other entries (the still backdrop, layers' own images, scaled images) save more, and
  /// losing the backdrop also loses the frames drawn in part: groups are kept only in the room the others
  /// leave, and are the first to go when the others need room. (A 1080p precomp fading over the whole frame
  /// took half the budget, the backdrop snapshot the other half; each evicted the other every frame, so every
  /// frame was drawn whole and both were made again: UXSample F_Masks_All_02 3x slower.)
  enum Kind {
    case pixels
    case group
  }

  /// Bytes held by `.group` entries.
  private var groupBytes = 0

  /// Stores `surface` (owned by the entry from now on) in `entry`, dropping what it held, then evicts entries
  /// while over budget: groups first, least recently used first. A group is stored only when it fits beside the
  /// other entries (it evicts only groups); a surface larger than the whole budget is not kept. The entries
  /// other than groups are thus kept exactly as if no group were ever stored.
  func store(_ surface: OpaquePointer, in entry: CachedSurface, kind: Kind = .pixels) {
    release(entry)
    let size = Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
    let room = kind == .group ? budget - (bytes - groupBytes) : budget
    guard isEnabled, size <= room else {
      cairo_surface_destroy(surface)
      return
    }
    entry.surface = surface
    entry.bytes = size
    entry.isGroup = kind == .group
    bytes += size
    if entry.isGroup { groupBytes += size }
    entries[ObjectIdentifier(entry)] = entry
    touch(entry)
    while bytes > budget,
      let victim = leastRecentlyUsed(groups: true, sparing: entry)
        ?? (kind == .group ? nil : leastRecentlyUsed(groups: false, sparing: entry))
    {
      release(victim)
    }
  }

  private func leastRecentlyUsed(groups: Bool, sparing kept: CachedSurface) -> CachedSurface? {
    entries.values.filter { $0 !== kept && $0.isGroup == groups }.min(by: { $0.lastUse < $1.lastUse })
  }

  /// Drops what `entry` holds.
  func release(_ entry: CachedSurface) {
    guard let surface = entry.surface else { return }
    cairo_surface_destroy(surface)
    bytes -= entry.bytes
    if entry.isGroup { groupBytes -= entry.bytes }
    entry.surface = nil
    entry.bytes = 0
    entries[ObjectIdentifier(entry)] = nil
  }

  deinit {
    for entry in entries.values {
      if let surface = entry.surface { cairo_surface_destroy(surface) }
      entry.surface = nil
    }
  }
}

/// A slot for one cached image surface; its owner keeps the key the pixels were made from next to it.
final class CachedSurface {
  fileprivate(set) var surface: OpaquePointer?
  fileprivate(set) var bytes = 0
  fileprivate var lastUse = 0
  fileprivate var isGroup = false
}

/// Each layer's image after its masks and effects, or its group (see `LayerPainter.groupKey`), before its
/// opacity and blend mode, kept with what it was made from: a layer whose opacity alone animates (a precomp
/// fading or blinking; its version does not change) is composited from the kept pixels with the new opacity.
final class LayerGroupCache {
  struct Key: Equatable {
    var version: UInt64
    var world: Affine
    var effects: [ResolvedEffect]
    /// The layer's own image: its rectangle. A group: the extents of the surface drawn on.
    var rect: PixelRect
    var opacity: Double
    /// A group: the device clip it was pushed under, as pixel-aligned rectangles (empty for an own image).
    var clip: [PixelRect] = []
  }
  private var entries: [ObjectIdentifier: (key: Key, entry: CachedSurface)] = [:]
  /// Images reused so far (for tests).
  private(set) var hits = 0

  /// The layer's kept image when it was made from `key`.
  func surface(for layer: SceneLayer, key: Key, caches: RenderCaches) -> OpaquePointer? {
    guard caches.isEnabled, let kept = entries[ObjectIdentifier(layer)], kept.key == key,
      let surface = kept.entry.surface
    else { return nil }
    caches.touch(kept.entry)
    hits += 1
    return surface
  }

  /// Keeps `surface` (an image surface; referenced, not taken) for `layer`. `onSecondSight`: a layer group,
  /// kept only when the layer was drawn from the same key before (the first time, only the key is noted), so
  /// that groups whose content changes every frame are not made and dropped each frame, and only in the room
  /// the other kept pixels leave (see `RenderCaches.Kind`).
  func keep(
    _ surface: OpaquePointer, for layer: SceneLayer, key: Key, caches: RenderCaches, onSecondSight: Bool = false
  ) {
    guard caches.isEnabled, cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else { return }
    let kept = entries[ObjectIdentifier(layer)]
    let entry = kept?.entry ?? CachedSurface()
    if onSecondSight, kept?.key != key {
      caches.release(entry)
    } else {
      caches.store(cairo_surface_reference(surface), in: entry, kind: onSecondSight ? .group : .pixels)
    }
    entries[ObjectIdentifier(layer)] = (key, entry)
  }
}

extension PixelRect {
  /// `box` rounded out to whole pixels; nil when it is empty or not finite.
  init?(_ box: DeviceBox) {
    guard box.isValid else { return nil }
    let x0 = box.minX.rounded(.down), y0 = box.minY.rounded(.down)
    let x1 = box.maxX.rounded(.up), y1 = box.maxY.rounded(.up)
    guard x1 > x0, y1 > y0, let left = Int(exactly: x0), let top = Int(exactly: y0), let right = Int(exactly: x1),
      let bottom = Int(exactly: y1), abs(left) < 1 << 30, abs(top) < 1 << 30, abs(right) < 1 << 30,
      abs(bottom) < 1 << 30
    else { return nil }
    self.init(x: left, y: top, width: right - left, height: bottom - top)
  }
}
