import Foundation
import Lottie
import Raster
import TestSupport
import Testing

@testable import CairoRendering

/// A fill's or stroke's own blend mode (`bm`) blends with the paints under it in its group only (After
/// Effects), never with other groups of the layer or the layers under it. 100x100; a yellow square 20..60
/// and a cyan square 40..80 (multiply: green where they overlap) on a layer over a red bar 0..100 x 0..30.
struct PaintBlendTests {
  static let yellow = "[1,1,0,1]", cyan = "[0,1,1,1]"

  static func fill(_ color: String, blendMode: Int) -> String {
    #"{"ty":"fl","c":{"a":0,"k":\#(color)},"o":{"a":0,"k":100},"r":1,"bm":\#(blendMode)}"#
  }

  static func group(_ items: [String]) -> String {
    #"{"ty":"gr","it":[\#(items.joined(separator: ",")),{"ty":"tr"}]}"#
  }

  /// The cyan square (the top item) with multiply; over the yellow one in the same group, or in groups apart.
  static func animation(sameGroup: Bool, cyanFrom y: Double = 40, opacity: Double = 100) -> String {
    let cyanPath = Bodymovin.rectangle(x: 40, y: y, width: 40, height: 40)
    let yellow = group([Bodymovin.rectangle(x: 20, y: 20, width: 40, height: 40), Bodymovin.fill(yellow)])
    let shapes =
      sameGroup
      ? [group([group([cyanPath]), fill(cyan, blendMode: 1), yellow])]
      : [group([cyanPath, fill(cyan, blendMode: 1)]), yellow]
    let bar = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 30), Bodymovin.fill(Bodymovin.red)], index: 2)
    return Bodymovin.animation(layers: [
      Bodymovin.shapeLayer(shapes, transform: Bodymovin.transform(opacity: opacity)), bar,
    ])
  }

  @Test func multiplyBlendsWithThePaintsOfItsGroup() throws {
    let frame = try Bodymovin.render(Self.animation(sameGroup: true))
    expectPixel(frame, 50, 50, .green)  // yellow × cyan
    expectPixel(frame, 30, 45, ProbePixel(255, 255, 0))
    expectPixel(frame, 70, 70, ProbePixel(0, 255, 255))  // over nothing: the paint itself
  }

  @Test func otherGroupsAndLayersAreNotBlendedWith() throws {
    let apart = try Bodymovin.render(Self.animation(sameGroup: false))
    expectPixel(apart, 50, 50, ProbePixel(0, 255, 255))
    // Over the red bar of the layer below, in either structure: plain cyan.
    for sameGroup in [true, false] {
      let frame = try Bodymovin.render(Self.animation(sameGroup: sameGroup, cyanFrom: 10))
      expectPixel(frame, 70, 15, ProbePixel(0, 255, 255))
      expectPixel(frame, 10, 15, .red)
    }
  }

  /// The layer's opacity applies to the blended result as a whole.
  @Test func layerOpacityAppliesAfterTheBlend() throws {
    let frame = try Bodymovin.render(Self.animation(sameGroup: true, opacity: 50))
    expectPixel(frame, 50, 50, ProbePixel(0, 255, 0, 128), tolerance: 3)
    expectPixel(frame, 70, 70, ProbePixel(0, 255, 255, 128), tolerance: 3)
  }

  /// A moving blended paint: frames drawn with the renderer's caches match frames drawn without them.
  @Test func cachedFramesMatchUncachedOnes() throws {
    let moving = Self.animation(sameGroup: true).replacingOccurrences(
      of: #""p":{"a":0,"k":[60.0,60.0]}"#,
      with: #""p":{"a":1,"k":[{"t":0,"s":[60,60],"e":[40,30]},{"t":29,"s":[40,30]}]}"#)
    #expect(moving.contains(#""a":1"#))
    let animation = try LottieParser.parse(bytes: Array(moving.utf8), file: "inline.json")
    let cached = try FrameRenderer(animation: animation, width: 100, height: 100, caches: true)
    let uncached = try FrameRenderer(animation: animation, width: 100, height: 100, caches: false)
    var buffer = PixelBuffer(width: 100, height: 100)
    for frame in [0.0, 1, 2, 15, 16, 29, 3] {
      cached.render(frame: frame, into: &buffer)
      #expect(buffer.bytes == uncached.render(frame: frame).bytes, "frame \(frame)")
    }
  }
}
