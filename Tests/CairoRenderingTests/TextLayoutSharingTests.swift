import Foundation
import Lottie
import LottieScene
import Raster
import TestSupport
import Testing

@testable import CairoRendering

/// A text layer's layout is kept on its scene node (`TextNode`) and made again only when the node's version
/// changes: once a frame for animated text, shared by its bounds (the damage and its group's box) and its
/// drawing; once in all for static text.
struct TextLayoutSharingTests {
  /// An animated text layer drawn through a group (opacity 50%): bounded for the damage, bounded for its
  /// group, then drawn.
  static func animation(animators: String = TextBoundsTests.turning) throws -> Animation {
    let (members, name, glyph) = TextBoundsTests.fontMembers("box")
    let layer = TextBoundsTests.textLayer(
      1, font: name, documents: [(0, glyph + glyph)], position: #"{"a":0,"k":[50,60]}"#, stroke: 2,
      animators: animators, transform: #","o":{"a":0,"k":50}"#)
    let json = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,\#(members),"layers":[\#(layer)]}"#
    return try LottieParser.parse(bytes: Array(json.utf8), file: "text-once.json")
  }

  @Test(arguments: [true, false]) func oneLayoutAFrame(caches: Bool) throws {
    let renderer = try FrameRenderer(animation: try Self.animation(), width: 100, height: 100, caches: caches)
    var buffer = PixelBuffer(width: 100, height: 100)
    for frame in [0.0, 1, 2, 7, 7.5, 12, 3] {
      let before = renderer.scene.textLayoutsMade
      renderer.render(frame: frame, into: &buffer)
      #expect(renderer.scene.textLayoutsMade - before == 1, "frame \(frame)")
    }
  }

  /// Static text (here under an animator whose values do not move) is laid out once, whatever the frames.
  @Test(arguments: [true, false]) func staticTextIsLaidOutOnce(caches: Bool) throws {
    let still = TextBoundsTests.turning.replacingOccurrences(of: #"{"t":12,"s":[90]}"#, with: #"{"t":12,"s":[0]}"#)
    let animation = try Self.animation(animators: still)
    let renderer = try FrameRenderer(animation: animation, width: 100, height: 100, caches: caches)
    var buffer = PixelBuffer(width: 100, height: 100)
    for frame in [0.0, 1, 2, 7, 7.5, 12, 3] { renderer.render(frame: frame, into: &buffer) }
    #expect(renderer.scene.textLayoutsMade == 1)
    #expect(buffer.bytes.contains { $0 != 0 })
  }

  /// The shared layout draws what a layout of its own would: frames equal those of a renderer drawing each
  /// frame fresh, whatever frames came before.
  @Test func sharedLayoutsDrawTheSamePixels() throws {
    let animation = try Self.animation()
    let renderer = try FrameRenderer(animation: animation, width: 100, height: 100, caches: true)
    var buffer = PixelBuffer(width: 100, height: 100)
    for frame in [0.0, 4, 9, 4, 12] {
      renderer.render(frame: frame, into: &buffer)
      let fresh = try FrameRenderer(animation: animation, width: 100, height: 100, caches: false)
      #expect(BufferReuseTests.differingBytes(buffer, fresh.render(frame: frame)) == 0, "frame \(frame)")
      #expect(buffer.bytes.contains { $0 != 0 })
    }
  }
}
