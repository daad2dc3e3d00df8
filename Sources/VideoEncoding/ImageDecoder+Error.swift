import CFFmpeg

/// Errors thrown by ``ImageDecoder/decode(_:name:maxPixels:)``. Every message starts with the name of the
/// source, e.g. `logo.png: not a PNG, JPEG, WebP, GIF or BMP image`.
public enum ImageDecodingError: Error, CustomStringConvertible, Sendable {
  /// The data starts with none of the magic bytes of a supported format.
  case unrecognizedFormat(name: String)
  /// The picture (as declared by its header, or as decoded) has more than `maxPixels` pixels.
  case tooLarge(name: String, width: Int, height: Int, maxPixels: Int)
  /// The data is too long to hand to FFmpeg as one packet (2 GiB or more).
  case dataTooLarge(name: String, byteCount: Int)
  /// The decoder rejected the data or produced no picture; `reason` says where and why.
  case corrupt(name: String, format: ImageDecoder.Format, reason: String)
  /// The decoder produced a pixel format that libswscale cannot convert to BGRA.
  case unsupportedPixelFormat(name: String, format: ImageDecoder.Format, pixelFormat: String)
  /// This FFmpeg build has no decoder for the format.
  case decoderMissing(name: String, format: ImageDecoder.Format)
  /// Another FFmpeg call failed (allocation, opening the decoder, setting up the conversion): the C function,
  /// its negative return code and `av_strerror`'s message for it.
  case ffmpeg(name: String, function: String, code: Int32, message: String)

  /// The name of the source the error is about (a file path or e.g. "asset 'image_0'").
  public var name: String {
    switch self {
    case .unrecognizedFormat(let name), .tooLarge(let name, _, _, _), .dataTooLarge(let name, _),
      .corrupt(let name, _, _), .unsupportedPixelFormat(let name, _, _), .decoderMissing(let name, _),
      .ffmpeg(let name, _, _, _):
      return name
    }
  }

  /// A one-line message for people, starting with the source's name.
  public var description: String {
    switch self {
    case .unrecognizedFormat(let name):
      return "\(name): not a PNG, JPEG, WebP, GIF or BMP image"
    case .tooLarge(let name, let width, let height, let maxPixels):
      let pixels = width.multipliedReportingOverflow(by: height)
      let count = pixels.overflow ? "more than \(Int.max)" : "\(pixels.partialValue)"
      let megapixels = pixels.overflow ? "N" : "\(pixels.partialValue / 1_048_576 + 1)"
      return "\(name): image is \(width)x\(height) (\(count) pixels), more than the limit of \(maxPixels) pixels "
        + "(--limit image-size=\(megapixels) allows it)"
    case .dataTooLarge(let name, let byteCount):
      return "\(name): \(byteCount) bytes is too large for an image (the limit is 2 GiB)"
    case .corrupt(let name, let format, let reason):
      return "\(name): corrupt or truncated \(format) image (\(reason))"
    case .unsupportedPixelFormat(let name, let format, let pixelFormat):
      return "\(name): cannot convert this \(format) image's pixel format '\(pixelFormat)' to BGRA"
    case .decoderMissing(let name, let format):
      return "\(name): this FFmpeg has no \(format) decoder (libavcodec was built without it)"
    case .ffmpeg(let name, let function, let code, let message):
      return "\(name): \(function) failed: \(message) (FFmpeg error \(code))"
    }
  }

  /// The error for a failed FFmpeg call on `name`'s data.
  static func ffmpeg(name: String, status: Int32, function: String) -> ImageDecodingError {
    .ffmpeg(name: name, function: function, code: status, message: ffmpegErrorMessage(status))
  }

  /// The out-of-memory error for an allocator that returned `nil`.
  static func outOfMemory(name: String, function: String) -> ImageDecodingError {
    .ffmpeg(name: name, status: CFFmpeg_AVERROR_ENOMEM, function: function)
  }

  /// Runs `body`, which uses this module's C-object owners (``FrameStorage``, ``PacketStorage``), and turns
  /// their ``VideoEncodingError`` into an ``ImageDecodingError`` naming the source.
  static func naming<Result>(_ name: String, _ body: () throws -> Result) throws(ImageDecodingError) -> Result {
    do {
      return try body()
    } catch let error as ImageDecodingError {
      throw error
    } catch VideoEncodingError.ffmpeg(let function, let code, let message) {
      throw .ffmpeg(name: name, function: function, code: code, message: message)
    } catch {
      // The owners only throw `.ffmpeg`; anything else keeps its own message.
      throw .ffmpeg(name: name, function: "\(type(of: error))", code: CFFmpeg_AVERROR_EINVAL, message: "\(error)")
    }
  }
}
