import Foundation
import Lottie
import Raster
import TestSupport
import Testing

@testable import CairoRendering

/// Geometry far beyond Cairo's 24.8 fixed point (±8 388 608 px) once put the whole context into
/// `CAIRO_STATUS_NO_MEMORY`: nothing more was drawn and writing the frame failed with "out of memory" (found
/// by `scripts/fuzz`: a scale of 99000% compounded by a repeater). Such geometry is held at
/// `LayerPainter.deviceReach` in device space: what lands on the canvas is drawn, and so is everything after.
/// 100x100; each case draws its huge paint, then a green 10x10 square at the top left on a layer above.
struct DeviceReachTests {
  static let marker = Bodymovin.shapeLayer(
    [Bodymovin.rectangle(x: 0, y: 0, width: 10, height: 10), Bodymovin.fill(Bodymovin.green)], index: 1)

  static func render(_ layer: String) throws -> PixelBuffer {
    try Bodymovin.render(Bodymovin.animation(layers: [marker, layer]))
  }

  static func expectMarker(_ frame: PixelBuffer, sourceLocation: SourceLocation = #_sourceLocation) {
    expectPixel(frame, 5, 5, .green, sourceLocation: sourceLocation)
  }

  /// A band from x 20 to 80 reaching 1e15 px up and down: the canvas part of it is filled.
  @Test func aFillReachingFarOffTheCanvasIsDrawn() throws {
    let band = Bodymovin.shapeLayer(
      [Bodymovin.path([(20, -1e15), (80, -1e15), (80, 1e15), (20, 1e15)]), Bodymovin.fill(Bodymovin.red)],
      index: 2)
    let frame = try Self.render(band)
    expectPixel(frame, 50, 50, .red)
    expectPixel(frame, 50, 95, .red)
    expectPixel(frame, 10, 50, ProbePixel(0, 0, 0, 0))
    expectPixel(frame, 90, 50, ProbePixel(0, 0, 0, 0))
    Self.expectMarker(frame)
  }

  /// A horizontal stroke 2 px wide under a group scale of 100% x 1e11%: 2e9 px tall in device space, it covers
  /// the canvas between its ends (butt caps), as the players draw it.
  @Test func aStrokeScaledFarBeyondTheCanvasIsDrawn() throws {
    let line =
      #"{"ty":"gr","it":[\#(Bodymovin.path([(30, 0), (70, 0)], closed: false)),"#
      + #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1,"ml":4},"#
      + #"{"ty":"tr","p":{"a":0,"k":[0,50]},"s":{"a":0,"k":[100,1e11]}}]}"#
    let frame = try Self.render(Bodymovin.shapeLayer([line], index: 2))
    expectPixel(frame, 50, 20, .red)
    expectPixel(frame, 50, 90, .red)
    expectPixel(frame, 20, 50, ProbePixel(0, 0, 0, 0))
    Self.expectMarker(frame)
  }

  /// A solid scaled 1e12% about the canvas centre covers all of it; so does a precomp's clip scaled so.
  @Test func aSolidAndAPrecompScaledFarBeyondTheCanvasAreDrawn() throws {
    let huge = #""ks":{"a":{"a":0,"k":[50,50]},"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[1e12,1e12]}}"#
    let solid = ##"{"ty":1,"ind":2,"ip":0,"op":30,"st":0,"sc":"#ff0000","sw":100,"sh":100,\##(huge)}"##
    expectPixel(try Self.render(solid), 90, 90, .red)
    Self.expectMarker(try Self.render(solid))

    let inner = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100), Bodymovin.fill(Bodymovin.red)], index: 1)
    let asset = #"{"id":"big","layers":[\#(inner)]}"#
    let precomp = #"{"ty":0,"ind":2,"refId":"big","w":100,"h":100,"ip":0,"op":30,"st":0,\#(huge)}"#
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [Self.marker, precomp], assets: [asset]))
    expectPixel(frame, 90, 90, .red)
    Self.expectMarker(frame)
  }

  /// What `scripts/fuzz` found: ten copies, each 99000% taller than the last (1e27 px at the end), of two
  /// zig-zag strokes, repeated ten times again. Nothing fails, and the layer above is still drawn.
  @Test func compoundedRepeaterScalesDoNotBreakTheFrame() throws {
    func copies(_ scaleY: Double) -> String {
      #"{"ty":"rp","c":{"a":0,"k":10},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[3,3]},"#
        + #""a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[99,\#(scaleY)]},"r":{"a":0,"k":5},"so":{"a":0,"k":100},"#
        + #""eo":{"a":0,"k":100}}}"#
    }
    func zigzag(_ shape: String, ridges: Int) -> String {
      #"{"ty":"gr","it":[\#(shape),{"ty":"zz","r":{"a":0,"k":\#(ridges)},"s":{"a":0,"k":3},"pt":{"a":0,"k":1}},"#
        + #"\#(Bodymovin.stroke(Bodymovin.red, width: 2, cap: 1)),{"ty":"tr"}]}"#
    }
    let triangle = zigzag(Bodymovin.path([(32, 6), (56, 30), (8, 30)]), ridges: 3)
    let box = zigzag(Bodymovin.rectangle(x: 12, y: 38, width: 40, height: 20), ridges: 4)
    let inner = #"{"ty":"gr","it":[\#(triangle),\#(box),\#(copies(99000))]}"#
    let outer = #"{"ty":"gr","it":[\#(inner),\#(copies(99))]}"#
    let frame = try Self.render(Bodymovin.shapeLayer([outer], index: 2))
    Self.expectMarker(frame)
    // The first copy is drawn as it is: its zig-zag stroke runs along the triangle's base (y 27 to 33).
    let base = (10...54).filter { x in (26...34).contains { y in frame.pixel(x: x, y: y).r > 200 } }
    #expect(base.count > 40, "red columns along the base: \(base.count)")
  }
}
