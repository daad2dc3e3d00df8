import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A process-wide list of the temporary files that open ``VideoEncoder``s are writing (outputs and GIF
/// frame spools).
///
/// An interrupted run should not leave `.name.partial-<pid>.mp4` files behind. A SIGINT handler (installed
/// with a `DispatchSourceSignal`, not a raw `signal(2)` handler: this takes a lock and is not
/// async-signal-safe) calls ``removeAll()`` before exiting.
public enum PartialFiles {
  private static let paths = Mutex<Set<String>>([])

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
      unlink(path)
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
}
