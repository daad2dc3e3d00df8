import Foundation
import TestSupport
import Testing

/// A reader that goes away early (`-o - | head`, progress into a program that has exited) ends the run with
/// 141, as SIGPIPE always did, but leaves no temporary files behind.
struct BrokenPipeTests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path

  /// Runs `script` with bash (`pipefail` on) and returns its result; `$L2V` is the binary.
  static func bash(_ script: String, environment extra: [String: String] = [:]) async throws -> CommandResult {
    let binary = try CommandRunner.binary().path
    let exports = (["L2V": binary].merging(extra) { $1 }).map { "export \($0.key)='\($0.value)'; " }.joined()
    return try await CommandRunner.run(
      try CommandRunner.tool("bash"), ["-c", exports + "set -o pipefail; " + script])
  }

  /// Hidden files (partial outputs, spools) left in `directory`.
  static func leftovers(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }.sorted()
  }

  /// The GIF spool of `-o -` lives in the temporary folder: it used to stay there when `head` closed the pipe.
  @Test func gifToAPipeThatClosesLeavesNoSpool() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Self.bash(
      #""$L2V" "$INPUT" -o - --format gif --size 200x200 -q | head -c 100 >/dev/null"#,
      environment: ["INPUT": Self.hello, "TMPDIR": directory.path])
    #expect(result.reason == .exit && result.status == 141, "\(result)")
    #expect(try Self.leftovers(directory) == [])
  }

  /// Progress events into a reader that exits after the first line: the export to a file stops at the next
  /// event, and its partial file goes with it (it used to stay, as `.out.partial-PID.mp4`).
  @Test func progressIntoAClosedPipeLeavesNoPartialFile() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out.mp4").path
    let result = try await Self.bash(
      #""$L2V" "$INPUT" -o "$OUTPUT" --progress json 2>&1 >/dev/null | head -n 1 >/dev/null"#,
      environment: ["INPUT": Self.hello, "OUTPUT": output])
    // 141 when an event met the closed pipe; 0 when the export was done first (then the output is whole).
    #expect(result.reason == .exit && (result.status == 141 || result.status == 0), "\(result)")
    #expect(try Self.leftovers(directory) == [])
  }
}
