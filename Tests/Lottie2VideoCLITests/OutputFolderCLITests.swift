import Foundation
import TestSupport
import Testing

/// A video into a folder that does not exist: the error says which folder is missing, before anything is
/// loaded, and names no temporary file; a batch, a --data run and a PNG sequence still make their folders.
struct OutputFolderCLITests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path

  @Test func aMissingVideoFolderIsNamed() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let video = directory.appendingPathComponent("nowhere/v.mp4").path
    let result = try await CommandRunner.lottie2video([Self.hello, "-o", video, "--width", "16", "--max-frames", "2"])
    #expect(result.exited(1), "\(result)")
    #expect(
      result.stderr
        == "Error: \(video): the folder '\(directory.path)/nowhere' does not exist (a video's folder is not created; make it first)\n",
      "\(result.stderr)")
    #expect(directoryListing(directory) == [])
    // As an event: the file failed, it never started.
    let json = try await CommandRunner.lottie2video([Self.hello, "-o", video, "--progress", "json"])
    #expect(json.exited(1), "\(json)")
    let events = json.stderr.split(separator: "\n").map(String.init)
    #expect(
      events.count == 2 && events[0].hasPrefix(#"{"event":"file-failed""#) && events[0].contains("does not exist"),
      "\(json.stderr)")
    // A --data run makes the folders its template names.
    let rows = directory.appendingPathComponent("rows.csv").path
    try Data("name\na\n".utf8).write(to: URL(fileURLWithPath: rows))
    let data = try await CommandRunner.lottie2video([
      Self.hello, "--data", rows, "-o", directory.appendingPathComponent("made/{name}.mp4").path, "--width", "16",
      "--max-frames", "2", "-q",
    ])
    #expect(data.exited(0), "\(data)")
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("made/a.mp4").path))
  }
}

/// Every file format the tool writes can be a preset's `format`, y4m included, and `--help` names .y4m.
struct PresetFormatsCLITests {
  @Test func aY4MPreset() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let preset = directory.appendingPathComponent("frames.json").path
    try Data(#"{"format":"y4m","width":16,"fps":10}"#.utf8).write(to: URL(fileURLWithPath: preset))
    let output = directory.appendingPathComponent("o.y4m").path
    let result = try await CommandRunner.lottie2video([
      OutputFolderCLITests.hello, "-o", output, "--preset", preset, "--max-frames", "3", "--background", "white",
    ])
    #expect(result.exited(0), "\(result)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
    #expect(
      bytes.starts(with: Data("YUV4MPEG2 W16 H16 F10:1".utf8)), "\(String(decoding: bytes.prefix(40), as: UTF8.self))")
    // The preset's format still has to match the output.
    let mismatch = try await CommandRunner.lottie2video([
      OutputFolderCLITests.hello, "-o", directory.appendingPathComponent("o.mp4").path, "--preset", preset,
    ])
    #expect(
      mismatch.exited(64) && mismatch.stderr.hasPrefix("Error: The preset 'frames' makes .y4m files; the output "),
      "\(mismatch)")
    // APNG (the issue's own example of a format the schema could not say), with its codec and loop count.
    let apngPreset = directory.appendingPathComponent("apng.json").path
    try Data(#"{"format":"apng","codec":"apng","loop":2,"width":16}"#.utf8).write(to: URL(fileURLWithPath: apngPreset))
    let apng = directory.appendingPathComponent("o.apng").path
    let animated = try await CommandRunner.lottie2video([
      OutputFolderCLITests.hello, "-o", apng, "--preset", apngPreset, "--max-frames", "3", "-q",
    ])
    #expect(animated.exited(0), "\(animated)")
    #expect(try await CommandRunner.probe(apng)["codec_name"] as? String == "apng")
    // acTL: frame count 3, then plays 2 + 1 times.
    let png = try Data(contentsOf: URL(fileURLWithPath: apng))
    let actl = try #require(png.range(of: Data("acTL".utf8)))
    #expect(
      Array(png[actl.upperBound..<actl.upperBound + 8]) == [0, 0, 0, 3, 0, 0, 0, 3],
      "\(Array(png[actl.upperBound..<actl.upperBound + 8]))")
    let wrong = try await CommandRunner.lottie2video([
      OutputFolderCLITests.hello, "-o", directory.appendingPathComponent("o.gif").path, "--preset", apngPreset,
    ])
    #expect(wrong.exited(64), "\(wrong)")
    let help = try await CommandRunner.lottie2video(["--help"])
    #expect(help.stdout.contains(".apng, .y4m (uncompressed"), "\(help.stdout.prefix(1500))")
  }
}

/// A short option is one letter: another letter is another option, so `render -q` is not "did you mean '-h'"
/// but says which commands take -q; a long option still gets its nearest name.
struct ShortOptionSuggestionCLITests {
  @Test func shortOptionsAreNotSpellChecked() async throws {
    let hello = OutputFolderCLITests.hello
    let render = try await CommandRunner.lottie2video(["render", hello, "-q"])
    #expect(render.exited(64), "\(render)")
    #expect(render.stderr.hasPrefix("Error: Unknown option '-q'; it is an option of "), "\(render.stderr)")
    #expect(render.stderr.contains(", not of render\n") && !render.stderr.contains("did you mean"), "\(render.stderr)")
    let unknown = try await CommandRunner.lottie2video([hello, "-o", "x.mp4", "-x"])
    #expect(unknown.stderr == CommandLineTests.usageError("Unknown option '-x'"), "\(unknown.stderr)")
    let long = try await CommandRunner.lottie2video(["render", hello, "--fsp", "2"])
    #expect(long.stderr.hasPrefix("Error: Unknown option '--fsp'; did you mean '--fps'?\n"), "\(long.stderr)")
  }
}

/// A budgeted export's summary gives the time of all its encodes and how many there were (it gave the kept
/// encode's time, and a frame rate that no encode had).
struct BudgetSummaryCLITests {
  @Test func theSummaryCountsEveryEncode() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let hello = OutputFolderCLITests.hello
    let plain = directory.appendingPathComponent("plain.gif").path
    let first = try await CommandRunner.lottie2video([hello, "-o", plain, "--width", "64", "-q"])
    #expect(first.exited(0), "\(first)")
    let bytes = try FileManager.default.attributesOfItem(atPath: plain)[.size] as? Int ?? 0
    let preset = directory.appendingPathComponent("half.json").path
    try Data(#"{"format":"gif","width":64,"maxBytes":\#(bytes * 6 / 10),"minScale":0.25}"#.utf8).write(
      to: URL(fileURLWithPath: preset))
    let output = directory.appendingPathComponent("fit.gif").path
    let result = try await CommandRunner.lottie2video([hello, "-o", output, "--preset", preset])
    #expect(result.exited(0), "\(result)")
    let retries = result.stderr.split(separator: "\n").filter { $0.contains("encoding again with") }.count
    #expect(retries >= 1, "\(result.stderr)")
    #expect(
      result.stdout.hasPrefix("\(output): ") && result.stdout.hasSuffix(" s (\(retries + 1) encodes)\n"),
      "\(result.stdout)")
  }
}

/// `-` while standard input is a terminal (nothing piped in) says so at once instead of waiting for an
/// animation to be typed; `script` gives the binary a terminal.
struct TerminalInputCLITests {
  static var hasScript: Bool { (try? CommandRunner.tool("script")) != nil }

  @Test(.enabled(if: hasScript, "util-linux's script is not installed"))
  func aTerminalIsNotAnInput() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let binary = try CommandRunner.binary().path
    let output = directory.appendingPathComponent("x.mp4").path
    for command in ["'\(binary)' - -o '\(output)'", "'\(binary)' info -"] {
      let result = try await CommandRunner.run(
        try CommandRunner.tool("script"), ["-qec", command, "/dev/null"])
      #expect(result.exited(1), "\(result)")
      #expect(
        result.stdout.contains(
          "Error: <stdin>: standard input is a terminal, not a pipe: pipe an animation into '-' (cat anim.json | lottie2video - -o out.mp4)"
        ),
        "\(result)")
    }
    #expect(directoryListing(directory) == [])
  }
}
