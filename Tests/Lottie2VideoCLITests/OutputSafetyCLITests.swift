import Foundation
import TestSupport
import Testing

/// Outputs that must never destroy anything or fail late (issue 16, items 5 and 6), through the binary: an
/// output or report that is an input, an output that is a folder, a folder named like a file as input, a full
/// disk, a batch of PNG sequences, --skip-existing with posters, and the memory limit.
struct OutputSafetyCLITests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path

  /// A fresh folder with hello.json copied in as `names`.
  static func folder(_ names: [String] = ["anim.json"]) throws -> URL {
    let directory = Fixtures.temporaryDirectory()
    for name in names {
      try FileManager.default.copyItem(atPath: hello, toPath: directory.appendingPathComponent(name).path)
    }
    return directory
  }

  /// `lottie2video anim.mp4 -o anim.mp4` (the format is found from the content, so a JSON file may be called
  /// anything), and the same file by another name: a relative detour, a symbolic link, a hard link. Refused
  /// before anything is written; the input is untouched.
  @Test func anOutputThatIsTheInputIsRefused() async throws {
    let directory = try Self.folder(["anim.mp4"])
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("anim.mp4").path
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent("link.mp4").path, withDestinationPath: input)
    try FileManager.default.linkItem(atPath: input, toPath: directory.appendingPathComponent("hard.mp4").path)
    let before = try Data(contentsOf: URL(fileURLWithPath: input))
    for output in [
      input, directory.path + "/sub/../anim.mp4", directory.path + "/link.mp4", directory.path + "/hard.mp4",
    ] {
      let result = try await CommandRunner.lottie2video([input, "-o", output])
      #expect(result.exited(64), "\(result)")
      #expect(
        result.stderr.hasPrefix(
          "Error: The output '\(output)' is the input '\(input)'; writing it would destroy the input: choose another name\n"
        ),
        "\(result.stderr)")
    }
    // A poster over an --image file the export reads.
    let logo = directory.appendingPathComponent("logo.png").path
    try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: logo))
    let poster = try await CommandRunner.lottie2video([
      input, "-o", directory.appendingPathComponent("v.webm").path, "--image", "image_0=" + logo, "--poster",
      directory.path + "/./logo.png",
    ])
    #expect(
      poster.exited(64) && poster.stderr.contains("The poster '\(directory.path)/./logo.png' is the input '\(logo)'"),
      "\(poster)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    #expect(directoryListing(directory) == ["anim.mp4", "hard.mp4", "link.mp4", "logo.png", "sub"])
  }

  /// `--report` naming an input (or the data table) is refused before any file is exported.
  @Test func aReportThatIsAnInputIsRefused() async throws {
    let directory = try Self.folder(["a.json", "b.json"])
    defer { try? FileManager.default.removeItem(at: directory) }
    let a = directory.appendingPathComponent("a.json").path
    let before = try Data(contentsOf: URL(fileURLWithPath: a))
    let out = directory.appendingPathComponent("out").path
    let batch = try await CommandRunner.lottie2video([
      a, directory.appendingPathComponent("b.json").path, "-o", out, "--report", a,
    ])
    #expect(batch.exited(64), "\(batch)")
    #expect(
      batch.stderr.hasPrefix("Error: The report '\(a)' is the input '\(a)'; writing it would destroy the input"),
      "\(batch)")
    let rows = directory.appendingPathComponent("rows.csv").path
    try Data("name\nx\n".utf8).write(to: URL(fileURLWithPath: rows))
    let data = try await CommandRunner.lottie2video([a, "--data", rows, "-o", out + "/{name}.mp4", "--report", rows])
    #expect(data.exited(64) && data.stderr.contains("The report '\(rows)' is the input '\(rows)'"), "\(data)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == before)
    #expect(directoryListing(directory) == ["a.json", "b.json", "rows.csv"], "nothing exported")
  }

  /// A folder named like an animation file, or a folder without animations, is an error, not "0 done".
  @Test func aFolderWithoutAnimationsIsAnError() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("x.json").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let named = try await CommandRunner.lottie2video([folder, "-o", directory.appendingPathComponent("out").path])
    #expect(named.exited(64), "\(named)")
    #expect(
      named.stderr.hasPrefix(
        "Error: The input '\(folder)' is a folder, not an animation file, and holds no animations (.json, .lottie or .tgs files; --recursive looks in sub-folders)\n"
      ),
      "\(named.stderr)")
    #expect(!named.stdout.contains("0 done"))
    let empty = directory.appendingPathComponent("empty").path
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    let plain = try await CommandRunner.lottie2video([
      empty, "-o", directory.appendingPathComponent("out").path, "--recursive",
    ])
    #expect(
      plain.exited(64)
        && plain.stderr.hasPrefix(
          "Error: The input '\(empty)' is a folder and holds no animations (.json, .lottie or .tgs files)\n"),
      "\(plain)")
  }

  /// A single export to an existing folder is refused before anything is loaded or rendered (no start event).
  @Test func anOutputThatIsAFolderIsRefusedUpFront() async throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("video.mp4").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let input = directory.appendingPathComponent("anim.json").path
    let result = try await CommandRunner.lottie2video([input, "-o", folder, "--progress", "json"])
    #expect(result.exited(64), "\(result)")
    #expect(!result.stderr.contains(#""event":"start""#), "refused before rendering: \(result.stderr)")
    #expect(
      result.stderr.contains(#"The output '\#(folder)' is a folder; give a file name, e.g. '\#(folder)/video.mp4'"#),
      "\(result.stderr)")
    let posterFolder = directory.appendingPathComponent("p.png").path
    try FileManager.default.createDirectory(atPath: posterFolder, withIntermediateDirectories: true)
    let poster = try await CommandRunner.lottie2video([
      input, "-o", directory.path + "/v.mp4", "--poster", posterFolder,
    ])
    #expect(poster.exited(64) && poster.stderr.contains("The poster '\(posterFolder)' is a folder"), "\(poster)")
    #expect(directoryListing(directory) == ["anim.json", "p.png", "video.mp4"])
    #expect(directoryListing(URL(fileURLWithPath: folder)) == [])
  }

  /// A full disk: FFmpeg's error names the file (here standard output into /dev/full).
  @Test func aFullDiskNamesTheFile() async throws {
    let result = try await CommandRunner.lottie2video(
      [Self.hello, "-o", "-", "--format", "webm", "--width", "64", "--max-frames", "10"], stdoutTo: "/dev/full")
    #expect(result.exited(1), "\(result)")
    #expect(
      result.stderr.contains("Error: standard output: cannot write: the disk is full (No space left on device; "),
      "\(result.stderr)")
  }

  /// Whether this machine lets the tests mount a small tmpfs (root with CAP_SYS_ADMIN): a real full disk.
  static let canMountTmpfs: Bool = {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return false }
    let point = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: point) }
    guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", point.path]) else { return false }
    return run("/bin/umount", [point.path])
  }()

  static func run(_ tool: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// A file on a 64 KB tmpfs that fills up: the error names the output, and nothing is left behind.
  @Test(.enabled(if: canMountTmpfs, "needs root to mount a tmpfs"))
  func aFullFileSystemNamesTheOutput() async throws {
    let point = Fixtures.temporaryDirectory()
    #expect(Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", point.path]))
    defer {
      _ = Self.run("/bin/umount", [point.path])
      try? FileManager.default.removeItem(at: point)
    }
    // ProRes: quick to encode, tens of kilobytes a frame.
    let output = point.appendingPathComponent("big.mov").path
    let result = try await CommandRunner.lottie2video([
      Self.hello, "-o", output, "--width", "128", "--max-frames", "30",
    ])
    #expect(result.exited(1), "\(result)")
    #expect(
      result.stderr.contains("Error: \(output): cannot write: the disk is full (No space left on device; "),
      "\(result.stderr)")
    #expect(result.stderr.hasSuffix("; nothing was kept\n"), "\(result.stderr)")
    #expect(directoryListing(point) == [], "no partial file")
  }

  /// A batch into PNG sequences: a folder per input, `out/NAME/NAME_00000.png`, ...; a data run the same with
  /// a plain name.png.
  @Test func aBatchOfPNGSequences() async throws {
    let directory = try Self.folder(["a.json", "b.json"])
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("out")
    let result = try await CommandRunner.lottie2video([
      directory.path + "/a.json", directory.path + "/b.json", "-o", out.path, "--format", "png", "--width", "16",
      "--max-frames", "3", "--jobs", "1", "-q",
    ])
    #expect(result.exited(0), "\(result)")
    #expect(directoryListing(out) == ["a", "b"])
    #expect(directoryListing(out.appendingPathComponent("a")) == ["a_00000.png", "a_00001.png", "a_00002.png"])
    #expect(try pngSize(out.appendingPathComponent("b/b_00002.png").path) == (16, 16))
    // --skip-existing knows a sequence by its first frame.
    let again = try await CommandRunner.lottie2video([
      directory.path + "/a.json", "-o", out.path, "--format", "png", "--width", "16", "--max-frames", "3",
      "--skip-existing",
    ])
    #expect(again.exited(0) && again.stdout.contains("0 done, 0 failed, 1 skipped"), "\(again)")
  }

  /// --skip-existing skips a file only when its poster is there too; poster folders are created, in a batch
  /// and for one export.
  @Test func skipExistingNeedsEveryArtefact() async throws {
    let directory = try Self.folder(["a.json", "b.json"])
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputs = [directory.path + "/a.json", directory.path + "/b.json"]
    let options = [
      "-o", directory.path + "/out", "--poster", directory.path + "/posters/{name}.png", "--width", "16",
      "--max-frames",
      "2", "--jobs", "1", "--skip-existing",
    ]
    let first = try await CommandRunner.lottie2video(inputs + options)
    #expect(first.exited(0) && first.stdout.contains("2 done, 0 failed, 0 skipped"), "\(first)")
    try FileManager.default.removeItem(atPath: directory.path + "/posters/b.png")
    let second = try await CommandRunner.lottie2video(inputs + options)
    #expect(second.exited(0) && second.stdout.contains("1 done, 0 failed, 1 skipped"), "\(second)")
    #expect(directoryListing(directory.appendingPathComponent("posters")) == ["a.png", "b.png"])
    let single = try await CommandRunner.lottie2video([
      inputs[0], "-o", directory.path + "/one.mp4", "--poster", directory.path + "/new/deep/p.png", "--width", "16",
      "--max-frames", "2",
    ])
    #expect(single.exited(0), "\(single)")
    #expect(try pngSize(directory.path + "/new/deep/p.png") == (16, 16))
  }

  /// The default memory limit (4 GB) lets every shipped preset run at its own size with 16 render workers;
  /// presets without a size are tried on a 2400x2400 animation, larger than any in the corpus. The estimate is
  /// read from the refusal under a 1 MB limit, so nothing is rendered.
  @Test func everyPresetFitsTheDefaultMemoryLimit() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("big.json").path
    try Data(#"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":2400,"h":2400,"layers":[]}"#.utf8).write(
      to: URL(fileURLWithPath: input))
    let presets = Fixtures.repositoryRoot.appendingPathComponent("presets")
    let names = directoryListing(presets).filter { $0.hasSuffix(".json") }
    #expect(names.count >= 11)
    let help = try await CommandRunner.lottie2video(["--help"])
    #expect(help.stdout.contains("memory (an export's estimated peak"), "\(help.stdout)")
    for name in names {
      let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: presets.appendingPathComponent(name)))
      let format = (object as? [String: Any])?["format"] as? String ?? "mp4"
      let output = directory.appendingPathComponent("out." + (format == "png" ? "png" : format)).path
      let result = try await CommandRunner.lottie2video([
        input, "-o", output, "--preset", presets.appendingPathComponent(name).path, "--jobs", "16", "--limit",
        "memory=1M",
      ])
      let needed = result.stderr.firstMatch(of: /need about ([0-9.]+) (GB|MB)/)
      let bytes = try #require(needed.flatMap { Double($0.1) }, "\(name): \(result)") * (needed?.2 == "GB" ? 1e9 : 1e6)
      #expect(bytes < 4e9, "\(name) needs \(bytes) bytes with 16 workers")
    }
  }

  /// A batch exporting two files at once plans each in half of `--limit memory` (the process holds both), and
  /// says so; one at a time, each has the whole.
  @Test func aBatchSharesTheMemoryLimit() async throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("anim.json").path
    let other = directory.appendingPathComponent("other.json").path
    try FileManager.default.copyItem(atPath: input, toPath: other)
    let out = directory.appendingPathComponent("out").path
    // Each 1024 px WebM plans about 382 MB: within 400 MB, over its share (the base once, half the rest).
    let arguments = [
      input, other, "-o", out, "--format", "webm", "--width", "1024", "--limit", "memory=400M", "--dry-run",
    ]
    let shared = try await CommandRunner.lottie2video(arguments + ["--jobs", "2"])
    #expect(shared.exited(1), "\(shared)")
    #expect(
      shared.stderr.contains("(its share of --limit memory with 2 files exporting at once);"), "\(shared)")
    // Without --limit memory, the default refuses only absurd plans: files at once do not split it.
    let unlimited = try await CommandRunner.lottie2video(
      [input, other, "-o", out, "--format", "webm", "--width", "1024", "--dry-run", "--jobs", "2"])
    #expect(unlimited.exited(0), "\(unlimited)")
    let alone = try await CommandRunner.lottie2video(arguments + ["--jobs", "1"])
    #expect(alone.exited(0), "\(alone)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// `--limit memory=`: an export over it fails before rendering, saying how to raise it; `none` lifts it.
  @Test func memoryLimit() async throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("m.webm").path
    let input = directory.appendingPathComponent("anim.json").path
    let over = try await CommandRunner.lottie2video([input, "-o", output, "--width", "1024", "--limit", "memory=200M"])
    #expect(over.exited(1), "\(over)")
    #expect(over.stderr.contains("Error: \(output): this export would need about "), "\(over.stderr)")
    #expect(
      over.stderr.contains("more than the memory limit of 200 MB;") && over.stderr.contains("--limit memory=1G"),
      "\(over.stderr)")
    #expect(directoryListing(directory) == ["anim.json"])
    let lifted = try await CommandRunner.lottie2video([
      input, "-o", output, "--width", "1024", "--max-frames", "1", "--limit", "memory=none", "-q",
    ])
    #expect(lifted.exited(0), "\(lifted)")
    let bad = try await CommandRunner.lottie2video([input, "-o", output, "--limit", "memory=lots"])
    #expect(bad.exited(64))
    #expect(
      bad.stderr.hasPrefix(
        "Error: The value 'memory=lots' is invalid for '--limit <name=value>': memory takes a size in bytes with k, M, G or T (powers of 1000), e.g. memory=8G, or none\n"
      ),
      "\(bad.stderr)")
  }
}
