import CFFmpeg

/// An opened encoder for one ``VideoCodec``: pictures in, packets out.
///
/// The codec-specific setup (private options, pixel format, colour tags) lives in
/// `CodecSession+Configuration.swift`; the context itself is owned by a ``CodecContext``.
final class CodecSession {
  /// The opened encoder.
  private let codec: CodecContext
  /// The codec time base: 1/fps (one tick per frame) for the video codecs, 1/100 for GIF.
  let timeBase: AVRational

  /// The opened codec context; valid for the lifetime of this object.
  var context: UnsafeMutablePointer<AVCodecContext> { codec.pointer }

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
    self.codec = try CodecContext(codec: encoder, name: encoderName) { context in
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
    }
    self.timeBase = timeBase
  }

  /// Sends one picture to the encoder, or `nil` to start draining it.
  func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
    try codec.send(frame)
  }

  /// Fills `packet` with the next encoded packet; returns `false` when the encoder needs more input (or,
  /// while draining, has nothing left).
  func receive(into packet: UnsafeMutablePointer<AVPacket>) throws -> Bool {
    try codec.receive(into: packet)
  }
}
