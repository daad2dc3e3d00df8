import Foundation
import TestSupport
import Testing

/// The animation's own sound follows the timing options through the built binary: a part of the animation
/// (`--frames`, `--progress`, `--marker`) moves the sound with the picture, `--repeat` and `--duration` play it
/// again with each pass, `--bounce` is silent backwards, `--speed 2` plays it in half the time, `--fps` leaves it
/// alone. Checked on the decoded sound of the file (ffmpeg), where each burst of the tone starts and ends.
struct SoundTimingCLITests {
  static let rate = 48_000

  /// SoundCLITests' 2 s, 30 fps animation with its 1 s tone from 0.5 s (frames 15 to 45), and a marker
  /// `second` over frames 30 to 59.
  static func input(in directory: URL) throws -> String {
    let json = SoundCLITests.animation(audioLayer: true, toneStart: 0.5)
    let marked = #"{"markers":[{"tm":30,"dr":30,"cm":"second"}],"# + json.dropFirst()
    let path = directory.appendingPathComponent("tone.json").path
    try Data(marked.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The loud stretches of interleaved stereo `samples`, in seconds: runs of samples at a quarter of full
  /// scale or more (the tone is at half), split where the sound stays quiet for more than 50 ms.
  static func bursts(_ samples: [Float]) -> [(start: Double, end: Double)] {
    var runs: [(Int, Int)] = []
    for frame in 0..<samples.count / 2 where max(abs(samples[2 * frame]), abs(samples[2 * frame + 1])) >= 0.25 {
      if let last = runs.last, frame - last.1 <= rate / 20 {
        runs[runs.count - 1].1 = frame
      } else {
        runs.append((frame, frame))
      }
    }
    return runs.map { (Double($0.0) / Double(rate), Double($0.1) / Double(rate)) }
  }

  @Test(
    arguments: [
      (["--frames", "30-59"], "mp4", 1.0, [(0.0, 0.5)]),
      (["--progress", "0.5-1"], "mp4", 1.0, [(0.0, 0.5)]),
      (["--marker", "second"], "webm", 1.0, [(0.0, 0.5)]),
      (["--frames", "0-29"], "mov", 1.0, [(0.5, 1.0)]),
      (["--repeat", "2"], "mp4", 4.0, [(0.5, 1.5), (2.5, 3.5)]),
      (["--repeat", "2"], "webm", 4.0, [(0.5, 1.5), (2.5, 3.5)]),
      (["--duration", "3"], "mp4", 3.0, [(0.5, 1.5), (2.5, 3.0)]),
      (["--bounce"], "mp4", 4.0, [(0.5, 1.5)]),
      (["--speed", "2"], "mp4", 1.0, [(0.25, 0.75)]),
      (["--fps", "24"], "mp4", 2.0, [(0.5, 1.5)]),
      (["--max-frames", "30"], "mp4", 1.0, [(0.5, 1.0)]),
    ] as [([String], String, Double, [(Double, Double)])])
  func soundFollowsTheTimeline(options: [String], ext: String, seconds: Double, expected: [(Double, Double)])
    async throws
  {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try Self.input(in: directory)
    let output = directory.appendingPathComponent("out.\(ext)").path
    let result = try await CommandRunner.lottie2video([input, "-o", output, "--background", "white"] + options)
    #expect(result.exited(0), "\(result)")
    #expect(result.stderr == "", "no warning or note: \(result.stderr)")
    #expect(result.stdout.contains(", with sound, "), "\(result)")
    let samples = try MediaToolRunner.decodeAudio(output)
    // As long as the video, to within one audio frame (AAC 1024 samples, Opus 960).
    #expect(abs(Double(samples.count / 2) / Double(Self.rate) - seconds) <= 1024.0 / Double(Self.rate), "\(options)")
    let found = Self.bursts(samples)
    // Where a burst starts or ends: within 5 ms (AAC and Opus smear edges; the threshold is reached within
    // half a period of the 440 Hz tone).
    let close =
      found.count == expected.count
      && zip(found, expected).allSatisfy { abs($0.start - $1.0) <= 0.005 && abs($0.end - $1.1) <= 0.005 }
    #expect(close, "\(options) in .\(ext): bursts \(found), expected \(expected)")
  }

  /// y4m carries no sound: it says so (the batch test in SoundCLITests covers GIF, WebP, APNG and PNG).
  @Test func y4mSaysTheSoundWasLeftOut() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try Self.input(in: directory)
    let output = directory.appendingPathComponent("out.y4m").path
    let result = try await CommandRunner.lottie2video([
      input, "-o", output, "--max-frames", "2", "--background", "white",
    ])
    #expect(result.exited(0), "\(result)")
    #expect(
      result.stderr
        == "note: Y4M has no sound: the animation's audio layers left out (MP4, M4V, MOV and WebM carry sound)\n",
      "\(result.stderr)")
  }
}

/// A soundtrack that is not there is a mistake in the command, said before anything is loaded or noted, with
/// the usage line; a preset's says it is the preset's.
struct SoundtrackFileCLITests {
  @Test func aMissingSoundtrackIsAUsageError() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try SoundTimingCLITests.input(in: directory)
    let output = directory.appendingPathComponent("o.mp4").path
    let missing = directory.appendingPathComponent("nothere.mp3").path
    let result = try await CommandRunner.lottie2video([input, "-o", output, "--audio", missing])
    #expect(result.exited(64), "\(result)")
    #expect(
      result.stderr == CommandLineTests.usageError("The --audio file '\(missing)' does not exist"), "\(result.stderr)")
    let folder = try await CommandRunner.lottie2video([input, "-o", output, "--audio", directory.path])
    #expect(
      folder.exited(64)
        && folder.stderr.hasPrefix("Error: The --audio file '\(directory.path)' is a folder, not a sound file\n"),
      "\(folder)")
    let preset = directory.appendingPathComponent("jingle.json").path
    try Data(#"{"format":"mp4","audio":"jingle.mp3"}"#.utf8).write(to: URL(fileURLWithPath: preset))
    let fromPreset = try await CommandRunner.lottie2video([input, "-o", output, "--preset", preset])
    #expect(fromPreset.exited(64), "\(fromPreset)")
    #expect(
      fromPreset.stderr.hasPrefix("Error: The preset's audio file '\(directory.path)/jingle.mp3' does not exist\n"),
      "\(fromPreset)")
    #expect(directoryListing(directory) == ["jingle.json", "tone.json"], "nothing written")
  }
}
