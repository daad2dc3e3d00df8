import CCairo
import Foundation
import Lottie
import LottieScene
import Raster
import TestSupport
import Testing

@testable import CairoRendering

/// The shortcuts the painter takes around blended paints and precomp groups must give the bytes the long way
/// gives: a blended paint with nothing under it in its group is drawn as a normal one, without its group
/// (`paintShapes`); a blended paint that draws nothing has no group (`paintBlended`); a precomp's group
/// covers its drawn layers, not its whole rectangle (`contentBounds`).
struct BlendShortcutTests {
  /// Premultiplied ARGB32 pixels: every alpha, each with a spread of colour values at or under it.
  static let pixels: [UInt32] = (0...255).flatMap { (a: UInt32) -> [UInt32] in
    [(0, 0, 0), (a, a / 2, 0), (a / 3, a, a / 4), (a, a, a), (a / 2, a / 5, a), (1 % (a + 1), a, a * 7 / 8)].map {
      a << 24 | $0.0 << 16 | $0.1 << 8 | $0.2
    }
  }

  /// `source` composited with `op` onto `backdrop` (pixel for pixel), as Cairo and pixman composite a group.
  /// `freshTarget`: the target is a new surface (Cairo knows it is clear), else one written to.
  static func composite(
    _ source: [UInt32], onto backdrop: [UInt32], op: cairo_operator_t, freshTarget: Bool = false
  ) -> [UInt32] {
    func surface(_ pixels: [UInt32], write: Bool) -> OpaquePointer {
      let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixels.count), 1)!
      if write {
        cairo_surface_flush(s)
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(s)!).assumingMemoryBound(to: UInt32.self)
        for (i, p) in pixels.enumerated() { data[i] = p }
        cairo_surface_mark_dirty(s)
      }
      return s
    }
    let target = surface(backdrop, write: !freshTarget), group = surface(source, write: true)
    defer {
      cairo_surface_destroy(target)
      cairo_surface_destroy(group)
    }
    let cr = cairo_create(target)!
    cairo_set_source_surface(cr, group, 0, 0)
    cairo_set_operator(cr, op)
    cairo_paint(cr)
    cairo_destroy(cr)
    cairo_surface_flush(target)
    let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(target)!).assumingMemoryBound(to: UInt32.self)
    return (0..<backdrop.count).map { data[$0] }
  }

  @Test(arguments: BlendMode.allCases.filter { $0 != .normal && $0 != .hardMix })
  func blendingOntoClearGivesTheSource(mode: BlendMode) {
    #expect(LayerPainter.blendsOntoClearExactly(mode))
    let op = LayerPainter.blendOperator(mode)
    let clear = [UInt32](repeating: 0, count: Self.pixels.count)
    for fresh in [true, false] {
      let out = Self.composite(Self.pixels, onto: clear, op: op, freshTarget: fresh)
      #expect(zip(out, Self.pixels).filter { $0 != $1 }.count == 0, "fresh: \(fresh)")
    }
  }

  @Test(arguments: BlendMode.allCases.filter { $0 != .normal && $0 != .hardMix })
  func blendingAClearSourceLeavesTheBackdrop(mode: BlendMode) {
    let clear = [UInt32](repeating: 0, count: Self.pixels.count)
    let out = Self.composite(clear, onto: Self.pixels, op: LayerPainter.blendOperator(mode))
    #expect(zip(out, Self.pixels).filter { $0 != $1 }.count == 0)
  }

  @Test func hardMixOntoClearGivesTheSource() {
    #expect(LayerPainter.blendsOntoClearExactly(.hardMix))
    for s in Self.pixels where s != 0 {
      #expect(HardMix.pixel(source: s, backdrop: 0, opacity: 255) == s, "\(String(s, radix: 16))")
    }
  }

  /// Only a clip of whole device pixels counts as aligned (a group composited through another clip is faded
  /// again at its edges).
  @Test func clipAlignment() {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 50, 50)!
    defer { cairo_surface_destroy(surface) }
    func aligned(_ clip: (OpaquePointer) -> Void) -> Bool {
      let cr = cairo_create(surface)!
      defer { cairo_destroy(cr) }
      clip(cr)
      return LayerPainter.clipIsPixelAligned(cr)
    }
    #expect(
      aligned { cr in
        cairo_rectangle(cr, 3, 4, 20, 30)
        cairo_clip(cr)
        cairo_rectangle(cr, 0.5, 0.5, 40, 40)  // cut by the first: whole pixels again
        cairo_clip(cr)
      })
    #expect(
      !aligned { cr in
        cairo_rectangle(cr, 3.5, 4, 20, 30)
        cairo_clip(cr)
      })
    #expect(
      !aligned { cr in
        cairo_rotate(cr, 0.3)
        cairo_rectangle(cr, 3, 4, 20, 30)
        cairo_clip(cr)
      })
    #expect(aligned { _ in })  // nothing clips
  }

  /// A layer whose first paint in its group has an `mode` blend (a stroke over a layer below, in a precomp
  /// placed at `offset`), with or without a clear fill drawn under the paint first, which makes the painter
  /// take the long way (the paint's own group, blended onto the empty isolated group).
  static func blended(mode: Int, offset: Double, longWay: Bool, zeroWidthStroke: Bool = false) -> String {
    let stroke =
      #"{"ty":"st","c":{"a":0,"k":[0.2,0.6,0.9,1]},"o":{"a":0,"k":80},"w":{"a":0,"k":9},"lc":2,"lj":1,"ml":4,"bm":\#(mode)}"#
    let none =
      #"{"ty":"st","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":0},"lc":2,"lj":1,"ml":4,"bm":\#(mode)}"#
    let clearFill = #"{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":0},"r":1}"#
    // Top item first: the stroke of no width is drawn last, over the blended stroke; the clear fill first.
    let items =
      [Bodymovin.rectangle(x: 22.3, y: 18.6, width: 40, height: 35)] + (zeroWidthStroke ? [none] : []) + [stroke]
      + (longWay ? [clearFill] : [])
    let top = Bodymovin.shapeLayer(
      [#"{"ty":"gr","it":[\#(items.joined(separator: ",")),{"ty":"tr"}]}"#], index: 1,
      transform: #"{"r":{"a":0,"k":7}}"#)
    let under = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 10, y: 30, width: 70, height: 30), Bodymovin.fill("[0.9,0.3,0.1,0.7]")], index: 2)
    let asset = #"{"id":"c","layers":[\#(top),\#(under)]}"#
    let precomp =
      #"{"ty":0,"ind":1,"refId":"c","w":60,"h":60,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[\#(offset),\#(offset)]}}}"#
    return Bodymovin.animation(layers: [precomp], assets: [asset])
  }

  /// How many bytes differ (the buffers themselves are too long to print).
  static func differences(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
    a.bytes.count != b.bytes.count ? -1 : zip(a.bytes, b.bytes).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
  }

  @Test(arguments: 1...17) func blendedFirstPaintsGiveTheLongWaysBytes(mode: Int) throws {
    // The precomp's clip cuts the stroke: at whole pixels (0.9 × 60 = 54: aligned, the shortcut) and not
    // (0.9 × 60.5, 0.9 × 63: the long way both times).
    for offset in [0.0, 0.5, 3] {
      let short = try Bodymovin.render(Self.blended(mode: mode, offset: offset, longWay: false), width: 90, height: 90)
      let long = try Bodymovin.render(Self.blended(mode: mode, offset: offset, longWay: true), width: 90, height: 90)
      #expect(Self.differences(short, long) == 0, "offset \(offset)")
      #expect(short.bytes.contains { $0 != 0 })
      // A blended stroke of no width on top draws nothing.
      let none = try Bodymovin.render(
        Self.blended(mode: mode, offset: offset, longWay: true, zeroWidthStroke: true), width: 90, height: 90)
      #expect(Self.differences(none, long) == 0, "offset \(offset)")
    }
  }

  /// A precomp's group is as large as what its layers draw (a 10 px square in a 100 px precomp).
  @Test func precompBoundsAreItsLayers() throws {
    let square = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 40, y: 40, width: 10, height: 10), Bodymovin.fill(Bodymovin.red)], index: 1)
    let hidden = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100), Bodymovin.fill(Bodymovin.red)], index: 2,
      inPoint: 20)
    let asset = #"{"id":"c","layers":[\#(square),\#(hidden)]}"#
    let precomp =
      #"{"ty":0,"ind":1,"refId":"c","w":100,"h":100,"ip":0,"op":30,"st":0,"ks":{"o":{"a":0,"k":50}}}"#
    let json = Bodymovin.animation(layers: [precomp], assets: [asset])
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "inline.json")
    let renderer = try FrameRenderer(animation: animation, width: 100, height: 100, caches: true)
    let frame = renderer.render(frame: 0)
    expectPixel(frame, 45, 45, ProbePixel(255, 0, 0, 128), tolerance: 3)
    let layer = renderer.scene.graph.root.layers[0]
    let painter = LayerPainter(scene: renderer.scene, context: renderer.canvas.context)
    let box = try #require(
      painter.contentBounds(layer, world: painter.contentMatrix(layer, matrix: renderer.rootMatrix)))
    #expect(box.minX >= 35 && box.minY >= 35 && box.maxX <= 55 && box.maxY <= 55, "\(box)")
    // From frame 20 the full-size layer is drawn too.
    _ = renderer.render(frame: 20)
    let later = try #require(
      painter.contentBounds(layer, world: painter.contentMatrix(layer, matrix: renderer.rootMatrix)))
    #expect(later.minX <= 0 && later.maxX >= 100, "\(later)")
  }
}
