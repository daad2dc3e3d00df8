import CCairo
import Foundation
import Lottie
import Raster
import Testing

@testable import CairoRendering

/// A group whose opacity alone changed since it was drawn is composited from its kept pixels (see
/// `LayerGroupCache`), and only then: every frame equals one drawn afresh without caches.
struct FadingGroupReuseTests {
  /// A 200x200 composition with a precomp layer fading in over frames 0...30 (a group every frame). The precomp
  /// holds a red square and a blue disc over it (two paints: no single paint takes the opacity itself);
  /// `inner` is the square's position, `outer` the precomp layer's.
  static func json(
    inner: String, outer: String = #"{"a":0,"k":[0,0]}"#, color: String = #"{"a":0,"k":[1,0,0]}"#
  ) -> String {
    #"""
    {"v":"5.7.0","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[{"id":"inner","layers":[
      {"ty":4,"nm":"disc","ind":1,"ip":0,"op":60,"st":0,"ks":{},
       "shapes":[{"ty":"el","p":{"a":0,"k":[100,100]},"s":{"a":0,"k":[60,60]}},{"ty":"fl","c":{"a":0,"k":[0,0,1]},"o":{"a":0,"k":100}}]},
      {"ty":4,"nm":"square","ind":2,"ip":0,"op":60,"st":0,"ks":{"p":\#(inner)},
       "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[50,50]},"r":{"a":0,"k":0}},{"ty":"fl","c":\#(color),"o":{"a":0,"k":100}}]}]}],
     "layers":[
      {"ty":0,"nm":"fading","ind":1,"refId":"inner","w":200,"h":200,"ip":0,"op":60,"st":0,
       "ks":{"p":\#(outer),"o":{"a":1,"k":[{"t":0,"s":[5],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[95]}]}}},
      {"ty":1,"nm":"ground","ind":2,"ip":0,"op":60,"st":0,"sc":"#33cc66","sw":200,"sh":200,"ks":{}}]}
    """#
  }

  static let still = #"{"a":0,"k":[90,90]}"#
  static let moving = #"{"a":1,"k":[{"t":0,"s":[40,40],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[130,100]}]}"#

  /// Renders frames 0..<20 with caches, into fresh buffers and into one reused buffer (frames redrawn in part
  /// where they can be), and checks each against a renderer without caches; the cached renderers' reuses.
  static func render(_ json: String, size: Int = 200) throws -> (whole: Int, reused: Int) {
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "fading.json")
    let whole = try FrameRenderer(animation: animation, width: size, height: size, caches: true)
    let reused = try FrameRenderer(animation: animation, width: size, height: size, caches: true)
    let fresh = try FrameRenderer(animation: animation, width: size, height: size, caches: false)
    var buffer = PixelBuffer(width: size, height: size)
    for frame in 0..<20 {
      let expected = fresh.render(frame: Double(frame)).bytes
      #expect(whole.render(frame: Double(frame)).bytes == expected, "frame \(frame), fresh buffer")
      reused.render(frame: Double(frame), into: &buffer)
      #expect(buffer.bytes == expected, "frame \(frame), reused buffer")
    }
    #expect(fresh.scene.layerGroups.hits == 0 && fresh.scene.caches.bytesHeld == 0)
    return (whole.scene.layerGroups.hits, reused.scene.layerGroups.hits)
  }

  @Test func aGroupWhoseOpacityAloneChangesIsReused() throws {
    let hits = try Self.render(Self.json(inner: Self.still))
    // Drawn at frames 0 and 1 (kept the second time), reused from frame 2 on.
    #expect(hits.whole == 18)
    #expect(hits.reused >= 10)
  }

  @Test func aGroupWhoseContentAlsoChangesIsDrawnAgain() throws {
    // The square moves inside the fading precomp: the kept group must not be used (the pixels would show the
    // square where it was).
    let hits = try Self.render(Self.json(inner: Self.moving))
    #expect(hits.whole == 0 && hits.reused == 0)
  }

  @Test func aGroupWhoseColourChangesIsDrawnAgain() throws {
    // The square's colour animates (its bounds, and so the group's clip, stay): only the version tells.
    let color = #"{"a":1,"k":[{"t":0,"s":[1,0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[0,1,0]}]}"#
    let hits = try Self.render(Self.json(inner: Self.still, color: color))
    #expect(hits.whole == 0 && hits.reused == 0)
  }

  @Test func aGroupThatMovesIsDrawnAgain() throws {
    // The precomp layer moves by whole pixels, its content still: a new matrix and clip, drawn again.
    let outer = #"{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[30,0]}]}"#
    let hits = try Self.render(Self.json(inner: Self.still, outer: outer))
    #expect(hits.whole == 0 && hits.reused == 0)
  }

  @Test func aGroupDrawnScaledMatchesFreshFrames() throws {
    // At 150 px the composition is scaled by 0.75: the disc's and the square's edges fall between pixels.
    let hits = try Self.render(Self.json(inner: Self.still), size: 150)
    #expect(hits.whole == 18)
  }

  /// A faded precomp over the whole frame (its group as large as the frame) over a small moving square and a
  /// still masked ground (kept as the backdrop snapshot, plus the ground's own image): at 800 px the group and
  /// the snapshot are each half the byte budget, so they cannot both be kept with the image.
  static let crowded = #"""
    {"v":"5.7.0","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[{"id":"veil","layers":[
      {"ty":4,"nm":"disc","ind":1,"ip":0,"op":60,"st":0,"ks":{},
       "shapes":[{"ty":"el","p":{"a":0,"k":[100,100]},"s":{"a":0,"k":[120,120]}},{"ty":"fl","c":{"a":0,"k":[0,0,1]},"o":{"a":0,"k":100}}]},
      {"ty":4,"nm":"sheet","ind":2,"ip":0,"op":60,"st":0,"ks":{},
       "shapes":[{"ty":"rc","p":{"a":0,"k":[100,100]},"s":{"a":0,"k":[200,200]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,1]},"o":{"a":0,"k":100}}]}]}],
     "layers":[
      {"ty":0,"nm":"veil","ind":1,"refId":"veil","w":200,"h":200,"ip":0,"op":60,"st":0,"ks":{"o":{"a":0,"k":10}}},
      {"ty":4,"nm":"mover","ind":2,"ip":0,"op":60,"st":0,
       "ks":{"p":{"a":1,"k":[{"t":0,"s":[20,20],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[50,20]}]}},
       "masksProperties":[{"mode":"a","inv":false,"o":{"a":0,"k":100},"x":{"a":0,"k":0},
         "pt":{"a":0,"k":{"c":true,"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[-5,-5],[5,-5],[-5,5]]}}}],
       "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}]},
      {"ty":4,"nm":"ground","ind":3,"ip":0,"op":60,"st":0,"ks":{},
       "masksProperties":[{"mode":"a","inv":false,"o":{"a":0,"k":100},"x":{"a":0,"k":0},
         "pt":{"a":0,"k":{"c":true,"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[100,100],[190,100],[190,190],[100,190]]}}}],
       "shapes":[{"ty":"rc","p":{"a":0,"k":[100,100]},"s":{"a":0,"k":[180,180]},"r":{"a":0,"k":20}},
         {"ty":"st","c":{"a":0,"k":[0,0,0]},"o":{"a":0,"k":100},"w":{"a":0,"k":4}},
         {"ty":"fl","c":{"a":0,"k":[0.2,0.8,0.4]},"o":{"a":0,"k":100}}]}]}
    """#

  @Test func aKeptGroupNeverPushesTheBackdropOut() throws {
    let size = 800
    let animation = try LottieParser.parse(bytes: Array(Self.crowded.utf8), file: "crowded.json")
    let reused = try FrameRenderer(animation: animation, width: size, height: size, caches: true)
    let fresh = try FrameRenderer(animation: animation, width: size, height: size, caches: false)
    #expect(reused.scene.caches.budget == 2 * 4 * size * size)
    var buffer = PixelBuffer(width: size, height: size)
    for frame in 0..<12 {
      reused.render(frame: Double(frame), into: &buffer)
      #expect(buffer.bytes == fresh.render(frame: Double(frame)).bytes, "frame \(frame)")
      // Frame 0 is drawn whole, frame 1 takes the snapshot of the ground; from then on only the square's
      // area is drawn, over the snapshot put back. (With the group evicting the snapshot, and the snapshot
      // the group, every frame was drawn whole and took a new snapshot.)
      guard frame >= 2 else { continue }
      #expect(reused.lastRegion != .all, "frame \(frame) drawn whole")
      #expect(reused.scene.backdrop.restoredSteps == 1, "frame \(frame)")
    }
  }

  @Test func keptGroupsGiveWayToEveryOtherEntry() throws {
    func surface(_ width: Int) throws -> OpaquePointer {
      try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), 100))
    }
    // 40 000 bytes a 100x100 image: room for two.
    let caches = RenderCaches(isEnabled: true, budget: 80_000)
    let backdrop = CachedSurface(), group = CachedSurface(), other = CachedSurface(), image = CachedSurface()
    caches.store(try surface(100), in: backdrop)
    caches.store(try surface(100), in: group, kind: .group)
    #expect(caches.bytesHeld == 80_000)
    // A group is kept only in the room the others leave: it evicts groups, never the backdrop.
    caches.touch(group)
    caches.store(try surface(100), in: other, kind: .group)
    #expect(backdrop.surface != nil && group.surface == nil && other.surface != nil)
    caches.store(try surface(150), in: group, kind: .group)
    #expect(group.surface == nil && backdrop.surface != nil && other.surface != nil)
    // Another entry evicts groups first, even ones used more recently than the backdrop.
    caches.touch(other)
    caches.store(try surface(50), in: image)
    #expect(backdrop.surface != nil && image.surface != nil && other.surface == nil)
    #expect(caches.bytesHeld == 60_000)
    // Past groups, other entries go least recently used first, as before.
    caches.store(try surface(150), in: other)
    #expect(backdrop.surface == nil && image.surface != nil && other.surface != nil)
    #expect(caches.bytesHeld == 80_000)
  }
}
