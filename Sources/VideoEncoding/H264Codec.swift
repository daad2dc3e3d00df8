import CFFmpeg

/// Owns an opened libx264 `AVCodecContext`: yuv420p pictures in, H.264 packets out.
final class H264Codec {
  /// The encoder FFmpeg must provide, and what to install when it is missing.
  static let encoderName = "libx264"
  static let encoderPackageHint =
    "an FFmpeg whose libavcodec is built with --enable-libx264 (Debian 12: apt-get install libavcodec59 "
    + "libx264-164; `ffmpeg -hide_banner -encoders | grep libx264` must list it)"

  /// The opened codec context; valid for the lifetime of this object.
  let context: UnsafeMutablePointer<AVCodecContext>
  /// The codec time base, 1/fps: one tick per frame, so a frame's index is its pts.
  let timeBase: AVRational

  /// Finds libx264, configures it from `settings` and opens it.
  ///
  /// - Parameter globalHeader: set when the muxer wants SPS/PPS in the stream's extradata (MP4 does).
  init(settings: EncoderSettings, globalHeader: Bool) throws {
    guard let encoder = avcodec_find_encoder_by_name(Self.encoderName) else {
      throw VideoEncodingError.encoderMissing(name: Self.encoderName, package: Self.encoderPackageHint)
    }
    let context = try allocated(avcodec_alloc_context3(encoder), "avcodec_alloc_context3")
    let rate = settings.frameRate
    let timeBase = AVRational(num: Int32(rate.denominator), den: Int32(rate.numerator))
    do {
      try Self.configure(
        context, encoder: encoder, settings: settings, timeBase: timeBase, globalHeader: globalHeader)
    } catch {
      var pointer: UnsafeMutablePointer<AVCodecContext>? = context
      avcodec_free_context(&pointer)
      throw error
    }
    self.context = context
    self.timeBase = timeBase
  }

  deinit {
    var pointer: UnsafeMutablePointer<AVCodecContext>? = context
    avcodec_free_context(&pointer)
  }

  /// Sends one picture to the encoder, or `nil` to start draining it.
  func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
    try check(avcodec_send_frame(context, frame), "avcodec_send_frame")
  }

  /// Fills `packet` with the next encoded packet; returns `false` when the encoder needs more input (or,
  /// while draining, has nothing left).
  func receive(into packet: UnsafeMutablePointer<AVPacket>) throws -> Bool {
    let status = avcodec_receive_packet(context, packet)
    if status == CFFmpeg_AVERROR_EAGAIN || status == CFFmpeg_AVERROR_EOF { return false }
    try check(status, "avcodec_receive_packet")
    return true
  }

  // MARK: - Private

  private static func configure(
    _ context: UnsafeMutablePointer<AVCodecContext>, encoder: UnsafePointer<AVCodec>,
    settings: EncoderSettings, timeBase: AVRational, globalHeader: Bool
  ) throws {
    let coded = settings.codedSize
    context.pointee.width = Int32(coded.width)
    context.pointee.height = Int32(coded.height)
    context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
    context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
    context.pointee.time_base = timeBase
    context.pointee.framerate = AVRational(num: timeBase.den, den: timeBase.num)
    context.pointee.thread_count = Int32(settings.threads)
    // BT.709 with limited ("MPEG", 16-235) range: what PixelConverter produces, tagged in the H.264 VUI so
    // players convert back with the same matrix.
    context.pointee.color_primaries = AVCOL_PRI_BT709
    context.pointee.color_trc = AVCOL_TRC_BT709
    context.pointee.colorspace = AVCOL_SPC_BT709
    context.pointee.color_range = AVCOL_RANGE_MPEG
    if globalHeader {
      context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
    }
    // Codec private options must be set before avcodec_open2. av_opt_set fails with
    // AVERROR_OPTION_NOT_FOUND on an unknown name, and check() turns that into an error, so nothing is
    // dropped silently (unlike leftovers in an options dictionary passed to avcodec_open2).
    guard let options = context.pointee.priv_data else {
      throw VideoEncodingError.ffmpeg(
        function: "avcodec_alloc_context3", code: CFFmpeg_AVERROR_EINVAL,
        message: "\(encoderName) has no private options")
    }
    try check(av_opt_set(options, "preset", settings.preset, 0), "av_opt_set(preset=\(settings.preset))")
    try check(av_opt_set(options, "crf", String(settings.crf), 0), "av_opt_set(crf=\(settings.crf))")
    try check(avcodec_open2(context, encoder, nil), "avcodec_open2(\(encoderName))")
  }
}
