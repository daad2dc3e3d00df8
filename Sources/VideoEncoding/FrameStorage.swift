import CFFmpeg

/// Owns one `AVFrame` and frees it in `deinit`.
final class FrameStorage {
  /// The frame; valid for the lifetime of this object.
  let frame: UnsafeMutablePointer<AVFrame>

  /// Allocates an empty frame (no pixel buffers yet).
  init() throws {
    frame = try allocated(av_frame_alloc(), "av_frame_alloc")
  }

  /// Allocates a frame with its own reference-counted picture buffers of the given format and size.
  convenience init(format: AVPixelFormat, width: Int, height: Int) throws {
    try self.init()
    frame.pointee.format = format.rawValue
    frame.pointee.width = Int32(width)
    frame.pointee.height = Int32(height)
    // Alignment 0 lets FFmpeg pick the SIMD alignment for this CPU.
    try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
  }

  deinit {
    var pointer: UnsafeMutablePointer<AVFrame>? = frame
    av_frame_free(&pointer)
  }
}
