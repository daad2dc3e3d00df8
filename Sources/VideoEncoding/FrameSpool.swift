import CFFmpeg
import Raster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A temporary file of raw BGRA frames, `width * height * 4` bytes each, written once and read back in order.
///
/// GIF needs two passes over the clip (a palette for all frames, then each frame mapped to it), but frames
/// arrive once. Keeping them in memory costs 8 MB per 1080p frame; spooling them to disk costs the same in
/// disk space and keeps memory flat. The file lives next to the output as `.<name>.partial-<pid>.spool` and
/// is registered with ``PartialFiles``, so an interrupted run deletes it too.
final class FrameSpool {
  let width: Int
  let height: Int
  private let outputPath: String
  private let file: PartialFile
  private var stream: UnsafeMutablePointer<FILE>?
  private var row: [UInt8]

  /// Creates the spool file for `outputPath`.
  init(outputPath: String, width: Int, height: Int) throws {
    self.width = width
    self.height = height
    self.outputPath = outputPath
    file = try PartialFile(outputPath: outputPath + ".spool")
    guard let stream = fopen(file.path, "w+b") else {
      let message = String(cString: strerror(errno))
      throw VideoEncodingError.io(path: outputPath, message: "cannot create the frame spool \(file.path): \(message)")
    }
    self.stream = stream
    row = [UInt8](repeating: 0, count: width * 4)
  }

  deinit {
    close()
  }

  /// Appends one frame. With `keepAlpha` the colour is un-premultiplied (straight BGRA, what libavfilter
  /// expects); without it alpha is set to 255, so the frame is read as opaque like the other codecs do.
  func write(_ buffer: PixelBuffer, keepAlpha: Bool) throws {
    guard let stream else { throw VideoEncodingError.invalidState("the frame spool \(file.path) is closed") }
    try buffer.bytes.withUnsafeBufferPointer { bytes in
      guard let source = bytes.baseAddress else { return }
      try row.withUnsafeMutableBufferPointer { row in
        guard let destination = row.baseAddress else { return }
        for y in 0..<height {
          destination.update(from: source + y * buffer.stride, count: width * 4)
          if keepAlpha {
            PixelConverter.unpremultiplyRow(destination, pixels: width)
          } else {
            for x in 0..<width { destination[x * 4 + 3] = 255 }
          }
          guard fwrite(destination, 1, width * 4, stream) == width * 4 else { throw writeError() }
        }
      }
    }
  }

  /// Flushes what was written and moves back to the first frame, for ``read(into:)``.
  func rewind() throws {
    guard let stream, fflush(stream) == 0, fseek(stream, 0, SEEK_SET) == 0 else { throw writeError() }
  }

  /// Reads the next frame into `frame`, a writable BGRA `AVFrame` of the spool's size; returns `false` at
  /// the end of the file.
  func read(into frame: UnsafeMutablePointer<AVFrame>) throws -> Bool {
    guard let stream, let data = frame.pointee.data.0 else { return false }
    let stride = Int(frame.pointee.linesize.0)
    for y in 0..<height {
      let count = fread(data + y * stride, 1, width * 4, stream)
      if count == 0, y == 0, feof(stream) != 0 { return false }
      guard count == width * 4 else {
        throw VideoEncodingError.io(path: outputPath, message: "the frame spool \(file.path) is truncated")
      }
    }
    return true
  }

  /// Closes and deletes the spool file.
  func close() {
    if let stream {
      fclose(stream)
      self.stream = nil
    }
    file.discard()
  }

  private func writeError() -> VideoEncodingError {
    VideoEncodingError.io(
      path: outputPath, message: "cannot write the frame spool \(file.path): \(String(cString: strerror(errno)))")
  }
}
