import CairoRendering
import Lottie
import Raster
import TestSupport
import Testing

/// 3D layers, drawn as lottie-web's canvas renderer draws them: the 4x4 transform projected orthographically.
struct ThreeDTests {
  /// A 3D layer holding a 40x40 red square centred on (50, 50), with the given transform members.
  static func square(_ transform: String) -> String {
    Bodymovin.animation(layers: [
      Bodymovin.shapeLayer(
        [Bodymovin.rectangle(x: -20, y: -20, width: 40, height: 40), Bodymovin.fill(Bodymovin.red)],
        transform: #"{"p":{"k":[50,50,0]},"a":{"k":[0,0,0]},"# + transform + "}", fields: #""ddd":1"#)
    ])
  }

  @Test func rotationAboutXSquashesVertically() throws {
    // cos 60° = 0.5: the square becomes 40 wide and 20 tall (y 40..60).
    let frame = try Bodymovin.render(Self.square(#""rx":{"k":60}"#))
    expectPixel(frame, 50, 42, .red)
    expectPixel(frame, 50, 58, .red)
    expectPixel(frame, 32, 50, .red)
    expectPixel(frame, 67, 50, .red)
    expectPixel(frame, 50, 37, .transparent, tolerance: 0)
    expectPixel(frame, 50, 63, .transparent, tolerance: 0)
  }

  @Test func rotationAboutYSquashesHorizontally() throws {
    let frame = try Bodymovin.render(Self.square(#""ry":{"k":60}"#))
    expectPixel(frame, 42, 50, .red)
    expectPixel(frame, 58, 50, .red)
    expectPixel(frame, 50, 32, .red)
    expectPixel(frame, 37, 50, .transparent, tolerance: 0)
    expectPixel(frame, 63, 50, .transparent, tolerance: 0)
  }

  @Test func orientationWorksLikeRotation() throws {
    let frame = try Bodymovin.render(Self.square(#""or":{"k":[60,0,0]}"#))
    expectPixel(frame, 50, 42, .red)
    expectPixel(frame, 50, 37, .transparent, tolerance: 0)
    // A quarter turn about X leaves an edge-on square: nothing visible.
    let edgeOn = try Bodymovin.render(Self.square(#""rx":{"k":90}"#))
    expectPixel(edgeOn, 50, 45, .transparent, tolerance: 0)
    expectPixel(edgeOn, 30, 45, .transparent, tolerance: 0)
  }

  /// Without X/Y rotation a 3D layer draws exactly as a 2D one (rz is the rotation).
  @Test func flatThreeDMatchesTwoD() throws {
    let three = try Bodymovin.render(Self.square(#""rx":{"k":0},"ry":{"k":0},"rz":{"k":30},"s":{"k":[120,80,100]}"#))
    let two = try Bodymovin.render(
      Bodymovin.animation(layers: [
        Bodymovin.shapeLayer(
          [Bodymovin.rectangle(x: -20, y: -20, width: 40, height: 40), Bodymovin.fill(Bodymovin.red)],
          transform: #"{"p":{"k":[50,50]},"a":{"k":[0,0]},"r":{"k":30},"s":{"k":[120,80]}}"#)
      ]))
    for y in stride(from: 0, to: 100, by: 7) {
      for x in stride(from: 0, to: 100, by: 7) {
        #expect(three.probe(x, y).isClose(to: two.probe(x, y), tolerance: 1), "(\(x), \(y))")
      }
    }
  }
}
