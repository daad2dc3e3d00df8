import Foundation
import TestSupport
import Testing

/// Every corpus animation through the binary: `info`, then a 64x64 snapshot of its first frame. A file may be
/// refused (exit 1, naming the file) but nothing may crash or hang. Two runs at a time keep the sweep short.
@Suite(.enabled(if: Fixtures.corpus != nil, "the shared corpus is absent (set L2V_CORPUS)"))
struct CorpusSweepTests {
  static let parallelism = 2

  /// Top-level `*.json` and `with_assets/*/*.json`, sorted.
  static func animations(in corpus: URL) -> [URL] {
    let manager = FileManager.default
    func jsonFiles(_ directory: URL) -> [URL] {
      ((try? manager.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
        .filter { $0.hasSuffix(".json") }.map { directory.appendingPathComponent($0) }
    }
    let withAssets = corpus.appendingPathComponent("with_assets")
    let folders = ((try? manager.contentsOfDirectory(atPath: withAssets.path)) ?? []).sorted()
    return jsonFiles(corpus) + folders.flatMap { jsonFiles(withAssets.appendingPathComponent($0)) }
  }

  /// Every file in the corpus folder `name`, sorted.
  static func files(in corpus: URL, _ name: String) -> [URL] {
    let directory = corpus.appendingPathComponent(name)
    return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
      .map { directory.appendingPathComponent($0) }
  }

  /// Runs `check` on every item, `parallelism` at a time, and returns the problems found, in item order.
  static func sweep(_ items: [URL], _ check: @escaping @Sendable (URL) async -> [String]) async -> [String] {
    await withTaskGroup(of: (Int, [String]).self) { group in
      var problems: [[String]] = Array(repeating: [], count: items.count)
      var next = 0
      func addNext() {
        let index = next
        let item = items[index]
        group.addTask { (index, await check(item)) }
        next += 1
      }
      while next < min(parallelism, items.count) { addNext() }
      while let (index, found) = await group.next() {
        problems[index] = found
        if next < items.count { addNext() }
      }
      return problems.flatMap { $0 }
    }
  }

  /// A refusal: exit 1 with one error that names the file.
  static func isCleanRefusal(_ result: CommandResult, file: URL) -> Bool {
    result.exited(1) && result.stderr.hasPrefix("Error: \(file.path): ")
  }

  @Test(.hangGuard)
  func everyAnimationLoadsAndRenders() async throws {
    let corpus = try #require(Fixtures.corpus)
    _ = try CommandRunner.binary()
    let files = Self.animations(in: corpus)
    try #require(files.count > 100, "the corpus holds \(files.count) animations")
    let output = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: output) }

    let problems = await Self.sweep(files) { file in
      let name = file.lastPathComponent
      let info: CommandResult
      do {
        info = try await CommandRunner.lottie2video(["info", file.path])
      } catch {
        return ["\(name): cannot run info: \(error)"]
      }
      if Self.isCleanRefusal(info, file: file) { return [] }
      guard info.exited(0) else { return ["\(name): info: \(info)"] }
      guard let frames = info.stdout.firstMatch(of: /\nframes: +[^ ]+ \(ip ([^,]+), op/),
        info.stdout.contains("\nsize:        ")
      else { return ["\(name): info prints no size or frames line:\n\(info.stdout)"] }
      let png = output.appendingPathComponent(name + ".png").path
      let snapshot: CommandResult
      do {
        snapshot = try await CommandRunner.lottie2video(
          ["snapshot", file.path, "--frame", String(frames.1), "--width", "64", "--height", "64", "-o", png])
      } catch {
        return ["\(name): cannot run snapshot: \(error)"]
      }
      guard snapshot.exited(0) else { return ["\(name): snapshot: \(snapshot)"] }
      guard let size = try? pngSize(png), size == (64, 64) else { return ["\(name): snapshot is not a 64x64 PNG"] }
      return []
    }
    for problem in problems { Issue.record(Comment(rawValue: problem)) }
    #expect(
      directoryListing(output).allSatisfy { $0.hasSuffix(".png") && !$0.hasPrefix(".") }, "no temporary file is left")
  }

  /// `bad/` holds deliberately broken inputs, `formats/` zipped and gzipped ones: each is read (exit 0) or
  /// refused (exit 1, naming the file) within 10 s, and one that is read also renders or is refused.
  @Test(.hangGuard)
  func brokenAndForeignFilesNeverCrash() async throws {
    let corpus = try #require(Fixtures.corpus)
    _ = try CommandRunner.binary()
    let files = Self.files(in: corpus, "bad") + Self.files(in: corpus, "formats")
    try #require(!files.isEmpty, "corpus/bad and corpus/formats hold files")
    let output = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: output) }

    let problems = await Self.sweep(files) { file in
      let name = file.lastPathComponent
      do {
        let info = try await CommandRunner.lottie2video(["info", file.path])
        if Self.isCleanRefusal(info, file: file) { return [] }
        guard info.exited(0) else { return ["\(name): info: \(info)"] }
        let png = output.appendingPathComponent(name + ".png").path
        let snapshot = try await CommandRunner.lottie2video(
          ["snapshot", file.path, "--frame", "0", "--width", "32", "--height", "32", "-o", png])
        guard snapshot.exited(0) || Self.isCleanRefusal(snapshot, file: URL(fileURLWithPath: png)) else {
          return ["\(name): snapshot: \(snapshot)"]
        }
        return []
      } catch {
        return ["\(name): cannot run: \(error)"]
      }
    }
    for problem in problems { Issue.record(Comment(rawValue: problem)) }
  }
}
