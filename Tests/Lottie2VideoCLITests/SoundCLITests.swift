import Foundation
import TestSupport
import Testing

/// Sound through the built binary: `--audio` soundtracks and the animation's own audio layers in every
/// container that carries sound (checked with ffprobe and ffmpeg's decoder), the options that place them, and
/// the formats that say the sound was left out.
struct SoundCLITests {
  static let rate = 48_000

  /// A 30 fps, 60-frame (2 s) animation of a moving square, with one audio layer playing a 1 s tone from
  /// `toneStart` seconds when `audioLayer` (the sound as a WAV data URI, or the file `soundFile` in the
  /// asset's `u` folder).
  static func animation(
    audioLayer: Bool = false, toneStart: Double = 0, soundFile: (folder: String, name: String)? = nil
  )
    -> String
  {
    let square =
      #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[4,16]},{"t":59,"s":[28,16]}]}},"#
      + #""shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[8,8]},"r":{"a":0,"k":0}},"#
      + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
    guard audioLayer || soundFile != nil else {
      return #"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":32,"h":32,"layers":[\#(square)]}"#
    }
    let asset: String
    if let soundFile {
      asset = #"{"id":"tone","u":"\#(soundFile.folder)","p":"\#(soundFile.name)","e":0}"#
    } else {
      let wav = MediaToolRunner.toneWAV(seconds: 1, amplitude: 0.5)
      asset = #"{"id":"tone","u":"","p":"data:audio/wav;base64,\#(Data(wav).base64EncodedString())","e":1}"#
    }
    let frame = toneStart * 30
    let sound =
      #"{"ty":6,"ind":2,"nm":"tone","refId":"tone","ip":\#(frame),"op":60,"st":\#(frame),"au":{"lv":{"a":0,"k":[100,100]}}}"#
    return #"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":32,"h":32,"assets":[\#(asset)],"layers":[\#(square),\#(sound)]}"#
  }

  /// A fresh folder holding `files` (name → contents).
  static func folder(_ files: [String: Data]) throws -> URL {
    let directory = Fixtures.temporaryDirectory()
    for (name, contents) in files {
      let url = directory.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try contents.write(to: url)
    }
    return directory
  }

  static func tone(seconds: Double, start: Double = 0) -> Data {
    Data(MediaToolRunner.toneWAV(seconds: seconds, startSeconds: start, amplitude: 0.5))
  }

  /// The decoded sound's length in seconds and where it first gets loud (sample frames).
  static func decoded(_ path: String) throws -> (seconds: Double, firstLoud: Int?, lastLoud: Int?) {
    let samples = try MediaToolRunner.decodeAudio(path)
    return (
      Double(samples.count / 2) / Double(rate), MediaToolRunner.firstLoudFrame(samples, threshold: 0.25),
      MediaToolRunner.lastLoudFrame(samples, threshold: 0.25)
    )
  }

  /// A soundtrack under the video in MP4, MOV and WebM: the container's codec at 48 kHz, as long as the video
  /// to within one audio frame (AAC 1024 samples, Opus 960), the tone where it was put.
  /// Standard output too (`-`: fragmented MP4 and WebM as they stream).
  @Test(arguments: [
    ("mp4", "aac", 1024), ("m4v", "aac", 1024), ("mov", "aac", 1024), ("webm", "opus", 960), ("-mp4", "aac", 1024),
    ("-webm", "opus", 960),
  ])
  func soundtrackInEveryContainerThatCarriesSound(ext: String, codec: String, frameSamples: Int) async throws {
    let directory = try Self.folder(["a.json": Data(Self.animation().utf8), "tone.wav": Self.tone(seconds: 1)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let piped = ext.hasPrefix("-")
    let output = directory.appendingPathComponent("out." + (piped ? String(ext.dropFirst()) : ext)).path
    let result = try await CommandRunner.lottie2video(
      [
        directory.appendingPathComponent("a.json").path, "-o", piped ? "-" : output, "--audio",
        directory.appendingPathComponent("tone.wav").path, "--audio-offset", "0.5", "--background", "white",
      ] + (piped ? ["--format", String(ext.dropFirst())] : []), stdoutTo: piped ? output : nil)
    #expect(result.exited(0), "\(result)")
    #expect((piped ? result.stderr : result.stdout).contains(", with sound, "), "\(result)")
    let audio = try #require(try MediaToolRunner.audioStream(output), "no audio stream in \(output)")
    #expect(audio["codec_name"] as? String == codec)
    #expect(audio["sample_rate"] as? String == "48000")
    var sound = try Self.decoded(output)
    // A fragmented MP4 keeps AAC's priming at negative time (start_time -0.021333, where a file's edit list
    // starts at 0): ffmpeg's decoder hands those samples out too, so count from the stream's start.
    // (WebM's Opus pre-skip also shows as a negative start, but the decoder drops it.)
    let start = Double(audio["start_time"] as? String ?? "") ?? 0
    if codec == "aac" && start < 0 {
      let skipped = Int((-start * Double(Self.rate)).rounded())
      sound = (sound.seconds + start, sound.firstLoud.map { $0 - skipped }, sound.lastLoud.map { $0 - skipped })
    }
    #expect(
      abs(sound.seconds - 2) <= Double(frameSamples) / Double(Self.rate), "\(sound.seconds) s of sound for 2 s of video"
    )
    // 0.5 s in, for 1 s.
    #expect(abs((sound.firstLoud ?? 0) - 24_000) <= 120 && abs((sound.lastLoud ?? 0) - 72_000) <= 120, "\(sound)")
  }

  /// A short file loops with --audio-loop to the end; a negative offset starts the video into the file; a
  /// longer file is cut at the video's end.
  @Test func loopOffsetAndCut() async throws {
    let directory = try Self.folder([
      "a.json": Data(Self.animation().utf8), "short.wav": Self.tone(seconds: 0.5),
      "long.wav": Self.tone(seconds: 5, start: 1),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("a.json").path
    func export(_ name: String, _ options: [String]) async throws -> (seconds: Double, firstLoud: Int?, lastLoud: Int?)
    {
      let output = directory.appendingPathComponent(name).path
      let result = try await CommandRunner.lottie2video([input, "-o", output, "-q", "--background", "white"] + options)
      #expect(result.exited(0), "\(result)")
      return try Self.decoded(output)
    }
    let looped = try await export(
      "looped.mp4", ["--audio", directory.appendingPathComponent("short.wav").path, "--audio-loop"])
    #expect((looped.lastLoud ?? 0) > 94_000, "a looped 0.5 s tone sounds to the end: \(looped)")
    let once = try await export("once.mp4", ["--audio", directory.appendingPathComponent("short.wav").path])
    #expect(abs((once.lastLoud ?? 0) - 24_000) <= 120, "played once: \(once)")
    // long.wav is silent for 1 s: -0.5 starts the video half a second into it, so the tone starts at 0.5 s.
    let early = try await export(
      "early.webm", ["--audio", directory.appendingPathComponent("long.wav").path, "--audio-offset", "-0.5"])
    #expect(abs((early.firstLoud ?? 0) - 24_000) <= 120 && abs(early.seconds - 2) <= 0.02, "\(early)")
  }

  /// The corpus file with audio layers exports with sound and no warning; --no-audio leaves its sound out.
  @Test(.enabled(if: Fixtures.corpus != nil, "the shared corpus is absent (set L2V_CORPUS)"))
  func animationAudioAndNoAudio() async throws {
    let corpus = try #require(Fixtures.corpus)
    let input = corpus.appendingPathComponent(
      "dotlottie-rs__dotlottie-rs--assets--animations--lottie--happy_birthday_audio.json"
    ).path
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("hb.mp4").path
    let with = try await CommandRunner.lottie2video([
      input, "-o", output, "--width", "64", "--max-frames", "30", "--background", "white",
    ])
    #expect(with.exited(0) && with.stderr == "", "\(with)")
    #expect(try MediaToolRunner.audioStream(output)?["codec_name"] as? String == "aac")
    let without = try await CommandRunner.lottie2video([
      input, "-o", output, "--width", "64", "--max-frames", "30", "--background", "white", "--no-audio", "--strict",
    ])
    #expect(without.exited(0), "\(without)")
    #expect(try MediaToolRunner.audioStream(output) == nil)
  }

  /// GIF, WebP, APNG and PNG sequences have no sound: a note says so, once for a whole batch.
  @Test(arguments: ["gif", "webp", "apng", "png"])
  func silentFormatsSayTheSoundWasLeftOut(format: String) async throws {
    let json = Data(Self.animation(audioLayer: true).utf8)
    let directory = try Self.folder(["a.json": json, "b.json": json, "tone.wav": Self.tone(seconds: 1)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("out").path
    let inputs = ["a.json", "b.json"].map { directory.appendingPathComponent($0).path }
    let batch = try await CommandRunner.lottie2video(
      inputs + ["-o", out, "--format", format, "--max-frames", "4", "--jobs", "1"])
    #expect(batch.exited(0), "\(batch)")
    let notes = batch.stderr.split(separator: "\n").filter { $0.contains("has no sound") }
    #expect(
      notes == [
        "note: \(format.uppercased()) has no sound: the animation's audio layers left out (MP4, M4V, MOV and WebM carry sound)"
      ],
      "\(batch.stderr)")
    let single = try await CommandRunner.lottie2video([
      inputs[0], "-o", out + "/single." + (format == "png" ? "png" : format), "--max-frames", "2", "--audio",
      directory.appendingPathComponent("tone.wav").path,
    ])
    #expect(single.exited(0), "\(single)")
    #expect(single.stderr.contains("has no sound: the --audio soundtrack left out"), "\(single.stderr)")
  }

  /// The options that place a soundtrack need one; bit rates are checked like --bitrate; a file that is not
  /// sound fails before anything is written, naming it.
  @Test func mistakesAreCaughtUpFront() async throws {
    let directory = try Self.folder(["a.json": Data(Self.animation().utf8), "noise.wav": Data("not a sound".utf8)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("a.json").path
    let output = directory.appendingPathComponent("o.mp4").path
    let offset = try await CommandRunner.lottie2video([input, "-o", output, "--audio-offset", "1"])
    #expect(offset.exited(64))
    #expect(
      offset.stderr.hasPrefix("Error: --audio-offset places the --audio <file> soundtrack; give --audio too\n"),
      "\(offset)")
    let rate = try await CommandRunner.lottie2video([input, "-o", output, "--audio-bitrate", "4k"])
    #expect(rate.exited(64))
    #expect(
      rate.stderr.hasPrefix(
        "Error: The value '4k' is invalid for '--audio-bitrate <rate>': bits per second from 8k to 512k, e.g. 96k\n"),
      "\(rate)")
    let noise = directory.appendingPathComponent("noise.wav").path
    let bad = try await CommandRunner.lottie2video([input, "-o", output, "--audio", noise])
    #expect(bad.exited(1))
    #expect(bad.stderr.contains(noise), "\(bad)")
    #expect(directoryListing(directory) == ["a.json", "noise.wav"])
  }

  /// --audio-bitrate reaches the encoder.
  @Test func audioBitrate() async throws {
    let directory = try Self.folder(["a.json": Data(Self.animation().utf8), "tone.wav": Self.tone(seconds: 2)])
    defer { try? FileManager.default.removeItem(at: directory) }
    var rates: [Int] = []
    for rate in ["64k", "256k"] {
      let output = directory.appendingPathComponent("r\(rate).mp4").path
      let result = try await CommandRunner.lottie2video([
        directory.appendingPathComponent("a.json").path, "-o", output, "-q", "--audio",
        directory.appendingPathComponent("tone.wav").path, "--audio-bitrate", rate,
      ])
      #expect(result.exited(0), "\(result)")
      rates.append(Int(try MediaToolRunner.audioStream(output)?["bit_rate"] as? String ?? "") ?? 0)
    }
    // A pure tone needs far less than 256k, but the encoder's target follows the option.
    #expect(rates[0] > 0 && rates[0] < rates[1], "\(rates)")
  }

  /// A preset may carry a soundtrack (relative to the preset file), its offset and the audio bit rate; the
  /// command line's --audio replaces it.
  @Test func presetSoundtrack() async throws {
    let preset = #"{"format":"mp4","audio":"jingle.wav","audioOffset":1,"audioBitrate":"96k","background":"white"}"#
    let directory = try Self.folder([
      "a.json": Data(Self.animation().utf8), "presets/brand.json": Data(preset.utf8),
      "presets/jingle.wav": Self.tone(seconds: 0.5),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("o.mp4").path
    let result = try await CommandRunner.lottie2video([
      directory.appendingPathComponent("a.json").path, "-o", output, "--preset",
      directory.appendingPathComponent("presets/brand.json").path,
    ])
    #expect(result.exited(0), "\(result)")
    let sound = try Self.decoded(output)
    #expect(abs((sound.firstLoud ?? 0) - 48_000) <= 120, "the jingle starts at 1 s: \(sound)")
    let bad = try Self.folder(["p.json": Data(#"{"audioLoop":true}"#.utf8)])
    defer { try? FileManager.default.removeItem(at: bad) }
    let refused = try await CommandRunner.lottie2video([
      directory.appendingPathComponent("a.json").path, "-o", output, "--preset",
      bad.appendingPathComponent("p.json").path,
    ])
    #expect(refused.exited(64), "a broken preset is a bad option value: \(refused)")
    #expect(refused.stderr.contains("key 'audioLoop': places the preset's 'audio' file; set 'audio' too"), "\(refused)")
  }

  /// A dotLottie archive's sound files (version 2 under u/, version 1 under audio/) play.
  @Test(arguments: [("u/", "v2"), ("audio/", "v1")])
  func soundInsideAnArchive(folder: String, version: String) async throws {
    let json = Self.animation(toneStart: 0.5, soundFile: (folder: "/" + folder, name: "tone.wav"))
    let manifest =
      version == "v2"
      ? #"{"version":"2","animations":[{"id":"a"}]}"# : #"{"version":"1","animations":[{"id":"a"}]}"#
    let animationPath = version == "v2" ? "a/a.json" : "animations/a.json"
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let archive = directory.appendingPathComponent("sound.lottie").path
    try TestArchive.zip(
      [
        "manifest.json": Data(manifest.utf8), animationPath: Data(json.utf8),
        folder + "tone.wav": Self.tone(seconds: 1),
      ],
      to: archive)
    let output = directory.appendingPathComponent("o.webm").path
    let result = try await CommandRunner.lottie2video([archive, "-o", output, "--strict"])
    #expect(result.exited(0) && !result.stderr.contains("warning"), "\(result)")
    let sound = try Self.decoded(output)
    #expect(abs((sound.firstLoud ?? 0) - 24_000) <= 120, "the layer starts at frame 15: \(sound)")
  }

  /// A --data run and a batch give every file the soundtrack.
  @Test func batchAndDataRunsCarryTheSoundtrack() async throws {
    let directory = try Self.folder([
      "a.json": Data(Self.animation().utf8), "b.json": Data(Self.animation().utf8), "tone.wav": Self.tone(seconds: 1),
      "rows.csv": Data("name\none\ntwo\n".utf8),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let tone = directory.appendingPathComponent("tone.wav").path
    let a = directory.appendingPathComponent("a.json").path
    let batch = try await CommandRunner.lottie2video([
      a, directory.appendingPathComponent("b.json").path, "-o", directory.appendingPathComponent("batch").path,
      "--audio", tone,
      "--format", "webm", "-q",
    ])
    #expect(batch.exited(0), "\(batch)")
    let data = try await CommandRunner.lottie2video([
      a, "--data", directory.appendingPathComponent("rows.csv").path, "-o", directory.path + "/data/{name}.mov",
      "--audio", tone,
      "-q",
    ])
    #expect(data.exited(0), "\(data)")
    for file in ["batch/a.webm", "batch/b.webm", "data/one.mov", "data/two.mov"] {
      let stream = try MediaToolRunner.audioStream(directory.appendingPathComponent(file).path)
      #expect(stream?["codec_name"] as? String == (file.hasSuffix("webm") ? "opus" : "aac"), "\(file)")
    }
  }
}

/// Zip files for the tests, written with Python's `zipfile` (a writer independent of the libzip under test).
enum TestArchive {
  static func zip(_ entries: [String: Data], to path: String) throws {
    let spec: [String: Any] = ["path": path, "entries": entries.mapValues { $0.base64EncodedString() }]
    let script = """
      import base64, json, sys, zipfile
      spec = json.load(sys.stdin)
      with zipfile.ZipFile(spec["path"], "w", zipfile.ZIP_DEFLATED) as z:
          for name, data in sorted(spec["entries"].items()):
              z.writestr(name, base64.b64decode(data))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let input = Pipe()
    process.standardInput = input
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: try JSONSerialization.data(withJSONObject: spec))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ToolFailure(description: "python3 could not write the test archive \(path)")
    }
  }
}
