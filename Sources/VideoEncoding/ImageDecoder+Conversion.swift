import CFFmpeg
import Raster

extension ImageDecoder {
  /// Owns a swscale context that converts one decoded picture, in whatever pixel format its decoder chose,
  /// into straight-alpha BGRA of the same size.
  final class Scaler {
    private let scaler: OpaquePointer

    /// Sets up the conversion of `picture`. May relabel `picture`'s deprecated `yuvj*` format as the
    /// matching `yuv*` format (the same memory layout); its range is then given to swscale explicitly.
    init(picture: UnsafeMutablePointer<AVFrame>, name: String, format: Format) throws(ImageDecodingError) {
      // 1. Normalise the source format and work out its range and matrix.
      let colour = Self.sourceColour(picture)
      picture.pointee.format = colour.pixelFormat.rawValue
      guard sws_isSupportedInput(colour.pixelFormat) > 0 else {
        let pixelFormatName = av_get_pix_fmt_name(colour.pixelFormat).map { String(cString: $0) }
        throw .unsupportedPixelFormat(
          name: name, format: format, pixelFormat: pixelFormatName ?? "\(colour.pixelFormat.rawValue)")
      }

      // 2. Configure. sws_getContext has no thread count, hence sws_alloc_context + options (see
      //    docs/INTEROP.md); one thread, as other decodes or renders may run alongside.
      guard let scaler = sws_alloc_context() else { throw .outOfMemory(name: name, function: "sws_alloc_context") }
      // Same size in and out: the filter only shapes chroma upsampling. Full horizontal chroma
      // interpolation and accurate rounding avoid the fast but blocky and slightly off YUV -> RGB paths.
      let flags = SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT
      let options: [(String, Int64)] = [
        ("srcw", Int64(picture.pointee.width)), ("srch", Int64(picture.pointee.height)),
        ("src_format", Int64(colour.pixelFormat.rawValue)),
        ("dstw", Int64(picture.pointee.width)), ("dsth", Int64(picture.pointee.height)),
        ("dst_format", Int64(AV_PIX_FMT_BGRA.rawValue)),
        ("sws_flags", Int64(flags)), ("src_range", colour.isFullRange ? 1 : 0), ("dst_range", 1), ("threads", 1),
      ]
      do throws(ImageDecodingError) {
        for (option, value) in options {
          let status = av_opt_set_int(UnsafeMutableRawPointer(scaler), option, value, 0)
          guard status >= 0 else { throw .ffmpeg(name: name, status: status, function: "av_opt_set_int(\(option))") }
        }
        let status = sws_init_context(scaler, nil, nil)
        guard status >= 0 else { throw .ffmpeg(name: name, status: status, function: "sws_init_context") }
        // 3. YUV -> RGB uses the *inverse* table: the source's matrix and range. Brightness 0, contrast and
        //    saturation 1.0 in 16.16 fixed point. RGB destinations ignore the second table and range.
        let table = sws_getCoefficients(colour.matrix)
        let detailsStatus = sws_setColorspaceDetails(
          scaler, table, colour.isFullRange ? 1 : 0, table, 1, 0, 1 << 16, 1 << 16)
        guard detailsStatus >= 0 else {
          throw .ffmpeg(name: name, status: CFFmpeg_AVERROR_EINVAL, function: "sws_setColorspaceDetails")
        }
      } catch {
        sws_freeContext(scaler)
        throw error
      }
      self.scaler = scaler
    }

    deinit {
      sws_freeContext(scaler)
    }

    /// Converts `picture` into `destination`, a BGRA frame of the same size with its own buffers.
    func convert(
      _ picture: UnsafeMutablePointer<AVFrame>, into destination: UnsafeMutablePointer<AVFrame>, name: String
    ) throws(ImageDecodingError) {
      let status = sws_scale_frame(scaler, destination, picture)
      guard status >= 0 else { throw .ffmpeg(name: name, status: status, function: "sws_scale_frame") }
    }

    // MARK: - Private

    /// How swscale must read a picture's colours.
    private struct SourceColour {
      /// The pixel format to hand to swscale.
      var pixelFormat: AVPixelFormat
      /// Full ("JPEG", 0-255) rather than limited ("MPEG", 16-235) range; ignored for RGB formats.
      var isFullRange: Bool
      /// The `SWS_CS_*` matrix for YUV sources; ignored for RGB and grey formats.
      var matrix: Int32
    }

    /// The format, range and matrix of `picture`.
    ///
    /// - `yuvj*` formats (FFmpeg 5.1's MJPEG decoder still outputs them) are full-range `yuv*`; swscale would
    ///   convert them the same way, with a deprecation warning.
    /// - Grey formats without a range tag are full range: a PNG's grey is its brightness, and swscale treats
    ///   untagged grey that way too. Untagged YUV is limited range (WebP's VP8 is).
    /// - The matrix follows the picture's tag; untagged pictures (JPEG/JFIF, WebP) use BT.601.
    private static func sourceColour(_ picture: UnsafeMutablePointer<AVFrame>) -> SourceColour {
      let decoded = AVPixelFormat(rawValue: picture.pointee.format)
      let range = picture.pointee.color_range
      var result = SourceColour(
        pixelFormat: decoded, isFullRange: range == AVCOL_RANGE_JPEG, matrix: matrix(picture.pointee.colorspace))
      let jpegFormats: [(AVPixelFormat, AVPixelFormat)] = [
        (AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUV420P), (AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUV422P),
        (AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUV444P), (AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUV440P),
        (AV_PIX_FMT_YUVJ411P, AV_PIX_FMT_YUV411P),
      ]
      if let pair = jpegFormats.first(where: { $0.0 == decoded }) {
        result.pixelFormat = pair.1
        result.isFullRange = range != AVCOL_RANGE_MPEG
      } else if let descriptor = av_pix_fmt_desc_get(decoded) {
        let flags = descriptor.pointee.flags
        let isGrey =
          descriptor.pointee.nb_components <= 2 && flags & UInt64(AV_PIX_FMT_FLAG_PAL) == 0
          && flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0
        if isGrey && range != AVCOL_RANGE_MPEG {
          result.isFullRange = true
        }
      }
      return result
    }

    /// The swscale matrix for a colour space tag.
    private static func matrix(_ colourSpace: AVColorSpace) -> Int32 {
      switch colourSpace {
      case AVCOL_SPC_BT709: SWS_CS_ITU709
      case AVCOL_SPC_FCC: SWS_CS_FCC
      case AVCOL_SPC_SMPTE240M: SWS_CS_SMPTE240M
      case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: SWS_CS_BT2020
      default: SWS_CS_ITU601
      }
    }
  }

  /// Copies the BGRA `frame` into a tightly packed ``PixelBuffer``, premultiplying each colour by its alpha
  /// (`c * a / 255`, rounded to nearest) as Cairo's ARGB32 expects.
  static func premultipliedBuffer(from frame: UnsafeMutablePointer<AVFrame>) -> PixelBuffer {
    let width = Int(frame.pointee.width)
    let height = Int(frame.pointee.height)
    let rowBytes = width * 4
    let sourceStride = Int(frame.pointee.linesize.0)
    let bytes = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, initializedCount in
      guard let source = frame.pointee.data.0, let destination = buffer.baseAddress else {
        buffer.initialize(repeating: 0)
        initializedCount = buffer.count
        return
      }
      for y in 0..<height {
        let sourceRow = source + y * sourceStride
        let destinationRow = destination + y * rowBytes
        for x in stride(from: 0, to: rowBytes, by: 4) {
          let alpha = UInt32(sourceRow[x + 3])
          if alpha == 255 {
            (destinationRow + x).initialize(from: sourceRow + x, count: 4)
            continue
          }
          // (c * a + 127) / 255 is c * a / 255 rounded to nearest; no ties, as 255 is odd.
          for channel in 0..<3 {
            destinationRow[x + channel] = UInt8((UInt32(sourceRow[x + channel]) * alpha + 127) / 255)
          }
          destinationRow[x + 3] = UInt8(alpha)
        }
      }
      initializedCount = buffer.count
    }
    return PixelBuffer(width: width, height: height, stride: rowBytes, bytes: bytes)
  }
}
