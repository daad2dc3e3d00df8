import Testing
import VideoEncoding

struct EncoderSettingsTests {
  @Test(arguments: [
    (30.0, 30, 1), (60.0, 60, 1), (24.0, 24, 1), (29.97, 30000, 1001), (23.976, 24000, 1001),
    (59.94, 60000, 1001), (12.5, 25, 2),
  ])
  func frameRateIsAnExactRational(fps: Double, numerator: Int, denominator: Int) {
    let rate = EncoderSettings(width: 2, height: 2, fps: fps).frameRate
    #expect(rate.numerator == numerator && rate.denominator == denominator, "\(fps) -> \(rate)")
  }

  @Test func codedSizeRoundsUpToEven() {
    #expect(EncoderSettings(width: 65, height: 49, fps: 30).codedSize == (width: 66, height: 50))
    #expect(EncoderSettings(width: 64, height: 48, fps: 30).codedSize == (width: 64, height: 48))
  }

  @Test(arguments: [
    (EncoderSettings(width: 0, height: 48, fps: 30), "size 0x48 must be between 1x1 and 16384x16384"),
    (EncoderSettings(width: 64, height: 48, fps: 0), "fps 0.0 must be a number greater than 0 and at most 1000"),
    (EncoderSettings(width: 64, height: 48, fps: .nan), "fps nan must be a number greater than 0 and at most 1000"),
    (EncoderSettings(width: 64, height: 48, fps: 30, crf: 52), "crf 52 must be between 0 and 51"),
    (
      EncoderSettings(width: 64, height: 48, fps: 30, codecPreset: "quick"),
      "preset 'quick' is not one of ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo"
    ),
    (EncoderSettings(width: 64, height: 48, fps: 30, threads: -1), "threads -1 must be between 0 (automatic) and 64"),
  ])
  func rejectsOutOfRangeSettings(settings: EncoderSettings, message: String) {
    let error = #expect(throws: VideoEncodingError.self) { try settings.validate() }
    #expect(error?.description == "invalid encoder settings: \(message)")
  }

  @Test func acceptsTheDefaults() throws {
    try EncoderSettings(width: 1920, height: 1080, fps: 60).validate()
  }
}
