#if canImport(Glibc)
import Glibc
#endif

/// A frame of pixels in memory: premultiplied BGRA, 8 bits per channel, rows `stride` bytes apart.
///
/// This is Cairo's `CAIRO_FORMAT_ARGB32` layout on a little-endian machine, which is also FFmpeg's
/// `AV_PIX_FMT_BGRA` byte order (FFmpeg's `bgra` is straight alpha, so encoders with alpha un-premultiply).
/// It is a value type that crosses queues from render workers to the encoder.
public struct PixelBuffer: Sendable, Equatable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Distance between the starts of two rows, in bytes (at least `width * 4`).
  public let stride: Int
  /// The pixel bytes, `stride * height` of them.
  public var bytes: [UInt8]
  /// Set by a renderer to say what it left outside the area it draws (its background, for its size and
  /// placement), so that drawing the next frame into this buffer need not paint that again; 0 for unknown.
  /// Not part of equality.
  public var backgroundTag: UInt64 = 0
  /// Set by a renderer to name the frame the pixels show (the renderer and the state of its scene), so that
  /// drawing an identical frame into this buffer again can be skipped; 0 for unknown. Not part of equality.
  public var contentTag: UInt64 = 0

  public static func == (a: PixelBuffer, b: PixelBuffer) -> Bool {
    a.width == b.width && a.height == b.height && a.stride == b.stride && a.bytes == b.bytes
  }

  /// Makes a buffer of transparent black pixels.
  public init(width: Int, height: Int, stride: Int? = nil) {
    precondition(width > 0 && height > 0, "PixelBuffer needs a positive size")
    self.width = width
    self.height = height
    self.stride = stride ?? width * 4
    precondition(self.stride >= width * 4, "stride too small")
    self.bytes = [UInt8](repeating: 0, count: self.stride * height)
  }

  /// Makes a buffer whose pixels are left as the allocator gave them, for a renderer that paints every one
  /// before anyone reads it (a frame with no background tag is drawn whole, background included). It skips
  /// zeroing bytes about to be painted over, and asks the kernel to back the memory with huge pages where it
  /// can: the first frame drawn into a new 8 MB buffer otherwise takes 2,048 page faults, which on light
  /// files cost more than drawing it.
  package init(unpaintedWidth width: Int, height: Int) {
    precondition(width > 0 && height > 0, "PixelBuffer needs a positive size")
    self.width = width
    self.height = height
    stride = width * 4
    let count = stride * height
    bytes = [UInt8](unsafeUninitializedCapacity: count) { storage, initialized in
      PixelBuffer.adviseHugePages(UnsafeMutableRawBufferPointer(storage))
      initialized = count
    }
  }

  /// A copy of `other`'s pixels and tags in storage of its own (made as `init(unpaintedWidth:height:)` makes
  /// it), for a renderer to bring to another frame while `other` is still read elsewhere.
  package init(copyOf other: PixelBuffer) {
    self.init(unpaintedWidth: other.width, height: other.height)
    if other.stride == stride {
      bytes.withUnsafeMutableBytes { to in
        other.bytes.withUnsafeBytes { from in to.copyMemory(from: from) }
      }
      backgroundTag = other.backgroundTag
      contentTag = other.contentTag
    } else {
      self = other
    }
  }

  /// Advises huge pages for the whole 2 MB pages inside `memory` (a hint: nothing changes where the kernel
  /// does not offer them, or for memory already in use).
  private static func adviseHugePages(_ memory: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
    let huge = 2 << 20
    guard let base = memory.baseAddress, memory.count >= 2 * huge else { return }
    let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
    let end = (Int(bitPattern: base) + memory.count) & ~(huge - 1)
    guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
    _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    #endif
  }

  /// Wraps existing bytes; `bytes.count` must be `stride * height`.
  public init(width: Int, height: Int, stride: Int, bytes: [UInt8]) {
    precondition(bytes.count == stride * height && stride >= width * 4, "PixelBuffer bytes do not fit the size")
    self.width = width
    self.height = height
    self.stride = stride
    self.bytes = bytes
  }

  /// The premultiplied pixel at (x, y), as (red, green, blue, alpha).
  public func premultipliedPixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let i = y * stride + x * 4
    return (bytes[i + 2], bytes[i + 1], bytes[i], bytes[i + 3])
  }

  /// The straight (un-premultiplied) pixel at (x, y), as (red, green, blue, alpha).
  public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let p = premultipliedPixel(x: x, y: y)
    guard p.a != 0 else { return (0, 0, 0, 0) }
    if p.a == 255 { return p }
    func un(_ c: UInt8) -> UInt8 { UInt8(min(255, (Int(c) * 255 + Int(p.a) / 2) / Int(p.a))) }
    return (un(p.r), un(p.g), un(p.b), p.a)
  }
}
