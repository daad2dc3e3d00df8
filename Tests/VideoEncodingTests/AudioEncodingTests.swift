import Foundation
import Raster
import TestSupport
import Testing

@testable import VideoEncoding

/// A sine that starts at a given sample frame (silence before), for checking where sound lands.
final class ToneSource: AudioSampleSource {
  let startFrame: Int
  let frequency: Double
  let amplitude: Float
  /// The sample frames asked for, in order, to check that requests are contiguous.
  private(set) var requests: [Range<Int>] = []

  init(startFrame: Int = 0, frequency: Double = 440, amplitude: Float = 0.5) {
    self.startFrame = startFrame
    self.frequency = frequency
    self.amplitude = amplitude
  }

  func fill(_ samples: UnsafeMutableBufferPointer<Float>, startingAt firstFrame: Int) {
    let count = samples.count / 2
    requests.append(firstFrame..<(firstFrame + count))
    for i in 0..<count {
      let frame = firstFrame + i
      let value =
        frame < startFrame
        ? 0
        : amplitude
          * Float(sin(2 * Double.pi * frequency * Double(frame - startFrame) / Double(AudioFormat.sampleRate)))
      samples[2 * i] = value
      samples[2 * i + 1] = value
    }
  }
}

@Suite(.heavy)
struct AudioEncodingTests {
  /// One container with sound: its file name and the codec ffprobe must report.
  static let containers: [(file: String, codec: String)] = [
    ("clip.mp4", "aac"), ("clip.m4v", "aac"), ("clip.mov", "aac"), ("clip.webm", "opus"),
  ]

  /// Encodes `frames` solid frames at `fps` with `source` as the sound.
  static func encode(
    _ path: String, frames: Int = 30, fps: Double = 30, source: ToneSource, bitrate: Int? = nil
  ) throws {
    let settings = EncoderSettings(width: 64, height: 48, fps: fps, codec: nil)
    let encoder = try VideoEncoder(
      outputPath: path, settings: settings, audio: AudioInput(source: source, bitrate: bitrate))
    for index in 0..<frames {
      try encoder.append(solidFrame(width: 64, height: 48, red: UInt8(index * 8 % 256), green: 40, blue: 90))
    }
    try encoder.finish()
  }

  @Test(arguments: 0..<containers.count)
  func audioStreamMatchesTheVideo(index: Int) throws {
    let (file, codecName) = Self.containers[index]
    try withTemporaryDirectory { directory in
      let path = "\(directory)/\(file)"
      let source = ToneSource()
      // 45 frames at 30 fps: 1.5 s, not a whole number of AAC (1024) or Opus (960) frames.
      try Self.encode(path, frames: 45, source: source)
      let audio = try #require(try MediaToolRunner.audioStream(path), "\(file) has no audio stream")
      #expect(audio["codec_name"] as? String == codecName)
      #expect(audio["sample_rate"] as? String == "48000")
      #expect(audio["channels"] as? Int == 2)
      // The source was asked for exactly the video's length, in order, without gaps.
      #expect(source.requests.first?.lowerBound == 0)
      #expect(source.requests.last?.upperBound == 72_000)
      #expect(zip(source.requests, source.requests.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
      // Decoded, the sound lasts as long as the video to within one codec frame.
      let decoded = try MediaToolRunner.decodeAudio(path)
      let seconds = Double(decoded.count / 2) / 48_000
      #expect(abs(seconds - 1.5) <= 1024.0 / 48_000, "\(file): \(seconds) s of sound for 1.5 s of video")
      if let duration = (audio["duration"] as? String).flatMap(Double.init) {
        #expect(abs(duration - 1.5) <= 1024.0 / 48_000 + 1e-6, "\(file): audio stream lasts \(duration) s")
      }
      // The video is still all there.
      let video = try MediaTools.probe(path)
      #expect(video.string("codec_type") == "video")
      #expect(video.int("nb_read_frames") == 45)
    }
  }

  /// The sound starts at the sample the source says, in every container (the encoders' priming samples are
  /// hidden by edit lists and pre-skip).
  @Test(arguments: 0..<containers.count)
  func toneStartsAtItsSample(index: Int) throws {
    let file = Self.containers[index].file
    try withTemporaryDirectory { directory in
      let path = "\(directory)/\(file)"
      try Self.encode(path, frames: 30, source: ToneSource(startFrame: 24_000, amplitude: 0.5))
      let decoded = try MediaToolRunner.decodeAudio(path)
      let first = try #require(MediaToolRunner.firstLoudFrame(decoded, threshold: 0.25))
      // A lossy codec smears the onset by a few samples (pre-echo below a quarter of the amplitude).
      #expect(abs(first - 24_000) <= 48, "\(file): the tone starts at sample \(first), not 24000")
    }
  }

  /// Both streams start at 0 and end at the video's end: the video at its first and last frame, the sound at
  /// its first and last decoded sample. WebM used to start the video 7 ms late (FFmpeg 5.1's muxer shifted
  /// every stream to hide Opus's negative pre-skip timestamps). There ffprobe still reports the Opus stream
  /// from −0.007 s and the file 7 ms longer: that is the pre-skip itself (CodecDelay, 312 samples), which
  /// the decoder drops and players subtract.
  @Test(arguments: 0..<containers.count)
  func streamsStartAndEndWithTheVideo(index: Int) throws {
    let file = Self.containers[index].file
    try withTemporaryDirectory { directory in
      let path = "\(directory)/\(file)"
      try Self.encode(path, frames: 45, source: ToneSource())
      let streams = try MediaToolRunner.streams(path)
      let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
      #expect(
        (video["start_time"] as? String).flatMap(Double.init) == 0,
        "\(file): video starts at \(video["start_time"] ?? "?")")
      // The decoded sound, frame by frame: the first sample plays at 0, the last ends at 1.5 s.
      let output = try MediaToolRunner.run(
        "ffprobe",
        ["-v", "error", "-select_streams", "a", "-show_entries", "frame=pts_time,nb_samples", "-of", "csv=p=0", path])
      let frames = String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { line -> (Double, Int)? in
        let fields = line.split(separator: ",")
        guard fields.count == 2, let time = Double(fields[0]), let count = Int(fields[1]) else { return nil }
        return (time, count)
      }
      let first = try #require(frames.first, "\(file): no audio frames")
      #expect(abs(first.0) <= 0.0005, "\(file): the first sound plays at \(first.0) s")
      let audio = try #require(streams.first { $0["codec_type"] as? String == "audio" })
      if file.hasSuffix(".webm") {
        // The last packet's padding is discarded on decoding (DiscardPadding), so the frames end where it ends.
        let last = try #require(frames.last)
        let end = last.0 + Double(last.1) / 48_000
        #expect(abs(end - 1.5) <= 0.001, "\(file): the sound ends at \(end) s")
        #expect(audio["start_time"] as? String == "-0.007000", "\(file): \(audio)")
      } else {
        // MP4 and MOV end the sound with the edit list, which ffprobe's frames do not apply; the stream's
        // duration is the edit list's.
        #expect(audio["start_time"] as? String == "0.000000", "\(file): \(audio)")
        #expect(audio["duration"] as? String == "1.500000", "\(file): \(audio)")
      }
    }
  }

  @Test func bitrateIsUsed() throws {
    try withTemporaryDirectory { directory in
      let low = "\(directory)/low.mp4"
      let high = "\(directory)/high.mp4"
      try Self.encode(low, frames: 60, source: ToneSource(frequency: 3_000), bitrate: 32_000)
      try Self.encode(high, frames: 60, source: ToneSource(frequency: 3_000), bitrate: 256_000)
      let lowRate = (try MediaToolRunner.audioStream(low)?["bit_rate"] as? String).flatMap(Int.init) ?? 0
      let highRate = (try MediaToolRunner.audioStream(high)?["bit_rate"] as? String).flatMap(Int.init) ?? 0
      #expect(lowRate > 0 && lowRate < 64_000)
      #expect(highRate > 128_000)
    }
  }

  @Test func silentFormatsRefuseAudio() throws {
    let directory = Fixtures.temporaryDirectory().path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let settings = EncoderSettings(width: 16, height: 16, fps: 10)
    let cases: [(String, AudioInput, String)] = [
      ("a.gif", AudioInput(source: ToneSource()), "gif has no sound; leave the audio out"),
      ("a.mp4", AudioInput(source: ToneSource(), codec: .opus), "audio codec opus cannot go in .mp4 files"),
      (
        "a.mp4", AudioInput(source: ToneSource(), bitrate: 100),
        "audio bitrate 100 must be between 8000 and 512000 bits per second"
      ),
    ]
    for (file, input, message) in cases {
      let error = #expect(throws: VideoEncodingError.self) {
        try VideoEncoder(outputPath: "\(directory)/\(file)", settings: settings, audio: input)
      }
      #expect(error?.description == "invalid encoder settings: \(message)")
    }
    #expect(try directoryListing(directory) == [])
  }

  // MARK: - Decoding

  @Test func decodesWAVAndResamples() throws {
    // 44.1 kHz mono, 0.5 s of silence then 0.5 s of 1 kHz: 48 kHz stereo, same timing and pitch.
    let wav = MediaToolRunner.toneWAV(sampleRate: 44_100, channels: 1, seconds: 1, startSeconds: 0.5, frequency: 1_000)
    let audio = try AudioDecoder.decode(wav, name: "tone.wav", maxSeconds: 60)
    #expect(abs(audio.frameCount - 48_000) <= 64)
    let first = try #require(MediaToolRunner.firstLoudFrame(audio.samples, threshold: 0.25))
    #expect(abs(first - 24_000) <= 48)
    // Both channels carry the mono signal.
    let middle = 2 * 36_000
    #expect(abs(audio.samples[middle] - audio.samples[middle + 1]) < 1e-4)
    // 1 kHz: 1000 rising zero crossings a second in the tone's half second.
    let left = stride(from: 2 * 25_000, to: 2 * 47_000, by: 2).map { audio.samples[$0] }
    let crossings = zip(left, left.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
    #expect(abs(crossings - 458) <= 2, "\(crossings) rising zero crossings in 22000 samples")
  }

  @Test func decodesCompressedFormats() throws {
    // Our own tone, compressed by our own encoder (AAC in MP4), decodes back from memory.
    try withTemporaryDirectory { directory in
      let path = "\(directory)/tone.mp4"
      try Self.encode(path, frames: 30, source: ToneSource(startFrame: 12_000))
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      let audio = try AudioDecoder.decode(bytes, name: "tone.mp4", maxSeconds: 60)
      #expect(abs(audio.duration - 1) <= 1024.0 / 48_000)
      let first = try #require(MediaToolRunner.firstLoudFrame(audio.samples, threshold: 0.25))
      #expect(abs(first - 12_000) <= 48)
      let fromFile = try AudioDecoder.decode(contentsOf: path, maxSeconds: 0.25)
      #expect(fromFile.isTruncated)
      #expect(fromFile.frameCount == 12_000)
    }
  }

  @Test func undecodableSoundsAreNamed() {
    #expect(throws: AudioDecodingError.self) {
      try AudioDecoder.decode(Array("not a sound at all".utf8), name: "sound asset 'a'", maxSeconds: 10)
    }
    do {
      _ = try AudioDecoder.decode([], name: "sound asset 'empty'", maxSeconds: 10)
      Issue.record("an empty sound decoded")
    } catch {
      #expect(error.description.hasPrefix("sound asset 'empty': cannot decode the audio: "))
    }
  }
}
