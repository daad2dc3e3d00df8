import Dispatch
import Locking
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process-wide list of the temporary files that open ``VideoEncoder``s are writing (outputs, GIF frame
/// spools, PNG sequence folders), and the sweeping of those that dead processes left.
///
/// Nothing is left behind:
/// - a run that ends normally or fails deletes its own (``PartialFile``);
/// - SIGINT, SIGTERM, SIGHUP and SIGQUIT delete them before exiting (``installSignalHandlers(_:)``);
/// - SIGKILL, a crash or a power cut cannot, so every run sweeps the folders it writes to: a temporary name
///   whose process is gone and whose lock nobody holds is deleted (``sweepStale(in:)``).
public enum PartialFiles {
  /// What every temporary name holds before the owner's pid: `.out.partial-1234.mp4`.
  public static let marker = ".partial-"

  private static let paths = Locked<Set<String>>([])
  private static let sweptFolders = Locked<Set<String>>([])
  private static let interrupted = Atomic<Bool>(false)

  /// Deletes every temporary file still registered and forgets them.
  ///
  /// Encoders that are still running then fail in ``VideoEncoder/finish()``, which cannot rename a
  /// deleted file.
  public static func removeAll() {
    let removed = paths.withLock { paths in
      let all = paths
      paths.removeAll()
      return all
    }
    for path in removed {
      remove(path)
    }
  }

  /// The temporary files currently registered, sorted.
  public static var current: [String] {
    paths.withLock { $0.sorted() }
  }

  /// Records `path`; returns `false` when it is already registered (another encoder writes it).
  static func register(_ path: String) -> Bool {
    paths.withLock { $0.insert(path).inserted }
  }

  /// Forgets `path`; returns `false` when it was not registered (for instance after ``removeAll()``).
  @discardableResult
  static func unregister(_ path: String) -> Bool {
    paths.withLock { $0.remove(path) != nil }
  }

  // MARK: - Signals

  /// The signal sources ``installSignalHandlers(_:)`` set up; ``cancel()`` restores the default actions.
  ///
  /// `@unchecked Sendable`: Dispatch sources are thread-safe, and the array never changes after init.
  public final class SignalHandlers: @unchecked Sendable {
    /// The signals handled, each as SIGTERM is: SIGINT, SIGTERM, SIGHUP, SIGQUIT.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    private let sources: [DispatchSourceSignal]

    fileprivate init(sources: [DispatchSourceSignal]) { self.sources = sources }

    /// Stops handling the signals: they kill the process again, by default.
    public func cancel() {
      for source in sources { source.cancel() }
      for signo in Self.signals { signal(signo, SIG_DFL) }
    }
  }

  /// Makes SIGINT (Ctrl-C), SIGTERM, SIGHUP (terminal closed) and SIGQUIT (Ctrl-\) delete every registered
  /// temporary file, call `onSignal` with the signal number (to say so: a library does not print), then
  /// exit with status 128 + the signal number (130 for SIGINT, 143 for SIGTERM), as a shell reports a
  /// process killed by it.
  ///
  /// The handlers are `DispatchSourceSignal`s, not `signal(2)` handlers: removing files takes a lock and is
  /// not async-signal-safe. `onSignal` runs on a Dispatch queue and must not block: after SIGHUP the
  /// terminal may be gone, so write to it with calls that fail rather than trap
  /// (`try? FileHandle.write(contentsOf:)`, not `FileHandle.write(_:)`).
  public static func installSignalHandlers(_ onSignal: @escaping @Sendable (Int32) -> Void) -> SignalHandlers {
    var sources: [DispatchSourceSignal] = []
    for signo in SignalHandlers.signals {
      signal(signo, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signo, queue: .global())
      source.setEventHandler {
        interrupted.store(true, ordering: .sequentiallyConsistent)
        removeAll()
        onSignal(signo)
        exit(128 + signo)
      }
      source.resume()
      sources.append(source)
    }
    return SignalHandlers(sources: sources)
  }

  /// Whether a handler from ``installSignalHandlers(_:)`` has run: the process is deleting its temporary
  /// files and exiting.
  public static var isInterrupted: Bool { interrupted.load(ordering: .sequentiallyConsistent) }

  /// For writers, right after they create a temporary file or folder (our `open`/`mkdir`, FFmpeg's
  /// `avio_open`): when a signal handler is ending the process, its `removeAll()` may have run just before
  /// the path existed, and nothing would delete it after the exit. The handler raises `isInterrupted` before
  /// it removes anything, so a writer that creates after the removal sees it here, deletes what it made and
  /// waits for the exit; one that created before is removed by the handler.
  public static func removeIfInterrupted(_ path: String) {
    guard isInterrupted else { return }
    remove(path)
    waitIfInterrupted()
  }

  /// Waits for the exit when a signal handler is ending the process; returns at once otherwise.
  ///
  /// Writers call it where a temporary file vanished under them (a frame's folder is gone, a rename finds
  /// nothing): after a signal that is expected, and reporting it as an error would race the handler's
  /// `exit` (the process then ended with status 1 and "cannot create ..." instead of 130). Callers that print
  /// errors may call it first for the same reason.
  public static func waitIfInterrupted() {
    guard isInterrupted else { return }
    while true { sleep(3600) }
  }

  // MARK: - Sweeping

  /// Deletes, in `directory`, the temporary files and folders (``marker`` names) that no live process owns,
  /// and returns their paths. Called once per folder per process by the first ``PartialFile`` made there;
  /// callers may sweep other folders (a spool folder) themselves.
  ///
  /// A name is stale when all of these hold:
  /// 1. it is not registered by this process;
  /// 2. the pid in its name is not a live process here (or is this process's own pid: an earlier
  ///    container's pid 1);
  /// 3. nobody holds its `flock`: a live owner, even in another PID namespace sharing the folder, does
  ///    (``PartialFile`` takes it before it writes, and makes the file again if a sweep deleted it in
  ///    between), and the kernel releases it when the owner dies;
  /// 4. it is a regular file or a folder (a link is never followed, nor deleted).
  @discardableResult
  public static func sweepStale(in directory: String) -> [String] {
    var removed: [String] = []
    let folder = directory.isEmpty ? "." : directory
    for name in entries(of: folder) {
      guard let pid = ownerPID(ofTemporaryName: name) else { continue }
      let path = (folder.hasSuffix("/") ? folder : folder + "/") + name
      guard !paths.withLock({ $0.contains(path) }) else { continue }
      if pid != getpid() && isAlive(pid) { continue }
      let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY)
      guard descriptor >= 0 else { continue }
      defer { close(descriptor) }
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
      var status = stat()
      guard fstat(descriptor, &status) == 0 else { continue }
      guard (status.st_mode & S_IFMT) == S_IFDIR || (status.st_mode & S_IFMT) == S_IFREG else { continue }
      remove(path)
      removed.append(path)
    }
    return removed
  }

  /// Whether `pid` is a running process here: it exists (even if not ours) and is not a zombie (a killed
  /// process its parent has not reaped yet, which `kill(pid, 0)` still finds).
  static func isAlive(_ pid: Int32) -> Bool {
    guard kill(pid, 0) == 0 || errno == EPERM else { return false }
    // /proc/<pid>/stat: "pid (command) state ...", the command possibly holding spaces and parentheses.
    guard let stream = fopen("/proc/\(pid)/stat", "r") else { return true }
    defer { fclose(stream) }
    var buffer = [UInt8](repeating: 0, count: 512)
    let count = fread(&buffer, 1, buffer.count, stream)
    guard let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")), close + 2 < count else { return true }
    return buffer[close + 2] != UInt8(ascii: "Z")
  }

  /// ``sweepStale(in:)``, the first time `directory` is asked for in this process.
  static func sweepStaleOnce(in directory: String) {
    guard sweptFolders.withLock({ $0.insert(directory).inserted }) else { return }
    sweepStale(in: directory)
  }

  /// The pid in a temporary name, `.<stem>.partial-<pid>` or `.<stem>.partial-<pid>.<ext>`; nil for any
  /// other name.
  public static func ownerPID(ofTemporaryName name: String) -> Int32? {
    guard name.hasPrefix("."), let range = name.ranges(of: marker).last,
      range.lowerBound > name.index(after: name.startIndex)
    else { return nil }
    let rest = name[range.upperBound...]
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    let tail = rest.dropFirst(digits.count)
    guard !digits.isEmpty, digits.count <= 10, tail.isEmpty || (tail.first == "." && tail.count > 1),
      let pid = Int32(digits), pid > 0
    else { return nil }
    return pid
  }

  // MARK: - Files

  /// Deletes `path`: a file, or a folder with everything in it. Links are deleted, never followed.
  ///
  /// A folder is first renamed to `<path>.deleting`: a writer still adding files to it (a PNG sequence when
  /// Ctrl-C arrives) then fails at once on its next file instead of refilling the folder as it is emptied;
  /// a process killed half-way leaves a name the next sweep still recognises.
  static func remove(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      unlink(path)
      return
    }
    let doomed = path + ".deleting"
    removeTree(rename(path, doomed) == 0 ? doomed : path)
  }

  private static func removeTree(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    if (status.st_mode & S_IFMT) == S_IFDIR {
      for name in entries(of: path) { removeTree(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }

  /// The names in `directory`, without `.` and `..`; empty when it cannot be read.
  static func entries(of directory: String) -> [String] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      // Read up to the NUL in place: `entry.pointee.d_name` would copy the whole 256-byte array, and a record
      // is only as long as its name (AddressSanitizer: heap-buffer-overflow at the end of readdir's buffer).
      let name = UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
        .withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
