import Testing
import VideoEncoding

struct OutputFormatTests {
  @Test(arguments: [
    ("clip.mp4", OutputFormat.mp4), ("dir/clip.M4V", .m4v), ("/a.b/clip.mov", .mov), ("x.webm", .webm),
    ("anim.GIF", .gif),
  ])
  func findsTheFormatFromTheExtension(path: String, format: OutputFormat) {
    #expect(OutputFormat.from(path: path) == format)
  }

  @Test(arguments: ["clip.avi", "clip", ".mp4", "dir.mp4/clip", "clip.mp4.partial"])
  func rejectsOtherExtensions(path: String) {
    #expect(OutputFormat.from(path: path) == nil)
  }

  @Test func knowsWhichFormatsKeepAlpha() {
    #expect(
      OutputFormat.allCases.filter(\.supportsAlpha) == [.mov, .webm, .gif, .webp, .apng, .pngSequence, .rawvideo])
  }

  @Test func picksADefaultCodecPerFormat() {
    #expect(OutputFormat.mp4.defaultCodec(alpha: false) == .h264)
    #expect(OutputFormat.webm.defaultCodec(alpha: true) == .vp9)
    #expect(OutputFormat.mov.defaultCodec(alpha: true) == .prores)
    #expect(OutputFormat.mov.defaultCodec(alpha: false) == .proresHQ)
    #expect(OutputFormat.gif.defaultCodec(alpha: true) == .gif)
  }

  @Test func validatesForAnOutputPathWithoutCreatingIt() throws {
    let settings = EncoderSettings(width: 8, height: 8, fps: 30, alpha: true)
    #expect(try settings.validate(outputPath: "/nonexistent/clip.mov") == (.mov, .prores))
    #expect(try settings.validate(outputPath: "/nonexistent/clip.webm") == (.webm, .vp9))
    #expect(try EncoderSettings(width: 8, height: 8, fps: 30).validate(outputPath: "a.MOV") == (.mov, .proresHQ))
    #expect(throws: VideoEncodingError.self) { try settings.validate(outputPath: "clip.mp4") }
  }

  @Test func everyCodecIsInThisFFmpeg() throws {
    for codec in VideoCodec.allCases {
      try codec.checkAvailable()
    }
  }

  @Test func missingEncoderMessageSaysWhatToInstall() {
    let error = VideoEncodingError.encoderMissing(name: "libvpx-vp9", package: "libvpx")
    #expect(error.description == "FFmpeg has no 'libvpx-vp9' encoder; install libvpx")
  }

  /// Rates GIF can show exactly are 100/n fps for a whole number n >= 2 of centiseconds.
  @Test(
    arguments: [
      (30.0, 100.0 / 3), (24, 25), (25, 25), (50, 50), (60, 50), (120, 50), (10, 10), (12, 12.5), (1, 1),
      (29.97, 100.0 / 3),
    ] as [(Double, Double)])
  func snapsGIFRatesToWholeCentiseconds(fps: Double, expected: Double) {
    #expect(abs(EncoderSettings.gifFrameRate(for: fps) - expected) < 1e-9)
  }

  @Test(arguments: [
    (
      "clip.mp4", EncoderSettings(width: 8, height: 8, fps: 30, alpha: true),
      "codec h264 cannot keep alpha; composite the frames over a background, or write .mov (ProRes 4444), "
        + ".webm (VP9), .gif, .webp, .apng or a .png sequence"
    ),
    (
      "clip.webm", EncoderSettings(width: 8, height: 8, fps: 30, codec: .h264),
      "codec h264 cannot go in .webm files; use one of vp9, av1"
    ),
    (
      "clip.mov", EncoderSettings(width: 8, height: 8, fps: 30, codec: .proresHQ, alpha: true),
      "codec proresHQ cannot keep alpha; composite the frames over a background, or write .mov (ProRes 4444), "
        + ".webm (VP9), .gif, .webp, .apng or a .png sequence"
    ),
    (
      "clip.avi", EncoderSettings(width: 8, height: 8, fps: 30),
      "clip.avi: the output must end in .mp4, .m4v, .mov, .webm, .gif, .webp, .apng, "
        + ".png with a frame-number pattern such as %05d or .y4m"
    ),
  ])
  func rejectsCodecsTheFormatCannotHold(path: String, settings: EncoderSettings, message: String) {
    let error = #expect(throws: VideoEncodingError.self) { try VideoEncoder(outputPath: path, settings: settings) }
    #expect(error?.description == "invalid encoder settings: \(message)")
  }

  /// Settings of 8x8 at 30 fps with one codec option changed.
  static func changed(_ change: (inout EncoderSettings) -> Void) -> EncoderSettings {
    var settings = EncoderSettings(width: 8, height: 8, fps: 30)
    change(&settings)
    return settings
  }

  @Test(arguments: [
    (changed { $0.vp9.crf = 64 }, "vp9 crf 64 must be between 0 and 63"),
    (changed { $0.vp9.speed = 9 }, "vp9 speed 9 must be between 0 and 8"),
    (changed { $0.gif.loopCount = -2 }, "gif loop count -2 must be between -1 and 65535"),
    (changed { $0.gif.alphaThreshold = 256 }, "gif alpha threshold 256 must be between 0 and 255"),
  ])
  func rejectsOutOfRangeCodecOptions(settings: EncoderSettings, message: String) {
    let error = #expect(throws: VideoEncodingError.self) { try settings.validate() }
    #expect(error?.description == "invalid encoder settings: \(message)")
  }
}
