import CCairo
import Foundation
import Lottie
import Raster
import Testing

@testable import CairoRendering

/// What a light frame costs besides drawing: which part of a reused buffer is drawn again, and the memory
/// frames are drawn in. Each choice must give the bytes a fresh frame has.
struct FrameCostTests {
  /// A 100x100 composition: a 60x60 square turning a full turn over frames 0...30.
  static let turning =
    #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[50,50]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[360]}]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[60,60]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0.6,0,0,1]},"o":{"a":0,"k":100}}]}]}"#

  /// A square turning over most of the frame is drawn whole into a reused buffer (a part that large costs
  /// more to clear, draw aside and copy back), and the frames are the fresh ones.
  @Test(arguments: [nil, RGBA(0.2, 0.4, 0.6, 1)])
  func aLayerTurningOverMostOfTheFrameIsDrawnWhole(background: RGBA?) throws {
    let animation = try LottieParser.parse(bytes: Array(Self.turning.utf8), file: "turning.json")
    // Letterboxed: the bars outside the composition are kept, not drawn.
    let renderer = try FrameRenderer(animation: animation, width: 160, height: 100, background: background)
    let fresh = try FrameRenderer(animation: animation, width: 160, height: 100, background: background, caches: false)
    var buffer = PixelBuffer(width: 160, height: 100)
    for frame in 0..<12 {
      renderer.render(frame: Double(frame), into: &buffer)
      #expect(buffer.bytes == fresh.render(frame: Double(frame)).bytes, "frame \(frame)")
      if frame > 0 { #expect(renderer.lastRegion == .all, "frame \(frame)") }
    }
  }

  /// The choice between a part and the whole: passes over pixels, each step costing about its bounds.
  @Test func aPartIsDrawnWhenItMovesFewerPixelsThanTheWhole() {
    let rect = PixelRect(x: 0, y: 0, width: 100, height: 100)
    let small = PixelRect(x: 10, y: 10, width: 10, height: 10)
    let big = PixelRect(x: 0, y: 0, width: 90, height: 90)
    // A small mover over a big still layer: the part is cheaper.
    #expect(FrameRenderer.partIsCheaper(small, of: rect, bounds: [rect, small], restore: 0))
    #expect(FrameRenderer.partIsCheaper(small, of: rect, bounds: [rect, small], restore: 1))
    // A part most of the frame: three passes over 81% cost more than one over all of it.
    #expect(!FrameRenderer.partIsCheaper(big, of: rect, bounds: [big], restore: 0))
    // Steps out of the part are not drawn there: a part of a third of many layers is cheaper.
    let left = PixelRect(x: 0, y: 0, width: 30, height: 100), right = PixelRect(x: 60, y: 0, width: 40, height: 100)
    #expect(FrameRenderer.partIsCheaper(left, of: rect, bounds: [left, right, right, right], restore: 0))
    // Alone, a part of 40% costs more drawn aside (three passes) than the whole frame (one, and the layer).
    let wider = PixelRect(x: 0, y: 0, width: 40, height: 100)
    #expect(!FrameRenderer.partIsCheaper(wider, of: rect, bounds: [wider], restore: 0))
  }

  /// Frame-sized surfaces get pages of their own: transparent as Cairo's, drawable, and unmapped with the
  /// surface (which a leak or a double unmap would show under the sanitizers).
  @Test func largeSurfacesAreTransparentAndDrawable() throws {
    let (width, height) = (1280, 960)
    for _ in 0..<3 {
      let surface = try #require(CairoSurface.makeImage(width: width, height: height))
      #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
      #expect(Int(cairo_image_surface_get_stride(surface)) == width * 4)
      let data = try #require(cairo_image_surface_get_data(surface))
      let count = width * 4 * height
      #expect(UnsafeBufferPointer(start: data, count: count).allSatisfy { $0 == 0 })
      let cr = try #require(cairo_create(surface))
      cairo_set_source_rgba(cr, 1, 0, 0, 1)
      cairo_rectangle(cr, 10, 10, 20, 20)
      cairo_fill(cr)
      cairo_destroy(cr)
      cairo_surface_flush(surface)
      let pixel = (data + 15 * width * 4 + 15 * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
      #expect(pixel == 0xffff_0000)
      cairo_surface_destroy(surface)
    }
    // Small ones are Cairo's own.
    let small = try #require(CairoSurface.makeImage(width: 16, height: 16))
    #expect(cairo_surface_status(small) == CAIRO_STATUS_SUCCESS)
    cairo_surface_destroy(small)
  }

  /// A buffer made for a renderer to paint is painted whole: a renderer drawing into one (whatever the
  /// allocator left in it) gives the fresh frame; a copy of a frame keeps its pixels and tags.
  @Test func unpaintedBuffersAreDrawnWholeAndCopiesKeepTheirFrame() throws {
    let animation = try LottieParser.parse(bytes: Array(Self.turning.utf8), file: "turning.json")
    let renderer = try FrameRenderer(animation: animation, width: 160, height: 100, background: nil)
    var buffer = PixelBuffer(unpaintedWidth: 160, height: 100)
    #expect(buffer.bytes.count == 160 * 4 * 100 && buffer.stride == 160 * 4)
    buffer.bytes.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0x5a) }
    renderer.render(frame: 3, into: &buffer)
    let fresh = renderer.render(frame: 3)
    #expect(buffer.bytes == fresh.bytes)
    let copy = PixelBuffer(copyOf: buffer)
    #expect(copy == buffer && copy.contentTag == buffer.contentTag && copy.backgroundTag == buffer.backgroundTag)
    #expect(renderer.drewLast(copy))
  }
}
