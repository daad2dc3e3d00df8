import CCairo
import Foundation
import Lottie
import Pipeline
import Raster
import TestSupport
import Testing

@testable import CairoRendering

/// The renderer's caches: each gives the bytes drawing again would, is used where it should be, and stays
/// inside its budget. (The corpus-wide comparison is in `CacheExactnessTests`.)
@Suite(.heavy)
struct RenderCacheTests {
  /// A 200x200 composition: a big static bottom (a gradient square under a blurred ellipse, both still) and a
  /// small red square moving right by 2 px a frame over frames 0...20, then still.
  static let json = #"""
    {"v":"5.7.0","fr":30,"ip":0,"op":60,"w":200,"h":200,"layers":[
     {"ty":4,"nm":"mover","ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[20,100],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":20,"s":[60,100]}]}},
      "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}]},
     {"ty":4,"nm":"blurred","ind":2,"ip":0,"op":60,"st":0,"ks":{},"ef":[{"ty":29,"nm":"Gaussian Blur","ef":[{"ty":0,"nm":"Blurriness","v":{"a":0,"k":30}},{"ty":7,"nm":"Dimensions","v":{"a":0,"k":1}}]}],
      "shapes":[{"ty":"el","p":{"a":0,"k":[140,60]},"s":{"a":0,"k":[60,40]}},{"ty":"fl","c":{"a":0,"k":[0,0.6,1]},"o":{"a":0,"k":100}}]},
     {"ty":4,"nm":"ground","ind":3,"ip":0,"op":60,"st":0,"ks":{},
      "shapes":[{"ty":"rc","p":{"a":0,"k":[100,100]},"s":{"a":0,"k":[180,180]},"r":{"a":0,"k":20}},
                {"ty":"gf","t":1,"o":{"a":0,"k":100},"r":1,"s":{"a":0,"k":[10,10]},"e":{"a":0,"k":[190,190]},"g":{"p":2,"k":{"a":0,"k":[0,0.2,0.8,0.2,1,0.9,0.9,0.1]}}},
                {"ty":"st","c":{"a":0,"k":[0,0,0]},"o":{"a":0,"k":100},"w":{"a":0,"k":3},"lc":2,"lj":2}]}]}
    """#

  static func animation() throws -> Animation {
    try LottieParser.parse(bytes: Array(json.utf8), file: "caches.json")
  }

  @Test func aMovingSquareOverAStillBottomRedrawsLittleAndMatchesFreshFrames() throws {
    let animation = try Self.animation()
    let cached = try FrameRenderer(animation: animation, width: 200, height: 200, caches: true)
    let fresh = try FrameRenderer(animation: animation, width: 200, height: 200, caches: false)
    var buffer = PixelBuffer(width: 200, height: 200)
    for frame in 0..<30 {
      cached.render(frame: Double(frame), into: &buffer)
      #expect(buffer.bytes == fresh.render(frame: Double(frame)).bytes, "frame \(frame)")
      if (2..<20).contains(frame) {
        // Only the square's old and new places (12 px apart at most) were drawn again.
        guard case .rect(let area)? = cached.lastRegion else {
          Issue.record("frame \(frame): drawn whole (\(String(describing: cached.lastRegion)))")
          continue
        }
        #expect(area.width <= 20 && area.height <= 16, "frame \(frame): \(area)")
      }
      if frame > 21 {
        // The square has stopped: the buffer already shows the frame.
        #expect(cached.lastRegion == FrameDamage.Region.none, "frame \(frame)")
      }
    }
  }

  @Test func aBufferShowingTheFrameIsLeftAsItIs() throws {
    let renderer = try FrameRenderer(animation: try Self.animation(), width: 100, height: 100, caches: true)
    var buffer = PixelBuffer(width: 100, height: 100)
    renderer.render(frame: 25, into: &buffer)
    let tag = buffer.contentTag
    #expect(tag != 0)
    // Frames 25 and 40 look the same: the second render does not touch the pixels (marked to tell).
    buffer.bytes[0] = 77
    renderer.render(frame: 40, into: &buffer)
    #expect(buffer.contentTag == tag && buffer.bytes[0] == 77)
    // Another renderer's tag means nothing to this one: it draws.
    let other = try FrameRenderer(animation: try Self.animation(), width: 100, height: 100, caches: true)
    other.render(frame: 40, into: &buffer)
    #expect(buffer.contentTag != tag && buffer.bytes[0] == 0)
    // Without caches nothing is tagged, so nothing is skipped.
    let uncached = try FrameRenderer(animation: try Self.animation(), width: 100, height: 100, caches: false)
    uncached.render(frame: 40, into: &buffer)
    #expect(buffer.contentTag == 0)
  }

  @Test func theStillBottomIsCopiedBackAndTheBlurIsKept() throws {
    let renderer = try FrameRenderer(animation: try Self.animation(), width: 200, height: 200, caches: true)
    for frame in 0..<4 { _ = renderer.render(frame: Double(frame)) }
    // Fresh buffers (drawn whole): the ground and the blurred ellipse are the still bottom, copied back.
    #expect(renderer.scene.backdrop.restoredSteps == 2)
    // Without caches neither is kept.
    let uncached = try FrameRenderer(animation: try Self.animation(), width: 200, height: 200, caches: false)
    for frame in 0..<4 { _ = uncached.render(frame: Double(frame)) }
    #expect(uncached.scene.backdrop.restoredSteps == 0)
    #expect(uncached.scene.caches.bytesHeld == 0)
  }

  @Test func aLayersImageIsKeptWhileItIsUnchanged() throws {
    let animation = try Self.animation()
    // The blurred ellipse above the mover: not in the still bottom, so its image is what is reused.
    var layers = animation.layers
    layers.swapAt(0, 1)
    var moved = animation
    moved.layers = layers
    let renderer = try FrameRenderer(animation: moved, width: 200, height: 200, caches: true)
    let fresh = try FrameRenderer(animation: moved, width: 200, height: 200, caches: false)
    for frame in 0..<4 {
      #expect(renderer.render(frame: Double(frame)).bytes == fresh.render(frame: Double(frame)).bytes)
    }
    #expect(renderer.scene.layerGroups.hits >= 3)
  }

  @Test func cachesStayInsideTheirBudget() throws {
    let caches = RenderCaches(isEnabled: true, budget: 3 * 100 * 100 * 4)
    let entries = (0..<5).map { _ in CachedSurface() }
    for entry in entries {
      guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 100, 100) else { return }
      caches.store(surface, in: entry)
      #expect(caches.bytesHeld <= caches.budget)
    }
    // The two used least recently went first.
    #expect(entries.map { $0.surface != nil } == [false, false, true, true, true])
    caches.touch(entries[2])
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 100, 100) else { return }
    caches.store(surface, in: entries[0])
    #expect(entries.map { $0.surface != nil } == [true, false, true, false, true])
    // A surface larger than the whole budget is not kept.
    guard let big = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 400, 400) else { return }
    caches.store(big, in: entries[1])
    #expect(entries[1].surface == nil && caches.bytesHeld <= caches.budget)
  }

  @Test(
    "images drawn small are shrunk to the quarter octave above, from a 0.75 drawn scale down",
    arguments: [
      (1.0, nil), (0.8, nil), (0.75, nil), (0.74, 0.8409), (0.5, 0.5), (0.45, 0.5), (0.3, 0.3536),
      (0.0001, 0.015625),
    ] as [(Double, Double?)])
  func stepScales(scale: Double, step: Double?) {
    let actual = ImageScaling.stepScale(scale)
    if let step {
      #expect(actual.map { abs($0 - step) < 1e-4 } == true, "\(scale): \(String(describing: actual))")
      // Drawing the copy is then a shrink of at most 0.84, where Cairo's good filter is bilinear.
      #expect(actual.map { scale / $0 >= 0.75 || scale < 0.0002 } == true)
    } else {
      #expect(actual == nil)
    }
  }

  /// `--jobs 1` and `--jobs 3` give the same bytes with every cache at work: still bottoms, partly redrawn
  /// frames in buffers passed between workers, kept layer images, shrunk images.
  @Test(
    .enabled(if: Fixtures.corpus != nil, "the shared corpus is absent (set L2V_CORPUS)"),
    arguments: [
      "thorvg-example__res--lottie--fun_animation.json", "lottie-converter__test-files--01.json",
      "rlottie__example--resource--tractor.json", "lottie-web__test--animations--navidad.json",
    ])
  func jobsAgreeOnCorpusFiles(_ name: String) throws {
    guard let corpus = Fixtures.corpus else { return }
    let path = corpus.appendingPathComponent(name).path
    let animation = try LottieParser.load(contentsOf: path)
    let assets = ImageAssets.load(animation, baseDirectory: corpus.path, file: path)
    let schedule = FrameSchedule(startFrame: animation.inPoint, step: 1, count: 16)
    func frames(_ jobs: Int) throws -> [PixelBuffer] {
      var settings = RenderSettings(width: 160, height: 120, jobs: jobs)
      settings.images = assets.images
      var out: [PixelBuffer] = []
      try ParallelRenderer.run(animation: animation, settings: settings, schedule: schedule) { _, buffer in
        out.append(buffer)
      }
      return out
    }
    let serial = try frames(1), parallel = try frames(3)
    #expect(serial.count == 16 && parallel.count == 16)
    for (index, (a, b)) in zip(serial, parallel).enumerated() { #expect(a == b, "\(name) frame \(index)") }
  }
}
