import CFFmpeg

extension ImageDecoder {
  /// One opened FFmpeg image decoder (its context owned by a ``CodecContext``). Used for one picture.
  final class Codec {
    private let codec: CodecContext
    private let name: String
    private let format: Format
    private let maxPixels: Int

    private var context: UnsafeMutablePointer<AVCodecContext> { codec.pointer }

    /// Finds and opens the decoder for `format`.
    ///
    /// - Parameters:
    ///   - pixelLimit: the decoder's own `max_pixels` limit, checked before it allocates a picture.
    ///   - maxPixels: the caller's limit (at most `pixelLimit`), for messages.
    init(format: Format, name: String, pixelLimit: Int64, maxPixels: Int) throws(ImageDecodingError) {
      guard let decoder = avcodec_find_decoder(format.codecID) else {
        throw .decoderMissing(name: name, format: format)
      }
      codec = try ImageDecodingError.naming(name) {
        try CodecContext(codec: decoder, name: String(cString: decoder.pointee.name)) { context in
          // One picture: frame or slice threads would only add start-up cost (and frame threads delay output).
          context.pointee.thread_count = 1
          context.pointee.max_pixels = pixelLimit
          // The decoder logs what it finds wrong at error or even fatal level ("not enough data", MJPEG's "No
          // JPEG data found in image"), but the thrown ImageDecodingError already reports the failure.
          // Lowering its messages by two levels (fatal becomes warning, error info, warning verbose) keeps a
          // bad asset from being reported twice on stderr, while `FFmpegLog.level = .verbose` still shows the
          // details.
          context.pointee.log_level_offset = AV_LOG_WARNING - AV_LOG_FATAL
        }
      }
      self.name = name
      self.format = format
      self.maxPixels = maxPixels
    }

    /// Decodes the first picture in `bytes`, which hold a whole image file.
    func decodeFirstPicture(_ bytes: [UInt8]) throws(ImageDecodingError) -> FrameStorage {
      // 1. Copy the file into a packet. av_new_packet allocates AV_INPUT_BUFFER_PADDING_SIZE zeroed bytes
      //    after the data, which decoders may read past the end with their optimised bit readers.
      guard bytes.count <= Int(Int32.max) - Int(AV_INPUT_BUFFER_PADDING_SIZE) else {
        throw .dataTooLarge(name: name, byteCount: bytes.count)
      }
      let packet = try ImageDecodingError.naming(name) { try PacketStorage() }
      let status = av_new_packet(packet.packet, Int32(bytes.count))
      guard status >= 0, let data = packet.packet.pointee.data else {
        throw .ffmpeg(name: name, status: status < 0 ? status : CFFmpeg_AVERROR_ENOMEM, function: "av_new_packet")
      }
      bytes.withUnsafeBytes { source in
        guard let base = source.baseAddress else { return }
        UnsafeMutableRawPointer(data).copyMemory(from: base, byteCount: source.count)
      }

      // 2. Send it, then flush: a still image is one packet, and draining makes the decoder give up any
      //    picture it holds back.
      try decoding(avcodec_send_packet(context, packet.packet), "avcodec_send_packet")
      let flushStatus = avcodec_send_packet(context, nil)
      if flushStatus != CFFmpeg_AVERROR_EOF {
        try decoding(flushStatus, "avcodec_send_packet")
      }

      // 3. Receive the first picture; any later ones (GIF frames) are dropped with the decoder.
      let picture = try ImageDecodingError.naming(name) { try FrameStorage() }
      let receiveStatus = avcodec_receive_frame(context, picture.frame)
      if receiveStatus == CFFmpeg_AVERROR_EOF || receiveStatus == CFFmpeg_AVERROR_EAGAIN {
        throw .corrupt(name: name, format: format, reason: "the decoder found no picture in the data")
      }
      try decoding(receiveStatus, "avcodec_receive_frame")
      return picture
    }

    // MARK: - Private

    /// Throws for a negative `status` from sending or receiving: out of memory is an FFmpeg failure, any
    /// other code means the decoder rejected the data.
    private func decoding(_ status: Int32, _ function: String) throws(ImageDecodingError) {
      guard status < 0 else { return }
      if status == CFFmpeg_AVERROR_ENOMEM {
        throw .ffmpeg(name: name, status: status, function: function)
      }
      var reason = "\(function): \(ffmpegErrorMessage(status))"
      // Decoders report a picture over `max_pixels` as EINVAL (they use INVALIDDATA for bad data). The size
      // is not known here: say that it may be the cause. A picture over the decoder's limit is also over
      // the caller's, which is the one to name.
      if status == CFFmpeg_AVERROR_EINVAL {
        reason += "; the picture may be larger than the limit of \(maxPixels) pixels"
      }
      throw .corrupt(name: name, format: format, reason: reason)
    }
  }
}
