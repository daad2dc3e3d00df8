import Foundation

#if os(Linux)
// glibc's malloc_trim and mallopt (malloc.h is not part of Swift's Glibc module).
@_silgen_name("malloc_trim") private func malloc_trim(_ pad: Int) -> Int32
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// Holds a running export to `--limit memory`. The plan (``MemoryEstimate``) refuses an export whose estimate
/// is over the limit before anything is drawn; this is for what the estimate does not foresee. After every
/// frame it reads the process's resident memory (`/proc/self/statm`: one small read). Over the limit, the
/// allocator first gives back the pages it keeps free (the binary keeps up to 1 GB of them, which counts as
/// resident: see `main.swift`); if the process is still over, the export stops with
/// ``ExportError/memoryExceeded(resident:limit:frame:estimate:)`` and, as any failure, leaves no file.
///
/// The limit is the process's: a batch exporting several files at once checks each file's plan against its
/// share and every file's frames against the whole.
public final class MemoryGuard {
  let limit: Int
  let estimate: Int
  private let resident: () -> Int?
  private let trim: () -> Void
  /// How many times the allocator was asked to give memory back (tests).
  private(set) var trims = 0

  /// A guard for `limit` bytes, or nil for no limit. `resident` and `trim` are the process's own unless a
  /// test gives others.
  init?(
    limit: Int?, estimate: Int, resident: @escaping () -> Int? = MemoryGuard.residentBytes,
    trim: @escaping () -> Void = MemoryGuard.trimHeap
  ) {
    guard let limit else { return nil }
    self.limit = limit
    self.estimate = estimate
    self.resident = resident
    self.trim = trim
  }

  /// Checks after frame `frame` (0-based) was handed to the encoder.
  func check(frame: Int) throws {
    guard let before = resident(), before > limit else { return }
    if trims == 0 { Self.keepLessFreeMemory() }
    trim()
    trims += 1
    guard let after = resident(), after > limit else { return }
    throw ExportError.memoryExceeded(resident: after, limit: limit, frame: frame, estimate: estimate)
  }

  /// The process's resident set in bytes, or nil where `/proc` cannot say: one read of `/proc/self/statm`
  /// into a small buffer (a few microseconds; it runs after every frame).
  static func residentBytes() -> Int? {
    let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer -> Int? in
      let count = read(fd, buffer.baseAddress, buffer.count)
      guard count > 0 else { return nil }
      // "size resident shared ...", in pages: the second field.
      var field = 0, pages = 0, digits = 0
      for byte in buffer.prefix(count) {
        if byte == UInt8(ascii: " ") {
          if field == 1 { break }
          field += 1
        } else if field == 1, byte >= 48, byte <= 57 {
          pages = pages * 10 + Int(byte - 48)
          digits += 1
        }
      }
      return digits > 0 ? pages * pageSize : nil
    }
  }

  private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  /// Once the limit is reached, the heap stops keeping up to 1 GB of freed memory (`main.swift`) and gives back
  /// what is over 32 MB by itself, so the process does not come back over the limit frame after frame.
  private static func keepLessFreeMemory() {
    #if os(Linux)
    _ = mallopt(-1, 32 << 20)  // M_TRIM_THRESHOLD
    #endif
  }

  /// Hands the heap's free pages back to the system. A batch calls it after each file: the binary keeps
  /// up to 1 GB of freed memory per heap arena, and each file's workers run on threads (and arenas) of their
  /// own, so what finished files freed would otherwise stay resident beside the files exporting now (a
  /// two-at-a-time batch of eight 1080p files peaked at 891 MB where one file takes 330-450 MB).
  public static func trimHeap() {
    #if os(Linux)
    _ = malloc_trim(0)
    #endif
  }
}
