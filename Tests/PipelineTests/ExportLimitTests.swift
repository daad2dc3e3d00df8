import Foundation
import Lottie
import TestSupport
import Testing
import VideoEncoding

@testable import Pipeline

/// Exports that cannot work are refused before anything is rendered or written: sizes the encoder cannot
/// take, and exports whose memory estimate is over the limit.
struct ExportLimitTests {
  static func animation() throws -> Animation {
    try LottieParser.parse(
      bytes: Array(#"{"v": "5.7", "fr": 30, "ip": 0, "op": 10, "w": 64, "h": 64, "layers": []}"#.utf8), file: "a.json")
  }

  /// Exports at `width` x `height` into a fresh folder; returns the error and what the folder holds after.
  static func refusal(_ file: String, width: Int, height: Int, configure: (inout ExportOptions) -> Void = { _ in })
    -> (error: (any Error)?, leftovers: [String])
  {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var options = ExportOptions(
      outputPath: directory.appendingPathComponent(file).path,
      render: RenderSettings(width: width, height: height, jobs: 2),
      fps: 30)
    configure(&options)
    var caught: (any Error)?
    var framesDone = 0
    do {
      _ = try Exporter.export(
        animation: try animation(), options: options, progress: { framesDone = max(framesDone, $0.done) })
    } catch {
      caught = error
    }
    // Refused up front: not one frame was rendered.
    #expect(framesDone == 0)
    return (caught, (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? ["?"])
  }

  @Test func absurdExportIsRefusedByTheMemoryEstimate() throws {
    let (error, leftovers) = Self.refusal("huge.webm", width: 8192, height: 8192)
    let refusal = try #require(error as? ExportError)
    guard case .memoryLimit(let estimate, let limit) = refusal else {
      Issue.record("refused for another reason: \(refusal)")
      return
    }
    #expect(limit == 4_000_000_000)
    #expect(estimate.totalBytes > 15_000_000_000)
    #expect(
      refusal.description.hasPrefix(
        "this export would need about 16.78 GB (frames in flight and render surfaces 1.88 GB, libvpx-vp9 with alpha 14.76 GB, base 134 MB), "
          + "more than the memory limit of 4.00 GB;"), "\(refusal)")
    #expect(leftovers.isEmpty)
  }

  @Test func limitCanBeRaisedOrLowered() throws {
    // 1080p H.264 fits the default; a 100 MB limit refuses it, and no limit at all lets the estimate pass.
    let settings = EncoderSettings(width: 1920, height: 1080, fps: 30)
    let estimate = MemoryEstimate(
      render: RenderSettings(width: 1920, height: 1080, jobs: 2), settings: settings, codec: .h264)
    #expect(estimate.totalBytes > 250_000_000 && estimate.totalBytes < 450_000_000, "\(estimate)")
    #expect(throws: Never.self) { try estimate.check(limit: MemoryEstimate.defaultLimit) }
    #expect(throws: ExportError.self) { try estimate.check(limit: 100_000_000) }
    #expect(throws: Never.self) { try estimate.check(limit: nil) }
    let (error, _) = Self.refusal("small.mp4", width: 640, height: 360) { $0.memoryLimit = 10_000_000 }
    #expect(error is ExportError)
  }

  @Test func estimateGrowsWithJobsPresetAndAlpha() {
    let size = RenderSettings(width: 1920, height: 1080, jobs: 1)
    var many = size
    many.jobs = 8
    let veryfast = EncoderSettings(width: 1920, height: 1080, fps: 30)
    var medium = veryfast
    medium.codecPreset = "medium"
    var alpha = veryfast
    alpha.alpha = true
    #expect(
      MemoryEstimate(render: many, settings: veryfast, codec: .h264).renderBytes > 4
        * MemoryEstimate(render: size, settings: veryfast, codec: .h264).renderBytes)
    #expect(
      MemoryEstimate(render: size, settings: medium, codec: .h264).encoderBytes > 2
        * MemoryEstimate(render: size, settings: veryfast, codec: .h264).encoderBytes)
    #expect(
      MemoryEstimate(render: size, settings: alpha, codec: .vp9).encoderBytes == 2
        * MemoryEstimate(render: size, settings: veryfast, codec: .vp9).encoderBytes)
  }

  @Test func oversizeCanvasNamesTheEncoder() throws {
    let (error, leftovers) = Self.refusal("big.mp4", width: 16_384, height: 16_384) { $0.memoryLimit = nil }
    #expect(
      (error as? VideoEncodingError)?.description
        == "invalid encoder settings: size 16384x16384 is too large for the libx264 encoder: FFmpeg takes pictures "
        + "16384 wide up to 16128 high (at most about 16000x16000)")
    #expect(leftovers.isEmpty)
    // Checked before the memory estimate, so the size is what the message is about.
    let (webp, _) = Self.refusal("wide.webp", width: 16_384, height: 64)
    #expect((webp as? VideoEncodingError)?.description.contains("libwebp_anim") == true)
  }
}
