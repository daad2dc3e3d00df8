/// Errors thrown by ``VideoEncoder`` and ``EncoderSettings``.
public enum VideoEncodingError: Error, CustomStringConvertible {
  /// An FFmpeg call failed: the C function, its negative return code and `av_strerror`'s message for it.
  case ffmpeg(function: String, code: Int32, message: String)
  /// FFmpeg was built without the encoder `name`; `package` says what to install.
  case encoderMissing(name: String, package: String)
  /// A setting is out of range, the output's extension names no supported format, or the codec does not fit
  /// the format or the alpha setting.
  case invalidSettings(String)
  /// A file operation on `path` failed (creating, renaming or removing the output).
  case io(path: String, message: String)
  /// A frame passed to ``VideoEncoder/append(_:)`` does not have the size given in the settings.
  case frameSizeMismatch(expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
  /// The encoder was used after ``VideoEncoder/finish()``, ``VideoEncoder/cancel()`` or a failure.
  case invalidState(String)

  /// A one-line message for people.
  public var description: String {
    switch self {
    case .ffmpeg(let function, let code, let message):
      return "\(function) failed: \(message) (FFmpeg error \(code))"
    case .encoderMissing(let name, let package):
      return "FFmpeg has no '\(name)' encoder; install \(package)"
    case .invalidSettings(let message):
      return "invalid encoder settings: \(message)"
    case .io(let path, let message):
      return "\(path): \(message)"
    case .frameSizeMismatch(let expectedWidth, let expectedHeight, let width, let height):
      return "frame is \(width)x\(height) but the encoder was set up for \(expectedWidth)x\(expectedHeight)"
    case .invalidState(let message):
      return "video encoder misuse: \(message)"
    }
  }
}
