import CairoRendering
import Foundation
import Lottie
import Raster
import TestSupport
import Testing

@testable import Pipeline

/// `ParallelRenderer.run(…preparing:…)`: each worker draws into a buffer of its own and hands over what its
/// preparing function made of it (an export: the encoder's picture), in order, with a bounded number of
/// frames in flight.
@Suite(.heavy)
struct PreparedFramesTests {
  /// Stands for an encoder's picture: a copy of the frame's bytes, made by the worker that drew it.
  final class Prepared: Sendable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
  }

  /// A counter the workers' preparing factories share.
  final class Count: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
  }

  /// The frames handed over are the ones drawn into fresh buffers, in order, though each worker redraws its
  /// own buffer only where the frame changed; each worker makes one preparing function.
  @Test(.hangGuard, arguments: [1, 2, 3])
  func preparedFramesAreTheFramesDrawnFreshInOrder(jobs: Int) throws {
    let animation = try LottieParser.parse(bytes: Array(BufferPoolTests.json.utf8), file: "prepared.json")
    let settings = RenderSettings(width: 64, height: 64, background: RGBA(0.2, 0.4, 0.6, 1), jobs: jobs)
    let schedule = FrameSchedule(startFrame: 0, step: 0.5, count: 30)
    let fresh = try FrameRenderer(animation: animation, width: 64, height: 64, background: RGBA(0.2, 0.4, 0.6, 1))
    let factories = Count()
    var frames: [[UInt8]] = []
    var indices: [Int] = []
    try ParallelRenderer.run(
      animation: animation, settings: settings, schedule: schedule,
      preparing: {
        factories.increment()
        return { buffer in Prepared(buffer.bytes) }
      }
    ) { index, frame in
      indices.append(index)
      frames.append(frame.bytes)
    }
    #expect(indices == Array(0..<30))
    for index in frames.indices {
      #expect(frames[index] == fresh.render(frame: schedule.compositionFrame(index)).bytes, "frame \(index)")
    }
    #expect(Set(frames).count >= 10)
    #expect(factories.value <= jobs)
  }

  /// With a slow consumer the workers run ahead, but never by more than the bound: memory stays flat in
  /// the number of frames.
  @Test(.hangGuard, arguments: [1, 2])
  func framesInFlightStayWithinTheBound(jobs: Int) throws {
    let animation = try LottieParser.parse(bytes: Array(BufferPoolTests.json.utf8), file: "prepared.json")
    let settings = RenderSettings(width: 64, height: 64, jobs: jobs)
    let schedule = FrameSchedule(startFrame: 0, step: 0.5, count: 24)
    var consumed = 0
    let (most, bound) = try ParallelRenderer.runPreparing(
      animation: animation, settings: settings, schedule: schedule,
      preparing: { { buffer in Prepared(buffer.bytes) } }
    ) { _, _ in
      Thread.sleep(forTimeInterval: 0.01)
      consumed += 1
    }
    #expect(consumed == 24)
    #expect(bound == 2 * jobs + 1)
    #expect(most <= bound)
    // The workers did run ahead of the slow consumer, up to the bound.
    #expect(most == bound)
  }

  struct PrepareFailed: Error, Equatable {}

  /// An error from a preparing function stops the run and is rethrown; no frame after it is consumed.
  @Test(.hangGuard)
  func aPreparingErrorStopsTheRun() throws {
    let animation = try LottieParser.parse(bytes: Array(BufferPoolTests.json.utf8), file: "prepared.json")
    let settings = RenderSettings(width: 32, height: 32, jobs: 2)
    let schedule = FrameSchedule(startFrame: 0, step: 1, count: 20)
    let prepared = Count()
    var consumed: [Int] = []
    #expect(throws: PrepareFailed()) {
      try ParallelRenderer.run(
        animation: animation, settings: settings, schedule: schedule,
        preparing: {
          { buffer in
            prepared.increment()
            if prepared.value > 5 { throw PrepareFailed() }
            return Prepared(buffer.bytes)
          }
        }
      ) { index, _ in consumed.append(index) }
    }
    #expect(consumed.count < 20)
    #expect(consumed == Array(0..<consumed.count))
  }
}
