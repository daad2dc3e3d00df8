/// The kinds of file the encoder writes, chosen from the output path's extension.
public enum OutputFormat: String, Sendable, CaseIterable {
  /// MPEG-4 (`.mp4`): H.264, no alpha.
  case mp4
  /// Apple's `.m4v`: an MP4 variant (FFmpeg's `ipod` muxer), H.264, no alpha.
  case m4v
  /// QuickTime (`.mov`): ProRes (4444 with alpha, 422 HQ without) or H.264.
  case mov
  /// WebM (`.webm`): VP9, with or without alpha.
  case webm
  /// Animated GIF (`.gif`): 256-colour palette, 1-bit transparency.
  case gif

  /// The format for `path`'s extension (case-insensitive), or `nil` for any other extension.
  public static func from(path: String) -> OutputFormat? {
    let fileName = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
    return OutputFormat(rawValue: fileName[fileName.index(after: dot)...].lowercased())
  }

  /// Whether some codec of this format can store transparency (GIF only fully transparent or opaque pixels).
  public var supportsAlpha: Bool {
    switch self {
    case .mp4, .m4v: false
    case .mov, .webm, .gif: true
    }
  }

  /// The codecs this container can hold, the default first.
  public var codecs: [VideoCodec] {
    switch self {
    case .mp4, .m4v: [.h264]
    case .mov: [.prores, .proresHQ, .h264]
    case .webm: [.vp9]
    case .gif: [.gif]
    }
  }

  /// The codec used when the settings name none: H.264 for MP4, VP9 for WebM, GIF for GIF, and for MOV
  /// ProRes 4444 when the frames carry alpha, ProRes 422 HQ when they are opaque.
  public func defaultCodec(alpha: Bool) -> VideoCodec {
    switch self {
    case .mp4, .m4v: .h264
    case .mov: alpha ? .prores : .proresHQ
    case .webm: .vp9
    case .gif: .gif
    }
  }

  /// The extensions ``from(path:)`` accepts, for messages: ".mp4, .m4v, .mov, .webm or .gif".
  static var extensionList: String {
    let names = allCases.map { ".\($0.rawValue)" }
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
  }

  /// The muxer name for `avformat_alloc_output_context2`.
  var muxerName: String {
    switch self {
    case .m4v: "ipod"
    default: rawValue
    }
  }
}

/// The video codecs the encoder can write.
public enum VideoCodec: String, Sendable, CaseIterable {
  /// H.264 through libx264, `yuv420p`; never has alpha.
  case h264
  /// VP9 through libvpx-vp9: `yuva420p` with alpha, `yuv420p` without.
  case vp9
  /// Apple ProRes 4444 through prores_ks, `yuva444p10le` (alpha when ``EncoderSettings/alpha`` is set).
  case prores
  /// Apple ProRes 422 HQ through prores_ks, `yuv422p10le`; never has alpha.
  case proresHQ
  /// GIF with a palette generated from the whole clip (libavfilter's palettegen and paletteuse).
  case gif

  /// Whether this codec can store the frames' alpha.
  public var supportsAlpha: Bool {
    switch self {
    case .vp9, .prores, .gif: true
    case .h264, .proresHQ: false
    }
  }

  /// The FFmpeg encoder behind this codec.
  public var encoderName: String {
    switch self {
    case .h264: "libx264"
    case .vp9: "libvpx-vp9"
    case .prores, .proresHQ: "prores_ks"
    case .gif: "gif"
    }
  }

  /// Throws ``VideoEncodingError/encoderMissing(name:package:)`` when this FFmpeg build lacks the encoder,
  /// so that a caller can check before rendering anything.
  public func checkAvailable() throws {
    try requireEncoder(named: encoderName, package: packageHint)
  }

  /// What to install when the encoder is missing.
  var packageHint: String {
    let library =
      switch self {
      case .h264: "libx264 (--enable-libx264; Debian 12: libx264-164)"
      case .vp9: "libvpx (--enable-libvpx; Debian 12: libvpx7)"
      case .prores, .proresHQ, .gif: "FFmpeg's built-in encoders (a full libavcodec59, not a trimmed build)"
      }
    return "an FFmpeg whose libavcodec includes \(library); `ffmpeg -hide_banner -encoders | grep \(encoderName)` "
      + "must list it"
  }
}
