import Foundation
import Lottie
import Pipeline
import TestSupport
import Testing

/// The size-budget loop as library users call it: the order of its steps per codec (fewer colours or a higher
/// crf first, then a lower frame rate, then a smaller picture, then the rest of the quality range), and
/// exports that fit or do not.
@Suite(.heavy)
struct SizeBudgetTests {
  static func options(_ path: String, size: Int = 32, fps: Double = 10) -> ExportOptions {
    ExportOptions(outputPath: path, render: RenderSettings(width: size, height: size, jobs: 1), fps: fps)
  }

  /// The Slack emoji case: a 128x128 GIF at 25 fps tries 128 and 64 colours, then two thirds, a half and a
  /// third of the frame rate (centisecond delays: 16.67, 12.5 and 8.33 fps), then smaller pictures down to a
  /// quarter of each side (the preset's minScale), and only then 32 and 16 colours.
  @Test func gifStepsGoColoursThenFrameRateThenSize() {
    let steps = SizeBudget(maxBytes: 1, minScale: 0.25).steps(from: Self.options("a.gif", size: 128, fps: 25))
    let expected: [SizeBudget.Step] = [
      .quality(128), .quality(64), .frameRate(100.0 / 6), .frameRate(12.5), .frameRate(100.0 / 12),
      .size(width: 96, height: 96), .size(width: 64, height: 64), .size(width: 48, height: 48),
      .size(width: 32, height: 32), .quality(32), .quality(16),
    ]
    #expect(steps == expected)
    // By default the picture keeps at least half of each side.
    let halves = SizeBudget(maxBytes: 1).steps(from: Self.options("a.gif", size: 128, fps: 25))
    let sizes: [SizeBudget.Step] = halves.filter { step in
      if case .size = step { return true }
      return false
    }
    #expect(sizes == [.size(width: 96, height: 96), .size(width: 64, height: 64)])
  }

  /// VP9 (Telegram stickers keep 512 a side: minScale 1): crf to 50, the frame rate, then crf to 63.
  @Test func vp9AtAFixedSizeStepsCrfThenFrameRateThenCrf() {
    let steps = SizeBudget(maxBytes: 1, minScale: 1).steps(from: Self.options("a.webm", size: 512, fps: 30))
    let expected: [SizeBudget.Step] = [
      .quality(38), .quality(44), .quality(50), .frameRate(20), .frameRate(15), .frameRate(10), .quality(56),
      .quality(62),
      .quality(63),
    ]
    #expect(steps == expected)
  }

  /// H.264 and WebP have their own scales; a floor on the frame rate (minFPS) leaves out the rates below it,
  /// and nil keeps the rate.
  @Test func otherCodecsAndFloors() {
    let mp4 = SizeBudget(maxBytes: 1, minFPS: 12).steps(from: Self.options("a.mp4", size: 100, fps: 24))
    #expect(
      mp4 == [
        .quality(28), .quality(33), .quality(38), .frameRate(16), .frameRate(12), .size(width: 75, height: 75),
        .size(width: 50, height: 50), .quality(43), .quality(48), .quality(51),
      ])
    let webp = SizeBudget(maxBytes: 1, minFPS: nil, minScale: 0.75).steps(
      from: Self.options("a.webp", size: 100, fps: 24))
    #expect(
      webp == [.quality(65), .quality(50), .quality(35), .size(width: 75, height: 75), .quality(20), .quality(10)])
  }

  /// A stripy animation whose GIF is some kilobytes: changing colours, stripes moving every frame.
  static func stripes() throws -> Animation {
    var shapes: [String] = []
    for i in 0..<16 {
      let hue = Double(i) / 16
      shapes.append(
        #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[\#(i * 4 + 2),32]},"s":{"a":0,"k":[3,64]},"r":{"a":0,"k":0}},"#
          + #"{"ty":"fl","c":{"a":1,"k":[{"t":0,"s":[\#(hue),\#(1 - hue),0.5,1]},{"t":20,"s":[\#(1 - hue),0.3,\#(hue),1]}]},"o":{"a":0,"k":100}},"#
          + #"{"ty":"tr","p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":20,"s":[\#(i % 3 * 5),\#(i % 5 * 3)]}]}}]}"#)
    }
    let json =
      #"{"v":"5.7.0","fr":20,"ip":0,"op":20,"w":64,"h":64,"layers":[{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":["#
      + shapes.joined(separator: ",") + "]}]}"
    return try LottieParser.parse(bytes: Array(json.utf8), file: "stripes.json")
  }

  /// A budget nothing meets: every step is tried, in the order of `steps(from:)`; nothing is written (an
  /// output over its budget would pass for a finished one), and the outcome describes the smallest encode.
  @Test func anImpossibleBudgetTriesEveryStepInOrder() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("tight.gif").path
    let options = Self.options(path, size: 64, fps: 20)
    let budget = SizeBudget(maxBytes: 1)
    let tried = RetryLog()
    let outcome = try budget.export(animation: try Self.stripes(), options: options, willRetry: { tried.append($0) })
    let expected = budget.steps(from: options)
    #expect(tried.steps == expected)
    #expect(tried.all.first?.change == "fewer colours")
    #expect(
      tried.all.map(\.change).contains("a lower frame rate") && tried.all.map(\.change).contains("a smaller picture"))
    #expect(!outcome.fits && outcome.attempts == expected.count)
    // The outcome is the smallest of all the encodes, and its options describe it.
    #expect(tried.all.allSatisfy { $0.bytes >= outcome.result.bytes })
    #expect(outcome.setting == SizeBudget.setting(of: outcome.options))
    #expect(outcome.changes?.hasSuffix("(was 256 colours, 20 fps, 64x64)") == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
  }

  /// The output is untouched until an encode fits: an older file stays through the retries, `beforeCommit`
  /// runs while the output is still the old one, and when it throws nothing replaces it.
  @Test func theOutputIsReplacedOnlyOnceAnEncodeFits() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let animation = try Self.stripes()
    let path = directory.appendingPathComponent("held.gif").path
    let first = try Exporter.export(
      animation: animation, options: Self.options(directory.path + "/probe.gif", size: 64, fps: 20))
    try FileManager.default.removeItem(atPath: directory.path + "/probe.gif")
    let old = Data("an older file".utf8)
    try old.write(to: URL(fileURLWithPath: path))
    let budget = SizeBudget(maxBytes: first.bytes / 2)
    let seen = RetryLog()
    struct PosterFailed: Error {}
    #expect(throws: PosterFailed.self) {
      _ = try budget.export(
        animation: animation, options: Self.options(path, size: 64, fps: 20),
        willRetry: { retry in
          seen.append(retry)
          #expect(FileManager.default.contents(atPath: path) == old)
        },
        beforeCommit: { outcome in
          #expect(outcome.fits)
          #expect(FileManager.default.contents(atPath: path) == old)
          throw PosterFailed()
        })
    }
    #expect(!seen.all.isEmpty)
    #expect(FileManager.default.contents(atPath: path) == old)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["held.gif"])
    // Without the failure, the encode that fits replaces it.
    let outcome = try budget.export(animation: animation, options: Self.options(path, size: 64, fps: 20))
    #expect(outcome.fits)
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == outcome.result.bytes)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["held.gif"])
  }

  /// A budget between the first encode and the smallest one: the loop stops at the first step that fits, and
  /// says what it changed.
  @Test func theLoopStopsAtTheFirstStepThatFits() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let animation = try Self.stripes()
    let path = directory.appendingPathComponent("budget.gif").path
    let first = try Exporter.export(animation: animation, options: Self.options(path, size: 64, fps: 20))
    // Half the first encode's size, which some step reaches (half the size leaves a quarter of the pixels).
    let budget = SizeBudget(maxBytes: first.bytes / 2)
    let tried = RetryLog()
    let outcome = try budget.export(
      animation: animation, options: Self.options(path, size: 64, fps: 20), willRetry: { tried.append($0) })
    #expect(outcome.fits && outcome.result.bytes <= first.bytes / 2)
    #expect(tried.steps == Array(budget.steps(from: Self.options(path, size: 64, fps: 20)).prefix(outcome.attempts)))
    #expect(tried.all.allSatisfy { $0.bytes > first.bytes / 2 })
    #expect(outcome.changes != nil)
    #expect(outcome.options.fps < 20 || outcome.options.render.width < 64 || outcome.options.gif.maxColors < 256)
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
    #expect(outcome.setting == "crf 32, 10 fps, 32x32" && outcome.changes == nil)
    #expect(outcome.result.frames == 5)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["fit.webm"])
  }
}

/// The retries a budget announced.
final class RetryLog: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [SizeBudget.Retry] = []

  func append(_ retry: SizeBudget.Retry) { lock.withLock { items.append(retry) } }
  var all: [SizeBudget.Retry] { lock.withLock { items } }
  var steps: [SizeBudget.Step] { all.map(\.step) }
}
