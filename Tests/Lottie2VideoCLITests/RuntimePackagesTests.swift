import Foundation
import TestSupport
import Testing

/// `deploy/runtime-packages.txt` lists what the binary needs at run time; `deploy/check-runtime-packages` proves
/// that list covers every shared library `ldd` reports for the built binary (mapped through `dpkg -S`), so the
/// Debian package (and the image, which installs it) cannot silently miss a library when the code starts
/// linking a new one.
@Suite("container runtime packages")
struct RuntimePackagesTests {
  static let deploy = Fixtures.repositoryRoot.appendingPathComponent("deploy")
  static let checker = deploy.appendingPathComponent("check-runtime-packages")
  static let packageList = deploy.appendingPathComponent("runtime-packages.txt")
  static let hasDpkg = FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-query")

  static func check(_ arguments: [String]) async throws -> CommandResult {
    try await CommandRunner.run(Self.checker, arguments + [try CommandRunner.binary().path])
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

  /// The image installs the Debian package scripts/package builds (one install path for both), whose build
  /// checks the static binary against that list and computes Depends from what it links; the list is the one
  /// place to change, and the runtime stage names none of its packages itself.
  @Test func dockerfileInstallsThePackage() throws {
    let dockerfile = try String(contentsOf: Self.deploy.appendingPathComponent("Dockerfile"), encoding: .utf8)
    let package = try String(
      contentsOf: Fixtures.repositoryRoot.appendingPathComponent("scripts/package"), encoding: .utf8)
    #expect(dockerfile.contains("scripts/package --no-lintian --output /src/dist"))
    #expect(package.contains("deploy/check-runtime-packages\" --static-swift"))
    #expect(package.contains("--static-swift-stdlib"))
    #expect(package.contains("deploy/runtime-packages.txt"))
    #expect(dockerfile.contains(#"ENTRYPOINT ["lottie2video"]"#))
    let runtime = try #require(dockerfile.components(separatedBy: "AS runtime").last)
    #expect(runtime.contains("COPY --from=build /src/dist/ /tmp/dist/"))
    #expect(runtime.contains("apt-get -q install -y /tmp/dist/lottie2video_*_amd64.deb"))
    #expect(runtime.contains(#"org.opencontainers.image.version="$L2V_VERSION""#))
    for line in try String(contentsOf: Self.packageList, encoding: .utf8).split(separator: "\n")
    where !line.hasPrefix("#") && !line.isEmpty {
      let name = String(line.split(separator: " ")[0])
      #expect(!runtime.contains(" \(name) "), "the runtime stage names \(name) itself instead of the package")
    }
  }
  /// deploy/validate-manifests cannot pass by skipping the uid check: a runtime stage without a USER, or
  /// running as root, fails it; the real Dockerfile's user is the manifests' runAsUser.
  @Test func validateManifestsNeedsANonRootUser() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let validator = Self.deploy.appendingPathComponent("validate-manifests")
    let dockerfile = try String(contentsOf: Self.deploy.appendingPathComponent("Dockerfile"), encoding: .utf8)
    let real = try await CommandRunner.run(
      validator, ["--image-user", Self.deploy.appendingPathComponent("Dockerfile").path])
    #expect(real.exited(0) && real.stdout == "10001\n", "\(real)")
    let cases: [(String, String)] = [
      ("", "the runtime stage has no USER line: the image would run as root"),
      ("USER 0:0\n", "USER 0:0 is root"),
      ("USER lottie2video\n", "USER lottie2video is not a numeric uid (Kubernetes' runAsNonRoot needs a number)"),
    ]
    for (index, (user, message)) in cases.enumerated() {
      let file = directory.appendingPathComponent("Dockerfile-\(index)")
      let text =
        dockerfile.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("USER ") }.joined(separator: "\n") + "\n" + user
      try Data(text.utf8).write(to: file)
      let result = try await CommandRunner.run(validator, ["--image-user", file.path])
      #expect(result.exited(1), "\(result)")
      #expect(result.stderr == "validate-manifests: error: \(file.path): \(message)\n", "\(result)")
    }
  }
}
