import CFFmpeg

extension ImageDecoder {
  /// A still-image format that ``ImageDecoder`` recognises by its magic bytes.
  public enum Format: String, Sendable, CaseIterable, CustomStringConvertible {
    /// PNG: `89 50 4E 47 0D 0A 1A 0A`.
    case png
    /// JPEG (JFIF, Exif): `FF D8 FF`.
    case jpeg
    /// WebP: `RIFF`, four size bytes, `WEBP`.
    case webp
    /// GIF: `GIF87a` or `GIF89a`; only the first frame is decoded.
    case gif
    /// Windows bitmap: `BM`.
    case bmp

    /// The format whose magic bytes start `bytes`, or `nil` when none does.
    public init?(magicBytesOf bytes: [UInt8]) {
      func starts(with prefix: [UInt8], at offset: Int = 0) -> Bool {
        bytes.count >= offset + prefix.count && bytes[offset..<(offset + prefix.count)].elementsEqual(prefix)
      }
      if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
        self = .png
      } else if starts(with: [0xFF, 0xD8, 0xFF]) {
        self = .jpeg
      } else if starts(with: Array("RIFF".utf8)) && starts(with: Array("WEBP".utf8), at: 8) {
        self = .webp
      } else if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) {
        self = .gif
      } else if starts(with: Array("BM".utf8)) {
        self = .bmp
      } else {
        return nil
      }
    }

    /// The format's usual name, as used in messages: "PNG", "JPEG", "WebP", "GIF", "BMP".
    public var description: String {
      switch self {
      case .png: "PNG"
      case .jpeg: "JPEG"
      case .webp: "WebP"
      case .gif: "GIF"
      case .bmp: "BMP"
      }
    }

    /// The FFmpeg decoder for the format. JPEG stills are single MJPEG frames.
    var codecID: AVCodecID {
      switch self {
      case .png: AV_CODEC_ID_PNG
      case .jpeg: AV_CODEC_ID_MJPEG
      case .webp: AV_CODEC_ID_WEBP
      case .gif: AV_CODEC_ID_GIF
      case .bmp: AV_CODEC_ID_BMP
      }
    }

    /// What a header says about the picture size.
    enum DeclaredSize: Equatable {
      /// The size fields' values (a side may be 0 in a corrupt file).
      case size(width: Int, height: Int)
      /// The data ends before the size fields: no decoder can make a picture of it.
      case cutShort
      /// The header does not have the expected layout; the decoder will say what is wrong.
      case unknown
    }

    /// The picture size the header declares, read without decoding anything.
    ///
    /// This lets ``ImageDecoder`` refuse a tiny file that claims a huge picture before FFmpeg allocates
    /// memory for it. The fields read are the ones FFmpeg's decoders use for the picture size.
    func declaredSize(in bytes: [UInt8]) -> DeclaredSize {
      let reader = HeaderReader(bytes: bytes)
      do throws(HeaderReader.CutShort) {
        let size: (width: Int, height: Int)?
        switch self {
        case .png:
          // The signature (8 bytes), then the IHDR chunk: length, "IHDR", width and height as big-endian UInt32.
          guard try reader.matches("IHDR", at: 12) else { return .unknown }
          size = (try reader.bigEndian(at: 16, count: 4), try reader.bigEndian(at: 20, count: 4))
        case .gif:
          // The logical screen descriptor follows the 6-byte signature: width and height as little-endian UInt16.
          size = (try reader.littleEndian(at: 6, count: 2), try reader.littleEndian(at: 8, count: 2))
        case .bmp:
          size = try Self.bitmapSize(reader)
        case .webp:
          size = try Self.webPSize(reader)
        case .jpeg:
          size = try Self.jpegSize(reader)
        }
        guard let size else { return .unknown }
        return .size(width: size.width, height: size.height)
      } catch {
        return .cutShort
      }
    }

    // MARK: - Private

    /// BMP: a 14-byte file header, then the DIB header whose first field is its own size. OS/2 1.x headers
    /// (12 bytes) hold 16-bit sizes; every later header holds signed 32-bit ones, and a negative height
    /// means the rows are stored top-down.
    private static func bitmapSize(_ reader: HeaderReader) throws(HeaderReader.CutShort) -> (width: Int, height: Int)? {
      if try reader.littleEndian(at: 14, count: 4) == 12 {
        return (try reader.littleEndian(at: 18, count: 2), try reader.littleEndian(at: 20, count: 2))
      }
      let width = Int32(truncatingIfNeeded: try reader.littleEndian(at: 18, count: 4))
      let height = Int32(truncatingIfNeeded: try reader.littleEndian(at: 22, count: 4))
      return (abs(Int(width)), abs(Int(height)))
    }

    /// WebP: the first chunk after the 12-byte RIFF header is `VP8 ` (lossy), `VP8L` (lossless) or `VP8X`
    /// (extended: alpha, metadata, animation), each storing the size differently.
    private static func webPSize(_ reader: HeaderReader) throws(HeaderReader.CutShort) -> (width: Int, height: Int)? {
      if try reader.matches("VP8 ", at: 12) {
        // A 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height (2 scaling bits above).
        guard try reader.matches([0x9D, 0x01, 0x2A], at: 23) else { return nil }
        return (try reader.littleEndian(at: 26, count: 2) & 0x3FFF, try reader.littleEndian(at: 28, count: 2) & 0x3FFF)
      }
      if try reader.matches("VP8L", at: 12) {
        // The signature byte 2F, then width - 1 and height - 1 in two 14-bit fields.
        guard try reader.matches([0x2F], at: 20) else { return nil }
        let bits = try reader.littleEndian(at: 21, count: 4)
        return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
      }
      if try reader.matches("VP8X", at: 12) {
        // Four flag bytes, then canvas width - 1 and height - 1 as little-endian 24-bit fields.
        return (try reader.littleEndian(at: 24, count: 3) + 1, try reader.littleEndian(at: 27, count: 3) + 1)
      }
      return nil
    }

    /// JPEG: walks the marker segments after SOI to the first start-of-frame (SOFn) segment, which holds
    /// the precision, then the height and width as big-endian UInt16. Application segments (Exif, which may
    /// hold a thumbnail with its own SOF) are skipped whole by their length.
    private static func jpegSize(_ reader: HeaderReader) throws(HeaderReader.CutShort) -> (width: Int, height: Int)? {
      var offset = 2
      while true {
        // Junk between segments is malformed; MJPEG skips it, so leave the file to the decoder.
        guard try reader.matches([0xFF], at: offset) else { return nil }
        // Any number of FF fill bytes may precede a marker code.
        while try reader.matches([0xFF], at: offset + 1) { offset += 1 }
        switch try reader.bigEndian(at: offset + 1, count: 1) {
        case 0x01, 0xD0...0xD8:
          // Markers without a segment: TEM, RSTn, SOI.
          offset += 2
        case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
          // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC). A height of 0 means a later DNL segment
          // sets it: too unusual to chase here, the decoder's own limit covers it.
          let height = try reader.bigEndian(at: offset + 5, count: 2)
          let width = try reader.bigEndian(at: offset + 7, count: 2)
          return height > 0 || width == 0 ? (width, height) : nil
        case 0xD9, 0xDA:
          // EOI or start of scan before any SOF: malformed, let the decoder say so.
          return nil
        default:
          // A segment: its length counts itself but not the marker.
          let length = try reader.bigEndian(at: offset + 2, count: 2)
          guard length >= 2 else { return nil }
          offset += 2 + length
        }
      }
    }
  }
}

/// Bounds-checked reads of fixed-size header fields; a read past the end throws ``CutShort``.
private struct HeaderReader {
  /// The data ends before the field being read.
  struct CutShort: Error {}

  let bytes: [UInt8]

  /// Whether `expected` appears at `offset`.
  func matches(_ expected: [UInt8], at offset: Int) throws(CutShort) -> Bool {
    try field(at: offset, count: expected.count).elementsEqual(expected)
  }

  /// Whether the ASCII text `expected` appears at `offset`.
  func matches(_ expected: String, at offset: Int) throws(CutShort) -> Bool {
    try matches(Array(expected.utf8), at: offset)
  }

  /// The unsigned big-endian integer of `count` bytes (at most 4) at `offset`.
  func bigEndian(at offset: Int, count: Int) throws(CutShort) -> Int {
    try field(at: offset, count: count).reduce(0) { $0 << 8 | Int($1) }
  }

  /// The unsigned little-endian integer of `count` bytes (at most 4) at `offset`.
  func littleEndian(at offset: Int, count: Int) throws(CutShort) -> Int {
    try field(at: offset, count: count).reversed().reduce(0) { $0 << 8 | Int($1) }
  }

  private func field(at offset: Int, count: Int) throws(CutShort) -> ArraySlice<UInt8> {
    guard offset >= 0, bytes.count - offset >= count else { throw CutShort() }
    return bytes[offset..<(offset + count)]
  }
}
