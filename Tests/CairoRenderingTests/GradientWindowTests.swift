import CCairo
import Foundation
import Lottie
import Raster
import TestSupport
import Testing

@testable import CairoRendering
@testable import LottieScene

/// A frame redrawn in part computes a gradient only inside the kept area (`LayerPainter.compositeArea`): the
/// pixels there must be byte for byte those of the whole gradient, and the rest must not be computed at all
/// (the fill alone, without Cairo: `RasterTests.GradientRasterTests`).
@Suite("Gradient window", .heavy)
struct GradientWindowTests {
  typealias F = GradientFastPathTests

  /// The current path of `cr`: an ellipse, or a curve for strokes.
  static func appendPath(_ cr: OpaquePointer, stroke: Bool) {
    cairo_new_path(cr)
    if stroke {
      cairo_move_to(cr, 12, 90)
      cairo_curve_to(cr, 60, -20, 110, 160, 150, 30)
      cairo_line_to(cr, 40, 40)
      cairo_set_line_width(cr, 7)
      cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
    } else {
      cairo_save(cr)
      cairo_translate(cr, 80, 60)
      cairo_scale(cr, 70, 50)
      cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
      cairo_restore(cr)
    }
  }

  /// The 160 × 120 ARGB32 image that `paintGradient` paints with `g` in a rotated, scaled user space, with the
  /// painter's kept area `area`. The scratch is poisoned (opaque magenta) first; also returns how many of its
  /// pixels are still poisoned after, that is, were not computed.
  static func paint(
    _ g: GradientParameters, stroke: Bool, spans: Bool, area: PixelRect?, renderer: FrameRenderer
  ) throws -> ([UInt8], untouched: Int) {
    let (w, h) = (160, 120)
    let scene = renderer.scene
    let workspace = scene.gradientWorkspace
    workspace.findsSpans = spans
    workspace.minimumSpanPixels = 0
    workspace.minimumFillSpanPixels = 0
    workspace.reachShare = 0
    // The box can be larger than the image (the clip's extents go to user space and back), so the scratch is
    // made large enough for any box first: then the paint does not reallocate it.
    let count = 9 * w * h
    let scratch = try #require(scene.gradientScratch(pixels: count))
    for i in 0..<count { scratch[i] = 0xFFFF_00FF }
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(w)))
    var bytes = [UInt8](repeating: 0, count: stride * h)
    try bytes.withUnsafeMutableBufferPointer { raw in
      let surface = try #require(
        cairo_image_surface_create_for_data(raw.baseAddress, CAIRO_FORMAT_ARGB32, Int32(w), Int32(h), Int32(stride)))
      defer { cairo_surface_destroy(surface) }
      let cr = try #require(cairo_create(surface))
      defer { cairo_destroy(cr) }
      cairo_translate(cr, 75, 55)
      cairo_rotate(cr, 0.35)
      cairo_scale(cr, 1.1, 0.9)
      cairo_translate(cr, -75, -55)
      var painter = LayerPainter(scene: scene, context: cr)
      painter.compositeArea = area
      appendPath(cr, stroke: stroke)
      painter.paintGradient(g, opacity: 0.9, stroke: stroke)
      cairo_surface_flush(surface)
    }
    #expect(scene.gradientScratch(pixels: 1) == scratch, "the scratch was reallocated")
    let untouched = (0..<count).filter { scratch[$0] == 0xFFFF_00FF }.count
    return (bytes, untouched)
  }

  @Test("a gradient painted with a kept area gives the whole paint's bytes there", arguments: F.geometries.indices)
  func keptAreaMatchesTheWholePaint(_ index: Int) throws {
    let json = GradientRasterTests.animation(GradientRasterTests.ellipse + "," + GradientRasterTests.gradient(type: 1))
    let renderer = try FrameRenderer(
      animation: try LottieParser.parse(bytes: Array(json.utf8), file: "gradient.json"), width: 160, height: 120)
    let g = F.geometries[index].1
    let area = PixelRect(x: 37, y: 28, width: 71, height: 53)
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, 160))
    for stroke in [false, true] {
      for spans in [false, true] {
        let whole = try Self.paint(g, stroke: stroke, spans: spans, area: nil, renderer: renderer)
        let part = try Self.paint(g, stroke: stroke, spans: spans, area: area, renderer: renderer)
        var differing = 0, painted = 0
        for y in area.y..<(area.y + area.height) {
          for x in area.x..<(area.x + area.width) {
            for c in 0..<4 {
              let n = y * stride + 4 * x + c
              if whole.0[n] != part.0[n] { differing += 1 }
              if whole.0[n] != 0 { painted += 1 }
            }
          }
        }
        let label = "\(F.geometries[index].0), stroke \(stroke), spans \(spans)"
        #expect(differing == 0, "\(label): bytes inside the kept area differ")
        // The comparison proves something only if the area was painted and the rest of the box was skipped.
        #expect(painted > 0, "\(label)")
        #expect(part.untouched > whole.untouched, "\(label): the kept area did not limit the computed pixels")
      }
    }
  }
}
