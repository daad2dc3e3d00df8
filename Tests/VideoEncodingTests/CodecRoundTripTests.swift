import Foundation
import Raster
import Testing
import VideoEncoding

/// H.265, AV1, bit rate and 4:4:4 round trips, checked with ffprobe and ffmpeg.
struct CodecRoundTripTests {
  let tools = FormatRoundTripTests()

  /// Encodes `frames` to `<directory>/<name>` (format from the name unless given) and returns the path.
  @discardableResult
  func encode(
    _ frames: [PixelBuffer], in directory: String, name: String, settings: EncoderSettings,
    format: OutputFormat? = nil
  ) throws -> String {
    let path = "\(directory)/\(name)"
    let encoder = try VideoEncoder(outputPath: path, settings: settings, format: format)
    for frame in frames { try encoder.append(frame) }
    try encoder.finish()
    #expect(encoder.framesWritten == frames.count)
    return path
  }

  // MARK: - H.265

  @Test(arguments: ["clip.mp4", "clip.mov", "clip.m4v"])
  func encodesH265TaggedHVC1(name: String) throws {
    try withTemporaryDirectory { directory in
      let settings = EncoderSettings(width: 64, height: 48, fps: 30, codec: .h265)
      let path = try encode(tools.solidFrames(10), in: directory, name: name, settings: settings)
      let probe = try MediaTools.probe(path)
      #expect(probe.string("codec_name") == "hevc")
      // hvc1 (not FFmpeg's default hev1): Apple's players refuse hev1.
      #expect(probe.string("codec_tag_string") == "hvc1")
      #expect(probe.string("pix_fmt") == "yuv420p")
      #expect(probe.int("width") == 64 && probe.int("height") == 48)
      #expect(probe.int("nb_read_frames") == 10)
      #expect(probe.string("avg_frame_rate") == "30/1")
      #expect(abs((probe.double("duration") ?? 0) - 10.0 / 30) <= 0.001)
      #expect(probe.string("color_space") == "bt709")
      #expect(probe.string("color_primaries") == "bt709")
      #expect(probe.string("color_transfer") == "bt709")
      let rgba = try MediaTools.decodeRGBA(path)
      try #require(rgba.count == 64 * 48 * 4 * 10)
      // Tolerance: 8-bit limited-range 4:2:0 at crf 23 on a flat area; a BT.601/709 mix-up would be off by ~30.
      let green = tools.pixel(rgba, width: 64, height: 48, frame: 1, x: 20, y: 20)
      #expect(tools.isClose(green, [0, 255, 0, 255], tolerance: 6), "green decodes as \(green)")
      #expect(try directoryListing(directory) == [name])
    }
  }

  @Test func h265UsesCRFOrBitrate() throws {
    try withTemporaryDirectory { directory in
      var settings = EncoderSettings(width: 64, height: 48, fps: 30, crf: 30, codec: .h265)
      let crfPath = try encode(tools.solidFrames(4), in: directory, name: "crf.mp4", settings: settings)
      // x265 (like x264) writes its options into an SEI message.
      let crfOptions = try encoderOptions(crfPath)
      #expect(crfOptions.contains("rc=crf") && crfOptions.contains("crf=30.0"), "\(crfOptions)")
      settings.bitrate = 500_000
      let abrPath = try encode(tools.solidFrames(4), in: directory, name: "abr.mp4", settings: settings)
      let abrOptions = try encoderOptions(abrPath)
      #expect(abrOptions.contains("rc=abr") && abrOptions.contains("bitrate=500"), "\(abrOptions)")
    }
  }

  // MARK: - Bit rate and chroma

  @Test func h264UsesTheBitrateInsteadOfTheCRF() throws {
    try withTemporaryDirectory { directory in
      var settings = EncoderSettings(width: 64, height: 48, fps: 30)
      settings.bitrate = 800_000
      let path = try encode(tools.solidFrames(4), in: directory, name: "abr.mp4", settings: settings)
      let options = try encoderOptions(path)
      #expect(options.contains("rc=abr") && options.contains("bitrate=800"), "\(options)")
      let crfPath = try encode(
        tools.solidFrames(4), in: directory, name: "crf.mp4", settings: EncoderSettings(width: 64, height: 48, fps: 30))
      #expect(try encoderOptions(crfPath).contains("rc=crf"))
    }
  }

  @Test func vp9BitrateChangesTheFileSize() throws {
    try withTemporaryDirectory { directory in
      // Noise does not compress, so the size follows the target rate.
      let frames = (0..<10).map { noiseFrame(width: 64, height: 48, seed: UInt64($0 + 1)) }
      var settings = EncoderSettings(width: 64, height: 48, fps: 10)
      settings.bitrate = 20_000
      let low = try encode(frames, in: directory, name: "low.webm", settings: settings)
      settings.bitrate = 2_000_000
      let high = try encode(frames, in: directory, name: "high.webm", settings: settings)
      let lowSize = try fileSize(low)
      let highSize = try fileSize(high)
      #expect(lowSize * 2 < highSize, "20 kb/s gave \(lowSize) bytes, 2 Mb/s \(highSize)")
      #expect(try MediaTools.probe(low).int("nb_read_frames") == 10)
    }
  }

  @Test(arguments: [
    ("clip.mp4", VideoCodec.h264, "High 4:4:4 Predictive"), ("clip.mp4", .h265, "Rext"), ("clip.mov", .h265, "Rext"),
  ])
  func encodesYUV444(name: String, codec: VideoCodec, profile: String) throws {
    try withTemporaryDirectory { directory in
      var settings = EncoderSettings(width: 64, height: 48, fps: 30, crf: 10, codec: codec)
      settings.pixelFormat = .yuv444p
      // One red column on blue: 4:2:0 would smear it over two columns' colour.
      let frames = Array(repeating: columnFrame(width: 64, height: 48, column: 21), count: 3)
      let path = try encode(frames, in: directory, name: name, settings: settings)
      let probe = try MediaTools.probe(path)
      #expect(probe.string("pix_fmt") == "yuv444p")
      #expect(probe.string("profile") == profile)
      #expect(probe.int("nb_read_frames") == 3)
      let rgba = try MediaTools.decodeRGBA(path)
      try #require(rgba.count == 64 * 48 * 4 * 3)
      // Tolerance: limited-range 8-bit rounding at crf 10; with 4:2:0 the column would decode as magenta-ish
      // (red ≈ 128, blue ≈ 128).
      let column = tools.pixel(rgba, width: 64, height: 48, x: 21, y: 20)
      #expect(tools.isClose(column, [255, 0, 0, 255], tolerance: 12), "red column decodes as \(column)")
      let neighbour = tools.pixel(rgba, width: 64, height: 48, x: 20, y: 20)
      #expect(tools.isClose(neighbour, [0, 0, 255, 255], tolerance: 12), "blue neighbour decodes as \(neighbour)")
    }
  }

  @Test func rejectsBitrateAndChromaForCodecsWithoutThem() {
    var settings = EncoderSettings(width: 8, height: 8, fps: 30)
    settings.bitrate = 1_000_000
    let bitrateError = #expect(throws: VideoEncodingError.self) { try settings.validate(outputPath: "a.mov") }
    #expect(
      bitrateError?.description
        == "invalid encoder settings: codec proresHQ has no bit rate setting; only h264, h265 and vp9 do")
    settings.bitrate = 10
    let rangeError = #expect(throws: VideoEncodingError.self) { try settings.validate() }
    #expect(
      rangeError?.description
        == "invalid encoder settings: bitrate 10 must be between 1000 and 2000000000 bits per second")
    settings.bitrate = nil
    settings.pixelFormat = .yuv444p
    let chromaError = #expect(throws: VideoEncodingError.self) { try settings.validate(outputPath: "a.webm") }
    #expect(
      chromaError?.description
        == "invalid encoder settings: codec vp9 cannot use pixel format yuv444p; only h264, h265 and y4m can")
  }

  // MARK: - AV1

  @Test(arguments: [("clip.mp4", 64, 64), ("clip.webm", 64, 48), ("small.mp4", 32, 32)])
  func encodesAV1(name: String, width: Int, height: Int) throws {
    try withTemporaryDirectory { directory in
      let settings = EncoderSettings(width: width, height: height, fps: 25, codec: .av1)
      let path = try encode(
        tools.solidFrames(10, width: width, height: height), in: directory, name: name, settings: settings)
      let probe = try MediaTools.probe(path)
      #expect(probe.string("codec_name") == "av1")
      #expect(probe.string("pix_fmt") == "yuv420p")
      #expect(probe.int("width") == width && probe.int("height") == height)
      #expect(probe.int("nb_read_frames") == 10)
      #expect(abs((probe.formatDuration ?? 0) - 0.4) <= 0.001, "\(probe.format)")
      if name.hasSuffix(".mp4") {
        #expect(probe.string("avg_frame_rate") == "25/1")
        #expect(probe.string("codec_tag_string") == "av01")
      }
      let rgba = try MediaTools.decodeRGBA(path)
      try #require(rgba.count == width * height * 4 * 10)
      // Tolerance: AV1 at crf 35 on a flat area, limited-range 8-bit 4:2:0.
      let blue = tools.pixel(rgba, width: width, height: height, frame: 2, x: width / 2, y: height / 2)
      #expect(tools.isClose(blue, [0, 0, 255, 255], tolerance: 8), "blue decodes as \(blue)")
      #expect(try directoryListing(directory) == [name])
    }
  }

  @Test func av1CannotKeepAlpha() {
    #expect(!VideoCodec.av1.supportsAlpha)
    let settings = EncoderSettings(width: 64, height: 64, fps: 30, codec: .av1, alpha: true)
    #expect(throws: VideoEncodingError.self) { try settings.validate(outputPath: "clip.webm") }
  }

  @Test(arguments: [("clip.mp4", VideoCodec.h265), ("clip.webm", .av1), ("clip.mp4", .av1)])
  func failedEncodesLeaveNoFiles(name: String, codec: VideoCodec) throws {
    try withTemporaryDirectory { directory in
      let settings = EncoderSettings(width: 64, height: 64, fps: 30, codec: codec)
      let encoder = try VideoEncoder(outputPath: "\(directory)/\(name)", settings: settings)
      #expect(throws: VideoEncodingError.self) { try encoder.finish() }
      #expect(try directoryListing(directory) == [])
      let cancelled = try VideoEncoder(outputPath: "\(directory)/\(name)", settings: settings)
      try cancelled.append(tools.solidFrames(1, width: 64, height: 64)[0])
      cancelled.cancel()
      #expect(try directoryListing(directory) == [])
    }
  }

  // MARK: - Helpers

  /// The options string x264 or x265 stores in its SEI message ("... options: cabac=1 ... rc=crf ...").
  func encoderOptions(_ path: String) throws -> String {
    let text = String(
      decoding: try Data(contentsOf: URL(fileURLWithPath: path)).map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
    guard let range = text.range(of: "options: ") else { return "" }
    return String(text[range.upperBound...].prefix(2_000))
  }

  func fileSize(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  }
}

/// An opaque frame of pseudo-random pixels.
func noiseFrame(width: Int, height: Int, seed: UInt64) -> PixelBuffer {
  var frame = PixelBuffer(width: width, height: height)
  var state = seed &* 6_364_136_223_846_793_005 &+ 1
  for offset in stride(from: 0, to: frame.bytes.count, by: 4) {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    frame.bytes[offset] = UInt8(truncatingIfNeeded: state >> 24)
    frame.bytes[offset + 1] = UInt8(truncatingIfNeeded: state >> 32)
    frame.bytes[offset + 2] = UInt8(truncatingIfNeeded: state >> 40)
    frame.bytes[offset + 3] = 255
  }
  return frame
}

/// An opaque blue frame with one red column at x = `column`.
func columnFrame(width: Int, height: Int, column: Int) -> PixelBuffer {
  var frame = solidFrame(width: width, height: height, red: 0, green: 0, blue: 255)
  for y in 0..<height {
    let offset = y * frame.stride + column * 4
    frame.bytes[offset] = 0
    frame.bytes[offset + 2] = 255
  }
  return frame
}
