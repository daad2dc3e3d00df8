import CCairo
import Raster

/// Reads and writes PNG files with Cairo, for golden images. Pixels are premultiplied BGRA in memory (Cairo's
/// ARGB32); the file holds straight-alpha RGBA, and Cairo converts both ways.
public enum PNGFile {
  /// Why a PNG could not be read or written.
  public struct Failure: Error, CustomStringConvertible {
    public let path: String
    public let message: String
    public var description: String { "\(path): \(message)" }
  }

  /// The PNG at `path` as a premultiplied BGRA buffer.
  public static func read(_ path: String) throws(Failure) -> PixelBuffer {
    guard let surface = cairo_image_surface_create_from_png(path) else {
      throw Failure(path: path, message: "Cairo returned no surface")
    }
    defer { cairo_surface_destroy(surface) }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw Failure(path: path, message: String(cString: cairo_status_to_string(status)))
    }
    // Cairo reads RGB PNGs as RGB24 (no alpha byte); drawing onto an ARGB32 surface makes every input alike.
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    guard let argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
      throw Failure(path: path, message: "cannot make a \(width)x\(height) surface")
    }
    defer { cairo_surface_destroy(argb) }
    let cr = cairo_create(argb)
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_surface(cr, surface, 0, 0)
    cairo_paint(cr)
    cairo_destroy(cr)
    cairo_surface_flush(argb)
    let stride = Int(cairo_image_surface_get_stride(argb))
    var buffer = PixelBuffer(width: width, height: height, stride: stride)
    guard let data = cairo_image_surface_get_data(argb) else {
      throw Failure(path: path, message: "no pixel data")
    }
    buffer.bytes.withUnsafeMutableBytes { $0.baseAddress?.copyMemory(from: data, byteCount: stride * height) }
    return buffer
  }

  /// Writes `buffer` (premultiplied BGRA) to `path` as a straight-alpha RGBA PNG.
  public static func write(_ buffer: PixelBuffer, to path: String) throws(Failure) {
    let format = CAIRO_FORMAT_ARGB32
    let stride = Int(cairo_format_stride_for_width(format, Int32(buffer.width)))
    var bytes = [UInt8](repeating: 0, count: stride * buffer.height)
    for y in 0..<buffer.height {
      for x in 0..<buffer.width * 4 { bytes[y * stride + x] = buffer.bytes[y * buffer.stride + x] }
    }
    let status = bytes.withUnsafeMutableBytes { raw -> cairo_status_t in
      guard
        let surface = cairo_image_surface_create_for_data(
          raw.baseAddress?.assumingMemoryBound(to: UInt8.self), format, Int32(buffer.width), Int32(buffer.height),
          Int32(stride))
      else { return CAIRO_STATUS_NO_MEMORY }
      defer { cairo_surface_destroy(surface) }
      return cairo_surface_write_to_png(surface, path)
    }
    guard status == CAIRO_STATUS_SUCCESS else {
      throw Failure(path: path, message: "cannot write PNG: \(String(cString: cairo_status_to_string(status)))")
    }
  }
}
