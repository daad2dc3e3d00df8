import CCairo
import Foundation
import Lottie
import Raster
import TextLayout

/// A contact sheet: frames of an animation in a grid, each labelled with its frame number, for review.
public enum ContactSheet {
  /// Renders `frames` (composition frames) into cells of `cellWidth` x `cellHeight` pixels, `columns` a row,
  /// on a checkerboard (to show transparency) unless `background` is given, and writes a PNG to `path`.
  /// Throws a `RenderError`, or the `WorkLimitExceeded` of a frame over `limits` (nothing is written then).
  public static func write(
    animation: Animation, images: [String: PixelBuffer] = [:], fonts: FontSet = .shared, frames: [Double],
    cellWidth: Int, cellHeight: Int,
    columns: Int, background: RGBA?, limits: WorkLimits = .defaults, to path: String
  ) throws {
    let label = 18
    let gap = 4
    let count = max(frames.count, 1)
    let cols = max(1, min(columns, count))
    let rows = (count + cols - 1) / cols
    let sheet = try CairoSurface(width: cols * (cellWidth + gap) + gap, height: rows * (cellHeight + label + gap) + gap)
    let renderer = try FrameRenderer(
      animation: animation, width: cellWidth, height: cellHeight, background: background, images: images, fonts: fonts,
      limits: limits)
    let cr = sheet.context
    cairo_set_source_rgb(cr, 0.16, 0.16, 0.18)
    cairo_paint(cr)
    for (i, frame) in frames.enumerated() {
      let x = Double(gap + (i % cols) * (cellWidth + gap))
      let y = Double(gap + (i / cols) * (cellHeight + label + gap))
      if background == nil { checkerboard(cr, x: x, y: y + Double(label), width: cellWidth, height: cellHeight) }
      renderer.draw(frame: frame)
      // A frame over a work limit is incomplete: no sheet (snapshot and exports refuse it the same way).
      if let exceeded = renderer.workLimitExceeded { throw exceeded }
      cairo_surface_flush(renderer.canvas.surface)
      cairo_set_source_surface(cr, renderer.canvas.surface, x, y + Double(label))
      cairo_paint(cr)
      cairo_set_source_rgb(cr, 0.92, 0.92, 0.92)
      // Labels need a system font; without any (never Cairo's toy fonts) the sheet has no labels.
      if let face = FontLibrary.fallback.face {
        cairo_set_font_face(cr, face)
        cairo_set_font_size(cr, 12)
        cairo_move_to(cr, x + 2, y + 13)
        let text = frame.exactWholeNumber.map { "frame \($0)" } ?? String(format: "frame %.2f", frame)
        cairo_show_text(cr, text)
      }
    }
    try sheet.writePNG(to: path)
  }

  private static func checkerboard(_ cr: OpaquePointer, x: Double, y: Double, width: Int, height: Int) {
    let square = 8.0
    cairo_save(cr)
    cairo_rectangle(cr, x, y, Double(width), Double(height))
    cairo_clip(cr)
    cairo_set_source_rgb(cr, 0.8, 0.8, 0.8)
    cairo_paint(cr)
    cairo_set_source_rgb(cr, 0.65, 0.65, 0.65)
    var row = 0
    while Double(row) * square < Double(height) {
      var col = 0
      while Double(col) * square < Double(width) {
        if (row + col) % 2 == 0 {
          cairo_rectangle(cr, x + Double(col) * square, y + Double(row) * square, square, square)
        }
        col += 1
      }
      row += 1
    }
    cairo_fill(cr)
    cairo_restore(cr)
  }
}
