import Foundation
import TestSupport
import Testing

/// Issue 16, item 2, through the built binary: three nested repeaters of 1,000 copies (a few hundred bytes)
/// allocated 9 GB and aborted; now the export exits 1 at once with one error line naming the file, the JSON
/// path and `--limit copies=`, and leaves nothing behind. `--limit` raises and lowers each budget.
struct WorkBudgetCLITests {
  static let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
  static let rect = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[2,2]},"r":{"a":0,"k":0}}"#
  static func repeater(_ copies: Int) -> String {
    #"{"ty":"rp","c":{"a":0,"k":\#(copies)},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[1,0]},"#
      + #""a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
  }
  static let nested =
    #"{"v":"5.7.0","w":64,"h":64,"fr":10,"ip":0,"op":10,"layers":[{"ty":4,"ip":0,"op":10,"st":0,"ks":{},"shapes":["#
    + #"{"ty":"gr","it":[{"ty":"gr","it":[\#(rect),\#(fill),\#(repeater(1000))]},\#(repeater(1000))]},\#(repeater(1000))]}]}"#

  static func run(_ json: String, _ options: [String]) async throws -> (CommandResult, [String]) {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.json")
    try Data(json.utf8).write(to: input)
    let output = directory.appendingPathComponent("out.mp4").path
    let result = try await CommandRunner.lottie2video([input.path, "-o", output, "-q"] + options)
    return (result, directoryListing(directory).map { $0.replacingOccurrences(of: directory.path + "/", with: "") })
  }

  @Test func nestedRepeatersAreRefused() async throws {
    let (result, listing) = try await Self.run(Self.nested, [])
    #expect(result.exited(1), "\(result)")
    #expect(
      result.stderr.hasSuffix(
        "in.json: $.layers[0].shapes[1]: the repeaters here make 1000000000 copies; the limit is 10000 (--limit copies=N)\n"
      ),
      "\(result)")
    #expect(result.stderr.hasPrefix("Error: /"), "\(result)")
    #expect(listing == ["in.json"])
  }

  @Test func limitsRaiseAndLower() async throws {
    let small =
      #"{"v":"5.7.0","w":64,"h":64,"fr":10,"ip":0,"op":3,"layers":[{"ty":4,"ip":0,"op":10,"st":0,"ks":{},"shapes":["#
      + #"{"ty":"gr","it":[\#(Self.rect),\#(Self.fill),\#(Self.repeater(300))]}]}]}"#
    let (refused, left) = try await Self.run(small, ["--limit", "copies=100"])
    #expect(refused.exited(1), "\(refused)")
    #expect(
      refused.stderr.hasSuffix(
        "in.json: $.layers[0].shapes[0].it[2]: the repeaters here make 300 copies; the limit is 100 (--limit copies=N)\n"
      ), "\(refused)")
    #expect(left == ["in.json"])
    let (done, made) = try await Self.run(
      small, ["--limit", "copies=301", "--limit", "vertices=2000", "--limit", "frame-time=30"])
    #expect(done.exited(0), "\(done)")
    #expect(made == ["in.json", "out.mp4"])
  }

  /// `snapshot` and `sheet` refuse a frame over a budget as an export does (a sheet used to write the
  /// incomplete frames and exit 0), and leave no file.
  @Test func snapshotAndSheetRefuseAFrameOverABudget() async throws {
    for (command, output, extra) in [("snapshot", "out.png", ["--frame", "0"]), ("sheet", "sheet.png", [])] {
      let directory = Fixtures.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let input = directory.appendingPathComponent("in.json")
      try Data(Self.nested.utf8).write(to: input)
      let path = directory.appendingPathComponent(output).path
      let result = try await CommandRunner.lottie2video([command, input.path, "-o", path, "-q"] + extra)
      #expect(result.exited(1), "\(command): \(result)")
      #expect(
        result.stderr.hasSuffix(
          "in.json: $.layers[0].shapes[1]: the repeaters here make 1000000000 copies; the limit is 10000 (--limit copies=N)\n"
        ),
        "\(command): \(result)")
      #expect(directoryListing(directory).map { ($0 as NSString).lastPathComponent } == ["in.json"], "\(command)")
    }
  }

  /// `check` brings the scene to the frames it checks, so a frame the export would refuse is an error there
  /// too (it said "ok" for a file whose dashes take minutes a frame); `--strict` fails on it, `--limit` lifts it.
  @Test func checkReportsAFrameOverABudget() async throws {
    let dashed =
      #"{"v":"5.7.0","w":64,"h":64,"fr":10,"ip":0,"op":1,"layers":[{"ty":4,"ip":0,"op":10,"st":0,"ks":{},"shapes":["#
      + #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[4096,4096]},"r":{"a":0,"k":0}},"#
      + #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":1},"d":["#
      + #"{"n":"d","nm":"dash","v":{"a":0,"k":0.0009765625}},{"n":"g","nm":"gap","v":{"a":0,"k":0.0009765625}}]}]}]}"#
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.json")
    try Data(dashed.utf8).write(to: input)
    let strict = try await CommandRunner.lottie2video(["check", "--strict", input.path])
    #expect(strict.exited(1), "\(strict)")
    #expect(
      strict.stdout == """
        \(input.path): 1 diagnostic
          $.layers[0]: error: the dashed strokes drawn at frame 0 come to 8388608 dashes with this layer's; \
        the limit is 1000000 (--limit dashes=N); an export refuses this frame

        """, "\(strict)")
    let lifted = try await CommandRunner.lottie2video(["check", "--strict", "--limit", "dashes=9000000", input.path])
    #expect(lifted.exited(0), "\(lifted)")
    #expect(lifted.stdout == "\(input.path): ok\n", "\(lifted)")
    let (export, listing) = try await Self.run(dashed, [])
    #expect(export.exited(1), "\(export)")
    #expect(
      export.stderr.hasSuffix(
        "in.json: $.layers[0]: the dashed strokes drawn at frame 0 come to 8388608 dashes with this layer's; "
          + "the limit is 1000000 (--limit dashes=N)\n"), "\(export)")
    #expect(listing == ["in.json"])
  }

  @Test func helpListsTheBudgets() async throws {
    let help = try await CommandRunner.lottie2video(["export", "--help"])
    let text = help.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
    for expected in [
      "copies (shapes drawn in one frame, repeater copies included, shapes, default 10000)",
      "vertices (vertices drawn in one frame, after modifiers and repeaters, vertices, default 5000000)",
      "dashes (dashes of dashed strokes drawn in one frame, dashes, default 1000000)",
      "glyphs (glyphs in one text layer, glyphs, default 20000)",
      "effect-work (one layer's effects: the pixels they cover times their passes, pixel passes, default 2000000000)",
      "frame-time (the time one frame may take, checked between layers, seconds, default 60)",
      "expression-memory (what one expression evaluation may allocate (freed when it ends), bytes: 16M, 64M or none, default 16777216)",
    ] {
      #expect(text.contains(expected), "\(expected)")
    }
  }
}
