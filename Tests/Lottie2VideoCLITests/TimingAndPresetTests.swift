import Foundation
import TestSupport
import Testing

@testable import Lottie2VideoCLI

/// Timing options (--frames, --progress, --marker, --speed, --repeat, --bounce, --duration), sizes (--size,
/// --padding) and presets, end to end through the binary with exact frame counts from ffprobe.
struct TimingAndPresetTests {
  static let presetsFolder = Fixtures.repositoryRoot.appendingPathComponent("presets")

  /// A red square filling a 100x100 canvas; 90 frames at 30 fps; markers 'intro' (0, 30) and 'loop' (30, 45).
  static let solidJSON = #"""
    {"v":"5.7.0","nm":"solid","fr":30,"ip":0,"op":90,"w":100,"h":100,"assets":[],
     "markers":[{"cm":"intro","tm":0,"dr":30},{"cm":"loop","tm":30,"dr":45}],
     "layers":[{"ddd":0,"ind":1,"ty":4,"nm":"square","ip":0,"op":90,"st":0,"sr":1,
       "ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},
       "shapes":[{"ty":"rc","d":1,"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},
                 {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}]}]}
    """#

  /// A fresh folder holding `solid.json`; the caller removes it.
  static func workspace() throws -> (URL, String) {
    let directory = Fixtures.temporaryDirectory()
    let input = directory.appendingPathComponent("solid.json")
    try Data(solidJSON.utf8).write(to: input)
    return (directory, input.path)
  }

  static func usageError(_ message: String, command: String? = nil) -> String {
    CommandLineTests.usageError(message, command: command)
  }

  // MARK: - Timing

  /// (options, frames, seconds, r_frame_rate) for a 32x32 MP4 of the 90-frame 30 fps animation.
  @Test(arguments: [
    (["--fps", "60", "--repeat", "2"], 360, 6.0, "60/1"),
    (["--bounce"], 180, 6.0, "30/1"),
    (["--duration", "5"], 150, 5.0, "30/1"),
    (["--duration", "2", "--bounce", "--fps", "25"], 50, 2.0, "25/1"),
    (["--speed", "2", "--fps", "60"], 90, 1.5, "60/1"),
    (["--speed", "0.5", "--fps", "10"], 60, 6.0, "10/1"),
    (["--marker", "loop", "--repeat", "2"], 90, 3.0, "30/1"),
    (["--frames", "10-39", "--bounce", "--fps", "24"], 48, 2.0, "24/1"),
    (["--progress", "0.5-1", "--duration", "2.5", "--fps", "20"], 50, 2.5, "20/1"),
  ])
  func timingGivesExactCounts(options: [String], frames: Int, seconds: Double, rate: String) async throws {
    let (directory, input) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out.mp4").path
    let result = try await CommandRunner.lottie2video([input, "-o", output, "--width", "32", "-q"] + options)
    #expect(result.exited(0), "\(result)")
    let stream = try await CommandRunner.probe(output)
    #expect(stream["nb_read_frames"] as? String == String(frames), "\(options)")
    #expect(stream["r_frame_rate"] as? String == rate, "\(options)")
    let duration = (stream["duration"] as? String).flatMap(Double.init) ?? -1
    #expect(abs(duration - seconds) < 1e-3, "\(options): \(duration) s")
  }

  @Test func summaryLineReportsTheTimeline() async throws {
    let (directory, input) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out.mp4").path
    let result = try await CommandRunner.lottie2video([
      input, "-o", output, "--width", "32", "--bounce", "--repeat", "2",
    ])
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout.hasPrefix("\(output): 360 frames at 30 fps, 12.000 s, 32x32, "), "\(result)")
  }

  @Test func renderCommandTakesTheTimeline() async throws {
    let (directory, input) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await CommandRunner.lottie2video([
      "render", input, "--width", "16", "--duration", "4", "--fps", "10",
    ])
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout.hasPrefix("frames=40 "), "\(result)")
  }

  @Test(arguments: [
    (["--marker", "nope"], "Unknown marker 'nope'; markers: 'intro', 'loop'"),
    (["--frames", "0-90"], "The frames 0-90 are outside the animation's frames 0-89"),
    (
      ["--frames", "5-2"],
      "The value '5-2' is invalid for '--frames <a-b>': use first-last composition frames, e.g. 0-59"
    ),
    (
      ["--progress", "0.5-0.25"],
      "The value '0.5-0.25' is invalid for '--progress <from-to>': use two fractions from 0 to 1, the first smaller, e.g. 0.25-0.5"
    ),
    (["--speed", "0"], "The value '0' is invalid for '--speed <x>': must be between 0.01 and 100"),
    (["--repeat", "0"], "The value '0' is invalid for '--repeat <n>': must be between 1 and 10000"),
    (["--frames", "0-9", "--marker", "intro"], "Use only one of --frames, --progress and --marker"),
    (["--repeat", "2", "--duration", "3"], "Use only one of --repeat and --duration"),
    (["--size", "1080p", "--width", "10"], "Use either --size or --width/--height"),
    (
      ["--size", "big"],
      "The value 'big' is invalid for '--size <size>': use 480p, 720p, 1080p, 1440p, 4k or WxH (1 to 16384 a side)"
    ),
    (["--width", "20", "--padding", "10"], "The padding 10 leaves no room in a 20x20 output"),
    (["--bounce=yes"], "The flag '--bounce' does not take a value"),
  ])
  func badTimingOrSizeIsAUsageError(options: [String], message: String) async throws {
    let (directory, input) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out.mp4").path
    let result = try await CommandRunner.lottie2video([input, "-o", output] + options)
    #expect(result.exited(64), "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderr == Self.usageError(message))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func unknownMarkerWithoutMarkers() async throws {
    let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path
    let result = try await CommandRunner.lottie2video([hello, "-o", "/nonexistent/x.mp4", "--marker", "a"])
    #expect(result.exited(64), "\(result)")
    #expect(result.stderr == Self.usageError("Unknown marker 'a'; the animation has no markers"))
  }

  // MARK: - Size and padding

  @Test(arguments: [
    ("480p", 854, 480), ("720p", 1280, 720), ("1080p", 1920, 1080), ("4k", 3840, 2160), ("2160p", 3840, 2160),
    ("300x200", 300, 200), ("7X5", 7, 5),
  ])
  func namedSizes(size: String, width: Int, height: Int) throws {
    let parsed = try ArgumentParser.parse(["in.json", "--size", size], for: ExportCommand.spec)
    let o = SizeOptions(parsed)
    #expect(o.size?.width == width && o.size?.height == height)
  }

  @Test func sizeSetsTheSnapshotSize() async throws {
    let (directory, input) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("s.png").path
    let result = try await CommandRunner.lottie2video([
      "snapshot", input, "--frame", "0", "--size", "720p", "-o", output,
    ])
    #expect(result.exited(0), "\(result)")
    let size = try pngSize(output)
    #expect(size.width == 1280 && size.height == 720)
  }

  /// 48x24 with 4 px padding: the square is fitted into the 40x16 box, i.e. 16x16 at (16, 4).
  @Test func paddingKeepsABorderOfBackground() async throws {
    let (directory, input) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("s.png").path
    let result = try await CommandRunner.lottie2video([
      "snapshot", input, "--frame", "0", "--size", "48x24", "--padding", "4", "--background", "#00ff00", "-o", output,
    ])
    #expect(result.exited(0), "\(result)")
    let pixels = try await CommandRunner.decodeFirstFrame(output)
    func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * 48 + x) * 4..<(y * 48 + x) * 4 + 4]) }
    let green: [UInt8] = [0, 255, 0, 255], red: [UInt8] = [255, 0, 0, 255]
    #expect(pixel(0, 0) == green)
    #expect(pixel(24, 2) == green, "the padding above the square")
    #expect(pixel(24, 21) == green, "the padding below the square")
    #expect(pixel(10, 12) == green, "letterbox inside the box")
    #expect(pixel(16, 4) == red)
    #expect(pixel(24, 12) == red)
    #expect(pixel(31, 19) == red)
    #expect(pixel(32, 12) == green)
  }

  // MARK: - Presets

  static let required = [
    "instagram-post", "instagram-story", "youtube-1080p", "youtube-4k", "x-video", "linkedin", "gif-web",
    "slack-emoji", "telegram-sticker", "prores-alpha", "webm-alpha",
  ]

  @Test func shippedPresetsLoadAndSetWhatTheySay() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.presetsFolder.path).filter {
      $0.hasSuffix(".json")
    }
    for name in Self.required { #expect(files.contains("\(name).json"), "\(name)") }
    var presets: [String: Preset] = [:]
    for file in files {
      let p = try Preset.load(path: Self.presetsFolder.appendingPathComponent(file).path)
      presets[p.name] = p
      #expect(p.format != nil && p.description != nil, "\(file)")
    }
    let w = OptionTable.width, h = OptionTable.height
    let post = try #require(presets["instagram-post"])
    #expect(post.format == .mp4 && post[w] == 1080 && post[h] == 1080)
    let story = try #require(presets["instagram-story"])
    #expect(story[w] == 1080 && story[h] == 1920)
    #expect(presets["youtube-4k"]?[w] == 3840 && presets["youtube-4k"]?[h] == 2160)
    #expect(presets["gif-web"]?.format == .gif)
    let emoji = try #require(presets["slack-emoji"])
    #expect(emoji.format == .gif && emoji[w] == 128 && emoji[h] == 128)
    #expect(emoji[OptionTable.maxBytes] == 131072 && emoji[OptionTable.minScale] == 0.25)
    let sticker = try #require(presets["telegram-sticker"])
    #expect(sticker.format == .webm && sticker[OptionTable.codec] == .vp9 && sticker[w] == 512 && sticker[h] == 512)
    #expect(sticker[OptionTable.maxFps] == 30 && sticker[OptionTable.maxDuration] == 3)
    #expect(sticker[OptionTable.background] == .transparent)
    let prores = try #require(presets["prores-alpha"])
    #expect(
      prores.format == .mov && prores[OptionTable.codec] == .prores && prores[OptionTable.background] == .transparent)
    #expect(presets["webm-alpha"]?.format == .webm && presets["webm-alpha"]?[OptionTable.background] == .transparent)
    #expect(presets["instagram-post"]?[OptionTable.codecPreset] == "medium")
  }

  @Test func presetsCommandListsThem() async throws {
    let result = try await CommandRunner.lottie2video(["presets"])
    #expect(result.exited(0), "\(result)")
    #expect(result.stderr == "")
    for name in Self.required {
      #expect(result.stdout.contains("\n  \(name) "), "\(name)")
    }
    #expect(
      result.stdout.contains(
        "format webm, width 512, height 512, background transparent, codec vp9, maxFps 30, maxDuration 3, "
          + "maxBytes 262144, minScale 1"), "\(result.stdout)")
  }

  /// The preset's 1080x1080 is the base size: --width 32 gives 32x32; the preset's 30 fps is kept.
  @Test func presetAppliesAndFlagsOverride() async throws {
    let (directory, input) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("post.mp4").path
    let applied = try await CommandRunner.lottie2video([
      input, "-o", output, "--preset", "instagram-post", "--width", "32", "-q",
    ])
    #expect(applied.exited(0), "\(applied)")
    var stream = try await CommandRunner.probe(output)
    #expect(stream["width"] as? Int == 32 && stream["height"] as? Int == 32)
    #expect(stream["nb_read_frames"] as? String == "90")
    #expect(stream["r_frame_rate"] as? String == "30/1")
    let overridden = try await CommandRunner.lottie2video([
      input, "-o", output, "--preset", "instagram-story", "--height", "32", "--fps", "10", "-q",
    ])
    #expect(overridden.exited(0), "\(overridden)")
    stream = try await CommandRunner.probe(output)
    #expect(stream["width"] as? Int == 18 && stream["height"] as? Int == 32, "9:16 of the preset, 18 is 32 x 1080/1920")
    #expect(stream["nb_read_frames"] as? String == "30")
    #expect(stream["r_frame_rate"] as? String == "10/1")
  }

  /// telegram-sticker: at most 3 s and 30 fps; an explicit --duration wins over maxDuration.
  @Test func telegramStickerCapsDurationAndRate() async throws {
    let (directory, input) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("sticker.webm").path
    let capped = try await CommandRunner.lottie2video([
      input, "-o", output, "--preset", "telegram-sticker", "--width", "32", "--repeat", "3", "-q",
    ])
    #expect(capped.exited(0), "\(capped)")
    var stream = try await CommandRunner.probe(output)
    #expect(stream["codec_name"] as? String == "vp9")
    #expect(stream["width"] as? Int == 32 && stream["height"] as? Int == 32)
    #expect(stream["nb_read_frames"] as? String == "90")
    let longer = try await CommandRunner.lottie2video([
      input, "-o", output, "--preset", "telegram-sticker", "--width", "32", "--duration", "4", "-q",
    ])
    #expect(longer.exited(0), "\(longer)")
    stream = try await CommandRunner.probe(output)
    #expect(stream["nb_read_frames"] as? String == "120")
  }

  @Test func presetFileByPath() async throws {
    let (directory, input) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let preset = directory.appendingPathComponent("tiny.json")
    try Data(#"{"format":"mp4","width":24,"height":16,"fps":12,"crf":30,"codecPreset":"ultrafast"}"#.utf8).write(
      to: preset)
    let output = directory.appendingPathComponent("tiny.mp4").path
    let result = try await CommandRunner.lottie2video([
      input, "-o", output, "--preset", preset.path, "--repeat", "2", "-q",
    ])
    #expect(result.exited(0), "\(result)")
    let stream = try await CommandRunner.probe(output)
    #expect(stream["width"] as? Int == 24 && stream["height"] as? Int == 16)
    #expect(stream["nb_read_frames"] as? String == "72")
    #expect(stream["r_frame_rate"] as? String == "12/1")
  }

  /// maxFps caps the animation's 30 fps unless --fps is given; the preset's padding and background apply.
  @Test func presetMaxFpsCapsUnlessFpsIsGiven() async throws {
    let (directory, input) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let preset = directory.appendingPathComponent("slow.json")
    try Data(#"{"width":16,"height":16,"maxFps":10,"padding":2,"background":"blue"}"#.utf8).write(to: preset)
    let output = directory.appendingPathComponent("slow.mp4").path
    let capped = try await CommandRunner.lottie2video([input, "-o", output, "--preset", preset.path, "-q"])
    #expect(capped.exited(0), "\(capped)")
    var stream = try await CommandRunner.probe(output)
    #expect(stream["nb_read_frames"] as? String == "30")
    #expect(stream["r_frame_rate"] as? String == "10/1")
    let explicit = try await CommandRunner.lottie2video([
      input, "-o", output, "--preset", preset.path, "--fps", "20", "-q",
    ])
    #expect(explicit.exited(0), "\(explicit)")
    stream = try await CommandRunner.probe(output)
    #expect(stream["nb_read_frames"] as? String == "60")
  }

  @Test func presetFormatMustMatchTheOutput() async throws {
    let (directory, input) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("x.mp4").path
    let result = try await CommandRunner.lottie2video([input, "-o", output, "--preset", "telegram-sticker"])
    #expect(result.exited(64), "\(result)")
    #expect(
      result.stderr
        == Self.usageError("The preset 'telegram-sticker' makes .webm files; the output '\(output)' ends in .mp4"))
  }

  @Test func unknownPresetListsTheAvailableOnes() async throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.presetsFolder.path)
      .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    let result = try await CommandRunner.lottie2video(["in.json", "-o", "x.mp4", "--preset", "nope"])
    #expect(result.exited(64), "\(result)")
    #expect(result.stderr == Self.usageError("Unknown preset 'nope'; available: \(names.joined(separator: ", "))"))
    let missing = try await CommandRunner.lottie2video(["in.json", "-o", "x.mp4", "--preset", "/nonexistent/p.json"])
    #expect(missing.stderr == Self.usageError("The preset file '/nonexistent/p.json' does not exist"))
  }

  @Test(arguments: [
    (#"{"fps":"fast"}"#, "key 'fps': expected a number"),
    (#"{"fps":true}"#, "key 'fps': expected a number"),
    (#"{"fps":0}"#, "key 'fps': the value '0' is invalid: must be between 0.1 and 240"),
    (#"{"width":10.5}"#, "key 'width': expected an integer"),
    (#"{"crf":99}"#, "key 'crf': the value '99' is invalid: must be between 0 and 63"),
    (#"{"format":"mp4","crf":60}"#, "key 'crf': h264 takes 0 to 51 (VP9 and AV1 take 0 to 63)"),
    (#"{"bitrate":"fast"}"#, "key 'bitrate': the value 'fast' is invalid: bits per second, e.g. 800k or 5M"),
    (
      #"{"bitrate":[1]}"#, #"key 'bitrate': expected bits per second: `"800k"`, `"5M"`, or bits per second, 1000 … 2e9"#
    ),
    (#"{"lossless":1}"#, "key 'lossless': expected true or false"),
    (
      #"{"audioBitrate":"4k"}"#,
      "key 'audioBitrate': the value '4k' is invalid: bits per second from 8k to 512k, e.g. 96k"
    ),
    (#"{"gifPalette":"local"}"#, "key 'gifPalette': the value 'local' is invalid: use global or per-frame"),
    (#"{"minScale":0.5}"#, "key 'minScale': bounds what the size budget may change; set 'maxBytes' too"),
    (#"{"noAudio":"yes"}"#, "key 'noAudio': expected true or false"),
    (#"{"pixFmt":"yuv422p"}"#, "key 'pixFmt': the value 'yuv422p' is invalid: use yuv420p or yuv444p"),
    (#"{"fit":"stretch"}"#, "key 'fit': the value 'stretch' is invalid: use contain, cover or fill"),
    (
      #"{"background":"plaid"}"#,
      "key 'background': the value 'plaid' is invalid: use #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla(), a CSS colour name or 'transparent'"
    ),
    (#"{"format":"mp4","codec":"vp9"}"#, "key 'codec': 'vp9' cannot go in a .mp4 file"),
    (#"{"format":"mp4","codec":"hevc","crf":55}"#, "key 'crf': h265 takes 0 to 51 (VP9 and AV1 take 0 to 63)"),
    (#"{"description":5}"#, "key 'description': expected a string"),
    (#"{"audio":""}"#, "key 'audio': expected the path of a sound file"),
    (
      #"{"colour":"red"}"#,
      "unknown key 'colour' (known keys: description, format, fps, width, height, fit, textFit, padding, background, codec, crf, bitrate, pixFmt, quality, lossless, codecPreset, loop, dither, gifPalette, audio, audioOffset, audioLoop, noAudio, audioBitrate, maxFps, maxDuration, maxBytes, minFps, minScale)"
    ),
    (#"[1,2]"#, "expected a JSON object"),
    (#"{"fps":"#, "not valid JSON"),
  ])
  func invalidPresetNamesFileAndKey(json: String, message: String) async throws {
    let (directory, input) = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let preset = directory.appendingPathComponent("x.json")
    try Data(json.utf8).write(to: preset)
    let output = directory.appendingPathComponent("out.mp4").path
    let result = try await CommandRunner.lottie2video([input, "-o", output, "--preset", preset.path])
    #expect(result.exited(64), "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderr == "Error: \(preset.path): \(message)\n")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func helpDocumentsTheNewOptions() async throws {
    let result = try await CommandRunner.lottie2video(["--help"])
    for option in [
      "--frames <a-b>", "--progress <from-to>", "--marker <name>", "--speed <x>", "--repeat <n>", "--bounce",
      "--duration <seconds>", "--size <size>", "--padding <n>", "--preset <name|file>", "presets",
    ] {
      #expect(result.stdout.contains(option), "\(option)")
    }
  }
}
