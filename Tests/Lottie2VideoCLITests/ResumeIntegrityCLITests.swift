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
  @Test(.hangGuard)
  func anInterruptedBudgetRetryLeavesNothing() async throws {
    let presets = Fixtures.temporaryDirectory()
    let directory = Fixtures.temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: presets)
      try? FileManager.default.removeItem(at: directory)
    }
    let preset = presets.appendingPathComponent("tiny.json")
    try Data(#"{"format": "webm", "codec": "vp9", "width": 256, "height": 256, "maxBytes": 100}"#.utf8).write(
      to: preset)
    let output = directory.appendingPathComponent("g.webm").path
    let result = try await NothingLeftBehindCLITests.run(
      [Self.hello, "-o", output, "--preset", preset.path] + NothingLeftBehindCLITests.long, in: directory,
      signal: SIGINT
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
    let result = try await CommandRunner.lottie2video([
      Self.hello, "-o", output, "--poster", poster, "--width", "32", "--max-frames", "2", "-q",
    ])
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
    let result = try await CommandRunner.lottie2video([
      Self.hello, "-o", output, "--poster", poster, "--width", "32", "--max-frames", "2", "-q",
    ])
    #expect(result.exited(0), "\(result)")
    #expect(NothingLeftBehindCLITests.listing(directory) == ["posters", "posters/new", "posters/new/p.png", "v.mp4"])
  }
}

/// Review 1, R-7 and R-20: `--report` is checked before the batch, rewritten as files finish and when a
/// signal ends the run; a rerun with --skip-existing carries over the records of what it skips; the
/// interrupt message says what was kept.
struct BatchReportResumeCLITests {
  static let tiny = #"{"v":"5.7.0","fr":10,"ip":0,"op":3,"w":16,"h":16,"layers":[]}"#

  static func records(_ path: String) throws -> [[String: Any]] {
    let data = try #require(FileManager.default.contents(atPath: path))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
  }

  /// Before: SIGTERM lost every record (the report was written after the last file), and the message said
  /// "no output written" although a.mp4 was kept.
  @Test(.hangGuard)
  func aTerminatedBatchKeepsItsReport() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputs = directory.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    try Data(Self.tiny.utf8).write(to: inputs.appendingPathComponent("a.json"))
    try FileManager.default.copyItem(
      atPath: ResumeIntegrityCLITests.hello, toPath: inputs.appendingPathComponent("b.json").path)
    let out = directory.appendingPathComponent("out")
    let report = directory.appendingPathComponent("r.json").path
    let result = try await NothingLeftBehindCLITests.run(
      [inputs.path, "-o", out.path, "--report", report] + NothingLeftBehindCLITests.long, in: out, signal: SIGTERM
    ) { names in
      names.contains("a.mp4") && names.contains { $0.hasPrefix(".b.partial-") }
    }
    #expect(result.exited(143), "\(result)")
    #expect(
      result.stderr.hasSuffix("\ninterrupted; 1 finished output kept, the one in progress removed\n"),
      "\(result.stderr)")
    #expect(NothingLeftBehindCLITests.listing(out) == ["a.mp4"])
    // What finished, and what was under way marked as interrupted.
    let records = try Self.records(report)
    #expect(records.count == 2)
    #expect(records.first?["output"] as? String == out.path + "/a.mp4" && records.first?["status"] as? String == "done")
    #expect(
      records.last?["output"] as? String == out.path + "/b.mp4" && records.last?["status"] as? String == "interrupted",
      "\(records)")
  }

  /// Before: the rerun recorded a.json as a bare "skipped", so merged totals lost its frames and bytes.
  @Test func aResumedBatchCarriesOverTheRecordsItSkips() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputs = directory.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    for name in ["a", "b"] { try Data(Self.tiny.utf8).write(to: inputs.appendingPathComponent("\(name).json")) }
    let out = directory.appendingPathComponent("out").path
    let report = directory.appendingPathComponent("r.json").path
    let first = try await CommandRunner.lottie2video([inputs.path, "-o", out, "--report", report, "-q"])
    #expect(first.exited(0), "\(first)")
    let before = try Self.records(report)
    try FileManager.default.removeItem(atPath: out + "/b.mp4")
    let again = try await CommandRunner.lottie2video([inputs.path, "-o", out, "--report", report, "--skip-existing"])
    #expect(again.exited(0), "\(again)")
    #expect(again.stdout.hasSuffix("batch: 1 done, 0 failed, 1 skipped (of 2)\n"), "\(again)")
    let after = try Self.records(report)
    #expect(after.count == 2)
    #expect(after[0]["status"] as? String == "done" && after[0]["resumed"] as? Bool == true)
    #expect(after[0]["bytes"] as? Int == before[0]["bytes"] as? Int && after[0]["frames"] as? Int == 3)
    #expect(after[1]["status"] as? String == "done" && after[1]["resumed"] == nil)
  }

  /// Before: the whole batch was exported, then the report failed with Foundation's NSError text.
  @Test func anUnwritableReportIsRefusedBeforeAnyExport() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("a.json")
    try Data(Self.tiny.utf8).write(to: input)
    let file = directory.appendingPathComponent("file").path
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let out = directory.appendingPathComponent("out").path
    let result = try await CommandRunner.lottie2video([input.path, "-o", out + "/", "--report", file + "/r.json"])
    #expect(result.exited(1), "\(result)")
    #expect(result.stderr == "Error: \(file)/r.json: cannot write the report: Not a directory\n", "\(result)")
    #expect(!FileManager.default.fileExists(atPath: out))
    // merge-reports says the system's reason too (it gave Foundation's "The file doesn't exist.").
    let report = directory.appendingPathComponent("r.json").path
    let batch = try await CommandRunner.lottie2video([input.path, "-o", out, "--report", report, "-q"])
    #expect(batch.exited(0), "\(batch)")
    let merge = try await CommandRunner.lottie2video(["merge-reports", report, "-o", file + "/m.json"])
    #expect(merge.exited(1), "\(merge)")
    #expect(merge.stderr == "Error: \(file)/m.json: cannot write the report (Not a directory)\n", "\(merge)")
  }

  /// Review 1, R-28: a rerun that skips every file still sweeps what a killed run left in the output folder
  /// (before, only a new temporary file in the folder started a sweep).
  @Test func aBatchSweepsItsOutputFoldersFirst() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputs = directory.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    try Data(Self.tiny.utf8).write(to: inputs.appendingPathComponent("a.json"))
    let out = directory.appendingPathComponent("out")
    let first = try await CommandRunner.lottie2video([inputs.path, "-o", out.path, "-q"])
    #expect(first.exited(0), "\(first)")
    // What a SIGKILLed pod leaves: a temporary name with a pid that is gone (pid_max is at most 2^22).
    try Data("half".utf8).write(to: out.appendingPathComponent(".b.partial-4999999.mp4"))
    let again = try await CommandRunner.lottie2video([inputs.path, "-o", out.path, "--skip-existing", "-q"])
    #expect(again.exited(0), "\(again)")
    #expect(NothingLeftBehindCLITests.listing(out) == ["a.mp4"])
  }
}
