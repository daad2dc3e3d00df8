import CairoRendering
import Foundation
import Lottie
import Raster
import TestSupport
import Testing

@testable import Pipeline

/// When a render worker that finds no spare buffer waits for the consumer to give one back rather than make
/// a new one (8 MB at 1080p, faulted in page by page: on short files `render --jobs 1` spent 10-15% of its
/// time on a second buffer it made while the consumer's thread waited to run).
@Suite(.heavy)
struct ParallelRendererBufferWaitTests {
  static let started = Date(timeIntervalSinceReferenceDate: 1000)

  static func wait(consuming: Bool, nextIsReady: Bool, buffersMade: Int, jobs: Int) -> ParallelRenderer.BufferWait {
    ParallelRenderer.bufferWait(
      consuming: consuming, consumeStarted: started, nextIsReady: nextIsReady, buffersMade: buffersMade, jobs: jobs)
  }

  /// The consumer has not yet taken the frame it takes next, which is ready (it may be between two frames,
  /// or its thread may not have run yet): only scheduling stands between, so the worker waits, untimed,
  /// however few buffers there are.
  @Test(arguments: [1, 2])
  func aReadyFrameNotYetTakenIsWaitedFor(jobs: Int) {
    for made in 1...(jobs + 2) {
      #expect(Self.wait(consuming: false, nextIsReady: true, buffersMade: made, jobs: jobs) == .waitForConsumer)
    }
  }

  /// The consumer waits for a frame another worker draws: nothing comes back soon, so a buffer is made.
  @Test func aConsumerWaitingForAnotherWorkerGivesNothingBack() {
    #expect(Self.wait(consuming: false, nextIsReady: false, buffersMade: 1, jobs: 2) == .makeOne)
    #expect(Self.wait(consuming: false, nextIsReady: false, buffersMade: 0, jobs: 1) == .makeOne)
  }

  /// A consume is waited for as long as a new buffer costs, counted from when it started, while there are no
  /// more buffers than workers (a slow consumer, an encoder, lets the workers draw ahead); once there is one
  /// more, for as long as it takes.
  @Test func aConsumeIsWaitedForAsLongAsANewBufferCosts() {
    let deadline = Self.started.addingTimeInterval(ParallelRenderer.newBufferSeconds)
    #expect(Self.wait(consuming: true, nextIsReady: false, buffersMade: 1, jobs: 1) == .waitUntil(deadline))
    #expect(Self.wait(consuming: true, nextIsReady: true, buffersMade: 2, jobs: 2) == .waitUntil(deadline))
    #expect(Self.wait(consuming: true, nextIsReady: false, buffersMade: 2, jobs: 1) == .waitForConsumer)
    #expect(Self.wait(consuming: true, nextIsReady: true, buffersMade: 3, jobs: 2) == .waitForConsumer)
  }

  /// A moving bar on 320x180 frames.
  static func bar() throws -> Animation {
    let json =
      #"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":320,"h":180,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[280,0]}]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[20,90]},"s":{"a":0,"k":[40,180]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}]}]}"#
    return try LottieParser.parse(bytes: Array(json.utf8), file: "bar.json")
  }

  /// `render`'s consumer, which drops each frame at once: one worker draws every frame into one buffer, and
  /// the frames are the ones drawn into fresh buffers.
  @Test(.hangGuard)
  func oneWorkerAndAFastConsumerUseOneBuffer() throws {
    let animation = try Self.bar()
    let schedule = FrameSchedule(startFrame: 0, step: 1, count: 60)
    let fresh = try FrameRenderer(animation: animation, width: 320, height: 180)
    // Kept (a reference, no copy: the consumer stays fast) and compared after the run.
    var kept: [Int: PixelBuffer] = [:]
    let made = try ParallelRenderer.runCountingBuffers(
      animation: animation, settings: RenderSettings(width: 320, height: 180, jobs: 1), schedule: schedule
    ) { index, buffer in
      if index % 15 == 14 { kept[index] = buffer }
    }
    // One buffer, except when the consumer's thread is held off the CPU in the middle of a consume for longer
    // than a new buffer costs (the rule above then makes one, as it should): at most one more, never one a frame.
    #expect((1...2).contains(made))
    #expect(kept.count == 4)
    for (index, buffer) in kept {
      #expect(buffer == fresh.render(frame: schedule.compositionFrame(index)), "frame \(index)")
    }
  }

  /// Two workers with a fast consumer stay within the bound of frames in flight.
  @Test(.hangGuard)
  func twoWorkersAndAFastConsumerStayBounded() throws {
    let made = try ParallelRenderer.runCountingBuffers(
      animation: try Self.bar(), settings: RenderSettings(width: 320, height: 180, jobs: 2),
      schedule: FrameSchedule(startFrame: 0, step: 1, count: 60)
    ) { _, _ in }
    #expect((1...5).contains(made))
  }
}
