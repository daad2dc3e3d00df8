import CairoRendering
import Foundation
import Lottie
import Raster
import TestSupport
import Testing

/// Frame buffers are pooled: a renderer drawing into a buffer it drew before only repaints the composition's
/// rectangle, keeping the letterbox bars. The result must be the same as drawing into a fresh buffer.
struct BufferReuseTests {
  /// A 100x50 composition (letterboxed in a square frame) with a full-height bar moving from x 0 to x 80 over 10 frames, touching every edge of the composition.
  static let json =
    #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":50,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[80,0]}]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[10,25]},"s":{"a":0,"k":[20,50]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}]}]}"#

  static func differingBytes(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
    zip(a.bytes, b.bytes).filter { $0 != $1 }.count + abs(a.bytes.count - b.bytes.count)
  }

  @Test(arguments: [nil, RGBA(0.2, 0.4, 0.6, 1), RGBA(0, 1, 0, 0.5)])
  func reusedBufferMatchesAFreshOne(background: RGBA?) throws {
    let animation = try LottieParser.parse(bytes: Array(Self.json.utf8), file: "reuse.json")
    let renderer = try FrameRenderer(animation: animation, width: 64, height: 64, background: background)
    var buffer = PixelBuffer(width: 64, height: 64)
    for frame in [0.0, 10, 5, 3.5] {
      renderer.render(frame: frame, into: &buffer)
      #expect(Self.differingBytes(buffer, renderer.render(frame: frame)) == 0, "frame \(frame)")
    }
  }

  @Test func aBufferFromAnotherRendererIsRepaintedWhole() throws {
    let animation = try LottieParser.parse(bytes: Array(Self.json.utf8), file: "reuse.json")
    let blue = try FrameRenderer(animation: animation, width: 64, height: 64, background: RGBA(0, 0, 1, 1))
    let clear = try FrameRenderer(animation: animation, width: 64, height: 64)
    let wide = try FrameRenderer(animation: animation, width: 64, height: 64, background: RGBA(0, 0, 1, 1), padding: 8)
    var buffer = PixelBuffer(width: 64, height: 64)
    blue.render(frame: 0, into: &buffer)
    clear.render(frame: 0, into: &buffer)
    #expect(Self.differingBytes(buffer, clear.render(frame: 0)) == 0)
    // The letterbox bar is transparent again, not blue.
    expectPixel(buffer, 32, 2, .transparent, tolerance: 0)
    blue.render(frame: 0, into: &buffer)
    wide.render(frame: 0, into: &buffer)
    #expect(Self.differingBytes(buffer, wide.render(frame: 0)) == 0)
  }
}
