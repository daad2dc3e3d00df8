import Foundation
import Lottie
import LottieArchive
import Pipeline
import TestSupport
import Testing

/// The examples of `docs/library.md`, compiled and run: each ```swift block of the page (its `import` lines
/// aside) must be, line for line, one of the marked regions of this file, so the page cannot drift from the
/// API; the tests below then run them.
struct LibraryExampleTests {
  @Test func thePageShowsThisFilesCode() throws {
    let page = try String(
      contentsOf: Fixtures.repositoryRoot.appendingPathComponent("docs/library.md"), encoding: .utf8)
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let blocks = Self.swiftBlocks(page)
    let regions = Self.regions(source)
    #expect(blocks.count == 2, "docs/library.md should hold the two examples")
    #expect(blocks == regions, "docs/library.md and LibraryExampleTests.swift disagree; copy the page's code here")
  }

  @Test func exportsTheIntroTwice() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // The sample with an "intro" marker (frames 0-9).
    var json = try String(
      contentsOf: Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json"), encoding: .utf8)
    json = json.replacingOccurrences(of: #""layers""#, with: #""markers":[{"cm":"intro","tm":0,"dr":10}],"layers""#)
    let input = directory.appendingPathComponent("promo.json").path
    try Data(json.utf8).write(to: URL(fileURLWithPath: input))

    let result = try exportIntro(input: input, output: directory.appendingPathComponent("promo.mp4").path, side: 64)
    // 10 frames of a 30 fps animation are 1/3 s: 20 frames at 60 fps, twice.
    #expect(result.frames == 40)
    #expect(result.bytes > 0)
  }

  @Test func setsSoundPaletteAndLimit() throws {
    let loaded = try AnimationSource.load(
      path: Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path)
    var options = ExportOptions(outputPath: "x.gif", render: RenderSettings(width: 8, height: 8), fps: 30)
    addSoundAndLimits(to: &options, loaded: loaded, soundtrack: "music.mp3")
    #expect(options.audio.soundtrack?.path == "music.mp3")
    #expect(options.audio.soundtrack?.loops == true)
    #expect(options.audio.bitrate == 192_000)
    #expect(options.gif.palette == .perFrame)
    #expect(options.memoryLimit == 1_000_000_000)
  }

  // MARK: - Reading the page

  /// The page's ```swift blocks without their `import` lines and the blank lines after them.
  static func swiftBlocks(_ text: String) -> [String] {
    var blocks: [String] = []
    var current: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(trimmed(current ?? []))
        current = nil
      } else if current != nil, !line.hasPrefix("import ") {
        current?.append(String(line))
      }
    }
    return blocks
  }

  /// The regions of this file between `// docs/library.md: begin` and `// docs/library.md: end`.
  static func regions(_ source: String) -> [String] {
    var regions: [String] = []
    var current: [String]?
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "// docs/library.md: begin" {
        current = []
      } else if line == "// docs/library.md: end" {
        regions.append(trimmed(current ?? []))
        current = nil
      } else {
        current?.append(String(line))
      }
    }
    return regions
  }

  static func trimmed(_ lines: [String]) -> String {
    lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

// MARK: - The page's code

// docs/library.md: begin
/// Exports the "intro" marker of `input` (a .json, .lottie or .tgs) twice, as a square MP4 at 60 fps with
/// its fills turned red.
func exportIntro(input: String, output: String, side: Int) throws -> ExportResult {
  // Load the file with --set values applied (a keypath that matches nothing is an error).
  let template = Template(sets: [.init(key: "**.Fill.Color", value: "#FF0000")])
  let loaded = try AnimationSource.load(path: input, template: template)
  let animation = loaded.animation
  // Images: those inside a .lottie, data URIs, external files (and replacements, like --image).
  let (images, _) = try ImageAssets.load(loaded)

  let render = RenderSettings(width: side, height: side, background: RGBA(1, 1, 1), images: images)
  var options = ExportOptions(outputPath: output, render: render, fps: 60)
  var timeline = Timeline(animation: animation)
  if let intro = animation.markers.first(where: { $0.name == "intro" }) {
    (timeline.start, timeline.end) = (intro.frame, intro.frame + intro.duration)
  }
  timeline.repeatCount = 2
  options.timeline = timeline
  return try Exporter.export(animation: animation, options: options) { progress in
    print("\(progress.done)/\(progress.total)")
  }
}
// docs/library.md: end

// docs/library.md: begin
/// The animation's audio layers (sound files found where its images are), a soundtrack starting 0.5 s in
/// and looping to the end at 192 kb/s, a GIF palette per frame, and a memory limit of 1 GB.
func addSoundAndLimits(to options: inout ExportOptions, loaded: LoadedAnimation, soundtrack: String) {
  options.audio = AudioOptions(for: loaded)
  options.audio.soundtrack = Soundtrack(path: soundtrack, offset: 0.5, loops: true)
  options.audio.bitrate = 192_000
  options.gif.palette = .perFrame
  // Refuse exports estimated to need more than 1 GB (nil: no limit).
  options.memoryLimit = 1_000_000_000
}
// docs/library.md: end
