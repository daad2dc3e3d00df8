import Foundation
import Lottie

/// Which composition frames an export samples: the animation is sampled at its own time, so a 30 fps
/// animation exported at 60 fps has twice the frames and the same duration. See ``Timeline`` for segments,
/// speed, repeats, bounce and fixed durations.
public struct FrameSchedule: Sendable, Equatable {
  /// First composition frame.
  public var startFrame: Double
  /// Composition frames advanced per output frame (`animation fps × speed / output fps`).
  public var step: Double
  /// Number of output frames.
  public var count: Int
  /// Playback frames after which the schedule starts again at `startFrame` (one cycle), or nil to play
  /// straight on.
  public var loopFrames: Double? = nil
  /// Whether the second half of each cycle plays backwards (see ``Timeline``).
  public var bounce = false

  /// The whole animation at `fps` output frames per second (at most `maxFrames`).
  ///
  /// - Throws: ``TimelineError`` as ``Timeline/schedule(fps:maxFrames:)`` does (an unusable `fps`, or more
  ///   frames than ``LoadLimits/maxFrames``).
  public init(animation: Animation, fps: Double, maxFrames: Int? = nil) throws(TimelineError) {
    // Round, not truncate: 90 frames at 30 fps is 3 s, which is 180 frames at 60 fps and 75 at 25 fps;
    // never sample at or past the out point: a frame there is not shown by players.
    self = try Timeline(animation: animation).schedule(fps: fps, maxFrames: maxFrames)
  }

  /// Makes a schedule from its parts.
  public init(startFrame: Double, step: Double, count: Int, loopFrames: Double? = nil, bounce: Bool = false) {
    self.startFrame = startFrame
    self.step = step
    self.count = count
    self.loopFrames = loopFrames
    self.bounce = bounce
  }

  /// The composition frame shown by output frame `index`.
  public func compositionFrame(_ index: Int) -> Double {
    let position = Double(index) * step
    guard let cycle = loopFrames, cycle > 0 else { return startFrame + position }
    // Position within the cycle; the tolerance keeps 75 × 1.2 = 89.99999… from staying in the old cycle.
    let tolerance = 1e-9 * max(1, cycle)
    let cycles = ((position + tolerance) / cycle).rounded(.down)
    let u = max(0, position - cycles * cycle)
    guard bounce else { return startFrame + u }
    let pass = cycle / 2
    if u < pass - tolerance { return startFrame + u }
    // Backward: the forward samples in reverse order (see Timeline), kept inside the segment.
    return startFrame + max(0, min(2 * pass - u - step, pass.nextDown))
  }

  /// The composition frame playing `seconds` into the output when frames are shown at `fps`: the continuous
  /// counterpart of ``compositionFrame(_:)`` for sound (output frame `i` covers `i / fps ..< (i + 1) / fps`
  /// and shows `compositionFrame(i)`, the frame playing at its start). Nil in the backward half of a
  /// bounce cycle, where sound is silent.
  public func playbackFrame(atSeconds seconds: Double, fps: Double) -> Double? {
    let position = seconds * fps * step
    guard let cycle = loopFrames, cycle > 0 else { return startFrame + position }
    let tolerance = 1e-9 * max(1, cycle)
    let cycles = ((position + tolerance) / cycle).rounded(.down)
    let u = max(0, position - cycles * cycle)
    guard bounce else { return startFrame + u }
    return u < cycle / 2 ? startFrame + u : nil
  }
}
