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
          maxInFlight: maxInFlight)
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
      while exchange.ready[index] == nil && exchange.failure == nil { exchange.condition.wait() }
      if let failure = exchange.failure {
        exchange.condition.unlock()
        throw failure
      }
      guard let buffer = exchange.ready.removeValue(forKey: index) else {
        exchange.condition.unlock()
        preconditionFailure("frame \(index) vanished from the exchange")
      }
      exchange.condition.unlock()
      try consume(index, buffer)
      exchange.condition.lock()
      exchange.inFlight -= 1
      exchange.spare.append(buffer)
      exchange.condition.broadcast()
      exchange.condition.unlock()
    }
  }

  /// The buffer a worker draws its next frame into (with `exchange`'s lock held). A buffer this worker drew
  /// is redrawn only where the frame changed, so one of those comes first; then any spare one. Only when none
  /// is spare is a buffer made: as a copy of the newest frame this worker drew that waits to be consumed, when
  /// there is one (the copy is made when the worker first writes to it, and it too is redrawn only where the
  /// frame changed), else a new one, drawn whole. So a run draws few frames whole and touches few new pages,
  /// whatever the number of buffers in flight.
  private static func takeBuffer(for renderer: FrameRenderer, settings: RenderSettings, exchange: FrameExchange)
    -> PixelBuffer
  {
    if let mine = exchange.spare.lastIndex(where: renderer.drewLast) { return exchange.spare.remove(at: mine) }
    if !exchange.spare.isEmpty { return exchange.spare.removeLast() }
    var newest: (index: Int, buffer: PixelBuffer)? = nil
    for (index, buffer) in exchange.ready where index > (newest?.index ?? -1) && renderer.drewLast(buffer) {
      newest = (index, buffer)
    }
    if let newest { return newest.buffer }
    return PixelBuffer(width: settings.width, height: settings.height)
  }

  private static func worker(
    animation: Animation, settings: RenderSettings, images: SharedImages, schedule: FrameSchedule,
    exchange: FrameExchange, maxInFlight: Int
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
      var buffer = takeBuffer(for: renderer, settings: settings, exchange: exchange)
      exchange.condition.unlock()

      renderer.render(frame: schedule.compositionFrame(index), into: &buffer)
      if let exceeded = renderer.workLimitExceeded {
        exchange.condition.lock()
        if exchange.failure == nil { exchange.failure = exceeded }
        exchange.condition.broadcast()
        exchange.condition.unlock()
        return
      }

      exchange.condition.lock()
      exchange.ready[index] = buffer
      exchange.condition.broadcast()
      exchange.condition.unlock()
    }
  }
}
