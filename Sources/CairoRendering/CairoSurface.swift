import CCairo
import Raster

/// Why rendering failed.
public enum RenderError: Error, Sendable, CustomStringConvertible {
  /// Cairo reported a failure (out of memory, invalid size...).
  case cairo(function: String, status: String)
  /// Writing an image failed.
  case io(path: String, message: String)
  /// The requested output size is not usable.
  case invalidSize(width: Int, height: Int)

  public var description: String {
    switch self {
    case .cairo(let function, let status): return "\(function) failed: \(status)"
    case .io(let path, let message): return "\(path): \(message)"
    case .invalidSize(let w, let h): return "invalid output size \(w)x\(h)"
    }
  }
}

/// Owns one Cairo ARGB32 image surface and its drawing context. Not Sendable: each render worker has its own.
final class CairoSurface {
  let surface: OpaquePointer
  let context: OpaquePointer
  let width: Int
  let height: Int

  init(width: Int, height: Int) throws(RenderError) {
    guard width > 0, height > 0, width <= 32767, height <= 32767 else {
      throw .invalidSize(width: width, height: height)
    }
    guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
      throw .cairo(function: "cairo_image_surface_create", status: "no surface")
    }
    let status = cairo_surface_status(s)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(s)
      throw .cairo(function: "cairo_image_surface_create", status: String(cString: cairo_status_to_string(status)))
    }
    guard let c = cairo_create(s) else {
      cairo_surface_destroy(s)
      throw .cairo(function: "cairo_create", status: "no context")
    }
    surface = s
    context = c
    self.width = width
    self.height = height
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

  /// Copies the pixels into `buffer` (premultiplied BGRA), reusing its storage when the size matches.
  func copyPixels(into buffer: inout PixelBuffer) {
    cairo_surface_flush(surface)
    let stride = self.stride
    if buffer.width != width || buffer.height != height || buffer.stride != stride {
      buffer = PixelBuffer(width: width, height: height, stride: stride)
    }
    guard let data = cairo_image_surface_get_data(surface) else { return }
    let count = stride * height
    buffer.bytes.withUnsafeMutableBytes { dst in
      dst.baseAddress?.copyMemory(from: data, byteCount: count)
    }
  }

  /// Writes the surface as a straight-alpha RGBA PNG (Cairo un-premultiplies).
  func writePNG(to path: String) throws(RenderError) {
    cairo_surface_flush(surface)
    let status = cairo_surface_write_to_png(surface, path)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw .io(path: path, message: "cannot write PNG: \(String(cString: cairo_status_to_string(status)))")
    }
  }
}
