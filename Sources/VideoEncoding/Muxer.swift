import CFFmpeg

/// Owns an output `AVFormatContext` with one video stream (and optionally an audio stream), and the file it
/// writes.
final class Muxer {
  private let context: UnsafeMutablePointer<AVFormatContext>
  private var stream: UnsafeMutablePointer<AVStream>?
  /// Every stream, by index (the video stream and any audio).
  private var streams: [UnsafeMutablePointer<AVStream>] = []
  private var isFileOpen = false

  /// Allocates a muxer for the FFmpeg format `formatName` (e.g. `"mp4"`) that will write to `path`.
  ///
  /// The format is named explicitly rather than guessed from `path`, because the temporary file name is
  /// not the output's name.
  init(formatName: String, path: String) throws {
    var context: UnsafeMutablePointer<AVFormatContext>?
    try check(
      avformat_alloc_output_context2(&context, nil, formatName, path),
      "avformat_alloc_output_context2(\(formatName))")
    self.context = try allocated(context, "avformat_alloc_output_context2")
  }

  deinit {
    close()
    avformat_free_context(context)
  }

  /// Whether this container stores codec headers once, out of band (MP4 and MOV do), which requires the
  /// codec's `AV_CODEC_FLAG_GLOBAL_HEADER`.
  var wantsGlobalHeader: Bool {
    guard let format = context.pointee.oformat else { return false }
    return format.pointee.flags & AVFMT_GLOBALHEADER != 0
  }

  /// The stream's time base; the muxer may change it in ``writeHeader(options:)`` (MP4 picks e.g. 1/15360).
  var streamTimeBase: AVRational {
    stream?.pointee.time_base ?? AVRational(num: 0, den: 1)
  }

  /// The stream's index, for `AVPacket.stream_index`.
  var streamIndex: Int32 {
    stream?.pointee.index ?? 0
  }

  /// Adds the video stream, copying the opened codec's parameters (including its extradata), with
  /// `metadata` as stream tags (e.g. WebM's `alpha_mode`) and `codecTag` as the sample entry's four
  /// characters when the muxer's default is not wanted (H.265 in MP4: `hvc1` instead of `hev1`).
  func addVideoStream(
    from codec: CodecSession, metadata: [(name: String, value: String)] = [], codecTag: String? = nil
  ) throws {
    let stream = try allocated(avformat_new_stream(context, nil), "avformat_new_stream")
    try check(
      avcodec_parameters_from_context(stream.pointee.codecpar, codec.context), "avcodec_parameters_from_context")
    if let codecTag {
      // MKTAG(a, b, c, d): little-endian, first character in the lowest byte.
      stream.pointee.codecpar.pointee.codec_tag = codecTag.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
    for tag in metadata {
      try check(av_dict_set(&stream.pointee.metadata, tag.name, tag.value, 0), "av_dict_set(\(tag.name))")
    }
    // A hint only: the muxer picks its own time base in avformat_write_header.
    stream.pointee.time_base = codec.timeBase
    stream.pointee.avg_frame_rate = codec.context.pointee.framerate
    stream.pointee.r_frame_rate = codec.context.pointee.framerate
    self.stream = stream
    streams.append(stream)
  }

  /// Adds a stream (audio) with the opened encoder `context`'s parameters; returns its index.
  func addStream(from context: UnsafeMutablePointer<AVCodecContext>, timeBase: AVRational) throws -> Int32 {
    let stream = try allocated(avformat_new_stream(self.context, nil), "avformat_new_stream")
    try check(avcodec_parameters_from_context(stream.pointee.codecpar, context), "avcodec_parameters_from_context")
    stream.pointee.time_base = timeBase
    streams.append(stream)
    return stream.pointee.index
  }

  /// The time base of stream `index`, as the muxer chose it in ``writeHeader(options:)``.
  func timeBase(ofStream index: Int32) -> AVRational {
    streams.first { $0.pointee.index == index }?.pointee.time_base ?? AVRational(num: 0, den: 1)
  }

  /// Creates (or truncates) the file at the path given to `init`; a failure is reported as
  /// ``VideoEncodingError/io(path:message:)`` naming `outputPath`, the file the user asked for.
  func openFile(reportingAs outputPath: String) throws {
    do {
      try openFile()
    } catch VideoEncodingError.ffmpeg(_, _, let message) {
      let path = context.pointee.url.map { String(cString: $0) } ?? "?"
      throw VideoEncodingError.io(path: outputPath, message: "cannot create the temporary file \(path): \(message)")
    }
  }

  /// Creates (or truncates) the file at the path given to `init`.
  func openFile() throws {
    guard let format = context.pointee.oformat, format.pointee.flags & AVFMT_NOFILE == 0 else { return }
    try check(avio_open(&context.pointee.pb, context.pointee.url, AVIO_FLAG_WRITE), "avio_open")
    isFileOpen = true
    // avio_open creates the file again if an interrupt's sweep removed it a moment ago.
    if let url = context.pointee.url { PartialFiles.removeIfInterrupted(String(cString: url)) }
  }

  /// Writes the container header. Every option must be recognised by the muxer; leftovers throw.
  func writeHeader(options: [(name: String, value: String)]) throws {
    var dictionary: OpaquePointer?
    defer { av_dict_free(&dictionary) }
    for option in options {
      try check(av_dict_set(&dictionary, option.name, option.value, 0), "av_dict_set(\(option.name))")
    }
    try check(avformat_write_header(context, &dictionary), "avformat_write_header")
    // avformat_write_header leaves the options it did not use in the dictionary.
    if let unused = av_dict_get(dictionary, "", nil, AV_DICT_IGNORE_SUFFIX) {
      let name = unused.pointee.key.map { String(cString: $0) } ?? "?"
      throw VideoEncodingError.ffmpeg(
        function: "avformat_write_header", code: CFFmpeg_AVERROR_OPTION_NOT_FOUND,
        message: "the muxer does not know the option '\(name)'")
    }
  }

  /// Sets the muxer's private option `name` (e.g. the gif muxer's `final_delay`); an unknown name throws.
  func setOption(_ name: String, _ value: String) throws {
    guard let options = context.pointee.priv_data else {
      throw VideoEncodingError.ffmpeg(
        function: "av_opt_set", code: CFFmpeg_AVERROR_OPTION_NOT_FOUND, message: "the muxer has no options")
    }
    try check(av_opt_set(options, name, value, 0), "av_opt_set(\(name)=\(value))")
  }

  /// Writes one packet (already in the stream's time base) and takes over its data, leaving it blank.
  func write(_ packet: UnsafeMutablePointer<AVPacket>) throws {
    try check(av_interleaved_write_frame(context, packet), "av_interleaved_write_frame")
  }

  /// Flushes interleaving queues, writes the trailer (for MP4 with faststart: moves the index to the
  /// front) and closes the file, reporting any write error.
  func finish() throws {
    try check(av_write_trailer(context), "av_write_trailer")
    if isFileOpen {
      isFileOpen = false
      try check(avio_closep(&context.pointee.pb), "avio_closep")
    }
  }

  /// Closes the file without writing a trailer (used when cancelling); the file stays incomplete.
  func close() {
    guard isFileOpen else { return }
    isFileOpen = false
    avio_closep(&context.pointee.pb)
  }
}
