import Foundation
import Raster
import TestSupport
import Testing
import VideoEncoding

/// Animated WebP, APNG, PNG sequences and raw streams (Y4M, RGBA), checked with ffprobe, ffmpeg and by
/// reading their chunks.
@Suite(.heavy)
struct ImageFormatRoundTripTests {
  let tools = FormatRoundTripTests()
  let codecs = CodecRoundTripTests()

  // MARK: - WebP

  @Test func encodesLossyAnimatedWebPWithAlpha() throws {
    try withTemporaryDirectory { directory in
      var settings = EncoderSettings(width: 64, height: 48, fps: 25, alpha: true)
      settings.webp.loopCount = 3
      // Alternate two pictures: libwebp merges identical consecutive frames into one longer frame.
      let frames = (0..<6).map { index in
        index % 2 == 0
          ? translucentFrame(width: 64, height: 48) : solidFrame(width: 64, height: 48, red: 0, green: 255, blue: 0)
      }
      let path = try codecs.encode(frames, in: directory, name: "anim.webp", settings: settings)
      let webp = try WebPFile(path)
      #expect(webp.hasAnimation && webp.hasAlpha)
      #expect(webp.canvas == (64, 48))
      #expect(webp.loopCount == 3)
      #expect(webp.frames.count == 6)
      #expect(webp.frames.map(\.duration) == Array(repeating: 40, count: 6), "\(webp.frames.map(\.duration))")
      #expect(webp.frames.allSatisfy { !$0.isLossless })
      // FFmpeg 5.1 cannot decode animations; it decodes the first frame rebuilt as a still WebP.
      let rgba = try MediaTools.decodeRGBA(try webp.writeStill(frame: 0, in: directory))
      try #require(rgba.count == 64 * 48 * 4)
      // Tolerance: lossy VP8 at quality 80, 4:2:0 BT.601 colour; alpha is compressed losslessly by default.
      // A premultiplied (dark) red would decode as red ≈ 128.
      let red = tools.pixel(rgba, width: 64, height: 48, x: 10, y: 10)
      #expect(tools.isClose(red, [255, 0, 0, 128], tolerance: 16), "50% red decodes as \(red)")
      let blue = tools.pixel(rgba, width: 64, height: 48, x: 50, y: 10)
      #expect(tools.isClose(blue, [0, 0, 255, 255], tolerance: 16), "opaque blue decodes as \(blue)")
      #expect(tools.pixel(rgba, width: 64, height: 48, x: 62, y: 46)[3] == 0)
      #expect(try directoryListing(directory) == ["anim.webp", "still.webp"])
    }
  }

  @Test func encodesLosslessOpaqueWebP() throws {
    try withTemporaryDirectory { directory in
      var settings = EncoderSettings(width: 64, height: 48, fps: 10)
      settings.webp.lossless = true
      // Alpha is not kept: the translucent frame must come out opaque.
      let frames = [translucentFrame(width: 64, height: 48)] + tools.solidFrames(3)
      let path = try codecs.encode(frames, in: directory, name: "anim.webp", settings: settings)
      let webp = try WebPFile(path)
      #expect(webp.loopCount == 0, "loops forever by default")
      #expect(webp.frames.count == 4)
      #expect(webp.frames.map(\.duration).reduce(0, +) == 400)
      #expect(webp.frames.allSatisfy { $0.isLossless })
      let rgba = try MediaTools.decodeRGBA(try webp.writeStill(frame: 0, in: directory))
      try #require(rgba.count == 64 * 48 * 4)
      // Lossless: exact. The premultiplied 50% red read as opaque is (128, 0, 0).
      #expect(tools.pixel(rgba, width: 64, height: 48, x: 10, y: 10) == [128, 0, 0, 255])
      #expect(tools.pixel(rgba, width: 64, height: 48, x: 62, y: 46) == [0, 0, 0, 255])
    }
  }

  @Test func rejectsWebPQualityOutOfRange() {
    var settings = EncoderSettings(width: 8, height: 8, fps: 30)
    settings.webp.quality = 101
    let error = #expect(throws: VideoEncodingError.self) { try settings.validate() }
    #expect(error?.description == "invalid encoder settings: webp quality 101 must be between 0 and 100")
  }

  // MARK: - APNG

  @Test func encodesAPNGWithStraightAlphaAndPlays() throws {
    try withTemporaryDirectory { directory in
      var settings = EncoderSettings(width: 64, height: 48, fps: 20, alpha: true)
      settings.apng.plays = 2
      let frames = [translucentFrame(width: 64, height: 48)] + tools.solidFrames(4)
      let path = try codecs.encode(frames, in: directory, name: "anim.apng", settings: settings)
      let probe = try MediaTools.probe(path)
      #expect(probe.string("codec_name") == "apng")
      #expect(probe.string("pix_fmt") == "rgba")
      #expect(probe.int("width") == 64 && probe.int("height") == 48)
      #expect(probe.int("nb_read_frames") == 5)
      #expect(probe.string("avg_frame_rate") == "20/1")
      let chunks = try APNGChunks(path)
      #expect(chunks.frameCount == 5 && chunks.plays == 2)
      // Every frame lasts 1/20 s, the last one too: 0.25 s in all.
      #expect(chunks.delays.count == 5)
      #expect(chunks.delays.allSatisfy { abs($0 - 0.05) < 1e-9 }, "\(chunks.delays)")
      let rgba = try MediaTools.decodeRGBA(path)
      try #require(rgba.count == 64 * 48 * 4 * 5)
      // Lossless and straight: 50% red is (255, 0, 0, 128) exactly.
      #expect(tools.pixel(rgba, width: 64, height: 48, x: 10, y: 10) == [255, 0, 0, 128])
      #expect(tools.pixel(rgba, width: 64, height: 48, x: 62, y: 46)[3] == 0)
      #expect(tools.pixel(rgba, width: 64, height: 48, frame: 2, x: 5, y: 5) == [0, 255, 0, 255])
      #expect(try directoryListing(directory) == ["anim.apng"])
    }
  }

  @Test func encodesOpaqueAPNGAsRGB() throws {
    try withTemporaryDirectory { directory in
      let path = try codecs.encode(
        tools.solidFrames(3), in: directory, name: "anim.apng",
        settings: EncoderSettings(width: 64, height: 48, fps: 10))
      #expect(try MediaTools.probe(path).string("pix_fmt") == "rgb24")
      #expect(try APNGChunks(path).plays == 0, "loops forever by default")
    }
  }

  // MARK: - PNG sequence

  @Test(
    arguments: [
      ("frames/%05d.png", OutputFormat.pngSequence), ("f%d.PNG", .pngSequence), ("a%%b%03d.png", .pngSequence),
      ("still.png", nil), ("two%d%d.png", nil), ("-", nil), ("raw.y4m", .y4m), ("x.webp", .webp), ("x.apng", .apng),
      ("x.rawvideo", nil), ("x.pngsequence", nil),
    ] as [(String, OutputFormat?)])
  func detectsFormatsFromThePath(path: String, format: OutputFormat?) {
    #expect(OutputFormat.from(path: path) == format)
  }

  @Test func writesAPNGSequenceWithStraightAlpha() throws {
    try withTemporaryDirectory { directory in
      let settings = EncoderSettings(width: 63, height: 47, fps: 30, alpha: true)
      let frames = [translucentFrame(width: 63, height: 47)] + tools.solidFrames(2, width: 63, height: 47)
      let encoder = try VideoEncoder(outputPath: "\(directory)/f_%03d.png", settings: settings)
      #expect(encoder.format == .pngSequence && encoder.codec == .png)
      for frame in frames { try encoder.append(frame) }
      try encoder.finish()
      #expect(try directoryListing(directory) == ["f_000.png", "f_001.png", "f_002.png"])
      let probe = try MediaTools.probe("\(directory)/f_000.png")
      #expect(probe.string("codec_name") == "png")
      #expect(probe.string("pix_fmt") == "rgba")
      #expect(probe.int("width") == 63 && probe.int("height") == 47)
      let first = try MediaTools.decodeRGBA("\(directory)/f_000.png")
      try #require(first.count == 63 * 47 * 4)
      // Lossless and straight alpha: exact.
      #expect(tools.pixel(first, width: 63, height: 47, x: 10, y: 10) == [255, 0, 0, 128])
      #expect(tools.pixel(first, width: 63, height: 47, x: 60, y: 45)[3] == 0)
      let second = try MediaTools.decodeRGBA("\(directory)/f_001.png")
      #expect(tools.pixel(second, width: 63, height: 47, x: 3, y: 3) == [255, 0, 0, 255])
    }
  }

  @Test func cancelledOrFailedPNGSequencesLeaveNoFiles() throws {
    try withTemporaryDirectory { directory in
      // One thread: with frame threads the png encoder hands pictures back a few frames late.
      let settings = EncoderSettings(width: 16, height: 16, fps: 30, threads: 1)
      let encoder = try VideoEncoder(outputPath: "\(directory)/%04d.png", settings: settings)
      for frame in tools.solidFrames(3, width: 16, height: 16) { try encoder.append(frame) }
      // The frames wait in a temporary folder until the sequence is finished.
      let folder = ".%04d.partial-\(ProcessInfo.processInfo.processIdentifier).png"
      #expect(try directoryListing(directory) == [folder])
      #expect(try directoryListing("\(directory)/\(folder)") == ["0000.png", "0001.png", "0002.png"])
      encoder.cancel()
      #expect(try directoryListing(directory) == [])
      let empty = try VideoEncoder(outputPath: "\(directory)/%04d.png", settings: settings)
      #expect(throws: VideoEncodingError.self) { try empty.finish() }
      #expect(try directoryListing(directory) == [])
      let missing = #expect(throws: VideoEncodingError.self) {
        try VideoEncoder(outputPath: "\(directory)/nope/%04d.png", settings: settings)
      }
      guard case .io(let path, _)? = missing else {
        Issue.record("expected an io error, got \(String(describing: missing))")
        return
      }
      #expect(path == "\(directory)/nope/%04d.png")
    }
  }

  // MARK: - Raw streams

  @Test(arguments: [ChromaFormat.yuv420p, .yuv444p])
  func writesY4M(chroma: ChromaFormat) throws {
    try withTemporaryDirectory { directory in
      var settings = EncoderSettings(width: 64, height: 48, fps: 30)
      settings.pixelFormat = chroma
      let path = try codecs.encode(tools.solidFrames(4), in: directory, name: "clip.y4m", settings: settings)
      let probe = try MediaTools.probe(path)
      #expect(probe.string("codec_name") == "rawvideo")
      #expect(probe.string("pix_fmt") == chroma.rawValue)
      #expect(probe.int("width") == 64 && probe.int("height") == 48)
      #expect(probe.int("nb_read_frames") == 4)
      #expect(probe.string("avg_frame_rate") == "30/1")
      let header = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)).prefix(40), as: UTF8.self)
      #expect(header.hasPrefix("YUV4MPEG2 W64 H48 F30:1"), "\(header)")
      // BT.709 limited range: pure red has Y = 16 + 219 * 0.2126 ≈ 63 (BT.601 would give 81); ±1 for rounding.
      let planes = [UInt8](
        try MediaTools.run(
          "ffmpeg", ["-v", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", chroma.rawValue, "-"]))
      try #require(planes.count >= 64 * 48)
      #expect(abs(Int(planes[10 * 64 + 10]) - 63) <= 1, "luma \(planes[10 * 64 + 10])")
    }
  }

  @Test func writesRawRGBAByName() throws {
    try withTemporaryDirectory { directory in
      let settings = EncoderSettings(width: 63, height: 47, fps: 30, alpha: true)
      let frames = [
        translucentFrame(width: 63, height: 47), solidFrame(width: 63, height: 47, red: 1, green: 2, blue: 3),
      ]
      let path = try codecs.encode(frames, in: directory, name: "clip.rgba", settings: settings, format: .rawvideo)
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      try #require(bytes.count == 63 * 47 * 4 * 2)
      // Exact: straight RGBA, no header, no padding.
      #expect(tools.pixel(bytes, width: 63, height: 47, x: 10, y: 10) == [255, 0, 0, 128])
      #expect(tools.pixel(bytes, width: 63, height: 47, x: 40, y: 10) == [0, 0, 255, 255])
      #expect(tools.pixel(bytes, width: 63, height: 47, x: 62, y: 46) == [0, 0, 0, 0])
      #expect(tools.pixel(bytes, width: 63, height: 47, frame: 1, x: 62, y: 46) == [1, 2, 3, 255])
    }
  }

  @Test func rawRGBAIsOpaqueWithoutAlpha() throws {
    try withTemporaryDirectory { directory in
      let path = try codecs.encode(
        [translucentFrame(width: 8, height: 8)], in: directory, name: "clip.raw",
        settings: EncoderSettings(width: 8, height: 8, fps: 30), format: .rawvideo)
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      try #require(bytes.count == 8 * 8 * 4)
      #expect(stride(from: 3, to: bytes.count, by: 4).allSatisfy { bytes[$0] == 255 })
    }
  }

  /// The environment variable that turns ``writesToStandardOutput(format:)`` into the child process that
  /// writes the stream.
  static let standardOutputChild = "L2V_TEST_STANDARD_OUTPUT_FORMAT"

  /// The test bundle, when it is a plain executable that can be run again as a child (Linux).
  static var testExecutable: String? {
    let path = CommandLine.arguments.first ?? ""
    return path.hasSuffix(".xctest") && FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// Runs this test again in a child process whose standard output is a pipe: the child encodes to `-`, the
  /// parent checks the bytes (Swift Testing prints nothing on standard output).
  @Test(.enabled(if: testExecutable != nil), arguments: [OutputFormat.y4m, .rawvideo])
  func writesToStandardOutput(format: OutputFormat) throws {
    let environment = ProcessInfo.processInfo.environment
    if let childFormat = environment[Self.standardOutputChild] {
      guard childFormat == format.rawValue else { return }
      let encoder = try VideoEncoder(
        outputPath: "-", settings: EncoderSettings(width: 16, height: 8, fps: 25, alpha: format == .rawvideo),
        format: format)
      for frame in tools.solidFrames(3, width: 16, height: 8) { try encoder.append(frame) }
      try encoder.finish()
      return
    }
    try withTemporaryDirectory { directory in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: try #require(Self.testExecutable))
      process.arguments = ["--testing-library", "swift-testing", "--filter", "writesToStandardOutput"]
      process.environment = environment.merging([Self.standardOutputChild: format.rawValue]) { $1 }
      // Run in the empty directory: a temporary file next to "-" would show up here.
      process.currentDirectoryURL = URL(fileURLWithPath: directory)
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      #expect(try directoryListing(directory) == [])
      if format == .rawvideo {
        try #require(bytes.count == 16 * 8 * 4 * 3)
        #expect(tools.pixel(bytes, width: 16, height: 8, frame: 1, x: 3, y: 3) == [0, 255, 0, 255])
      } else {
        let path = "\(directory)/stream.y4m"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let probe = try MediaTools.probe(path)
        #expect(probe.string("pix_fmt") == "yuv420p")
        #expect(probe.int("width") == 16 && probe.int("height") == 8)
        #expect(probe.int("nb_read_frames") == 3)
      }
    }
  }

  @Test func standardOutputNeedsAStreamFormat() throws {
    let settings = EncoderSettings(width: 8, height: 8, fps: 30)
    let noFormat = #expect(throws: VideoEncodingError.self) { try settings.validate(outputPath: "-") }
    #expect(
      noFormat?.description
        == "invalid encoder settings: standard output (-) needs an explicit format: mp4, m4v, mov, webm, gif, y4m or rawvideo"
    )
    // WebP and APNG seek back to finish the file; MP4 goes out fragmented.
    let webp = #expect(throws: VideoEncodingError.self) { try settings.validate(outputPath: "-", format: .webp) }
    #expect(
      webp?.description
        == "invalid encoder settings: webp cannot be written to standard output (-); only mp4, m4v, mov, webm, gif, y4m or rawvideo can"
    )
    #expect(try settings.validate(outputPath: "-", format: .mp4) == (.mp4, .h264))
    #expect(try settings.validate(outputPath: "-", format: .y4m) == (.y4m, .y4m))
    #expect(try settings.validate(outputPath: "-", format: .rawvideo) == (.rawvideo, .rawvideo))
  }

  @Test(arguments: ["clip.webp", "clip.apng", "clip.y4m"])
  func failedAndCancelledEncodesLeaveNoFiles(name: String) throws {
    try withTemporaryDirectory { directory in
      let settings = EncoderSettings(width: 16, height: 16, fps: 30)
      let empty = try VideoEncoder(outputPath: "\(directory)/\(name)", settings: settings)
      #expect(throws: VideoEncodingError.self) { try empty.finish() }
      #expect(try directoryListing(directory) == [])
      let cancelled = try VideoEncoder(outputPath: "\(directory)/\(name)", settings: settings)
      for frame in tools.solidFrames(2, width: 16, height: 16) { try cancelled.append(frame) }
      cancelled.cancel()
      #expect(try directoryListing(directory) == [])
    }
  }
}

/// The chunks of an animated WebP file (RIFF): VP8X flags, ANIM loop count, and each ANMF frame.
@Suite(.heavy)
struct WebPFile {
  struct Frame {
    let x: Int, y: Int, width: Int, height: Int, duration: Int
    /// The frame's image chunks (ALPH + VP8, or VP8L), with their headers.
    let data: [UInt8]
    var isLossless: Bool { data.count >= 4 && Array(data[0..<4]) == Array("VP8L".utf8) }
  }

  var hasAnimation = false
  var hasAlpha = false
  var canvas = (0, 0)
  var loopCount = -1
  var frames: [Frame] = []

  init(_ path: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    guard bytes.count >= 12, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WEBP".utf8)
    else { throw MediaTools.Failure(description: "\(path) is not a WebP file") }
    func uint(_ offset: Int, _ count: Int) -> Int {
      (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
    var offset = 12
    while offset + 8 <= bytes.count {
      let name = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      let size = uint(offset + 4, 4)
      let body = offset + 8
      guard body + size <= bytes.count else { break }
      switch name {
      case "VP8X":
        hasAlpha = bytes[body] & 0x10 != 0
        hasAnimation = bytes[body] & 0x02 != 0
        canvas = (uint(body + 4, 3) + 1, uint(body + 7, 3) + 1)
      case "ANIM":
        loopCount = uint(body + 4, 2)
      case "ANMF":
        frames.append(
          Frame(
            x: uint(body, 3) * 2, y: uint(body + 3, 3) * 2, width: uint(body + 6, 3) + 1,
            height: uint(body + 9, 3) + 1, duration: uint(body + 12, 3), data: Array(bytes[body + 16..<body + size])))
      default: break
      }
      offset = body + size + (size & 1)
    }
  }

  /// Writes frame `index` as a still WebP (`still.webp` in `directory`) that FFmpeg can decode; the frame
  /// must cover the whole canvas.
  func writeStill(frame index: Int, in directory: String) throws -> String {
    let frame = frames[index]
    try #require(frame.x == 0 && frame.y == 0 && frame.width == canvas.0 && frame.height == canvas.1)
    func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    var body = Array("WEBP".utf8)
    if !frame.isLossless {
      // VP8X with the alpha flag when the frame has an ALPH chunk, then the frame's chunks.
      let hasAlphaChunk = Array(frame.data[0..<4]) == Array("ALPH".utf8)
      body +=
        Array("VP8X".utf8) + le(10, 4) + [hasAlphaChunk ? 0x10 : 0, 0, 0, 0]
        + le(canvas.0 - 1, 3) + le(canvas.1 - 1, 3)
    }
    body += frame.data
    let file = Array("RIFF".utf8) + le(body.count, 4) + body
    let path = "\(directory)/still.webp"
    try Data(file).write(to: URL(fileURLWithPath: path))
    return path
  }
}

/// The animation chunks of an APNG file: acTL (frames, plays) and each fcTL's delay in seconds.
@Suite(.heavy)
struct APNGChunks {
  var frameCount = 0
  var plays = -1
  var delays: [Double] = []

  init(_ path: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func uint(_ offset: Int, _ count: Int) -> Int {
      (0..<count).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }
    var offset = 8
    while offset + 12 <= bytes.count {
      let size = uint(offset, 4)
      let name = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      let body = offset + 8
      guard body + size <= bytes.count else { break }
      if name == "acTL" {
        frameCount = uint(body, 4)
        plays = uint(body + 4, 4)
      } else if name == "fcTL" {
        let denominator = uint(body + 22, 2)
        delays.append(Double(uint(body + 20, 2)) / Double(denominator == 0 ? 100 : denominator))
      }
      offset = body + size + 4
    }
  }
}
