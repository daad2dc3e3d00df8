import Foundation
import TestSupport
import Testing

/// Issue 16's timing traps through the built binary: each crashed with SIGILL ("Double value cannot be
/// converted to Int") or rendered until killed; now each exits 1 at once with one error line and leaves
/// nothing behind.
struct HostileTimingCLITests {
  static let markers = #"""
    {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":16,"h":16,"layers":[],
     "markers":[{"cm":"huge","tm":0,"dr":1e308},{"cm":"long","tm":0,"dr":1e10},{"cm":"far","tm":1e308,"dr":5}]}
    """#
  /// 2^-9 fps (the parser refuses rates below 0.001): 30 frames played at 90 fps are 1382400 frames.
  static let tinyFrameRate = #"{"v":"5.7.0","fr":0.001953125,"ip":0,"op":30,"w":16,"h":16,"layers":[]}"#

  static func overLimit(_ frames: String) -> String {
    "Error: the export would have \(frames) frames, over the limit of 1000000 (a long marker or segment, a tiny "
      + "frame rate, or many repeats; --limit frames=N raises it)\n"
  }

  /// (file, options, stderr).
  static let cases: [(String, [String], String)] = [
    (markers, ["--marker", "huge"], overLimit("1e+308")),
    (markers, ["--marker", "long"], overLimit("10000000000")),
    (tinyFrameRate, ["--fps", "90"], overLimit("1382400")),
  ]

  @Test(arguments: 0..<cases.count)
  func refusedAtOnce(index: Int) async throws {
    let (json, options, stderr) = Self.cases[index]
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.json")
    try Data(json.utf8).write(to: input)
    let output = directory.appendingPathComponent("out.mp4").path
    let result = try await CommandRunner.lottie2video([input.path, "-o", output, "-q"] + options)
    #expect(result.exited(1), "\(result)")
    #expect(result.stderr == stderr, "\(result)")
    #expect(result.stdout == "")
    #expect(directoryListing(directory) == ["in.json"])
  }

  /// `--limit frames=N` is the same limit: raised, the 1e10-frame marker is still refused, and a marker
  /// within the raised limit plays; `--max-frames` caps the export below the limit.
  @Test func theFrameLimitOptionApplies() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.json")
    try Data(Self.markers.utf8).write(to: input)
    let output = directory.appendingPathComponent("out.mp4").path
    let raised = try await CommandRunner.lottie2video(
      [input.path, "-o", output, "-q", "--marker", "long", "--limit", "frames=2000000"])
    #expect(raised.exited(1), "\(raised)")
    #expect(raised.stderr == Self.overLimit("10000000000").replacingOccurrences(of: "1000000 (", with: "2000000 ("))
    let capped = try await CommandRunner.lottie2video(
      [input.path, "-o", output, "-q", "--marker", "long", "--max-frames", "3"])
    #expect(capped.exited(0), "\(capped)")
    #expect(try await CommandRunner.probe(output)["nb_read_frames"] as? String == "3")
    // A marker starting at frame 1e308 lasts no frame at all (1e308 + 5 == 1e308): its one frame is drawn.
    let far = try await CommandRunner.lottie2video([input.path, "-o", output, "-q", "--marker", "far"])
    #expect(far.exited(0), "\(far)")
    #expect(try await CommandRunner.probe(output)["nb_read_frames"] as? String == "1")
  }
}
