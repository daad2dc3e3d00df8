import CCairo
@testable import CairoRendering
import Testing

/// `LayerPainter.paintBlended` draws a solid fill or stroke that has a separable blend mode of its own straight
/// onto the canvas with the blend operator, instead of into a cleared group composited with that operator. That
/// is only right if Cairo gives the same picture both ways, to within rounding: checked here for every mode it
/// draws so, with antialiased edges, partial opacity and a self-overlapping stroke over a canvas of varied
/// colours and alphas. (Measured: 1 level apart at most, 2 for multiply; the HSL modes, which keep the group,
/// come out up to 41 levels apart.)
struct BlendedPaintEquivalenceTests {
  static let size: Int32 = 64

  /// A canvas with a gradient of colours and alphas, so that every operator meets varied destinations.
  static func canvas() -> OpaquePointer? {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, size, size), let cr = cairo_create(surface) else { return nil }
    defer { cairo_destroy(cr) }
    if let gradient = cairo_pattern_create_linear(0, 0, Double(size), Double(size)) {
      cairo_pattern_add_color_stop_rgba(gradient, 0, 0.9, 0.1, 0.2, 1)
      cairo_pattern_add_color_stop_rgba(gradient, 0.5, 0.1, 0.7, 0.3, 0.4)
      cairo_pattern_add_color_stop_rgba(gradient, 1, 0.2, 0.3, 0.95, 0.8)
      cairo_set_source(cr, gradient)
      cairo_paint(cr)
      cairo_pattern_destroy(gradient)
    }
    cairo_surface_flush(surface)
    return surface
  }

  /// A star-like closed path that crosses itself, off the pixel grid.
  static func path(_ cr: OpaquePointer) {
    cairo_new_path(cr)
    cairo_move_to(cr, 5.3, 20.7)
    cairo_curve_to(cr, 30.1, -4.2, 70.4, 30.9, 40.6, 58.2)
    cairo_line_to(cr, 12.25, 33.5)
    cairo_line_to(cr, 55.7, 9.1)
    cairo_close_path(cr)
  }

  static func draw(_ cr: OpaquePointer, stroke: Bool) {
    path(cr)
    cairo_set_source_rgba(cr, 0.35, 0.8, 0.15, 0.7)
    if stroke {
      cairo_set_line_width(cr, 7.5)
      cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
      cairo_stroke(cr)
    } else {
      cairo_fill(cr)
    }
  }

  static func bytes(_ surface: OpaquePointer) -> [UInt8] {
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return [] }
    let count = Int(cairo_image_surface_get_stride(surface)) * Int(size)
    return Array(UnsafeBufferPointer(start: data, count: count))
  }

  @Test(arguments: Array(1...17).filter(LayerPainter.blendsAsDrawn))
  func drawingWithTheOperatorEqualsCompositingAGroup(mode: Int) throws {
    let op = LayerPainter.blendOperator(mode)
    for stroke in [false, true] {
      let direct = try #require(Self.canvas()), grouped = try #require(Self.canvas())
      defer { cairo_surface_destroy(direct); cairo_surface_destroy(grouped) }
      let a = try #require(cairo_create(direct)), b = try #require(cairo_create(grouped))
      defer { cairo_destroy(a); cairo_destroy(b) }
      cairo_set_operator(a, op)
      Self.draw(a, stroke: stroke)
      cairo_push_group(b)
      Self.draw(b, stroke: stroke)
      cairo_pop_group_to_source(b)
      cairo_set_operator(b, op)
      cairo_paint(b)
      let x = Self.bytes(direct), y = Self.bytes(grouped)
      let worst = zip(x, y).map { abs(Int($0) - Int($1)) }.max() ?? 0
      #expect(x.count == y.count && worst <= 2, "mode \(mode), \(stroke ? "stroke" : "fill"): \(zip(x, y).filter { $0 != $1 }.count) bytes differ, by up to \(worst)")
    }
  }
}
