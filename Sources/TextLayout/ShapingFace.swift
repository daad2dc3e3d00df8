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
package final class ShapingFace {
  /// What one glyph is drawn as.
  package enum Drawing {
    /// An outline, filled and stroked like any path (em units, y down).
    case outline([GlyphPathElement])
    /// A colour image (an emoji bitmap) placed over `rect` (em units, y down).
    case image(ImageGlyph)
    /// Colour layers (COLR): outlines, each in its palette colour (nil: the text's own colour).
    case layers([(outline: [GlyphPathElement], color: RGBA?)])
  }

  package let file: FontFile
  /// The HarfBuzz font (owned); its FreeType face is released through `FreeType.closeFace` when it goes.
  let font: OpaquePointer
  /// HarfBuzz position units per em (the font's scale).
  let unitsPerEm: Double
  private var drawings: [UInt32: Drawing] = [:]
  /// Turns a colour glyph's PNG into the renderer's image (nil: it cannot be decoded, the outline is drawn).
  private let decodeImage: GlyphImageDecoder

  /// Opens `file`; nil when FreeType cannot read it.
  init?(file: FontFile, decodeImage: @escaping GlyphImageDecoder) {
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
    self.decodeImage = decodeImage
    var x: Int32 = 0
    var y: Int32 = 0
    hb_font_get_scale(font, &x, &y)
    unitsPerEm = Double(max(x, 1))
  }

  deinit { hb_font_destroy(font) }

  /// How glyph `glyph` is drawn, made on first use.
  package func drawing(_ glyph: UInt32) -> Drawing {
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

  /// The glyph's colour bitmap (a PNG in CBDT or sbix) as the renderer's image and the rectangle it covers.
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
    guard let image = decodeImage(bytes) else { return nil }
    let rect = (
      x: Double(extents.x_bearing) / unitsPerEm, y: -Double(extents.y_bearing) / unitsPerEm,
      width: Double(extents.width) / unitsPerEm, height: -Double(extents.height) / unitsPerEm
    )
    return ImageGlyph(image: image, x: rect.x, y: rect.y, width: rect.width, height: rect.height)
  }
}

/// One element of a glyph outline, in em units with y down.
package enum GlyphPathElement {
  case move(Double, Double)
  case line(Double, Double)
  case curve(Double, Double, Double, Double, Double, Double)
  case close
}

/// A colour glyph's picture as the renderer decoded it (for Cairo, an image surface), and its size in pixels.
package protocol GlyphImage: AnyObject {
  var pixelWidth: Double { get }
  var pixelHeight: Double { get }
}

/// Decodes a colour glyph's PNG (bytes held by HarfBuzz, valid only during the call); nil when it cannot.
package typealias GlyphImageDecoder = (UnsafeRawBufferPointer) -> (any GlyphImage)?

/// A colour glyph's image and where it goes (em units from the pen position, y down).
package final class ImageGlyph {
  package let image: any GlyphImage
  package let x: Double
  package let y: Double
  package let width: Double
  package let height: Double

  init(image: any GlyphImage, x: Double, y: Double, width: Double, height: Double) {
    self.image = image
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  package var pixelWidth: Double { image.pixelWidth }
  package var pixelHeight: Double { image.pixelHeight }
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
