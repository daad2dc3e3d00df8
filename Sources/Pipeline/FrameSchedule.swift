import Lottie

/// Which composition frames an export samples: the animation is sampled at its own time, so a 30 fps
/// animation exported at 60 fps has twice the frames and the same duration.
public struct FrameSchedule: Sendable, Equatable {
  /// First composition frame.
  public var startFrame: Double
  /// Composition frames advanced per output frame (`animation fps / output fps`).
  public var step: Double
  /// Number of output frames.
  public var count: Int

  /// The whole animation at `fps` output frames per second (at most `maxFrames`).
  public init(animation: Animation, fps: Double, maxFrames: Int? = nil) {
    startFrame = animation.inPoint
    step = animation.frameRate / fps
    // Round, not truncate: 90 frames at 30 fps is 3 s, which is 180 frames at 60 fps and 75 at 25 fps.
    var n = Int((animation.duration * fps).rounded())
    // Never sample at or past the out point: a frame there is not shown by players.
    while n > 1 && startFrame + Double(n - 1) * step >= animation.outPoint { n -= 1 }
    count = max(1, min(n, maxFrames ?? Int.max))
  }

  /// Makes a schedule from its parts.
  public init(startFrame: Double, step: Double, count: Int) {
    self.startFrame = startFrame
    self.step = step
    self.count = count
  }

  /// The composition frame shown by output frame `index`.
  public func compositionFrame(_ index: Int) -> Double { startFrame + Double(index) * step }
}
