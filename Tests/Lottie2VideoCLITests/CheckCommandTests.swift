import Foundation
import TestSupport
import Testing

/// `check` lists what an input uses that we ignore or approximate; `--strict` turns warnings into failures.
@Suite("check and --strict")
struct CheckCommandTests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path

  /// An animation with one thing we do not draw: an expression that does not parse.
  static func withExpression(in directory: URL) throws -> String {
    let url = directory.appendingPathComponent("expr.json")
    let json =
      #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":40,"h":40,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{"o":{"a":0,"k":100,"x":"random(1,2"}},"shapes":[]}]}"#
    try Data(json.utf8).write(to: url)
    return url.path
  }

  @Test func checkListsDiagnosticsWithPaths() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let expr = try Self.withExpression(in: directory)
    let result = try await CommandRunner.lottie2video(["check", Self.hello, expr])
    #expect(result.exited(0), "\(result)")
    #expect(
      result.stdout == """
        \(Self.hello): ok
        \(expr): 1 diagnostic
          $.layers[0].ks.o.x: warning: expression not evaluated (syntax error: expected ')', found the end (at character 10)); the property's own value is used

        """)
  }

  @Test func checkJSONAndFailures() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let expr = try Self.withExpression(in: directory)
    let missing = directory.appendingPathComponent("missing.json").path
    let result = try await CommandRunner.lottie2video(["check", "--json", expr, missing])
    #expect(result.exited(1), "\(result)")
    let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(records.count == 2)
    #expect(records[0]["file"] as? String == expr)
    #expect(records[0]["warnings"] as? Int == 1)
    let diagnostics = try #require(records[0]["diagnostics"] as? [[String: String]])
    #expect(diagnostics.first?["path"] == "$.layers[0].ks.o.x")
    #expect(records[1]["ok"] as? Bool == false)
    #expect((records[1]["error"] as? String)?.contains("no such file") == true)
  }

  @Test func strictCheckFailsOnWarnings() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let expr = try Self.withExpression(in: directory)
    #expect(try await CommandRunner.lottie2video(["check", "--strict", Self.hello]).exited(0))
    #expect(try await CommandRunner.lottie2video(["check", "--strict", expr]).exited(1))
  }

  /// A file that draws nothing at any frame exports a blank video: `check` says so, and `--strict` fails.
  @Test func checkWarnsWhenNothingIsDrawn() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let head = #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":40,"h":40,"layers":["#
    let shape = #"{"ty":4,"ind":1,"ip":IP,"op":OP,"st":0,"ks":{},"shapes":[]}"#
    let cases: [(String, String, Bool)] = [
      ("empty", "", true),
      ("late", shape.replacingOccurrences(of: "IP", with: "10").replacingOccurrences(of: "OP", with: "20"), true),
      ("null", #"{"ty":3,"ind":1,"ip":0,"op":10,"st":0,"ks":{}}"#, true),
      (
        "hidden",
        shape.replacingOccurrences(of: "IP", with: "0").replacingOccurrences(of: "OP", with: "10")
          .replacingOccurrences(of: "\"ty\":4,", with: "\"ty\":4,\"hd\":true,"), true
      ),
      ("shown", shape.replacingOccurrences(of: "IP", with: "5").replacingOccurrences(of: "OP", with: "20"), false),
    ]
    for (name, layers, blank) in cases {
      let url = directory.appendingPathComponent("\(name).json")
      try Data((head + layers + "]}").utf8).write(to: url)
      let result = try await CommandRunner.lottie2video(["check", "--strict", url.path])
      #expect(result.exited(blank ? 1 : 0), "\(name): \(result)")
      #expect(
        result.stdout.contains(
          "$.layers: warning: nothing is drawn: no shown layer with content of its own is in range between frames 0 and 10; an export is blank"
        ) == blank, "\(name): \(result)")
    }
  }

  /// A text the export would refuse (over `--limit glyphs`) is an error in `check` too, and the export refuses
  /// it before shaping it (a 10 MB text took a minute and 9.8 GB to be refused; now about a second).
  @Test func checkAndExportRefuseTextOverTheGlyphLimit() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = String(repeating: "ab ", count: 100_000)
    let url = directory.appendingPathComponent("long.json")
    try Data(
      (#"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":40,"h":40,"fonts":{"list":[{"fName":"Sans","fFamily":"sans-serif","fStyle":"Regular"}]},"#
        + #""layers":[{"ty":5,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":""#
        + text + #"","f":"Sans","s":12,"fc":[0,0,0]}}]},"a":[],"m":{"a":{"a":0,"k":[0,0]}},"p":{}}}]}"#).utf8
    ).write(to: url)
    let check = try await CommandRunner.lottie2video(["check", "--strict", url.path])
    #expect(check.exited(1), "\(check)")
    #expect(
      check.stdout.contains(
        "$.layers[0].t: error: the text here has 300000 characters, over the glyph limit of 20000 (--limit glyphs=N); an export refuses it"
      ), "\(check)")
    let output = directory.appendingPathComponent("long.mp4").path
    let export = try await CommandRunner.lottie2video([url.path, "-o", output, "-q"])
    #expect(export.exited(1), "\(export)")
    #expect(
      export.stderr.contains("$.layers[0].t: the text here has 300000 glyphs; the limit is 20000 (--limit glyphs=N)"),
      "\(export)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func strictExportWritesNothing() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let expr = try Self.withExpression(in: directory)
    let output = directory.appendingPathComponent("out.mp4").path
    let result = try await CommandRunner.lottie2video([expr, "-o", output, "--strict"])
    #expect(result.exited(1), "\(result)")
    #expect(result.stderr.contains("--strict: 1 warning"))
    #expect(!FileManager.default.fileExists(atPath: output))
    // Under -q no warning is printed above: the failure itself says which it was.
    let quiet = try await CommandRunner.lottie2video([expr, "-o", output, "--strict", "-q"])
    #expect(quiet.exited(1), "\(quiet)")
    #expect(
      quiet.stderr.contains(
        "--strict: 1 warning ($.layers[0].ks.o.x: expression not evaluated (syntax error: expected ')', found the end"),
      "\(quiet)")
    #expect(!quiet.stderr.contains("listed above"))
    let relaxed = try await CommandRunner.lottie2video([expr, "-o", output, "--quiet"])
    #expect(relaxed.exited(0), "\(relaxed)")
    #expect(FileManager.default.fileExists(atPath: output))
  }
}

/// Every container through the binary: WebM keeps alpha, MOV is ProRes, GIF snaps its rate to centiseconds.
@Suite("output formats")
struct OutputFormatCommandTests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path

  @Test(arguments: [
    ("webm", "vp9", 90, "30/1"), ("mov", "prores", 90, "30/1"), ("gif", "gif", 100, "100/3"),
  ])
  func exportsEachFormat(_ ext: String, _ codec: String, _ frames: Int, _ rate: String) async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out.\(ext)").path
    let result = try await CommandRunner.lottie2video([Self.hello, "-o", output, "--width", "64", "--fps", "30"])
    #expect(result.exited(0), "\(result)")
    if ext == "gif" { #expect(result.stderr.contains("30 fps becomes 33.33 fps")) }
    let stream = try await CommandRunner.probe(output)
    #expect(stream["codec_name"] as? String == codec)
    #expect(stream["nb_read_frames"] as? String == String(frames))
    #expect(stream["r_frame_rate"] as? String == rate || ext == "gif")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names == ["out.\(ext)"], "left behind: \(names)")
  }

  @Test func codecMustFitTheContainer() async throws {
    let result = try await CommandRunner.lottie2video([Self.hello, "-o", "x.webm", "--codec", "h264"])
    #expect(result.exited(64), "\(result)")
    #expect(result.stderr.hasPrefix("Error: The codec 'h264' cannot go in a .webm file; use vp9, av1\n"))
  }
}

/// PNG sequences: a pattern names the files; a plain name.png is numbered name_00000.png, ...
@Suite("png sequences")
struct PNGSequenceCommandTests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path

  @Test func patternAndPlainNames() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let pattern = directory.appendingPathComponent("f_%03d.png").path
    let result = try await CommandRunner.lottie2video([
      Self.hello, "-o", pattern, "--width", "16", "--max-frames", "3", "-q",
    ])
    #expect(result.exited(0), "\(result)")
    let plain = directory.appendingPathComponent("x.png").path
    let second = try await CommandRunner.lottie2video([Self.hello, "-o", plain, "--width", "16", "--max-frames", "2"])
    #expect(second.exited(0), "\(second)")
    #expect(second.stderr.contains("note: writing a PNG sequence"))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == ["f_000.png", "f_001.png", "f_002.png", "x_00000.png", "x_00001.png"])
  }
}

/// `--poster` writes a frame of the video as a PNG beside the export.
@Suite("poster")
struct PosterCommandTests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path

  /// `--poster-frame 0%` is the first frame the video shows.
  @Test func posterAtTheStartOfTheVideo() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let video = directory.appendingPathComponent("v.mp4").path
    let poster = directory.appendingPathComponent("p.png").path
    let result = try await CommandRunner.lottie2video([
      Self.hello, "-o", video, "--width", "48", "--frames", "30-40", "--poster", poster, "--poster-frame", "0%", "-q",
    ])
    #expect(result.exited(0), "\(result)")
    let snapshot = directory.appendingPathComponent("s.png").path
    let reference = try await CommandRunner.lottie2video([
      "snapshot", Self.hello, "--frame", "30", "--width", "48", "-o", snapshot,
    ])
    #expect(reference.exited(0), "\(reference)")
    let posterPixels = try await CommandRunner.decodeFirstFrame(poster)
    let snapshotPixels = try await CommandRunner.decodeFirstFrame(snapshot)
    #expect(posterPixels == snapshotPixels)
    let bad = try await CommandRunner.lottie2video([Self.hello, "-o", video, "--poster", "p.jpg"])
    #expect(bad.exited(64), "\(bad)")
  }
}

/// `sheet` lays frames out in a grid of labelled cells.
@Suite("sheet")
struct SheetCommandTests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path

  /// 6 frames in 4 columns of 64 px cells: 2 rows; each cell is 64 wide plus a 4 px gap, each row 64 + an
  /// 18 px label + the gap.
  @Test func sheetSize() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("sheet.png").path
    let result = try await CommandRunner.lottie2video([
      "sheet", Self.hello, "-o", output, "--count", "6", "--columns", "4", "--width", "64",
    ])
    #expect(result.exited(0), "\(result)")
    let stream = try await CommandRunner.probe(output)
    #expect(stream["width"] as? Int == 4 * 68 + 4)
    #expect(stream["height"] as? Int == 2 * (64 + 18 + 4) + 4)
    let bad = try await CommandRunner.lottie2video(["sheet", Self.hello, "-o", "x.jpg"])
    #expect(bad.exited(64), "\(bad)")
  }
}

/// Batch exports: a folder mirrored into an output folder, going on past a broken file, resumable.
@Suite("batch")
struct BatchCommandTests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json")

  @Test func folderWithAFailureInTheMiddle() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Self.hello, to: input.appendingPathComponent("a.json"))
    try Data(#"{"broken":"#.utf8).write(to: input.appendingPathComponent("b.json"))
    try FileManager.default.copyItem(at: Self.hello, to: input.appendingPathComponent("sub/c.json"))
    let output = directory.appendingPathComponent("out").path
    let first = try await CommandRunner.lottie2video([
      input.path, "-o", output, "--recursive", "--width", "16", "--max-frames", "2",
    ])
    #expect(first.exited(1), "\(first)")
    #expect(
      first.stdout.contains("batch: 2 done, 1 failed, 0 skipped (of 3)\nfailed: \(input.path)/b.json: "), "\(first)")
    #expect(FileManager.default.fileExists(atPath: output + "/a.mp4"))
    #expect(FileManager.default.fileExists(atPath: output + "/sub/c.mp4"))
    #expect(!FileManager.default.fileExists(atPath: output + "/b.mp4"))
    let again = try await CommandRunner.lottie2video([
      input.path, "-o", output, "--recursive", "--skip-existing", "--width", "16", "--max-frames", "2",
    ])
    #expect(again.stdout.hasPrefix("batch: 0 done, 1 failed, 2 skipped (of 3)"), "\(again)")
    // Without --recursive the sub-folder is left out; -q leaves only the failure, on stderr.
    let flat = directory.appendingPathComponent("flat").path
    let shallow = try await CommandRunner.lottie2video([
      input.path, "-o", flat, "--width", "16", "--max-frames", "2", "-q",
    ])
    #expect(shallow.exited(1), "\(shallow)")
    #expect(shallow.stdout == "", "-q prints no summary: \(shallow)")
    #expect(
      shallow.stderr.hasPrefix("Error: \(input.path)/b.json: ") && shallow.stderr.split(separator: "\n").count == 1,
      "\(shallow)")
    #expect(
      FileManager.default.fileExists(atPath: flat + "/a.mp4")
        && !FileManager.default.fileExists(atPath: flat + "/c.mp4"))
  }
}

/// Shards 1/3, 2/3 and 3/3 cover a batch exactly once, and the report records each file.
@Suite("batch shards and report")
struct BatchShardTests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json")

  @Test func shardsCoverTheBatchOnce() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    for name in ["a", "b", "c", "d", "e"] {
      try FileManager.default.copyItem(at: Self.hello, to: input.appendingPathComponent("\(name).json"))
    }
    var seen: [String] = []
    for i in 1...3 {
      let report = directory.appendingPathComponent("r\(i).json").path
      let result = try await CommandRunner.lottie2video([
        input.path, "-o", directory.appendingPathComponent("out").path, "--shard", "\(i)/3", "--report", report,
        "--width", "16", "--max-frames", "2", "-q",
      ])
      #expect(result.exited(0), "\(result)")
      let records = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [[String: Any]])
      for record in records {
        #expect(record["status"] as? String == "done")
        #expect(record["frames"] as? Int == 2)
        seen.append(((record["input"] as? String) ?? "" as String).components(separatedBy: "/").last ?? "")
      }
    }
    #expect(seen.sorted() == ["a.json", "b.json", "c.json", "d.json", "e.json"])
    let bad = try await CommandRunner.lottie2video([input.path, "-o", directory.path, "--shard", "4/3"])
    #expect(bad.exited(64), "\(bad)")
  }
}
