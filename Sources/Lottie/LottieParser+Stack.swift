import Foundation

extension LottieParser {
  // MARK: - A stack sized for the depth limit

  /// Stack for everything but nesting: the parser's own frames, templating, expression compiling.
  static let baseStackBytes = 2 << 20
  /// Stack per level of JSON nesting. The model is read by recursion over shape groups (one group is two
  /// levels: the item and its `it`): a debug build spends about 28 KB per group, optimised builds far less,
  /// and AddressSanitizer's red zones about three times a debug build's (251 nested groups overflowed 16 KB
  /// a level under `scripts/sanitize`). 64 KB a level covers all of them with room; it is virtual memory,
  /// touched only as deep as the document goes.
  static let stackBytesPerLevel = 64 << 10
  /// The most stack a parse asks for, whatever the depth limit: virtual memory that is only touched as deep
  /// as the document goes.
  static let maxStackBytes = 1 << 30

  /// The stack a parse needs at `limits`' depth limit.
  static func stackBytes(for limits: LoadLimits) -> Int {
    let (perLevel, overflow) = max(0, limits.maxJSONDepth).multipliedReportingOverflow(by: stackBytesPerLevel)
    return overflow ? maxStackBytes : min(maxStackBytes, baseStackBytes + perLevel)
  }

  /// Runs `body` on a thread of its own whose stack is sized for `limits.maxJSONDepth`, and returns what
  /// it returned or threw. Callers' threads (a Dispatch worker has 512 KB; the main thread 8 MB) could
  /// not hold a model read to the depth limit: 254 nested groups take about 7 MB in a debug build.
  ///
  /// When no such thread can be made (the system is out of threads or memory), `body` runs on the caller's
  /// thread, as it did before.
  static func onParserStack<T: Sendable>(
    _ limits: LoadLimits, _ body: @escaping @Sendable () -> Result<T, LottieError>
  ) throws(LottieError) -> T {
    try onParserThread(stackBytes: stackBytes(for: limits), body).get()
  }

  /// `body`'s result, computed on a new thread with `stackBytes` of stack (on this one when no thread can
  /// be made).
  private static func onParserThread<T: Sendable>(
    stackBytes: Int, _ body: @escaping @Sendable () -> Result<T, LottieError>
  ) -> Result<T, LottieError> {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return body() }
    defer { pthread_attr_destroy(&attributes) }
    guard pthread_attr_setstacksize(&attributes, stackBytes) == 0 else { return body() }
    let job = ParserJob(body)
    let context = Unmanaged.passRetained(job as AnyObject).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, &attributes,
      { context in
        // The thread's retain of the job, taken by `passRetained`, ends here.
        (Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as? any RunnableJob)?.run()
        return nil
      }, context)
    guard status == 0 else {
      Unmanaged<AnyObject>.fromOpaque(context).release()
      return body()
    }
    pthread_join(thread, nil)
    return job.result ?? body()
  }
}

/// A job a parser thread runs, seen without its result type (the thread's entry point is a C function).
private protocol RunnableJob: AnyObject {
  func run()
}

/// One parse handed to a parser thread, and its outcome.
private final class ParserJob<T: Sendable>: RunnableJob, @unchecked Sendable {
  // `result` is written by the parser thread before it ends and read only after `pthread_join`, which
  // orders the two: no lock is needed.
  let body: @Sendable () -> Result<T, LottieError>
  var result: Result<T, LottieError>?

  init(_ body: @escaping @Sendable () -> Result<T, LottieError>) { self.body = body }

  func run() { result = body() }
}
