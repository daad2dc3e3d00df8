import Foundation
import TestSupport
import Testing

/// Issue 16, item 5, through the built binary: SIGHUP and SIGQUIT are handled like SIGTERM, Ctrl-C on a
/// PNG sequence leaves no frames (and keeps an earlier complete sequence), and what a SIGKILL leaves is
/// swept by the next run writing to the same folder.
struct NothingLeftBehindCLITests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path
  /// 720 frames at 512x512 on one worker: seconds of work, time to see the temporary files and signal.
  static let long = ["--quiet", "--fps", "240", "--jobs", "1"]

  /// Runs `lottie2video arguments`, sends `signal` once `ready` holds for the names in `directory`.
  static func run(
    _ arguments: [String], in directory: URL, signal: Int32, when ready: @escaping @Sendable ([String]) -> Bool
  ) async throws -> CommandResult {
    try await CommandRunner.run(try CommandRunner.binary(), arguments) { pid in
      DispatchQueue.global().async {
        let deadline = Date().addingTimeInterval(HangGuard.childSeconds)
        while Date() < deadline {
          if ready(Self.listing(directory)) { break }
          Thread.sleep(forTimeInterval: 0.01)
        }
        kill(pid, signal)
      }
    }
  }

  /// Every name under `directory`, relative, hidden ones and those in sub-folders included, sorted.
  static func listing(_ directory: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: directory.path)
    return ((enumerator?.allObjects as? [String]) ?? []).sorted()
  }

  /// Before: SIGHUP and SIGQUIT killed the process and left `.long.partial-<pid>.mp4` (SIGQUIT also
  /// dumped core).
  @Test(.hangGuard, arguments: [(SIGHUP, 129), (SIGQUIT, 131), (SIGTERM, 143)] as [(Int32, Int32)])
  func hangupAndQuitAreHandledLikeTerm(signal: Int32, status: Int32) async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("long.mp4").path
    let result = try await Self.run([Self.hello, "-o", output] + Self.long, in: directory, signal: signal) { names in
      names.contains { $0.contains(".partial-") }
    }
    #expect(result.exited(status), "\(result)")
    #expect(result.stderr.hasSuffix("interrupted; no output written\n"), "\(result.stderr)")
    #expect(Self.listing(directory) == [])
  }

  /// Before: Ctrl-C left every frame written so far (100+), and said "no output written".
  @Test(.hangGuard)
  func interruptedSequenceLeavesNoFramesAndKeepsTheEarlierOne() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let frames = directory.appendingPathComponent("frames")
    try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
    let pattern = frames.appendingPathComponent("f_%04d.png").path
    // An earlier, complete export of 3 frames.
    let first = try await CommandRunner.lottie2video([
      Self.hello, "-o", pattern, "-q", "--width", "16", "--max-frames", "3",
    ])
    try #require(first.exited(0), "\(first)")
    let earlier = Self.listing(frames)
    #expect(earlier == ["f_0000.png", "f_0001.png", "f_0002.png"])
    let bytes = try Data(contentsOf: frames.appendingPathComponent("f_0001.png"))
    // Interrupted once 20 more frames are written (wherever they go: before, into `frames/` itself).
    let result = try await Self.run([Self.hello, "-o", pattern] + Self.long, in: frames, signal: SIGINT) { names in
      names.filter { $0.hasSuffix(".png") }.count >= 24
    }
    #expect(result.exited(130), "\(result)")
    #expect(result.stderr.hasSuffix("interrupted; no output written\n"), "\(result.stderr)")
    #expect(Self.listing(frames) == earlier)
    #expect(try Data(contentsOf: frames.appendingPathComponent("f_0001.png")) == bytes)
  }

  /// Before: a killed GIF export left its output and its raw frame spool (150 MB here) for ever.
  @Test(.hangGuard)
  func whatAKillLeavesIsSweptByTheNextRun() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let killed = directory.appendingPathComponent("killed.gif").path
    // Killed once its partial output exists (the frame spool has no name: mkstemp, unlinked at once, so a
    // kill cannot leave it behind).
    let result = try await Self.run([Self.hello, "-o", killed] + Self.long, in: directory, signal: SIGKILL) { names in
      names.contains { $0.contains(".partial-") }
    }
    #expect(result.reason == .uncaughtSignal && result.status == SIGKILL, "\(result)")
    let left = Self.listing(directory)
    #expect(left.count == 1 && left.allSatisfy { $0.contains(".partial-") }, "\(left)")
    // The next run into the folder sweeps them (even one writing another format).
    let next = directory.appendingPathComponent("next.mp4").path
    let second = try await CommandRunner.lottie2video([
      Self.hello, "-o", next, "-q", "--width", "16", "--max-frames", "2",
    ])
    #expect(second.exited(0), "\(second)")
    #expect(Self.listing(directory) == ["next.mp4"])
  }
}
