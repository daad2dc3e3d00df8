import CFFmpeg
import Foundation
import Raster
import TestSupport
import Testing

@testable import VideoEncoding

/// GIF palettes (one for the clip or one per frame) and the compressed spool behind the global palette.
@Suite(.heavy)
struct GIFPaletteTests {
  static let width = 96
  static let height = 48

  /// Frame `index` of a clip whose colours change completely along it: a horizontal gradient between two
  /// colours that rotate with the frame, so no single 256-colour palette covers the whole clip well.
  static func gradientFrame(_ index: Int, frames: Int) -> PixelBuffer {
    var buffer = PixelBuffer(width: width, height: height)
    let phase = Double(index) / Double(frames) * 2 * Double.pi
    for y in 0..<height {
      for x in 0..<width {
        let t = Double(x) / Double(width - 1)
        let shade = Double(y) / Double(height - 1)
        let r = 0.5 + 0.5 * sin(phase + t * 3)
        let g = 0.5 + 0.5 * sin(phase * 1.7 + 2 + t * 2) * (1 - 0.3 * shade)
        let b = 0.5 + 0.5 * cos(phase * 2.3 + t * 4 + shade)
        let offset = y * buffer.stride + x * 4
        buffer.bytes[offset] = UInt8((b * 255).rounded())
        buffer.bytes[offset + 1] = UInt8((g * 255).rounded())
        buffer.bytes[offset + 2] = UInt8((r * 255).rounded())
        buffer.bytes[offset + 3] = 255
      }
    }
    return buffer
  }

  /// PSNR (dB) of the decoded GIF at `path` against `frames`, over R, G and B of every frame.
  static func psnr(_ path: String, _ frames: [PixelBuffer]) throws -> Double {
    let decoded = try MediaTools.decodeRGBA(path)
    #expect(decoded.count == frames.count * width * height * 4)
    var squared = 0.0
    var count = 0
    for (index, frame) in frames.enumerated() {
      for y in 0..<height {
        for x in 0..<width {
          let source = y * frame.stride + x * 4
          let output = ((index * height + y) * width + x) * 4
          for (channel, bgra) in [(0, 2), (1, 1), (2, 0)] {
            let difference = Double(decoded[output + channel]) - Double(frame.bytes[source + bgra])
            squared += difference * difference
            count += 1
          }
        }
      }
    }
    return 10 * log10(255 * 255 / max(1e-9, squared / Double(max(1, count))))
  }

  static func encode(
    _ frames: [PixelBuffer], to path: String, palette: GIFOptions.Palette,
    configure: (inout EncoderSettings) -> Void = { _ in }
  ) throws {
    var settings = EncoderSettings(width: width, height: height, fps: 10)
    settings.gif.palette = palette
    settings.gif.dither = .none
    configure(&settings)
    let encoder = try VideoEncoder(outputPath: path, settings: settings)
    for frame in frames { try encoder.append(frame) }
    try encoder.finish()
  }

  @Test func perFramePalettesBeatAGlobalOneOnChangingGradients() throws {
    let frames = (0..<12).map { Self.gradientFrame($0, frames: 12) }
    try withTemporaryDirectory { directory in
      try Self.encode(frames, to: "\(directory)/global.gif", palette: .global)
      try Self.encode(frames, to: "\(directory)/per-frame.gif", palette: .perFrame)
      let global = try Self.psnr("\(directory)/global.gif", frames)
      let perFrame = try Self.psnr("\(directory)/per-frame.gif", frames)
      #expect(perFrame > global + 3, "per-frame \(perFrame) dB, global \(global) dB")
      #expect(try MediaTools.probe("\(directory)/per-frame.gif").int("nb_read_frames") == 12)
    }
  }

  @Test func perFramePalettesKeepTransparencyAndTiming() throws {
    try withTemporaryDirectory { directory in
      let path = "\(directory)/alpha.gif"
      let frames = [
        translucentFrame(width: 32, height: 16), solidFrame(width: 32, height: 16, red: 0, green: 200, blue: 0),
      ]
      var settings = EncoderSettings(width: 32, height: 16, fps: 4, alpha: true)
      settings.gif.palette = .perFrame
      let encoder = try VideoEncoder(outputPath: path, settings: settings)
      for frame in frames + frames { try encoder.append(frame) }
      try encoder.finish()
      let probe = try MediaTools.probe(path)
      #expect(probe.int("nb_read_frames") == 4)
      #expect(abs((probe.formatDuration ?? 0) - 1) < 0.011)
      let rgba = try MediaTools.decodeRGBA(path)
      // Frame 0's transparent corner is transparent; frame 1 is all green, with nothing left of frame 0.
      let corner = ((15 * 32) + 31) * 4
      #expect(rgba[corner + 3] == 0)
      let second = 32 * 16 * 4
      #expect((0..<(32 * 16)).allSatisfy { rgba[second + $0 * 4 + 1] > 180 && rgba[second + $0 * 4 + 3] == 255 })
    }
  }

  @Test func perFramePalettesStreamWithoutASpool() throws {
    try withTemporaryDirectory { directory in
      var settings = EncoderSettings(width: Self.width, height: Self.height, fps: 10)
      settings.gif.palette = .perFrame
      let encoder = try VideoEncoder(outputPath: "\(directory)/s.gif", settings: settings)
      for index in 0..<5 { try encoder.append(Self.gradientFrame(index, frames: 5)) }
      #expect(try directoryListing(directory).filter { $0.contains(".spool") }.isEmpty)
      try encoder.finish()
      #expect(try directoryListing(directory) == ["s.gif"])
    }
  }

  @Test func globalSpoolIsAFractionOfRaw() throws {
    // Lottie-like frames at 640x360: a flat background with a block moving across it, 40 frames.
    let (width, height, count) = (640, 360, 40)
    try withTemporaryDirectory { directory in
      let encoder = try VideoEncoder(
        outputPath: "\(directory)/block.gif", settings: EncoderSettings(width: width, height: height, fps: 20))
      for index in 0..<count {
        var frame = solidFrame(width: width, height: height, red: 250, green: 240, blue: 220)
        for y in 100..<200 {
          for x in (index * 10)..<(index * 10 + 120) {
            let offset = y * frame.stride + x * 4
            (frame.bytes[offset], frame.bytes[offset + 1], frame.bytes[offset + 2]) = (200, 60, UInt8(index * 5))
          }
        }
        try encoder.append(frame)
      }
      // The spool is open but has no name (see the next test).
      #expect(try directoryListing(directory).filter { $0.contains(".spool") }.isEmpty)
      let size = encoder.spoolBytes
      #expect(size > 0)
      let raw = count * width * height * 4
      #expect(size * 50 < raw, "the spool holds \(size) bytes for \(raw) raw")
      try encoder.finish()
      #expect(try directoryListing(directory) == ["block.gif"])
      #expect(try MediaTools.probe("\(directory)/block.gif").int("nb_read_frames") == count)
    }
  }

  /// The spool's name is deleted as soon as it is open, so nothing can be left behind, and it is a new name
  /// made with O_EXCL, so a symbolic link planted under the old predictable name (`.x.gif.partial-PID.spool`)
  /// is neither followed nor touched.
  @Test func spoolHasNoNameAndFollowsNoPlantedLink() throws {
    try withTemporaryDirectory { directory in
      let victim = "\(directory)/victim"
      try Data("keep".utf8).write(to: URL(fileURLWithPath: victim))
      let planted = "\(directory)/.x.gif.partial-\(getpid()).spool"
      #expect(symlink(victim, planted) == 0)
      let spool = try FrameSpool(outputPath: "\(directory)/x.gif", width: 8, height: 8)
      let frame = try FrameStorage(format: CFFmpeg_PIX_FMT_RGB32, width: 8, height: 8)
      try spool.write(frame.frame)
      #expect(try directoryListing(directory) == [".x.gif.partial-\(getpid()).spool", "victim"])
      #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")
      spool.close()
      #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")
    }
  }

  @Test func spoolGivesFramesBackExactly() throws {
    try withTemporaryDirectory { directory in
      let spool = try FrameSpool(outputPath: "\(directory)/x.gif", width: 33, height: 17)
      var written: [[UInt8]] = []
      let frame = try FrameStorage(format: CFFmpeg_PIX_FMT_RGB32, width: 33, height: 17)
      for index in 0..<6 {
        try check(av_frame_make_writable(frame.frame), "av_frame_make_writable")
        var bytes: [UInt8] = []
        for y in 0..<17 {
          let row = try #require(frame.frame.pointee.data.0) + y * Int(frame.frame.pointee.linesize.0)
          for x in 0..<(33 * 4) {
            // Noise in every channel, alpha included, changing from frame to frame except in the top rows.
            let value = UInt8(truncatingIfNeeded: (y < 5 ? 0 : index * 31) &+ x &* 7 &+ y &* 13 &+ (x * y) % 11)
            row[x] = value
            bytes.append(value)
          }
        }
        written.append(bytes)
        try spool.write(frame.frame)
      }
      #expect(spool.framesWritten == 6)
      try spool.rewind()
      let back = try FrameStorage(format: CFFmpeg_PIX_FMT_RGB32, width: 33, height: 17)
      for expected in written {
        #expect(try spool.read(into: back.frame))
        var bytes: [UInt8] = []
        for y in 0..<17 {
          let row = try #require(back.frame.pointee.data.0) + y * Int(back.frame.pointee.linesize.0)
          bytes += (0..<(33 * 4)).map { row[$0] }
        }
        #expect(bytes == expected)
      }
      #expect(try spool.read(into: back.frame) == false)
      spool.close()
      #expect(try directoryListing(directory) == [])
    }
  }
}
