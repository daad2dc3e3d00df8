import CCairo
import TextLayout

/// A colour glyph's picture as a Cairo image surface (owned), decoded once per worker by its `TextShaper`.
final class GlyphSurface: GlyphImage {
  let surface: OpaquePointer

  init(_ surface: OpaquePointer) { self.surface = surface }

  deinit { cairo_surface_destroy(surface) }

  var pixelWidth: Double { Double(cairo_image_surface_get_width(surface)) }
  var pixelHeight: Double { Double(cairo_image_surface_get_height(surface)) }

  /// The decoder handed to text shaping: PNGs become surfaces (see `PNGGlyphReader`).
  static func decode(_ bytes: UnsafeRawBufferPointer) -> (any GlyphImage)? {
    PNGGlyphReader.decode(bytes).map(GlyphSurface.init)
  }
}

/// Decodes a PNG held in memory into a Cairo image surface.
///
/// The PNG comes from a font, and fonts come from `.lottie` archives and data URIs (up to 64 MB): a hostile
/// one can hold a glyph whose PNG claims 30000x30000 pixels, for which Cairo would allocate 3.6 GB. So the
/// size in the header (IHDR) is read first and a picture larger than ``maxSide`` a side is refused, as
/// `ImageDecoder` refuses oversized images. Real colour emoji are 72 to 160 pixels (sbix strikes reach 512).
enum PNGGlyphReader {
  /// The largest width and height decoded.
  static let maxSide = 2048

  /// The width and height in the PNG's header: the signature, then the IHDR chunk (length, "IHDR", width
  /// and height as big-endian 32-bit numbers); nil when the bytes do not start like a PNG.
  static func declaredSize(_ bytes: UnsafeRawBufferPointer) -> (width: Int, height: Int)? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 24, bytes.prefix(8).elementsEqual(signature), bytes[12..<16].elementsEqual(Array("IHDR".utf8))
    else { return nil }
    func number(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (number(16), number(20))
  }

  /// Where the read callback is in the bytes.
  private final class Cursor {
    let bytes: UnsafeRawBufferPointer
    var offset = 0
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
  }

  static func decode(_ bytes: UnsafeRawBufferPointer) -> OpaquePointer? {
    guard let size = declaredSize(bytes), size.width > 0, size.height > 0, size.width <= maxSide, size.height <= maxSide
    else { return nil }
    let cursor = Cursor(bytes)
    let surface = withExtendedLifetime(cursor) {
      cairo_image_surface_create_from_png_stream(
        { closure, data, length in
          guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
          let c = Unmanaged<Cursor>.fromOpaque(closure).takeUnretainedValue()
          let n = Int(length)
          guard c.offset + n <= c.bytes.count, let base = c.bytes.baseAddress else { return CAIRO_STATUS_READ_ERROR }
          data.update(from: (base + c.offset).assumingMemoryBound(to: UInt8.self), count: n)
          c.offset += n
          return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(cursor).toOpaque())
    }
    guard let surface else { return nil }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      return nil
    }
    return surface
  }
}
