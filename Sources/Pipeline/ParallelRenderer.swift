import CairoRendering
import Dispatch
import Foundation
import Lottie
import Raster

/// What rendering needs besides the animation.
public struct RenderSettings: Sendable {
  /// Output width in pixels.
  public var width: Int
  /// Output height in pixels.
  public var height: Int
  /// Placement when aspect ratios differ.
  public var fit: FitMode
  /// Background colour, or nil for transparent.
  public var background: RGBA?
  /// Number of render workers.
  public var jobs: Int
  /// Decoded image assets by id (see ``ImageAssets``).
  public var images: [String: PixelBuffer]
  /// Pixels of background kept on every side; the animation is fitted inside the rest.
  public var padding: Int = 0
  /// The work a frame may take (shapes, vertices, glyphs, effect pixels, time), and the file errors name;
  /// a frame over a limit fails the render with ``WorkLimitExceeded``.
  public var workLimits = WorkLimits.defaults

  /// Makes settings.
  public init(
    width: Int, height: Int, fit: FitMode = .contain, background: RGBA? = nil, jobs: Int = defaultJobs,
    images: [String: PixelBuffer] = [:]
  ) {
    self.width = width
    self.height = height
    self.fit = fit
    self.background = background
    self.jobs = jobs
    self.images = images
  }

  /// One worker per active core.
  public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}

/// Shared state between the render workers and the consumer. Guarded by `condition`; it is
/// `@unchecked Sendable` because every access goes through the lock.
private final class FrameExchange: @unchecked Sendable {
  let condition = NSCondition()
  var nextIndex = 0
  var ready: [Int: PixelBuffer] = [:]
  var spare: [PixelBuffer] = []
  var inFlight = 0
  /// Buffers made so far (each frame-sized; the first write to one faults in all its pages).
  var buffersMade = 0
  /// The frame the consumer waits for or is consuming, and whether it holds it now.
  var consumerIndex = 0
  var consuming = false
  var cancelled = false
  var failure: (any Error)? = nil
  var finishedWorkers = 0
}

/// Renders a frame schedule on N workers and hands the frames to a consumer in order.
///
/// Each worker builds its own scene and Cairo surface from the shared immutable model and takes the next
/// frame index when fewer than `maxInFlight` frames are rendered-but-not-consumed, so memory is bounded
/// whatever the length of the animation. Frames come out identical whatever the worker count.
public enum ParallelRenderer {
  /// Renders every frame of `schedule` and calls `consume(index, buffer)` in index order on the calling
  /// thread. An error thrown by `consume` (or by building a worker) stops the workers and is rethrown.
  public static func run(
    animation: Animation, settings: RenderSettings, schedule: FrameSchedule,
    consume: (Int, PixelBuffer) throws -> Void
  ) throws {
    let jobs = max(1, settings.jobs)
    let maxInFlight = jobs * 2 + 1
    let exchange = FrameExchange()
    // The images are copied once into Cairo's layout here, and every worker draws from that copy.
    let images = SharedImages(settings.images)
    let group = DispatchGroup()
    let queue = DispatchQueue(label: "lottie2video.render", qos: .userInitiated, attributes: .concurrent)
    for _ in 0..<jobs {
      group.enter()
      queue.async {
        defer { group.leave() }
        worker(
          animation: animation, settings: settings, images: images, schedule: schedule, exchange: exchange,
          jobs: jobs, maxInFlight: maxInFlight)
      }
    }
    defer {
      exchange.condition.lock()
      exchange.cancelled = true
      exchange.condition.broadcast()
      exchange.condition.unlock()
      group.wait()
    }
    for index in 0..<schedule.count {
      exchange.condition.lock()
      exchange.consumerIndex = index
      // A worker waiting for a spare buffer waits for this one only once it is ready (see `takeBuffer`).
      if exchange.ready[index] != nil { exchange.condition.broadcast() }
      while exchange.ready[index] == nil && exchange.failure == nil { exchange.condition.wait() }
      if let failure = exchange.failure {
        exchange.condition.unlock()
        throw failure
      }
      guard let buffer = exchange.ready.removeValue(forKey: index) else {
        exchange.condition.unlock()
        preconditionFailure("frame \(index) vanished from the exchange")
      }
      exchange.consuming = true
      exchange.condition.unlock()
      try consume(index, buffer)
      exchange.condition.lock()
      exchange.consuming = false
      exchange.inFlight -= 1
      // Handed over, not shared: a reference kept here would make the worker's next write copy all 8 MB.
      exchange.spare.append(consume buffer)
      exchange.condition.broadcast()
      exchange.condition.unlock()
    }
  }

  /// About what making a frame buffer costs (faulting in its pages on the first write, 1 to 3 ms at 1080p):
  /// how long a worker waits for a buffer to come back from the consumer before it makes one.
  static let newBufferSeconds = 0.001

  /// The buffer a worker draws its next frame into (with `exchange`'s lock held), or nil when the run was
  /// stopped while it waited. A buffer this worker drew is redrawn only where the frame changed, so one of
  /// those comes first; then any spare one.
  ///
  /// A new buffer costs more than a light frame (a run of 25 light frames made 3 of them, 5 with two workers,
  /// and spent longer faulting them in than drawing), so when the consumer has a frame to give back (it holds
  /// one, or the one it waits for is ready) a worker waits for it: for about as long as a new buffer would
  /// cost while there are no more than one for each worker (a fast consumer, as `render`'s, then needs no
  /// more), and for as long as it takes once there is one more, for the consumer. Frames finished out of
  /// order still get new buffers (the consumer waits for another worker's frame then), and no worker waits
  /// for another. A buffer is made as a copy of the newest frame this worker drew that waits to be consumed,
  /// when there is one (`isShared`: the worker copies it out of the lock, and it too is redrawn only where the
  /// frame changed), else as a new one, drawn whole.
  private static func takeBuffer(
    for renderer: FrameRenderer, settings: RenderSettings, jobs: Int, exchange: FrameExchange
  ) -> (buffer: PixelBuffer, isShared: Bool)? {
    var deadline: Date? = nil
    while true {
      if let mine = exchange.spare.lastIndex(where: renderer.drewLast) {
        return (exchange.spare.remove(at: mine), false)
      }
      if !exchange.spare.isEmpty { return (exchange.spare.removeLast(), false) }
      if exchange.cancelled || exchange.failure != nil { return nil }
      guard exchange.consuming || exchange.ready[exchange.consumerIndex] != nil else { break }
      if exchange.buffersMade > jobs {
        exchange.condition.wait()
      } else {
        let until = deadline ?? Date(timeIntervalSinceNow: newBufferSeconds)
        deadline = until
        if !exchange.condition.wait(until: until) { break }
      }
    }
    exchange.buffersMade += 1
    var newest: (index: Int, buffer: PixelBuffer)? = nil
    for (index, buffer) in exchange.ready where index > (newest?.index ?? -1) && renderer.drewLast(buffer) {
      newest = (index, buffer)
    }
    if let newest { return (newest.buffer, true) }
    return (PixelBuffer(unpaintedWidth: settings.width, height: settings.height), false)
  }

  private static func worker(
    animation: Animation, settings: RenderSettings, images: SharedImages, schedule: FrameSchedule,
    exchange: FrameExchange, jobs: Int, maxInFlight: Int
  ) {
    let renderer: FrameRenderer
    do {
      renderer = try FrameRenderer(
        animation: animation, width: settings.width, height: settings.height, fit: settings.fit,
        background: settings.background, sharedImages: images, padding: settings.padding,
        limits: settings.workLimits)
    } catch {
      exchange.condition.lock()
      if exchange.failure == nil { exchange.failure = error }
      exchange.condition.broadcast()
      exchange.condition.unlock()
      return
    }
    while true {
      exchange.condition.lock()
      while exchange.inFlight >= maxInFlight && !exchange.cancelled && exchange.failure == nil {
        exchange.condition.wait()
      }
      if exchange.cancelled || exchange.failure != nil || exchange.nextIndex >= schedule.count {
        exchange.condition.unlock()
        return
      }
      let index = exchange.nextIndex
      exchange.nextIndex += 1
      exchange.inFlight += 1
      guard let (taken, isShared) = takeBuffer(for: renderer, settings: settings, jobs: jobs, exchange: exchange)
      else {
        exchange.condition.unlock()
        return
      }
      exchange.condition.unlock()
      // Copied here, out of the lock, into storage that faults in cheaply (not on the first write, as a copy
      // on write would). The frame copied is let go at once: a reference kept while this frame is drawn would
      // make whoever draws into it next, once it is consumed, copy it all again.
      var buffer: PixelBuffer
      if isShared {
        buffer = PixelBuffer(copyOf: taken)
        _ = consume taken
      } else {
        buffer = consume taken
      }

      renderer.render(frame: schedule.compositionFrame(index), into: &buffer)
      if let exceeded = renderer.workLimitExceeded {
        exchange.condition.lock()
        if exchange.failure == nil { exchange.failure = exceeded }
        exchange.condition.broadcast()
        exchange.condition.unlock()
        return
      }

      exchange.condition.lock()
      // Handed over (see `run`): a worker that stops here before letting go of it would make the worker
      // drawing into it next, once it is consumed, copy it.
      exchange.ready[index] = consume buffer
      exchange.condition.broadcast()
      exchange.condition.unlock()
    }
  }
}
