import Foundation

#if os(Linux)
// glibc's malloc_trim (malloc.h is not part of Swift's Glibc module): hands the heap's free pages back.
@_silgen_name("malloc_trim") private func malloc_trim(_ pad: Int) -> Int32
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
    trim()
    trims += 1
    guard let after = resident(), after > limit else { return }
    throw ExportError.memoryExceeded(resident: after, limit: limit, frame: frame, estimate: estimate)
  }

  /// The process's resident set in bytes, or nil where `/proc` cannot say.
  static func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .ascii) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
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
