import Foundation
import TestSupport
import Testing

@testable import Lottie2VideoCLI

/// Templating end to end through the binary: --set, --slot, --image, --data, info --keypaths; plus
/// --progress json, --limit and a preset's size budget.
struct TemplatingCLITests {
  /// 40x20: "Left" a red 20x20 square at x 0..20, "Right" a blue one at x 20..40; the blue fill is slotted
  /// ('accent'); an image layer 'Logo' (asset 'logo', 10x10) sits at the top left over the red.
  static func document(logo: String) -> String {
    #"""
    {"v":"5.7.0","nm":"two","fr":30,"ip":0,"op":30,"w":40,"h":20,
     "slots":{"accent":{"p":{"a":0,"k":[0,0,1,1]}}},
     "assets":[{"id":"logo","w":10,"h":10,"u":"","p":"\#(logo)","e":1}],
     "layers":[
      {"ty":2,"nm":"Logo","refId":"logo","ind":3,"ip":0,"op":30,"st":0,"ks":{"p":{"k":[0,0]},"a":{"k":[0,0]}}},
      {"ty":4,"nm":"Left","ind":1,"ip":0,"op":30,"st":0,"ks":{},
       "shapes":[{"ty":"gr","nm":"Box","it":[
         {"ty":"rc","nm":"Rect","p":{"k":[10,10]},"s":{"k":[20,20]},"r":{"k":0}},
         {"ty":"fl","nm":"Fill 1","c":{"k":[1,0,0,1]},"o":{"k":100}},
         {"ty":"tr","nm":"Transform"}]}]},
      {"ty":4,"nm":"Right","ind":2,"ip":0,"op":30,"st":0,"ks":{},
       "shapes":[{"ty":"gr","nm":"Box","it":[
         {"ty":"rc","nm":"Rect","p":{"k":[30,10]},"s":{"k":[20,20]},"r":{"k":0}},
         {"ty":"fl","nm":"Fill 1","c":{"sid":"accent","k":[0,0,0,1]},"o":{"k":100}},
         {"ty":"tr","nm":"Transform"}]}]}]}
    """#
  }

  /// A folder with `two.json` (its logo a 10x10 black PNG made by our own snapshot) and `white.png`.
  static func workspace() async throws -> (URL, String) {
    let directory = Fixtures.temporaryDirectory()
    let input = directory.appendingPathComponent("two.json").path
    // Make the two 10x10 PNGs from a one-colour animation.
    func png(_ color: String, _ name: String) async throws -> String {
      let solid = #"{"v":"5.7.0","fr":30,"ip":0,"op":1,"w":10,"h":10,"layers":[]}"#
      let json = directory.appendingPathComponent("blank.json")
      try Data(solid.utf8).write(to: json)
      let path = directory.appendingPathComponent(name).path
      let r = try await CommandRunner.lottie2video([
        "snapshot", json.path, "--frame", "0", "--background", color, "-o", path,
      ])
      guard r.exited(0) else { throw ToolFailure(description: "\(r)") }
      return path
    }
    let black = try await png("black", "black.png")
    _ = try await png("white", "white.png")
    let uri = "data:image/png;base64," + (try Data(contentsOf: URL(fileURLWithPath: black))).base64EncodedString()
    try Data(document(logo: uri).utf8).write(to: URL(fileURLWithPath: input))
    return (directory, input)
  }

  /// Snapshot pixels (40x20 RGBA) of `input` with `options`.
  static func snapshot(_ input: String, _ options: [String], in directory: URL) async throws -> [[UInt8]] {
    let output = directory.appendingPathComponent("s-\(UUID().uuidString).png").path
    let result = try await CommandRunner.lottie2video(["snapshot", input, "--frame", "0", "-o", output] + options)
    guard result.exited(0) else { throw ToolFailure(description: "\(result)") }
    let pixels = try await CommandRunner.decodeFirstFrame(output)
    return (0..<(40 * 20)).map { Array(pixels[$0 * 4..<$0 * 4 + 4]) }
  }

  static func at(_ pixels: [[UInt8]], _ x: Int, _ y: Int) -> [UInt8] { pixels[y * 40 + x] }

  static let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255], green: [UInt8] = [0, 255, 0, 255]
  static let black: [UInt8] = [0, 0, 0, 255], white: [UInt8] = [255, 255, 255, 255]

  @Test func setChangesTheColourItNamesAndNothingElse() async throws {
    let (directory, input) = try await Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let plain = try await Self.snapshot(input, [], in: directory)
    #expect(
      Self.at(plain, 15, 15) == Self.red && Self.at(plain, 30, 10) == Self.blue && Self.at(plain, 2, 2) == Self.black)
    let set = try await Self.snapshot(input, ["--set", "Left.Box.Fill 1.Color=#00FF00"], in: directory)
    #expect(Self.at(set, 15, 15) == Self.green)
    // Everything else is as before, pixel for pixel.
    let changed = (0..<set.count).filter { set[$0] != plain[$0] }
    #expect(changed.allSatisfy { ($0 % 40) < 20 }, "only the left square changes")
    #expect(Self.at(set, 30, 10) == Self.blue && Self.at(set, 2, 2) == Self.black)
  }

  @Test func wildcardsReachEveryMatch() async throws {
    let (directory, input) = try await Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let all = try await Self.snapshot(
      input, ["--set", "**.Fill 1.Color=lime", "--set", "*.Transform.Opacity=100"], in: directory)
    #expect(Self.at(all, 15, 15) == Self.green && Self.at(all, 30, 10) == Self.green)
    let one = try await Self.snapshot(input, ["--set", "Right.*.Fill 1.Color=lime"], in: directory)
    #expect(Self.at(one, 15, 15) == Self.red && Self.at(one, 30, 10) == Self.green)
  }

  @Test func keypathThatMatchesNothingListsTheNearest() async throws {
    let (directory, input) = try await Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("x.png").path
    let result = try await CommandRunner.lottie2video([
      "snapshot", input, "--frame", "0", "-o", output, "--set", "Left.Box.Fil 1.Color=red",
    ])
    #expect(result.exited(1), "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "Error: \(input): the keypath 'Left.Box.Fil 1.Color' matches nothing; nearest: 'Left.Box.Fill 1.Color', 'Right.Box.Fill 1.Color'"
      ), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func malformedAssignmentIsAUsageError() async throws {
    let result = try await CommandRunner.lottie2video([
      "snapshot", "x.json", "--frame", "0", "-o", "x.png", "--set", "Color",
    ])
    #expect(result.exited(64), "\(result)")
    #expect(result.stderr.hasPrefix("Error: The value 'Color' is invalid for '--set <keypath=value>'"), "\(result)")
  }

  @Test func slotAndImageReplace() async throws {
    let (directory, input) = try await Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let white = directory.appendingPathComponent("white.png").path
    let pixels = try await Self.snapshot(
      input, ["--slot", "accent=#00ff00", "--image", "logo=\(white)"], in: directory)
    #expect(Self.at(pixels, 30, 10) == Self.green)
    #expect(Self.at(pixels, 2, 2) == Self.white && Self.at(pixels, 15, 15) == Self.red)

    let output = directory.appendingPathComponent("x.png").path
    let unknown = try await CommandRunner.lottie2video([
      "snapshot", input, "--frame", "0", "-o", output, "--image", "hero=\(white)",
    ])
    #expect(
      unknown.exited(1) && unknown.stderr == "Error: \(input): --image: no image asset 'hero'; image assets: 'logo'\n",
      "\(unknown)")
    let slot = try await CommandRunner.lottie2video([
      "snapshot", input, "--frame", "0", "-o", output, "--slot", "brand=red",
    ])
    #expect(slot.exited(1) && slot.stderr == "Error: \(input): unknown slot 'brand'; slots: 'accent'\n", "\(slot)")
  }

  @Test func infoListsTheKeypaths() async throws {
    let (directory, input) = try await Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await CommandRunner.lottie2video(["info", input, "--keypaths"])
    #expect(result.exited(0), "\(result)")
    let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
    let listed = result.stdout.split(separator: "\n").map(String.init)
    #expect(listed.contains { $0.hasPrefix("Left.Box.Fill 1.Color ") && $0.hasSuffix(" color") })
    #expect(listed.contains { $0.hasPrefix("Right.Box.Rect.Size ") && $0.hasSuffix(" vector") })
    #expect(listed.contains { $0.hasPrefix("Logo.Transform.Opacity ") && $0.hasSuffix(" number") })
    #expect(lines.count == listed.count)
  }

  @Test func dataRendersOneOutputPerRow() async throws {
    let (directory, input) = try await Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = directory.appendingPathComponent("rows.csv")
    try Data("name,Left.Box.Fill 1.Color,slot:accent\ngreen-left,#00FF00,\n\"white, right\",,white\n".utf8).write(
      to: csv)
    let out = directory.appendingPathComponent("out").path
    let result = try await CommandRunner.lottie2video([
      input, "--data", csv.path, "-o", out + "/{row}-{name}.png", "--frames", "0-0", "--jobs", "2",
    ])
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout.contains("data: 2 done, 0 failed, 0 skipped (of 2)"), "\(result)")
    let first = try await CommandRunner.decodeFirstFrame(out + "/1-green-left_00000.png")
    let second = try await CommandRunner.decodeFirstFrame(out + "/2-white, right_00000.png")
    func pixel(_ p: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(p[(y * 40 + x) * 4..<(y * 40 + x) * 4 + 4]) }
    #expect(pixel(first, 15, 15) == Self.green && pixel(first, 30, 10) == Self.blue)
    #expect(pixel(second, 15, 15) == Self.red && pixel(second, 30, 10) == Self.white)
  }

  @Test func dataErrorsAreCaughtBeforeRendering() async throws {
    let (directory, input) = try await Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = directory.appendingPathComponent("rows.csv")
    try Data("name,Left.Box.Fill 1.Color\na,red\na,blue\n".utf8).write(to: csv)
    let out = directory.appendingPathComponent("out").path
    let missing = try await CommandRunner.lottie2video([input, "--data", csv.path, "-o", out + "/{city}.mp4"])
    #expect(missing.exited(64), "\(missing)")
    #expect(
      missing.stderr.contains("uses {city}, which is not a column of \(csv.path) (columns: name, Left.Box.Fill 1.Color")
    )
    let duplicate = try await CommandRunner.lottie2video([input, "--data", csv.path, "-o", out + "/{name}.mp4"])
    #expect(duplicate.exited(64), "\(duplicate)")
    #expect(duplicate.stderr.contains("Rows 1 and 2 of \(csv.path) would both write '\(out)/a.mp4'"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func dataFromJSONWithAFailingRowGoesOn() async throws {
    let (directory, input) = try await Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let rows = directory.appendingPathComponent("rows.json")
    try Data(
      #"[{"id": 1, "Left.Box.Fill 1.Color": "blue"}, {"id": 2, "Left.Box.Fill 1.Color": "nope"}, {"id": 3}]"#.utf8
    )
    .write(to: rows)
    let out = directory.appendingPathComponent("out").path
    let result = try await CommandRunner.lottie2video([
      input, "--data", rows.path, "-o", out + "/{id}.gif", "--frames", "0-1",
    ])
    #expect(result.exited(1), "\(result)")
    #expect(result.stdout.contains("data: 2 done, 1 failed, 0 skipped (of 3)"), "\(result)")
    #expect(
      result.stdout.contains(
        "failed: row 2 (\(out)/2.gif): \(input): the value 'nope' for 'Left.Box.Fill 1.Color' is not a colour"))
    // The error line, printed as it happens, names the row too: every row reads the same file.
    #expect(
      result.stderr.contains(
        "Error: row 2 (\(out)/2.gif): \(input): the value 'nope' for 'Left.Box.Fill 1.Color' is not a colour"),
      "\(result)")
    #expect(
      FileManager.default.fileExists(atPath: out + "/1.gif") && FileManager.default.fileExists(atPath: out + "/3.gif"))
    #expect(!FileManager.default.fileExists(atPath: out + "/2.gif"))
  }

  /// A row's value wins over the same keypath on the command line (the command line gives the default), and
  /// each row gets its own poster.
  @Test func rowsOverrideTheCommandLineAndNamePosters() async throws {
    let (directory, input) = try await Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = directory.appendingPathComponent("rows.csv")
    try Data("name,Left.Box.Fill 1.Color\ngreen,#00FF00\ndefault,\n".utf8).write(to: csv)
    let out = directory.appendingPathComponent("out").path
    let result = try await CommandRunner.lottie2video([
      input, "--data", csv.path, "-o", out + "/{name}.gif", "--frames", "0-0", "--set", "Left.Box.Fill 1.Color=#0000FF",
      "--poster", out + "/{name}.png",
    ])
    #expect(result.exited(0), "\(result)")
    let green = try await CommandRunner.decodeFirstFrame(out + "/green.png")
    let blue = try await CommandRunner.decodeFirstFrame(out + "/default.png")
    func pixel(_ p: [UInt8]) -> [UInt8] { Array(p[(15 * 40 + 15) * 4..<(15 * 40 + 15) * 4 + 4]) }
    #expect(pixel(green) == Self.green && pixel(blue) == Self.blue)
    let single = try await CommandRunner.lottie2video([
      input, "--data", csv.path, "-o", out + "/{name}.gif", "--poster", out + "/poster.png",
    ])
    #expect(single.exited(64) && single.stderr.contains("put a placeholder in '--poster"), "\(single)")
  }

  @Test func batchRefusesTwoInputsWritingOneOutput() async throws {
    let (directory, input) = try await Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let other = directory.appendingPathComponent("sub")
    try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
    let copy = other.appendingPathComponent("two.json").path
    try FileManager.default.copyItem(atPath: input, toPath: copy)
    let out = directory.appendingPathComponent("out").path
    let result = try await CommandRunner.lottie2video([input, copy, "-o", out, "--jobs", "2"])
    #expect(result.exited(64), "\(result)")
    #expect(result.stderr.contains("'\(input)' and '\(copy)' would both write '\(out)/two.mp4'"), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: out + "/two.mp4"))
  }

  /// Counts taken from user values are clamped, never trapped on: a star with 1e300 points.
  @Test func hugeCountsDoNotCrash() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("star.json")
    try Data(
      #"{"v":"5.7.0","fr":30,"ip":0,"op":2,"w":40,"h":40,"layers":[{"ty":4,"nm":"L","ind":1,"ip":0,"op":2,"st":0,"ks":{},"shapes":[{"ty":"gr","nm":"G","it":[{"ty":"sr","nm":"S","sy":2,"pt":{"k":5},"p":{"k":[20,20]},"r":{"k":0},"or":{"k":15},"os":{"k":0}},{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}},{"ty":"tr"}]}]}]}"#
        .utf8
    ).write(to: input)
    let output = directory.appendingPathComponent("s.png").path
    let result = try await CommandRunner.lottie2video([
      "snapshot", input.path, "--frame", "0", "-o", output, "--set", "L.G.S.Points=1e300",
    ])
    #expect(result.exited(0), "\(result)")
  }

  /// With --progress json every stderr line is one JSON event: start, progress, file-done, done.
  @Test func progressJSONLines() async throws {
    let (directory, input) = try await Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("p.webm").path
    let result = try await CommandRunner.lottie2video([input, "-o", output, "--progress", "json", "--jobs", "1"])
    #expect(result.exited(0), "\(result)")
    let records = result.stderr.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(records.count == result.stderr.split(separator: "\n").count, "every stderr line is JSON: \(result.stderr)")
    #expect(records.map { $0["event"] as? String ?? "" }.filter { $0 != "progress" } == ["start", "file-done", "done"])
    #expect(records.first?["file"] as? String == input && records.first?["frames"] as? Int == 30)
    let progress = records.filter { $0["event"] as? String == "progress" }
    #expect(progress.last?["frame"] as? Int == 30 && progress.last?["total"] as? Int == 30)
    let done = try #require(records.last)
    #expect(done["count"] as? Int == 1 && done["done"] as? Int == 1 && done["failed"] as? Int == 0)
    // And --progress still takes a range.
    let ranged = try await CommandRunner.lottie2video([input, "-o", output, "--progress", "0-0.5", "-q"])
    #expect(ranged.exited(0), "\(ranged)")
  }

  @Test func limitsAreOptions() async throws {
    let (directory, input) = try await Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let frames = try await CommandRunner.lottie2video(["info", input, "--limit", "frames=10"])
    #expect(
      frames.exited(1)
        && frames.stderr == "Error: \(input): $.op: 30 frames exceeds the limit of 10 (--limit frames=30 allows it)\n",
      "\(frames)")
    let image = try await CommandRunner.lottie2video(["check", input, "--limit", "image-size=0.00001"])
    #expect(image.exited(64), "\(image)")
    let unknown = try await CommandRunner.lottie2video(["info", input, "--limit", "bogus=3"])
    #expect(
      unknown.exited(64) && unknown.stderr.contains("unknown limit 'bogus'; use file-size, archive-size"), "\(unknown)")
  }

  /// A preset with a byte budget: the tool encodes again at lower quality until the file fits, and says so;
  /// when even the lowest quality is too big it writes nothing and exits 1.
  @Test func sizeBudgetReencodes() async throws {
    let (directory, input) = try await Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    // An animated picture (the left square moves) so quality changes the size.
    var json = try String(contentsOfFile: input, encoding: .utf8)
    json = json.replacingOccurrences(
      of: #""p":{"k":[10,10]}"#,
      with: #""p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":29,"s":[40,20]}]}"#)
    try Data(json.utf8).write(to: URL(fileURLWithPath: input))
    func size(_ crf: Int) async throws -> Int {
      let out = directory.appendingPathComponent("crf\(crf).webm").path
      let r = try await CommandRunner.lottie2video([input, "-o", out, "--crf", String(crf), "--size", "200x100", "-q"])
      guard r.exited(0) else { throw ToolFailure(description: "\(r)") }
      return try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int ?? 0
    }
    let best = try await size(32), worst = try await size(63)
    try #require(worst < best)
    let budget = (best + worst) / 2
    let preset = directory.appendingPathComponent("tiny.json")
    try Data(#"{"format": "webm", "codec": "vp9", "width": 200, "height": 100, "maxBytes": \#(budget)}"#.utf8).write(
      to: preset)
    let output = directory.appendingPathComponent("fit.webm").path
    let fits = try await CommandRunner.lottie2video([input, "-o", output, "--preset", preset.path])
    #expect(fits.exited(0), "\(fits)")
    #expect(
      fits.stderr.contains("budget of \(budget); encoding again with a higher crf: crf 38, 30 fps, 200x100"), "\(fits)")
    #expect(fits.stderr.contains("fits the \(budget)-byte budget"), "\(fits)")
    let bytes = try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int ?? 0
    #expect(bytes <= budget && bytes > 0)

    try Data(#"{"format": "webm", "codec": "vp9", "width": 200, "height": 100, "maxBytes": 100}"#.utf8).write(
      to: preset)
    let tooSmall = try await CommandRunner.lottie2video([input, "-o", output, "--preset", preset.path])
    #expect(tooSmall.exited(1), "\(tooSmall)")
    #expect(
      tooSmall.stderr.contains(
        ", the last step, over the preset 'tiny' budget of 100 bytes; nothing written (try a shorter --duration or a smaller --size)\n"
      ),
      "\(tooSmall)")
    // Nothing over the budget reaches the output (a rerun with --skip-existing would take it for done): the
    // file that fitted before is still there, as it was, and no temporary file is left.
    #expect(try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int == bytes)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.contains(".partial-") })
  }
}
