import CFFmpeg

#if canImport(Glibc)
  import Glibc
#endif

/// Decoded sound: interleaved stereo 32-bit float samples at ``AudioFormat/sampleRate``.
public struct DecodedAudio: Sendable {
  /// Samples, left and right alternating, nominally in `-1...1`.
  public var samples: [Float]
  /// Whether decoding stopped at the length limit before the end of the sound.
  public var isTruncated = false

  /// Wraps samples (interleaved stereo at ``AudioFormat/sampleRate``).
  public init(samples: [Float], isTruncated: Bool = false) {
    self.samples = samples
    self.isTruncated = isTruncated
  }

  /// Sample frames (one left and one right sample each).
  public var frameCount: Int { samples.count / AudioFormat.channels }
  /// Length in seconds.
  public var duration: Double { Double(frameCount) / Double(AudioFormat.sampleRate) }
}

/// The one layout our audio is mixed and encoded in: 48 kHz stereo (Opus only runs at 48 kHz; AAC and
/// every player take it).
public enum AudioFormat {
  /// Samples per second.
  public static let sampleRate = 48_000
  /// Left and right.
  public static let channels = 2
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

/// Decodes sound files (MP3, AAC/M4A, WAV, Ogg Vorbis and Opus, FLAC, anything FFmpeg reads) with
/// libavformat and libavcodec, and converts them with libavfilter's `aformat` (which resamples through
/// libswresample) to ``AudioFormat``.
///
/// Each call owns its FFmpeg objects, so decoding is safe from any thread.
public enum AudioDecoder {
  /// Decodes the whole sound file `bytes` (at most `maxSeconds` of it).
  public static func decode(_ bytes: [UInt8], name: String, maxSeconds: Double) throws(AudioDecodingError) -> DecodedAudio {
    do {
      let input = try MemoryInput(bytes)
      let demuxer = try Demuxer(input: input)
      return try decode(demuxer, maxSeconds: maxSeconds)
    } catch {
      throw AudioDecodingError(name: name, reason: Self.reason(error))
    }
  }

  /// Decodes the sound file at `path` (at most `maxSeconds` of it).
  public static func decode(contentsOf path: String, maxSeconds: Double) throws(AudioDecodingError) -> DecodedAudio {
    do {
      return try decode(try Demuxer(path: path), maxSeconds: maxSeconds)
    } catch {
      throw AudioDecodingError(name: path, reason: Self.reason(error))
    }
  }

  private static func reason(_ error: any Error) -> String {
    switch error {
    case VideoEncodingError.ffmpeg(let function, _, let message): "\(message) (\(function))"
    case let error as AudioDecodingError: error.reason
    default: "\(error)"
    }
  }

  // MARK: - Private

  private static func decode(_ demuxer: Demuxer, maxSeconds: Double) throws -> DecodedAudio {
    FFmpegLog.applyDefaultLevel()
    // 1. Find the audio stream and open its decoder.
    let context = demuxer.context
    try check(avformat_find_stream_info(context, nil), "avformat_find_stream_info")
    let index = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
    guard index >= 0, let stream = context.pointee.streams[Int(index)], let parameters = stream.pointee.codecpar else {
      throw AudioDecodingError(name: "", reason: "the file has no audio stream")
    }
    guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
      let codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
      throw AudioDecodingError(name: "", reason: "this FFmpeg has no decoder for \(codecName)")
    }
    let timeBase = stream.pointee.time_base
    let decoder = try CodecContext(codec: codec, name: String(cString: codec.pointee.name)) { context in
      try check(avcodec_parameters_to_context(context, parameters), "avcodec_parameters_to_context")
      context.pointee.pkt_timebase = timeBase
    }

    // 2. Decode packets into frames, convert them to 48 kHz stereo float and keep the samples.
    let limit = maxSeconds.isFinite ? Int(max(0, min(maxSeconds, 86_400)) * Double(AudioFormat.sampleRate)) : Int.max
    var samples: [Float] = []
    var converter: AudioConverter?
    let packet = try PacketStorage()
    let frame = try FrameStorage()
    let converted = try FrameStorage()
    var truncated = false
    func collect() throws {
      while try converter?.pull(into: converted.frame) == true {
        defer { av_frame_unref(converted.frame) }
        let count = Int(converted.frame.pointee.nb_samples) * AudioFormat.channels
        guard let data = converted.frame.pointee.data.0 else { continue }
        data.withMemoryRebound(to: Float.self, capacity: count) { floats in
          samples.append(contentsOf: UnsafeBufferPointer(start: floats, count: count))
        }
        if samples.count / AudioFormat.channels >= limit {
          truncated = true
          return
        }
      }
    }
    func receiveFrames() throws {
      while !truncated {
        guard try decoder.receive(into: frame.frame) else { return }
        defer { av_frame_unref(frame.frame) }
        if converter == nil { converter = try AudioConverter(input: frame.frame) }
        try converter?.push(frame.frame)
        try collect()
      }
    }
    while !truncated {
      let status = av_read_frame(context, packet.packet)
      if status == CFFmpeg_AVERROR_EOF { break }
      try check(status, "av_read_frame")
      defer { av_packet_unref(packet.packet) }
      guard packet.packet.pointee.stream_index == index else { continue }
      // A damaged packet is skipped, as players do; a file of nothing else decodes to nothing (below).
      if decoder.sendPacket(packet.packet) < 0 { continue }
      try receiveFrames()
    }
    if !truncated {
      try check(decoder.sendPacket(nil), "avcodec_send_packet")
      try receiveFrames()
      try converter?.push(nil)
      try collect()
    }
    guard !samples.isEmpty else { throw AudioDecodingError(name: "", reason: "no audio could be decoded") }
    if samples.count > limit * AudioFormat.channels { samples.removeLast(samples.count - limit * AudioFormat.channels) }
    return DecodedAudio(samples: samples, isTruncated: truncated)
  }
}

// MARK: - FFmpeg objects

/// Owns an input `AVFormatContext`, opened on a path or on a ``MemoryInput``.
private final class Demuxer {
  let context: UnsafeMutablePointer<AVFormatContext>
  /// Kept alive while the context reads from it.
  private let input: MemoryInput?

  init(path: String) throws {
    var context: UnsafeMutablePointer<AVFormatContext>?
    try check(avformat_open_input(&context, path, nil, nil), "avformat_open_input")
    self.context = try allocated(context, "avformat_open_input")
    input = nil
  }

  init(input: MemoryInput) throws {
    var context: UnsafeMutablePointer<AVFormatContext>? = try allocated(avformat_alloc_context(), "avformat_alloc_context")
    context?.pointee.pb = input.io
    context?.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
    // On failure avformat_open_input frees the context (not our custom I/O).
    try check(avformat_open_input(&context, nil, nil, nil), "avformat_open_input")
    self.context = try allocated(context, "avformat_open_input")
    self.input = input
  }

  deinit {
    var pointer: UnsafeMutablePointer<AVFormatContext>? = context
    avformat_close_input(&pointer)
  }
}

/// An `AVIOContext` reading from bytes in memory (a data URI's payload, a file read by the caller).
private final class MemoryInput {
  let bytes: [UInt8]
  var position = 0
  private(set) var io: UnsafeMutablePointer<AVIOContext>!

  init(_ bytes: [UInt8]) throws {
    self.bytes = bytes
    let size: Int32 = 32_768
    let buffer = try allocated(av_malloc(Int(size)), "av_malloc")
    let opaque = Unmanaged.passUnretained(self).toOpaque()
    guard
      let io = avio_alloc_context(
        buffer.assumingMemoryBound(to: UInt8.self), size, 0, opaque,
        { opaque, destination, count in
          guard let opaque, let destination else { return CFFmpeg_AVERROR_EINVAL }
          let input = Unmanaged<MemoryInput>.fromOpaque(opaque).takeUnretainedValue()
          let available = min(Int(count), input.bytes.count - input.position)
          guard available > 0 else { return CFFmpeg_AVERROR_EOF }
          input.bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            destination.update(from: base + input.position, count: available)
          }
          input.position += available
          return Int32(available)
        }, nil,
        { opaque, offset, whence in
          guard let opaque else { return Int64(CFFmpeg_AVERROR_EINVAL) }
          let input = Unmanaged<MemoryInput>.fromOpaque(opaque).takeUnretainedValue()
          let size = Int64(input.bytes.count)
          let target: Int64
          switch whence & ~Int32(AVSEEK_FORCE) {
          case Int32(AVSEEK_SIZE): return size
          case SEEK_SET: target = offset
          case SEEK_CUR: target = Int64(input.position) + offset
          case SEEK_END: target = size + offset
          default: return Int64(CFFmpeg_AVERROR_EINVAL)
          }
          guard target >= 0, target <= size else { return Int64(CFFmpeg_AVERROR_EINVAL) }
          input.position = Int(target)
          return target
        })
    else {
      av_free(buffer)
      throw VideoEncodingError.ffmpeg(
        function: "avio_alloc_context", code: CFFmpeg_AVERROR_ENOMEM, message: ffmpegErrorMessage(CFFmpeg_AVERROR_ENOMEM))
    }
    self.io = io
  }

  deinit {
    // The demuxer may have replaced the buffer; free whichever the context holds now.
    av_freep(&io.pointee.buffer)
    var pointer: UnsafeMutablePointer<AVIOContext>? = io
    avio_context_free(&pointer)
  }
}

/// `abuffer → aformat (48 kHz, stereo, interleaved float) → abuffersink`, set up for the first decoded
/// frame's format. libavfilter inserts the resampler (libswresample) and up- or down-mixes channels.
final class AudioConverter {
  private let graph: FilterGraph
  private let source: UnsafeMutablePointer<AVFilterContext>
  private let sink: UnsafeMutablePointer<AVFilterContext>

  init(input frame: UnsafeMutablePointer<AVFrame>) throws {
    let graph = try FilterGraph()
    let rate = frame.pointee.sample_rate
    guard rate > 0 else {
      throw VideoEncodingError.ffmpeg(
        function: "avcodec_receive_frame", code: CFFmpeg_AVERROR_EINVAL, message: "the decoder gave no sample rate")
    }
    let format = av_get_sample_fmt_name(AVSampleFormat(rawValue: frame.pointee.format)).map { String(cString: $0) } ?? "flt"
    let layout = Self.layoutDescription(frame.pointee.ch_layout)
    let source = try graph.add(
      "abuffer", name: "decoded",
      options: "time_base=1/\(rate):sample_rate=\(rate):sample_fmt=\(format):channel_layout=\(layout)")
    let aformat = try graph.add(
      "aformat", name: "format",
      options: "sample_fmts=flt:sample_rates=\(AudioFormat.sampleRate):channel_layouts=stereo")
    let sink = try graph.add("abuffersink", name: "converted")
    try graph.link(source, to: aformat)
    try graph.link(aformat, to: sink)
    try graph.configure()
    self.graph = graph
    self.source = source
    self.sink = sink
  }

  /// Feeds a decoded frame (`nil`: the end).
  func push(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
    try FilterGraph.push(frame, into: source)
  }

  /// Takes the next converted frame; `false` when more input is needed.
  func pull(into frame: UnsafeMutablePointer<AVFrame>) throws -> Bool {
    try FilterGraph.pull(from: sink, into: frame)
  }

  /// A layout name abuffer accepts: the layout's own ("stereo", "5.1"), or the default layout for its
  /// channel count when the file only says how many channels it has.
  private static func layoutDescription(_ layout: AVChannelLayout) -> String {
    var layout = layout
    var owned = AVChannelLayout()
    defer { av_channel_layout_uninit(&owned) }
    if layout.order == AV_CHANNEL_ORDER_UNSPEC {
      av_channel_layout_default(&owned, max(1, layout.nb_channels))
      layout = owned
    }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer in
      guard let base = buffer.baseAddress, av_channel_layout_describe(&layout, base, 128) > 0 else { return "stereo" }
      return String(cString: base)
    }
  }
}
