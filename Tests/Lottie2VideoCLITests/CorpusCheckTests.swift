import Foundation
import TestSupport
import Testing

/// No CI run can pass by skipping the corpus tests: scripts/test runs scripts/check-corpus first, which fails
/// with `CI=true` when the corpus is missing or empty or `L2V_CORPUS` names nothing; elsewhere the corpus
/// tests skip, each with its reason.
struct CorpusCheckTests {
  static let script = Fixtures.repositoryRoot.appendingPathComponent("scripts/check-corpus")
  static let env = URL(fileURLWithPath: "/usr/bin/env")

  /// Runs `command` under `env -u CI -u L2V_CORPUS` plus `variables`: the test runner's own CI and corpus
  /// settings do not leak in.
  static func run(_ variables: [String], _ command: [String], timeout: Double = HangGuard.childSeconds) async throws
    -> CommandResult
  {
    try await CommandRunner.run(Self.env, ["-u", "CI", "-u", "L2V_CORPUS"] + variables + command, timeout: timeout)
  }

  @Test func onCIAMissingCorpusFails() async throws {
    let missing = Fixtures.temporaryDirectory().appendingPathComponent("no-corpus").path
    let result = try await Self.run(["CI=true"], [Self.script.path, missing])
    #expect(result.exited(1), "\(result)")
    #expect(
      result.stderr
        == "error: the shared corpus \(missing) does not exist; on CI (CI=true) the corpus tests must run, not skip\n")
    #expect(result.stdout == "")
  }

  @Test func onCIAnEmptyCorpusFails() async throws {
    let empty = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: empty) }
    let result = try await Self.run(["CI=true"], [Self.script.path, empty.path])
    #expect(result.exited(1), "\(result)")
    #expect(result.stderr.hasSuffix("\(empty.path) is empty; on CI (CI=true) the corpus tests must run, not skip\n"))
  }

  /// `L2V_CORPUS` naming nothing fails on CI even where the default corpus exists.
  @Test func onCIAnL2VCorpusNamingNothingFails() async throws {
    let corpus = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: corpus) }
    try Data("{}".utf8).write(to: corpus.appendingPathComponent("a.json"))
    let result = try await Self.run(["CI=true", "L2V_CORPUS=/nonexistent/corpus"], [Self.script.path, corpus.path])
    #expect(result.exited(1), "\(result)")
    #expect(
      result.stderr
        == "error: L2V_CORPUS=/nonexistent/corpus does not exist; on CI (CI=true) the corpus tests must run, not skip\n"
    )
    // The same default with files in it is the corpus.
    let found = try await Self.run(["CI=true"], [Self.script.path, corpus.path])
    #expect(found.exited(0) && found.stdout == corpus.path + "\n" && found.stderr == "", "\(found)")
  }

  /// Outside CI the corpus tests skip, and the check says why.
  @Test func outsideCIAMissingCorpusIsANote() async throws {
    let missing = Fixtures.temporaryDirectory().appendingPathComponent("no-corpus").path
    let result = try await Self.run([], [Self.script.path, missing])
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderr == "note: the shared corpus \(missing) does not exist; the corpus tests will be skipped\n")
  }

  /// scripts/test itself stops on CI before building anything when L2V_CORPUS names nothing.
  @Test func scriptsTestFailsOnCIWithoutTheCorpus() async throws {
    let result = try await Self.run(
      ["CI=true", "L2V_CORPUS=/nonexistent/corpus"],
      [Fixtures.repositoryRoot.appendingPathComponent("scripts/test").path, "--filter", "NoSuchTest"])
    #expect(result.exited(1), "\(result)")
    #expect(result.stderr.contains("error: L2V_CORPUS=/nonexistent/corpus does not exist; on CI"), "\(result)")
    #expect(!result.stdout.contains("Build"), "\(result)")
  }

  /// Within the suite too: on CI a run without the corpus fails here instead of skipping every corpus test.
  @Test(.enabled(if: Fixtures.isCI, "only on CI (CI=true), where the corpus must be present"))
  func theCorpusIsPresentOnCI() {
    #expect(Fixtures.corpus != nil, "on CI the corpus must be present: \(Fixtures.corpusAbsence ?? "")")
  }
}
