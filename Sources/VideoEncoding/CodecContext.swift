import CFFmpeg

/// Owns one opened `AVCodecContext`, an encoder's or a decoder's: the one place that allocates, configures,
/// opens and frees one.
///
/// The initializer allocates the context for `codec`, lets the caller set it up, and opens it; when setting
/// up or opening fails it frees the context before throwing, and `deinit` frees it otherwise. The encoders
/// (``CodecSession``, ``AudioTrack``), the GIF ``FrameSpool`` and the ``AudioDecoder`` each hold one.
final class CodecContext {
  /// The opened context; valid for the lifetime of this object.
  let pointer: UnsafeMutablePointer<AVCodecContext>
  /// What failures name: the codec (`libx264`, `qtrle decoder`).
  let name: String

  /// Allocates a context for `codec`, calls `configure` on it and opens it.
  init(
    codec: UnsafePointer<AVCodec>, name: String,
    configure: (UnsafeMutablePointer<AVCodecContext>) throws -> Void = { _ in }
  ) throws {
    let context = try allocated(avcodec_alloc_context3(codec), "avcodec_alloc_context3(\(name))")
    do {
      try configure(context)
      try check(avcodec_open2(context, codec, nil), "avcodec_open2(\(name))")
    } catch {
      var pointer: UnsafeMutablePointer<AVCodecContext>? = context
      avcodec_free_context(&pointer)
      throw error
    }
    self.pointer = context
    self.name = name
  }

  deinit {
    var pointer: UnsafeMutablePointer<AVCodecContext>? = pointer
    avcodec_free_context(&pointer)
  }

  // MARK: - Encoding

  /// Sends one frame to the encoder, or `nil` to start draining it.
  func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
    try check(avcodec_send_frame(pointer, frame), "avcodec_send_frame(\(name))")
  }

  /// Fills `packet` with the next encoded packet; `false` when the encoder needs more input (or, while
  /// draining, has nothing left).
  func receive(into packet: UnsafeMutablePointer<AVPacket>) throws -> Bool {
    let status = avcodec_receive_packet(pointer, packet)
    if status == CFFmpeg_AVERROR_EAGAIN || status == CFFmpeg_AVERROR_EOF { return false }
    try check(status, "avcodec_receive_packet(\(name))")
    return true
  }

  // MARK: - Decoding

  /// Sends one packet to the decoder, or `nil` to start draining it; returns FFmpeg's status, which the
  /// caller judges (a damaged packet may be skipped).
  func sendPacket(_ packet: UnsafeMutablePointer<AVPacket>?) -> Int32 {
    avcodec_send_packet(pointer, packet)
  }

  /// Fills `frame` with the next decoded frame; `false` when the decoder needs more input (or, while
  /// draining, has nothing left).
  func receive(into frame: UnsafeMutablePointer<AVFrame>) throws -> Bool {
    let status = avcodec_receive_frame(pointer, frame)
    if status == CFFmpeg_AVERROR_EAGAIN || status == CFFmpeg_AVERROR_EOF { return false }
    try check(status, "avcodec_receive_frame(\(name))")
    return true
  }
}
