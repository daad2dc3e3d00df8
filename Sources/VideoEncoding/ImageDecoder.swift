import CFFmpeg
import Raster

/// Decodes still images (PNG, JPEG, WebP, GIF first frame, BMP) with FFmpeg's own image decoders.
///
/// The format is recognised from the data's magic bytes, never from a file name. Every pixel format the
/// decoders produce (rgb24, rgba, pal8, grey, grey with alpha, 16-bit, full-range JPEG YUV, WebP's YUV with
/// alpha, ...) is converted with libswscale to BGRA and premultiplied, ready to paint with Cairo.
///
/// What is not applied: colour profiles (ICC, gAMA), JPEG Exif orientation, and GIF or WebP animation (GIF
/// gives its first frame; FFmpeg 5.1's WebP decoder rejects animated files).
///
/// Decoding is safe from any thread: each call owns its own FFmpeg objects.
public enum ImageDecoder {
  /// Decodes `bytes`, a whole image file, into premultiplied BGRA (Cairo ARGB32 layout, see ``PixelBuffer``)
  /// with rows `width * 4` bytes apart.
  ///
  /// The pixel limit is checked against the size the file's header declares, so a small file claiming a huge
  /// picture is refused before FFmpeg allocates anything; by the decoder before it allocates its picture; and
  /// exactly on the decoded picture before the output is allocated.
  ///
  /// - Parameters:
  ///   - bytes: the image file's contents.
  ///   - name: names the source in errors: a file path, or e.g. "asset 'image_0'".
  ///   - maxPixels: the largest `width * height` accepted; must be positive.
  /// - Throws: ``ImageDecodingError``, whose message starts with `name`: for unknown formats, corrupt or
  ///   truncated data, images larger than `maxPixels`, and FFmpeg failures.
  public static func decode(
    _ bytes: [UInt8], name: String, maxPixels: Int = 64 * 1024 * 1024
  ) throws(ImageDecodingError) -> PixelBuffer {
    precondition(maxPixels > 0, "maxPixels must be positive")
    // 1. Recognise the format.
    guard let format = Format(magicBytesOf: bytes) else { throw .unrecognizedFormat(name: name) }

    // 2. Refuse a cut-short header, or an empty or oversized picture, from the header alone.
    //
    //    The decoder's own `max_pixels` check (step 3) runs before it allocates its picture, but counts the
    //    width rounded up to FFmpeg's row alignment (at most 64 pixels, for AVX-512), so an exact limit would
    //    refuse pictures just under `maxPixels`. Where the header's size passed the exact check, the decoder
    //    gets 64 times the limit, only to catch a decoder that disagrees with the header wildly; step 4 is
    //    exact. Where the header could not be read (malformed), it gets the exact limit: at worst it refuses
    //    such a file within a row alignment of the limit.
    var decoderLimit = Int64(maxPixels)
    switch format.declaredSize(in: bytes) {
    case .size(let width, let height):
      guard width > 0, height > 0 else {
        throw .corrupt(name: name, format: format, reason: "the header declares a \(width)x\(height) picture")
      }
      try checkSize(width: width, height: height, name: name, maxPixels: maxPixels)
      let (looseLimit, overflow) = decoderLimit.multipliedReportingOverflow(by: 64)
      decoderLimit = overflow ? Int64.max : looseLimit
    case .cutShort:
      throw .corrupt(name: name, format: format, reason: "the data ends inside the header")
    case .unknown:
      break
    }

    // 3. Decode the first picture.
    FFmpegLog.applyDefaultLevel()
    let codec = try Codec(format: format, name: name, pixelLimit: decoderLimit, maxPixels: maxPixels)
    let picture = try codec.decodeFirstPicture(bytes)
    let width = Int(picture.frame.pointee.width)
    let height = Int(picture.frame.pointee.height)
    guard width > 0, height > 0 else {
      throw .corrupt(name: name, format: format, reason: "the decoder produced a \(width)x\(height) picture")
    }

    // 4. Check the decoded size exactly, before allocating the output.
    try checkSize(width: width, height: height, name: name, maxPixels: maxPixels)

    // 5. Convert to straight-alpha BGRA, then premultiply into the packed buffer.
    let scaler = try Scaler(picture: picture.frame, name: name, format: format)
    let bgra = try ImageDecodingError.naming(name) {
      try FrameStorage(format: AV_PIX_FMT_BGRA, width: width, height: height)
    }
    try scaler.convert(picture.frame, into: bgra.frame, name: name)
    return premultipliedBuffer(from: bgra.frame)
  }

  /// The format `bytes` start with, from their magic bytes; `nil` when no supported format matches.
  public static func format(of bytes: [UInt8]) -> Format? {
    Format(magicBytesOf: bytes)
  }

  // MARK: - Private

  /// Throws ``ImageDecodingError/tooLarge(name:width:height:maxPixels:)`` when `width * height` exceeds
  /// `maxPixels` (or overflows).
  private static func checkSize(width: Int, height: Int, name: String, maxPixels: Int) throws(ImageDecodingError) {
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixels <= maxPixels else {
      throw .tooLarge(name: name, width: width, height: height, maxPixels: maxPixels)
    }
  }
}
