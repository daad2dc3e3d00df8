import Foundation
import Raster
import TestSupport
import Testing

/// A text layer's style by keypath through the binary (`Title.Text.Fill Color`, `Title.Text.Font Size`, ...):
/// `info --keypaths` lists them, `--set` and `--data` columns change what is drawn.
struct TextKeypathCLITests {
  /// A 400x120 animation with one text layer "Title", "Hello" 48 px black at (20, 80).
  static let document = #"""
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 400, "h": 120,
     "fonts": {"list": [{"fName": "F", "fFamily": "DejaVu Sans", "fStyle": "Book", "ascent": 75}]},
     "layers": [{"ty": 5, "nm": "Title", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [20, 80]}},
       "t": {"d": {"k": [{"t": 0, "s": {"t": "Hello", "f": "F", "s": 48, "j": 0, "tr": 0, "lh": 57.6, "fc": [0, 0, 0]}}]},
             "a": []}}]}
    """#

  /// The ink of a snapshot over white: how many pixels are near `colour`, and the ink's bounding box.
  struct Ink {
    var matching = 0
    var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }
  }

  static func ink(_ image: PixelBuffer, near colour: (Int, Int, Int)) -> Ink {
    var ink = Ink()
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image.pixel(x: x, y: y)
        let (r, g, b) = (Int(p.r), Int(p.g), Int(p.b))
        guard r < 200 || g < 200 || b < 200 else { continue }  // white background
        ink.minX = min(ink.minX, x)
        ink.maxX = max(ink.maxX, x)
        ink.minY = min(ink.minY, y)
        ink.maxY = max(ink.maxY, y)
        if abs(r - colour.0) < 40 && abs(g - colour.1) < 40 && abs(b - colour.2) < 40 { ink.matching += 1 }
      }
    }
    return ink
  }

  func snapshot(_ input: URL, _ options: [String]) async throws -> PixelBuffer {
    let output = input.deletingLastPathComponent().appendingPathComponent("s-\(UUID().uuidString).png").path
    let result = try await CommandRunner.lottie2video(
      ["snapshot", input.path, "--frame", "0", "--background", "white", "-o", output] + options)
    try #require(result.exited(0), "\(result)")
    return try PNGFile.read(output)
  }

  @Test(.hangGuard)
  func styleBySetAndData() async throws {
    let folder = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("title.json")
    try Data(Self.document.utf8).write(to: input)

    let info = try await CommandRunner.lottie2video(["info", input.path, "--keypaths"])
    try #require(info.exited(0), "\(info)")
    for line in [
      "Title.Text.Fill Color  color", "Title.Text.Font Size   number", "Title.Text.Justification  justification",
      "Title.Text.Font  fontFamily",
    ] {
      let words = line.split(separator: " ").map(String.init)
      #expect(
        info.stdout.split(separator: "\n").contains {
          $0.hasPrefix(words.dropLast().joined(separator: " ")) && $0.hasSuffix(words.last!)
        },
        "\(line) in \(info.stdout)")
    }

    let plain = Self.ink(try await snapshot(input, []), near: (0, 0, 0))
    #expect(plain.matching > 200)
    let red = Self.ink(try await snapshot(input, ["--set", "Title.Text.Fill Color=#FF0000"]), near: (255, 0, 0))
    #expect(red.matching > 200 && red.width == plain.width)
    #expect(
      Self.ink(try await snapshot(input, ["--set", "Title.Text.Fill Color=#FF0000"]), near: (0, 0, 0)).matching == 0)
    let small = Self.ink(try await snapshot(input, ["--set", "Title.Text.Font Size=24"]), near: (0, 0, 0))
    #expect(abs(Double(small.width) - Double(plain.width) / 2) <= 4, "\(small.width) against \(plain.width)")
    let right = Self.ink(try await snapshot(input, ["--set", "Title.Text.Justification=right"]), near: (0, 0, 0))
    #expect(right.maxX <= 22 && right.minX == 0, "right-justified text ends at its anchor (x 20): \(right)")

    // A --data column per style property: each row draws its own colour.
    let rows = folder.appendingPathComponent("rows.csv")
    try Data("name,Title.Text.Fill Color\nred,#FF0000\nblue,#0000FF\n".utf8).write(to: rows)
    let out = folder.appendingPathComponent("out")
    let data = try await CommandRunner.lottie2video(
      [
        input.path, "--data", rows.path, "-o", out.path + "/{name}_%05d.png", "--max-frames", "1", "--background",
        "white",
      ])
    try #require(data.exited(0), "\(data)")
    let fromRed = Self.ink(try PNGFile.read(out.appendingPathComponent("red_00000.png").path), near: (255, 0, 0))
    let fromBlue = Self.ink(try PNGFile.read(out.appendingPathComponent("blue_00000.png").path), near: (0, 0, 255))
    #expect(fromRed.matching > 200 && fromBlue.matching > 200)
  }
}
