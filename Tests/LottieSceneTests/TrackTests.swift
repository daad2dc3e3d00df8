import Foundation
import Lottie
import Testing

@testable import LottieScene

/// Tracks give the model's values (the same numbers, bit for bit) whatever order frames come in, and say
/// when a value changed.
@Suite("Tracks")
struct TrackTests {
  static func keys(_ values: [(Double, Double)], hold: Bool = false) -> Animatable<Double> {
    .keyframed(
      values.map {
        Keyframe(
          frame: $0.0, value: $0.1, isHold: hold, easeOut: EasingHandle(x: [0.3], y: [0]),
          easeIn: EasingHandle(x: [0.6], y: [1]))
      })
  }

  /// Forward, backward, jumping and fractional frames, before, inside and after the keyframes.
  static let frames: [Double] = [-5, 0, 0.5, 1, 2, 3, 9.99, 10, 10.5, 25, 3, 2, 1, 40, 12.25, 0, 100, 39.9, -1]

  @Test func keyframedTracksMatchTheModelInAnyOrder() {
    let property = Self.keys([(0, 0), (10, 100), (10, 40), (20, -30), (40, 7)])
    var track = Track(property)
    #expect(track.isAnimated)
    for frame in Self.frames {
      track.update(at: frame)
      #expect(track.value.bitPattern == property.value(at: frame).bitPattern, "frame \(frame)")
    }
  }

  @Test func spatialTracksFollowTheMotionPathAsTheModelDoes() {
    let property = Animatable<Vec2>.keyframed([
      Keyframe(frame: 0, value: Vec2(0, 0), spatialOut: Vec2(30, -40), spatialIn: Vec2(-10, 20)),
      Keyframe(frame: 10, value: Vec2(100, 0), spatialOut: .zero, spatialIn: .zero),
      Keyframe(frame: 20, value: Vec2(50, 80), isHold: true, spatialOut: Vec2(5, 5), spatialIn: Vec2(1, 1)),
      Keyframe(frame: 40, value: Vec2(0, 0)),
    ])
    var track = Track(property, spatial: true)
    for frame in Self.frames {
      track.update(at: frame)
      #expect(track.value == property.spatialValue(at: frame), "frame \(frame)")
    }
    // Without `spatial`, the same keyframes move in straight lines (as shape positions do).
    var straight = Track(property)
    straight.update(at: 5)
    #expect(straight.value == property.value(at: 5))
    #expect(straight.value != property.spatialValue(at: 5))
  }

  @Test func updatesSayWhetherTheValueChanged() {
    var track = Track(Self.keys([(0, 0), (10, 100), (20, 100)]))
    #expect(track.update(at: 0) == false)  // the first keyframe's value, which the track starts with
    #expect(track.update(at: 5) == true)
    #expect(track.update(at: 5) == false)
    #expect(track.update(at: 12) == true)
    #expect(track.update(at: 15) == false)  // 100 to 100
    var held = Track(Self.keys([(0, 1), (10, 2)], hold: true))
    #expect(held.update(at: 3) == false)
    #expect(held.update(at: 10) == true)
  }

  @Test func staticPropertiesAreConstants() {
    var fixed = Track(Animatable<Double>.fixed(3))
    #expect(!fixed.isAnimated && fixed.update(at: 10) == false && fixed.value == 3)
    // A single keyframe holds its value at every frame.
    var single = Track(Self.keys([(5, 8)]))
    #expect(!single.isAnimated && single.update(at: 0) == false && single.value == 8)
  }
}
