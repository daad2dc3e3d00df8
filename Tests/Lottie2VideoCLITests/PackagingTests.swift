import Foundation
import TestSupport
import Testing

/// The Debian package (scripts/package, deploy/check-package) and the one version: VERSION is what
/// `--version`, the man page and CHANGELOG.md's newest release say.
@Suite("Debian package and version")
struct PackagingTests {
  static let root = Fixtures.repositoryRoot
  static let hasDpkgDeb = FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-deb")

  static func version() throws -> String {
    try String(contentsOf: root.appendingPathComponent("VERSION"), encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func versionIsVERSIONEverywhere() async throws {
    let version = try Self.version()
    #expect(version.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/) != nil, "VERSION: \(version)")
    // CHANGELOG.md's newest released section is VERSION's.
    let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let released = changelog.split(separator: "\n").compactMap { line in
      line.wholeMatch(of: /## \[([0-9]+\.[0-9]+\.[0-9]+)\] - [0-9]{4}-[0-9]{2}-[0-9]{2}/).map { String($0.1) }
    }
    #expect(released.first == version, "CHANGELOG.md's newest release \(released.first ?? "none") is not \(version)")
    #expect(changelog.contains("## [Unreleased]"))
    // --version and the man page's title line.
    let result = try await CommandRunner.lottie2video(["--version"])
    #expect(result.exited(0), "\(result)")
    let line = result.stdout.trimmingCharacters(in: .newlines)
    #expect(
      line.wholeMatch(of: /lottie2video ([0-9.]+) \(commit ([0-9a-f]{12}|unknown)\)/)?.1 == version[...], "\(line)")
    let man = try await CommandRunner.lottie2video(["man"])
    #expect(
      man.stdout.hasPrefix(".TH LOTTIE2VIDEO 1 \"\" \"\(line)\" \"User Commands\"\n"), "\(man.stdout.prefix(200))")
  }

  /// scripts/build-info takes the commit from L2V_COMMIT (the image's build) or git, and writes nothing new
  /// when the text is the same (so the next build compiles nothing).
  @Test func buildInfoWritesTheVersionAndCommit() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("BuildInfo.swift")
    let script = Self.root.appendingPathComponent("scripts/build-info")
    let env = URL(fileURLWithPath: "/usr/bin/env")
    let first = try await CommandRunner.run(env, ["L2V_COMMIT=0123456789ab", script.path, output.path])
    #expect(first.exited(0), "\(first)")
    let text = try String(contentsOf: output, encoding: .utf8)
    #expect(text.contains("static let version = \"\(try Self.version())\"\n"), "\(text)")
    #expect(text.contains("static let commit = \"0123456789ab\"\n"), "\(text)")
    let date = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
    try await Task.sleep(for: .milliseconds(1100))
    #expect(try await CommandRunner.run(env, ["L2V_COMMIT=0123456789ab", script.path, output.path]).exited(0))
    #expect(try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date == date)
    // Not a commit: "unknown", never text pasted into Swift.
    #expect(try await CommandRunner.run(env, ["L2V_COMMIT=\"; evil", script.path, output.path]).exited(0))
    #expect(try String(contentsOf: output, encoding: .utf8).contains("static let commit = \"unknown\"\n"))
  }

  /// The package's files, listed and checked: scripts/package packages the debug build as it is (quickly:
  /// uncompressed, no lintian), deploy/check-package passes it, and the same package with a stray file in
  /// /opt and without its man page fails, naming both.
  @Test(.enabled(if: hasDpkgDeb, "needs Debian's dpkg-deb"), .hangGuard)
  func packageContentsAreChecked() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let version = try Self.version()
    let binary = try CommandRunner.binary()
    let package = try await CommandRunner.run(
      Self.root.appendingPathComponent("scripts/package"),
      ["--binary", binary.path, "--output", directory.path, "--no-lintian", "--uncompressed"])
    #expect(package.exited(0), "\(package)")
    let deb = directory.appendingPathComponent("lottie2video_\(version)_amd64.deb").path
    #expect(package.stdout == deb + "\n", "\(package)")
    #expect(package.stderr.contains("check-package: lottie2video_\(version)_amd64.deb: control, "), "\(package)")

    let dpkgDeb = URL(fileURLWithPath: "/usr/bin/dpkg-deb")
    let listing = try await CommandRunner.run(dpkgDeb, ["-c", deb])
    let files = Set(
      listing.stdout.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("-") else { return nil }
        return line.split(separator: " ", omittingEmptySubsequences: true).last.map { String($0.dropFirst()) }
      })
    let presets = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("presets").path)
      .filter { $0.hasSuffix(".json") }
    #expect(!presets.isEmpty)
    let expected =
      Set([
        "/usr/bin/lottie2video", "/usr/share/man/man1/lottie2video.1.gz",
        "/usr/share/bash-completion/completions/lottie2video", "/usr/share/zsh/vendor-completions/_lottie2video",
        "/usr/share/fish/vendor_completions.d/lottie2video.fish", "/usr/share/doc/lottie2video/copyright",
        "/usr/share/doc/lottie2video/changelog.gz", "/usr/share/doc/lottie2video/README.presets.md",
      ]).union(presets.map { "/usr/share/lottie2video/presets/\($0)" })
    #expect(files == expected, "extra: \(files.subtracting(expected)), missing: \(expected.subtracting(files))")

    // Broken: a stray file outside the FHS places, the man page gone.
    let tree = directory.appendingPathComponent("tree")
    #expect(try await CommandRunner.run(dpkgDeb, ["-R", deb, tree.path]).exited(0))
    try FileManager.default.createDirectory(
      at: tree.appendingPathComponent("opt"), withIntermediateDirectories: true)
    try Data("x".utf8).write(to: tree.appendingPathComponent("opt/stray"))
    try FileManager.default.removeItem(at: tree.appendingPathComponent("usr/share/man/man1/lottie2video.1.gz"))
    try FileManager.default.removeItem(at: tree.appendingPathComponent("DEBIAN/md5sums"))
    let broken = directory.appendingPathComponent("broken.deb").path
    let rebuilt = try await CommandRunner.run(dpkgDeb, ["--root-owner-group", "-Znone", "-b", tree.path, broken])
    #expect(rebuilt.exited(0), "\(rebuilt)")
    let check = try await CommandRunner.run(
      Self.root.appendingPathComponent("deploy/check-package"), [broken])
    #expect(check.exited(1), "\(check)")
    let lines = check.stderr.split(separator: "\n").map(String.init)
    #expect(lines.contains("error: /opt/stray is outside the package's FHS places"), "\(check)")
    #expect(lines.contains("error: /usr/share/man/man1/lottie2video.1.gz is missing"), "\(check)")
    #expect(lines.last == "check-package: 2 problem(s) with broken.deb", "\(check)")
  }
}
