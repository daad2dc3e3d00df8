import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns the temporary file (or folder) an encode writes: `<dir>/.<name>.partial-<pid>.<ext>` next to the
/// output.
///
/// It is listed in ``PartialFiles`` while it exists, and holds an exclusive `flock` on it for as long as
/// this process owns it: the kernel drops the lock when the process dies, however it dies, so a later run
/// can tell a live writer's file (even one in another PID namespace sharing the folder) from a killed one's
/// and sweep only the latter (``PartialFiles/sweepStale(in:)``, run once per folder the first time a partial
/// file is made there). ``commit()`` renames the file over the output with `rename(2)`, which is atomic
/// within one file system, so readers never see a half-written video; otherwise ``discard()`` (or `deinit`)
/// deletes it.
///
/// Public so that other writers of finished files (a size budget's encodes, a poster, a report) keep them
/// under the same names, swept the same way. Not `Sendable`: one owner, one thread.
public final class PartialFile {
  /// What the temporary path is.
  public enum Kind {
    /// A file that FFmpeg or we write, renamed over the output at the end.
    case file
    /// A folder (a PNG sequence's frames, moved to their names at the end).
    case folder
  }

  /// The final output path.
  public let outputPath: String
  /// The temporary path, in the output's directory so that the rename stays on one file system.
  public let path: String
  public let kind: Kind
  /// The descriptor holding the lock, or negative (see ``createLocked(_:kind:)``).
  private var lockDescriptor: Int32 = -1
  private var isSettled = false

  /// Registers the temporary name for `outputPath`, sweeps its folder of stale partial files (once per
  /// process), creates the file or folder and locks it. Throws when another encoder in this process is
  /// already writing it; a file that cannot be created is left to the writer, whose error names the output.
  ///
  /// `variant` tells apart two temporary files for one output (a size budget's smallest encode and its next
  /// attempt): `.name<variant>.partial-PID.ext`.
  public init(outputPath: String, kind: Kind = .file, variant: String = "") throws {
    self.outputPath = outputPath
    self.path = Self.temporaryPath(for: outputPath, variant: variant)
    self.kind = kind
    guard PartialFiles.register(path) else {
      // The name belongs to the other encoder: deinit must not unregister or delete it.
      isSettled = true
      throw VideoEncodingError.io(
        path: outputPath, message: "another encoder in this process is already writing \(path)")
    }
    PartialFiles.sweepStaleOnce(in: Self.directory(of: path))
    if kind == .folder {
      // A folder of ours left by an earlier process with this pid (a container's pid 1) is stale.
      PartialFiles.remove(path)
    }
    lockDescriptor = Self.createLocked(path, kind: kind)
    if kind == .folder && lockDescriptor == -1 {
      let message = String(cString: strerror(errno))
      PartialFiles.unregister(path)
      isSettled = true
      throw VideoEncodingError.io(path: outputPath, message: "cannot create the folder \(path): \(message)")
    }
  }

  /// Creates `path` and takes its lock; returns the descriptor holding it, -2 when the path was made but
  /// the file system has no locks, or -1 when it cannot be made (a file's writer then reports why).
  ///
  /// Another process's sweep may open the new file between our create and our lock, take the lock and
  /// delete it; so the lock is checked to be on the file that still has the name, or we start again. Once
  /// that holds, every later sweep finds the file locked.
  private static func createLocked(_ path: String, kind: Kind) -> Int32 {
    for _ in 0..<8 {
      let descriptor: Int32
      switch kind {
      case .file:
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
      case .folder:
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { return -1 }
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
      }
      guard descriptor >= 0 else {
        if errno == ENOENT && kind == .folder { continue }
        return -1
      }
      PartialFiles.removeIfInterrupted(path)
      if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
        close(descriptor)
        // A sweep holds it for a moment (and is deleting it): make it again.
        if errno == EWOULDBLOCK {
          usleep(1000)
          continue
        }
        // No locks on this file system: the file is usable, but only the pid in its name protects it.
        return -2
      }
      var locked = stat()
      var named = stat()
      if fstat(descriptor, &locked) == 0, lstat(path, &named) == 0, locked.st_ino == named.st_ino,
        locked.st_dev == named.st_dev
      {
        return descriptor
      }
      close(descriptor)
    }
    return -1
  }

  deinit {
    discard()
  }

  /// Renames the temporary file over the output (for a folder: removes it, now that its files are moved).
  public func commit() throws {
    try commit { reason in
      VideoEncodingError.io(path: outputPath, message: "cannot rename \(path) to it: \(reason)")
    }
  }

  /// ``commit()``, with the error for a failed rename made from the system's reason ("Is a directory"):
  /// for a writer whose errors name only the output.
  public func commit(renameFailure: (_ reason: String) -> any Error) throws {
    guard !isSettled else {
      throw VideoEncodingError.invalidState("the temporary file \(path) was already renamed or removed")
    }
    isSettled = true
    defer { unlock() }
    let wasRegistered = PartialFiles.unregister(path)
    guard wasRegistered else {
      PartialFiles.waitIfInterrupted()
      throw VideoEncodingError.io(
        path: outputPath, message: "the temporary file \(path) was removed before it could be renamed")
    }
    if kind == .folder {
      PartialFiles.remove(path)
      return
    }
    guard rename(path, outputPath) == 0 else {
      let message = String(cString: strerror(errno))
      PartialFiles.waitIfInterrupted()
      unlink(path)
      throw renameFailure(message)
    }
  }

  /// Deletes the temporary file or folder, if it is still there; does nothing after ``commit()``.
  public func discard() {
    guard !isSettled else { return }
    isSettled = true
    // After PartialFiles.removeAll() the file is already gone (and may belong to nobody by now).
    if PartialFiles.unregister(path) {
      PartialFiles.remove(path)
    }
    unlock()
  }

  /// Locks the file now at ``path`` again, after another writer renamed its own finished file over it (an
  /// export into this temporary name, which has a temporary file of its own): the lock held the file that
  /// was replaced, and a sweep in another PID namespace must still find this name locked.
  public func lockAgain() {
    guard !isSettled, kind == .file else { return }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return
    }
    unlock()
    lockDescriptor = descriptor
  }

  private func unlock() {
    if lockDescriptor >= 0 { close(lockDescriptor) }
    lockDescriptor = -1
  }

  // MARK: - Small files written whole

  /// Writes `data` to `outputPath` atomically: into the temporary name a ``PartialFile`` of it would have,
  /// locked while it is written, then renamed over `outputPath`. Returns the system's reason when it failed
  /// (the temporary file is then removed), or nil.
  ///
  /// The one writer of our own small files (`--report`, `merge-reports`): a reader sees the old file or the
  /// new one, never half of it, and a leftover from a killed process is swept like an encoder's. It neither
  /// registers the name nor waits for an exit as ``init(outputPath:kind:variant:)`` does, because a signal
  /// handler calls it to keep a report while the process ends (which would wait forever there).
  public static func writeAtomically(_ data: Data, to outputPath: String) -> String? {
    let temporary = temporaryPath(for: outputPath)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    // Locked while it is written, so that another process's sweep leaves it alone; best effort (a file
    // system without locks still gets the rename).
    _ = flock(descriptor, LOCK_EX | LOCK_NB)
    var failure: String?
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = write(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        offset += written
      }
    }
    if failure == nil && rename(temporary, outputPath) != 0 { failure = String(cString: strerror(errno)) }
    if failure != nil { unlink(temporary) }
    if close(descriptor) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
    return failure
  }

  /// `dir/name.ext` becomes `dir/.name<variant>.partial-<pid>.ext`.
  public static func temporaryPath(for outputPath: String, variant: String = "") -> String {
    let slash = outputPath.lastIndex(of: "/")
    let directory = slash.map { String(outputPath[...$0]) } ?? ""
    let fileName = slash.map { String(outputPath[outputPath.index(after: $0)...]) } ?? outputPath
    let dot = fileName.lastIndex(of: ".").flatMap { $0 == fileName.startIndex ? nil : $0 }
    let stem = dot.map { String(fileName[..<$0]) } ?? fileName
    let fileExtension = dot.map { String(fileName[$0...]) } ?? ""
    return "\(directory).\(stem)\(variant)\(PartialFiles.marker)\(getpid())\(fileExtension)"
  }

  /// The folder holding `path` (`.` for a bare name).
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
