import CFFmpeg
import Raster

/// Owns a swscale context that turns BGRA pixel buffers into BT.709 limited-range YUV pictures (`yuv420p`,
/// `yuva420p`, `yuv444p`, `yuv422p10le`, `yuv444p10le` or `yuva444p10le`), or into full-range RGB (`rgba`,
/// `bgra`, `rgb24`).
///
/// Alpha: ``PixelBuffer`` is premultiplied but FFmpeg's `bgra` is straight alpha. With `unpremultiply`, each
/// frame is first copied into a staging frame as straight colour, `c * 255 / a` rounded, so edges keep
/// their colour instead of fading to black. Without it the bytes are converted as they are (opaque BGRA).
///
/// Odd sizes: the 4:2:0 and 4:2:2 formats store one chroma sample per 2 columns, so the codecs need an even
/// width and height. A `width` x `height` buffer with an odd side is copied into a staging frame of the
/// coded size, repeating its last column and/or row, and that frame is converted. Otherwise (even size, no
/// alpha) frames are converted straight from the caller's memory.
///
/// Opaque `yuv420p`, what H.264, H.265, AV1, opaque VP9 and Y4M take, is converted by our own
/// ``YUV420Conversion`` (the same numbers as swscale, four times faster); every other format by swscale.
final class PixelConverter {
  private let scaler: OpaquePointer
  private let width: Int
  private let height: Int
  private let codedWidth: Int
  private let codedHeight: Int
  private let unpremultiply: Bool
  private let forceOpaque: Bool
  /// Reused source frame that borrows the caller's bytes for the duration of one conversion.
  private let source: FrameStorage
  /// BGRA frame of the coded size, for odd sizes and for un-premultiplying (see the type's comment).
  private let staging: FrameStorage?
  /// Scratch rows for ``YUV420Conversion``, or nil when swscale converts.
  private let ownConversion: YUV420Conversion.Scratch?

  /// Sets up conversion of `width` x `height` BGRA buffers into `codedWidth` x `codedHeight` pictures of
  /// `format`.
  ///
  /// - Parameters:
  ///   - unpremultiply: convert premultiplied colour to straight colour first (for outputs with alpha).
  ///   - forceOpaque: set alpha to 255 first (for RGB outputs with an alpha channel whose alpha is ignored).
  ///   - threads: swscale slice threads; `0` picks one per core.
  ///   - ownConversion: use ``YUV420Conversion`` where it applies (tests turn it off to compare with swscale).
  init(
    width: Int, height: Int, codedWidth: Int, codedHeight: Int, format: AVPixelFormat = AV_PIX_FMT_YUV420P,
    unpremultiply: Bool = false, forceOpaque: Bool = false, threads: Int, ownConversion: Bool = true
  ) throws {
    let scaler = try allocated(sws_alloc_context(), "sws_alloc_context")
    do {
      try Self.configure(scaler, width: codedWidth, height: codedHeight, format: format, threads: threads)
    } catch {
      sws_freeContext(scaler)
      throw error
    }
    self.scaler = scaler
    self.width = width
    self.height = height
    self.codedWidth = codedWidth
    self.codedHeight = codedHeight
    self.unpremultiply = unpremultiply
    self.forceOpaque = forceOpaque
    source = try FrameStorage()
    self.ownConversion =
      ownConversion && format == AV_PIX_FMT_YUV420P && !unpremultiply ? YUV420Conversion.Scratch() : nil
    if width != codedWidth || height != codedHeight || unpremultiply || forceOpaque {
      staging = try FrameStorage(format: AV_PIX_FMT_BGRA, width: codedWidth, height: codedHeight)
    } else {
      staging = nil
    }
  }

  deinit {
    sws_freeContext(scaler)
  }

  /// Whether frames go straight from the caller's memory through ``YUV420Conversion`` (opaque `yuv420p` of an
  /// even size): then the render workers can do it themselves (``WorkerConversion``).
  var convertsDirectly: Bool { ownConversion != nil && staging == nil }

  /// Converts `buffer` (which must be `width` x `height`) into `picture`, a writable yuv420p frame of the
  /// coded size.
  func convert(_ buffer: PixelBuffer, into picture: UnsafeMutablePointer<AVFrame>) throws {
    if let staging {
      copyPadded(buffer, into: staging.frame)
      if let ownConversion, let data = staging.frame.pointee.data.0 {
        YUV420Conversion.convert(
          source: data, stride: Int(staging.frame.pointee.linesize.0), width: codedWidth, height: codedHeight,
          into: picture, scratch: ownConversion)
        return
      }
      try check(sws_scale_frame(scaler, picture, staging.frame), "sws_scale_frame")
      return
    }
    if let ownConversion {
      buffer.bytes.withUnsafeBufferPointer { bytes in
        guard let base = bytes.baseAddress else { return }
        YUV420Conversion.convert(
          source: base, stride: buffer.stride, width: width, height: height, into: picture, scratch: ownConversion)
      }
      return
    }
    try buffer.bytes.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return }
      // sws_scale_frame takes a reference to its source (av_frame_ref); a frame without a reference-counted
      // buffer would be copied in full first. Wrapping the caller's bytes in a read-only AVBuffer whose free
      // callback does nothing avoids that 8 MB copy per 1080p frame; the AVBuffer itself is a few bytes.
      let reference = av_buffer_create(
        UnsafeMutablePointer(mutating: base), bytes.count, { _, _ in }, nil, AV_BUFFER_FLAG_READONLY)
      let frame = source.frame
      frame.pointee.buf.0 = try allocated(reference, "av_buffer_create")
      // Unreferencing releases the AVBuffer and resets the frame, so no pointer into `bytes` outlives this
      // closure.
      defer { av_frame_unref(frame) }
      frame.pointee.data.0 = UnsafeMutablePointer(mutating: base)
      frame.pointee.linesize.0 = Int32(buffer.stride)
      frame.pointee.width = Int32(width)
      frame.pointee.height = Int32(height)
      frame.pointee.format = AV_PIX_FMT_BGRA.rawValue
      try check(sws_scale_frame(scaler, picture, frame), "sws_scale_frame")
    }
  }

  // MARK: - Private

  /// Copies `buffer` into the top-left of the coded-size BGRA `frame` (un-premultiplying it if asked), then
  /// repeats the last column and the last row into the padding.
  private func copyPadded(_ buffer: PixelBuffer, into frame: UnsafeMutablePointer<AVFrame>) {
    guard let destination = frame.pointee.data.0 else { return }
    let destinationStride = Int(frame.pointee.linesize.0)
    let rowBytes = width * 4
    buffer.bytes.withUnsafeBytes { bytes in
      guard let source = bytes.baseAddress else { return }
      for y in 0..<height {
        let row = destination + y * destinationStride
        // 1. Copy the row.
        UnsafeMutableRawPointer(row).copyMemory(from: source + y * buffer.stride, byteCount: rowBytes)
        if unpremultiply {
          Self.unpremultiplyRow(row, pixels: width)
        } else if forceOpaque {
          for x in 0..<width { row[x * 4 + 3] = 255 }
        }
        // 2. Repeat its last pixel into the padding column.
        if codedWidth > width {
          UnsafeMutableRawPointer(row + rowBytes).copyMemory(from: row + rowBytes - 4, byteCount: 4)
        }
      }
    }
    // 3. Repeat the last row (padding column included) into the padding row.
    if codedHeight > height {
      let last = destination + (height - 1) * destinationStride
      UnsafeMutableRawPointer(destination + height * destinationStride)
        .copyMemory(from: last, byteCount: codedWidth * 4)
    }
  }

  /// Turns `pixels` premultiplied BGRA pixels at `row` into straight BGRA in place.
  static func unpremultiplyRow(_ row: UnsafeMutablePointer<UInt8>, pixels: Int) {
    straightColour.withUnsafeBufferPointer { table in
      for x in 0..<pixels {
        let pixel = row + x * 4
        let alpha = Int(pixel[3])
        // Opaque and fully transparent pixels are common and need no lookup (transparent ones are 0 already
        // in valid premultiplied data; the table maps them to 0 anyway).
        if alpha == 255 { continue }
        let base = alpha << 8
        pixel[0] = table[base | Int(pixel[0])]
        pixel[1] = table[base | Int(pixel[1])]
        pixel[2] = table[base | Int(pixel[2])]
      }
    }
  }

  /// `straightColour[a << 8 | c]` is premultiplied channel `c` at alpha `a` as straight colour:
  /// `c * 255 / a` rounded to nearest and clamped to 255 (0 when `a` is 0).
  static let straightColour: [UInt8] = (0..<65_536).map { index in
    let alpha = index >> 8
    let colour = index & 0xFF
    guard alpha > 0 else { return 0 }
    return UInt8(min(255, (colour * 255 + alpha / 2) / alpha))
  }

  private static func configure(
    _ scaler: OpaquePointer, width: Int, height: Int, format: AVPixelFormat, threads: Int
  ) throws {
    // sws_getContext has no thread count, hence sws_alloc_context + options + sws_init_context.
    let options: [(String, Int64)] = [
      ("srcw", Int64(width)), ("srch", Int64(height)), ("src_format", Int64(AV_PIX_FMT_BGRA.rawValue)),
      ("dstw", Int64(width)), ("dsth", Int64(height)), ("dst_format", Int64(format.rawValue)),
      // Same size in and out: the filter only shapes chroma subsampling; bilinear is fast and clean.
      ("sws_flags", Int64(SWS_BILINEAR)),
      ("src_range", 1), ("dst_range", 0),
      ("threads", Int64(threads)),
    ]
    // RGB outputs (WebP, PNG, raw) keep full range and need no matrix: only the byte order changes.
    let isRGB = [AV_PIX_FMT_RGBA, AV_PIX_FMT_BGRA, AV_PIX_FMT_RGB24].contains(format)
    for (name, value) in options {
      let value = isRGB && name == "dst_range" ? 1 : value
      try check(av_opt_set_int(UnsafeMutableRawPointer(scaler), name, value, 0), "av_opt_set_int(\(name))")
    }
    try check(sws_init_context(scaler, nil, nil), "sws_init_context")
    if isRGB { return }
    // RGB -> YUV uses the *output* table: BT.709 coefficients, full-range RGB in (1), limited-range YUV out
    // (0); brightness 0, contrast and saturation 1.0 in 16.16 fixed point. swscale defaults to BT.601.
    let bt709 = sws_getCoefficients(SWS_CS_ITU709)
    try check(
      sws_setColorspaceDetails(scaler, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16), "sws_setColorspaceDetails")
  }
}
