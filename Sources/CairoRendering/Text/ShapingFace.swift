import CCairo
import CHarfBuzz
import Foundation
import Locking
import Lottie

/// The process's FreeType library. FreeType allows one library across threads as long as creating and
/// destroying faces is serialised (its `FT_Library` documentation); everything else a face does touches only
/// that face, and every face belongs to one worker. The lock is taken when a worker opens a font (once per
/// font per scene) and when it releases it, never per frame.
enum FreeType {
  /// The library (nil when FreeType cannot start), and the lock around `FT_New_Face` / `FT_Done_Face`.
  private static let library = Locked<OpaquePointer?>(
    {
      var library: FT_Library? = nil
      return FT_Init_FreeType(&library) == 0 ? library : nil
    }())

  /// Opens face `index` of the font at `path`; nil when FreeType cannot read it.
  static func openFace(path: String, index: Int) -> FT_Face? {
    library.withLock { library -> FT_Face? in
      guard let library else { return nil }
      var face: FT_Face? = nil
      guard FT_New_Face(library, path, index, &face) == 0 else { return nil }
      return face
    }
  }

  /// Releases a face opened by `openFace` (HarfBuzz calls this when it lets go of the face).
  static func closeFace(_ face: FT_Face) {
    library.withLock { _ in _ = FT_Done_Face(face) }
  }
}

/// A font face opened by one worker: a HarfBuzz font over its own FreeType face (hb-ft), which shapes text
/// and gives the glyphs' outlines, colour bitmaps (CBDT, sbix) and colour layers (COLR). Everything is
/// measured in em units so one face serves every size; outlines and colour images are kept once made.
final class ShapingFace {
  /// What one glyph is drawn as.
  enum Drawing {
    /// An outline, filled and stroked like any path (em units, y down).
    case outline([GlyphPathElement])
    /// A colour image (an emoji bitmap) placed over `rect` (em units, y down).
    case image(ImageGlyph)
    /// Colour layers (COLR): outlines, each in its palette colour (nil: the text's own colour).
    case layers([(outline: [GlyphPathElement], color: RGBA?)])
  }

  let file: FontFile
  /// The HarfBuzz font (owned); its FreeType face is released through `FreeType.closeFace` when it goes.
  let font: OpaquePointer
  /// HarfBuzz position units per em (the font's scale).
  let unitsPerEm: Double
  private var drawings: [UInt32: Drawing] = [:]

  /// Opens `file`; nil when FreeType cannot read it.
  init?(file: FontFile) {
    guard let face = FreeType.openFace(path: file.path, index: file.index) else { return nil }
    var strike: FT_Bitmap_Size? = nil
    if CHarfBuzz_faceIsScalable(face) != 0 {
      // 1000 pixels per em in 26.6 units: positions come back with 1/64000 em precision, unhinted.
      _ = FT_Set_Char_Size(face, 0, 1000 * 64, 72, 72)
    } else if face.pointee.num_fixed_sizes > 0 {
      // Bitmap-only fonts (CBDT emoji) have fixed strikes: take the largest, the sharpest when scaled.
      var best: Int32 = 0
      for i in 0..<face.pointee.num_fixed_sizes
      where face.pointee.available_sizes[Int(i)].y_ppem
        > face.pointee.available_sizes[Int(best)].y_ppem
      {
        best = i
      }
      _ = FT_Select_Size(face, best)
      strike = face.pointee.available_sizes[Int(best)]
    }
    guard
      let font = hb_ft_font_create(
        face, { pointer in if let pointer { FreeType.closeFace(pointer.assumingMemoryBound(to: FT_FaceRec_.self)) } })
    else {
      FreeType.closeFace(face)
      return nil
    }
    if let strike {
      // hb-ft measures a bitmap font's advances at the strike (26.6 pixels), but takes its scale from the
      // face's scalable metrics, which a bitmap-only font does not have: give it the strike's.
      hb_font_set_scale(font, Int32(strike.x_ppem), Int32(strike.y_ppem))
    }
    self.file = file
    self.font = font
    var x: Int32 = 0
    var y: Int32 = 0
    hb_font_get_scale(font, &x, &y)
    unitsPerEm = Double(max(x, 1))
  }

  deinit { hb_font_destroy(font) }

  /// How glyph `glyph` is drawn, made on first use.
  func drawing(_ glyph: UInt32) -> Drawing {
    if let known = drawings[glyph] { return known }
    let made = makeDrawing(glyph)
    drawings[glyph] = made
    return made
  }

  private func makeDrawing(_ glyph: UInt32) -> Drawing {
    let face = hb_font_get_face(font)
    if hb_ot_color_has_png(face) != 0, let image = colorImage(glyph) { return .image(image) }
    if hb_ot_color_has_layers(face) != 0 {
      var count: UInt32 = 0
      let total = hb_ot_color_glyph_get_layers(face, glyph, 0, nil, nil)
      if total > 0 {
        var layers = [hb_ot_color_layer_t](repeating: hb_ot_color_layer_t(), count: Int(total))
        count = total
        _ = hb_ot_color_glyph_get_layers(face, glyph, 0, &count, &layers)
        var colorCount = hb_ot_color_palette_get_colors(face, 0, 0, nil, nil)
        var palette = [hb_color_t](repeating: 0, count: Int(colorCount))
        _ = hb_ot_color_palette_get_colors(face, 0, 0, &colorCount, &palette)
        return .layers(
          layers.prefix(Int(count)).map { layer in
            // Index 0xFFFF is the text's foreground colour; palette colours are BGRA.
            let index = Int(layer.color_index)
            let color =
              index < palette.count
              ? RGBA(
                Double((palette[index] >> 8) & 0xFF) / 255, Double((palette[index] >> 16) & 0xFF) / 255,
                Double(palette[index] >> 24) / 255, Double(palette[index] & 0xFF) / 255) : nil
            return (outline(layer.glyph), color)
          })
      }
    }
    return .outline(outline(glyph))
  }

  // MARK: - Outlines

  /// The glyph's outline in em units, y down, through HarfBuzz's draw callbacks (hb-ft: FreeType's
  /// unhinted outline, the one the advances were measured on).
  private func outline(_ glyph: UInt32) -> [GlyphPathElement] {
    let recorder = OutlineRecorder(scale: 1 / unitsPerEm, slant: file.slant)
    withExtendedLifetime(recorder) {
      hb_font_get_glyph_shape(font, glyph, OutlineRecorder.funcs.pointer, Unmanaged.passUnretained(recorder).toOpaque())
    }
    return recorder.elements
  }

  // MARK: - Colour images

  /// The glyph's colour bitmap (a PNG in CBDT or sbix) as a Cairo image and the rectangle it covers.
  private func colorImage(_ glyph: UInt32) -> ImageGlyph? {
    guard let blob = hb_ot_color_glyph_reference_png(font, glyph) else { return nil }
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
    var extents = hb_glyph_extents_t()
    guard hb_font_get_glyph_extents(font, glyph, &extents) != 0, extents.width != 0, extents.height != 0 else {
      return nil
    }
    let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length))
    guard let surface = PNGGlyphReader.decode(bytes) else { return nil }
    let rect = (
      x: Double(extents.x_bearing) / unitsPerEm, y: -Double(extents.y_bearing) / unitsPerEm,
      width: Double(extents.width) / unitsPerEm, height: -Double(extents.height) / unitsPerEm
    )
    return ImageGlyph(surface: surface, x: rect.x, y: rect.y, width: rect.width, height: rect.height)
  }
}

/// One element of a glyph outline, in em units with y down.
enum GlyphPathElement {
  case move(Double, Double)
  case line(Double, Double)
  case curve(Double, Double, Double, Double, Double, Double)
  case close
}

/// A colour glyph's image and where it goes (em units from the pen position, y down).
final class ImageGlyph {
  let surface: OpaquePointer
  let x: Double
  let y: Double
  let width: Double
  let height: Double

  init(surface: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
    self.surface = surface
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  deinit { cairo_surface_destroy(surface) }

  var pixelWidth: Double { Double(cairo_image_surface_get_width(surface)) }
  var pixelHeight: Double { Double(cairo_image_surface_get_height(surface)) }
}

/// Collects HarfBuzz's outline callbacks into path elements; quadratic pieces (TrueType) become cubics.
private final class OutlineRecorder {
  var elements: [GlyphPathElement] = []
  let scale: Double
  /// A synthetic oblique's shear: x moves right by `slant` times the height above the baseline.
  let slant: Double
  private var current = (x: 0.0, y: 0.0)

  init(scale: Double, slant: Double) {
    self.scale = scale
    self.slant = slant
  }

  static func from(_ data: UnsafeMutableRawPointer?) -> OutlineRecorder? {
    data.map { Unmanaged<OutlineRecorder>.fromOpaque($0).takeUnretainedValue() }
  }

  func point(_ x: Float, _ y: Float) -> (x: Double, y: Double) {
    ((Double(x) + slant * Double(y)) * scale, -Double(y) * scale)
  }

  /// The callbacks, made once: an immutable HarfBuzz object that any thread may use.
  static let funcs: DrawFuncs = DrawFuncs()

  /// Owner of the immutable `hb_draw_funcs_t`.
  final class DrawFuncs: @unchecked Sendable {
    // Immutable after `hb_draw_funcs_make_immutable`; HarfBuzz reference counts it atomically.
    let pointer: OpaquePointer?

    init() {
      let funcs = hb_draw_funcs_create()
      hb_draw_funcs_set_move_to_func(
        funcs,
        { _, data, _, x, y, _ in
          guard let r = OutlineRecorder.from(data) else { return }
          let p = r.point(x, y)
          r.elements.append(.move(p.x, p.y))
          r.current = p
        }, nil, nil)
      hb_draw_funcs_set_line_to_func(
        funcs,
        { _, data, _, x, y, _ in
          guard let r = OutlineRecorder.from(data) else { return }
          let p = r.point(x, y)
          r.elements.append(.line(p.x, p.y))
          r.current = p
        }, nil, nil)
      hb_draw_funcs_set_quadratic_to_func(
        funcs,
        { _, data, _, cx, cy, x, y, _ in
          guard let r = OutlineRecorder.from(data) else { return }
          let c = r.point(cx, cy), p = r.point(x, y), s = r.current
          // The cubic through the same curve: control points two thirds of the way to the quadratic's.
          r.elements.append(
            .curve(
              s.x + 2 / 3 * (c.x - s.x), s.y + 2 / 3 * (c.y - s.y), p.x + 2 / 3 * (c.x - p.x),
              p.y + 2 / 3 * (c.y - p.y), p.x, p.y))
          r.current = p
        }, nil, nil)
      hb_draw_funcs_set_cubic_to_func(
        funcs,
        { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
          guard let r = OutlineRecorder.from(data) else { return }
          let c1 = r.point(c1x, c1y), c2 = r.point(c2x, c2y), p = r.point(x, y)
          r.elements.append(.curve(c1.x, c1.y, c2.x, c2.y, p.x, p.y))
          r.current = p
        }, nil, nil)
      hb_draw_funcs_set_close_path_func(
        funcs,
        { _, data, _, _ in
          guard let r = OutlineRecorder.from(data) else { return }
          r.elements.append(.close)
        }, nil, nil)
      hb_draw_funcs_make_immutable(funcs)
      pointer = funcs
    }
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
