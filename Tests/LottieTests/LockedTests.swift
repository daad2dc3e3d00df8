import Dispatch
import Locking
import Testing

/// `Locked` (the pthread-mutex lock that ThreadSanitizer can see, used where `Synchronization.Mutex` was).
struct LockedTests {
  /// Eight threads each add 1 a thousand times to the same dictionary entry: with the lock, no update is lost.
  @Test func updatesFromManyThreadsAreNotLost() {
    let counts = Locked<[String: Int]>([:])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<1000 { counts.withLock { $0["n", default: 0] += 1 } }
    }
    #expect(counts.withLock { $0["n"] } == 8000)
  }

  /// The body's result and its typed error come back out.
  @Test func returnsAndThrowsWhatTheBodyDoes() {
    struct Refused: Error, Equatable {}
    let value = Locked(41)
    #expect(
      value.withLock { v -> Int in
        v += 1
        return v
      } == 42)
    #expect(throws: Refused()) { try value.withLock { (_: inout Int) throws(Refused) in throw Refused() } }
    #expect(value.withLock { $0 } == 42)
  }
}
