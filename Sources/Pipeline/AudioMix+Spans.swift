import Lottie

extension AudioMix {
  /// Seconds of sound decoded on each side of a span beyond what the placement rules reach: room for the
  /// mixer's interpolation between two samples and for the rounding of frames to samples.
  static let spanMargin = 0.05

  /// The composition frames the sound of an export plays, from the first sample to the last: the frame
  /// schedule's start on to `count × step` frames later, or one cycle of a loop (its forward half when it
  /// bounces), whichever is shorter. Sound follows ``FrameSchedule/playbackFrame(atSeconds:fps:)``, which
  /// is continuous, so this is an interval, not a list of frames.
  static func playedFrames(_ schedule: FrameSchedule) -> ClosedRange<Double>? {
    guard schedule.count > 0, schedule.step.isFinite else { return nil }
    var reach = Double(schedule.count) * schedule.step
    if let cycle = schedule.loopFrames, cycle > 0 {
      let cycleReach = schedule.bounce ? cycle / 2 : cycle
      reach = reach < 0 ? max(reach, -cycleReach) : min(reach, cycleReach)
    }
    let ends = (schedule.startFrame, schedule.startFrame + reach)
    return min(ends.0, ends.1)...max(ends.0, ends.1)
  }

  /// The seconds of its sound that an audio layer can play while the root composition shows `frames`, or
  /// nil when it is never heard then: ``soundSeconds(_:frame:frameRate:)`` applied to a whole interval.
  ///
  /// 1. Each precomp layer of the chain keeps the part of the interval where it is visible and maps it
  ///    into its composition: `(frame − startTime) / stretch` takes the ends to the ends; a time remap
  ///    takes the interval to the range of its values there (``valueRange(of:over:)``).
  /// 2. The audio layer keeps the part where it is visible and maps it to sound seconds the same way.
  /// 3. The result is clamped at 0 (before the sound starts is silence) and widened by ``spanMargin``.
  static func soundSpan(_ placement: LayerPlacement, frames: ClosedRange<Double>, frameRate: Double) -> ClosedRange<
    Double
  >? {
    var range = frames
    for precomp in placement.chain {
      guard let visible = visiblePart(of: range, precomp) else { return nil }
      if let remap = precomp.timeRemap {
        let values = valueRange(of: remap, over: visible)
        range = (values.lowerBound * frameRate)...(values.upperBound * frameRate)
      } else {
        range = localRange(visible, precomp)
      }
    }
    guard let visible = visiblePart(of: range, placement.layer) else { return nil }
    let seconds: ClosedRange<Double>
    if let remap = placement.layer.timeRemap {
      seconds = valueRange(of: remap, over: visible)
    } else {
      let local = localRange(visible, placement.layer)
      seconds = (local.lowerBound / frameRate)...(local.upperBound / frameRate)
    }
    guard seconds.upperBound.isFinite, seconds.lowerBound.isFinite, seconds.upperBound + spanMargin > 0 else {
      return nil
    }
    return max(0, seconds.lowerBound - spanMargin)...(seconds.upperBound + spanMargin)
  }

  /// The part of `range` where a layer is visible (`inPoint <= frame < outPoint`), or nil.
  private static func visiblePart(of range: ClosedRange<Double>, _ timing: Timing) -> ClosedRange<Double>? {
    let lower = max(range.lowerBound, timing.inPoint)
    let upper = min(range.upperBound, timing.outPoint)
    return lower <= upper ? lower...upper : nil
  }

  /// `(frame − startTime) / stretch` of both ends, in order (a negative stretch plays backwards).
  private static func localRange(_ range: ClosedRange<Double>, _ timing: Timing) -> ClosedRange<Double> {
    let ends = (timing.local(range.lowerBound), timing.local(range.upperBound))
    return min(ends.0, ends.1)...max(ends.0, ends.1)
  }

  /// The least and greatest value `property` takes over `frames`, from samples four a frame (at most
  /// 200 000) widened by the largest change between two neighbouring samples: eased keyframes can overshoot
  /// their values, and an expression can do anything, so sampling is what tells.
  static func valueRange(of property: Animatable<Double>, over frames: ClosedRange<Double>) -> ClosedRange<Double> {
    if case .fixed(let value) = property { return value...value }
    let length = frames.upperBound - frames.lowerBound
    let count = length.isFinite ? ((length * 4).rounded(.up) + 1).clampedInt(2...200_000) : 2
    var lowest = Double.infinity
    var highest = -Double.infinity
    var previous: Double?
    var largestStep = 0.0
    for i in 0..<count {
      let frame = count == 1 ? frames.lowerBound : frames.lowerBound + length * Double(i) / Double(count - 1)
      let value = property.value(at: frame)
      guard value.isFinite else { continue }
      lowest = min(lowest, value)
      highest = max(highest, value)
      if let previous { largestStep = max(largestStep, abs(value - previous)) }
      previous = value
    }
    guard lowest <= highest else { return 0...0 }
    return (lowest - largestStep)...(highest + largestStep)
  }
}
