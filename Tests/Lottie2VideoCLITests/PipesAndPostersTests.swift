import Foundation
import TestSupport
import Testing

/// Standard input and output, and poster frames, through the binary.
struct PipesAndPostersTests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path

  /// A red 40x40 square on a 40x40 canvas whose opacity builds from 0 (frame 0) to 100 (frame 20) and holds
  /// to frame 59, at 30 fps; `markers` go in as they are.
  static func buildIn(markers: String = "[]") -> String {
    #"""
    {"v":"5.7.0","nm":"build","fr":30,"ip":0,"op":60,"w":40,"h":40,"markers":\#(markers),
     "layers":[{"ty":4,"nm":"Box","ind":1,"ip":0,"op":60,"st":0,
       "ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[100]}]}},
       "shapes":[{"ty":"rc","p":{"k":[20,20]},"s":{"k":[40,40]},"r":{"k":0}},
                 {"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}]}]}
    """#
  }

  static func write(_ text: String, _ name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  // MARK: - Standard input

  /// `-` and `/dev/stdin` read a pipe once, whatever the container: JSON, a gzip'd sticker, a dotLottie.
  @Test func inputFromAPipe() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let json = try Data(contentsOf: URL(fileURLWithPath: Self.hello))
    let output = directory.appendingPathComponent("in.mp4").path
    for name in ["-", "/dev/stdin"] {
      let result = try await CommandRunner.lottie2video(
        [name, "-o", output, "--width", "32", "--max-frames", "3", "-q"], stdin: json)
      #expect(result.exited(0), "\(result)")
      #expect(try await CommandRunner.probe(output)["nb_read_frames"] as? String == "3")
    }
    // A sticker: the same JSON gzip'd.
    let plain = directory.appendingPathComponent("s.json").path
    try json.write(to: URL(fileURLWithPath: plain))
    let gzip = try await CommandRunner.run(try CommandRunner.tool("gzip"), ["-k", plain])
    #expect(gzip.exited(0), "\(gzip)")
    let sticker = try Data(contentsOf: URL(fileURLWithPath: plain + ".gz"))
    let info = try await CommandRunner.lottie2video(["info", "-"], stdin: sticker)
    #expect(info.exited(0), "\(info)")
    #expect(info.stdout.hasPrefix("file:        <stdin>\nformat:      Telegram sticker (.tgs)\n"), "\(info)")
    // Errors name standard input.
    let broken = try await CommandRunner.lottie2video(["info", "-"], stdin: Data("{\"v\":".utf8))
    #expect(broken.exited(1))
    #expect(broken.stderr.hasPrefix("Error: <stdin>: invalid JSON at line 1, column 6"), "\(broken)")
  }

  @Test(.enabled(if: Fixtures.corpus != nil, "the shared corpus is absent"))
  func dotLottieFromAPipe() async throws {
    let corpus = try #require(Fixtures.corpus)
    let archive = corpus.appendingPathComponent(
      "formats/dotlottie-rs__dotlottie-rs--assets--animations--dotlottie--v2--themed.lottie")
    let result = try await CommandRunner.lottie2video(["info", "-"], stdin: try Data(contentsOf: archive))
    #expect(result.exited(0), "\(result)")
    #expect(
      result.stdout.contains(
        "\nformat:      dotLottie\nanimations:  Main Scene (shown)\nthemes:      Water, air, earth\n"))
  }

  // MARK: - Standard output

  /// `-o -` streams MP4 (fragmented), MOV, WebM and GIF; the summary moves to stderr.
  @Test(arguments: [("mp4", "h264"), ("mov", "prores"), ("webm", "vp9"), ("gif", "gif"), ("m4v", "h264")])
  func outputToAPipe(format: String, codec: String) async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (bytes, stderr) = try await Self.standardOutput(
      [Self.hello, "-o", "-", "--format", format, "--width", "32", "--max-frames", "4", "--fps", "25"], in: directory)
    #expect(stderr.contains("-: 4 frames at 25 fps, 0.160 s, 32x32, to standard output, in "), "\(stderr)")
    let file = directory.appendingPathComponent("piped.\(format)")
    try bytes.write(to: file)
    let stream = try await CommandRunner.probe(file.path)
    #expect(stream["codec_name"] as? String == codec)
    #expect(stream["nb_read_frames"] as? String == "4")
    if format == "mp4" {
      #expect(bytes.range(of: Data("moof".utf8)) != nil, "fragmented MP4 has movie fragments")
    }
    #expect(directoryListing(directory) == ["piped.\(format)"])
  }

  /// Runs the binary with stdout going into a pipe (`| cat >`, as a pipeline would) and returns its bytes
  /// and stderr.
  static func standardOutput(_ arguments: [String], in directory: URL) async throws -> (Data, String) {
    let bash = try CommandRunner.tool("bash")
    let target = directory.appendingPathComponent("stdout.bin").path
    let quoted = ([try CommandRunner.binary().path] + arguments).map {
      "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    let result = try await CommandRunner.run(
      bash, ["-c", "set -o pipefail; \(quoted.joined(separator: " ")) | cat > '\(target)'"])
    guard result.exited(0) else { throw ToolFailure(description: "\(result)") }
    defer { try? FileManager.default.removeItem(atPath: target) }
    return (try Data(contentsOf: URL(fileURLWithPath: target)), result.stderr)
  }

  @Test func outputsThatNeedSeekingSaySo() async throws {
    let webp = try await CommandRunner.lottie2video([Self.hello, "-o", "-", "--format", "webp"])
    #expect(webp.exited(64), "\(webp)")
    #expect(
      webp.stderr.hasPrefix(
        "Error: webp cannot be written to standard output: it seeks back to finish the file; write it to a file with -o, or use --format mp4, m4v, mov, webm, gif, y4m, rawvideo\n"
      ),
      "\(webp)")
    let none = try await CommandRunner.lottie2video([Self.hello, "-o", "-"])
    #expect(none.exited(64), "\(none)")
    #expect(
      none.stderr.hasPrefix(
        "Error: Writing to standard output ('-o -') needs '--format <name>': mp4, m4v, mov, webm, gif, y4m, rawvideo (mp4, m4v and mov as fragmented MP4)\n"
      ))
  }

  // MARK: - Posters

  /// The straight RGBA pixel at (x, y) of a 40x40 PNG.
  static func pixel(_ path: String, _ x: Int = 20, _ y: Int = 20) async throws -> [Int] {
    let rgba = try await CommandRunner.decodeFirstFrame(path)
    guard rgba.count == 40 * 40 * 4 else { throw ToolFailure(description: "\(path): \(rgba.count) bytes") }
    return rgba[(y * 40 + x) * 4..<(y * 40 + x) * 4 + 4].map(Int.init)
  }

  /// An animation that builds in from nothing: the automatic poster shows it built, composited as the video
  /// (over white for MP4, with alpha for WebM); explicit frames and percentages pick their frame.
  @Test func posterShowsTheAnimation() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try Self.write(Self.buildIn(), "build.json", in: directory)
    func poster(_ video: String, _ options: [String]) async throws -> [Int] {
      let png = directory.appendingPathComponent("p-\(UUID().uuidString).png").path
      let result = try await CommandRunner.lottie2video(
        [input, "-o", directory.appendingPathComponent(video).path, "--poster", png, "-q"] + options)
      guard result.exited(0) else { throw ToolFailure(description: "\(result)") }
      return try await Self.pixel(png)
    }
    #expect(try await poster("a.mp4", []) == [255, 0, 0, 255], "auto: the square, fully built")
    #expect(
      try await poster("b.mp4", ["--poster-frame", "0"]) == [255, 255, 255, 255], "frame 0 over white, as the MP4")
    #expect(try await poster("c.webm", ["--poster-frame", "0%"]) == [0, 0, 0, 0], "WebM keeps alpha")
    let half = try await poster("d.webm", ["--poster-frame", "10"])
    #expect(half[0] == 255 && abs(half[3] - 128) <= 2, "frame 10: half opacity, \(half)")
    #expect(try await poster("e.webm", ["--poster-frame", "100%"]) == [255, 0, 0, 255])
    // A marker named 'poster' wins over the ink.
    let marked = try Self.write(
      Self.buildIn(markers: #"[{"cm":"poster","tm":5,"dr":0}]"#), "marked.json", in: directory)
    let png = directory.appendingPathComponent("m.png").path
    let result = try await CommandRunner.lottie2video([
      marked, "-o", directory.appendingPathComponent("m.webm").path, "--poster", png, "-q",
    ])
    #expect(result.exited(0), "\(result)")
    let quarter = try await Self.pixel(png)
    #expect(quarter[0] == 255 && abs(quarter[3] - 64) <= 2, "the marker's frame 5: a quarter, \(quarter)")
  }

  @Test func posterFrameErrors() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try Self.write(Self.buildIn(), "build.json", in: directory)
    let video = directory.appendingPathComponent("v.mp4").path
    let png = directory.appendingPathComponent("p.png").path
    let outside = try await CommandRunner.lottie2video([input, "-o", video, "--poster", png, "--poster-frame", "60"])
    #expect(outside.exited(64), "\(outside)")
    #expect(
      outside.stderr
        == CommandLineTests.usageError(
          "The poster frame 60 is outside the animation's frames 0-59 (ip 0 up to op 60, op excluded)"))
    let alone = try await CommandRunner.lottie2video([input, "-o", video, "--poster-frame", "5"])
    #expect(
      alone.stderr
        == CommandLineTests.usageError("--poster-frame chooses the frame of --poster <file.png>; give --poster too"))
    let bad = try await CommandRunner.lottie2video([input, "-o", video, "--poster", png, "--poster-frame", "150%"])
    #expect(
      bad.stderr
        == CommandLineTests.usageError(
          "The value '150%' is invalid for '--poster-frame <N|P%|auto>': a percentage is 0% to 100%"))
    #expect(directoryListing(directory) == ["build.json"], "nothing written")
  }

  // MARK: - Sequences

  /// A PNG sequence's folders are created (docs/cli.md's `-o frames/f_%05d.png`).
  @Test func sequenceFoldersAreCreated() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let pattern = directory.appendingPathComponent("frames/deep/f_%05d.png").path
    let result = try await CommandRunner.lottie2video([
      Self.hello, "-o", pattern, "--width", "16", "--max-frames", "2", "-q",
    ])
    #expect(result.exited(0), "\(result)")
    #expect(directoryListing(directory.appendingPathComponent("frames/deep")) == ["f_00000.png", "f_00001.png"])
    // A video's folder is not: a typo there is an error, not a new folder.
    let video = directory.appendingPathComponent("nowhere/v.mp4").path
    let missing = try await CommandRunner.lottie2video([
      Self.hello, "-o", video, "--width", "16", "--max-frames", "2", "-q",
    ])
    #expect(missing.exited(1), "\(missing)")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("nowhere").path))
  }
}
