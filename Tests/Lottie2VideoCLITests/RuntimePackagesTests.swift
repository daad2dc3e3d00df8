import Foundation
import TestSupport
import Testing

/// The container image installs `deploy/runtime-packages.txt`; `deploy/check-runtime-packages` proves that
/// list covers every shared library `ldd` reports for the built binary (mapped through `dpkg -S`), so the
/// image cannot silently miss a library when the code starts linking a new one.
@Suite("container runtime packages")
struct RuntimePackagesTests {
  static let deploy = Fixtures.repositoryRoot.appendingPathComponent("deploy")
  static let checker = deploy.appendingPathComponent("check-runtime-packages")
  static let packageList = deploy.appendingPathComponent("runtime-packages.txt")
  static let hasDpkg = FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-query")

  static func check(_ arguments: [String]) async throws -> CommandResult {
    try await CommandRunner.run(Self.checker, arguments + [try CommandRunner.binary().path], timeout: 300)
  }

  @Test(.enabled(if: hasDpkg, "needs Debian's dpkg")) func packageListCoversEveryLibraryTheBinaryLoads() async throws {
    let result = try await Self.check([])
    #expect(result.exited(0), "deploy/runtime-packages.txt is out of date for the binary:\n\(result.stderr)")
    #expect(result.stdout.hasPrefix("check-runtime-packages: deploy/runtime-packages.txt covers the "), "\(result)")
  }

  /// The check can fail, and then says which library and which package: here Cairo is left out of the list.
  @Test(.enabled(if: hasDpkg, "needs Debian's dpkg")) func aMissingPackageIsNamed() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let list = try String(contentsOf: Self.packageList, encoding: .utf8)
    #expect(list.contains("\nlibcairo2\n"))
    let reduced = directory.appendingPathComponent("packages.txt")
    try (list.replacingOccurrences(of: "\nlibcairo2\n", with: "\n") + "libgtk-3-0\n").write(
      to: reduced, atomically: true, encoding: .utf8)
    let result = try await Self.check(["--packages", reduced.path])
    #expect(result.exited(1), "\(result)")
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.contains {
        $0.hasPrefix("error: libcairo.so.2 (/")
          && $0.hasSuffix(
            "): the binary links it directly, but \(reduced.path) does not list its package libcairo2: add libcairo2")
      }, "\(result)")
    #expect(
      lines.contains(
        "error: \(reduced.path) lists libgtk-3-0, but lottie2video loads no library of it: remove it, or mark it 'data' if the image needs it for another reason"
      ), "\(result)")
    #expect(
      lines.last == "check-runtime-packages: 2 problem(s) with \(reduced.path) for \(try CommandRunner.binary().path)")
  }

  /// The Dockerfile installs the runtime stage from that list and checks the image's own (static) binary
  /// against it while building, so the list is the one place to change.
  @Test func dockerfileInstallsTheCheckedList() throws {
    let dockerfile = try String(contentsOf: Self.deploy.appendingPathComponent("Dockerfile"), encoding: .utf8)
    #expect(dockerfile.contains("COPY deploy/runtime-packages.txt "))
    #expect(dockerfile.contains("deploy/check-runtime-packages --static-swift"))
    #expect(dockerfile.contains("--static-swift-stdlib"))
    #expect(dockerfile.contains(#"ENTRYPOINT ["lottie2video"]"#))
    // No package of the list is spelled out in the Dockerfile's runtime stage: it reads the file.
    let runtime = try #require(dockerfile.components(separatedBy: "AS runtime").last)
    for line in try String(contentsOf: Self.packageList, encoding: .utf8).split(separator: "\n")
    where !line.hasPrefix("#") && !line.isEmpty {
      let name = String(line.split(separator: " ")[0])
      #expect(!runtime.contains(" \(name) "), "the runtime stage names \(name) itself instead of reading the list")
    }
  }
}
