import CFFmpeg

/// Codec settings for one encode, kept as plain data so presets can be loaded, compared and checked.
///
/// The output format comes from the output path's extension (``OutputFormat/from(path:)``); ``codec`` picks
/// the codec within it (`nil`: the format's default) and ``alpha`` says whether the frames' alpha matters.
/// The defaults (H.264, opaque) keep the behaviour of the first, MP4-only encoder.
///
/// The YUV codecs need an even width and height. Odd sizes are accepted and padded up to the next even
/// size (see ``VideoEncoder/codedSize``); GIF, WebP, APNG, PNG and raw RGBA keep the exact size.
public struct EncoderSettings: Sendable, Equatable {
  /// Width of the frames passed to ``VideoEncoder/append(_:)``, in pixels.
  public var width: Int
  /// Height of the frames passed to ``VideoEncoder/append(_:)``, in pixels.
  public var height: Int
  /// Output frame rate in frames per second, e.g. `60` or `29.97`.
  ///
  /// Whole numbers are used exactly (`30` is 30/1), NTSC rates are recognised (`29.97` is 30000/1001,
  /// `23.976` is 24000/1001, `59.94` is 60000/1001) and anything else is approximated by `av_d2q`.
  /// ``frameRate`` gives the rational that is actually written.
  public var fps: Double
  /// The codec and its settings (shared with the command line and the export's options).
  public var encoding: EncodingChoice
  /// Threads for the codec and for swscale's colour conversion; `0` picks one per core.
  public var threads: Int
  /// Whether the frames carry meaningful alpha that the file should keep.
  ///
  /// When `false` (the default) alpha is ignored and frames are read as opaque BGRA, so the caller composites
  /// any background first. When `true` the codec must support alpha (VP9, ProRes 4444, GIF,
  /// WebP, APNG, PNG, raw RGBA).
  public var alpha: Bool
  /// The libx264 speed presets, fastest first.
  public static let x264Presets = [
    "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo",
  ]

  /// Makes settings for frames of `width` x `height` pixels at `fps` frames per second, encoded as `encoding`
  /// says.
  public init(width: Int, height: Int, fps: Double, encoding: EncodingChoice, threads: Int = 0, alpha: Bool = false) {
    self.width = width
    self.height = height
    self.fps = fps
    self.encoding = encoding
    self.threads = threads
    self.alpha = alpha
  }

  /// Makes settings for frames of `width` x `height` pixels at `fps` frames per second, with `codec` (nil for
  /// the format's), x264's CRF and speed preset, and every other setting's default.
  public init(
    width: Int, height: Int, fps: Double, crf: Int = 23, codecPreset: String = "veryfast", threads: Int = 0,
    codec: VideoCodec? = nil, alpha: Bool = false
  ) {
    self.init(
      width: width, height: height, fps: fps,
      encoding: EncodingChoice(codec: codec, crf: crf, codecPreset: codecPreset),
      threads: threads, alpha: alpha)
  }

  // MARK: - The choice's settings, by the same names

  /// ``EncodingChoice/codec``.
  public var codec: VideoCodec? {
    get { encoding.codec }
    set { encoding.codec = newValue }
  }
  /// ``EncodingChoice/crf``.
  public var crf: Int {
    get { encoding.crf }
    set { encoding.crf = newValue }
  }
  /// ``EncodingChoice/codecPreset``.
  public var codecPreset: String {
    get { encoding.codecPreset }
    set { encoding.codecPreset = newValue }
  }
  /// ``EncodingChoice/bitrate``.
  public var bitrate: Int? {
    get { encoding.bitrate }
    set { encoding.bitrate = newValue }
  }
  /// ``EncodingChoice/pixelFormat``.
  public var pixelFormat: ChromaFormat {
    get { encoding.pixelFormat }
    set { encoding.pixelFormat = newValue }
  }
  /// ``EncodingChoice/vp9``.
  public var vp9: VP9Options {
    get { encoding.vp9 }
    set { encoding.vp9 = newValue }
  }
  /// ``EncodingChoice/av1``.
  public var av1: AV1Options {
    get { encoding.av1 }
    set { encoding.av1 = newValue }
  }
  /// ``EncodingChoice/gif``.
  public var gif: GIFOptions {
    get { encoding.gif }
    set { encoding.gif = newValue }
  }
  /// ``EncodingChoice/webp``.
  public var webp: WebPOptions {
    get { encoding.webp }
    set { encoding.webp = newValue }
  }
  /// ``EncodingChoice/apng``.
  public var apng: APNGOptions {
    get { encoding.apng }
    set { encoding.apng = newValue }
  }

  /// The frame rate as the exact rational written to the file, in lowest terms.
  ///
  /// The time base of the video is its inverse, so frame `n` starts at `n * denominator / numerator` seconds.
  /// Returns `(0, 1)` when ``fps`` is not a positive finite number (``validate()`` rejects that).
  public var frameRate: (numerator: Int, denominator: Int) {
    guard fps.isFinite, fps > 0 else { return (0, 1) }
    if fps == fps.rounded(), fps <= Double(Int32.max) { return (Int(fps), 1) }  // int-audit: safe: finite, 0 < fps <= Int32.max
    // NTSC rates are N * 1000/1001 but are usually written rounded (29.97); recover the exact rational.
    let ntscBase = (fps * 1.001).rounded()
    if ntscBase >= 1, ntscBase <= 1_000, abs(fps - ntscBase * 1000 / 1001) < 0.001 {
      return (Int(ntscBase) * 1000, 1001)  // int-audit: safe: 1 <= ntscBase <= 1000 checked above
    }
    let rational = av_d2q(fps, 1_001_000)
    return (Int(rational.num), Int(rational.den))
  }

  /// The size of the encoded pictures for the YUV codecs: ``width`` and ``height`` rounded up to even numbers.
  public var codedSize: (width: Int, height: Int) {
    (width + (width & 1), height + (height & 1))
  }

  /// Throws ``VideoEncodingError/invalidSettings(_:)`` naming the first setting that is out of range.
  public func validate() throws {
    // 16384 is x264's limit on either side of the picture (its level tables stop there).
    guard (1...16_384).contains(width), (1...16_384).contains(height) else {
      throw VideoEncodingError.invalidSettings("size \(width)x\(height) must be between 1x1 and 16384x16384")
    }
    guard fps.isFinite, fps > 0, fps <= 1_000 else {
      throw VideoEncodingError.invalidSettings("fps \(fps) must be a number greater than 0 and at most 1000")
    }
    let rate = frameRate
    guard rate.numerator > 0, rate.denominator > 0 else {
      throw VideoEncodingError.invalidSettings("fps \(fps) has no rational approximation")
    }
    guard (0...51).contains(crf) else {
      throw VideoEncodingError.invalidSettings("crf \(crf) must be between 0 and 51")
    }
    guard Self.x264Presets.contains(codecPreset) else {
      throw VideoEncodingError.invalidSettings(
        "preset '\(codecPreset)' is not one of \(Self.x264Presets.joined(separator: ", "))")
    }
    guard (0...64).contains(threads) else {
      throw VideoEncodingError.invalidSettings("threads \(threads) must be between 0 (automatic) and 64")
    }
    if let bitrate, !(1_000...2_000_000_000).contains(bitrate) {
      throw VideoEncodingError.invalidSettings("bitrate \(bitrate) must be between 1000 and 2000000000 bits per second")
    }
    try vp9.validate()
    try gif.validate()
    try av1.validate()
    try webp.validate()
    try apng.validate()
  }
}
