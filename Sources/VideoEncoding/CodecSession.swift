import CFFmpeg

/// Owns an opened encoder `AVCodecContext` for one ``VideoCodec``: pictures in, packets out.
///
/// The codec-specific setup (private options, pixel format, colour tags) lives in
/// `CodecSession+Configuration.swift`.
final class CodecSession {
  /// The opened codec context; valid for the lifetime of this object.
  let context: UnsafeMutablePointer<AVCodecContext>
  /// The codec time base: 1/fps (one tick per frame) for the video codecs, 1/100 for GIF.
  let timeBase: AVRational

  /// Finds the encoder for `codec`, configures it and opens it.
  ///
  /// - Parameters:
  ///   - pixelFormat: what the pictures sent to ``send(_:)`` will be.
  ///   - globalHeader: set when the muxer wants codec headers in the stream's extradata (MP4 and MOV do).
  init(
    codec: VideoCodec, settings: EncoderSettings, pixelFormat: AVPixelFormat, width: Int, height: Int,
    timeBase: AVRational, globalHeader: Bool
  ) throws {
    let encoderName = codec.encoderName
    let encoder = try requireEncoder(named: encoderName, package: codec.packageHint)
    let context = try allocated(avcodec_alloc_context3(encoder), "avcodec_alloc_context3")
    do {
      context.pointee.width = Int32(width)
      context.pointee.height = Int32(height)
      context.pointee.pix_fmt = pixelFormat
      context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
      context.pointee.time_base = timeBase
      let rate = settings.frameRate
      context.pointee.framerate = AVRational(num: Int32(rate.numerator), den: Int32(rate.denominator))
      if globalHeader {
        context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
      }
      try Self.configure(context, codec: codec, encoderName: encoderName, settings: settings)
      try check(avcodec_open2(context, encoder, nil), "avcodec_open2(\(encoderName))")
    } catch {
      var pointer: UnsafeMutablePointer<AVCodecContext>? = context
      avcodec_free_context(&pointer)
      throw error
    }
    self.context = context
    self.timeBase = timeBase
  }

  deinit {
    var pointer: UnsafeMutablePointer<AVCodecContext>? = context
    avcodec_free_context(&pointer)
  }

  /// Sends one picture to the encoder, or `nil` to start draining it.
  func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
    try check(avcodec_send_frame(context, frame), "avcodec_send_frame")
  }

  /// Fills `packet` with the next encoded packet; returns `false` when the encoder needs more input (or,
  /// while draining, has nothing left).
  func receive(into packet: UnsafeMutablePointer<AVPacket>) throws -> Bool {
    let status = avcodec_receive_packet(context, packet)
    if status == CFFmpeg_AVERROR_EAGAIN || status == CFFmpeg_AVERROR_EOF { return false }
    try check(status, "avcodec_receive_packet")
    return true
  }
}
