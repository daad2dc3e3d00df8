import CairoRendering
import Foundation
import Lottie
import Pipeline
import Raster
import TestSupport
import Testing

/// The pool of frame buffers: a worker that finds no spare buffer starts a new one as a copy of the newest
/// frame it drew that waits to be consumed, and redraws only what changed. The frames must be the ones drawn
/// into fresh buffers.
@Suite(.heavy)
struct BufferPoolTests {
  /// A 100x50 composition letterboxed in 64x64: a bar moving right over frames 0...10, then still.
  static let json =
    #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":50,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[80,0]}]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[10,25]},"s":{"a":0,"k":[20,50]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}]}]}"#

  /// A slow consumer, so that every worker runs ahead and makes its buffers while its frames wait.
  @Test(.hangGuard, arguments: [1, 2])
  func buffersMadeWhileFramesWaitHoldTheFramesDrawnFresh(jobs: Int) throws {
    let animation = try LottieParser.parse(bytes: Array(Self.json.utf8), file: "pool.json")
    let settings = RenderSettings(width: 64, height: 64, background: RGBA(0.2, 0.4, 0.6, 1), jobs: jobs)
    let schedule = FrameSchedule(startFrame: 0, step: 0.75, count: 20)
    let fresh = try FrameRenderer(animation: animation, width: 64, height: 64, background: RGBA(0.2, 0.4, 0.6, 1))
    var frames: [PixelBuffer] = []
    try ParallelRenderer.run(animation: animation, settings: settings, schedule: schedule) { _, buffer in
      Thread.sleep(forTimeInterval: 0.01)
      frames.append(buffer)
    }
    try #require(frames.count == 20)
    for index in 0..<20 {
      #expect(frames[index] == fresh.render(frame: schedule.compositionFrame(index)), "frame \(index)")
    }
    // The bar moves: the frames are not all the same.
    #expect(Set(frames.map(\.bytes)).count >= 10)
  }

  /// A consumer that gives buffers back at once (as `render`'s): workers wait for them rather than make new
  /// ones, and every frame is still the one drawn into a fresh buffer, in order.
  @Test(.hangGuard, arguments: [1, 2, 3])
  func aFastConsumerGetsTheFramesDrawnFresh(jobs: Int) throws {
    let animation = try LottieParser.parse(bytes: Array(Self.json.utf8), file: "pool.json")
    let settings = RenderSettings(width: 64, height: 64, jobs: jobs)
    let schedule = FrameSchedule(startFrame: 0, step: 0.5, count: 30)
    let fresh = try FrameRenderer(animation: animation, width: 64, height: 64)
    var frames: [[UInt8]] = []
    var indices: [Int] = []
    try ParallelRenderer.run(animation: animation, settings: settings, schedule: schedule) { index, buffer in
      indices.append(index)
      frames.append(buffer.bytes)
    }
    #expect(indices == Array(0..<30))
    for index in frames.indices {
      #expect(frames[index] == fresh.render(frame: schedule.compositionFrame(index)).bytes, "frame \(index)")
    }
    #expect(Set(frames).count >= 10)
  }
}
