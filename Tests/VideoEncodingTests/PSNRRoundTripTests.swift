import Foundation
import Raster
import TestSupport
import Testing
import VideoEncoding

/// Encodes six natural-looking frames with every codec, decodes them back with the `ffmpeg` binary and
/// checks that the decoded pixels match the rendered ones: PSNR over R, G and B (8-bit, one MSE averaged over
/// all pixels of all frames) must reach a threshold stated per codec.
///
/// The thresholds sit a few dB below what FFmpeg 5.1 (Debian 12) measured for these frames, so that an
/// encoder or library update that costs a little quality still passes while a real fault (wrong colour
/// matrix or range, swapped channels, premultiplied colour, dropped or reordered frames) fails. Each test
/// also compares the decoded frames with the source frames shifted by one (frame i against source i + 1):
/// that deliberately wrong pairing measures about 19 dB, at least 8 dB under every threshold, which shows
/// the check can fail (and is asserted below).
///
/// Chroma subsampling alone sets a ceiling for the YUV codecs on these frames (a saturated orange disc with a
/// sharp edge on a colourful background, at 96x64, so edges are a large share of the pixels): converting the
/// exact frames to BT.709 limited-range YUV and back with swscale, without any codec, gives 35.5 dB for 4:2:0,
/// 37.6 dB for 4:2:2 and 52 dB for 4:4:4. The lossy codecs lose another 2–3 dB below that ceiling. A BT.601
/// decode of BT.709 4:2:0 (29.6 dB) or a full-range decode of limited-range YUV (30.0 dB) is already at the
/// 4:2:0 thresholds before any codec loss is added.
@Suite(.heavy)
struct PSNRRoundTripTests {
  static let width = 96
  static let height = 64
  static let frameCount = 6

  /// One codec and format, with its threshold and the reason for it.
  struct Case: Sendable, CustomTestStringConvertible {
    let label: String
    /// The output file name in the temporary directory (its extension picks the format).
    let fileName: String
    let settings: EncoderSettings
    /// The lowest PSNR in dB that passes; `.infinity` means the decode must be exact.
    let minimumPSNR: Double
    /// Why the threshold is what it is (and what was measured).
    let reason: String

    var testDescription: String { label }
  }

  static func settings(_ codec: VideoCodec? = nil, configure: (inout EncoderSettings) -> Void = { _ in })
    -> EncoderSettings
  {
    var settings = EncoderSettings(width: width, height: height, fps: 24, codec: codec)
    configure(&settings)
    return settings
  }

  /// The thresholds. Measured values are for these six 96x64 frames with FFmpeg 5.1.
  static let cases: [Case] = [
    Case(
      label: "h264", fileName: "clip.mp4", settings: settings(.h264) { $0.crf = 23 }, minimumPSNR: 30,
      reason: "x264 crf 23 under the 35.5 dB 4:2:0 ceiling; measured 32.6 dB"),
    Case(
      label: "h265", fileName: "clip.mp4", settings: settings(.h265), minimumPSNR: 30,
      reason: "x265 crf 23 under the 35.5 dB 4:2:0 ceiling; measured 33.2 dB"),
    Case(
      label: "vp9", fileName: "clip.webm", settings: settings(.vp9), minimumPSNR: 30,
      reason: "libvpx-vp9 crf 32 (the default) under the 35.5 dB 4:2:0 ceiling; measured 33.4 dB"),
    Case(
      label: "av1", fileName: "clip.webm", settings: settings(.av1), minimumPSNR: 29,
      reason: "libaom crf 35 at speed 8 (the defaults) under the 35.5 dB 4:2:0 ceiling; measured 32.2 dB"),
    Case(
      label: "prores-hq", fileName: "clip.mov", settings: settings(.proresHQ), minimumPSNR: 35,
      reason: "near-lossless 10-bit ProRes 422 HQ: the loss is the 37.6 dB 4:2:2 ceiling; measured 37.6 dB"),
    Case(
      label: "prores-4444", fileName: "clip.mov", settings: settings(.prores), minimumPSNR: 55,
      reason: "ProRes 4444: 10-bit 4:4:4, only quantisation and RGB↔YUV rounding; measured 60.5 dB"),
    Case(
      label: "gif", fileName: "clip.gif", settings: settings(.gif), minimumPSNR: 27,
      reason: "a 256-colour palette and Sierra Lite dithering over smooth gradients; measured 30.1 dB"),
    Case(
      label: "webp-lossless", fileName: "lossless.webp", settings: settings(.webp) { $0.webp.lossless = true },
      minimumPSNR: .infinity, reason: "VP8L from RGB input is lossless: exact"),
    Case(
      label: "webp-lossy", fileName: "lossy.webp", settings: settings(.webp) { $0.webp.quality = 80 },
      minimumPSNR: 30, reason: "VP8 at quality 80, libwebp's own 4:2:0 BT.601 conversion; measured 33.5 dB"),
    Case(
      label: "apng", fileName: "clip.apng", settings: settings(.apng), minimumPSNR: .infinity,
      reason: "deflate-compressed RGB: exact"),
    Case(
      label: "png-sequence", fileName: "f_%03d.png", settings: settings(.png), minimumPSNR: .infinity,
      reason: "one PNG per frame, lossless: exact"),
  ]

  @Test(arguments: cases)
  func decodedPixelsMatchTheRenderedFrames(_ testCase: Case) throws {
    let (width, height) = (Self.width, Self.height)
    let frames = (0..<Self.frameCount).map { Self.naturalFrame(index: $0, width: width, height: height) }
    try withTemporaryDirectory { directory in
      let path = "\(directory)/\(testCase.fileName)"
      let encoder = try VideoEncoder(outputPath: path, settings: testCase.settings)
      for frame in frames { try encoder.append(frame) }
      try encoder.finish()
      #expect(encoder.framesWritten == frames.count)

      let rgba = try Self.decode(path, isWebP: testCase.fileName.hasSuffix(".webp"), in: directory)
      let frameBytes = width * height * 4
      #expect(rgba.count % frameBytes == 0, "\(rgba.count) bytes is not a whole number of frames")
      let decodedFrames = rgba.count / frameBytes
      try #require(decodedFrames == Self.frameCount, "decoded \(decodedFrames) frames, not \(Self.frameCount)")

      let opaque = stride(from: 3, to: rgba.count, by: 4).allSatisfy { rgba[$0] == 255 }
      #expect(opaque, "\(testCase.label): the opaque frames must decode opaque")
      let psnr = Self.psnr(decoded: rgba, source: frames)
      if testCase.minimumPSNR.isInfinite {
        #expect(psnr == .infinity, "\(testCase.label) must be exact; PSNR \(psnr) dB (\(testCase.reason))")
      } else {
        #expect(
          psnr >= testCase.minimumPSNR,
          "\(testCase.label): PSNR \(psnr) dB < \(testCase.minimumPSNR) dB (\(testCase.reason))")
      }
      // The check can fail: the same decode against the source frames one step later is far below threshold.
      let shifted = Self.psnr(decoded: rgba, source: Array(frames[1...]) + [frames[0]])
      #expect(shifted < min(testCase.minimumPSNR, 60) - 5, "\(testCase.label): shifted frames give \(shifted) dB")
      // `L2V_PRINT_PSNR=1 swift test --filter PSNRRoundTripTests` prints the values, to re-measure.
      if ProcessInfo.processInfo.environment["L2V_PRINT_PSNR"] != nil {
        print("PSNR \(testCase.label): \(psnr) dB (shifted \(shifted) dB)")
      }
    }
  }

  // MARK: - Decoding

  /// Decodes every frame of `path` to packed straight RGBA.
  ///
  /// FFmpeg 5.1 cannot decode animated WebP, so each ANMF frame is rebuilt as a still WebP and decoded on
  /// its own (`WebPFile.writeStill`). That only works for frames covering the whole canvas, which is why
  /// `naturalFrame` changes every pixel from frame to frame: libwebp then has no unchanged rectangle to crop
  /// away and no similar block to blend with the previous frame.
  static func decode(_ path: String, isWebP: Bool, in directory: String) throws -> [UInt8] {
    guard isWebP else { return try MediaTools.decodeRGBA(path) }
    let webp = try WebPFile(path)
    var rgba: [UInt8] = []
    for index in webp.frames.indices {
      rgba += try MediaTools.decodeRGBA(try webp.writeStill(frame: index, in: directory))
    }
    return rgba
  }

  // MARK: - PSNR

  /// PSNR in dB of `decoded` (packed RGBA frames) against `source` over R, G and B, 8-bit, with one MSE over
  /// all pixels of all frames; `.infinity` when they are identical.
  static func psnr(decoded: [UInt8], source: [PixelBuffer]) -> Double {
    var squaredError = 0
    var samples = 0
    for (index, frame) in source.enumerated() {
      let base = index * frame.width * frame.height * 4
      for y in 0..<frame.height {
        for x in 0..<frame.width {
          let expected = frame.pixel(x: x, y: y)
          let offset = base + (y * frame.width + x) * 4
          for (channel, value) in [expected.r, expected.g, expected.b].enumerated() {
            let difference = Int(decoded[offset + channel]) - Int(value)
            squaredError += difference * difference
          }
          samples += 3
        }
      }
    }
    guard squaredError > 0 else { return .infinity }
    let meanSquaredError = Double(squaredError) / Double(samples)
    return 10 * log10(255 * 255 / meanSquaredError)
  }

  // MARK: - Frames

  /// An opaque frame with smooth colour gradients (red across, green down, blue along the diagonal and
  /// brighter by 10 each frame) and a solid, anti-aliased orange disc moving right and down (its blue also
  /// rising by 10 each frame, so that no pixel keeps its value: see `decode`).
  static func naturalFrame(index: Int, width: Int, height: Int) -> PixelBuffer {
    var frame = PixelBuffer(width: width, height: height)
    let centreX = 20.0 + 11.0 * Double(index)
    let centreY = 22.0 + 4.0 * Double(index)
    let radius = 13.0
    let disc = (red: 235.0, green: 140.0, blue: 30.0 + 10.0 * Double(index))
    for y in 0..<height {
      for x in 0..<width {
        let red = 30.0 + 190.0 * Double(x) / Double(width - 1)
        let green = 40.0 + 170.0 * Double(y) / Double(height - 1)
        let blue = 50.0 + 100.0 * Double(x + y) / Double(width + height - 2) + 10.0 * Double(index)
        // Coverage of the disc, with a one-pixel soft edge.
        let distance =
          ((Double(x) + 0.5 - centreX) * (Double(x) + 0.5 - centreX)
          + (Double(y) + 0.5 - centreY) * (Double(y) + 0.5 - centreY)).squareRoot()
        let coverage = min(1, max(0, radius + 0.5 - distance))
        func mix(_ background: Double, _ foreground: Double) -> UInt8 {
          UInt8((background + (foreground - background) * coverage).rounded())
        }
        let offset = y * frame.stride + x * 4
        frame.bytes[offset] = mix(blue, disc.blue)
        frame.bytes[offset + 1] = mix(green, disc.green)
        frame.bytes[offset + 2] = mix(red, disc.red)
        frame.bytes[offset + 3] = 255
      }
    }
    return frame
  }
}
