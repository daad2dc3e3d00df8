import CFFmpeg
import Foundation
import Raster
import Testing

@testable import VideoEncoding

/// Frames converted by the render workers (``WorkerConversion``) must encode to the same bytes as frames
/// the encoder converts itself, and the pictures must be reused rather than made for every frame.
struct WorkerConversionTests {
  static func frames(_ count: Int, width: Int, height: Int) -> [PixelBuffer] {
    (0..<count).map { index in
      YUV420ConversionTests.frame(width: width, height: height) { x, y in
        (UInt8((x * 5 + index * 11) % 256), UInt8((y * 3 + index * 7) % 256), UInt8((x * y + index) % 256))
      }
    }
  }

  static func encode(_ frames: [PixelBuffer], to path: String, converted: Bool) throws -> [UInt8] {
    let settings = EncoderSettings(width: frames[0].width, height: frames[0].height, fps: 30)
    let encoder = try VideoEncoder(outputPath: path, settings: settings)
    if converted {
      let converter = try #require(encoder.workerConversion).makeConverter()
      for frame in frames { try encoder.append(converter.convert(frame)) }
    } else {
      for frame in frames { try encoder.append(frame) }
    }
    try encoder.finish()
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test(arguments: ["mp4", "y4m"])
  func convertedFramesEncodeToTheSameBytes(format: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("worker-conversion-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let frames = Self.frames(12, width: 64, height: 48)
    let own = try Self.encode(frames, to: folder.appendingPathComponent("own.\(format)").path, converted: false)
    let workers = try Self.encode(frames, to: folder.appendingPathComponent("workers.\(format)").path, converted: true)
    #expect(own.count > 1000)
    #expect(own == workers)
  }

  /// A picture the encoder has taken goes back to the pool: one at a time needs only one.
  @Test func picturesAreReused() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("reuse-\(UUID().uuidString).mp4").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let frames = Self.frames(8, width: 32, height: 32)
    let encoder = try VideoEncoder(outputPath: path, settings: EncoderSettings(width: 32, height: 32, fps: 30))
    let conversion = try #require(encoder.workerConversion)
    let converter = conversion.makeConverter()
    for frame in frames { try encoder.append(converter.convert(frame)) }
    try encoder.finish()
    #expect(conversion.picturesMade == 1)
    // Three held at once are three pictures; released, they serve again.
    let held = try frames.prefix(3).map { try converter.convert($0) }
    #expect(conversion.picturesMade == 3)
    _ = held
  }

  /// Only opaque `yuv420p` of an even size is converted by the workers; the rest keep converting themselves.
  @Test func onlyTheDirectConversionIsOffered() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("offered-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func offered(_ name: String, width: Int = 32, height: Int = 32, alpha: Bool = false) throws -> Bool {
      var settings = EncoderSettings(width: width, height: height, fps: 30)
      settings.alpha = alpha
      let encoder = try VideoEncoder(outputPath: folder.appendingPathComponent(name).path, settings: settings)
      defer { encoder.cancel() }
      return encoder.workerConversion != nil
    }
    #expect(try offered("a.mp4"))
    #expect(try !offered("odd.mp4", width: 33))
    #expect(try !offered("alpha.webm", alpha: true))
    #expect(try !offered("a.gif"))
  }
}
