import Foundation
import Lottie
import Raster
import TestSupport
import Testing

@testable import CairoRendering

/// What a worker allocates and copies to start drawing: images shared by every renderer, the still bottom's
/// snapshot taken again into its own surface. Each must draw the bytes the plain way does.
struct SetUpCostTests {
  /// A 2x3 image with a padded stride (12 bytes a row for 8 bytes of pixels): red, green / blue, white /
  /// half-transparent red, transparent.
  static var image: PixelBuffer {
    let red: [UInt8] = [0, 0, 255, 255], green: [UInt8] = [0, 255, 0, 255], blue: [UInt8] = [255, 0, 0, 255]
    let white: [UInt8] = [255, 255, 255, 255], halfRed: [UInt8] = [0, 0, 128, 128], clear: [UInt8] = [0, 0, 0, 0]
    let pad: [UInt8] = [9, 9, 9, 9]
    return PixelBuffer(
      width: 2, height: 3, stride: 12, bytes: red + green + pad + blue + white + pad + halfRed + clear + pad)
  }

  /// The image scaled 10x at (20, 20), turning over 30 frames.
  static func animation() throws -> Animation {
    let asset = #"{"id":"img","w":2,"h":3,"u":"","p":"img.png","e":0}"#
    let layer = #"""
      {"ty":2,"ind":1,"ip":0,"op":30,"st":0,"refId":"img","ks":{"p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[1,1.5]},
       "s":{"a":0,"k":[1000,1000]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[90]}]}}}
      """#
    return try LottieParser.parse(
      bytes: Array(Bodymovin.animation(layers: [layer], assets: [asset]).utf8), file: "image.json")
  }

  @Test func sharedImagesDrawWhatEachRenderersOwnCopyDraws() throws {
    let animation = try Self.animation()
    let shared = SharedImages(["img": Self.image])
    #expect(shared.byteCount == 2 * 4 * 3)
    let own = try FrameRenderer(animation: animation, width: 100, height: 100, images: ["img": Self.image])
    let first = try FrameRenderer(
      animation: animation, width: 100, height: 100, resources: RenderResources(images: shared))
    let second = try FrameRenderer(
      animation: animation, width: 100, height: 100, resources: RenderResources(images: shared))
    for frame in [0.0, 7, 15.5, 29] {
      let expected = own.render(frame: frame)
      #expect(first.render(frame: frame) == expected, "frame \(frame)")
      #expect(second.render(frame: frame) == expected, "frame \(frame)")
    }
    // The image is drawn (not two blank renders agreeing), its rows read at the buffer's stride (the padding
    // bytes nowhere): its corners, where the smoothing repeats the border pixels, are red, green and clear.
    let frame = first.render(frame: 0)
    expectPixel(frame, 41, 36, .red, tolerance: 0)
    expectPixel(frame, 58, 36, .green, tolerance: 0)
    expectPixel(frame, 58, 63, .transparent, tolerance: 0)
    expectPixel(frame, 30, 50, .transparent, tolerance: 0)
  }

  /// The still bottom grows when the mover stops (frame 20): the larger snapshot is taken into the surface of
  /// the smaller one, and fresh buffers drawn from it match frames drawn without caches.
  @Test func theSnapshotIsTakenAgainIntoItsOwnSurface() throws {
    let animation = try RenderCacheTests.animation()
    let cached = try FrameRenderer(animation: animation, width: 200, height: 200, caches: true)
    let fresh = try FrameRenderer(animation: animation, width: 200, height: 200, caches: false)
    for frame in [0.0, 1, 2, 3, 22, 23, 24, 25] {
      #expect(cached.render(frame: frame).bytes == fresh.render(frame: frame).bytes, "frame \(frame)")
    }
    #expect(cached.scene.backdrop.restoredSteps == 3)
    #expect(cached.scene.backdrop.reusedSnapshots >= 1)
  }
}
