import Foundation
import TestSupport
import Testing

/// Tests/Fixtures/Hostile, through the built binary: the files scripts/package-test runs against the installed
/// package, pinned here so that both hold the same behaviour.
struct HostileFixtureTests {
  static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/Hostile")

  static func outside(_ index: Int, _ id: String, _ reference: String) -> String {
    "  $.assets[\(index)]: warning: image asset '\(id)': '\(reference)' is outside the animation's folder and "
      + "--assets; not read (--allow-external-paths allows it for trusted files); not drawn\n"
  }

  @Test func outsideReferencesAreNotRead() async throws {
    let check = try await CommandRunner.lottie2video(["check", "outside-references.json"], in: Self.folder)
    #expect(check.exited(0), "\(check)")
    #expect(
      check.stdout
        == "outside-references.json: 2 diagnostics\n" + Self.outside(0, "s", "/etc/passwd")
        + Self.outside(1, "x1", "../secret.png"), "\(check)")
    let strict = try await CommandRunner.lottie2video(
      ["check", "--strict", "outside-references.json"], in: Self.folder)
    #expect(strict.exited(1), "\(strict)")
  }

  @Test func nestedRepeatersAreRefused() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("n.mp4").path
    let result = try await CommandRunner.lottie2video(
      ["nested-repeaters.json", "-o", output, "-q"], in: Self.folder)
    #expect(result.exited(1), "\(result)")
    #expect(
      result.stderr
        == "Error: nested-repeaters.json: $.layers[0].shapes[1]: the repeaters here make 1000000000 copies; the "
        + "limit is 10000 (--limit copies=N)\n", "\(result)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
