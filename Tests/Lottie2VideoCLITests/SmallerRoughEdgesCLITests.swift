import Foundation
import TestSupport
import Testing

/// Review 1, R-22: smaller rough edges of the command line, each checked by its exact message.
struct SmallerRoughEdgesCLITests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path
  static let tiny = #"{"v":"5.7.0","fr":10,"ip":0,"op":3,"w":16,"h":16,"layers":[]}"#
  static let small = ["--max-frames", "2", "--width", "16"]

  /// `-o out/` names outputs `out/a.mp4` in the summary and the report (it gave `out//a.mp4`).
  @Test func aTrailingSlashIsNotDoubled() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(Self.tiny.utf8).write(to: directory.appendingPathComponent("a.json"))
    let result = try await CommandRunner.lottie2video(["a.json", "-o", "out/", "--report", "r.json"], in: directory)
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout.hasPrefix("out/a.mp4: "), "\(result)")
    let report = try String(contentsOf: directory.appendingPathComponent("r.json"), encoding: .utf8)
    #expect(report.contains(#""output" : "out/a.mp4""#), "\(report)")
  }

  /// Encoder options the output does not use are said to be ignored (they were silently).
  @Test func optionsThatDoNotApplyAreNoted() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let webp = try await CommandRunner.lottie2video(
      [Self.hello, "-o", directory.path + "/x.webp", "--crf", "10"] + Self.small)
    #expect(webp.exited(0), "\(webp)")
    #expect(webp.stderr == "note: --crf sets H.264, H.265, VP9 and AV1 quality; ignored for .webp\n", "\(webp)")
    let mp4 = try await CommandRunner.lottie2video(
      [Self.hello, "-o", directory.path + "/x.mp4", "--quality", "5", "--lossless"] + Self.small)
    #expect(mp4.exited(0), "\(mp4)")
    #expect(
      mp4.stderr.contains(
        "note: --quality is for animated WebP; ignored for h264 in .mp4\nnote: --lossless is for animated WebP; ignored for h264 in .mp4\n"
      ), "\(mp4)")
    let fine = try await CommandRunner.lottie2video(
      [Self.hello, "-o", directory.path + "/y.webp", "--quality", "5", "--lossless"] + Self.small)
    #expect(fine.exited(0) && fine.stderr.isEmpty, "\(fine)")
  }

  /// A data value that starts a name cannot hide the output (`../../etc` wrote `.._.._etc.mp4`).
  @Test func dataValuesDoNotHideOutputs() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("city\n../../etc\n.hidden\nv1.5\n".utf8).write(to: directory.appendingPathComponent("d.csv"))
    let result = try await CommandRunner.lottie2video(
      [Self.hello, "--data", "d.csv", "-o", "out/{city}.mp4", "-q"] + Self.small, in: directory)
    #expect(result.exited(0), "\(result)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out").path)
      .sorted()
    #expect(names == ["_._.._etc.mp4", "_hidden.mp4", "v1.5.mp4"])
  }

  /// `info --json` on a file that does not load prints a document with the error (it printed nothing).
  @Test func infoJSONOnABrokenFile() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":"x","w":16,"h":16,"layers":[]}"#.utf8).write(
      to: directory.appendingPathComponent("c.json"))
    let result = try await CommandRunner.lottie2video(["info", "c.json", "--json"], in: directory)
    #expect(result.exited(1), "\(result)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: String])
    #expect(object == ["file": "c.json", "error": "c.json: $.op: expected a number, found a string"])
    #expect(result.stderr.isEmpty, "\(result)")
  }

  /// `--limit` takes decimal numbers only (`0x10` was 16).
  @Test(arguments: ["frames=0x10", "frames=inf", "frames=nan", "frames=1e", "memory=0x10G"])
  func limitsAreDecimal(value: String) async throws {
    let result = try await CommandRunner.lottie2video(["info", Self.hello, "--limit", value])
    #expect(result.exited(64), "\(result)")
    #expect(result.stderr.hasPrefix("Error: The value '\(value)' is invalid for '--limit <name=value>': "), "\(result)")
  }

  @Test func decimalLimitsStillParse() async throws {
    for value in ["frames=5000", "frames=1.5e3", "memory=1.5G", "memory=none"] {
      let result = try await CommandRunner.lottie2video(["info", Self.hello, "--limit", value])
      #expect(result.exited(0), "\(value): \(result)")
    }
  }

  /// `snapshot` and `sheet` say what they wrote, and the input's warnings (they printed nothing).
  @Test func snapshotAndSheetReport() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // An image layer whose file is missing: a warning.
    let json =
      #"{"v":"5.7.0","fr":10,"ip":0,"op":3,"w":16,"h":16,"assets":[{"id":"i","w":4,"h":4,"u":"","p":"gone.png","e":0}],"layers":[{"ty":2,"ind":1,"refId":"i","ip":0,"op":3,"st":0,"ks":{}}]}"#
    try Data(json.utf8).write(to: directory.appendingPathComponent("a.json"))
    let snapshot = try await CommandRunner.lottie2video(
      ["snapshot", "a.json", "--frame", "1", "-o", "s.png"], in: directory)
    #expect(snapshot.exited(0), "\(snapshot)")
    #expect(snapshot.stdout == "s.png: frame 1, 16x16\n", "\(snapshot)")
    #expect(snapshot.stderr.contains("warning"), "\(snapshot)")
    let sheet = try await CommandRunner.lottie2video(
      ["sheet", "a.json", "-o", "sh.png", "--count", "2", "--width", "32"], in: directory)
    #expect(sheet.exited(0), "\(sheet)")
    #expect(sheet.stdout == "sh.png: 2 frames in cells of 32x32\n", "\(sheet)")
    #expect(sheet.stderr == snapshot.stderr, "\(sheet)")
    let quiet = try await CommandRunner.lottie2video(
      ["snapshot", "a.json", "--frame", "1", "-o", "s.png", "-q"], in: directory)
    #expect(quiet.exited(0) && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet)")
  }

  /// An installed binary (not under `.build/`) does not look for presets two and three folders up: a copy at
  /// `x/a/bin/lottie2video` ignores `x/presets` (it used it; /usr/local/bin would have read /usr/presets).
  @Test func presetsBesideAnInstalledBinaryAreNotSearchedUpwards() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bin = directory.appendingPathComponent("a/bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let copy = bin.appendingPathComponent("lottie2video")
    try FileManager.default.copyItem(at: try CommandRunner.binary(), to: copy)
    let presets = directory.appendingPathComponent("presets")
    try FileManager.default.createDirectory(at: presets, withIntermediateDirectories: true)
    try Data(#"{"format":"mp4"}"#.utf8).write(to: presets.appendingPathComponent("only-here.json"))
    let result = try await CommandRunner.run(
      copy, [Self.hello, "-o", directory.path + "/p.mp4", "--preset", "only-here", "-q"] + Self.small)
    #expect(result.exited(64), "\(result)")
    #expect(result.stderr.hasPrefix("Error: Unknown preset 'only-here'; "), "\(result)")
  }
}
