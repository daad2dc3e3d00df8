import CFFmpeg
import Testing

@testable import VideoEncoding

/// Sizes an encoder cannot take are refused by `validate`, naming the encoder, before anything is rendered
/// (FFmpeg would refuse them only in `avcodec_open2`, with "Invalid argument").
struct PictureSizeLimitTests {
  @Test func ffmpegsPictureLimitIsNamed() {
    let error = #expect(throws: VideoEncodingError.self) {
      try EncoderSettings(width: 16_384, height: 16_384, fps: 30).validate(outputPath: "big.mp4")
    }
    #expect(
      error?.description
        == "invalid encoder settings: size 16384x16384 is too large for the libx264 encoder: FFmpeg takes pictures "
        + "16384 wide up to 16128 high (at most about 16000x16000)")
    // Just inside the limit passes.
    #expect(throws: Never.self) {
      try EncoderSettings(width: 16_384, height: 16_128, fps: 30).validate(outputPath: "big.mp4")
    }
  }

  @Test func ourLimitIsFFmpegs() {
    // The formula above is av_image_check_size's: it accepts 16384x16128 and refuses one row more.
    // av_image_check_size logs the sizes it refuses; keep that off the test output.
    FFmpegLog.applyDefaultLevel()
    let level = av_log_get_level()
    av_log_set_level(AV_LOG_QUIET)
    defer { av_log_set_level(level) }
    #expect(av_image_check_size(16_384, 16_128, 0, nil) == 0)
    #expect(av_image_check_size(16_384, 16_129, 0, nil) < 0)
    #expect(throws: VideoEncodingError.self) { try VideoCodec.h264.checkPictureSize(width: 16_384, height: 16_129) }
    #expect(av_image_check_size(16_255, 16_255, 0, nil) == 0)
    #expect(throws: Never.self) { try VideoCodec.vp9.checkPictureSize(width: 16_255, height: 16_255) }
  }

  @Test func webpTakesLessThan16384() {
    let error = #expect(throws: VideoEncodingError.self) {
      try EncoderSettings(width: 16_384, height: 64, fps: 30).validate(outputPath: "wide.webp")
    }
    #expect(
      error?.description
        == "invalid encoder settings: size 16384x64 is too large for the libwebp_anim encoder: at most 16383 pixels a side"
    )
  }

  @Test func oddSizesAreCheckedAsCoded() {
    // 16383x16127 is coded as 16384x16128 for H.264 (padded to even): still inside.
    #expect(throws: Never.self) {
      try EncoderSettings(width: 16_383, height: 16_127, fps: 30).validate(outputPath: "a.mp4")
    }
    #expect(throws: VideoEncodingError.self) {
      try EncoderSettings(width: 16_383, height: 16_129, fps: 30).validate(outputPath: "a.mp4")
    }
  }
}
