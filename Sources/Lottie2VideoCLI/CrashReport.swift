import Foundation
import Pipeline

/// A crash says so at once and ends the process, under `-q` too.
///
/// Left to itself, the Swift runtime hands a crash to its backtracer, which symbolicates every thread before the
/// process ends: minutes for a debug build, while the crashed process keeps its output pipes open (a pipeline
/// reading our stdout waits for all that time), and under `-q` a crash on a worker showed nothing of ours. Our own
/// handler writes one line naming the signal, then lets the signal end the process as it would have (the exit
/// status still says which signal). Whoever wants the runtime's backtrace sets `SWIFT_BACKTRACE` (for example
/// `SWIFT_BACKTRACE=enable=yes`): then the runtime's handler is kept.
///
/// The partial output of a crashed export is left under its temporary name (`.name.partial-PID.ext`), locked by
/// nobody, and the next run in that folder deletes it.
public enum CrashReport {
  /// The signals a crash raises: a bad access, a trap (a Swift runtime check: overflow, a failed
  /// `precondition`), an abort, an illegal instruction, a floating-point fault.
  static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  /// `LOTTIE2VIDEO_CRASH_TEST=main` (or `worker`) makes the process crash at once, on the main thread (or on a
  /// Dispatch worker), so that the tests see what a crash looks like to a user.
  public static func crashIfAsked() {
    guard let place = ProcessInfo.processInfo.environment["LOTTIE2VIDEO_CRASH_TEST"] else { return }
    switch place {
    case "main": badAccess()
    case "worker":
      DispatchQueue.global().async { badAccess() }
      while true { sleep(60) }
    case "worker-overflow":
      // Endless recursion on a worker that prepared its signal stack as the render workers do.
      DispatchQueue.global().async {
        SignalStack.ensure()
        _ = overflow(0)
      }
      while true { sleep(60) }
    default: return
    }
  }

  /// Recursion without end (a frame of its own each call: the buffer's address escapes).
  @inline(never)
  private static func overflow(_ depth: Int) -> Int {
    var frame = (depth, depth, depth, depth, depth, depth, depth, depth)
    let escaped = withUnsafeMutablePointer(to: &frame) { Int(bitPattern: $0) }
    return overflow(depth &+ 1) &+ escaped &+ frame.0
  }

  private static func badAccess() {
    let address = UnsafeMutablePointer<Int>(bitPattern: 8)!
    address.pointee = 1
  }

  /// Installs the handler, unless the caller asked for the runtime's backtracer (`SWIFT_BACKTRACE`).
  public static func install() {
    guard ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"] == nil else { return }
    // An alternate stack for the main thread, so a stack overflow there can still be reported (the render
    // workers get theirs as they start).
    SignalStack.ensure()
    for signo in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = crashHandler
      action.sa_flags = Int32(SA_ONSTACK) | Int32(bitPattern: UInt32(SA_RESETHAND))
      sigemptyset(&action.sa_mask)
      sigaction(signo, &action, nil)
    }
  }
}

/// Writes the message with `write(2)` only (nothing else is safe in a signal handler), then raises the signal
/// again: `SA_RESETHAND` restored its default action, which ends the process.
private func crashHandler(_ signo: Int32) {
  let name: StaticString =
    switch signo {
    case SIGSEGV: "SIGSEGV, a bad memory access"
    case SIGBUS: "SIGBUS, a bad memory access"
    case SIGILL: "SIGILL, a failed runtime check"
    case SIGTRAP: "SIGTRAP, a failed runtime check"
    case SIGABRT: "SIGABRT, an abort"
    default: "SIGFPE, an arithmetic fault"
    }
  writeToStandardError("lottie2video: crashed (")
  writeToStandardError(name)
  writeToStandardError(
    "); this is a bug: please report it with the command and the input file (SWIFT_BACKTRACE=enable=yes prints a backtrace)\n"
  )
  raise(signo)
}

private func writeToStandardError(_ text: StaticString) {
  text.withUTF8Buffer { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
      if written <= 0 { return }
      offset += written
    }
  }
}
