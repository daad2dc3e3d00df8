import Foundation
import Raster
import TestSupport
import Testing

/// Text that does not fit (issue 41, "text that fits"), through the binary: `check`, `--dry-run` and the export
/// warn of point text cut at the frame's edge at every frame checked and of box text whose lines run out of
/// its box, naming the layer, the text and (under `--data`) the row; `--text-fit shrink` draws it smaller until
/// it fits, and says so; text that only slides in from outside is not warned about.
struct TextFitCLITests {
  /// A 700x200 animation with one text layer "Title" at `position` (moving to `to` over 20 frames when given),
  /// 48 px black Liberation Sans; box text when `box` (at the layer's origin) is given.
  static func document(_ text: String, position: [Double] = [20, 68], to: [Double]? = nil, box: [Double]? = nil)
    throws -> Data
  {
    var style: [String: Any] = ["t": text, "f": "F", "s": 48, "j": 0, "tr": 0, "lh": 57.6, "fc": [0, 0, 0]]
    if let box {
      style["sz"] = box
      style["ps"] = [0, 0]
    }
    let p: [String: Any] =
      to.map { to in
        [
          "a": 1,
          "k": [
            ["t": 0, "s": position, "i": ["x": 0.5, "y": 0.5], "o": ["x": 0.5, "y": 0.5]] as [String: Any],
            ["t": 20, "s": to],
          ],
        ]
      } ?? ["a": 0, "k": position]
    let json: [String: Any] = [
      "v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 700, "h": 200,
      "fonts": ["list": [["fName": "F", "fFamily": "Liberation Sans", "fStyle": "Regular", "ascent": 75]]],
      "layers": [
        [
          "ty": 5, "nm": "Title", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": ["p": p],
          "t": ["d": ["k": [["t": 0, "s": style]]], "a": []],
        ] as [String: Any]
      ],
    ]
    return try JSONSerialization.data(withJSONObject: json)
  }

  static let long = "Thiruvananthapuram and Kanyakumari"
  static let paragraph = "The quick brown fox jumps over the lazy dog, again and again"

  /// The lines of `result`'s standard output, trimmed.
  static func lines(_ result: CommandResult) -> [String] {
    result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// The PNG `snapshot` writes for `input` at frame 0 with `options`.
  static func snapshot(_ input: URL, _ options: [String] = []) async throws -> PixelBuffer {
    let output = input.deletingLastPathComponent().appendingPathComponent("s-\(UUID().uuidString).png").path
    let result = try await CommandRunner.lottie2video(["snapshot", input.path, "--frame", "0", "-o", output] + options)
    try #require(result.exited(0), "\(result)")
    return try PNGFile.read(output)
  }

  /// The box holding every pixel with any alpha, as (minX, minY, maxX, maxY); nil for an empty picture.
  static func ink(_ picture: PixelBuffer) -> (Int, Int, Int, Int)? {
    var box: (Int, Int, Int, Int)? = nil
    for y in 0..<picture.height {
      for x in 0..<picture.width where picture.bytes[y * picture.stride + 4 * x + 3] > 0 {
        box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
      }
    }
    return box
  }

  @Test(.hangGuard)
  func pointTextCutAtTheEdgeIsWarnedAboutAndShrunkToFit() async throws {
    let folder = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appendingPathComponent("title.json")
    try Self.document("Hello").write(to: template)
    let clean = try await CommandRunner.lottie2video(["check", template.path])
    #expect(clean.exited(0) && clean.stdout.contains("title.json: ok"), "\(clean)")

    let set = ["--set", "Title.Text=\(Self.long)"]
    let cut =
      "$.layers[0]: warning: text layer \"Title\" (\"\(Self.long.prefix(31))…\") is cut at the edge of what shows it "
      + "at every frame checked that draws it (24): "
    let checked = try await CommandRunner.lottie2video(["check", template.path] + set)
    #expect(checked.exited(0), "\(checked)")
    let warning = try #require(Self.lines(checked).first { $0.hasPrefix(cut) }, "\(checked)")
    #expect(warning.hasSuffix("px past the right edge at frame 0 (--text-fit shrink draws it smaller to fit)"))
    let strict = try await CommandRunner.lottie2video(["check", template.path, "--strict"] + set)
    #expect(strict.exited(1), "\(strict)")

    let shrunk = try await CommandRunner.lottie2video(
      ["check", template.path, "--strict", "--text-fit", "shrink"] + set)
    #expect(shrunk.exited(0), "\(shrunk)")
    #expect(
      Self.lines(shrunk).contains {
        $0.hasPrefix("$.layers[0]: info: text layer \"Title\" (\"\(Self.long.prefix(31))…\") is drawn at ")
          && $0.hasSuffix("% of its size to fit the frame (--text-fit shrink)")
      }, "\(shrunk)")

    // Drawn: cut at the right edge as the file says, whole and smaller with --text-fit shrink (from its anchor).
    let asIs = try #require(Self.ink(try await Self.snapshot(template, set)))
    #expect(asIs.2 == 699, "the long text reaches the right edge: \(asIs)")
    let fitted = try #require(Self.ink(try await Self.snapshot(template, set + ["--text-fit", "shrink"])))
    #expect(fitted.2 < 699 && fitted.2 > 600, "shrunk to the edge, not far from it: \(fitted)")
    #expect(abs(fitted.0 - asIs.0) <= 1, "it shrinks towards its anchor: \(fitted) \(asIs)")
    #expect(fitted.3 - fitted.1 < asIs.3 - asIs.1, "smaller: \(fitted) \(asIs)")
  }

  /// Under `--data` the warning names the row; the dry run lists it and `--strict` refuses it, as the export.
  @Test(.hangGuard)
  func dataRowsNameTheRowWhoseTextIsCut() async throws {
    let folder = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appendingPathComponent("title.json")
    try Self.document("Hello").write(to: template)
    let rows = folder.appendingPathComponent("rows.csv")
    try Data("city,Title.Text\nkochi,Kochi\nlong,\(Self.long)\n".utf8).write(to: rows)
    let out = folder.appendingPathComponent("out").path
    let base = [template.path, "--data", rows.path, "-o", out + "/{city}_%05d.png", "--max-frames", "1"]

    let export = try await CommandRunner.lottie2video(base)
    #expect(export.exited(0), "\(export)")
    let named = "title.json: $.layers[0]: warning: row 2 (\(out)/long_%05d.png): text layer \"Title\""
    #expect(export.stderr.contains(named), "\(export)")
    #expect(!export.stderr.contains("warning: row 1 ("), "the short row fits: \(export)")

    let dryRun = try await CommandRunner.lottie2video(base + ["--dry-run"])
    #expect(dryRun.exited(0) && dryRun.stdout.contains("is cut at the edge of what shows it"), "\(dryRun)")
    let strict = try await CommandRunner.lottie2video(base + ["--dry-run", "--strict"])
    #expect(strict.exited(1), "\(strict)")

    let fitted = try await CommandRunner.lottie2video(base + ["--text-fit", "shrink", "--strict"])
    #expect(fitted.exited(0), "\(fitted)")
    let picture = try PNGFile.read(out + "/long_00000.png")
    let ink = try #require(Self.ink(picture))
    #expect(ink.2 < 699, "the long row is drawn whole: \(ink)")
  }

  /// Box text whose lines run out of its box is warned about with its measure; shrunk, its lines stay in it.
  @Test(.hangGuard)
  func boxTextRunningOutOfItsBoxIsWarnedAboutAndShrunkToFit() async throws {
    let folder = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("box.json")
    try Self.document(Self.paragraph, position: [20, 20], box: [300, 60]).write(to: file)
    let checked = try await CommandRunner.lottie2video(["check", file.path])
    #expect(checked.exited(0), "\(checked)")
    let prefix =
      "$.layers[0]: warning: text layer \"Title\" (\"\(Self.paragraph.prefix(31))…\") runs out of its box: its "
    let warning = try #require(Self.lines(checked).first { $0.hasPrefix(prefix) }, "\(checked)")
    #expect(
      warning.contains(
        "px down to the last baseline, the box is 300 by 60 (--text-fit shrink draws it smaller to fit)"),
      "\(warning)")

    let shrunk = try await CommandRunner.lottie2video(["check", file.path, "--text-fit", "shrink", "--strict"])
    #expect(shrunk.exited(0), "\(shrunk)")
    #expect(shrunk.stdout.contains("% of its size to fit its box (--text-fit shrink)"), "\(shrunk)")

    let asIs = try #require(Self.ink(try await Self.snapshot(file)))
    #expect(asIs.3 > 120, "the lines run far below the box: \(asIs)")
    let fitted = try #require(Self.ink(try await Self.snapshot(file, ["--text-fit", "shrink"])))
    // The box is x 20...320, y 20...80 on the frame: the lines' baselines in it, a descender below the last.
    #expect(fitted.0 >= 19 && fitted.1 >= 19 && fitted.2 <= 322 && fitted.3 <= 90, "\(fitted)")
  }

  /// Text that slides in from outside the frame is whole at some frame checked: no warning.
  @Test(.hangGuard)
  func textThatSlidesInIsNotWarnedAbout() async throws {
    let folder = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("slide.json")
    try Self.document("Hello there", position: [-400, 68], to: [20, 68]).write(to: file)
    let checked = try await CommandRunner.lottie2video(["check", file.path, "--strict"])
    #expect(checked.exited(0) && checked.stdout.contains("slide.json: ok"), "\(checked)")
  }
}
