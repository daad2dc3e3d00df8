import Foundation
import TestSupport
import Testing

/// Path names the tool splits itself: one-character inputs (Foundation's path calls trap on them) and PNG
/// sequences in folders whose names hold a `%`.
struct PathNamesCLITests {
  static let tiny = #"{"v":"5.7.0","fr":10,"ip":0,"op":3,"w":16,"h":16,"layers":[]}"#

  /// An input called `a` in the current folder exports (it crashed the tool in NSString's path code).
  @Test func oneCharacterInputName() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(Self.tiny.utf8).write(to: directory.appendingPathComponent("a"))
    let result = try await CommandRunner.lottie2video(["a", "-o", "b.webm", "-q"], in: directory)
    #expect(result.exited(0), "\(result)")
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("b.webm").path))
    let info = try await CommandRunner.lottie2video(["info", "a"], in: directory)
    #expect(info.exited(0) && info.stdout.hasPrefix("file:        a\n"), "\(info)")
  }

  /// A sequence in `p%d/`: the frames go there, and the summary counts their bytes.
  @Test func sequenceInAFolderWithAPercent() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.json")
    try Data(Self.tiny.utf8).write(to: input)
    let pattern = directory.appendingPathComponent("p%d").path + "/f_%03d.png"
    let result = try await CommandRunner.lottie2video([input.path, "-o", pattern])
    #expect(result.exited(0), "\(result)")
    let folder = directory.appendingPathComponent("p%d")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["f_000.png", "f_001.png", "f_002.png"])
    let total = try names.reduce(0) { sum, name in
      sum
        + (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? Int
          ?? 0)
    }
    #expect(total > 0)
    #expect(result.stdout.contains(", 16x16, \(total) bytes, "), "\(result)")
  }
}
