import Foundation
import Lottie
import Raster
import TestSupport
import Testing

@testable import CairoRendering

/// Resampled images are drawn from a copy sampled in device pixels (`LayerPainter.fillImage`), kept while the
/// image, its matrix and its device rectangle stay the same; text that cannot change is drawn once; a text
/// path that does not move is measured once.
struct ImageAndTextReuseTests {
  /// A 16x16 image of smooth colours, premultiplied BGRA, half transparent in one corner.
  static var image: PixelBuffer {
    var bytes: [UInt8] = []
    for y in 0..<16 {
      for x in 0..<16 {
        let a: UInt8 = x + y < 8 ? 128 : 255
        let b = UInt8(x * 16), g = UInt8(y * 16), r = UInt8(255 - x * 8)
        bytes += [UInt8(Int(b) * Int(a) / 255), UInt8(Int(g) * Int(a) / 255), UInt8(Int(r) * Int(a) / 255), a]
      }
    }
    return PixelBuffer(width: 16, height: 16, stride: 64, bytes: bytes)
  }

  /// The image scaled by `scale` at a fractional place, turned by `rotation`, under an opacity that changes
  /// every frame (so it is drawn every frame); over a square that moves.
  static func animation(scale: Double, rotation: Double) throws -> Animation {
    let asset = #"{"id":"img","w":16,"h":16,"u":"","p":"img.png","e":0}"#
    let image = #"""
      {"ty":2,"ind":1,"ip":0,"op":30,"st":0,"refId":"img","ks":{"p":{"a":0,"k":[30.37,25.81]},"s":{"a":0,"k":[\#(scale),\#(scale)]},
       "r":{"a":0,"k":\#(rotation)},"o":{"a":1,"k":[{"t":0,"s":[100],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[40]}]}}}
      """#
    let mover = #"""
      {"ty":4,"ind":2,"ip":0,"op":30,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[10,60],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[70,60]}]}},
       "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[30,30]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0.5,0]},"o":{"a":0,"k":100}}]}
      """#
    let json = Bodymovin.animation(layers: [image, mover], assets: [asset])
    return try LottieParser.parse(bytes: Array(json.utf8), file: "image-copy.json")
  }

  @Test(arguments: [(137.0, 0.0), (262.5, 17.0), (61.0, -40.0), (100.0, 0.0)])
  func aStillImageUnderAnimatedOpacityIsSampledOnceAndMatchesFreshFrames(scale: Double, rotation: Double) throws {
    let animation = try Self.animation(scale: scale, rotation: rotation)
    let cached = try FrameRenderer(
      animation: animation, width: 100, height: 100, images: ["img": Self.image], caches: true)
    let fresh = try FrameRenderer(
      animation: animation, width: 100, height: 100, images: ["img": Self.image], caches: false)
    var buffer = PixelBuffer(width: 100, height: 100)
    for frame in 0..<8 {
      cached.render(frame: Double(frame), into: &buffer)
      #expect(buffer.bytes == fresh.render(frame: Double(frame)).bytes, "frame \(frame)")
      // A whole frame, drawn on a new buffer, from the copy too.
      #expect(cached.render(frame: Double(frame)).bytes == buffer.bytes, "frame \(frame)")
    }
    if scale == 100 && rotation == 0 {
      // Still resampled: the place is not whole pixels.
      #expect(cached.scene.scaledImages.deviceHits > 0)
    } else {
      // Made on the first two requests (the first is not kept), reused from then on: the copy, or the layer's
      // whole group kept (only its opacity changes, see `LayerGroupCache`).
      #expect(cached.scene.scaledImages.deviceHits + cached.scene.layerGroups.hits >= 12)
    }
    #expect(fresh.scene.scaledImages.deviceHits == 0)
  }

  /// The copy holds what sampling the image straight onto the frame gives, within rounding.
  @Test func theCopyLooksLikeTheImageDrawnStraight() throws {
    let animation = try Self.animation(scale: 262.5, rotation: 17)
    let frame = try FrameRenderer(
      animation: animation, width: 100, height: 100, images: ["img": Self.image], caches: false
    )
    .render(frame: 0)
    // The image's middle pixel (8, 8) lands at p + R(17°)·(8·2.625, 8·2.625) (the anchor is the origin).
    let angle = 17.0 * .pi / 180, d = 8 * 2.625
    let x = 30.37 + cos(angle) * d - sin(angle) * d, y = 25.81 + sin(angle) * d + cos(angle) * d
    let i = (Int(y) * frame.width + Int(x)) * 4
    // Opaque there, blue about 8 * 16 = 128, green about 128, red about 255 - 64.
    #expect(frame.bytes[i + 3] == 255)
    #expect(abs(Int(frame.bytes[i]) - 128) <= 12 && abs(Int(frame.bytes[i + 1]) - 128) <= 12)
    #expect(abs(Int(frame.bytes[i + 2]) - 191) <= 12)
  }

  /// A text layer whose document has one keyframe (the form every exporter writes) never changes: after the
  /// first frame, a buffer showing it is left as it is.
  @Test func textWithOneDocumentIsStill() throws {
    let json = TextTests.textAnimation(text: "AA", size: 20, justification: 0, x: 10, y: 50)
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "text.json")
    let renderer = try FrameRenderer(animation: animation, width: 100, height: 100, caches: true)
    var buffer = PixelBuffer(width: 100, height: 100)
    renderer.render(frame: 0, into: &buffer)
    let first = buffer.bytes
    for frame in 1..<5 {
      renderer.render(frame: Double(frame), into: &buffer)
      #expect(renderer.lastRegion == FrameDamage.Region.none, "frame \(frame)")
    }
    #expect(buffer.bytes == first)
  }
  /// Text on a curved path whose first margin animates: the path is measured once and every frame comes out
  /// as measured afresh.
  @Test func aStillTextPathIsMeasuredOnce() throws {
    let curve =
      #"{"inv":false,"mode":"n","pt":{"a":0,"k":{"c":false,"v":[[10,60],[90,50]],"i":[[0,0],[-30,-40]],"o":[[20,-30],[0,0]]}},"o":{"a":0,"k":100},"x":{"a":0,"k":0},"nm":"Path"}"#
    let margin = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[40]}]}"#
    let json = TextPathTests.animation("AAA", masks: [curve], options: ["f": margin])
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "text-path.json")
    let cached = try FrameRenderer(animation: animation, width: 100, height: 100, caches: true)
    let fresh = try FrameRenderer(animation: animation, width: 100, height: 100, caches: false)
    for frame in 0..<6 {
      #expect(cached.render(frame: Double(frame)).bytes == fresh.render(frame: Double(frame)).bytes, "frame \(frame)")
    }
    // Laid out once a frame (shared by its bounds and its drawing), measured once: 6 look-ups, 1 made.
    #expect(cached.scene.textShaper.pathPolylines.hits == 5)
    #expect(fresh.scene.textShaper.pathPolylines.hits == 0)
  }
  /// A turned image is sampled in bands over the columns it reaches: every pixel well inside its rectangle is
  /// drawn opaque, and the band ranges hold the polygon.
  @Test func aTurnedImageIsSampledWhereverItReaches() throws {
    let red = PixelBuffer(
      width: 16, height: 16, stride: 64, bytes: Array(repeating: [0, 0, 255, 255], count: 256).flatMap { $0 })
    for rotation in [30.0, 45.0, -70.0, 89.0] {
      let animation = try Self.animation(scale: 300, rotation: rotation)
      let frame = try FrameRenderer(animation: animation, width: 100, height: 100, images: ["img": red], caches: false)
        .render(frame: 12)
      let angle = rotation * .pi / 180
      for v in stride(from: 3.0, through: 45.0, by: 2) {
        for u in stride(from: 3.0, through: 45.0, by: 2) {
          let x = 30.37 + cos(angle) * u - sin(angle) * v, y = 25.81 + sin(angle) * u + cos(angle) * v
          guard x >= 0, y >= 0, x < 100, y < 100 else { continue }
          let i = (Int(y) * frame.width + Int(x)) * 4
          // Opacity 40% at frame 12, over the mover in places: red at 40% at least.
          #expect(frame.bytes[i + 2] >= 100, "rotation \(rotation): (\(Int(x)), \(Int(y)))")
        }
      }
    }
    let diamond = [Vec2(50, 10), Vec2(90, 50), Vec2(50, 90), Vec2(10, 50)]
    #expect(ImageScaling.columns(of: diamond, from: 40, to: 56)! == (9, 91))
    #expect(ImageScaling.columns(of: diamond, from: 10, to: 26)! == (33, 67))
    #expect(ImageScaling.columns(of: diamond, from: 90, to: 106)! == (49, 51))
    #expect(ImageScaling.columns(of: diamond, from: 91, to: 107) == nil)
  }
}
