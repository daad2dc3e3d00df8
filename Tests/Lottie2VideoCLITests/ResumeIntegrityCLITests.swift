import Foundation
import TestSupport
import Testing

/// Review 1, R-6: an output that exists is complete, since a rerun with --skip-existing takes it for done.
/// Nothing over a size budget reaches it, an interrupted budget retry leaves nothing, and a poster that cannot
/// be written fails the export before the video is written.
struct ResumeIntegrityCLITests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path

  /// Before: Ctrl-C during a retry left the first, over-budget encode at the output, and said "no output
  /// written".
  @Test(.timeLimit(.minutes(2)))
  func anInterruptedBudgetRetryLeavesNothing() async throws {
    let presets = Fixtures.temporaryDirectory()
    let directory = Fixtures.temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: presets)
      try? FileManager.default.removeItem(at: directory)
    }
    let preset = presets.appendingPathComponent("tiny.json")
    try Data(#"{"format": "webm", "codec": "vp9", "width": 256, "height": 256, "maxBytes": 100}"#.utf8).write(to: preset)
    let output = directory.appendingPathComponent("g.webm").path
    let result = try await NothingLeftBehindCLITests.run(
      [Self.hello, "-o", output, "--preset", preset.path] + NothingLeftBehindCLITests.long, in: directory, signal: SIGINT
    ) { names in
      names.contains { $0.contains(".attempt.partial-") }
    }
    #expect(result.exited(130), "\(result)")
    #expect(result.stderr.hasSuffix("interrupted; no output written\n"), "\(result.stderr)")
    #expect(NothingLeftBehindCLITests.listing(directory) == [])
  }

  /// Before: the video was rendered and kept, then the poster failed with "error while writing to output
  /// stream".
  @Test func aPosterThatCannotBeWrittenFailsBeforeTheVideo() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("file")
    try Data("x".utf8).write(to: file)
    let output = directory.appendingPathComponent("v.mp4").path
    let poster = file.path + "/p.png"
    let result = try await CommandRunner.lottie2video([Self.hello, "-o", output, "--poster", poster, "--width", "32", "--max-frames", "2", "-q"])
    #expect(result.exited(1), "\(result)")
    #expect(result.stderr == "Error: \(poster): cannot write the poster: '\(file.path)' is not a folder\n", "\(result)")
    #expect(NothingLeftBehindCLITests.listing(directory) == ["file"])
  }

  /// A poster in a folder that does not exist yet: made for a single export too, with the video.
  @Test func aPosterFolderIsMade() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("v.mp4").path
    let poster = directory.appendingPathComponent("posters/new/p.png").path
    let result = try await CommandRunner.lottie2video([Self.hello, "-o", output, "--poster", poster, "--width", "32", "--max-frames", "2", "-q"])
    #expect(result.exited(0), "\(result)")
    #expect(NothingLeftBehindCLITests.listing(directory) == ["posters", "posters/new", "posters/new/p.png", "v.mp4"])
  }
}
