import CCairo
import Foundation
import Lottie
import LottieScene
import TextLayout

/// Lays out and draws a text document: glyph outlines from the file's `chars` when it has them, otherwise
/// text shaped with HarfBuzz in the system font of the same family and style, with per-character fallback,
/// right-to-left runs and colour emoji (see `TextShaper`, `FontLibrary`).
struct TextPainter {
  let scene: Scene
  let context: OpaquePointer

  /// Draws a text node as the scene last brought it: its document, each character moved and restyled by
  /// the animators (the layout kept on the node, shared with `bounds`).
  func draw(_ text: TextNode, world: Affine, opacity: Double) {
    guard let layout = layout(text) else { return }
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    for (unit, s) in layout.placed {
      draw(unit, style: s, world: world, opacity: opacity, strokeOverFill: layout.strokeOverFill, size: layout.size)
    }
    setMatrix(world)
  }

  /// Device-space bounds of everything `draw` paints at `frame` under `world` (invalid when it paints
  /// nothing): each drawn unit's outline control points (which hold its curves) under the unit's own matrix,
  /// padded by half its stroke (and a synthetic bold's) and a pixel of antialiasing; colour images by their
  /// rectangles. The same layout as `draw`, so whatever the animators or a text path move is where it is.
  func bounds(_ text: TextNode, world: Affine) -> DeviceBox {
    var box = DeviceBox()
    guard let layout = layout(text) else { return box }
    let size = layout.size
    for (unit, s) in layout.placed {
      guard s.opacity > 0, let m = drawnMatrix(unit, style: s, world: world, size: size) else { continue }
      let scale = m.maxScale
      let strokes = s.strokeWidth > 0 && s.stroke != nil
      guard s.fill != nil || strokes else { continue }
      // Round joins and butt caps reach half the line width from the outline; 1.5 for Cairo's stroker, as
      // shape strokes are padded (`contentBounds`).
      // Widths held as `heldLineWidth` holds them under the unit's matrix (the context's is not set here).
      func reach(_ width: Double) -> Double { min(width / 2 * scale, LayerPainter.deviceReach) * 1.5 }
      var pad = 1.0
      if strokes { pad += reach(s.strokeWidth) }
      if s.fill != nil, unit.glyphs.contains(where: \.face.file.emboldens) { pad = max(pad, 1 + reach(size / 24)) }
      if let key = unit.charsGlyph, let outlines = scene.glyphOutlines(key) {
        let toDevice = Affine.scale(size / 100, size / 100).then(m)
        for path in outlines {
          for (i, v) in path.vertices.enumerated() {
            box.add(toDevice.apply(v), pad: pad)
            box.add(toDevice.apply(v + path.inTangents[i]), pad: pad)
            box.add(toDevice.apply(v + path.outTangents[i]), pad: pad)
          }
        }
      }
      func add(_ elements: [GlyphPathElement], at glyph: PlacedGlyph) {
        for e in elements {
          switch e {
          case .move(let px, let py), .line(let px, let py):
            box.add(m.apply(Vec2(glyph.x + px * size, glyph.y + py * size)), pad: pad)
          case .curve(let ax, let ay, let bx, let by, let px, let py):
            box.add(m.apply(Vec2(glyph.x + ax * size, glyph.y + ay * size)), pad: pad)
            box.add(m.apply(Vec2(glyph.x + bx * size, glyph.y + by * size)), pad: pad)
            box.add(m.apply(Vec2(glyph.x + px * size, glyph.y + py * size)), pad: pad)
          case .close: break
          }
        }
      }
      for glyph in unit.glyphs {
        switch glyph.face.drawing(glyph.glyph) {
        case .outline(let elements): add(elements, at: glyph)
        case .layers(let colored):
          guard s.fill != nil else { break }
          for layer in colored { add(layer.outline, at: glyph) }
        case .image(let image):
          guard s.fill != nil else { break }
          // Filtered image edges spread into the next pixel: 2 pixels.
          let x = glyph.x + image.x * size, y = glyph.y + image.y * size
          for corner in [
            Vec2(x, y), Vec2(x + image.width * size, y), Vec2(x, y + image.height * size),
            Vec2(x + image.width * size, y + image.height * size),
          ] {
            box.add(m.apply(corner), pad: 2)
          }
        }
      }
    }
    return box
  }

  /// The node's layout: made by this worker's shaping when the node's version changed, else the one kept on
  /// the node (see `TextShaper.layout`).
  private func layout(_ text: TextNode) -> LaidOutText? {
    scene.textShaper.layout(text, keepsPolylines: scene.caches.isEnabled)
  }

  /// The matrix a unit is drawn with, or nil when it is not drawn: a unit that could reach beyond Cairo's
  /// fixed point (see `LayerPainter.deviceReach`) is scaled so far that it is a thousand canvases across.
  /// Glyphs lie within a couple of ems of their places.
  private func drawnMatrix(_ unit: TextUnit, style s: LetterStyle, world: Affine, size: Double) -> Affine? {
    let m = s.matrix.then(world)
    var extent = Vec2(abs(unit.advance), 0)
    for glyph in unit.glyphs { extent = Vec2(max(extent.x, abs(glyph.x)), max(extent.y, abs(glyph.y))) }
    extent = extent + Vec2(2 * abs(size), 2 * abs(size))
    return LayerPainter.mayExceedReach(extent, under: m) ? nil : m
  }

  /// Fills and strokes one unit at the origin of its matrix; colour glyphs (emoji) are painted over.
  private func draw(
    _ unit: TextUnit, style s: LetterStyle, world: Affine, opacity: Double, strokeOverFill: Bool, size: Double
  ) {
    let alpha = opacity * s.opacity
    guard alpha > 0 else { return }
    let fill = s.fill
    let stroke = s.strokeWidth > 0 ? s.stroke : nil
    guard fill != nil || stroke != nil else { return }
    guard let m = drawnMatrix(unit, style: s, world: world, size: size) else { return }
    setMatrix(m)
    cairo_new_path(context)
    var images: [(ImageGlyph, PlacedGlyph)] = []
    var layers: [([GlyphPathElement], RGBA?, PlacedGlyph)] = []
    if let key = unit.charsGlyph, let outlines = scene.glyphOutlines(key) {
      let painter = LayerPainter(scene: scene, context: context)
      for contour in outlines { painter.appendPath(contour, transform: .scale(size / 100, size / 100)) }
    }
    for glyph in unit.glyphs {
      switch glyph.face.drawing(glyph.glyph) {
      case .outline(let elements): append(elements, at: glyph, size: size)
      case .image(let image): images.append((image, glyph))
      case .layers(let colored): layers += colored.map { ($0.outline, $0.color, glyph) }
      }
    }
    func doFill(_ preserve: Bool) {
      guard let f = fill else { return }
      cairo_set_source_rgba(context, f.r, f.g, f.b, f.a * alpha)
      if preserve { cairo_fill_preserve(context) } else { cairo_fill(context) }
    }
    func doStroke(_ preserve: Bool) {
      guard let c = stroke else { return }
      cairo_set_line_width(context, heldLineWidth(s.strokeWidth))
      cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
      cairo_set_dash(context, nil, 0, 0)
      cairo_set_source_rgba(context, c.r, c.g, c.b, c.a * alpha)
      if preserve { cairo_stroke_preserve(context) } else { cairo_stroke(context) }
    }
    // The stroke goes under the fill unless the document says otherwise.
    if strokeOverFill {
      doFill(true)
      doStroke(false)
    } else {
      doStroke(true)
      doFill(false)
    }
    cairo_new_path(context)
    guard let f = fill else { return }
    // A synthetic bold grows each outline by 1/48 em on every side (FreeType's emboldening, 1/24 em in
    // all): a stroke of the fill colour around it.
    let emboldened = unit.glyphs.filter(\.face.file.emboldens)
    if !emboldened.isEmpty {
      for glyph in emboldened {
        if case .outline(let elements) = glyph.face.drawing(glyph.glyph) { append(elements, at: glyph, size: size) }
      }
      cairo_set_line_width(context, heldLineWidth(size / 24))
      cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
      cairo_set_dash(context, nil, 0, 0)
      cairo_set_source_rgba(context, f.r, f.g, f.b, f.a * alpha)
      cairo_stroke(context)
    }
    // Colour glyphs keep their own colours; the fill's opacity (and the layer's) still applies.
    for (outline, color, glyph) in layers {
      let c = color ?? f
      append(outline, at: glyph, size: size)
      cairo_set_source_rgba(context, c.r, c.g, c.b, c.a * f.a * alpha)
      cairo_fill(context)
    }
    for (image, glyph) in images {
      guard let surface = (image.image as? GlyphSurface)?.surface else { continue }
      cairo_save(context)
      cairo_translate(context, glyph.x + image.x * size, glyph.y + image.y * size)
      cairo_scale(context, image.width * size / image.pixelWidth, image.height * size / image.pixelHeight)
      cairo_set_source_surface(context, surface, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
      cairo_paint_with_alpha(context, f.a * alpha)
      cairo_restore(context)
    }
  }

  /// Appends a glyph outline (em units) at the glyph's place, scaled to the text size.
  private func append(_ elements: [GlyphPathElement], at glyph: PlacedGlyph, size: Double) {
    let x = glyph.x, y = glyph.y
    for e in elements {
      switch e {
      case .move(let px, let py): cairo_move_to(context, x + px * size, y + py * size)
      case .line(let px, let py): cairo_line_to(context, x + px * size, y + py * size)
      case .curve(let ax, let ay, let bx, let by, let px, let py):
        cairo_curve_to(
          context, x + ax * size, y + ay * size, x + bx * size, y + by * size, x + px * size, y + py * size)
      case .close: cairo_close_path(context)
      }
    }
  }

  /// See `LayerPainter.heldLineWidth`.
  private func heldLineWidth(_ width: Double) -> Double {
    LayerPainter(scene: scene, context: context).heldLineWidth(width)
  }

  private func setMatrix(_ m: Affine) {
    var cm = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
    cairo_set_matrix(context, &cm)
  }
}
