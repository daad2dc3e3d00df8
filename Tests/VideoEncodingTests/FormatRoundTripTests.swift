import Foundation
import Raster
import TestSupport
import Testing
import VideoEncoding

/// Encodes short clips in every format and checks them with ffprobe and ffmpeg.
@Suite(.heavy)
struct FormatRoundTripTests {
  /// Encodes `frames` to `<directory>/<name>` and returns the path.
  @discardableResult
  func encode(_ frames: [PixelBuffer], in directory: String, name: String, settings: EncoderSettings) throws -> String {
    let path = "\(directory)/\(name)"
    let encoder = try VideoEncoder(outputPath: path, settings: settings)
    for frame in frames { try encoder.append(frame) }
    try encoder.finish()
    #expect(encoder.framesWritten == frames.count)
    return path
  }

  /// `count` opaque frames cycling through a few solid colours.
  func solidFrames(_ count: Int, width: Int = 64, height: Int = 48) -> [PixelBuffer] {
    let colours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (40, 40, 40)]
    return (0..<count).map { index in
      let (red, green, blue) = colours[index % colours.count]
      return solidFrame(width: width, height: height, red: red, green: green, blue: blue)
    }
  }

  /// The decoded RGBA pixel at (x, y) of frame `frame` in `rgba` (frames of `width` x `height`).
  func pixel(_ rgba: [UInt8], width: Int, height: Int, frame: Int = 0, x: Int, y: Int) -> [Int] {
    let offset = ((frame * height + y) * width + x) * 4
    return rgba[offset..<offset + 4].map(Int.init)
  }

  /// Whether each channel of `actual` is within `tolerance` of `expected`.
  func isClose(_ actual: [Int], _ expected: [Int], tolerance: Int) -> Bool {
    zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
  }

  // MARK: - WebM (VP9)

  @Test func encodesOpaqueVP9() throws {
    try withTemporaryDirectory { directory in
      let path = try encode(
        solidFrames(15), in: directory, name: "clip.webm", settings: EncoderSettings(width: 64, height: 48, fps: 30))
      let probe = try MediaTools.probe(path)
      #expect(probe.string("codec_name") == "vp9")
      #expect(probe.string("pix_fmt") == "yuv420p")
      #expect(probe.int("width") == 64 && probe.int("height") == 48)
      #expect(probe.int("nb_read_frames") == 15)
      #expect(probe.string("avg_frame_rate") == "30/1")
      #expect(abs((probe.formatDuration ?? 0) - 0.5) <= 0.001)
      #expect(probe.tag("alpha_mode") == nil)
      #expect(try directoryListing(directory) == ["clip.webm"])
    }
  }

  @Test func encodesVP9WithStraightAlpha() throws {
    try withTemporaryDirectory { directory in
      let frames = Array(repeating: translucentFrame(width: 64, height: 48), count: 10)
      let path = try encode(
        frames, in: directory, name: "alpha.webm",
        settings: EncoderSettings(width: 64, height: 48, fps: 25, alpha: true))
      let probe = try MediaTools.probe(path)
      #expect(probe.string("codec_name") == "vp9")
      #expect(probe.tag("alpha_mode") == "1")
      #expect(probe.int("nb_read_frames") == 10)
      #expect(abs((probe.formatDuration ?? 0) - 0.4) <= 0.001)
      // FFmpeg's native VP9 decoder drops alpha; libvpx's keeps it.
      let rgba = try MediaTools.decodeRGBA(path, decoder: "libvpx-vp9")
      try #require(rgba.count == 64 * 48 * 4 * 10)
      // Tolerance: 8-bit limited-range 4:2:0 at crf 32 on flat areas. A premultiplied (dark) fringe would
      // decode as red ≈ 128.
      let red = pixel(rgba, width: 64, height: 48, frame: 9, x: 10, y: 10)
      #expect(isClose(red, [255, 0, 0, 128], tolerance: 6), "50% red decodes as \(red)")
      let blue = pixel(rgba, width: 64, height: 48, frame: 9, x: 50, y: 10)
      #expect(isClose(blue, [0, 0, 255, 255], tolerance: 6), "opaque blue decodes as \(blue)")
      let clear = pixel(rgba, width: 64, height: 48, frame: 9, x: 62, y: 46)
      #expect(clear[3] <= 6, "transparent corner decodes with alpha \(clear[3])")
    }
  }

  // MARK: - MOV (ProRes)

  @Test func encodesProRes4444WithAlpha() throws {
    try withTemporaryDirectory { directory in
      let frames = Array(repeating: translucentFrame(width: 64, height: 48), count: 6)
      let settings = EncoderSettings(width: 64, height: 48, fps: 24, alpha: true)
      let path = try encode(frames, in: directory, name: "alpha.mov", settings: settings)
      let probe = try MediaTools.probe(path)
      #expect(probe.string("codec_name") == "prores")
      #expect(probe.string("profile") == "4444")
      #expect(probe.string("pix_fmt")?.hasPrefix("yuva444p") == true, "\(probe.string("pix_fmt") ?? "-")")
      #expect(probe.string("codec_tag_string") == "ap4h")
      // prores_ks writes the vendor into every frame header ("icpf", header size, version, vendor). The
      // MOV sample description keeps FFmpeg 5.1's fixed "FFMP" (its `vendor_id` tag is not settable).
      #expect(try proResVendors(path) == Array(repeating: "apl0", count: 6))
      #expect(probe.string("color_space") == "bt709")
      #expect(probe.int("width") == 64 && probe.int("height") == 48)
      #expect(probe.int("nb_read_frames") == 6)
      #expect(probe.string("avg_frame_rate") == "24/1")
      #expect(abs((probe.double("duration") ?? 0) - 0.25) <= 0.001)
      let rgba = try MediaTools.decodeRGBA(path)
      let red = pixel(rgba, width: 64, height: 48, x: 10, y: 10)
      #expect(isClose(red, [255, 0, 0, 128], tolerance: 3), "50% red decodes as \(red)")
      #expect(pixel(rgba, width: 64, height: 48, x: 62, y: 46)[3] == 0)
    }
  }

  /// The vendor field of each ProRes frame header in `path`.
  func proResVendors(_ path: String) throws -> [String] {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let marker = Array("icpf".utf8)
    return (0..<max(0, bytes.count - 12)).filter { Array(bytes[$0..<$0 + 4]) == marker }.map { start in
      String(decoding: bytes[start + 8..<start + 12], as: UTF8.self)
    }
  }

  @Test func encodesProRes422HQWhenOpaque() throws {
    try withTemporaryDirectory { directory in
      let path = try encode(
        solidFrames(5), in: directory, name: "clip.mov", settings: EncoderSettings(width: 64, height: 48, fps: 30))
      let probe = try MediaTools.probe(path)
      #expect(probe.string("codec_name") == "prores")
      #expect(probe.string("profile") == "HQ")
      #expect(probe.string("pix_fmt") == "yuv422p10le")
      #expect(probe.string("codec_tag_string") == "apch")
      #expect(probe.string("color_space") == "bt709")
      #expect(try proResVendors(path) == Array(repeating: "apl0", count: 5))
      #expect(probe.int("nb_read_frames") == 5)
      #expect(abs((probe.double("duration") ?? 0) - 5.0 / 30) <= 0.001)
    }
  }

  @Test func writesH264InMOVWhenAsked() throws {
    try withTemporaryDirectory { directory in
      let path = try encode(
        solidFrames(4), in: directory, name: "clip.mov",
        settings: EncoderSettings(width: 64, height: 48, fps: 30, codec: .h264))
      #expect(try MediaTools.probe(path).string("codec_name") == "h264")
    }
  }

  // MARK: - GIF

  @Test func encodesGIFWithExactTiming() throws {
    try withTemporaryDirectory { directory in
      // 25 fps is 4 cs per frame: 15 frames last exactly 0.6 s.
      let path = try encode(
        solidFrames(15, width: 63, height: 47), in: directory, name: "clip.gif",
        settings: EncoderSettings(width: 63, height: 47, fps: 25))
      let probe = try MediaTools.probe(path)
      #expect(probe.string("codec_name") == "gif")
      #expect(probe.string("pix_fmt") == "bgra")
      #expect(probe.int("width") == 63 && probe.int("height") == 47)
      #expect(probe.int("nb_read_frames") == 15)
      #expect(abs((probe.formatDuration ?? 0) - 0.6) <= 0.001, "\(probe.format)")
      // Loops forever by default: the NETSCAPE2.0 extension with a loop count of 0.
      #expect(try loopCount(path) == 0)
      let rgba = try MediaTools.decodeRGBA(path)
      try #require(rgba.count == 63 * 47 * 4 * 15)
      #expect(isClose(pixel(rgba, width: 63, height: 47, frame: 1, x: 5, y: 5), [0, 255, 0, 255], tolerance: 2))
      #expect(try directoryListing(directory) == ["clip.gif"], "the spool file is gone")
    }
  }

  @Test func spreadsGIFDelaysSoTheTotalStaysExact() throws {
    try withTemporaryDirectory { directory in
      // 30 fps is 3.33 cs per frame: 15 frames must still last 0.5 s (delays 3 and 4 cs mixed).
      let path = try encode(
        solidFrames(15), in: directory, name: "clip.gif", settings: EncoderSettings(width: 64, height: 48, fps: 30))
      let probe = try MediaTools.probe(path)
      #expect(probe.int("nb_read_frames") == 15)
      #expect(abs((probe.formatDuration ?? 0) - 0.5) <= 0.001, "\(probe.format)")
    }
  }

  @Test func writesGIFLoopCountAndTransparency() throws {
    try withTemporaryDirectory { directory in
      var settings = EncoderSettings(width: 64, height: 48, fps: 10, alpha: true)
      settings.gif.loopCount = 3
      settings.gif.dither = .none
      // An opaque frame, then the translucent one: the corner must become transparent again in frame 2.
      let frames = [
        solidFrame(width: 64, height: 48, red: 0, green: 255, blue: 0), translucentFrame(width: 64, height: 48),
      ]
      let path = try encode(frames, in: directory, name: "alpha.gif", settings: settings)
      #expect(try loopCount(path) == 3)
      #expect(try MediaTools.probe(path).int("nb_read_frames") == 2)
      let rgba = try MediaTools.decodeRGBA(path)
      try #require(rgba.count == 64 * 48 * 4 * 2)
      // Alpha 128 is at the threshold, so the 50% red is opaque red (straight colour, not dark red).
      #expect(isClose(pixel(rgba, width: 64, height: 48, frame: 1, x: 10, y: 10), [255, 0, 0, 255], tolerance: 2))
      #expect(isClose(pixel(rgba, width: 64, height: 48, frame: 1, x: 50, y: 10), [0, 0, 255, 255], tolerance: 2))
      #expect(pixel(rgba, width: 64, height: 48, frame: 1, x: 62, y: 46)[3] == 0)
      #expect(pixel(rgba, width: 64, height: 48, frame: 0, x: 62, y: 46)[3] == 255)
    }
  }

  @Test func playsGIFOnceWithoutTheLoopExtension() throws {
    try withTemporaryDirectory { directory in
      var settings = EncoderSettings(width: 16, height: 16, fps: 10)
      settings.gif.loopCount = -1
      settings.gif.dither = .bayer
      let path = try encode(solidFrames(3, width: 16, height: 16), in: directory, name: "once.gif", settings: settings)
      #expect(try loopCount(path) == nil)
    }
  }

  /// The loop count in the GIF's NETSCAPE2.0 application extension, or `nil` when there is none.
  func loopCount(_ path: String) throws -> Int? {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let marker = Array("NETSCAPE2.0".utf8)
    guard bytes.count > marker.count + 4 else { return nil }
    for start in 0...(bytes.count - marker.count - 4) where Array(bytes[start..<start + marker.count]) == marker {
      // Sub-block: size 3, id 1, loop count (little-endian 16 bits).
      let block = start + marker.count
      guard bytes[block] == 3, bytes[block + 1] == 1 else { return nil }
      return Int(bytes[block + 2]) | Int(bytes[block + 3]) << 8
    }
    return nil
  }

  // MARK: - Sizes

  /// The YUV codecs pad odd sizes to even ones (also when un-premultiplying into the staging frame); GIF
  /// keeps the exact size.
  @Test(arguments: [
    ("alpha.webm", 64, 48), ("alpha.mov", 64, 48), ("clip.mov", 64, 48), ("clip.webm", 64, 48),
    ("alpha.gif", 63, 47),
  ])
  func handlesOddSizes(name: String, codedWidth: Int, codedHeight: Int) throws {
    try withTemporaryDirectory { directory in
      let settings = EncoderSettings(width: 63, height: 47, fps: 30, alpha: name.hasPrefix("alpha"))
      let encoder = try VideoEncoder(outputPath: "\(directory)/\(name)", settings: settings)
      #expect(encoder.codedSize == (width: codedWidth, height: codedHeight))
      for _ in 0..<3 { try encoder.append(translucentFrame(width: 63, height: 47)) }
      try encoder.finish()
      let probe = try MediaTools.probe("\(directory)/\(name)")
      #expect(probe.int("width") == codedWidth && probe.int("height") == codedHeight)
      #expect(probe.int("nb_read_frames") == 3)
    }
  }

  // MARK: - Failures leave nothing behind

  @Test(arguments: ["clip.webm", "clip.mov", "clip.gif", "alpha.webm", "alpha.mov", "alpha.gif"])
  func cancelLeavesNoFiles(name: String) throws {
    try withTemporaryDirectory { directory in
      let settings = EncoderSettings(width: 32, height: 32, fps: 30, alpha: name.hasPrefix("alpha"))
      let encoder = try VideoEncoder(outputPath: "\(directory)/\(name)", settings: settings)
      for _ in 0..<3 { try encoder.append(translucentFrame(width: 32, height: 32)) }
      // The partial file; a GIF's spool has no name.
      #expect(try directoryListing(directory).count == 1, "only the partial file")
      encoder.cancel()
      #expect(try directoryListing(directory) == [])
      #expect(throws: VideoEncodingError.self) { try encoder.finish() }
    }
  }

  @Test(arguments: ["clip.webm", "clip.mov", "clip.gif"])
  func failedFinishLeavesNoFiles(name: String) throws {
    try withTemporaryDirectory { directory in
      let encoder = try VideoEncoder(
        outputPath: "\(directory)/\(name)", settings: EncoderSettings(width: 32, height: 32, fps: 30))
      #expect(throws: VideoEncodingError.self) { try encoder.finish() }
      #expect(try directoryListing(directory) == [])
    }
  }

  @Test(arguments: ["clip.webm", "clip.gif"])
  func unwritableOutputNamesThePath(name: String) throws {
    try withTemporaryDirectory { directory in
      let notADirectory = "\(directory)/file.txt"
      try Data("x".utf8).write(to: URL(fileURLWithPath: notADirectory))
      let path = "\(notADirectory)/\(name)"
      let error = #expect(throws: VideoEncodingError.self) {
        try VideoEncoder(outputPath: path, settings: EncoderSettings(width: 32, height: 32, fps: 30))
      }
      guard case .io(let errorPath, _)? = error else {
        Issue.record("expected an io error, got \(String(describing: error))")
        return
      }
      #expect(errorPath == path)
      #expect(try directoryListing(directory) == ["file.txt"])
    }
  }
}
