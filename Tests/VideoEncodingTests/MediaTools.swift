import Foundation
import Raster
import TestSupport
import Testing

/// Runs FFmpeg's command-line tools for tests: `ffprobe` to inspect a file and `ffmpeg` to decode one.
///
/// They come with the `ffmpeg` package that `scripts/test` installs. A missing tool is an error that fails
/// the test with a clear message; a test never passes without the check it came for.
enum MediaTools {
  typealias Failure = MediaToolRunner.Failure

  /// What ffprobe reports about the first stream and the container.
  struct Probe {
    let stream: [String: Any]
    let format: [String: Any]

    func string(_ key: String) -> String? { stream[key] as? String }
    func int(_ key: String) -> Int? { stream[key] as? Int ?? (stream[key] as? String).flatMap { Int($0) } }
    func double(_ key: String) -> Double? { (stream[key] as? String).flatMap { Double($0) } }
    var formatDuration: Double? { (format["duration"] as? String).flatMap { Double($0) } }
    /// A tag of the stream (`TAG:` in ffprobe's flat output), e.g. WebM's `alpha_mode`.
    func tag(_ key: String) -> String? { (stream["tags"] as? [String: Any])?[key] as? String }
  }

  /// Runs `ffprobe -v error -count_frames -show_streams -show_format -of json` on `path`.
  static func probe(_ path: String) throws -> Probe {
    let output = try run(
      "ffprobe", ["-v", "error", "-count_frames", "-show_streams", "-show_format", "-of", "json", path])
    guard let json = try JSONSerialization.jsonObject(with: output) as? [String: Any],
      let streams = json["streams"] as? [[String: Any]], let stream = streams.first,
      let format = json["format"] as? [String: Any]
    else {
      throw Failure(description: "ffprobe printed no stream for \(path): \(String(decoding: output, as: UTF8.self))")
    }
    return Probe(stream: stream, format: format)
  }

  /// Decodes every frame of `path` to packed RGB24, `width * height * 3` bytes per frame.
  static func decodeRGB(_ path: String) throws -> [UInt8] {
    [UInt8](try run("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
  }

  /// Decodes every frame of `path` to packed straight RGBA, `width * height * 4` bytes per frame, one picture
  /// per stored frame (`-fps_mode passthrough`: no frames duplicated to fill a constant rate, as ffmpeg would
  /// for GIF's irregular delays).
  ///
  /// - Parameter decoder: forces a decoder, e.g. `libvpx-vp9`: FFmpeg's native VP9 decoder drops alpha.
  static func decodeRGBA(_ path: String, decoder: String? = nil) throws -> [UInt8] {
    let forced = decoder.map { ["-c:v", $0] } ?? []
    let output = ["-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
    return [UInt8](try run("ffmpeg", ["-v", "error"] + forced + ["-i", path] + output))
  }

  /// Runs `tool` (found on PATH) with `arguments`; returns its stdout, or throws with its stderr.
  static func run(_ tool: String, _ arguments: [String]) throws -> Data {
    try MediaToolRunner.run(tool, arguments)
  }
}

// MARK: - Frames and files

/// A frame filled with one opaque colour.
func solidFrame(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) -> PixelBuffer {
  var frame = PixelBuffer(width: width, height: height)
  for offset in stride(from: 0, to: frame.bytes.count, by: 4) {
    frame.bytes[offset] = blue
    frame.bytes[offset + 1] = green
    frame.bytes[offset + 2] = red
    frame.bytes[offset + 3] = 255
  }
  return frame
}

/// A frame whose left half is pure red at 50% alpha (premultiplied: 128, 0, 0, 128), whose right half is
/// opaque blue, and whose bottom-right 8x8 corner is fully transparent.
func translucentFrame(width: Int, height: Int) -> PixelBuffer {
  var frame = PixelBuffer(width: width, height: height)
  for y in 0..<height {
    for x in 0..<width {
      let offset = y * frame.stride + x * 4
      let (blue, green, red, alpha): (UInt8, UInt8, UInt8, UInt8)
      if x >= width - 8 && y >= height - 8 {
        (blue, green, red, alpha) = (0, 0, 0, 0)
      } else if x < width / 2 {
        (blue, green, red, alpha) = (0, 0, 128, 128)
      } else {
        (blue, green, red, alpha) = (255, 0, 0, 255)
      }
      frame.bytes[offset] = blue
      frame.bytes[offset + 1] = green
      frame.bytes[offset + 2] = red
      frame.bytes[offset + 3] = alpha
    }
  }
  return frame
}

/// A fresh empty directory, removed again by `body`'s end.
@discardableResult
func withTemporaryDirectory<Result>(_ body: (String) throws -> Result) throws -> Result {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("l2v-video-encoding-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: directory) }
  return try body(directory)
}

/// The names in `directory`, hidden ones included, sorted.
func directoryListing(_ directory: String) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
}
