/// A view of pixels in memory that the kernels in this module read and write: the address of the first row,
/// the size in pixels and the distance between rows in bytes. It owns nothing; whoever made it keeps the
/// memory alive (and, for a Cairo surface, flushes it before and marks it dirty after).
///
/// What a pixel is depends on the kernel: premultiplied BGRA (Cairo's `ARGB32` on a little-endian machine,
/// four bytes, as `PixelBuffer`) for the colour kernels, one byte of coverage (Cairo's `A8`) for the coverage
/// kernels. Each kernel's comment says which.
package struct RasterImage {
  /// The first byte of the first row.
  package var data: UnsafeMutablePointer<UInt8>
  /// Width in pixels.
  package var width: Int
  /// Height in pixels.
  package var height: Int
  /// Distance between the starts of two rows, in bytes.
  package var stride: Int

  package init(data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) {
    self.data = data
    self.width = width
    self.height = height
    self.stride = stride
  }

  /// Row `y` of a four-byte image as whole pixels.
  @inline(__always) package func pixels(_ y: Int) -> UnsafeMutablePointer<UInt32> {
    UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
  }
}
