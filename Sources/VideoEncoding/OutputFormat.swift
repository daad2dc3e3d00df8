/// The kinds of output the encoder writes, chosen from the output path (``from(path:)``) or named by the
/// caller (``VideoEncoder/init(outputPath:settings:format:)``).
public enum OutputFormat: String, Sendable, CaseIterable {
  /// MPEG-4 (`.mp4`): H.264, H.265 or AV1, no alpha.
  case mp4
  /// Apple's `.m4v`: an MP4 variant (FFmpeg's `ipod` muxer for H.264, `mp4` for H.265), no alpha.
  case m4v
  /// QuickTime (`.mov`): ProRes (4444 with alpha, 422 HQ without), H.264 or H.265.
  case mov
  /// WebM (`.webm`): VP9 (with or without alpha) or AV1 (opaque).
  case webm
  /// Animated GIF (`.gif`): 256-colour palette, 1-bit transparency.
  case gif
  /// Animated WebP (`.webp`): libwebp, lossy or lossless, 8-bit alpha.
  case webp
  /// Animated PNG (`.apng`): lossless RGBA.
  case apng
  /// One PNG per frame: a path ending in `.png` whose file name holds a printf frame-number pattern such as
  /// `%05d` (frame 0 is `00000.png`). Straight (not premultiplied) alpha.
  case pngSequence
  /// YUV4MPEG2 (`.y4m`): uncompressed `yuv420p` or `yuv444p` pictures (BT.709 limited range), no alpha;
  /// made for piping to other encoders (`-` writes to standard output).
  case y4m
  /// Headerless packed RGBA, straight alpha, `width * height * 4` bytes per frame; only by name (no
  /// extension selects it), typically with `-` for standard output.
  case rawvideo

  /// The output path that means standard output; only the formats that need no seeking accept it
  /// (``canWriteToStandardOutput``).
  public static let standardOutputPath = "-"

  /// The format for `path`'s extension (case-insensitive), or `nil` for any other extension, for `.png`
  /// without a frame-number pattern, and for ``standardOutputPath`` (the caller names the format then).
  public static func from(path: String) -> OutputFormat? {
    let fileName = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
    let fileExtension = fileName[fileName.index(after: dot)...].lowercased()
    if fileExtension == "png" {
      return FrameNumberPattern(fileName: fileName) != nil ? .pngSequence : nil
    }
    guard let format = OutputFormat(rawValue: fileExtension), format.fileExtension == fileExtension else {
      return nil
    }
    return format
  }

  /// The extension ``from(path:)`` recognises for this format, without the dot; `nil` for ``rawvideo``.
  public var fileExtension: String? {
    switch self {
    case .pngSequence: "png"
    case .rawvideo: nil
    default: rawValue
    }
  }

  /// Whether this format can be written to standard output (``standardOutputPath``), which cannot seek:
  /// MP4, M4V and MOV as fragmented MP4 (`empty_moov`, a fragment per keyframe), WebM (without the seek
  /// index and duration a file gets at the end), GIF, Y4M and raw video. WebP and APNG go back to the header
  /// to finish it, and a PNG sequence is many files.
  public var canWriteToStandardOutput: Bool {
    switch self {
    case .mp4, .m4v, .mov, .webm, .gif, .y4m, .rawvideo: true
    case .webp, .apng, .pngSequence: false
    }
  }

  /// Whether some codec of this format can store transparency (GIF only fully transparent or opaque pixels).
  public var supportsAlpha: Bool {
    switch self {
    case .mp4, .m4v, .y4m: false
    case .mov, .webm, .gif, .webp, .apng, .pngSequence, .rawvideo: true
    }
  }

  /// Whether this container carries sound (MP4, M4V and MOV as AAC, WebM as Opus); the others are silent
  /// and an export leaves the audio out.
  public var supportsAudio: Bool { defaultAudioCodec != nil }

  /// The audio codec written into this container, or nil when it has no sound.
  public var defaultAudioCodec: AudioCodec? {
    switch self {
    case .mp4, .m4v, .mov: .aac
    case .webm: .opus
    case .gif, .webp, .apng, .pngSequence, .y4m, .rawvideo: nil
    }
  }

  /// The codecs this container can hold, the default first.
  public var codecs: [VideoCodec] {
    switch self {
    case .mp4, .m4v: [.h264, .h265, .av1]
    case .mov: [.prores, .proresHQ, .h264, .h265]
    case .webm: [.vp9, .av1]
    case .gif: [.gif]
    case .webp: [.webp]
    case .apng: [.apng]
    case .pngSequence: [.png]
    case .y4m: [.y4m]
    case .rawvideo: [.rawvideo]
    }
  }

  /// The codec used when the settings name none: H.264 for MP4, VP9 for WebM, the format's only codec for
  /// the others, and for MOV ProRes 4444 when the frames carry alpha, ProRes 422 HQ when they are opaque.
  public func defaultCodec(alpha: Bool) -> VideoCodec {
    switch self {
    case .mov: alpha ? .prores : .proresHQ
    default: codecs[0]
    }
  }

  /// The formats standard output takes, for messages: "mp4, m4v, mov, webm, gif, y4m or rawvideo".
  static var standardOutputFormatList: String {
    let names = allCases.filter(\.canWriteToStandardOutput).map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
  }

  /// The extensions ``from(path:)`` accepts, for messages: ".mp4, .m4v, ... or .png with a frame number".
  static var extensionList: String {
    let names = allCases.compactMap { format in
      format.fileExtension.map { format == .pngSequence ? ".\($0) with a frame-number pattern such as %05d" : ".\($0)" }
    }
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
  }

  /// The muxer name for `avformat_alloc_output_context2`.
  func muxerName(for codec: VideoCodec) -> String {
    switch self {
    // FFmpeg's ipod muxer only knows H.264 (and MPEG-4 part 2); an .m4v is an MP4 file either way.
    case .m4v: codec == .h264 ? "ipod" : "mp4"
    case .y4m: "yuv4mpegpipe"
    case .pngSequence: "image2"
    default: rawValue
    }
  }
}

/// The video codecs the encoder can write.
public enum VideoCodec: String, Sendable, CaseIterable {
  /// H.264 through libx264, `yuv420p` or `yuv444p` (``EncoderSettings/pixelFormat``); never has alpha.
  case h264
  /// H.265 (HEVC) through libx265, `yuv420p` or `yuv444p`, tagged `hvc1` in MP4/MOV (what Apple's players
  /// require); never has alpha.
  case h265
  /// AV1 through libaom-av1, `yuv420p`; never has alpha (libaom cannot store it). Not libsvtav1: the
  /// SVT-AV1 1.4 of Debian 12 rejects pictures below 64x64 and hangs in `avcodec_free_context` when an
  /// encode is cancelled before its end (a deadlock in `svt_av1_enc_deinit`).
  case av1
  /// VP9 through libvpx-vp9: `yuva420p` with alpha, `yuv420p` without.
  case vp9
  /// Apple ProRes 4444 through prores_ks, `yuva444p10le` (alpha when ``EncoderSettings/alpha`` is set).
  case prores
  /// Apple ProRes 422 HQ through prores_ks, `yuv422p10le`; never has alpha.
  case proresHQ
  /// GIF with a palette generated from the whole clip (libavfilter's palettegen and paletteuse).
  case gif
  /// Animated WebP through libwebp_anim (``WebPOptions``), fed straight `bgra`.
  case webp
  /// Animated PNG through FFmpeg's apng encoder: `rgba` with alpha, `rgb24` without.
  case apng
  /// PNG pictures through FFmpeg's png encoder: `rgba` with alpha, `rgb24` without.
  case png
  /// Uncompressed YUV for YUV4MPEG2 (FFmpeg's `wrapped_avframe`).
  case y4m
  /// Uncompressed packed RGBA (FFmpeg's `rawvideo` encoder).
  case rawvideo

  /// Whether this codec can store the frames' alpha.
  public var supportsAlpha: Bool {
    switch self {
    case .vp9, .prores, .gif, .webp, .apng, .png, .rawvideo: true
    case .h264, .h265, .av1, .proresHQ, .y4m: false
    }
  }

  /// The FFmpeg encoder behind this codec.
  public var encoderName: String {
    switch self {
    case .h264: "libx264"
    case .h265: "libx265"
    case .av1: "libaom-av1"
    case .vp9: "libvpx-vp9"
    case .prores, .proresHQ: "prores_ks"
    case .gif: "gif"
    case .webp: "libwebp_anim"
    case .apng: "apng"
    case .png: "png"
    case .y4m: "wrapped_avframe"
    case .rawvideo: "rawvideo"
    }
  }

  /// Whether ``EncoderSettings/bitrate`` applies (otherwise the codec has its own quality setting).
  public var supportsBitrate: Bool {
    self == .h264 || self == .h265 || self == .vp9
  }

  /// Whether ``EncoderSettings/pixelFormat`` applies (the other codecs have a fixed chroma layout).
  public var supportsChromaFormat: Bool {
    self == .h264 || self == .h265 || self == .y4m
  }

  /// Throws ``VideoEncodingError/encoderMissing(name:package:)`` when this FFmpeg build lacks the encoder,
  /// so that a caller can check before rendering anything.
  public func checkAvailable() throws {
    try requireEncoder(named: encoderName, package: packageHint)
  }

  /// The largest width or height this codec's encoder accepts: 16383 for libwebp, 16384 (our own limit,
  /// x264's and libvpx's) for the others.
  public var maximumSide: Int { self == .webp ? 16_383 : 16_384 }

  /// Throws ``VideoEncodingError/invalidSettings(_:)`` naming the encoder when it cannot take a
  /// `width` x `height` picture (the coded size): more than ``maximumSide`` on a side, or more than
  /// FFmpeg's picture size limit, `(8 × width + 1024) × (height + 128) < 2^31` (`av_image_check_size`,
  /// which `avcodec_open2` applies to every video encoder: 16384x16384 fails it).
  public func checkPictureSize(width: Int, height: Int) throws {
    guard width <= maximumSide, height <= maximumSide else {
      throw VideoEncodingError.invalidSettings(
        "size \(width)x\(height) is too large for the \(encoderName) encoder: at most \(maximumSide) pixels a side")
    }
    let limit = Int(Int32.max)
    guard (8 * width + 1024) * (height + 128) < limit else {
      let tallest = (limit - 1) / (8 * width + 1024) - 128
      throw VideoEncodingError.invalidSettings(
        "size \(width)x\(height) is too large for the \(encoderName) encoder: FFmpeg takes pictures \(width) wide "
          + "up to \(tallest) high (at most about 16000x16000)")
    }
  }

  /// What to install when the encoder is missing.
  var packageHint: String {
    let library =
      switch self {
      case .h264: "libx264 (--enable-libx264; Debian 12: libx264-164)"
      case .h265: "libx265 (--enable-libx265; Debian 12: libx265-199)"
      case .av1: "libaom (--enable-libaom; Debian 12: libaom3)"
      case .vp9: "libvpx (--enable-libvpx; Debian 12: libvpx7)"
      case .webp: "libwebp (--enable-libwebp; Debian 12: libwebpmux3)"
      case .prores, .proresHQ, .gif, .apng, .png, .y4m, .rawvideo:
        "FFmpeg's built-in encoders (a full libavcodec59, not a trimmed build)"
      }
    return "an FFmpeg whose libavcodec includes \(library); `ffmpeg -hide_banner -encoders | grep \(encoderName)` "
      + "must list it"
  }
}

/// A printf-style frame number in a file name (`%d`, `%5d`, `%05d`), as FFmpeg's image2 muxer reads it.
struct FrameNumberPattern: Sendable, Equatable {
  /// The text before and after the pattern.
  let prefix: String
  let suffix: String
  /// The minimum number of digits, and whether to pad with zeros (else spaces, which nobody wants).
  let width: Int
  let zeroPadded: Bool

  /// Finds exactly one `%[0][width]d` in `fileName` (`%%` is a literal `%`); `nil` when there is none or more.
  init?(fileName: String) {
    let characters = Array(fileName)
    var prefix = ""
    var found: (width: Int, zero: Bool, end: Int)?
    var index = 0
    while index < characters.count {
      let character = characters[index]
      guard character == "%" else {
        if found == nil { prefix.append(character) }
        index += 1
        continue
      }
      if index + 1 < characters.count, characters[index + 1] == "%" {
        if found == nil { prefix.append("%") }
        index += 2
        continue
      }
      var cursor = index + 1
      var digits = ""
      while cursor < characters.count, characters[cursor].isASCII, characters[cursor].isNumber {
        digits.append(characters[cursor])
        cursor += 1
      }
      guard cursor < characters.count, characters[cursor] == "d", found == nil, digits.count <= 2 else {
        return nil
      }
      found = (Int(digits) ?? 0, digits.hasPrefix("0"), cursor + 1)
      index = cursor + 1
    }
    guard let found else { return nil }
    var suffix = ""
    var rest = found.end
    while rest < characters.count {
      if characters[rest] == "%", rest + 1 < characters.count, characters[rest + 1] == "%" {
        suffix.append("%")
        rest += 2
      } else {
        suffix.append(characters[rest])
        rest += 1
      }
    }
    self.prefix = prefix
    self.suffix = suffix
    self.width = found.width
    self.zeroPadded = found.zero
  }

  /// The file name for frame `number`.
  func fileName(for number: Int) -> String {
    let digits = String(number)
    let padding = String(repeating: zeroPadded ? "0" : " ", count: max(0, width - digits.count))
    return prefix + padding + digits + suffix
  }
}
