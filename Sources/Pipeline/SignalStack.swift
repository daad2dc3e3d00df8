import Foundation

/// An alternate signal stack for the calling thread, so that a crash handler can still run when the thread's
/// own stack is what overflowed (without one, a stack overflow kills the process before the handler writes a
/// word). Each thread needs its own: `CrashReport` gives the main thread one, and the render workers call
/// ``ensure()`` as they start (Dispatch makes and reuses their threads, so it checks first).
public enum SignalStack {
  /// Bytes of each alternate stack: a handler that only writes a line needs a few KB.
  static let size = 64 << 10

  /// Gives the calling thread an alternate signal stack unless it has one. The memory is the thread's for
  /// the life of the process (Dispatch reuses its threads; a few dozen at most).
  public static func ensure() {
    var current = stack_t()
    guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
    guard let memory = malloc(size) else { return }
    var stack = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
    if sigaltstack(&stack, nil) != 0 { free(memory) }
  }
}
