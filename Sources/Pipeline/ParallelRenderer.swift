import CairoRendering
import Dispatch
import Foundation
import Lottie
import Raster
import TextLayout

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
  /// The animation's fonts (see `FontLibrary.prepare`); the system's by default.
  public var fonts: FontSet = .shared
  /// Pixels of background kept on every side; the animation is fitted inside the rest.
  public var padding: Int = 0
  /// The work a frame may take (shapes, vertices, glyphs, effect pixels, time), and the file errors name;
  /// a frame over a limit fails the render with ``WorkLimitExceeded``.
  public var workLimits = WorkLimits.defaults
  /// What becomes of text that does not fit (`TextFit`, applied to the animation before it is rendered; kept
  /// here so that a plan says it).
  public var textFit = TextFitMode.none

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
/// `@unchecked Sendable` because every access goes through the lock. `Frame` is what the workers hand
/// over: their buffers, or what they made of them
/// (``ParallelRenderer/run(animation:settings:schedule:preparing:consume:)``).
private final class FrameExchange<Frame>: @unchecked Sendable {
  let condition = NSCondition()
  var nextIndex = 0
  var ready: [Int: Frame] = [:]
  var spare: [PixelBuffer] = []
  var inFlight = 0
  /// Buffers made so far (each frame-sized; the first write to one faults in all its pages).
  var buffersMade = 0
  /// The frame the consumer takes next or is consuming (advanced as soon as it gives a frame back, so that
  /// "the consumer has a frame to give back" reads the same between two frames), whether it holds it now,
  /// and since when.
  var consumerIndex = 0
  var consuming = false
  var consumeStarted = Date.distantPast
  /// Workers waiting in `takeBuffer` (the consumer tells them when it starts a frame).
  var waitingForBuffer = 0
  var cancelled = false
  var failure: (any Error)? = nil
  var finishedWorkers = 0
  /// The most frames taken by workers and not yet consumed at any one time (for tests).
  var mostInFlight = 0

  /// Records `error` as the run's failure unless there is one already, and wakes everyone (lock held).
  func fail(_ error: any Error) {
    if failure == nil { failure = error }
    condition.broadcast()
  }

  /// Takes the next frame index for a worker once fewer than `maxInFlight` frames are in flight, or nil when
  /// the run is over (lock held).
  func nextFrame(count: Int, maxInFlight: Int) -> Int? {
    while inFlight >= maxInFlight && !cancelled && failure == nil { condition.wait() }
    if cancelled || failure != nil || nextIndex >= count { return nil }
    let index = nextIndex
    nextIndex += 1
    inFlight += 1
    mostInFlight = max(mostInFlight, inFlight)
    return index
  }
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
    _ = try runCountingBuffers(animation: animation, settings: settings, schedule: schedule, consume: consume)
  }

  /// ``run(animation:settings:schedule:consume:)``, returning how many frame buffers the workers made (for
  /// tests: a consumer that gives each frame back at once needs one for each worker).
  static func runCountingBuffers(
    animation: Animation, settings: RenderSettings, schedule: FrameSchedule,
    consume: (Int, PixelBuffer) throws -> Void
  ) throws -> Int {
    let jobs = max(1, settings.jobs)
    let maxInFlight = jobs * 2 + 1
    let exchange = FrameExchange<PixelBuffer>()
    // The images are copied once into Cairo's layout here, and every worker draws from that copy.
    let images = RenderResources(images: SharedImages(settings.images), fonts: settings.fonts)
    let workers = startWorkers(jobs: jobs) {
      worker(
        animation: animation, settings: settings, images: images, schedule: schedule, exchange: exchange,
        jobs: jobs, maxInFlight: maxInFlight)
    }
    // Handed over, not shared (a consuming parameter, moved in at its last use): a reference kept here would
    // make the worker's next write copy all 8 MB.
    try consumeInOrder(count: schedule.count, exchange: exchange, workers: workers, consume: consume) {
      (buffer: consuming PixelBuffer) in exchange.spare.append(buffer)
    }
    exchange.condition.lock()
    defer { exchange.condition.unlock() }
    return exchange.buffersMade
  }

  /// Renders every frame of `schedule`, lets the worker that drew it turn it into a `Frame` with the
  /// function `preparing` gives that worker (one each, made on the worker: it may keep scratch space), and
  /// calls `consume(index, frame)` in index order on the calling thread. For an encoder whose colour
  /// conversion the workers can run (``VideoEncoder/workerConversion``).
  ///
  /// Each worker keeps one buffer of its own, which it redraws only where the next frame it draws changed,
  /// and hands over only what `preparing` made of it. At most `2 × jobs + 1` frames are in flight (taken by a
  /// worker and not yet consumed), so at most that many `Frame`s exist at once besides the one consumed.
  /// Errors as ``run(animation:settings:schedule:consume:)``; an error thrown by the preparing function
  /// stops the run too.
  public static func run<Frame: Sendable>(
    animation: Animation, settings: RenderSettings, schedule: FrameSchedule,
    preparing: @escaping @Sendable () -> (PixelBuffer) throws -> Frame,
    consume: (Int, Frame) throws -> Void
  ) throws {
    _ = try runPreparing(
      animation: animation, settings: settings, schedule: schedule, preparing: preparing, consume: consume)
  }

  /// ``run(animation:settings:schedule:preparing:consume:)``, returning the most frames that were in flight
  /// at once (for tests of the bound).
  static func runPreparing<Frame: Sendable>(
    animation: Animation, settings: RenderSettings, schedule: FrameSchedule,
    preparing: @escaping @Sendable () -> (PixelBuffer) throws -> Frame,
    consume: (Int, Frame) throws -> Void
  ) throws -> (mostInFlight: Int, maxInFlight: Int) {
    let jobs = max(1, settings.jobs)
    let maxInFlight = jobs * 2 + 1
    let exchange = FrameExchange<Frame>()
    let images = RenderResources(images: SharedImages(settings.images), fonts: settings.fonts)
    let workers = startWorkers(jobs: jobs) {
      preparingWorker(
        animation: animation, settings: settings, images: images, schedule: schedule, exchange: exchange,
        maxInFlight: maxInFlight, preparing: preparing)
    }
    try consumeInOrder(count: schedule.count, exchange: exchange, workers: workers, consume: consume) { _ in }
    exchange.condition.lock()
    defer { exchange.condition.unlock() }
    return (exchange.mostInFlight, maxInFlight)
  }

  /// Starts `jobs` workers running `work` on a concurrent queue; ``consumeInOrder`` stops them and waits
  /// for them when it ends.
  private static func startWorkers(jobs: Int, work: @escaping @Sendable () -> Void) -> DispatchGroup {
    let group = DispatchGroup()
    let queue = DispatchQueue(label: "lottie2video.render", qos: .userInitiated, attributes: .concurrent)
    for _ in 0..<jobs {
      group.enter()
      queue.async {
        defer { group.leave() }
        // A crash on a worker (a stack overflow too) is reported as on the main thread (`CrashReport`).
        SignalStack.ensure()
        work()
      }
    }
    return group
  }

  /// The consumer's side: waits for each frame in index order, hands it to `consume` (lock not held), then
  /// to `recycle` (lock held). Stops the `workers` and waits for them before returning or throwing.
  private static func consumeInOrder<Frame>(
    count: Int, exchange: FrameExchange<Frame>, workers: DispatchGroup, consume: (Int, Frame) throws -> Void,
    recycle: (consuming Frame) -> Void
  ) throws {
    defer {
      exchange.condition.lock()
      exchange.cancelled = true
      exchange.condition.broadcast()
      exchange.condition.unlock()
      workers.wait()
    }
    for index in 0..<count {
      exchange.condition.lock()
      exchange.consumerIndex = index
      // A worker waiting for a spare buffer waits for this one only once it is ready (see `takeBuffer`).
      if exchange.ready[index] != nil { exchange.condition.broadcast() }
      while exchange.ready[index] == nil && exchange.failure == nil { exchange.condition.wait() }
      if let failure = exchange.failure {
        exchange.condition.unlock()
        throw failure
      }
      guard let frame = exchange.ready.removeValue(forKey: index) else {
        exchange.condition.unlock()
        preconditionFailure("frame \(index) vanished from the exchange")
      }
      exchange.consuming = true
      exchange.consumeStarted = Date()
      // A worker waiting for a buffer now waits only as long as a new one costs (see `takeBuffer`).
      if exchange.waitingForBuffer > 0 { exchange.condition.broadcast() }
      exchange.condition.unlock()
      try consume(index, frame)
      exchange.condition.lock()
      exchange.consuming = false
      exchange.consumerIndex = index + 1
      exchange.inFlight -= 1
      recycle(consume frame)
      exchange.condition.broadcast()
      exchange.condition.unlock()
    }
  }

  /// About what making a frame buffer costs (faulting in its pages on the first write, 1 to 3 ms at 1080p):
  /// how long a consume may take before a worker waiting for the buffer makes one.
  static let newBufferSeconds = 0.001

  /// What a worker that finds no spare buffer does (see `takeBuffer`).
  enum BufferWait: Equatable {
    /// Make a new buffer now.
    case makeOne
    /// Wait until the consumer gives a frame back.
    case waitForConsumer
    /// Wait until the consumer gives a frame back, or make one at this time.
    case waitUntil(Date)
  }

  /// What a worker that finds no spare buffer does, given what the consumer does: it is `consuming` (since
  /// `consumeStarted`), or not and the frame it takes next is ready (`nextIsReady`), or neither (it waits for
  /// a frame another worker draws).
  ///
  /// A new buffer costs more than a light frame (a run of 25 light frames made 3 of them, 5 with two workers,
  /// and spent longer faulting them in than drawing), so a worker waits when the consumer has a frame to give
  /// back. Before the consumer has taken it, the only thing in the way is the consumer's thread being
  /// scheduled: the worker waits for that however long it is. (A consumer between two frames once read as
  /// having none to give back, and a timed wait ran out while its thread waited to run: on a busy machine
  /// `render --jobs 1` made a second buffer, a copy of an 8 MB frame into new pages, in one run in six, 10-15%
  /// of a short file's time.) Once it is consuming, the worker waits for about as long as a new buffer would cost
  /// while there are no more buffers than one for each worker (a fast consumer, as `render`'s, then needs no
  /// more, and a slow one, an encoder, has the workers draw ahead), and for as long as it takes once there
  /// is one more. With neither, the consumer waits for another worker's frame: no worker waits for another.
  static func bufferWait(
    consuming: Bool, consumeStarted: Date, nextIsReady: Bool, buffersMade: Int, jobs: Int
  ) -> BufferWait {
    if !consuming { return nextIsReady ? .waitForConsumer : .makeOne }
    if buffersMade > jobs { return .waitForConsumer }
    return .waitUntil(consumeStarted.addingTimeInterval(newBufferSeconds))
  }

  /// The buffer a worker draws its next frame into (with `exchange`'s lock held), or nil when the run was
  /// stopped while it waited. A buffer this worker drew is redrawn only where the frame changed, so one of
  /// those comes first; then any spare one; else, when the consumer has a frame to give back, the worker waits
  /// for it (`bufferWait`). Frames finished out of order still get new buffers. A buffer is made as a copy of
  /// the newest frame this worker drew that waits to be consumed, when there is one (`isShared`: the worker
  /// copies it out of the lock, and it too is redrawn only where the frame changed), else as a new one, drawn
  /// whole.
  private static func takeBuffer(
    for renderer: FrameRenderer, settings: RenderSettings, jobs: Int, exchange: FrameExchange<PixelBuffer>
  ) -> (buffer: PixelBuffer, isShared: Bool)? {
    exchange.waitingForBuffer += 1
    defer { exchange.waitingForBuffer -= 1 }
    waiting: while true {
      if let mine = exchange.spare.lastIndex(where: renderer.drewLast) {
        return (exchange.spare.remove(at: mine), false)
      }
      if !exchange.spare.isEmpty { return (exchange.spare.removeLast(), false) }
      if exchange.cancelled || exchange.failure != nil { return nil }
      let wait = bufferWait(
        consuming: exchange.consuming, consumeStarted: exchange.consumeStarted,
        nextIsReady: exchange.ready[exchange.consumerIndex] != nil, buffersMade: exchange.buffersMade, jobs: jobs)
      switch wait {
      case .makeOne: break waiting
      case .waitForConsumer: exchange.condition.wait()
      case .waitUntil(let deadline):
        // Timed out: the frame is still being consumed (had it been given back, the loop would take it).
        if !exchange.condition.wait(until: deadline), exchange.consuming { break waiting }
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

  /// This worker's scene and renderer, or nil (the failure recorded) when it cannot be built.
  private static func makeRenderer<Frame>(
    animation: Animation, settings: RenderSettings, images: RenderResources, exchange: FrameExchange<Frame>
  ) -> FrameRenderer? {
    do {
      return try FrameRenderer(
        animation: animation, width: settings.width, height: settings.height, fit: settings.fit,
        background: settings.background, resources: images, padding: settings.padding,
        limits: settings.workLimits)
    } catch {
      exchange.condition.lock()
      exchange.fail(error)
      exchange.condition.unlock()
      return nil
    }
  }

  private static func worker(
    animation: Animation, settings: RenderSettings, images: RenderResources, schedule: FrameSchedule,
    exchange: FrameExchange<PixelBuffer>, jobs: Int, maxInFlight: Int
  ) {
    guard let renderer = makeRenderer(animation: animation, settings: settings, images: images, exchange: exchange)
    else { return }
    while true {
      exchange.condition.lock()
      guard let index = exchange.nextFrame(count: schedule.count, maxInFlight: maxInFlight),
        let (taken, isShared) = takeBuffer(for: renderer, settings: settings, jobs: jobs, exchange: exchange)
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
        exchange.fail(exceeded)
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

  /// A worker of ``run(animation:settings:schedule:preparing:consume:)``: draws each frame it takes into its
  /// own buffer and hands over what `preparing`'s function makes of it.
  private static func preparingWorker<Frame: Sendable>(
    animation: Animation, settings: RenderSettings, images: RenderResources, schedule: FrameSchedule,
    exchange: FrameExchange<Frame>, maxInFlight: Int, preparing: @Sendable () -> (PixelBuffer) throws -> Frame
  ) {
    guard let renderer = makeRenderer(animation: animation, settings: settings, images: images, exchange: exchange)
    else { return }
    let prepare = preparing()
    // Made on the first frame (a worker that is never given one makes none); always this worker's last
    // frame, so each frame is drawn only where it differs from the one before.
    var buffer: PixelBuffer? = nil
    while true {
      exchange.condition.lock()
      guard let index = exchange.nextFrame(count: schedule.count, maxInFlight: maxInFlight) else {
        exchange.condition.unlock()
        return
      }
      exchange.condition.unlock()
      var canvas = buffer.take() ?? PixelBuffer(unpaintedWidth: settings.width, height: settings.height)
      renderer.render(frame: schedule.compositionFrame(index), into: &canvas)
      let frame: Frame
      do {
        if let exceeded = renderer.workLimitExceeded { throw exceeded }
        frame = try prepare(canvas)
      } catch {
        exchange.condition.lock()
        exchange.fail(error)
        exchange.condition.unlock()
        return
      }
      buffer = consume canvas
      exchange.condition.lock()
      exchange.ready[index] = frame
      exchange.condition.broadcast()
      exchange.condition.unlock()
    }
  }
}
