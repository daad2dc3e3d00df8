import Foundation
import TestSupport
import Testing

/// An unknown option of 100,000 characters is refused like a short one: "did you mean" compares it only with
/// options of about its length (issue 38, item 4; before, its distance to every option took the product of the
/// lengths).
struct LongArgumentCLITests {
  @Test(.hangGuard)
  func aLongUnknownOptionIsAUsageError() async throws {
    let option = "--" + String(repeating: "f", count: 100_000)
    let result = try await CommandRunner.lottie2video(["x.json", "-o", "x.mp4", option])
    #expect(result.exited(64), "\(result)")
    #expect(result.stderr.hasPrefix("Error: Unknown option '\(option)'"), "\(result.stderr.prefix(200))")
    #expect(!result.stderr.contains("did you mean"))
    let near = try await CommandRunner.lottie2video(["x.json", "-o", "x.mp4", "--fsp", "30"])
    #expect(near.exited(64) && near.stderr.contains("did you mean '--fps'?"), "\(near)")
  }
}
