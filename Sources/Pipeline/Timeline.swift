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

  /// Composition frames in one pass.
  public var passFrames: Double { end - start }
  /// Composition frames of playback in one cycle (two passes with bounce).
  public var cycleFrames: Double { bounce ? 2 * passFrames : passFrames }
  /// Seconds one cycle lasts.
  public var cycleSeconds: Double { cycleFrames / frameRate / speed }
  /// Composition frames the playback advances per output frame at `fps`.
  public func step(fps: Double) -> Double { frameRate * speed / fps }

  /// Number of output frames at `fps` (at least 1).
  public func frameCount(fps: Double) -> Int {
    var n: Int
    if let duration {
      n = Int((duration * fps).rounded())
    } else {
      n = Int((cycleSeconds * Double(repeatCount) * fps).rounded())
      // Never let the last frame reach the end of the last cycle: it would wrap around to the start.
      let total = cycleFrames * Double(repeatCount)
      let step = step(fps: fps)
      while n > 1 && Double(n - 1) * step >= total { n -= 1 }
    }
    if let maxDuration { n = min(n, Int((maxDuration * fps).rounded())) }
    return max(1, n)
  }

  /// The frame schedule at `fps`, at most `maxFrames` frames.
  public func schedule(fps: Double, maxFrames: Int? = nil) -> FrameSchedule {
    let count = min(frameCount(fps: fps), maxFrames ?? Int.max)
    let single = duration == nil && repeatCount == 1 && !bounce
    return FrameSchedule(
      startFrame: start, step: step(fps: fps), count: count, loopFrames: single ? nil : cycleFrames, bounce: bounce)
  }

  /// Output seconds at `fps`: `frameCount / fps`.
  public func seconds(fps: Double) -> Double { Double(frameCount(fps: fps)) / fps }
}
