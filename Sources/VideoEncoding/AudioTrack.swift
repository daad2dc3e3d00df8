import CFFmpeg

/// Where an export's sound comes from: fills interleaved stereo samples at ``AudioFormat/sampleRate`` on
/// request, in order (each call continues where the last one ended).
public protocol AudioSampleSource: AnyObject {
  /// Fills `samples` (left and right alternating) with the sample frames starting at `firstFrame`
  /// (`samples.count / 2` of them). Silence is zeros.
  func fill(_ samples: UnsafeMutableBufferPointer<Float>, startingAt firstFrame: Int)
}

/// The audio codecs the encoder writes.
public enum AudioCodec: String, Sendable, CaseIterable {
  /// AAC-LC through FFmpeg's native `aac` encoder: what MP4, M4V and MOV carry.
  case aac
  /// Opus through `libopus`: what WebM carries.
  case opus

  /// The FFmpeg encoder behind this codec.
  public var encoderName: String {
    switch self {
    case .aac: "aac"
    case .opus: "libopus"
    }
  }

  /// The bit rate used when none is given: transparent for music at 48 kHz stereo.
  public var defaultBitrate: Int {
    switch self {
    case .aac: 160_000
    case .opus: 128_000
    }
  }

  var packageHint: String {
    switch self {
    case .aac: "an FFmpeg with its built-in aac encoder (libavcodec59)"
    case .opus: "an FFmpeg with libopus (--enable-libopus; Debian 12: libopus0)"
    }
  }
}

/// Sound for ``VideoEncoder``: where the samples come from and how to encode them. The encoder asks the
/// source for exactly as many samples as the video lasts (`framesWritten / fps` seconds, rounded to the
/// sample).
public struct AudioInput {
  /// The samples.
  public var source: any AudioSampleSource
  /// The codec, or nil for the container's (``OutputFormat/defaultAudioCodec``).
  public var codec: AudioCodec?
  /// Bits per second, or nil for the codec's ``AudioCodec/defaultBitrate``; `8_000...512_000`.
  public var bitrate: Int?

  /// Makes an input.
  public init(source: any AudioSampleSource, codec: AudioCodec? = nil, bitrate: Int? = nil) {
    self.source = source
    self.codec = codec
    self.bitrate = bitrate
  }

  /// Throws ``VideoEncodingError/invalidSettings(_:)`` for a bit rate out of range.
  func validate() throws {
    if let bitrate, !(8_000...512_000).contains(bitrate) {
      throw VideoEncodingError.invalidSettings(
        "audio bitrate \(bitrate) must be between 8000 and 512000 bits per second")
    }
  }
}

/// Encodes an ``AudioInput`` into one stream of a ``Muxer``: pulls samples from the source a codec frame
/// at a time (1024 for AAC, 960 for Opus), stamps them in samples (time base 1/48000) and writes the
/// packets. The encoder's priming samples (AAC's 1024, Opus's pre-skip) come out as negative timestamps,
/// which the MP4 muxer turns into an edit list, so players start at sample 0.
///
/// WebM signals Opus's 312-sample (6.5 ms) pre-skip with the track's CodecDelay, which players subtract
/// from every block timestamp of the track: the first block is stamped 0, and its first 312 samples play
/// before 0 and are dropped. libavformat up to 59.30.100 (FFmpeg 5.1, Debian 12's) does not add the delay
/// itself; it sees the negative timestamps and shifts every stream instead, so the video started 7 ms late.
/// ``includesCodecDelay`` adds it here, as later libavformat versions do in the muxer.
final class AudioTrack {
  let codec: AudioCodec
  private let encoder: CodecContext
  private let source: any AudioSampleSource
  private let frame: FrameStorage
  private let packet: PacketStorage
  private var interleaved: [Float]
  private let frameSize: Int
  private var streamIndex: Int32 = 0
  /// Whether packet timestamps are moved later by the encoder's priming samples (see the type's comment).
  private let includesCodecDelay: Bool
  /// Sample frames sent to the encoder so far.
  private(set) var framesSent = 0
  private var isFlushed = false

  private static let timeBase = AVRational(num: 1, den: Int32(AudioFormat.sampleRate))

  private var context: UnsafeMutablePointer<AVCodecContext> { encoder.pointer }

  /// Opens the encoder for `codec`; `includesCodecDelay` for a Matroska (WebM) muxer, which writes the
  /// timestamps it gets as block timestamps (see ``muxerAddsCodecDelay``).
  init(input: AudioInput, codec: AudioCodec, globalHeader: Bool, includesCodecDelay: Bool = false) throws {
    try input.validate()
    let encoderCodec = try requireEncoder(named: codec.encoderName, package: codec.packageHint)
    encoder = try CodecContext(codec: encoderCodec, name: codec.encoderName) { context in
      context.pointee.sample_rate = Int32(AudioFormat.sampleRate)
      context.pointee.sample_fmt = codec == .aac ? AV_SAMPLE_FMT_FLTP : AV_SAMPLE_FMT_FLT
      av_channel_layout_default(&context.pointee.ch_layout, Int32(AudioFormat.channels))
      context.pointee.bit_rate = Int64(input.bitrate ?? codec.defaultBitrate)
      context.pointee.time_base = Self.timeBase
      if globalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
    }
    self.codec = codec
    self.source = input.source
    self.includesCodecDelay = includesCodecDelay
    let frameSize = encoder.pointer.pointee.frame_size
    self.frameSize = frameSize > 0 ? Int(frameSize) : 1024
    frame = try FrameStorage()
    packet = try PacketStorage()
    interleaved = [Float](repeating: 0, count: self.frameSize * AudioFormat.channels)
  }

  /// Whether this libavformat's Matroska muxer puts an audio track's CodecDelay into its block timestamps
  /// itself: from 59.31 (after FFmpeg 5.1). Before, it shifted every stream to make them non-negative.
  static var muxerAddsCodecDelay: Bool {
    avformat_version() > (59 << 16 | 30 << 8 | 100)
  }

  /// Adds this track's stream to `muxer` (before its header is written).
  func addStream(to muxer: Muxer) throws {
    streamIndex = try muxer.addStream(from: context, timeBase: Self.timeBase)
  }

  /// The sample frame at which video frame `videoFrame` starts, at the exact frame rate `rate`.
  static func sampleFrame(atVideoFrame videoFrame: Int, rate: (numerator: Int, denominator: Int)) -> Int {
    guard rate.numerator > 0 else { return 0 }
    let (product, overflow) = videoFrame.multipliedReportingOverflow(by: AudioFormat.sampleRate * rate.denominator)
    guard !overflow else { return Int.max / 2 }
    return (product + rate.numerator / 2) / rate.numerator
  }

  /// Encodes whole codec frames until `target` sample frames have been sent (the last partial frame waits
  /// for more, unless `finish` says this is the end: then it goes too and the encoder is drained).
  func encode(through target: Int, finish: Bool, into muxer: Muxer) throws {
    while framesSent + frameSize <= target || (finish && framesSent < target) {
      let count = min(frameSize, target - framesSent)
      try sendFrame(count: count)
      try writeReadyPackets(into: muxer)
    }
    if finish && !isFlushed {
      isFlushed = true
      try encoder.send(nil)
      try writeReadyPackets(into: muxer)
    }
  }

  // MARK: - Private

  private func sendFrame(count: Int) throws {
    let picture = frame.frame
    av_frame_unref(picture)
    picture.pointee.nb_samples = Int32(count)
    picture.pointee.format = context.pointee.sample_fmt.rawValue
    picture.pointee.sample_rate = context.pointee.sample_rate
    try check(av_channel_layout_copy(&picture.pointee.ch_layout, &context.pointee.ch_layout), "av_channel_layout_copy")
    try check(av_frame_get_buffer(picture, 0), "av_frame_get_buffer")
    try interleaved.withUnsafeMutableBufferPointer { buffer in
      let samples = UnsafeMutableBufferPointer(rebasing: buffer[0..<(count * AudioFormat.channels)])
      source.fill(samples, startingAt: framesSent)
      if codec == .aac {
        // Planar float: the left samples, then the right.
        guard let left = picture.pointee.data.0, let right = picture.pointee.data.1 else {
          throw VideoEncodingError.ffmpeg(
            function: "av_frame_get_buffer", code: CFFmpeg_AVERROR_ENOMEM, message: "no planes")
        }
        left.withMemoryRebound(to: Float.self, capacity: count) { l in
          right.withMemoryRebound(to: Float.self, capacity: count) { r in
            for i in 0..<count {
              l[i] = samples[2 * i]
              r[i] = samples[2 * i + 1]
            }
          }
        }
      } else {
        guard let data = picture.pointee.data.0, let base = samples.baseAddress else { return }
        UnsafeMutableRawPointer(data).copyMemory(from: base, byteCount: samples.count * MemoryLayout<Float>.size)
      }
    }
    picture.pointee.pts = Int64(framesSent)
    framesSent += count
    try encoder.send(picture)
  }

  private func writeReadyPackets(into muxer: Muxer) throws {
    let packet = self.packet.packet
    while try encoder.receive(into: packet) {
      packet.pointee.stream_index = streamIndex
      if includesCodecDelay {
        packet.pointee.pts += Int64(context.pointee.initial_padding)
        packet.pointee.dts += Int64(context.pointee.initial_padding)
      }
      av_packet_rescale_ts(packet, Self.timeBase, muxer.timeBase(ofStream: streamIndex))
      try muxer.write(packet)
    }
  }
}
