import Foundation
import TestSupport
import Testing

/// Issue 38, item 2: nothing an expression writes outlives its evaluation, so the frames are the same on any
/// number of workers. Before, a counter kept on `Math` made `--jobs 1` and `--jobs 4` differ (and two `--jobs 2`
/// runs differ from each other), and a layer object stored there was used after its frame was gone; now what an
/// evaluation writes on a built-in lasts for that evaluation only.
struct ExpressionWorkerCLITests {
  /// A square whose position expression keeps state where it could: on `Math`, on the layer and comp objects, and
  /// in a variable of its own.
  static func animation(_ expression: String) -> String {
    let escaped = expression.replacingOccurrences(of: "\"", with: "\\\"")
    return #"{"v":"5.7.0","w":64,"h":64,"fr":30,"ip":0,"op":24,"layers":[{"ty":4,"ip":0,"op":24,"st":0,"#
      + #""ks":{"p":{"a":0,"k":[32,32],"x":"\#(escaped)"}},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"#
      + #""s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#
  }

  static let expressions = [
    "Math.n = (Math.n || 0) + 1; [value[0] + Math.n % 7 * 3, value[1]]",
    "try { Math.n = (Math.n || 0) + 1 } catch (e) {} [value[0] + (Math.n || 0) % 7 * 3, value[1] + time * 10]",
    "thisLayer.n = (thisLayer.n || 0) + 1; thisComp.n = (thisComp.n || 0) + 1; "
      + "[value[0] + thisLayer.n * 3 + thisComp.n, value[1] + time * 10]",
    "var n = typeof n == 'number' ? n + 1 : 1; [value[0] + n * 5, value[1] + time * 10]",
  ]

  @Test(.hangGuard, arguments: 0..<expressions.count)
  func framesAreTheSameOnAnyNumberOfWorkers(index: Int) async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("state.json")
    try Data(Self.animation(Self.expressions[index]).utf8).write(to: input)
    var outputs: [Data] = []
    for jobs in ["1", "4", "2", "2"] {
      let output = directory.appendingPathComponent("jobs\(outputs.count).y4m").path
      let result = try await CommandRunner.lottie2video([input.path, "-o", output, "-q", "--jobs", jobs])
      #expect(result.exited(0), "\(result)")
      outputs.append(try Data(contentsOf: URL(fileURLWithPath: output)))
    }
    #expect(outputs[0].count > 64 * 64 * 24)
    for (run, bytes) in outputs.enumerated().dropFirst() {
      #expect(bytes == outputs[0], "run \(run) differs from --jobs 1")
    }
  }

  /// A write to a built-in is the evaluation's own: the expression evaluates, as in After Effects.
  @Test(.hangGuard)
  func writingToABuiltInEvaluates() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("state.json")
    try Data(Self.animation(Self.expressions[0]).utf8).write(to: input)
    let result = try await CommandRunner.lottie2video(["check", input.path])
    #expect(result.stdout.contains("$.layers[0].ks.p.x: info: expression evaluated"), "\(result)")
  }
}
