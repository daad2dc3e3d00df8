#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a lock: `withLock` runs its body with the value, one thread at a time.
///
/// Why not `Synchronization.Mutex`: on Linux its lock is a futex driven from the (uninstrumented) standard
/// library, which ThreadSanitizer cannot see, so every value it guards is reported as raced on (a plain
/// program hammering a `Mutex<[String: Int]>` from 8 threads gets dozens of "Swift access race" reports;
/// the same program with a pthread mutex gets none). A pthread mutex, which TSan intercepts, keeps
/// `scripts/sanitize thread` able to tell a real race from our locking.
///
/// `@unchecked Sendable` as `Mutex` is: the value is only reached through `withLock`.
public final class Locked<Value>: @unchecked Sendable {
  /// Allocated apart, so that the mutex never moves (a stored `pthread_mutex_t` may be passed by copy).
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// The value, with a byte beside it: a `Void` value (a lock that guards no data) takes no room and, stored
  /// alone, had the address of `mutex`, so that TSan took the lock's own read of `mutex` for a race with
  /// `withLock`'s access to the value (a plain 8-thread program on `Locked<Void>` showed it; with the byte,
  /// none).
  private var storage: (value: Value, byte: UInt8)

  public init(_ value: Value) {
    storage = (value, 0)
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the value while holding the lock (not reentrant: `body` must not take it again).
  public func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&storage.value)
  }
}
