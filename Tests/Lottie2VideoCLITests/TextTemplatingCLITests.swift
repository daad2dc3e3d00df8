import Foundation
import Raster
import TestSupport
import Testing

/// Text in every language through the binary as a user types it: `--set` and `--data` put right-to-left,
/// Indic, CJK and emoji strings into a text layer and draw exactly what the same string written in the file
/// draws (which `ShapingReferenceTests` compares with hb-view and Chromium); `check` and `info` name the
/// characters that needed a fallback font or cannot be drawn, with the JSON path.
struct TextTemplatingCLITests {
  /// A 700x200 animation with one text layer "Title" at (20, 68), 48 px black, in `family`.
  static func document(_ text: String, family: String) throws -> Data {
    let json: [String: Any] = [
      "v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 700, "h": 200,
      "fonts": ["list": [["fName": "F", "fFamily": family, "fStyle": "Regular", "ascent": 75]]],
      "layers": [
        [
          "ty": 5, "nm": "Title", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": ["p": ["a": 0, "k": [20, 68]]],
          "t": [
            "d": [
              "k": [["t": 0, "s": ["t": text, "f": "F", "s": 48, "j": 0, "tr": 0, "lh": 57.6, "fc": [0, 0, 0]]]]
            ], "a": [],
          ],
        ] as [String: Any]
      ],
    ]
    return try JSONSerialization.data(withJSONObject: json)
  }

  static let strings: [(file: String, text: String)] = [
    ("arabic", "مرحبا بالعالم"), ("hebrew", "שלום 123 עולם"), ("devanagari", "हिन्दी क्षत्रिय"), ("thai", "ภาษาไทย"),
    ("japanese", "日本語の文章"), ("emoji", "Zoë 👍🏽 👨‍👩‍👧 🇯🇵"),
  ]

  /// The PNG `snapshot` writes for `input` with `options`.
  static func snapshot(_ input: URL, _ options: [String] = []) async throws -> PixelBuffer {
    let output = input.deletingLastPathComponent().appendingPathComponent("s-\(UUID().uuidString).png").path
    let result = try await CommandRunner.lottie2video(["snapshot", input.path, "--frame", "0", "-o", output] + options)
    try #require(result.exited(0), "\(result)")
    return try PNGFile.read(output)
  }

  /// `--set` and every row of `--data` draw each string as the file with that string in it does, and
  /// not as the file's own text.
  @Test(.hangGuard)
  func setAndDataDrawWhatTheFileWouldDraw() async throws {
    let folder = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appendingPathComponent("title.json")
    try Self.document("Hello", family: "Noto Sans Arabic").write(to: template)
    let original = try await Self.snapshot(template)
    var csv = "file,Title.Text\n"
    for (file, text) in Self.strings { csv += "\(file),\(text)\n" }
    let rows = folder.appendingPathComponent("rows.csv")
    try Data(csv.utf8).write(to: rows)
    let out = folder.appendingPathComponent("out")
    let data = try await CommandRunner.lottie2video(
      [template.path, "--data", rows.path, "-o", out.path + "/{file}_%05d.png", "--max-frames", "1"])
    try #require(data.exited(0), "\(data)")
    for (file, text) in Self.strings {
      let literal = folder.appendingPathComponent("\(file).json")
      try Self.document(text, family: "Noto Sans Arabic").write(to: literal)
      let expected = try await Self.snapshot(literal)
      #expect(expected != original, "\(file): the string draws like 'Hello'")
      let set = try await Self.snapshot(template, ["--set", "Title.Text=\(text)"])
      #expect(set == expected, "\(file): --set draws something else")
      let row = try PNGFile.read(out.appendingPathComponent("\(file)_00000.png").path)
      #expect(row == expected, "\(file): the --data row draws something else")
    }
  }

  /// The Arabic set through `--set` is joined and right to left: its ink is as wide as hb-view's in the
  /// same font and size (unjoined letters are 40% wider, left-to-right ones 13%), within 3%.
  @Test(
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/hb-view"), "needs hb-view (libharfbuzz-bin)"))
  func arabicThroughSetIsAsWideAsHBViewDrawsIt() async throws {
    let folder = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appendingPathComponent("title.json")
    try Self.document("Hello", family: "Noto Sans Arabic").write(to: template)
    let ours = try await Self.snapshot(template, ["--set", "Title.Text=مرحبا بالعالم"])
    let reference = folder.appendingPathComponent("hb.png").path
    let hbView = try await CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/hb-view"),
      [
        "--font-file=/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf", "--font-size=48",
        "--output-format=png",
        "--output-file=\(reference)", "مرحبا بالعالم",
      ])
    try #require(hbView.exited(0), "\(hbView)")
    let (a, b) = (Self.inkWidth(ours), Self.inkWidth(try PNGFile.read(reference)))
    #expect(a > 100 && abs(a - b) <= 2 + b * 3 / 100, "ours \(a) px wide, hb-view \(b) px")
  }

  /// Columns with pixels darker than 75% over white (hb-view's are opaque on white, ours clear).
  static func inkWidth(_ buffer: PixelBuffer) -> Int {
    var minX = Int.max, maxX = -1
    for y in 0..<buffer.height {
      for x in 0..<buffer.width {
        let p = buffer.premultipliedPixel(x: x, y: y)
        let white = 255 - Int(p.a)
        if min(Int(p.r), Int(p.g), Int(p.b)) + white < 191 {
          minX = min(minX, x)
          maxX = max(maxX, x)
        }
      }
    }
    return maxX < 0 ? 0 : maxX - minX + 1
  }

  /// `check` and `info` on a file given a string by `--set` list the characters its font lacks, the font
  /// that draws them, and the characters no installed font has, at the text's JSON path.
  @Test(.hangGuard)
  func checkAndInfoListFallbackText() async throws {
    let folder = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appendingPathComponent("title.json")
    try Self.document("Hello", family: "Liberation Sans").write(to: template)
    let clean = try await CommandRunner.lottie2video(["check", template.path])
    #expect(clean.exited(0) && clean.stdout.contains("title.json: ok"), "\(clean)")
    let set = ["--set", "Title.Text=Go नमस्ते \u{10FFFD}"]
    let path = "$.layers[0].t.d.k[0].s.t"
    // The font fontconfig offers for Devanagari (Noto Sans Devanagari with Debian's fonts-noto-core).
    let fallback = "\(path): info: characters 'न' 'म' 'स्ते' are not in Liberation Sans; drawn with "
    let missing = "\(path): warning: characters '\u{10FFFD}' cannot be drawn: no installed font has them"
    for command in ["check", "info"] {
      let result = try await CommandRunner.lottie2video([command, template.path] + set)
      #expect(result.exited(0), "\(result)")
      let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(lines.contains { $0.hasPrefix(fallback) && $0.count > fallback.count }, "\(command): \(result)")
      #expect(lines.contains(missing), "\(command): \(result)")
    }
  }
}
