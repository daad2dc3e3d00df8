import Foundation
import Lottie
import TestSupport
import Testing

@testable import Pipeline

/// A budgeted export's time is the whole loop's: the summary line and the file-done event said only the
/// kept encode's (0.56 s for a Slack emoji that took 3.8 s over five encodes).
struct SizeBudgetTimeTests {
  /// The elapsed time each encode's progress reached, one entry per encode (a new encode starts again from 0).
  final class Elapsed: @unchecked Sendable {
    // @unchecked: every access to `runs` holds `lock`.
    private let lock = NSLock()
    private var runs: [Double] = []
    private var lastDone = Int.max

    func record(_ report: ProgressReport) {
      lock.withLock {
        if report.done <= lastDone { runs.append(0) }
        lastDone = report.done
        runs[runs.count - 1] = max(runs[runs.count - 1], report.elapsed)
      }
    }
    var all: [Double] { lock.withLock { runs } }
  }

  @Test func theOutcomeTakesEveryEncodesTime() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("tight.gif").path
    let elapsed = Elapsed()
    let outcome = try SizeBudget(maxBytes: 1).export(
      animation: try SizeBudgetTests.stripes(), options: SizeBudgetTests.options(path, size: 64, fps: 20),
      progress: { elapsed.record($0) })
    let runs = elapsed.all
    #expect(runs.count == outcome.attempts + 1, "\(runs.count) encodes seen, \(outcome.attempts) retries")
    #expect(outcome.result.seconds >= runs.reduce(0, +), "\(outcome.result.seconds) s for encodes of \(runs)")
  }
}
