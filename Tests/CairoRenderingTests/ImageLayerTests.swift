import CairoRendering
import Foundation
import Lottie
import Raster
import TestSupport
import Testing

/// Pixel probes on image layers, 100x100.
struct ImageLayerTests {
  /// A 2x2 image, premultiplied BGRA: red, red / red, blue.
  static var twoByTwo: PixelBuffer {
    let red: [UInt8] = [0, 0, 255, 255], blue: [UInt8] = [255, 0, 0, 255]
    return PixelBuffer(width: 2, height: 2, stride: 8, bytes: red + red + red + blue)
  }

  static func render(scale: Double) throws -> PixelBuffer {
    let asset = #"{"id":"img","w":2,"h":2,"u":"","p":"img.png","e":0}"#
    let layer =
      #"{"ty":2,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[\#(scale),\#(scale)]}},"refId":"img"}"#
    let json = Bodymovin.animation(layers: [layer], assets: [asset])
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "inline.json")
    let renderer = try FrameRenderer(animation: animation, width: 100, height: 100, images: ["img": twoByTwo])
    return renderer.render(frame: 0)
  }

  /// Scaled up 1000% the image covers 20..40 exactly, and its outermost pixels are as opaque as its middle:
  /// the smoothing filter must not blend in the transparent outside (as browsers and ThorVG draw it).
  @Test func scaledUpImageKeepsOpaqueEdges() throws {
    let frame = try Self.render(scale: 1000)
    for (x, y) in [(20, 20), (39, 20), (20, 39), (30, 20), (20, 30), (22, 22)] {
      expectPixel(frame, x, y, .red, tolerance: 0)
    }
    for (x, y) in [(39, 39), (39, 35), (35, 39)] { expectPixel(frame, x, y, .blue, tolerance: 0) }
    for (x, y) in [(19, 30), (40, 30), (30, 19), (30, 40), (19, 19), (40, 40)] {
      expectPixel(frame, x, y, .transparent, tolerance: 0)
    }
  }
}
