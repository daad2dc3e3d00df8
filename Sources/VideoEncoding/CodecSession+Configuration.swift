import CFFmpeg

extension CodecSession {
  /// The pixel format each codec is fed, given the settings (whether the frames' alpha is kept, chroma).
  static func pixelFormat(for codec: VideoCodec, settings: EncoderSettings) -> AVPixelFormat {
    let alpha = settings.alpha && codec.supportsAlpha
    let chroma = settings.pixelFormat == .yuv444p ? AV_PIX_FMT_YUV444P : AV_PIX_FMT_YUV420P
    switch codec {
    case .h264, .h265, .y4m: return chroma
    case .av1: return AV_PIX_FMT_YUV420P
    case .vp9: return alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P
    case .prores: return alpha ? AV_PIX_FMT_YUVA444P10LE : AV_PIX_FMT_YUV444P10LE
    case .proresHQ: return AV_PIX_FMT_YUV422P10LE
    case .gif: return AV_PIX_FMT_PAL8
    // libwebp converts RGB to its own YUV (BT.601, which WebP decoders assume) for lossy pictures, the
    // way cwebp does; feeding it BT.709 yuv420p would shift the colours. Opaque frames get alpha 255.
    case .webp: return AV_PIX_FMT_BGRA
    case .apng, .png: return alpha ? AV_PIX_FMT_RGBA : AV_PIX_FMT_RGB24
    // Raw output always has an alpha channel (255 when alpha is not kept), so its layout is fixed.
    case .rawvideo: return AV_PIX_FMT_RGBA
    }
  }

  /// Whether `codec` is fed YUV (and so gets BT.709 colour tags and the even coded size).
  static func isYUV(_ codec: VideoCodec) -> Bool {
    switch codec {
    case .h264, .h265, .av1, .vp9, .prores, .proresHQ, .y4m: true
    case .gif, .webp, .apng, .png, .rawvideo: false
    }
  }

  /// Sets the codec-specific fields and private options of an allocated, not yet opened context.
  static func configure(
    _ context: UnsafeMutablePointer<AVCodecContext>, codec: VideoCodec, encoderName: String,
    settings: EncoderSettings
  ) throws {
    if isYUV(codec) {
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
      // x264's own lookahead thread is kept (its default sync-lookahead). Without it (sync-lookahead=0, tried
      // in stop 21) the bytes are the same and a 1080p export holds about 25 MB less, but the frame-type
      // decisions then run on the thread that feeds the encoder, in series with it: measured on a quiet
      // 2-core machine, exports took 1.05-1.26x the wall time (bacon, bm_complex, ghost; paired runs).
      options = [("preset", settings.codecPreset)]
      // libx264 uses ABR when the context has a bit rate, else the CRF.
      if let bitrate = settings.bitrate {
        context.pointee.bit_rate = Int64(bitrate)
      } else {
        options.append(("crf", String(settings.crf)))
      }
      if settings.pixelFormat == .yuv444p {
        // 4:4:4 needs the High 4:4:4 Predictive profile; say so rather than rely on x264 picking it.
        options.append(("profile", "high444"))
      }
    case .h265:
      context.pointee.thread_count = Int32(settings.threads)
      // x265 prints its banner and statistics to stderr itself (not through av_log): errors only.
      options = [("preset", settings.codecPreset), ("x265-params", "log-level=error")]
      if let bitrate = settings.bitrate {
        context.pointee.bit_rate = Int64(bitrate)
      } else {
        options.append(("crf", String(settings.crf)))
      }
    case .av1:
      // libaom-av1: like libvpx it needs an explicit thread count; bit rate 0 with a CRF is constant quality.
      // cpu-used above 6 exists only in libaom's real-time mode, which is also what makes 1080p usable on
      // two cores.
      context.pointee.thread_count = Int32(settings.threads == 0 ? Int(av_cpu_count()) : settings.threads)
      context.pointee.bit_rate = 0
      options = [
        ("usage", settings.av1.speed >= 7 ? "realtime" : "good"), ("cpu-used", String(settings.av1.speed)),
        ("crf", String(settings.av1.crf)), ("row-mt", "1"),
      ]
    case .vp9:
      // libvpx does not choose a thread count itself: 0 would mean one thread.
      context.pointee.thread_count = Int32(settings.threads == 0 ? Int(av_cpu_count()) : settings.threads)
      options = [
        ("deadline", "good"), ("cpu-used", String(settings.vp9.speed)),
        // Row multithreading: the only way libvpx uses several cores on frames narrower than 4 tile columns.
        ("row-mt", "1"),
      ]
      if let bitrate = settings.bitrate {
        // Variable bit rate around the target (no CRF: with one, the rate would only be a cap).
        context.pointee.bit_rate = Int64(bitrate)
      } else {
        // Bit rate 0 with a CRF is libvpx's constant-quality mode (otherwise CRF is a cap on a 256 kb/s target).
        context.pointee.bit_rate = 0
        options.append(("crf", String(settings.vp9.crf)))
      }
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
    case .webp:
      options = [("lossless", settings.webp.lossless ? "1" : "0"), ("quality", String(settings.webp.quality))]
    case .apng, .png:
      context.pointee.thread_count = Int32(settings.threads)
    case .y4m, .rawvideo:
      break
    }
    guard !options.isEmpty else { return }
    guard let privateOptions = context.pointee.priv_data else {
      throw VideoEncodingError.ffmpeg(
        function: "avcodec_alloc_context3", code: CFFmpeg_AVERROR_EINVAL,
        message: "\(encoderName) has no private options")
    }
    for (name, value) in options {
      try check(av_opt_set(privateOptions, name, value, 0), "av_opt_set(\(name)=\(value))")
    }
  }
}
