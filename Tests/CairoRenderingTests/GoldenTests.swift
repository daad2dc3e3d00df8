import CairoRendering
import Foundation
import Lottie
import Pipeline
import Raster
import TestSupport
import Testing

// Golden images: each `Golden/NAME.json`, rendered at its canvas size at the frame of its marker named
// `golden` (frame 0 without one), must match the reviewed `Golden/NAME.png` within a tolerance. The JSON's
// `nm` says what the picture shows. `GOLDEN_UPDATE=1 swift test --filter Golden` rewrites the PNGs instead;
// see `Golden/README.md`.
@Suite("Golden images")
struct GoldenTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
  /// `GOLDEN_UPDATE=1`, or STYLE.md's `L2V_RECORD_GOLDENS=1`.
  static let isUpdating =
    ProcessInfo.processInfo.environment["GOLDEN_UPDATE"] == "1"
    || ProcessInfo.processInfo.environment["L2V_RECORD_GOLDENS"] == "1"

  /// Every `NAME.json` in the folder, by name.
  static let names: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()

  /// A channel may differ by this much (antialiasing noise) before its pixel counts as different...
  static let tolerance = 3
  /// ...and this many pixels may differ.
  static let maxDifferingPixels = 8

  @Test func theFolderHoldsGoldens() {
    #expect(Self.names.count >= 60, "found \(Self.names.count) goldens in \(Self.folder.path)")
  }

  @Test(arguments: names)
  func renderMatchesGolden(_ name: String) throws {
    let golden = try GoldenCase(name: name, folder: Self.folder)
    let actual = try golden.render()
    let pngPath = Self.folder.appendingPathComponent(golden.name + ".png").path
    if Self.isUpdating {
      try PNGFile.write(actual, to: pngPath)
      print("golden: wrote \(pngPath); look at it before committing")
      return
    }
    guard FileManager.default.fileExists(atPath: pngPath) else {
      Issue.record("no golden \(pngPath): run GOLDEN_UPDATE=1 swift test --filter Golden, then look at the PNG")
      return
    }
    let expected = try PNGFile.read(pngPath)
    let comparison = ImageComparison(actual: actual, expected: expected, tolerance: Self.tolerance)
    guard comparison.sizesDiffer || comparison.differingPixels > Self.maxDifferingPixels else { return }
    let failures = FileManager.default.temporaryDirectory.appendingPathComponent("l2v-golden-failures")
    try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
    let actualPath = failures.appendingPathComponent(golden.name + "-actual.png").path
    let diffPath = failures.appendingPathComponent(golden.name + "-diff.png").path
    try PNGFile.write(actual, to: actualPath)
    if comparison.sizesDiffer {
      Issue.record(
        """
        golden \(golden.name): render is \(actual.width)x\(actual.height), golden is \
        \(expected.width)x\(expected.height)
          expected \(pngPath)
          actual   \(actualPath)
        """)
      return
    }
    try PNGFile.write(comparison.diffImage, to: diffPath)
    let first = comparison.firstDifference.map { "(\($0.x), \($0.y))" } ?? "-"
    Issue.record(
      """
      golden \(golden.name) at frame \(golden.frameLabel): \(comparison.differingPixels) pixels differ by more than \
      \(Self.tolerance) (at most \(Self.maxDifferingPixels) may); largest channel difference \
      \(comparison.largestDifference), first at \(first)
        shows    \(golden.shows)
        expected \(pngPath)
        actual   \(actualPath)
        diff     \(diffPath) (red: differing pixels)
      If the change is intended: GOLDEN_UPDATE=1 swift test --filter Golden, then look at the PNG.
      """)
  }

  /// Every PNG has its JSON (a golden whose JSON was removed or renamed leaves no stray picture).
  @Test func everyPNGHasItsJSON() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
    let strays = files.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.filter {
      !Self.names.contains($0)
    }
    #expect(strays.isEmpty, "PNG files without a JSON: \(strays.sorted())")
  }
}

/// One golden: its JSON parsed, and the frame to render.
struct GoldenCase {
  let name: String
  let jsonPath: String
  let animation: Animation
  /// The `golden` marker's frame, or 0.
  let frame: Double
  /// The frame as written in the marker: `15`, or `7.5`.
  var frameLabel: String { frame == frame.rounded() && abs(frame) < 1e9 ? String(Int(frame)) : String(frame) }
  /// What the picture shows: the animation's `nm`.
  var shows: String { animation.name }

  /// Parses `NAME.json`; a golden exercises supported features only, so warnings fail the test.
  init(name: String, folder: URL) throws {
    self.name = name
    jsonPath = folder.appendingPathComponent(name + ".json").path
    animation = try LottieParser.load(contentsOf: jsonPath)
    frame = animation.markers.first { $0.name == "golden" }?.frame ?? 0
    let warnings = animation.diagnostics.filter { $0.severity >= .warning }
    #expect(warnings.isEmpty, "\(name).json: \(warnings.map(\.description))")
  }

  /// Loads the image assets as the exporter does and renders the frame at the canvas size.
  func render() throws -> PixelBuffer {
    let folder = URL(fileURLWithPath: jsonPath).deletingLastPathComponent().path
    let assets = ImageAssets.load(animation, baseDirectory: folder, file: jsonPath)
    #expect(assets.diagnostics.isEmpty, "\(name).json: \(assets.diagnostics.map(\.description))")
    let renderer = try FrameRenderer(
      animation: animation, width: Int(animation.width), height: Int(animation.height), images: assets.images)
    return renderer.render(frame: frame)
  }
}
