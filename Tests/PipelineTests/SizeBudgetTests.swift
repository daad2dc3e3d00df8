import Foundation
import Lottie
import Pipeline
import TestSupport
import Testing

/// The size-budget loop as library users call it: quality steps per codec, and an export that fits.
struct SizeBudgetTests {
  static func options(_ path: String) -> ExportOptions {
    ExportOptions(outputPath: path, render: RenderSettings(width: 32, height: 32, jobs: 1), fps: 10)
  }

  /// Each codec steps down its own quality setting until the bottom, where the loop stops.
  @Test(arguments: [
    ("a.webm", ["crf 38", "crf 44", "crf 50", "crf 56", "crf 62", "crf 63"]),
    ("a.mp4", ["crf 28", "crf 33", "crf 38", "crf 43", "crf 48", "crf 51"]),
    ("a.gif", ["128 colours", "64 colours", "32 colours", "16 colours"]),
    ("a.webp", ["quality 65", "quality 50", "quality 35", "quality 20", "quality 10"]),
  ])
  func stepsGoDownToTheBottom(path: String, expected: [String]) {
    var options = Self.options(path)
    var steps: [String] = []
    while let step = SizeBudget.lowerQuality(&options) { steps.append(step) }
    #expect(steps == expected)
  }

  /// A budget far above the first encode's size: one encode, no retry.
  @Test func firstEncodeThatFitsIsKept() throws {
    let json = #"{"v":"5.7.0","fr":10,"ip":0,"op":5,"w":32,"h":32,"layers":[]}"#
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "empty.json")
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("fit.webm").path
    var retries = 0
    let outcome = try SizeBudget(maxBytes: 1 << 20).export(
      animation: animation, options: Self.options(path), willRetry: { _ in retries += 1 })
    #expect(outcome.fits && outcome.attempts == 0 && retries == 0)
    #expect(outcome.setting == "crf 32")
    #expect(outcome.result.frames == 5)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["fit.webm"])
  }
}
