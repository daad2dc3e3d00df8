import Foundation
import TestSupport
import Testing

/// Errors name their file once: the loader's messages start with it already (`c.json: $.op: ...`), so the
/// lines of `check`, a batch's summary and merge-reports do not put it in front again.
struct FileNamedOnceTests {
  static let broken = #"{"v":"5.7.0","fr":10,"ip":0,"op":"x","w":16,"h":16,"layers":[]}"#
  static let fine = #"{"v":"5.7.0","fr":10,"ip":0,"op":3,"w":16,"h":16,"layers":[]}"#

  @Test func checkBatchAndMergeNameTheFileOnce() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputs = directory.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    try Data(Self.broken.utf8).write(to: inputs.appendingPathComponent("c.json"))
    try Data(Self.fine.utf8).write(to: inputs.appendingPathComponent("a.json"))

    let check = try await CommandRunner.lottie2video(["check", "bin/c.json"], in: directory)
    #expect(check.exited(1), "\(check)")
    #expect(check.stdout == "bin/c.json: error: $.op: expected a number, found a string\n", "\(check)")

    let batch = try await CommandRunner.lottie2video(["bin", "-o", "out", "--report", "r.json"], in: directory)
    #expect(batch.exited(1), "\(batch)")
    #expect(batch.stdout.hasSuffix("\nfailed: bin/c.json: $.op: expected a number, found a string\n"), "\(batch)")

    let merge = try await CommandRunner.lottie2video(["merge-reports", "r.json", "-o", "m.json"], in: directory)
    #expect(merge.exited(1), "\(merge)")
    #expect(
      merge.stdout.hasSuffix("\nfailed: bin/c.json: $.op: expected a number, found a string (shard 1)\n"), "\(merge)")
  }
}
