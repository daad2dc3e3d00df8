import Foundation
import TestSupport
import Testing

@testable import Lottie2VideoCLI

/// End-to-end runs of the built binary: exit code, stdout and stderr, compared whole where they are fixed.
struct CommandLineTests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path

  /// What a usage error prints: the message, the usage line of the command, and the pointer to the help.
  static func usageError(_ message: String, command: String? = nil) -> String {
    let hint = command.map { "See 'lottie2video \($0) --help'." } ?? "See 'lottie2video --help'."
    return "Error: \(message)\n\(Help.usage(command))\n\(hint)\n"
  }

  // MARK: - Help and usage errors

  @Test(arguments: ["--help", "-h"])
  func helpListsEveryOption(flag: String) async throws {
    let result = try await CommandRunner.lottie2video([flag])
    #expect(result.exited(0), "\(result)")
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("OVERVIEW: "))
    let required = [
      "--fps", "--width", "--height", "--scale", "--background", "--jobs", "--quiet", "--crf", "--codec-preset",
      "--fit",
    ]
    let later = [
      "--format", "--codec", "--bitrate", "--pix-fmt", "--quality", "--lossless", "--loop", "--dither", "--assets",
      "--animation", "--strict", "--preset", "--frames", "--progress", "--marker", "--speed", "--repeat", "--bounce",
      "--duration", "--size", "--padding", "check", "presets", "sheet", "--poster",
    ]
    for option in required + later + ["--output", "--max-frames", "--frame", "snapshot", "info", "render"] {
      #expect(result.stdout.contains(option), "the help mentions \(option)")
    }
  }

  /// `export` may be typed as the other commands are; `help export` is the main help.
  @Test func theExportMayBeNamed() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("a.gif").path
    let result = try await CommandRunner.lottie2video([
      "export", Self.hello, "-o", output, "--frames", "0-0", "--width", "16", "-q",
    ])
    #expect(result.exited(0), "\(result)")
    #expect(FileManager.default.fileExists(atPath: output))
    let help = try await CommandRunner.lottie2video(["help", "export"])
    let main = try await CommandRunner.lottie2video(["--help"])
    #expect(help.exited(0) && help.stdout == main.stdout, "\(help)")
    let missing = try await CommandRunner.lottie2video(["export"])
    #expect(missing.exited(64) && missing.stderr.contains("Missing expected argument '<input>'"), "\(missing)")
  }

  @Test func noArgumentsIsAUsageError() async throws {
    let result = try await CommandRunner.lottie2video([])
    #expect(result.exited(64), "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "Error: Missing expected argument '<input>'\nUsage: lottie2video <input> -o <output> [options]\nSee 'lottie2video --help'.\n"
    )
  }

  @Test(arguments: [
    (["--fps", "abc"], "The value 'abc' is invalid for '--fps <fps>'"),
    (["--fps", "0"], "The value '0' is invalid for '--fps <fps>': must be between 0.1 and 240"),
    (["--width", "0"], "The value '0' is invalid for '--width <w>': must be between 1 and 16384"),
    (["--jobs", "x"], "The value 'x' is invalid for '--jobs <n>'"),
    (["--crf", "52"], "The value '52' is invalid for '--crf <n>': h264 takes 0 to 51 (VP9 and AV1 take 0 to 63)"),
    (["--crf", "64"], "The value '64' is invalid for '--crf <n>': must be between 0 and 63"),
    (["--fit", "stretch"], "The value 'stretch' is invalid for '--fit <mode>': use contain, cover or fill"),
    (["--bogus", "3"], "Unknown option '--bogus'"),
    (["--quiet=yes"], "The flag '--quiet' does not take a value"),
    (["extra.json"], "The input 'extra.json' does not exist"),
  ])
  func badExportOptionIsAUsageError(options: [String], message: String) async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out.mp4").path
    let result = try await CommandRunner.lottie2video([Self.hello, "-o", output] + options)
    #expect(result.exited(64), "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderr == Self.usageError(message))
    #expect(directoryListing(directory) == [])
  }

  @Test func missingOutputAndBadExtensionAreUsageErrors() async throws {
    let missing = try await CommandRunner.lottie2video([Self.hello])
    #expect(missing.exited(64), "\(missing)")
    #expect(missing.stderr == Self.usageError("Missing expected option '-o <output>'"))
    let text = try await CommandRunner.lottie2video([Self.hello, "-o", "out.txt"])
    #expect(text.exited(64), "\(text)")
    #expect(
      text.stderr
        == Self.usageError(
          "The output 'out.txt' has an unsupported extension; use .mp4, .m4v, .mov, .webm, .gif, .webp, .apng, .y4m, or a .png name with a frame number pattern such as frames/f_%05d.png"
        ))
  }

  @Test func subcommandsShowTheirOwnUsage() async throws {
    let info = try await CommandRunner.lottie2video(["info", Self.hello, "--fps", "30"])
    #expect(info.exited(64), "\(info)")
    #expect(
      info.stderr
        == "Error: Unknown option '--fps'; it is an option of export and render, not of info\nUsage: lottie2video info <input> [options]\nSee 'lottie2video info --help'.\n"
    )
    let snapshot = try await CommandRunner.lottie2video(["snapshot", Self.hello, "-o", "x.png"])
    #expect(snapshot.exited(64), "\(snapshot)")
    #expect(snapshot.stderr == Self.usageError("Missing expected option '--frame <frame>'", command: "snapshot"))
  }

  /// swift-argument-parser reports an unknown option by name wherever it stands. Here the last token is taken
  /// for an option that wants a value.
  @Test
  func trailingUnknownOptionIsNamed() async throws {
    let result = try await CommandRunner.lottie2video([Self.hello, "-o", "out.mp4", "--bogus"])
    #expect(result.exited(64), "\(result)")
    #expect(result.stderr == Self.usageError("Unknown option '--bogus'"))
  }

  /// Usage lines are one short line per command (the options are in --help), not every option spelled out.
  @Test
  func usageLinesAreShort() {
    #expect(Help.usage(nil) == "Usage: lottie2video <input> -o <output> [options]")
    #expect(Help.usage("snapshot") == "Usage: lottie2video snapshot <input> --frame <frame> -o <output> [options]")
    for command in CommandTable.all { #expect(command.usage.count < 80, "\(command.usage)") }
  }

  // MARK: - Input errors

  @Test func missingInputFileIsNamed() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("absent.json").path
    let output = directory.appendingPathComponent("out.mp4").path
    let result = try await CommandRunner.lottie2video([input, "-o", output, "--quiet"])
    #expect(result.exited(1), "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderr == "Error: \(input): cannot read: no such file\n")
    #expect(directoryListing(directory) == [])
  }

  @Test func malformedJSONIsNamedWithLineAndColumn() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("broken.json")
    try Data("{\n  \"v\": \"5.7.0\",\n  \"w\": ]\n}\n".utf8).write(to: input)
    let output = directory.appendingPathComponent("out.mp4").path
    let result = try await CommandRunner.lottie2video([input.path, "-o", output, "--quiet"])
    #expect(result.exited(1), "\(result)")
    #expect(
      result.stderr == "Error: \(input.path): invalid JSON at line 3, column 8 (byte 25): unexpected character ']'\n")
    #expect(directoryListing(directory) == ["broken.json"], "no output and no partial file")
  }

  @Test func notAnAnimationIsNamed() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("manifest.json")
    try Data(#"{"version":"1","animations":[]}"#.utf8).write(to: input)
    let result = try await CommandRunner.lottie2video(["info", input.path])
    #expect(result.exited(1), "\(result)")
    #expect(result.stderr == "Error: \(input.path): $: missing required member 'w': not a Lottie animation\n")
  }

  @Test
  func directoryInputIsNamed() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await CommandRunner.lottie2video(["info", directory.path])
    #expect(result.exited(1), "\(result)")
    #expect(result.stderr == "Error: \(directory.path): cannot read: is a directory\n")
  }

  /// A binary file (here a gzip header, as in a .tgs sticker) is refused with a readable message: the
  /// offending byte is shown in hex, not written raw to the terminal.
  @Test
  func binaryInputIsRefusedReadably() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Binary that is not gzip or zip nor a file we recognise: read as JSON and refused at its first byte.
    let input = directory.appendingPathComponent("picture.json")
    try Data([0x89, 0x51, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: input)
    let result = try await CommandRunner.lottie2video(["info", input.path])
    #expect(result.exited(1), "\(result)")
    #expect(result.stderr.hasPrefix("Error: \(input.path): invalid JSON at line 1, column 1 (byte 0): "))
    #expect(
      result.stderr.unicodeScalars.allSatisfy { $0 == "\n" || (0x20..<0x7F).contains($0.value) },
      "only printable ASCII: \(result.stderr.debugDescription)")
  }

  // MARK: - Export

  @Test func exportsAt60fps() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out.mp4").path
    let result = try await CommandRunner.lottie2video([
      Self.hello, "-o", output, "--fps", "60", "--quiet", "--width", "128",
    ])
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout == "" && result.stderr == "", "--quiet prints nothing")
    #expect(directoryListing(directory) == ["out.mp4"], "no temporary or partial file is left")
    let stream = try await CommandRunner.probe(output)
    #expect(stream["codec_name"] as? String == "h264")
    #expect(stream["width"] as? Int == 128)
    #expect(stream["height"] as? Int == 128)
    #expect(stream["pix_fmt"] as? String == "yuv420p")
    #expect(stream["nb_read_frames"] as? String == "180")
    #expect(stream["avg_frame_rate"] as? String == "60/1")
    let duration = (stream["duration"] as? String).flatMap(Double.init)
    #expect(duration.map { abs($0 - 3.0) < 0.001 } == true, "duration \(String(describing: duration))")
  }

  @Test func exportsAt25fps() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out.mp4").path
    let result = try await CommandRunner.lottie2video([
      Self.hello, "-o", output, "--fps", "25", "--quiet", "--width", "64",
    ])
    #expect(result.exited(0), "\(result)")
    let stream = try await CommandRunner.probe(output)
    #expect(stream["nb_read_frames"] as? String == "75")
    #expect(stream["avg_frame_rate"] as? String == "25/1")
    let duration = (stream["duration"] as? String).flatMap(Double.init)
    #expect(duration.map { abs($0 - 3.0) < 0.001 } == true, "duration \(String(describing: duration))")
  }

  /// H.264 in yuv420p needs even sides: 101x75 is encoded as 102x76, and the summary gives the video's size
  /// first, then what was asked for.
  @Test func oddSizeIsPaddedToEven() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("odd.mp4").path
    let result = try await CommandRunner.lottie2video([Self.hello, "-o", output, "--width", "101", "--height", "75"])
    #expect(result.exited(0), "\(result)")
    #expect(
      result.stdout.hasPrefix("\(output): 90 frames at 30 fps, 3.000 s, 102x76 (101x75 padded to even sides), "),
      "\(result.stdout)")
    #expect(
      result.stderr == "note: MP4 has no alpha channel; composited over white (use --background to choose)\n",
      "no progress line when stderr is not a terminal")
    #expect(directoryListing(directory) == ["odd.mp4"])
    let stream = try await CommandRunner.probe(output)
    #expect(stream["width"] as? Int == 102)
    #expect(stream["height"] as? Int == 76)
    #expect(stream["nb_read_frames"] as? String == "90")
  }

  @Test func maxFramesShortensTheVideo() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("short.mp4").path
    let result = try await CommandRunner.lottie2video([
      Self.hello, "-o", output, "--max-frames", "5", "--width", "32", "--quiet",
    ])
    #expect(result.exited(0), "\(result)")
    let stream = try await CommandRunner.probe(output)
    #expect(stream["nb_read_frames"] as? String == "5")
    #expect(stream["avg_frame_rate"] as? String == "30/1")
  }

  /// MP4 has no alpha: the letterbox of a 64x32 export (hello.json is square and opaque) shows what the
  /// frames are composited over: white by default, else the background.
  @Test(arguments: [
    ([], [255, 255, 255]), (["--background", "transparent"], [255, 255, 255]),
    (["--background", "#0000ff"], [0, 0, 255]), (["--background", "black"], [0, 0, 0]),
  ])
  func videoIsCompositedOverTheBackground(options: [String], letterbox: [Int]) async throws {
    let corner = try await Self.exportLetterboxCorner(options)
    #expect(zip(corner, letterbox).allSatisfy { abs($0 - $1) <= 4 }, "letterbox \(corner), expected \(letterbox)")
  }

  /// A translucent background should be composited over white too, as a transparent one is: #ff000080 over
  /// white is about (255, 127, 127). The encoder takes premultiplied pixels as opaque, so it comes out over
  /// black, as (127, 0, 0).
  @Test
  func translucentBackgroundIsCompositedOverWhite() async throws {
    let corner = try await Self.exportLetterboxCorner(["--background", "#ff000080"])
    #expect(zip(corner, [255, 127, 127]).allSatisfy { abs($0 - $1) <= 6 }, "letterbox \(corner)")
  }

  /// Exports two frames of hello.json at 64x32, losslessly, and returns the first frame's top-left RGB.
  static func exportLetterboxCorner(_ options: [String]) async throws -> [Int] {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("wide.mp4").path
    let result = try await CommandRunner.lottie2video(
      [Self.hello, "-o", output, "--width", "64", "--height", "32", "--max-frames", "2", "--crf", "0", "--quiet"]
        + options)
    guard result.exited(0) else { throw ToolFailure(description: "export failed: \(result)") }
    let rgb = try await CommandRunner.decodeFirstFrame(output, pixelFormat: "rgb24")
    guard rgb.count == 64 * 32 * 3 else { throw ToolFailure(description: "decoded \(rgb.count) bytes") }
    return rgb[0..<3].map(Int.init)
  }

  /// A failed export leaves neither the output nor its temporary file.
  @Test func failedExportLeavesNothing() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // The output is an existing directory: refused before anything is rendered (OutputSafetyCLITests).
    let occupied = directory.appendingPathComponent("out.mp4")
    try FileManager.default.createDirectory(at: occupied, withIntermediateDirectories: false)
    let rename = try await CommandRunner.lottie2video([Self.hello, "-o", occupied.path, "--quiet", "--width", "32"])
    #expect(rename.exited(64), "\(rename)")
    #expect(rename.stderr.hasPrefix("Error: The output '\(occupied.path)' is a folder; "), "\(rename.stderr)")
    #expect(directoryListing(directory) == ["out.mp4"])
    #expect(directoryListing(occupied) == [])

    // The output's directory does not exist.
    let nowhere = directory.appendingPathComponent("missing/out.mp4").path
    let create = try await CommandRunner.lottie2video([Self.hello, "-o", nowhere, "--quiet", "--width", "32"])
    #expect(create.exited(1), "\(create)")
    #expect(create.stderr.hasPrefix("Error: \(nowhere): "), "\(create.stderr)")
    #expect(directoryListing(directory) == ["out.mp4"])
  }

  @Test func unwritableDirectoryLeavesNothing() async throws {
    if geteuid() == 0 { try Test.cancel("root can write to any directory") }
    let directory = Fixtures.temporaryDirectory()
    defer {
      chmod(directory.path, 0o755)
      try? FileManager.default.removeItem(at: directory)
    }
    chmod(directory.path, 0o555)
    let output = directory.appendingPathComponent("out.mp4").path
    let result = try await CommandRunner.lottie2video([Self.hello, "-o", output, "--quiet", "--width", "32"])
    #expect(result.exited(1), "\(result)")
    #expect(result.stderr.hasPrefix("Error: \(output): "), "\(result.stderr)")
    #expect(directoryListing(directory) == [])
  }

  /// Ctrl-C during an export deletes the partial file and exits 130.
  @Test(.hangGuard)
  func interruptLeavesNothing() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("long.mp4").path
    // 720 frames at 512x512: several seconds, time enough to see the partial file and interrupt.
    let result = try await CommandRunner.run(
      try CommandRunner.binary(), [Self.hello, "-o", output, "--quiet", "--fps", "240", "--jobs", "1"]
    ) { pid in
      let deadline = Date().addingTimeInterval(HangGuard.childSeconds)
      DispatchQueue.global().async {
        while Date() < deadline {
          let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
          if names.contains(where: { $0.contains(".partial-") }) { break }
          Thread.sleep(forTimeInterval: 0.01)
        }
        kill(pid, SIGINT)
      }
    }
    #expect(result.exited(130), "\(result)")
    #expect(result.stderr.hasSuffix("interrupted; no output written\n"), "\(result.stderr)")
    #expect(directoryListing(directory) == [])
  }

  // MARK: - Snapshot

  /// A 512x512 animation in a 96x64 PNG: columns 0..<16 are letterbox, transparent unless a background is given.
  @Test func snapshotIsTransparentUnlessABackgroundIsGiven() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let plain = directory.appendingPathComponent("plain.png").path
    let filled = directory.appendingPathComponent("filled.png").path
    let first = try await CommandRunner.lottie2video([
      "snapshot", Self.hello, "--frame", "45", "-o", plain, "--width", "96", "--height", "64",
    ])
    #expect(first.exited(0), "\(first)")
    #expect(first.stdout == "\(plain): frame 45, 96x64\n" && first.stderr == "", "\(first)")
    let second = try await CommandRunner.lottie2video([
      "snapshot", Self.hello, "--frame", "45", "-o", filled, "--width", "96", "--height", "64", "--background",
      "#ff0000",
    ])
    #expect(second.exited(0), "\(second)")
    #expect(directoryListing(directory) == ["filled.png", "plain.png"], "no temporary file is left")
    for path in [plain, filled] {
      let size = try pngSize(path)
      #expect(size.width == 96 && size.height == 64, "\(size)")
    }

    let a = try await CommandRunner.decodeFirstFrame(plain)
    let b = try await CommandRunner.decodeFirstFrame(filled)
    try #require(a.count == 96 * 64 * 4 && b.count == 96 * 64 * 4)
    func pixel(_ p: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(p[(y * 96 + x) * 4..<(y * 96 + x) * 4 + 4]) }
    for (x, y) in [(0, 0), (0, 63), (95, 0), (95, 63), (10, 32)] {
      #expect(pixel(a, x, y)[3] == 0, "corner (\(x), \(y)) is transparent")
      #expect(pixel(b, x, y) == [255, 0, 0, 255], "corner (\(x), \(y)) is the background")
    }
    // hello.json paints an opaque background layer of its own inside the letterbox.
    #expect(pixel(a, 20, 5)[3] == 255)
    #expect(pixel(a, 20, 5) == pixel(b, 20, 5))
  }

  @Test func snapshotScaleSetsTheSize() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("small.png").path
    let result = try await CommandRunner.lottie2video([
      "snapshot", Self.hello, "--frame", "0", "-o", output, "--scale", "0.125",
    ])
    #expect(result.exited(0), "\(result)")
    let size = try pngSize(output)
    #expect(size.width == 64 && size.height == 64, "\(size)")
  }

  @Test func failedSnapshotLeavesNothing() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let occupied = directory.appendingPathComponent("frame.png")
    try FileManager.default.createDirectory(at: occupied, withIntermediateDirectories: false)
    let result = try await CommandRunner.lottie2video([
      "snapshot", Self.hello, "--frame", "0", "-o", occupied.path, "--width", "16",
    ])
    #expect(result.exited(1), "\(result)")
    #expect(result.stderr == "Error: \(occupied.path): Is a directory\n")
    #expect(directoryListing(directory) == ["frame.png"])
    #expect(directoryListing(occupied) == [])
  }

  @Test
  func snapshotErrorNamesTheOutput() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("missing/frame.png").path
    let result = try await CommandRunner.lottie2video([
      "snapshot", Self.hello, "--frame", "0", "-o", output, "--width", "16",
    ])
    #expect(result.exited(1), "\(result)")
    #expect(result.stderr.hasPrefix("Error: \(output): "), "\(result.stderr)")
    #expect(!result.stderr.contains(".partial-"), "\(result.stderr)")
  }

  // MARK: - Info and render

  @Test func infoPrintsSizeRateAndFrames() async throws {
    let result = try await CommandRunner.lottie2video(["info", Self.hello])
    #expect(result.exited(0), "\(result)")
    #expect(result.stderr == "")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    for expected in [
      "file:        \(Self.hello)", "name:        hello", "size:        512x512", "frame rate:  30 fps",
      "frames:      90 (ip 0, op 90)", "duration:    3.000 s", "diagnostics: 0",
    ] {
      #expect(lines.contains(expected), "info prints \"\(expected)\"")
    }
  }

  @Test func renderPrintsFramesSecondsAndRate() async throws {
    let result = try await CommandRunner.lottie2video(["render", Self.hello, "--max-frames", "5", "--width", "64"])
    #expect(result.exited(0), "\(result)")
    #expect(result.stderr == "")
    #expect(
      result.stdout.wholeMatch(of: /frames=5 seconds=\d+\.\d{3} fps=\d+\.\d\n/) != nil, "\(result.stdout)")
  }
}
