import Foundation
import TestSupport
import Testing

@testable import VideoEncoding

/// The sound decoder on streams that are not one plain run of samples: a format that changes on the way, a
/// gap in the timestamps, a late start; and decoding only the stretch that is needed.
struct AudioDecodingTests {
  /// Runs the `ffmpeg` binary (quietly) to make a fixture.
  static func ffmpeg(_ arguments: [String]) throws {
    _ = try MediaToolRunner.run("ffmpeg", ["-v", "error", "-y"] + arguments)
  }

  /// Half the amplitude of lavfi's `sine` (1/8 of full scale).
  static let threshold: Float = 1.0 / 16

  /// Whether the left channel is loud (above ``threshold``) somewhere in `seconds` of `audio`'s own time.
  static func isLoud(_ audio: DecodedAudio, _ seconds: ClosedRange<Double>) -> Bool {
    let rate = Double(AudioFormat.sampleRate)
    let lower = max(0, Int(seconds.lowerBound * rate)), upper = min(audio.frameCount, Int(seconds.upperBound * rate))
    guard upper > lower else { return false }
    return (lower..<upper).contains { abs(audio.samples[2 * $0]) > threshold }
  }

  /// Which of `spans` of `audio` are loud, for one readable expectation.
  static func loudness(_ audio: DecodedAudio, _ spans: [ClosedRange<Double>]) -> [Bool] {
    spans.map { isLoud(audio, $0) }
  }

  /// A chained Ogg whose second part has another sample rate and channel layout: both parts play (the
  /// converter was fixed by the first frame, and the second part's frames failed, dropping the whole sound).
  @Test func formatChangeMidStreamGetsANewConverter() throws {
    try withTemporaryDirectory { directory in
      try Self.ffmpeg(["-f", "lavfi", "-i", "sine=f=440:r=44100:d=0.5", "-c:a", "libvorbis", "\(directory)/a.ogg"])
      try Self.ffmpeg([
        "-f", "lavfi", "-i", "sine=f=440:r=22050:d=0.5", "-ac", "2", "-c:a", "libvorbis", "\(directory)/b.ogg",
      ])
      let bytes =
        try Data(contentsOf: URL(fileURLWithPath: "\(directory)/a.ogg"))
        + Data(contentsOf: URL(fileURLWithPath: "\(directory)/b.ogg"))
      let audio = try AudioDecoder.decode(bytes, name: "chained.ogg", maxSeconds: 60)
      #expect(abs(audio.duration - 1) < 0.05, "\(audio.duration) s")
      #expect(Self.loudness(audio, [0.1...0.4, 0.6...0.9]) == [true, true])
    }
  }

  /// Timestamps that jump by half a second in the middle of a stream: the jump is silence, and the rest
  /// plays at its time (it was pulled half a second earlier).
  @Test func timestampGapIsSilence() throws {
    try withTemporaryDirectory { directory in
      let path = "\(directory)/gap.mka"
      try Self.ffmpeg([
        "-f", "lavfi", "-i", "sine=f=440:d=1", "-af", "asetpts='if(gte(T,0.5),PTS+0.5/TB,PTS)'", "-c:a", "pcm_s16le",
        path,
      ])
      let audio = try AudioDecoder.decode(contentsOf: path, maxSeconds: 60)
      #expect(abs(audio.duration - 1.5) < 0.03, "\(audio.duration) s")
      #expect(Self.loudness(audio, [0.1...0.45, 0.56...0.98, 1.05...1.45]) == [true, false, true])
    }
  }

  /// A sound track that starts half a second after its file (a video's): the first half second is silence.
  @Test func lateStartIsSilence() throws {
    try withTemporaryDirectory { directory in
      let path = "\(directory)/late.mkv"
      try Self.ffmpeg([
        "-f", "lavfi", "-i", "color=c=black:s=16x16:r=10:d=1", "-itsoffset", "0.5", "-f", "lavfi", "-i",
        "sine=f=440:d=0.5",
        "-c:v", "ffv1", "-c:a", "pcm_s16le", path,
      ])
      let audio = try AudioDecoder.decode(contentsOf: path, maxSeconds: 60)
      #expect(Self.loudness(audio, [0...0.45, 0.55...0.95]) == [false, true])
      let first = try #require(MediaToolRunner.firstLoudFrame(audio.samples, threshold: Self.threshold))
      #expect(abs(first - 24_000) <= 96, "the sound starts at sample \(first)")
    }
  }

  /// Only the stretch asked for is kept, at its place in the sound; the container's duration is known
  /// before anything is decoded.
  @Test func onlyTheStretchAskedForIsKept() throws {
    let wav = MediaToolRunner.toneWAV(seconds: 5, startSeconds: 2.5)
    let decoder = try AudioDecoder(wav, name: "tone.wav")
    #expect(decoder.duration.map { abs($0 - 5) < 0.001 } == true, "\(String(describing: decoder.duration))")
    let audio = try decoder.decode(from: 2, maxSeconds: 1)
    #expect(audio.startSeconds == 2)
    #expect(audio.frameCount == 48_000)
    #expect(audio.isTruncated)
    let first = try #require(MediaToolRunner.firstLoudFrame(audio.samples, threshold: 0.25))
    #expect(abs(first - 24_000) <= 48)
    // A stretch past the end is empty, not an error.
    let past = try AudioDecoder(wav, name: "tone.wav").decode(from: 10, maxSeconds: 1)
    #expect(past.frameCount == 0 && past.startSeconds == 10)
  }
}
