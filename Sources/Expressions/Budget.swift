/// What one evaluation may spend. Steps are counted deterministically (one per statement and expression node
/// evaluated, plus the elements a built-in walks), so a budget ends the same program at the same point on
/// every machine and in every run.
public struct ExpressionBudget: Sendable, Equatable {
  /// Steps one evaluation may take.
  public var steps: Int
  /// Steps all the evaluations of one frame may take together.
  public var frameSteps: Int
  /// Bytes an evaluation may allocate (array elements count 16 bytes each, strings their UTF-8 bytes,
  /// object properties 32 bytes), counted as they are made, never given back within the evaluation; they
  /// count as steps too, one per 64 bytes. What an evaluation made is freed when it is over (cycles too), so
  /// a worker holds at most one evaluation's worth.
  public var memoryBytes: Int
  /// Function calls nested at once.
  public var callDepth: Int

  public init(steps: Int = 1_000_000, frameSteps: Int = 20_000_000, memoryBytes: Int = 16 << 20, callDepth: Int = 64) {
    self.steps = steps
    self.frameSteps = frameSteps
    self.memoryBytes = memoryBytes
    self.callDepth = callDepth
  }

  public static let `default` = ExpressionBudget()
}

/// How much of the thread's stack an evaluation may use, measured from where it started: a Dispatch worker
/// has 512 KB in all, so deep recursion must end well before that whatever the call-depth limit says.
/// Measured from the evaluation's own start, the limit is the same wherever the evaluation is called from.
struct StackGuard {
  let limit: UInt
  /// Stack one evaluation may use.
  static let bytes: UInt = 320 << 10

  init() {
    var marker: UInt8 = 0
    let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    limit = here > Self.bytes ? here - Self.bytes : 0
  }

  /// Whether the current stack position is above the limit.
  @inline(__always)
  func hasRoom() -> Bool {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) } > limit
  }
}
