import CFFmpeg
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Decoded sound: interleaved stereo 32-bit float samples at ``AudioFormat/sampleRate``, for a stretch of
/// the sound that starts ``startSeconds`` into it.
public struct DecodedAudio: Sendable {
  /// Samples, left and right alternating, nominally in `-1...1`.
  public var samples: [Float]
  /// Where the first sample is in the sound, in seconds (0 unless only a later stretch was decoded).
  public var startSeconds: Double = 0
  /// Whether decoding stopped at the length limit before the end of the sound.
  public var isTruncated = false

  /// Wraps samples (interleaved stereo at ``AudioFormat/sampleRate``) that start `startSeconds` into the
  /// sound.
  public init(samples: [Float], startSeconds: Double = 0, isTruncated: Bool = false) {
    self.samples = samples
    self.startSeconds = startSeconds
    self.isTruncated = isTruncated
  }

  /// Sample frames (one left and one right sample each).
  public var frameCount: Int { samples.count / AudioFormat.channels }
  /// Length of the decoded stretch in seconds.
  public var duration: Double { Double(frameCount) / Double(AudioFormat.sampleRate) }
  /// Bytes the samples take.
  public var byteCount: Int { samples.count * MemoryLayout<Float>.size }
}

/// The one layout our audio is mixed and encoded in: 48 kHz stereo (Opus only runs at 48 kHz; AAC and
/// every player take it).
public enum AudioFormat {
  /// Samples per second.
  public static let sampleRate = 48_000
  /// Left and right.
  public static let channels = 2
  /// Bytes one second of decoded sound takes (stereo 32-bit float): 384 000.
  public static let bytesPerSecond = sampleRate * channels * MemoryLayout<Float>.size
}

/// Why a sound could not be decoded; the message starts with the sound's name.
public struct AudioDecodingError: Error, CustomStringConvertible, Equatable {
  /// What the sound is called in messages: a path, or e.g. "sound asset 'audio_0'".
  public var name: String
  /// What went wrong.
  public var reason: String
  /// "NAME: cannot decode the audio: REASON".
  public var description: String { "\(name): cannot decode the audio: \(reason)" }
}

/// Decodes one sound file (MP3, AAC/M4A, WAV, Ogg Vorbis and Opus, FLAC, anything FFmpeg reads) with
/// libavformat and libavcodec, and converts it with libavfilter's `aformat` (which resamples through
/// libswresample) to ``AudioFormat``.
///
/// Opening one reads only the container's header and finds the audio stream and its decoder, so the
/// caller can look at ``duration`` (to estimate memory) before anything is decoded; then
/// ``decode(from:maxSeconds:)`` decodes the stretch it needs, once. Only that stretch is kept: a layer that
/// plays one second of a ten-minute sound costs one second of samples.
///
/// Timing follows the file's timestamps, from its start (the container's start time): a stream that starts
/// late, or has a gap (a damaged or chained stream), gets silence there rather than being pulled earlier.
/// Samples that overlap earlier ones are played as they come. A stream whose sample rate, sample format
/// or channel layout changes on the way (chained Ogg, some MP3 and AAC streams) gets a new converter there.
///
/// Not `Sendable`: one decoder belongs to one thread. Each owns its FFmpeg objects.
public final class AudioDecoder {
  private let demuxer: Demuxer
  private let streamIndex: Int32
  private let timeBase: AVRational
  private let decoder: CodecContext
  private let name: String
  private var isUsed = false
  /// How long the container says the sound is, in seconds, or nil when it does not say.
  public let duration: Double?

  /// Opens the sound file held in `bytes` (read in place, not copied); `name` names it in errors.
  public convenience init(_ bytes: some ContiguousBytes, name: String) throws(AudioDecodingError) {
    try self.init(name: name) { try Demuxer(input: try MemoryInput(bytes)) }
  }

  /// Opens the sound file at `path` (named by it in errors).
  public convenience init(contentsOf path: String) throws(AudioDecodingError) {
    try self.init(name: path) { try Demuxer(path: path) }
  }

  private init(name: String, open: () throws -> Demuxer) throws(AudioDecodingError) {
    self.name = name
    do {
      FFmpegLog.applyDefaultLevel()
      demuxer = try open()
      let context = demuxer.context
      try check(avformat_find_stream_info(context, nil), "avformat_find_stream_info")
      let index = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
      guard index >= 0, let stream = context.pointee.streams[Int(index)], let parameters = stream.pointee.codecpar
      else { throw AudioDecodingError(name: name, reason: "the file has no audio stream") }
      guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
        let codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        throw AudioDecodingError(name: name, reason: "this FFmpeg has no decoder for \(codecName)")
      }
      let timeBase = stream.pointee.time_base
      decoder = try CodecContext(codec: codec, name: String(cString: codec.pointee.name)) { context in
        try check(avcodec_parameters_to_context(context, parameters), "avcodec_parameters_to_context")
        context.pointee.pkt_timebase = timeBase
      }
      streamIndex = index
      self.timeBase = timeBase
      duration = Self.declaredDuration(stream: stream, context: context)
    } catch {
      throw AudioDecodingError(name: name, reason: Self.reason(error))
    }
  }

  /// Decodes the whole sound file `bytes` (at most `maxSeconds` of it).
  public static func decode(_ bytes: some ContiguousBytes, name: String, maxSeconds: Double) throws(AudioDecodingError)
    -> DecodedAudio
  {
    try AudioDecoder(bytes, name: name).decode(maxSeconds: maxSeconds)
  }

  /// Decodes the sound file at `path` (at most `maxSeconds` of it).
  public static func decode(contentsOf path: String, maxSeconds: Double) throws(AudioDecodingError) -> DecodedAudio {
    try AudioDecoder(contentsOf: path).decode(maxSeconds: maxSeconds)
  }

  /// Decodes the stretch of the sound from `start` seconds, at most `maxSeconds` long (shorter when the
  /// sound ends first; empty when it ends before `start`). Call once.
  ///
  /// The sound is decoded from its beginning (seeking in compressed audio is not sample-exact), but only
  /// the stretch is kept, so memory is `maxSeconds` of samples at most.
  /// - Throws: ``AudioDecodingError`` when the data holds no decodable audio at all.
  public func decode(from start: Double = 0, maxSeconds: Double) throws(AudioDecodingError) -> DecodedAudio {
    do {
      guard !isUsed else { throw AudioDecodingError(name: name, reason: "the decoder was used already") }
      isUsed = true
      let rate = Double(AudioFormat.sampleRate)
      let first = start.isFinite ? Int((max(0, min(start, 86_400)) * rate).rounded(.down)) : 0  // int-audit: safe: finite, clamped to 0...86400 s of samples
      let length = maxSeconds.isFinite ? Int(max(0, min(maxSeconds, 86_400)) * rate) : Int(86_400 * rate)  // int-audit: safe: finite, clamped to 0...86400 s of samples
      var output = Output(first: first, end: first + length)
      try run(&output)
      return DecodedAudio(samples: output.samples, startSeconds: Double(first) / rate, isTruncated: output.isFull)
    } catch {
      throw AudioDecodingError(name: name, reason: Self.reason(error))
    }
  }

  // MARK: - Private

  /// The converted samples: sample frame `position` of the sound comes next; frames `first..<end` are kept.
  private struct Output {
    let first: Int
    let end: Int
    var position = 0
    var samples: [Float] = []

    var isFull: Bool { position >= end }

    /// Takes interleaved stereo frames that play from `position` on.
    mutating func take(_ floats: UnsafeBufferPointer<Float>) {
      let count = floats.count / AudioFormat.channels
      let lower = max(position, first)
      let upper = min(position + count, end)
      if upper > lower {
        let channels = AudioFormat.channels
        samples.append(contentsOf: floats[((lower - position) * channels)..<((upper - position) * channels)])
      }
      position += count
    }

    /// Moves on to `target` (a later start: silence until then).
    mutating func skip(to target: Int) {
      guard target > position else { return }
      let lower = max(position, first)
      let upper = min(target, end)
      if upper > lower { samples.append(contentsOf: repeatElement(0, count: (upper - lower) * AudioFormat.channels)) }
      position = target
    }
  }

  /// Reads, decodes and converts until the stream ends or `output` is full.
  ///
  /// 1. Each packet of the audio stream goes to the decoder (a damaged one is skipped, as players do).
  /// 2. Each decoded frame is placed by its timestamp: a gap of more than `tolerance` since the end of the
  ///    previous frame (or a late first frame) flushes the converter and moves the output on to the
  ///    frame's time, which leaves silence; a change of format flushes it too and starts a new one.
  /// 3. The converted samples go to `output`, which keeps those of the wanted stretch.
  private func run(_ output: inout Output) throws {
    let context = demuxer.context
    let packet = try PacketStorage()
    let frame = try FrameStorage()
    let converted = try FrameStorage()
    var converter: AudioConverter?
    var decodedAny = false
    let seconds = timeBase.num > 0 && timeBase.den > 0 ? Double(timeBase.num) / Double(timeBase.den) : 0
    let tolerance = max(0.002, 2 * seconds)
    // The sound's time 0: the container's start, or its first timestamp when it does not say.
    var origin: Double? =
      context.pointee.start_time != CFFmpeg_NOPTS_VALUE
      ? Double(context.pointee.start_time) / Double(AV_TIME_BASE) : nil
    var expected: Double?

    func collect() throws {
      guard let converter else { return }
      while !output.isFull, try converter.pull(into: converted.frame) {
        defer { av_frame_unref(converted.frame) }
        let count = Int(converted.frame.pointee.nb_samples) * AudioFormat.channels
        guard let data = converted.frame.pointee.data.0 else { continue }
        data.withMemoryRebound(to: Float.self, capacity: count) { floats in
          output.take(UnsafeBufferPointer(start: floats, count: count))
        }
      }
    }
    func flush() throws {
      try converter?.push(nil)
      try collect()
      converter = nil
    }
    func place(_ frame: UnsafeMutablePointer<AVFrame>) throws {
      decodedAny = true
      let stamp = frame.pointee.best_effort_timestamp
      var time: Double?
      if stamp != CFFmpeg_NOPTS_VALUE, seconds > 0 {
        let absolute = Double(stamp) * seconds
        if origin == nil || absolute < (origin ?? 0) && expected == nil { origin = absolute }
        time = absolute - (origin ?? absolute)
      }
      if let current = converter, !current.accepts(frame) { try flush() }
      if let time, time - (expected ?? 0) > tolerance {
        try flush()
        // The time is finite (a stream timestamp times its time base), but a hostile one may be huge.
        let sample = (time * Double(AudioFormat.sampleRate)).rounded()
        output.skip(to: sample.isFinite ? Int(max(-1e15, min(sample, 1e15))) : 0)  // int-audit: safe: clamped to ±1e15
      }
      if converter == nil { converter = try AudioConverter(input: frame, timeBase: timeBase) }
      try converter?.push(frame)
      try collect()
      let rate = Double(max(1, frame.pointee.sample_rate))
      expected = (time ?? expected ?? 0) + Double(frame.pointee.nb_samples) / rate
    }
    func receiveFrames() throws {
      while !output.isFull, try decoder.receive(into: frame.frame) {
        defer { av_frame_unref(frame.frame) }
        try place(frame.frame)
      }
    }
    while !output.isFull {
      let status = av_read_frame(context, packet.packet)
      if status == CFFmpeg_AVERROR_EOF { break }
      try check(status, "av_read_frame")
      defer { av_packet_unref(packet.packet) }
      guard packet.packet.pointee.stream_index == streamIndex else { continue }
      if decoder.sendPacket(packet.packet) < 0 { continue }
      try receiveFrames()
    }
    if !output.isFull {
      try check(decoder.sendPacket(nil), "avcodec_send_packet")
      try receiveFrames()
      try flush()
    }
    // A file of nothing but damaged packets decodes to nothing.
    guard decodedAny else { throw AudioDecodingError(name: name, reason: "no audio could be decoded") }
  }

  /// The stream's duration, else the container's, in seconds; nil when neither says.
  private static func declaredDuration(
    stream: UnsafeMutablePointer<AVStream>, context: UnsafeMutablePointer<AVFormatContext>
  ) -> Double? {
    let base = stream.pointee.time_base
    if stream.pointee.duration != CFFmpeg_NOPTS_VALUE, stream.pointee.duration > 0, base.num > 0, base.den > 0 {
      return Double(stream.pointee.duration) * Double(base.num) / Double(base.den)
    }
    if context.pointee.duration != CFFmpeg_NOPTS_VALUE, context.pointee.duration > 0 {
      return Double(context.pointee.duration) / Double(AV_TIME_BASE)
    }
    return nil
  }

  private static func reason(_ error: any Error) -> String {
    switch error {
    case VideoEncodingError.ffmpeg(let function, _, let message): "\(message) (\(function))"
    case let error as AudioDecodingError: error.reason
    default: "\(error)"
    }
  }
}
