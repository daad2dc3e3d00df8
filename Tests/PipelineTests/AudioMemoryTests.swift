import Foundation
import Lottie
import TestSupport
import Testing
import VideoEncoding

@testable import Pipeline

/// Sounds cost memory for what can be heard, not for what the files hold: each layer's span of its sound
/// (through precomps and time remaps, clamped to the video), identical sounds decoded once, and the estimate
/// checked before anything is decoded.
struct AudioMemoryTests {
  /// A 30 s mono Opus tone at 6 kb/s (about 25 KB), made once with the `ffmpeg` binary.
  static let longSound: Data? = {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("long.opus").path
    _ = try? MediaToolRunner.run(
      "ffmpeg",
      ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=f=440:d=30", "-ac", "1", "-c:a", "libopus", "-b:a", "6k", path])
    return try? Data(contentsOf: URL(fileURLWithPath: path))
  }()

  /// A 30 fps, 1 s (30 frame) animation with one audio layer per entry of `layers` (its sound asset's id
  /// and its start time `st` in frames), the assets `sounds` (id and bytes).
  static func animation(sounds: [(id: String, bytes: Data)], layers: [(id: String, st: Double)]) throws -> Animation {
    let assets = sounds.map {
      #"{"id": "\#($0.id)", "e": 1, "u": "", "p": "data:audio/ogg;base64,\#($0.bytes.base64EncodedString())"}"#
    }
    let audio = layers.enumerated().map { i, layer in
      #"{"ty": 6, "ind": \#(i + 1), "ip": 0, "op": 30, "st": \#(layer.st), "refId": "\#(layer.id)", "au": {"lv": {"a": 0, "k": [100, 100]}}}"#
    }
    let json = #"""
      {"v": "5.7", "fr": 30, "ip": 0, "op": 30, "w": 32, "h": 32, "assets": [\#(assets.joined(separator: ", "))],
       "layers": [\#(audio.joined(separator: ", "))]}
      """#
    return try LottieParser.parse(bytes: Array(json.utf8), file: "sounds.json")
  }

  static func mix(_ animation: Animation, reserve: (Int) throws -> Void = { _ in }) throws -> (AudioMix?, [Diagnostic])
  {
    let schedule = try FrameSchedule(animation: animation, fps: 30)
    return try AudioMix.make(
      animation: animation, schedule: schedule, fps: 30, options: AudioOptions(), reserve: reserve)
  }

  /// Six layers each playing one second of a different 30 s sound: six seconds of samples (and a margin),
  /// where each sound used to be decoded whole (30 s each; 600 s, 230 MB, for the review's files).
  @Test func onlyTheSecondEachLayerPlaysIsDecoded() throws {
    let sound = try #require(Self.longSound, "ffmpeg could not make the test sound")
    // Different bytes for each asset (a trailing byte Ogg ignores), so none is shared.
    let sounds = (0..<6).map { (id: "s\($0)", bytes: sound + Data([UInt8($0)])) }
    let animation = try Self.animation(sounds: sounds, layers: sounds.map { ($0.id, 0) })
    var reserved: Int?
    let (mix, notes) = try Self.mix(animation) { reserved = $0 }
    let bytes = try #require(mix).decodedBytes
    #expect(notes.isEmpty, "\(notes)")
    let second = AudioFormat.bytesPerSecond
    #expect(bytes > 6 * second && bytes < 6 * second * 12 / 10, "\(bytes) bytes decoded")
    // The estimate came first, and holds what was decoded.
    let estimate = try #require(reserved)
    #expect(estimate >= bytes && estimate < 6 * second * 12 / 10, "estimated \(estimate) for \(bytes)")
  }

  /// A layer whose start time is 20 s before the video: it plays the sound's 21st second, and only that is
  /// decoded, from its place in the sound.
  @Test func aLaterStretchIsDecodedFromItsPlace() throws {
    let sound = try #require(Self.longSound, "ffmpeg could not make the test sound")
    let animation = try Self.animation(sounds: [("s", sound)], layers: [("s", -600)])
    let mix = try #require(try Self.mix(animation).0)
    #expect(mix.decodedBytes < AudioFormat.bytesPerSecond * 12 / 10)
    // What is heard is the tone (the sound is a tone throughout): loud samples in the output.
    var samples = [Float](repeating: 0, count: 2 * 48_000)
    samples.withUnsafeMutableBufferPointer { mix.fill($0, startingAt: 0) }
    #expect(samples.contains { abs($0) > 0.05 })
  }

  /// Two assets with the same bytes and a layer that is never heard: one sound is decoded.
  @Test func identicalSoundsAreDecodedOnce() throws {
    let sound = try #require(Self.longSound, "ffmpeg could not make the test sound")
    let animation = try Self.animation(
      sounds: [("a", sound), ("b", sound), ("c", sound + Data([1]))], layers: [("a", 0), ("b", 0), ("c", 900)])
    let mix = try #require(try Self.mix(animation).0)
    // "c" starts 30 s after the video ends: never heard, never decoded.
    #expect(mix.decodedBytes < AudioFormat.bytesPerSecond * 12 / 10, "\(mix.decodedBytes)")
  }

  /// The export is refused with the estimate before anything is decoded; the estimate names the sound.
  @Test func tooMuchSoundIsRefusedBeforeDecoding() throws {
    let sound = try #require(Self.longSound, "ffmpeg could not make the test sound")
    let animation = try Self.animation(sounds: [("s", sound)], layers: [("s", 0)])
    struct Refused: Error {}
    var calls = 0
    #expect(throws: Refused.self) {
      _ = try Self.mix(animation) { _ in
        calls += 1
        throw Refused()
      }
    }
    #expect(calls == 1)
    // Through the exporter: the memory refusal counts the sound's second, not its 30 s.
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var options = ExportOptions(
      outputPath: directory.appendingPathComponent("out.mp4").path,
      render: RenderSettings(width: 32, height: 32, background: RGBA(1, 1, 1)), fps: 30)
    let base = MemoryEstimate(
      render: options.videoRender, settings: EncoderSettings(width: 32, height: 32, fps: 30), codec: .h264)
    options.memoryLimit = base.totalBytes + 1000
    let error = #expect(throws: ExportError.self) { try Exporter.export(animation: animation, options: options) }
    guard case .memoryLimit(let estimate, _)? = error else {
      Issue.record("not refused for memory: \(String(describing: error))")
      return
    }
    #expect(
      estimate.audioBytes > AudioFormat.bytesPerSecond && estimate.audioBytes < AudioFormat.bytesPerSecond * 12 / 10)
  }

  /// However long a file says it is, decoding stops at twice that plus 2 s: the estimate holds.
  @Test func declaredLengthBoundsTheDecoding() {
    #expect(AudioMix.decodedSeconds(start: 0, end: 100, declared: 1) == 4)
    #expect(AudioMix.decodedSeconds(start: 1, end: 3, declared: 60) == 2)
    #expect(AudioMix.decodedSeconds(start: 10, end: 20, declared: 2) == 0)
    #expect(AudioMix.decodedSeconds(start: 0, end: 5, declared: nil) == 5)
  }

  /// Spans through a precomp with a stretch, and through a time remap.
  @Test func spansFollowPrecompsAndTimeRemaps() throws {
    let layer = try Layer.audioForSpans(ip: 0, op: 300, st: 0)
    // The video shows frames 0..<30 (1 s at 30 fps).
    let frames = try #require(AudioMix.playedFrames(FrameSchedule(startFrame: 0, step: 1, count: 30)))
    #expect(frames == 0...30)
    let plain = AudioMix.LayerPlacement(chain: [], layer: layer, settings: AudioLayerSettings(soundID: "s"))
    let span = try #require(AudioMix.soundSpan(plain, frames: frames, frameRate: 30))
    #expect(abs(span.lowerBound - 0) < 1e-9 && abs(span.upperBound - (1 + AudioMix.spanMargin)) < 1e-9, "\(span)")
    // Inside a precomp stretched by 2 that starts at frame 10: its composition runs from 0 to 10 frames.
    let precomp = try Layer.audioForSpans(ip: 10, op: 300, st: 10, stretch: 2)
    let stretched = AudioMix.LayerPlacement(chain: [precomp], layer: layer, settings: AudioLayerSettings(soundID: "s"))
    let inner = try #require(AudioMix.soundSpan(stretched, frames: frames, frameRate: 30))
    #expect(abs(inner.upperBound - (10.0 / 30 + AudioMix.spanMargin)) < 1e-9, "\(inner)")
    // A time remap from 100 s to 101 s over the video's second.
    let remap = Animatable<Double>.keyframed([Keyframe(frame: 0, value: 100), Keyframe(frame: 30, value: 101)])
    let remapped = AudioMix.LayerPlacement(
      chain: [], layer: layer, settings: AudioLayerSettings(soundID: "s", timeRemap: remap))
    let far = try #require(AudioMix.soundSpan(remapped, frames: frames, frameRate: 30))
    #expect(far.lowerBound > 99.8 && far.lowerBound < 100 && far.upperBound > 101 && far.upperBound < 101.2, "\(far)")
    // A layer that ends before the video starts is never heard.
    let early = AudioMix.LayerPlacement(
      chain: [], layer: try Layer.audioForSpans(ip: -60, op: -30, st: -60), settings: AudioLayerSettings(soundID: "s"))
    #expect(AudioMix.soundSpan(early, frames: frames, frameRate: 30) == nil)
  }
}

extension Layer {
  /// An audio layer with the given timing (everything else empty), parsed like any other.
  static func audioForSpans(ip: Double, op: Double, st: Double, stretch: Double = 1) throws -> Layer {
    let json = #"""
      {"v": "5.7", "fr": 30, "ip": 0, "op": 30, "w": 32, "h": 32, "assets": [{"id": "s", "e": 1, "u": "", "p": "data:audio/wav;base64,"}],
       "layers": [{"ty": 6, "ind": 1, "ip": \#(ip), "op": \#(op), "st": \#(st), "sr": \#(stretch), "refId": "s"}]}
      """#
    return try #require(try LottieParser.parse(bytes: Array(json.utf8), file: "span.json").layers.first)
  }
}
