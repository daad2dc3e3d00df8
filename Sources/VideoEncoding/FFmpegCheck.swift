import CFFmpeg

// MARK: - Status checking
//
// Every fallible FFmpeg call goes through `check` so that a failure names the C function and carries
// av_strerror's message, like swift-nio's `syscall(where:)`.

/// Returns `status` when it is not negative, else throws ``VideoEncodingError/ffmpeg(function:code:message:)``.
@discardableResult
func check(_ status: Int32, _ function: String) throws -> Int32 {
  guard status < 0 else { return status }
  throw VideoEncodingError.ffmpeg(function: function, code: status, message: ffmpegErrorMessage(status))
}

/// Returns `pointer`, or throws an out-of-memory ``VideoEncodingError/ffmpeg(function:code:message:)`` naming
/// the allocator that returned `nil`.
func allocated<Pointer>(_ pointer: Pointer?, _ function: String) throws -> Pointer {
  guard let pointer else {
    throw VideoEncodingError.ffmpeg(
      function: function, code: CFFmpeg_AVERROR_ENOMEM, message: ffmpegErrorMessage(CFFmpeg_AVERROR_ENOMEM))
  }
  return pointer
}

/// av_strerror's message for an FFmpeg error code (the Swift stand-in for the `av_err2str` macro).
func ffmpegErrorMessage(_ code: Int32) -> String {
  withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(CFFmpeg_ERROR_MAX_STRING_SIZE)) { buffer in
    String(cString: CFFmpeg_error_string(code, buffer.baseAddress, buffer.count))
  }
}

/// The FFmpeg encoder `name`, or ``VideoEncodingError/encoderMissing(name:package:)`` telling the user to
/// install `package` when this FFmpeg build lacks it.
@discardableResult
func requireEncoder(named name: String, package: String) throws -> UnsafePointer<AVCodec> {
  guard let encoder = avcodec_find_encoder_by_name(name) else {
    throw VideoEncodingError.encoderMissing(name: name, package: package)
  }
  return encoder
}
