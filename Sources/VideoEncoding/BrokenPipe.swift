#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the process does when the reader of a pipe it writes goes away: `lottie2video x.json -o - | head -c
/// 1000`, or progress on a stderr piped into a program that has exited.
///
/// By default SIGPIPE kills the process where it stands, leaving its partial files (`.out.partial-PID.mp4`)
/// behind. Ignoring SIGPIPE instead is no better here: every later `FileHandle.write` to that pipe then
/// fails with EPIPE, and Foundation's `write(_:)` turns that into a crash (`try!`), with a backtrace on
/// stderr and the partial files still there. So the handler deletes the partial files and exits with 141
/// (128 + SIGPIPE), the status a shell expects of a program whose reader went away, as before, minus the
/// leftovers. (GIF's frame spool has no name to leave: see ``FrameSpool``.)
public enum BrokenPipe {
  /// Installs the SIGPIPE handler; call once, early (the command-line tool's `main`).
  ///
  /// The handler runs on the thread whose `write(2)` raised the signal. That thread is inside the system
  /// call, so it holds neither malloc's locks nor ``PartialFiles``' (nothing writes to a pipe while holding
  /// it), and ``PartialFiles/removeAll()`` can take the lock and copy the list; it then exits with `_exit`,
  /// which runs no `atexit` handlers that other threads might be in the middle of.
  public static func removePartialFilesAndExit() {
    signal(SIGPIPE) { _ in
      PartialFiles.removeAll()
      _exit(141)
    }
  }
}
