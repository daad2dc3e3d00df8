import CCairo
import Raster

/// Decoded image assets in Cairo's pixel layout, copied once and only read from then on. Every worker's scene
/// draws from these same pixels, each through a Cairo surface of its own over them (`ImageSurface`), so N
/// workers hold one copy of the images rather than N, and a worker's set-up copies none.
///
/// `@unchecked Sendable`: the pixels are written in `init` only; afterwards every access reads them.
public final class SharedImages: @unchecked Sendable {
  /// One image's pixels: premultiplied ARGB32 rows `stride` bytes apart (a stride Cairo accepts).
  final class Pixels: @unchecked Sendable {
    let data: UnsafeMutablePointer<UInt8>
    let width: Int
    let height: Int
    let stride: Int

    init?(copying buffer: PixelBuffer) {
      let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(clamping: buffer.width)))
      guard stride >= buffer.width * 4, buffer.width <= 32767, buffer.height <= 32767 else { return nil }
      let data = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * buffer.height)
      let rowBytes = buffer.width * 4
      buffer.bytes.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
        guard let base = source.baseAddress else { return }
        for y in 0..<buffer.height {
          UnsafeMutableRawPointer(data + y * stride).copyMemory(from: base + y * buffer.stride, byteCount: rowBytes)
        }
      }
      (self.data, width, height, self.stride) = (data, buffer.width, buffer.height, stride)
    }

    deinit { data.deallocate() }
  }

  let pixels: [String: Pixels]

  /// Copies `images` (decoded image assets by id) once.
  public init(_ images: [String: PixelBuffer]) {
    pixels = images.compactMapValues { Pixels(copying: $0) }
  }

  /// No images.
  public static let none = SharedImages([:])

  /// The bytes of pixels held.
  public var byteCount: Int { pixels.values.reduce(0) { $0 + $1.stride * $1.height } }
}
