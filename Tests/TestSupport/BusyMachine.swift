import Foundation
import Testing

// How the suite holds on a busy machine (docs/testing.md). Swift Testing starts every test at once on the
// cooperative pool, which has one thread per core: two on our CI machines. A test that renders many frames, sweeps
// the corpus or waits synchronously holds one of those threads for as long as it runs, and on a machine shared
// with a dozen CPU-bound processes that is minutes. Two such tests at once and every cheap test waits behind them.
// So:
// - heavy tests carry `.heavy` (on the test or its suite): at most one runs at a time, and a heavy test that is
//   waiting for its turn holds no thread, so one pool thread always serves the cheap tests;
// - child processes (the binary, ffmpeg, scripts) start through `ChildProcesses.gate`: a bounded number at once,
//   each waited for without holding a thread (CommandRunner, MediaToolRunner);
// - time limits are hang guards (`.hangGuard`), never a measure of speed: no test compares a duration.

extension Trait where Self == TimeLimitTrait {
  /// The suite's one time limit, for tests where a hang is possible. Generous on purpose: it must never fire
  /// on a slow or busy machine (`scripts/test --busy 12` on 2 cores), only on a test that never ends.
  public static var hangGuard: Self { .timeLimit(.minutes(HangGuard.minutes)) }
}

/// The hang guard's figures, for the places that are not Swift Testing time limits (a child process's
/// watchdog, an XCTest expectation, a polling loop).
public enum HangGuard {
  /// `.hangGuard`'s limit.
  public static let minutes = 20
  /// How long a child process may run before it is killed as hung: a little under the test's own limit, so
  /// the test reports the child (its command line and output) rather than just a timeout.
  public static let childSeconds: Double = 15 * 60
}

/// A counting semaphore for async code: `withSlot` waits for one of `width` slots without holding a thread.
public final class AsyncGate: @unchecked Sendable {
  private let lock = NSLock()
  private var free: Int
  private var waiters: [CheckedContinuation<Void, Never>] = []

  public init(width: Int) { free = max(1, width) }

  public func acquire() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.lock()
      if free > 0 {
        free -= 1
        lock.unlock()
        continuation.resume()
      } else {
        waiters.append(continuation)
        lock.unlock()
      }
    }
  }

  public func release() {
    lock.lock()
    if waiters.isEmpty {
      free += 1
      lock.unlock()
    } else {
      let next = waiters.removeFirst()
      lock.unlock()
      next.resume()
    }
  }

  /// Runs `body` holding one slot.
  public func withSlot<T>(_ body: () async throws -> T) async rethrows -> T {
    await acquire()
    defer { release() }
    return try await body()
  }
}

/// `.heavy`: the test (or every test of the suite) runs while holding the one heavy slot, so heavy tests run one
/// at a time and never hold both of the pool's threads.
public struct HeavyTrait: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  /// One heavy test at a time.
  static let gate = AsyncGate(width: 1)

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await Self.gate.withSlot { try await function() }
  }
}

extension Trait where Self == HeavyTrait {
  /// Renders many frames, sweeps the corpus or otherwise works for seconds on end: one such test at a time.
  public static var heavy: Self { HeavyTrait() }
}

/// Child processes the tests start: at most `gate`'s width at once, so a burst of end-to-end tests does not put
/// dozens of processes on two cores at the same moment.
public enum ChildProcesses {
  public static let gate = AsyncGate(width: 2)
}
