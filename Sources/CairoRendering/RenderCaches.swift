import CCairo
import Foundation
import LottieScene

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

  /// 48 MB by default: six 1080p frames' worth, per worker.
  static let defaultBudget = 48 * 1024 * 1024

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

  /// Stores `surface` (owned by the entry from now on) in `entry`, dropping what it held, then evicts the
  /// least recently used entries while over budget. A surface larger than the whole budget is not kept.
  func store(_ surface: OpaquePointer, in entry: CachedSurface) {
    release(entry)
    let size = Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
    guard isEnabled, size <= budget else {
      cairo_surface_destroy(surface)
      return
    }
    entry.surface = surface
    entry.bytes = size
    bytes += size
    entries[ObjectIdentifier(entry)] = entry
    touch(entry)
    while bytes > budget, let victim = entries.values.filter({ $0 !== entry }).min(by: { $0.lastUse < $1.lastUse }) {
      release(victim)
    }
  }

  /// Drops what `entry` holds.
  func release(_ entry: CachedSurface) {
    guard let surface = entry.surface else { return }
    cairo_surface_destroy(surface)
    bytes -= entry.bytes
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
}
