import CCairo
import Raster

#if canImport(Glibc)
import Glibc
#endif

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
    guard let s = CairoSurface.makeImage(width: width, height: height) else {
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

  /// A transparent ARGB32 image surface, as `cairo_image_surface_create` makes, over pages of its own that
  /// the kernel is asked to back with huge pages: the first frame drawn on a frame-sized surface otherwise
  /// takes 2,048 page faults at 1080p (one every 4 KB), which on light files costs more than the drawing.
  /// Small surfaces, and any the memory cannot be mapped for, are Cairo's own. The status is the caller's to
  /// check, as with Cairo's.
  static func makeImage(width: Int, height: Int) -> OpaquePointer? {
    #if os(Linux)
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(clamping: width)))
    let size = stride * height
    if width > 0, height > 0, stride >= width * 4, size >= 4 << 20,
      let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      memory != MAP_FAILED
    {
      _ = madvise(memory, size, MADV_HUGEPAGE)
      let mapping = UnsafeMutablePointer<Int>.allocate(capacity: 2)
      (mapping[0], mapping[1]) = (Int(bitPattern: memory), size)
      let surface = cairo_image_surface_create_for_data(
        memory.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
        Int32(stride))
      // The surface unmaps its pages when Cairo destroys it.
      if let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
        cairo_surface_set_user_data(surface, &mappingKey, mapping, unmapPixels) == CAIRO_STATUS_SUCCESS
      {
        return surface
      }
      if let surface { cairo_surface_destroy(surface) }
      unmapPixels(mapping)
    }
    #endif
    return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
  }

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

/// The address naming the user data that unmaps a `CairoSurface.makeImage` surface's pixels.
nonisolated(unsafe) private var mappingKey = cairo_user_data_key_t()

/// Unmaps the pixels of a `CairoSurface.makeImage` surface: `raw` holds their address and size.
private func unmapPixels(_ raw: UnsafeMutableRawPointer?) {
  guard let mapping = raw?.assumingMemoryBound(to: Int.self) else { return }
  _ = munmap(UnsafeMutableRawPointer(bitPattern: mapping[0]), mapping[1])
  mapping.deallocate()
}

extension CairoSurface {
  /// The ARGB32 pixel (premultiplied, rounded as Cairo rounds) that painting the colour (r, g, b, a) with
  /// `CAIRO_OPERATOR_SOURCE` leaves, found by letting Cairo paint one pixel; nil when it cannot.
  static func sourcePixel(r: Double, g: Double, b: Double, a: Double) -> UInt32? {
    guard let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
    defer { cairo_surface_destroy(image) }
    guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(image) else { return nil }
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_rgba(cr, r, g, b, a)
    cairo_paint(cr)
    cairo_destroy(cr)
    cairo_surface_flush(image)
    guard let data = cairo_image_surface_get_data(image) else { return nil }
    return UnsafeRawPointer(data).loadUnaligned(as: UInt32.self)
  }

  /// Sets every pixel of `rect` (whole pixels, cut to the image) of the ARGB32 image `surface` to `pixel`,
  /// leaving the bytes that painting a solid colour of that pixel with `CAIRO_OPERATOR_SOURCE` inside a clip
  /// to `rect` leaves, and marks them changed (`RasterImage.fill`: faster than pixman's fill, which a frame
  /// clear took, a fifth to a half of the time of light files). False, with nothing done,
  /// when `surface` is not an ARGB32 image whose bytes can be written.
  static func fill(_ surface: OpaquePointer, rect: PixelRect, with pixel: UInt32) -> Bool {
    guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
    else { return false }
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface), stride >= width * 4 else { return false }
    let image = RasterImage(data: data, width: width, height: height, stride: stride)
    guard let area = image.fill(rect, with: pixel) else { return true }
    cairo_surface_mark_dirty_rectangle(surface, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
    return true
  }
}
