import Foundation
import Lottie
import TestSupport
import Testing
import VideoEncoding

@testable import Pipeline

/// Sound through the whole export: audio layers placed on the video's timeline, soundtracks under it,
/// checked on the decoded file (ffmpeg) and on the mixer's exact samples.
@Suite(.heavy)
struct AudioExportTests {
  static let rate = 48_000

  /// A 30 fps, 2 s (60 frame) animation with one audio layer playing `tone` (a WAV data URI), with the
  /// layer's `ip`, `op`, `st` and `sr`, inside `precomp` layers when given (each `(ip, op, st, sr)`).
  static func animation(
    toneSeconds: Double = 1, ip: Double = 0, op: Double = 60, st: Double = 0, sr: Double = 1, level: Double = 100,
    precomp: (ip: Double, op: Double, st: Double, sr: Double)? = nil, timeRemap: String? = nil
  ) throws -> Animation {
    let wav = MediaToolRunner.toneWAV(seconds: toneSeconds, amplitude: 0.5)
    let uri = "data:audio/wav;base64," + Data(wav).base64EncodedString()
    let tm = timeRemap.map { #", "tm": \#($0)"# } ?? ""
    let audioLayer = #"""
      {"ty": 6, "ind": 1, "nm": "tone", "ip": \#(ip), "op": \#(op), "st": \#(st), "sr": \#(sr), "refId": "tone",
       "au": {"lv": {"a": 0, "k": [\#(level), \#(level)]}}\#(tm)}
      """#
    var assets = #"{"id": "tone", "e": 1, "u": "", "p": "\#(uri)"}"#
    let layers: String
    if let precomp {
      assets += #", {"id": "inner", "w": 32, "h": 32, "layers": [\#(audioLayer)]}"#
      layers = #"""
        [{"ty": 0, "ind": 1, "refId": "inner", "w": 32, "h": 32, "ip": \#(precomp.ip), "op": \#(precomp.op),
          "st": \#(precomp.st), "sr": \#(precomp.sr), "ks": {}}]
        """#
    } else {
      layers = "[\(audioLayer)]"
    }
    let json =
      #"{"v": "5.7", "fr": 30, "ip": 0, "op": 60, "w": 32, "h": 32, "assets": [\#(assets)], "layers": \#(layers)}"#
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "tone.json")
    #expect(animation.diagnostics.isEmpty, "\(animation.diagnostics)")
    return animation
  }

  /// Exports `animation` to `file` in a fresh folder and returns the result and the decoded sound.
  static func export(
    _ animation: Animation, file: String = "out.mp4", configure: (inout ExportOptions) -> Void = { _ in }
  ) throws -> (result: ExportResult, samples: [Float]) {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(file).path
    var options = ExportOptions(
      outputPath: path, render: RenderSettings(width: 32, height: 32, background: RGBA(1, 1, 1)), fps: 30)
    configure(&options)
    let result = try Exporter.export(animation: animation, options: options)
    let samples = result.hasAudio ? try MediaToolRunner.decodeAudio(path) : []
    return (result, samples)
  }

  /// The loud stretch of decoded stereo samples, in sample frames.
  static func loudRange(_ samples: [Float]) -> ClosedRange<Int>? {
    guard let first = MediaToolRunner.firstLoudFrame(samples, threshold: 0.25),
      let last = MediaToolRunner.lastLoudFrame(samples, threshold: 0.25)
    else { return nil }
    return first...last
  }

  /// Whether `value` is within `tolerance` sample frames of `expected` (AAC smears edges by a few samples;
  /// the threshold of a quarter of the amplitude lands within half a period of a 440 Hz tone, 55 samples).
  static func near(_ value: Int?, _ expected: Int, tolerance: Int = 120) -> Bool {
    guard let value else { return false }
    return abs(value - expected) <= tolerance
  }

  // MARK: - Audio layers

  @Test func toneStartsAtTheLayersInPoint() throws {
    // In at frame 15 (0.5 s) with its start time there too: the sound's first sample plays at 24000.
    let (result, samples) = try Self.export(try Self.animation(ip: 15, st: 15))
    #expect(result.hasAudio && result.diagnostics.isEmpty)
    let loud = try #require(Self.loudRange(samples))
    #expect(Self.near(loud.lowerBound, 24_000), "starts at \(loud.lowerBound)")
    #expect(Self.near(loud.upperBound, 72_000), "ends at \(loud.upperBound)")
    #expect(abs(samples.count / 2 - 96_000) <= 1024, "the sound lasts as long as the 2 s video")
  }

  @Test func mixerSamplesAreExact() throws {
    // The mixer itself: silence before the in point, the tone's own samples after it, to the sample.
    let animation = try Self.animation(ip: 15, st: 15)
    let schedule = try Timeline(animation: animation).schedule(fps: 30)
    let (mix, notes) = try AudioMix.make(animation: animation, schedule: schedule, fps: 30, options: AudioOptions())
    #expect(notes.isEmpty)
    let source = try #require(mix)
    var buffer = [Float](repeating: 1, count: 2 * 200)
    buffer.withUnsafeMutableBufferPointer { source.fill($0, startingAt: 23_900) }
    #expect(buffer[0..<200].allSatisfy { $0 == 0 })
    // Sample 24000 + k is the tone's sample k: 0.5 sin(2π 440 k / 48000), as 16-bit PCM.
    for k in [1, 10, 50] {
      let expected = 0.5 * sin(2 * Double.pi * 440 * Double(k) / 48_000)
      #expect(abs(Double(buffer[2 * (100 + k)]) - expected) < 1e-3)
    }
  }

  @Test func startTimeOffsetsTheSound() throws {
    // In at frame 15 but started at frame 0: the first half second of the sound is skipped, so the 1 s
    // tone ends at 1 s.
    let (_, samples) = try Self.export(try Self.animation(ip: 15, st: 0))
    let loud = try #require(Self.loudRange(samples))
    #expect(Self.near(loud.lowerBound, 24_000) && Self.near(loud.upperBound, 48_000), "\(loud)")
  }

  @Test func outPointCutsTheSound() throws {
    let (_, samples) = try Self.export(try Self.animation(toneSeconds: 2, op: 30))
    let loud = try #require(Self.loudRange(samples))
    #expect(Self.near(loud.lowerBound, 0) && Self.near(loud.upperBound, 48_000), "\(loud)")
  }

  @Test func speedTwoHalvesTheLength() throws {
    let animation = try Self.animation(toneSeconds: 2)
    let (normal, normalSamples) = try Self.export(animation)
    let (fast, fastSamples) = try Self.export(animation) { options in
      var timeline = Timeline(animation: animation)
      timeline.speed = 2
      options.timeline = timeline
    }
    #expect(normal.frames == 60 && fast.frames == 30)
    let normalLoud = try #require(Self.loudRange(normalSamples))
    let fastLoud = try #require(Self.loudRange(fastSamples))
    #expect(
      Self.near(normalLoud.upperBound, 96_000) && Self.near(fastLoud.upperBound, 48_000), "\(normalLoud) \(fastLoud)")
  }

  @Test func stretchAndPrecompsMoveTheSound() throws {
    // The audio layer stretched 2x plays its 1 s tone over 2 s; inside a precomp started at frame 30
    // (1 s), it starts at 1 s and is cut by the video's end.
    let stretched = try Self.export(try Self.animation(sr: 2)).samples
    #expect(Self.near(Self.loudRange(stretched)?.upperBound, 96_000, tolerance: 1200))
    let nested = try Self.export(try Self.animation(precomp: (ip: 30, op: 60, st: 30, sr: 1))).samples
    let loud = try #require(Self.loudRange(nested))
    #expect(Self.near(loud.lowerBound, 48_000) && Self.near(loud.upperBound, 96_000), "\(loud)")
  }

  @Test func timeRemapPicksTheSoundsTime() throws {
    // tm holds the sound at 0.75 s from frame 0: a 0.25 s tone is never reached (silence); then a remap
    // running 0 → 0.5 s over the first 15 frames and holding plays only the first 0.5 s of the tone.
    let silent = try Self.export(try Self.animation(toneSeconds: 0.25, timeRemap: #"{"a": 0, "k": 0.75}"#)).samples
    #expect(Self.loudRange(silent) == nil)
    let ramp =
      #"{"a": 1, "k": [{"t": 0, "s": [0], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 15, "s": [0.5], "h": 1}]}"#
    let remapped = try Self.export(try Self.animation(timeRemap: ramp)).samples
    #expect(Self.near(Self.loudRange(remapped)?.upperBound, 24_000), "\(String(describing: Self.loudRange(remapped)))")
  }

  @Test func bounceIsSilentBackwards() throws {
    let animation = try Self.animation(toneSeconds: 2)
    let (result, samples) = try Self.export(animation) { options in
      var timeline = Timeline(animation: animation)
      timeline.bounce = true
      options.timeline = timeline
    }
    #expect(result.frames == 120)
    let loud = try #require(Self.loudRange(samples))
    #expect(Self.near(loud.upperBound, 96_000), "forward pass only: \(loud)")
    #expect(abs(samples.count / 2 - 192_000) <= 1024)
  }

  @Test func levelScalesTheSound() throws {
    let animation = try Self.animation(level: 25)
    let schedule = try Timeline(animation: animation).schedule(fps: 30)
    let source = try #require(
      try AudioMix.make(animation: animation, schedule: schedule, fps: 30, options: AudioOptions()).mix)
    var buffer = [Float](repeating: 0, count: 2 * 4_800)
    buffer.withUnsafeMutableBufferPointer { source.fill($0, startingAt: 0) }
    let peak = buffer.map(abs).max() ?? 0
    #expect(abs(peak - 0.125) < 0.002, "25% of a 0.5 tone peaks at 0.125, not \(peak)")
  }

  @Test(arguments: ["out.mov", "out.webm", "out.m4v"])
  func everyContainerWithSoundCarriesIt(file: String) throws {
    let (result, samples) = try Self.export(try Self.animation(ip: 15, st: 15), file: file)
    #expect(result.hasAudio)
    #expect(Self.near(Self.loudRange(samples)?.lowerBound, 24_000))
  }

  @Test(arguments: ["out.gif", "out.webp", "out.apng", "frames/%03d.png", "out.y4m"])
  func silentFormatsSayTheAudioWasLeftOut(file: String) throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("frames"), withIntermediateDirectories: true)
    var options = ExportOptions(
      outputPath: directory.appendingPathComponent(file).path, render: RenderSettings(width: 32, height: 32), fps: 10)
    options.maxFrames = 2
    options.audio.animationFile = "tone.json"
    let result = try Exporter.export(animation: try Self.animation(), options: options)
    let format = try #require(OutputFormat.from(path: file))
    #expect(!result.hasAudio)
    #expect(
      result.diagnostics.map(\.description) == [
        "tone.json: $: info: \(format.rawValue) has no sound: the animation's audio layers left out (MP4, MOV and WebM carry sound)"
      ])
  }

  @Test func noAudioDropsTheLayers() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("quiet.mp4").path
    var options = ExportOptions(outputPath: path, render: RenderSettings(width: 32, height: 32), fps: 30)
    options.audio.includesAnimationAudio = false
    let result = try Exporter.export(animation: try Self.animation(), options: options)
    #expect(!result.hasAudio && result.diagnostics.isEmpty)
    #expect(try MediaToolRunner.audioStream(path) == nil)
    #expect(try MediaToolRunner.streams(path).count == 1)
  }

  // MARK: - Soundtracks

  /// A WAV soundtrack of `seconds` of tone in a temporary file.
  static func soundtrack(seconds: Double, in directory: URL) throws -> String {
    let path = directory.appendingPathComponent("track-\(seconds).wav").path
    try Data(MediaToolRunner.toneWAV(sampleRate: 44_100, seconds: seconds, frequency: 220)).write(
      to: URL(fileURLWithPath: path))
    return path
  }

  /// An animation without sound, 2 s long.
  static func silentAnimation() throws -> Animation {
    try LottieParser.parse(
      bytes: Array(#"{"v": "5.7", "fr": 30, "ip": 0, "op": 60, "w": 32, "h": 32, "layers": []}"#.utf8),
      file: "silent.json")
  }

  @Test func shorterSoundtrackPlaysOnceOrLoops() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try Self.soundtrack(seconds: 0.8, in: directory)
    let (once, onceSamples) = try Self.export(try Self.silentAnimation()) {
      $0.audio.soundtrack = Soundtrack(path: track)
    }
    #expect(once.hasAudio)
    #expect(
      Self.near(Self.loudRange(onceSamples)?.upperBound, 38_400), "\(String(describing: Self.loudRange(onceSamples)))")
    #expect(abs(onceSamples.count / 2 - 96_000) <= 1024, "silence fills the rest of the video")
    let (_, loopSamples) = try Self.export(try Self.silentAnimation()) {
      $0.audio.soundtrack = Soundtrack(path: track, loops: true)
    }
    #expect(Self.near(Self.loudRange(loopSamples)?.upperBound, 96_000))
    // Looped, it is loud in its second pass too (1.0 s to 1.6 s).
    #expect(abs(loopSamples[2 * 60_000]) > 0.01 || abs(loopSamples[2 * 60_000 + 40]) > 0.01)
  }

  @Test func longerSoundtrackIsCutAtTheVideosEnd() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try Self.soundtrack(seconds: 5, in: directory)
    let (result, samples) = try Self.export(try Self.silentAnimation()) {
      $0.audio.soundtrack = Soundtrack(path: track, offset: 0.5)
    }
    #expect(result.hasAudio)
    let loud = try #require(Self.loudRange(samples))
    #expect(Self.near(loud.lowerBound, 24_000) && Self.near(loud.upperBound, 96_000), "\(loud)")
    #expect(abs(samples.count / 2 - 96_000) <= 1024)
    // A negative offset starts the video into the soundtrack: loud from the first sample.
    let (_, early) = try Self.export(try Self.silentAnimation()) {
      $0.audio.soundtrack = Soundtrack(path: track, offset: -1)
    }
    #expect(Self.near(Self.loudRange(early)?.lowerBound, 0))
  }

  @Test func soundtrackMixesWithTheLayers() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try Self.soundtrack(seconds: 5, in: directory)
    let animation = try Self.animation(ip: 30, st: 30)
    let schedule = try Timeline(animation: animation).schedule(fps: 30)
    var options = AudioOptions()
    options.soundtrack = Soundtrack(path: track)
    let source = try #require(
      try AudioMix.make(animation: animation, schedule: schedule, fps: 30, options: options).mix)
    var before = [Float](repeating: 0, count: 2 * 4_800)
    var after = [Float](repeating: 0, count: 2 * 4_800)
    before.withUnsafeMutableBufferPointer { source.fill($0, startingAt: 30_000) }
    after.withUnsafeMutableBufferPointer { source.fill($0, startingAt: 60_000) }
    // 0.5 + 0.5: both tones together reach past either alone.
    #expect((before.map(abs).max() ?? 0) < 0.51)
    #expect((after.map(abs).max() ?? 0) > 0.8)
  }

  @Test func unreadableSoundtrackFailsBeforeRendering() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("nothing.mp3").path
    let error = #expect(throws: AudioDecodingError.self) {
      try Self.export(try Self.silentAnimation()) { $0.audio.soundtrack = Soundtrack(path: missing) }
    }
    #expect(error?.description.hasPrefix("\(missing): cannot decode the audio: ") == true)
  }

  @Test func brokenSoundAssetIsAWarning() throws {
    var animation = try Self.animation()
    animation.sounds["tone"]?.fileName = "data:audio/mpeg;base64,AAAAAAAA"
    let (result, _) = try Self.export(animation) { $0.audio.animationFile = "tone.json" }
    #expect(!result.hasAudio)
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics.first?.severity == .warning)
    #expect(
      result.diagnostics.first?.description.hasPrefix(
        "tone.json: $.assets[0]: warning: sound asset 'tone': cannot decode the audio: ") == true)
  }

  /// A sound file beside the animation: played when it is a symbolic link to a sound (it was silently left
  /// out: the check looked at the link itself), refused with a warning when it is a FIFO (which would block
  /// the read) or missing.
  @Test func soundFilesAreReadThroughLinksButNotFromFIFOs() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let sounds = directory.appendingPathComponent("sounds")
    try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
    let real = directory.appendingPathComponent("real.wav")
    try Data(MediaToolRunner.toneWAV(seconds: 1, amplitude: 0.5)).write(to: real)
    #expect(symlink(real.path, sounds.appendingPathComponent("tone.wav").path) == 0)
    #expect(mkfifo(sounds.appendingPathComponent("fifo.wav").path, 0o600) == 0)
    func export(_ file: String) throws -> ExportResult {
      var animation = try Self.animation()
      animation.sounds["tone"]?.directory = "sounds/"
      animation.sounds["tone"]?.fileName = file
      animation.sounds["tone"]?.isEmbedded = false
      return try Self.export(animation) {
        $0.audio.assetsDirectory = directory.path
        $0.audio.animationFile = "tone.json"
      }.result
    }
    let linked = try export("tone.wav")
    #expect(linked.hasAudio && linked.diagnostics.isEmpty, "\(linked.diagnostics)")
    let fifo = try export("fifo.wav")
    #expect(!fifo.hasAudio)
    #expect(
      fifo.diagnostics.map(\.description) == [
        "tone.json: $.assets[0]: warning: sound asset 'tone': '\(sounds.path)/fifo.wav' is not a regular file; not played"
      ])
    let missing = try export("missing.wav")
    #expect(
      missing.diagnostics.map(\.description) == [
        "tone.json: $.assets[0]: warning: the sound file for sound asset 'tone' cannot be read; not played "
          + "(use --assets DIR to point elsewhere)"
      ])
  }

  // MARK: - The corpus file

  @Test(.enabled(if: Fixtures.corpus != nil)) func corpusFileWithAudioExportsWithoutWarnings() throws {
    let url = try #require(Fixtures.corpus).appendingPathComponent(
      "dotlottie-rs__dotlottie-rs--assets--animations--lottie--happy_birthday_audio.json")
    let animation = try LottieParser.load(contentsOf: url.path)
    #expect(animation.diagnostics.filter { $0.severity >= .warning }.isEmpty, "\(animation.diagnostics)")
    #expect(animation.images.isEmpty && animation.sounds.count == 3)
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("birthday.mp4").path
    var options = ExportOptions(
      outputPath: path, render: RenderSettings(width: 64, height: 64, background: RGBA(1, 1, 1)), fps: 10)
    options.audio.animationFile = url.path
    let result = try Exporter.export(animation: animation, options: options)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(result.hasAudio)
    let audio = try #require(try MediaToolRunner.audioStream(path))
    #expect(audio["codec_name"] as? String == "aac")
    let seconds = try #require((audio["duration"] as? String).flatMap(Double.init))
    #expect(
      abs(seconds - result.duration) <= 1024.0 / 48_000 + 1e-6, "\(seconds) s of sound, \(result.duration) s of video")
    // The piano starts at frame 75 (2.5 s) and the song plays from the start: sound all along.
    let samples = try MediaToolRunner.decodeAudio(path)
    #expect((samples[0..<48_000].map(abs).max() ?? 0) > 0.05)
  }
}
