import Foundation
import TestSupport
import Testing

/// The smaller things a new user runs into, each through the binary.
struct RoughEdgesTests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path
  static let themed = "formats/dotlottie-rs__dotlottie-rs--assets--animations--dotlottie--v2--themed.lottie"

  /// The straight RGBA of the top-left pixel of a snapshot of hello.json letterboxed into 8x4 (the corner is
  /// background).
  static func background(_ color: String) async throws -> CommandResult {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("c.png").path
    var result = try await CommandRunner.lottie2video([
      "snapshot", hello, "--frame", "0", "--width", "8", "--height", "4", "--background", color, "-o", png,
    ])
    if result.exited(0) {
      result.stdout = try await CommandRunner.decodeFirstFrame(png)[0..<4].map(String.init).joined(separator: ",")
    }
    return result
  }

  /// The whole CSS colour table, rgb(), rgba(), hsl() and hsla().
  @Test(arguments: [
    ("cornflowerblue", "100,149,237,255"), ("rebeccapurple", "102,51,153,255"), ("PapayaWhip", "255,239,213,255"),
    ("lightgoldenrodyellow", "250,250,210,255"), ("rgb(10,20,30)", "10,20,30,255"), ("rgb(10 20 30)", "10,20,30,255"),
    ("rgba(10, 20, 30, 0.5)", "10,20,30,128"), ("rgb(100% 0% 50% / 25%)", "255,0,128,64"),
    ("hsl(120, 100%, 25%)", "0,128,0,255"), ("hsla(240deg 100% 50% / 0.5)", "0,0,255,128"), ("#abc", "170,187,204,255"),
  ])
  func cssColours(color: String, rgba: String) async throws {
    let result = try await Self.background(color)
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout == rgba, "\(color)")
  }

  @Test func notAColour() async throws {
    let result = try await Self.background("rgb(1,2)")
    #expect(result.exited(64))
    #expect(
      result.stderr
        == CommandLineTests.usageError(
          "The value 'rgb(1,2)' is invalid for '--background <color>': use #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla(), a CSS colour name or 'transparent'",
          command: "snapshot"))
  }

  /// A text layer without a name is listed as `.Text`, and `--set '.Text=...'` sets it.
  @Test func unnamedTextLayer() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("text.json").path
    try Data(
      #"""
      {"v":"5.7.0","fr":30,"ip":0,"op":10,"w":200,"h":60,"fonts":{"list":[{"fName":"Sans","fFamily":"DejaVu Sans","fStyle":"Book"}]},
       "layers":[{"ty":5,"ind":1,"ip":0,"op":10,"st":0,"ks":{"p":{"k":[10,40]}},
         "t":{"d":{"k":[{"t":0,"s":{"t":"Hi","f":"Sans","s":30,"fc":[0,0,0],"j":0}}]},"a":[],"p":{},"m":{"a":{"k":[0,0]}}}}]}
      """#.utf8
    ).write(to: URL(fileURLWithPath: input))
    let keypaths = try await CommandRunner.lottie2video(["info", input, "--keypaths"])
    #expect(keypaths.exited(0), "\(keypaths)")
    #expect(
      keypaths.stdout.split(separator: "\n").contains { $0.hasPrefix(".Text ") && $0.hasSuffix(" text") },
      "\(keypaths.stdout)")
    // Setting it changes the picture: more text, more ink.
    func ink(_ options: [String]) async throws -> Int {
      let png = directory.appendingPathComponent("t-\(UUID().uuidString).png").path
      let result = try await CommandRunner.lottie2video(["snapshot", input, "--frame", "0", "-o", png] + options)
      guard result.exited(0) else { throw ToolFailure(description: "\(result)") }
      let rgba = try await CommandRunner.decodeFirstFrame(png)
      return stride(from: 3, to: rgba.count, by: 4).filter { rgba[$0] > 0 }.count
    }
    let plain = try await ink([])
    let longer = try await ink(["--set", ".Text=WWWWWWW"])
    #expect(longer > 2 * plain && plain > 0, "\(plain) -> \(longer)")
    // An empty name that matches nothing is a keypath that matches nothing: the nearest say what to write.
    let typo = try await CommandRunner.lottie2video(["info", input, "--set", "Title..Text=x"])
    #expect(typo.exited(1))
    #expect(
      typo.stderr.hasPrefix("Error: \(input): the keypath 'Title..Text' matches nothing; nearest: '.Text'"), "\(typo)")
  }

  /// AV1 in WebM cannot keep alpha here: a note says so, and names the codec that can.
  @Test func av1WebMSaysItDropsAlpha() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("a.webm").path
    let result = try await CommandRunner.lottie2video([
      Self.hello, "-o", output, "--codec", "av1", "--width", "32", "--height", "16", "--max-frames", "2",
    ])
    #expect(result.exited(0), "\(result)")
    #expect(
      result.stderr
        == "note: AV1 in WebM has no alpha channel here (libaom in FFmpeg 5.1 takes no alpha plane); composited over white (use --codec vp9 to keep the transparency, or --background to choose)\n"
    )
    #expect(try await CommandRunner.probe(output)["codec_name"] as? String == "av1")
    let chosen = try await CommandRunner.lottie2video([
      Self.hello, "-o", output, "--codec", "av1", "--width", "32", "--height", "16", "--max-frames", "2",
      "--background", "black",
    ])
    #expect(chosen.stderr == "", "a chosen background needs no note")
  }

  /// The alpha note is for transparency that is lost: an opaque animation (hello's background layer covers
  /// its canvas) needs none; the letterbox of another aspect is transparent, and so is a translucent
  /// --background.
  @Test func theAlphaNoteIsForTransparencyThatIsLost() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("a.mp4").path
    let note = "note: MP4 has no alpha channel; composited over white (use --background to choose)\n"
    for (options, expected) in [
      (["--width", "32"], ""), (["--width", "32", "--height", "16"], note),
      (["--width", "32", "--background", "#00000080"], note), (["--width", "32", "--background", "transparent"], ""),
    ] {
      let result = try await CommandRunner.lottie2video([Self.hello, "-o", output, "--max-frames", "2"] + options)
      #expect(result.exited(0), "\(result)")
      #expect(result.stderr == expected, "\(options): \(result)")
    }
  }

  /// A batch says each note once, not once per file.
  @Test func notesOncePerBatch() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let copy = directory.appendingPathComponent("b.json").path
    try FileManager.default.copyItem(atPath: Self.hello, toPath: copy)
    let out = directory.appendingPathComponent("out").path
    let result = try await CommandRunner.lottie2video([
      Self.hello, copy, "-o", out, "--width", "16", "--height", "8", "--max-frames", "2", "--jobs", "1",
    ])
    #expect(result.exited(0), "\(result)")
    let notes = result.stderr.split(separator: "\n").filter { $0.hasPrefix("note: ") }
    #expect(
      notes == ["note: MP4 has no alpha channel; composited over white (use --background to choose)"],
      "\(result.stderr)")
  }

  @Test func snapshotFrameOutsideTheAnimation() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("s.png").path
    let far = try await CommandRunner.lottie2video(["snapshot", Self.hello, "--frame", "4200", "-o", png])
    #expect(far.exited(64), "\(far)")
    #expect(
      far.stderr
        == CommandLineTests.usageError(
          "The frame 4200 is outside the animation's frames 0-89 (ip 0 up to op 90, op excluded)", command: "snapshot"))
    #expect(!FileManager.default.fileExists(atPath: png))
    let last = try await CommandRunner.lottie2video([
      "snapshot", Self.hello, "--frame", "89.5", "--width", "8", "-o", png,
    ])
    #expect(last.exited(0), "\(last)")
  }

  /// Presets reach every encoder option: H.265 in 4:4:4 at a CRF, a lossless WebP, a bit rate.
  @Test func presetsSetEveryEncoderOption() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cases: [(String, String, [String: String])] = [
      (
        #"{"format":"mp4","codec":"h265","pixFmt":"yuv444p","crf":30,"codecPreset":"ultrafast"}"#, "mp4",
        ["codec_name": "hevc", "pix_fmt": "yuv444p"]
      ),
      (#"{"format":"webp","quality":50,"lossless":true,"loop":2}"#, "webp", ["codec_name": "webp"]),
      (#"{"format":"webm","codec":"av1","crf":50,"background":"rgb(0,0,0)"}"#, "webm", ["codec_name": "av1"]),
      (#"{"format":"mp4","bitrate":"200k"}"#, "mp4", ["codec_name": "h264"]),
    ]
    for (i, (json, ext, expected)) in cases.enumerated() {
      let preset = directory.appendingPathComponent("p\(i).json").path
      try Data(json.utf8).write(to: URL(fileURLWithPath: preset))
      let output = directory.appendingPathComponent("o\(i).\(ext)").path
      let result = try await CommandRunner.lottie2video([
        Self.hello, "-o", output, "--preset", preset, "--width", "32", "--max-frames", "3", "-q",
      ])
      #expect(result.exited(0), "\(json): \(result)")
      guard ext != "webp" else {
        // ffprobe cannot count animated WebP frames: check the container.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(bytes.count > 12 && bytes[8..<12] == Data("WEBP".utf8))
        continue
      }
      let stream = try await CommandRunner.probe(output)
      for (key, value) in expected { #expect(stream[key] as? String == value, "\(json): \(key)") }
    }
    let listed = try await CommandRunner.lottie2video(["presets"])
    #expect(listed.exited(0), "\(listed)")
  }

  @Test func infoJSON() async throws {
    let result = try await CommandRunner.lottie2video(["info", Self.hello, "--json"])
    #expect(result.exited(0), "\(result)")
    let info = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(info["file"] as? String == Self.hello && info["format"] as? String == "json")
    #expect(info["width"] as? Double == 512 && info["frameRate"] as? Double == 30 && info["frames"] as? Double == 90)
    #expect((info["diagnostics"] as? [Any])?.isEmpty == true && info["animations"] == nil)
    let keypaths = try await CommandRunner.lottie2video(["info", Self.hello, "--json", "--keypaths"])
    let listed = try #require(try JSONSerialization.jsonObject(with: Data(keypaths.stdout.utf8)) as? [String: Any])
    let first = try #require((listed["keypaths"] as? [[String: String]])?.first)
    #expect(first["keypath"] != nil && first["kind"] != nil)
  }

  /// `info` lists a .lottie's animations and themes; `--theme` applies one (its rules set the slots).
  @Test(.enabled(if: Fixtures.corpus != nil, "the shared corpus is absent"))
  func dotLottieThemes() async throws {
    let archive = try #require(Fixtures.corpus).appendingPathComponent(Self.themed).path
    let info = try await CommandRunner.lottie2video(["info", archive, "--theme", "air"])
    #expect(info.exited(0), "\(info)")
    #expect(
      info.stdout.contains("\nanimations:  Main Scene (shown)\nthemes:      Water, air (applied), earth\n"),
      "\(info.stdout)")
    let json = try await CommandRunner.lottie2video(["info", archive, "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(
      object["themes"] as? [String] == ["Water", "air", "earth"] && object["animations"] as? [String] == ["Main Scene"])
    // The body's colour (slot body-main) follows the theme: Water's is [0, 0.7765, 1].
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func body(_ options: [String]) async throws -> [Int] {
      let png = directory.appendingPathComponent("t-\(UUID().uuidString).png").path
      let result = try await CommandRunner.lottie2video(
        ["snapshot", archive, "--frame", "100", "--width", "128", "-o", png] + options)
      guard result.exited(0) else { throw ToolFailure(description: "\(result)") }
      let rgba = try await CommandRunner.decodeFirstFrame(png)
      // Centre of the body, below the face.
      let (x, y) = (50, 104)
      return rgba[(y * 128 + x) * 4..<(y * 128 + x) * 4 + 4].map(Int.init)
    }
    let water = try await body(["--theme", "Water"])
    #expect(zip(water, [0, 198, 255, 255]).allSatisfy { abs($0 - $1) <= 3 }, "\(water)")
    #expect(try await body([]) != water, "no theme: the file's own colours")
    let unknown = try await CommandRunner.lottie2video(["info", archive, "--theme", "fire"])
    #expect(unknown.exited(1))
    #expect(unknown.stderr == "Error: \(archive): no theme 'fire' (available: Water, air, earth)\n")
    let plain = try await CommandRunner.lottie2video(["info", Self.hello, "--theme", "air"])
    #expect(plain.stderr == "Error: \(Self.hello): no theme 'air' (the file has no themes)\n")
  }
}
