import CFFmpeg

extension CodecSession {
  /// The pixel format each codec is fed, given whether the frames' alpha is kept.
  static func pixelFormat(for codec: VideoCodec, alpha: Bool) -> AVPixelFormat {
    switch codec {
    case .h264: AV_PIX_FMT_YUV420P
    case .vp9: alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P
    case .prores: alpha ? AV_PIX_FMT_YUVA444P10LE : AV_PIX_FMT_YUV444P10LE
    case .proresHQ: AV_PIX_FMT_YUV422P10LE
    case .gif: AV_PIX_FMT_PAL8
    }
  }

  /// Sets the codec-specific fields and private options of an allocated, not yet opened context.
  static func configure(
    _ context: UnsafeMutablePointer<AVCodecContext>, codec: VideoCodec, settings: EncoderSettings
  ) throws {
    if codec != .gif {
      // BT.709 with limited ("MPEG") range: what PixelConverter produces, tagged so that players convert back
      // with the same matrix.
      context.pointee.color_primaries = AVCOL_PRI_BT709
      context.pointee.color_trc = AVCOL_TRC_BT709
      context.pointee.colorspace = AVCOL_SPC_BT709
      context.pointee.color_range = AVCOL_RANGE_MPEG
    }
    // Codec private options must be set before avcodec_open2. av_opt_set fails with
    // AVERROR_OPTION_NOT_FOUND on an unknown name, and check() turns that into an error, so nothing is
    // dropped silently (unlike leftovers in an options dictionary passed to avcodec_open2).
    var options: [(String, String)] = []
    switch codec {
    case .h264:
      context.pointee.thread_count = Int32(settings.threads)
      options = [("preset", settings.preset), ("crf", String(settings.crf))]
    case .vp9:
      // libvpx does not choose a thread count itself: 0 would mean one thread.
      context.pointee.thread_count = Int32(settings.threads == 0 ? Int(av_cpu_count()) : settings.threads)
      // Bit rate 0 with a CRF is libvpx's constant-quality mode (otherwise CRF is a cap on a 256 kb/s target).
      context.pointee.bit_rate = 0
      options = [
        ("crf", String(settings.vp9.crf)), ("deadline", "good"), ("cpu-used", String(settings.vp9.speed)),
        // Row multithreading: the only way libvpx uses several cores on frames narrower than 4 tile columns.
        ("row-mt", "1"),
      ]
    case .prores, .proresHQ:
      context.pointee.thread_count = Int32(settings.threads)
      // "apl0" is the vendor Apple's own encoder writes; some Apple tools check it. 4444 keeps 16-bit alpha.
      options = [("profile", codec == .prores ? "4444" : "hq"), ("vendor", "apl0")]
    case .gif:
      // With transparency every frame must be a whole picture: cropping to the changed rectangle
      // (offsetting) and marking unchanged pixels transparent (transdiff) both rely on the previous frame
      // staying on screen, which GIFWriter turns off (it clears the canvas after each frame).
      if settings.alpha {
        options = [("gifflags", "-offsetting-transdiff")]
      }
    }
    guard !options.isEmpty else { return }
    guard let privateOptions = context.pointee.priv_data else {
      throw VideoEncodingError.ffmpeg(
        function: "avcodec_alloc_context3", code: CFFmpeg_AVERROR_EINVAL,
        message: "\(codec.encoderName) has no private options")
    }
    for (name, value) in options {
      try check(av_opt_set(privateOptions, name, value, 0), "av_opt_set(\(name)=\(value))")
    }
  }
}
