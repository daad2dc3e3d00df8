import Foundation
import Lottie

/// What part of an animation an export plays, and how: a segment of composition frames, a playback speed,
/// a repeat count, bounce (forward then backward, lottie-ios `autoReverse`) and an optional length to fill
/// by looping. The animation is always sampled at its own time: output frame `i` at `fps` frames per second
/// shows the composition at `i / fps` seconds of playback.
///
/// Rules (all exact, in composition frames unless stated):
/// - One pass plays `start ..< end` (`end` exclusive, like `op`) in `(end - start) / frameRate / speed`
///   seconds. A cycle is one pass, or two with `bounce` (forward, then the same samples in reverse order).
/// - Without `duration`, the output lasts `repeatCount` cycles: `round(cycles × seconds × fps)` frames,
///   less any last frame that would land on or past the end (the frame at `op` is never shown).
/// - With `duration`, the cycle loops to fill exactly `round(duration × fps)` frames.
/// - `maxDuration` then caps the length at `round(maxDuration × fps)` frames.
/// - Backward half of a bounce cycle: playback position `u` in `[L, 2L)` (L = pass length) shows
///   `start + 2L − u − step`, so at the output rate of the pass the backward samples mirror the forward ones
///   exactly: for 90 frames at 30 fps, output frame `90 + k` shows composition frame `89 − k`.
public struct Timeline: Sendable, Equatable {
  /// First composition frame of the segment.
  public var start: Double
  /// Composition frame after the segment's last (exclusive).
  public var end: Double
  /// The animation's frame rate (`fr`), composition frames per second.
  public var frameRate: Double
  /// Playback rate: 2 plays twice as fast (half the frames), 0.5 half as fast.
  public var speed: Double = 1
  /// Number of cycles (ignored when `duration` is set).
  public var repeatCount: Int = 1
  /// Play forward then backward in each cycle.
  public var bounce = false
  /// Seconds to fill by looping, or nil for `repeatCount` cycles.
  public var duration: Double? = nil
  /// Longest output in seconds (a platform limit), or nil.
  public var maxDuration: Double? = nil

  /// The whole animation, `ip ..< op`, once at normal speed.
  public init(animation: Animation) {
    start = animation.inPoint
    end = animation.outPoint
    frameRate = animation.frameRate
  }

  /// Makes a timeline from its parts.
  public init(
    start: Double, end: Double, frameRate: Double, speed: Double = 1, repeatCount: Int = 1, bounce: Bool = false,
    duration: Double? = nil, maxDuration: Double? = nil
  ) {
    self.start = start
    self.end = end
    self.frameRate = frameRate
    self.speed = speed
    self.repeatCount = repeatCount
    self.bounce = bounce
    self.duration = duration
    self.maxDuration = maxDuration
  }

  /// Most output frames an export may have, whatever the segment, speed, repeats, duration or frame rates:
  /// the same limit as the root composition's length (``LoadLimits/maxFrames``, `--limit frames=N`), so that a
  /// marker lasting 1e10 frames or an `fr` of 1e-300 played at 30 fps is refused instead of rendered for ever.
  public var frameLimit: Double = LoadLimits().maxFrames

  /// Composition frames in one pass.
  public var passFrames: Double { end - start }
  /// Composition frames of playback in one cycle (two passes with bounce).
  public var cycleFrames: Double { bounce ? 2 * passFrames : passFrames }
  /// Seconds one cycle lasts.
  public var cycleSeconds: Double { cycleFrames / frameRate / speed }
  /// Composition frames the playback advances per output frame at `fps`.
  public func step(fps: Double) -> Double { frameRate * speed / fps }

  /// Number of output frames at `fps` (at least 1). It never traps: a count beyond `Int` saturates (and
  /// ``schedule(fps:maxFrames:)`` refuses it as over the frame limit).
  public func frameCount(fps: Double) -> Int {
    outputFrames(fps: fps).clampedInt(1...Int.max)
  }

  /// The exact number of output frames at `fps`, as a whole `Double` (possibly huge, infinite or NaN for
  /// parameters that ``schedule(fps:maxFrames:)`` refuses).
  func outputFrames(fps: Double) -> Double {
    var n: Double
    if let duration {
      n = (duration * fps).rounded()
    } else {
      n = (cycleSeconds * Double(repeatCount) * fps).rounded()
      // Never let the last frame reach the end of the last cycle: it would wrap around to the start. `n` is
      // the rounded length, so at most one frame is ever dropped (by rounding error between the length and
      // the step); the loop is bounded because at 2^53 and above `n - 1 == n`.
      let total = cycleFrames * Double(repeatCount)
      let step = step(fps: fps)
      for _ in 0..<4 where n > 1 && (n - 1) * step >= total { n -= 1 }
    }
    if let maxDuration { n = min(n, (maxDuration * fps).rounded()) }
    return n
  }

  /// The frame schedule at `fps`, at most `maxFrames` frames.
  ///
  /// - Throws: ``TimelineError/invalid(_:)`` when a rate, the speed, the segment, the duration or the repeat
  ///   count is not a usable number (NaN, infinite, zero or negative), and
  ///   ``TimelineError/tooManyFrames(frames:limit:)`` when the export would have more than ``frameLimit``
  ///   frames.
  public func schedule(fps: Double, maxFrames: Int? = nil) throws(TimelineError) -> FrameSchedule {
    try validate(fps: fps)
    var frames = max(1, outputFrames(fps: fps))
    if let maxFrames { frames = min(frames, Double(max(1, maxFrames))) }
    guard frames <= frameLimit else { throw .tooManyFrames(frames: frames, limit: frameLimit) }
    let count = frames.clampedInt(1...Int.max)
    let single = duration == nil && repeatCount == 1 && !bounce
    return FrameSchedule(
      startFrame: start, step: step(fps: fps), count: count, loopFrames: single ? nil : cycleFrames, bounce: bounce)
  }

  /// Output seconds at `fps`: `frameCount / fps`.
  public func seconds(fps: Double) -> Double { Double(frameCount(fps: fps)) / fps }

  // MARK: - Checks

  /// Refuses parameters for which the counts and composition frames mean nothing.
  private func validate(fps: Double) throws(TimelineError) {
    func positive(_ value: Double, _ what: String) throws(TimelineError) {
      guard value.isFinite, value > 0 else {
        throw .invalid("\(what) \(TimelineError.format(value)) is not a positive number")
      }
    }
    try positive(fps, "the output frame rate")
    try positive(frameRate, "the animation's frame rate")
    try positive(speed, "the speed")
    guard start.isFinite, end.isFinite else {
      throw .invalid(
        "the segment \(TimelineError.format(start))-\(TimelineError.format(end)) is not a finite range of frames")
    }
    // A segment as long as zero frames (a marker without a length) plays its first frame.
    guard end >= start else {
      throw .invalid("the segment \(TimelineError.format(start))-\(TimelineError.format(end)) ends before it starts")
    }
    guard repeatCount >= 1 else { throw .invalid("the repeat count \(repeatCount) is less than 1") }
    if let duration { try positive(duration, "the duration") }
    if let maxDuration { try positive(maxDuration, "the longest duration") }
    let step = step(fps: fps)
    guard step.isFinite, step > 0 else {
      throw .invalid(
        "an output frame rate of \(TimelineError.format(fps)) for an animation at \(TimelineError.format(frameRate)) fps "
          + "advances \(TimelineError.format(step)) frames per output frame")
    }
  }
}

/// Why a ``Timeline`` cannot be played.
public enum TimelineError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A parameter is not a usable number; the message says which.
  case invalid(String)
  /// The export would have `frames` output frames, more than `limit`.
  case tooManyFrames(frames: Double, limit: Double)

  public var description: String {
    switch self {
    case .invalid(let message): return message
    case .tooManyFrames(let frames, let limit):
      let count = frames.isFinite ? Self.format(frames) : "unboundedly many"
      return "the export would have \(count) frames, over the limit of \(Self.format(limit)) "
        + "(a long marker or segment, a tiny frame rate, or many repeats; --limit frames=N raises it)"
    }
  }

  /// `1000000` for whole numbers below 10^15, else Swift's shortest form (`1e+308`, `nan`).
  static func format(_ value: Double) -> String {
    guard value.isFinite, value == value.rounded(), abs(value) < 1e15 else { return "\(value)" }
    return String(value.clampedInt(Int.min...Int.max))
  }
}
