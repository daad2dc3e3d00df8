import CCairo
import Foundation
import Lottie
import Raster
import TestSupport
import Testing

@testable import CairoRendering

/// A whole frame drawn into a buffer that shows another frame of the same renderer clears only where that
/// frame may hold ink (`InkMemory`), with memset (`CairoSurface.fill`). Stale ink must never survive, and the
/// cleared bytes must be those Cairo's paint leaves.
struct FrameClearTests {
  /// A 100x50 composition letterboxed in a 64x64 frame. Frames 0-9: a small square at the top left and one at
  /// the bottom left; frames 10-19: only a square at the bottom right (so the steps do not line up and the
  /// frame is drawn whole); frames 20-29: the bottom-right square and a top-right one (the steps line up
  /// with the frames before, but the changed area spans most of the composition: drawn whole too).
  static let json = #"""
    {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":50,"layers":[
    {"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[8,8]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,0.6]},"o":{"a":0,"k":100},"r":1}]},
    {"ty":4,"ind":2,"ip":0,"op":10,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[8,42]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"r":1}]},
    {"ty":4,"ind":3,"ip":10,"op":30,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[92,42]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,1,0,0.7]},"o":{"a":0,"k":100},"r":1}]},
    {"ty":4,"ind":4,"ip":20,"op":30,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[92,8]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,0,0.5]},"o":{"a":0,"k":100},"r":1}]}]}
    """#

  @Test(arguments: [nil, RGBA(0.2, 0.4, 0.6, 1), RGBA(0.3, 0.7, 0.1, 0.37)])
  func staleInkDoesNotSurviveAReusedBuffer(background: RGBA?) throws {
    let animation = try LottieParser.parse(bytes: Array(Self.json.utf8), file: "clear.json")
    let renderer = try FrameRenderer(
      animation: animation, width: 64, height: 64, background: background, images: [:], caches: true)
    var buffer = PixelBuffer(width: 64, height: 64)
    for frame in [0.0, 15, 25, 5, 25, 15, 0] {
      renderer.render(frame: frame, into: &buffer)
      let whole = renderer.lastRegion == .all || renderer.lastRegion == .rect(renderer.compositionRect)
      #expect(whole, "frame \(frame) is drawn whole")
      let fresh = try FrameRenderer(
        animation: animation, width: 64, height: 64, background: background, images: [:], caches: true)
      #expect(BufferReuseTests.differingBytes(buffer, fresh.render(frame: frame)) == 0, "frame \(frame)")
    }
    // The squares of frame 0 are gone at frame 15: the top-left one shows the background.
    let bg = background.map { (UInt8(($0.r * $0.a * 255).rounded()), UInt8(($0.a * 255).rounded())) } ?? (0, 0)
    renderer.render(frame: 15, into: &buffer)
    let p = buffer.premultipliedPixel(x: 7, y: 23)
    #expect(abs(Int(p.r) - Int(bg.0)) <= 1 && abs(Int(p.a) - Int(bg.1)) <= 1, "\(p)")
  }

  /// A buffer with no tags (a new one, or bytes from elsewhere) is cleared whole, whatever it holds.
  @Test func anUntaggedBufferIsClearedWhole() throws {
    let animation = try LottieParser.parse(bytes: Array(Self.json.utf8), file: "clear.json")
    let renderer = try FrameRenderer(animation: animation, width: 64, height: 64, background: RGBA(0, 0, 1, 1))
    var buffer = PixelBuffer(width: 64, height: 64)
    renderer.render(frame: 0, into: &buffer)
    var scribbled = PixelBuffer(
      width: 64, height: 64, stride: buffer.stride, bytes: [UInt8](repeating: 0xAB, count: buffer.bytes.count))
    renderer.render(frame: 15, into: &scribbled)
    #expect(BufferReuseTests.differingBytes(scribbled, renderer.render(frame: 15)) == 0)
  }

  /// `CairoSurface.fill` leaves the bytes Cairo's SOURCE paint of the colour, clipped to the rectangle, leaves.
  @Test(arguments: [
    (0.0, 0.0, 0.0, 0.0), (0.2, 0.4, 0.6, 1), (0.3, 0.7, 0.1, 0.37), (1, 1, 1, 0.5), (0.999, 0.001, 0.5, 0.999),
  ])
  func fillMatchesCairosPaint(colour: (Double, Double, Double, Double)) throws {
    let (r, g, b, a) = colour
    let pixel = try #require(CairoSurface.sourcePixel(r: r, g: g, b: b, a: a))
    for rect in [
      PixelRect(x: 0, y: 0, width: 13, height: 7), PixelRect(x: 2, y: 1, width: 5, height: 4),
      PixelRect(x: 12, y: 6, width: 9, height: 9),
    ] {
      let painted = try CairoSurface(width: 13, height: 7), filled = try CairoSurface(width: 13, height: 7)
      for s in [painted, filled] {
        cairo_set_source_rgba(s.context, 0.9, 0.1, 0.3, 0.8)
        cairo_paint(s.context)
      }
      cairo_rectangle(painted.context, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
      cairo_clip(painted.context)
      cairo_set_operator(painted.context, CAIRO_OPERATOR_SOURCE)
      cairo_set_source_rgba(painted.context, r, g, b, a)
      cairo_paint(painted.context)
      #expect(CairoSurface.fill(filled.surface, rect: rect, with: pixel))
      var x = PixelBuffer(width: 13, height: 7), y = PixelBuffer(width: 13, height: 7)
      painted.copyPixels(into: &x)
      filled.copyPixels(into: &y)
      #expect(BufferReuseTests.differingBytes(x, y) == 0, "\(colour) \(rect)")
    }
  }
}
