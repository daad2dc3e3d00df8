/// What to encode with: the codec and the settings of every codec, chosen once.
///
/// One value carries the choice from the command line (its encoding options) through
/// `ExportOptions.encoding` to ``EncoderSettings/encoding``, so each setting has one name everywhere:
/// `codecPreset` is x264's and x265's speed preset on the command line (`--codec-preset`), in a preset file
/// (`codecPreset`), in the library's export options and in the encoder's settings.
public struct EncodingChoice: Sendable, Equatable {
  /// The codec, which must be one of the output format's ``OutputFormat/codecs``; nil picks the format's
  /// ``OutputFormat/defaultCodec(alpha:)``.
  public var codec: VideoCodec?
  /// libx264/libx265 constant rate factor, `0...51`: lower is better quality and larger files; 23 is x264's
  /// default (x265's own is 28, and x265 at the same CRF gives smaller files). H.264 and H.265 only: VP9 has
  /// ``VP9Options/crf``, AV1 ``AV1Options/crf``, WebP ``WebPOptions/quality``; the others have no rate control.
  /// Ignored when ``bitrate`` is set.
  public var crf: Int
  /// libx264/libx265 speed preset, one of ``EncoderSettings/x264Presets`` (`"veryfast"` by default; x265 has
  /// the same names).
  public var codecPreset: String
  /// Target average bit rate in bits per second (e.g. `5_000_000`); when set, H.264, H.265 and VP9 encode
  /// to this rate (single pass) instead of at constant quality. Other codecs reject it.
  public var bitrate: Int? = nil
  /// Chroma layout for H.264, H.265 and Y4M: 4:2:0 (the default, what every player takes) or 4:4:4 (full
  /// colour resolution, for sharp coloured edges; H.264 then uses the High 4:4:4 Predictive profile). Other
  /// codecs reject `.yuv444p`.
  public var pixelFormat = ChromaFormat.yuv420p
  /// Options for VP9 (WebM) encodes.
  public var vp9 = VP9Options()
  /// Options for AV1 (MP4, WebM) encodes.
  public var av1 = AV1Options()
  /// Options for GIF encodes.
  public var gif = GIFOptions()
  /// Options for animated WebP encodes.
  public var webp = WebPOptions()
  /// Options for animated PNG encodes.
  public var apng = APNGOptions()

  /// Makes a choice: `codec` (nil for the format's), x264's CRF and speed preset; every other setting has its
  /// default.
  public init(codec: VideoCodec? = nil, crf: Int = 23, codecPreset: String = "veryfast") {
    self.codec = codec
    self.crf = crf
    self.codecPreset = codecPreset
  }
}
