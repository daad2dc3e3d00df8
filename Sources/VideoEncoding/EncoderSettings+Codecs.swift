/// libvpx-vp9 options for WebM output, tuned for speed on machines with few cores.
public struct VP9Options: Sendable, Equatable {
  /// Constant quality, `0...63`: lower is better and larger; encoded with a bit rate of 0 (pure CRF).
  public var crf = 32
  /// libvpx `cpu-used` with `deadline good`, `0...8`: higher is faster and a little worse.
  public var speed = 5

  /// Makes the default options (crf 32, speed 5).
  public init(crf: Int = 32, speed: Int = 5) {
    self.crf = crf
    self.speed = speed
  }

  func validate() throws {
    guard (0...63).contains(crf) else {
      throw VideoEncodingError.invalidSettings("vp9 crf \(crf) must be between 0 and 63")
    }
    guard (0...8).contains(speed) else {
      throw VideoEncodingError.invalidSettings("vp9 speed \(speed) must be between 0 and 8")
    }
  }
}

/// Options for animated GIF output.
public struct GIFOptions: Sendable, Equatable {
  /// How paletteuse spreads the error of mapping colours to the 256-entry palette.
  public enum Dither: String, Sendable, CaseIterable {
    /// Sierra-2-4A ("Sierra Lite", FFmpeg's `sierra2_4a`) error diffusion: smooth gradients, some noise
    /// crawling between frames (the default).
    case sierraLite = "sierra2_4a"
    /// Ordered 8x8 Bayer pattern: stable between frames, so it compresses better.
    case bayer
    /// Nearest colour only: banding on gradients, smallest files.
    case none
  }

  /// How the palette is chosen.
  public enum Palette: String, Sendable, CaseIterable {
    /// One palette for the whole clip, made from every frame (the default). Frames are kept, compressed,
    /// until the end of the clip, when the palette is known.
    case global
    /// A palette for each frame (palettegen `stats_mode=single`, paletteuse `new=1`): gradients and clips
    /// whose colours change keep more shades, at some bytes per frame for the local colour tables. Streams:
    /// nothing is kept between frames.
    case perFrame = "per-frame"
  }

  /// Which pixels the global palette is made from.
  public enum PaletteStatistics: String, Sendable, CaseIterable {
    /// Every pixel of every frame (palettegen `stats_mode=full`, the default).
    case allPixels = "full"
    /// Only pixels that changed from the previous frame (`stats_mode=diff`): moving parts over a still
    /// background get more of the colours.
    case changedPixels = "diff"
  }

  /// Global or per-frame palettes.
  public var palette = Palette.global
  /// What the global palette is made from (per-frame palettes always use the frame's pixels).
  public var paletteStatistics = PaletteStatistics.allPixels
  /// The dithering method.
  public var dither = Dither.sierraLite
  /// How often the animation repeats, as FFmpeg's gif muxer counts: `0` forever (the default), `-1` played
  /// once with no loop extension, `n` repeated `n` more times.
  public var loopCount = 0
  /// With ``EncoderSettings/alpha``: pixels whose alpha is below this are transparent, the rest opaque.
  public var alphaThreshold = 128
  /// Most colours in the palette, `2...256`: fewer make smaller files (a size budget lowers it).
  public var maxColors = 256

  /// Makes the default options (sierra2_4a dithering, looping forever, alpha threshold 128).
  public init(dither: Dither = .sierraLite, loopCount: Int = 0, alphaThreshold: Int = 128) {
    self.dither = dither
    self.loopCount = loopCount
    self.alphaThreshold = alphaThreshold
  }

  func validate() throws {
    guard (-1...65_535).contains(loopCount) else {
      throw VideoEncodingError.invalidSettings("gif loop count \(loopCount) must be between -1 and 65535")
    }
    guard (0...255).contains(alphaThreshold) else {
      throw VideoEncodingError.invalidSettings("gif alpha threshold \(alphaThreshold) must be between 0 and 255")
    }
    guard (2...256).contains(maxColors) else {
      throw VideoEncodingError.invalidSettings("gif max colours \(maxColors) must be between 2 and 256")
    }
  }
}

/// The chroma layout of the YUV pictures for H.264, H.265 and Y4M (``EncoderSettings/pixelFormat``).
public enum ChromaFormat: String, Sendable, CaseIterable {
  /// 4:2:0, one colour sample per 2x2 pixels: what every player decodes (the default).
  case yuv420p
  /// 4:4:4, full colour resolution: sharper coloured edges, larger files, fewer hardware decoders.
  case yuv444p
}

/// AV1 options (libaom-av1).
public struct AV1Options: Sendable, Equatable {
  /// Constant quality, `0...63`: lower is better and larger.
  public var crf = 35
  /// libaom `cpu-used`, `0...8`: higher is faster; 7 and 8 use libaom's real-time mode (the default, 8,
  /// encodes 1080p at a usable speed on two cores), 0 to 6 its slower good-quality mode.
  public var speed = 8

  /// Makes the default options (crf 35, speed 8).
  public init(crf: Int = 35, speed: Int = 8) {
    self.crf = crf
    self.speed = speed
  }

  func validate() throws {
    guard (0...63).contains(crf) else {
      throw VideoEncodingError.invalidSettings("av1 crf \(crf) must be between 0 and 63")
    }
    guard (0...8).contains(speed) else {
      throw VideoEncodingError.invalidSettings("av1 speed \(speed) must be between 0 and 8")
    }
  }
}

/// Options for animated WebP output (libwebp_anim).
public struct WebPOptions: Sendable, Equatable {
  /// Lossless (VP8L) instead of lossy (VP8 with a separately compressed alpha plane).
  public var lossless = false
  /// `0...100`: for lossy, picture quality (higher is better and larger); for lossless, compression effort
  /// (higher is smaller and slower).
  public var quality = 80
  /// How many times the animation plays, as the WebP loop count: `0` forever (the default), `n` n times.
  public var loopCount = 0

  /// Makes the default options (lossy, quality 80, looping forever).
  public init(lossless: Bool = false, quality: Int = 80, loopCount: Int = 0) {
    self.lossless = lossless
    self.quality = quality
    self.loopCount = loopCount
  }

  func validate() throws {
    guard (0...100).contains(quality) else {
      throw VideoEncodingError.invalidSettings("webp quality \(quality) must be between 0 and 100")
    }
    guard (0...65_535).contains(loopCount) else {
      throw VideoEncodingError.invalidSettings("webp loop count \(loopCount) must be between 0 and 65535")
    }
  }
}

/// Options for animated PNG output.
public struct APNGOptions: Sendable, Equatable {
  /// How many times the animation plays (APNG's `num_plays`): `0` forever (the default), `n` n times.
  public var plays = 0

  /// Makes the default options (playing forever).
  public init(plays: Int = 0) {
    self.plays = plays
  }

  func validate() throws {
    guard (0...65_535).contains(plays) else {
      throw VideoEncodingError.invalidSettings("apng plays \(plays) must be between 0 and 65535")
    }
  }
}

extension EncoderSettings {
  /// The GIF frame rate nearest to `fps` that GIF can show exactly: `100 / n` frames per second for a
  /// whole number of centiseconds `n >= 2`.
  ///
  /// GIF stores each frame's delay in whole centiseconds, and browsers show delays below 2 cs as 10 cs, so
  /// the fastest usable rate is 50 fps. Other rates still encode (frame `i` starts at `i * 100 / fps` cs
  /// rounded, so delays alternate and the total length is right to the centisecond), but callers can
  /// compare this with their rate and warn: `gifFrameRate(for: 30)` is `33.33...`, `gifFrameRate(for: 24)`
  /// is `25`.
  public static func gifFrameRate(for fps: Double) -> Double {
    guard fps.isFinite, fps > 0 else { return 50 }
    let exact = 100 / fps
    let candidates = [max(2, exact.rounded(.down)), max(2, exact.rounded(.up))]
    let best = candidates.min { abs(100 / $0 - fps) < abs(100 / $1 - fps) } ?? 2
    return 100 / best
  }

  /// Checks these settings for an output at `outputPath` without creating anything, and returns the format
  /// and codec an encoder would write; lets a caller fail before rendering.
  ///
  /// - Parameter format: the format to write; `nil` picks it from the path (``OutputFormat/from(path:)``).
  ///   Needed for ``OutputFormat/rawvideo`` and for ``OutputFormat/standardOutputPath``.
  /// - Throws: what ``VideoEncoder/init(outputPath:settings:format:)`` throws for the same reasons:
  ///   ``VideoEncodingError/invalidSettings(_:)`` (a setting out of range, an unknown extension, a codec the
  ///   format cannot hold, alpha the codec cannot keep, a bit rate or chroma format the codec does not use,
  ///   standard output for a file format) and ``VideoEncodingError/encoderMissing(name:package:)``.
  @discardableResult
  public func validate(outputPath: String, format: OutputFormat? = nil) throws -> (
    format: OutputFormat, codec: VideoCodec
  ) {
    try validate()
    guard let format = format ?? OutputFormat.from(path: outputPath) else {
      if outputPath == OutputFormat.standardOutputPath {
        throw VideoEncodingError.invalidSettings(
          "standard output (-) needs an explicit format: \(OutputFormat.standardOutputFormatList)")
      }
      throw VideoEncodingError.invalidSettings("\(outputPath): the output must end in \(OutputFormat.extensionList)")
    }
    if outputPath == OutputFormat.standardOutputPath, !format.canWriteToStandardOutput {
      throw VideoEncodingError.invalidSettings(
        "\(format.rawValue) cannot be written to standard output (-); only \(OutputFormat.standardOutputFormatList) can"
      )
    }
    if format == .pngSequence {
      let fileName = outputPath.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
      guard FrameNumberPattern(fileName: fileName) != nil else {
        throw VideoEncodingError.invalidSettings(
          "\(outputPath): a PNG sequence needs one frame-number pattern such as %05d in the file name")
      }
    }
    let codec = try resolvedCodec(for: format)
    let coded = CodecSession.isYUV(codec) ? codedSize : (width: width, height: height)
    try codec.checkPictureSize(width: coded.width, height: coded.height)
    try codec.checkAvailable()
    return (format, codec)
  }

  /// The codec for `format`: ``codec`` when set, else the format's default. Throws when the format cannot
  /// hold that codec, or when ``alpha`` is set and the codec cannot keep it.
  func resolvedCodec(for format: OutputFormat) throws -> VideoCodec {
    let codec = self.codec ?? format.defaultCodec(alpha: alpha)
    guard format.codecs.contains(codec) else {
      throw VideoEncodingError.invalidSettings(
        "codec \(codec.rawValue) cannot go in .\(format.rawValue) files; use one of "
          + format.codecs.map(\.rawValue).joined(separator: ", "))
    }
    guard !alpha || codec.supportsAlpha else {
      throw VideoEncodingError.invalidSettings(
        "codec \(codec.rawValue) cannot keep alpha; composite the frames over a background, or write .mov "
          + "(ProRes 4444), .webm (VP9), .gif, .webp, .apng or a .png sequence")
    }
    guard bitrate == nil || codec.supportsBitrate else {
      throw VideoEncodingError.invalidSettings(
        "codec \(codec.rawValue) has no bit rate setting; only h264, h265 and vp9 do")
    }
    guard pixelFormat == .yuv420p || codec.supportsChromaFormat else {
      throw VideoEncodingError.invalidSettings(
        "codec \(codec.rawValue) cannot use pixel format \(pixelFormat.rawValue); only h264, h265 and y4m can")
    }
    return codec
  }
}
