import CFFmpeg
import Foundation
import Raster
import TestSupport
import Testing
import VideoEncoding

/// Encodes short synthetic clips and checks the files with ffprobe and ffmpeg.
///
/// Serialized because one test deletes every registered partial file (``PartialFiles/removeAll()``).
@Suite(.heavy, .serialized)
struct VideoEncoderTests {
  /// Colours cycled through by `encodeClip`, one per frame.
  static let palette: [(UInt8, UInt8, UInt8)] = [
    (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 255), (128, 128, 128),
  ]

  /// Encodes `frameCount` frames of solid colours to `<directory>/<name>` and returns the path.
  @discardableResult
  func encodeClip(
    in directory: String, name: String = "clip.mp4", settings: EncoderSettings, frameCount: Int
  ) throws -> String {
    let path = "\(directory)/\(name)"
    let encoder = try VideoEncoder(outputPath: path, settings: settings)
    for index in 0..<frameCount {
      let (red, green, blue) = Self.palette[index % Self.palette.count]
      try encoder.append(
        solidFrame(width: settings.width, height: settings.height, red: red, green: green, blue: blue))
    }
    try encoder.finish()
    #expect(encoder.framesWritten == frameCount)
    return path
  }

  // MARK: - Stream properties

  @Test func encodesH264At30FPS() throws {
    try withTemporaryDirectory { directory in
      let path = try encodeClip(
        in: directory, settings: EncoderSettings(width: 64, height: 48, fps: 30), frameCount: 15)
      let probe = try MediaTools.probe(path)
      #expect(probe.string("codec_name") == "h264")
      #expect(probe.int("width") == 64)
      #expect(probe.int("height") == 48)
      #expect(probe.string("pix_fmt") == "yuv420p")
      #expect(probe.int("nb_read_frames") == 15)
      #expect(probe.string("avg_frame_rate") == "30/1")
      #expect(abs((probe.double("duration") ?? 0) - 0.5) <= 0.001)
      #expect(abs((probe.formatDuration ?? 0) - 0.5) <= 0.001)
      #expect(probe.string("color_space") == "bt709")
      #expect(probe.string("color_primaries") == "bt709")
      #expect(probe.string("color_transfer") == "bt709")
      #expect(probe.string("color_range") == "tv")
      // The temporary file was renamed over the output: nothing else is left.
      #expect(try directoryListing(directory) == ["clip.mp4"])
    }
  }

  @Test func encodesH264At60FPS() throws {
    try withTemporaryDirectory { directory in
      let path = try encodeClip(
        in: directory, settings: EncoderSettings(width: 64, height: 48, fps: 60), frameCount: 24)
      let probe = try MediaTools.probe(path)
      #expect(probe.int("nb_read_frames") == 24)
      #expect(probe.string("avg_frame_rate") == "60/1")
      #expect(abs((probe.double("duration") ?? 0) - 0.4) <= 0.001)
    }
  }

  @Test func keepsNTSCRateExact() throws {
    try withTemporaryDirectory { directory in
      let settings = EncoderSettings(width: 64, height: 48, fps: 29.97)
      let path = try encodeClip(in: directory, name: "ntsc.mov", settings: settings, frameCount: 30)
      let probe = try MediaTools.probe(path)
      #expect(probe.int("nb_read_frames") == 30)
      #expect(probe.string("avg_frame_rate") == "30000/1001")
      #expect(abs((probe.double("duration") ?? 0) - 1.001) <= 0.001)
    }
  }

  @Test func writesM4V() throws {
    try withTemporaryDirectory { directory in
      let settings = EncoderSettings(width: 32, height: 32, fps: 25)
      let path = try encodeClip(in: directory, name: "clip.m4v", settings: settings, frameCount: 5)
      let probe = try MediaTools.probe(path)
      #expect(probe.string("codec_name") == "h264")
      #expect(probe.int("nb_read_frames") == 5)
    }
  }

  // MARK: - Pixels

  @Test func padsOddSizesByRepeatingTheLastColumnAndRow() throws {
    try withTemporaryDirectory { directory in
      let settings = EncoderSettings(width: 65, height: 49, fps: 30, crf: 10)
      // Dark grey frame whose last column and last row are white: the padding must repeat them.
      var frame = solidFrame(width: 65, height: 49, red: 40, green: 40, blue: 40)
      for y in 0..<49 {
        for x in 0..<65 where x == 64 || y == 48 {
          for channel in 0..<3 { frame.bytes[y * frame.stride + x * 4 + channel] = 255 }
        }
      }
      let path = "\(directory)/odd.mp4"
      let encoder = try VideoEncoder(outputPath: path, settings: settings)
      #expect(encoder.codedSize == (width: 66, height: 50))
      for _ in 0..<3 { try encoder.append(frame) }
      try encoder.finish()

      let probe = try MediaTools.probe(path)
      #expect(probe.int("width") == 66)
      #expect(probe.int("height") == 50)
      #expect(probe.int("nb_read_frames") == 3)
      let rgb = try MediaTools.decodeRGB(path)
      try #require(rgb.count == 66 * 50 * 3 * 3)
      func luma(_ x: Int, _ y: Int) -> Int { Int(rgb[(y * 66 + x) * 3 + 1]) }
      // Tolerances: H.264 blurs a 2-pixel line on a dark ground a little even at crf 10.
      #expect(luma(65, 20) > 220, "padding column repeats the white last column")
      #expect(luma(20, 49) > 220, "padding row repeats the white last row")
      #expect(luma(65, 49) > 220, "padding corner")
      #expect(luma(20, 20) < 60, "interior stays dark")
    }
  }

  /// Decoded colours must match within `tolerance` per channel. A BT.601/BT.709 mix-up would be caught:
  /// red encoded with BT.601 and decoded as BT.709 comes back with green ≈ 24.
  @Test(arguments: [
    ("mid-grey", (UInt8(128), UInt8(128), UInt8(128))),
    ("red", (255, 0, 0)),
    ("green", (0, 255, 0)),
    ("blue", (0, 0, 255)),
  ])
  func roundTripsFlatColour(name: String, colour: (UInt8, UInt8, UInt8)) throws {
    // 8-bit limited-range YUV quantises each channel to about 1/219; CRF 23 adds a little on flat frames.
    let tolerance = 4
    try withTemporaryDirectory { directory in
      let settings = EncoderSettings(width: 64, height: 48, fps: 30)
      let path = "\(directory)/\(name).mp4"
      let encoder = try VideoEncoder(outputPath: path, settings: settings)
      for _ in 0..<5 {
        try encoder.append(solidFrame(width: 64, height: 48, red: colour.0, green: colour.1, blue: colour.2))
      }
      try encoder.finish()
      let rgb = try MediaTools.decodeRGB(path)
      try #require(rgb.count == 64 * 48 * 3 * 5)
      let expected = [Int(colour.0), Int(colour.1), Int(colour.2)]
      var worst = 0
      for (index, value) in rgb.enumerated() {
        worst = max(worst, abs(Int(value) - expected[index % 3]))
      }
      #expect(worst <= tolerance, "\(name): largest channel error \(worst)")
    }
  }

  // MARK: - Temporary files

  @Test func writesATemporaryFileUntilFinish() throws {
    try withTemporaryDirectory { directory in
      let path = "\(directory)/out.mp4"
      let encoder = try VideoEncoder(outputPath: path, settings: EncoderSettings(width: 32, height: 32, fps: 30))
      try encoder.append(solidFrame(width: 32, height: 32, red: 1, green: 2, blue: 3))
      let temporaryName = ".out.partial-\(ProcessInfo.processInfo.processIdentifier).mp4"
      #expect(try directoryListing(directory) == [temporaryName])
      #expect(PartialFiles.current.contains("\(directory)/\(temporaryName)"))
      try encoder.finish()
      #expect(try directoryListing(directory) == ["out.mp4"])
      #expect(!PartialFiles.current.contains("\(directory)/\(temporaryName)"))
    }
  }

  @Test func cancelLeavesNoFiles() throws {
    try withTemporaryDirectory { directory in
      let encoder = try VideoEncoder(
        outputPath: "\(directory)/cancelled.mp4", settings: EncoderSettings(width: 32, height: 32, fps: 30))
      for _ in 0..<3 { try encoder.append(solidFrame(width: 32, height: 32, red: 9, green: 9, blue: 9)) }
      encoder.cancel()
      #expect(try directoryListing(directory) == [])
      #expect(throws: VideoEncodingError.self) { try encoder.finish() }
      #expect(try directoryListing(directory) == [])
    }
  }

  @Test func releasingAnUnfinishedEncoderRemovesItsTemporaryFile() throws {
    try withTemporaryDirectory { directory in
      do {
        let encoder = try VideoEncoder(
          outputPath: "\(directory)/dropped.mp4", settings: EncoderSettings(width: 32, height: 32, fps: 30))
        try encoder.append(solidFrame(width: 32, height: 32, red: 9, green: 9, blue: 9))
        #expect(try directoryListing(directory).count == 1)
      }
      #expect(try directoryListing(directory) == [])
    }
  }

  @Test(.hangGuard) func removeAllDeletesOpenTemporaryFiles() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("l2v-video-encoding-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    do {
      let path = "\(directory)/interrupted.mp4"
      let encoder = try VideoEncoder(outputPath: path, settings: EncoderSettings(width: 32, height: 32, fps: 30))
      try encoder.append(solidFrame(width: 32, height: 32, red: 9, green: 9, blue: 9))
      #expect(try directoryListing(directory).count == 1)
      // This is what the CLI's SIGINT handler does. Other suites may be encoding right now in this process
      // and would lose their files, so wait until ours is the only one registered (without holding a thread:
      // on a busy machine that can take minutes), and never delete another test's file.
      let deadline = Date().addingTimeInterval(HangGuard.childSeconds)
      while PartialFiles.current.count > 1, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
      guard PartialFiles.current.count == 1 else {
        Issue.record("other encoders stayed open: \(PartialFiles.current)")
        encoder.cancel()
        return
      }
      PartialFiles.removeAll()
      #expect(try directoryListing(directory) == [])
      // The encoder cannot publish a file that is gone, and says so. (FFmpeg also logs that it cannot reopen
      // the file for faststart; collect that instead of printing it.)
      let lines = LineCollector()
      FFmpegLog.route { _, line in lines.append(line) }
      defer { FFmpegLog.route(to: nil) }
      #expect(throws: VideoEncodingError.self) { try encoder.finish() }
      #expect(lines.all.contains { $0.contains("Unable to re-open") }, "\(lines.all)")
      #expect(try directoryListing(directory) == [])
    }
  }

  // MARK: - Errors

  @Test func unwritableOutputThrowsAnErrorNamingThePath() throws {
    try withTemporaryDirectory { directory in
      // A regular file where a directory should be: fails even when the tests run as root.
      let notADirectory = "\(directory)/file.txt"
      try Data("x".utf8).write(to: URL(fileURLWithPath: notADirectory))
      let path = "\(notADirectory)/out.mp4"
      let error = #expect(throws: VideoEncodingError.self) {
        try VideoEncoder(outputPath: path, settings: EncoderSettings(width: 32, height: 32, fps: 30))
      }
      guard case .io(let errorPath, _)? = error else {
        Issue.record("expected an io error, got \(String(describing: error))")
        return
      }
      #expect(errorPath == path)
      #expect(error?.description.contains(path) == true)
      #expect(try directoryListing(directory) == ["file.txt"])
      #expect(!PartialFiles.current.contains { $0.hasPrefix(notADirectory) })
    }
  }

  @Test func rejectsAnUnknownExtension() throws {
    let error = #expect(throws: VideoEncodingError.self) {
      try VideoEncoder(outputPath: "/tmp/clip.avi", settings: EncoderSettings(width: 32, height: 32, fps: 30))
    }
    #expect(
      error?.description
        == "invalid encoder settings: /tmp/clip.avi: the output must end in .mp4, .m4v, .mov, .webm, .gif, .webp, "
        + ".apng, .png with a frame-number pattern such as %05d or .y4m")
  }

  @Test func rejectsFramesOfTheWrongSizeAndStaysUsable() throws {
    try withTemporaryDirectory { directory in
      let encoder = try VideoEncoder(
        outputPath: "\(directory)/size.mp4", settings: EncoderSettings(width: 32, height: 32, fps: 30))
      let error = #expect(throws: VideoEncodingError.self) {
        try encoder.append(solidFrame(width: 16, height: 32, red: 0, green: 0, blue: 0))
      }
      #expect(error?.description == "frame is 16x32 but the encoder was set up for 32x32")
      try encoder.append(solidFrame(width: 32, height: 32, red: 0, green: 0, blue: 0))
      try encoder.finish()
      #expect(try MediaTools.probe("\(directory)/size.mp4").int("nb_read_frames") == 1)
    }
  }

  @Test func finishWithoutFramesThrowsAndLeavesNoFiles() throws {
    try withTemporaryDirectory { directory in
      let encoder = try VideoEncoder(
        outputPath: "\(directory)/empty.mp4", settings: EncoderSettings(width: 32, height: 32, fps: 30))
      let error = #expect(throws: VideoEncodingError.self) { try encoder.finish() }
      #expect(error?.description == "video encoder misuse: finish() called before any frame was appended")
      #expect(try directoryListing(directory) == [])
    }
  }

  @Test func routesFFmpegLogLinesToASink() throws {
    let lines = LineCollector()
    FFmpegLog.level = .info
    FFmpegLog.route { _, line in lines.append(line) }
    defer {
      FFmpegLog.route(to: nil)
      FFmpegLog.level = .error
    }
    try withTemporaryDirectory { directory in
      try encodeClip(in: directory, settings: EncoderSettings(width: 32, height: 32, fps: 30), frameCount: 2)
    }
    // libx264 reports its profile at info level when it opens.
    #expect(lines.all.contains { $0.contains("libx264") && $0.contains("profile") }, "\(lines.all)")
    // A line logged in pieces reaches the sink whole.
    func log(_ text: String) {
      withVaList([]) { arguments in av_vlog(nil, AV_LOG_ERROR, text, arguments) }
    }
    log("first part, ")
    log("second part\n")
    log("a whole line\n")
    let pieces = lines.all.filter { $0.contains(" part") || $0.contains("a whole line") }
    #expect(pieces == ["first part, second part", "a whole line"], "\(lines.all)")
  }
}

/// Collects log lines from FFmpeg's threads.
private final class LineCollector: @unchecked Sendable {
  // @unchecked: `lines` is only touched under `lock`.
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}
