import Foundation
import Lottie
import Testing

/// Keyframe interpolation as numeric tables with explicit tolerances.
@Suite("Keyframes and easing")
struct KeyframeEasingTests {
  /// The parser's solver stops once the curve's x is within 1e-7 of the target; the steepest curve below has
  /// dy/dx of about 3, so 1e-6 bounds its y error with room to spare.
  static let easingTolerance = 1e-6

  /// CSS timing curves (x1, y1, x2, y2): ease-in-out, ease, ease-in, ease-out, and an overshooting "back" curve.
  static let curves: [[Double]] = [
    [0.42, 0, 0.58, 1], [0.25, 0.1, 0.25, 1], [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.68, -0.55, 0.265, 1.55],
  ]

  @Test("Easing.progress matches a bisection reference", arguments: curves, [0.1, 0.25, 0.5, 0.75, 0.9])
  func easingTable(curve: [Double], x: Double) {
    let out = EasingHandle(x: [curve[0]], y: [curve[1]])
    let inHandle = EasingHandle(x: [curve[2]], y: [curve[3]])
    let expected = referenceCubicBezier(x, curve[0], curve[1], curve[2], curve[3])
    let actual = Easing.progress(x, out: out, in: inHandle, dimension: 0)
    #expect(abs(actual - expected) <= Self.easingTolerance, "curve \(curve) at \(x): \(actual) vs \(expected)")
  }

  @Test("the reference itself: ease-in-out is symmetric and passes through (0.5, 0.5)")
  func referenceSanity() {
    #expect(close(referenceCubicBezier(0.5, 0.42, 0, 0.58, 1), 0.5, 1e-12))
    for x in [0.1, 0.25, 0.4] {
      let a = referenceCubicBezier(x, 0.42, 0, 0.58, 1)
      let b = referenceCubicBezier(1 - x, 0.42, 0, 0.58, 1)
      #expect(close(a + b, 1, 1e-12))
    }
    // A straight curve is the identity.
    #expect(close(referenceCubicBezier(0.3, 0.2, 0.2, 0.8, 0.8), 0.3, 1e-12))
  }

  @Test("Easing.progress edges: ends, straight handles, empty handles, x handles clamped to 0...1")
  func easingEdges() {
    let out = EasingHandle(x: [0.42], y: [0])
    let inHandle = EasingHandle(x: [0.58], y: [1])
    #expect(Easing.progress(0, out: out, in: inHandle, dimension: 0) == 0)
    #expect(Easing.progress(1, out: out, in: inHandle, dimension: 0) == 1)
    #expect(Easing.progress(0.3, out: .linearOut, in: .linearIn, dimension: 0) == 0.3)
    #expect(Easing.progress(0.3, out: EasingHandle(x: [], y: []), in: EasingHandle(x: [], y: []), dimension: 3) == 0.3)
    // x outside 0...1 would make the curve fold back; it is clamped, y is not.
    let clamped = Easing.progress(
      0.4, out: EasingHandle(x: [-0.5], y: [0.2]), in: EasingHandle(x: [1.5], y: [0.9]), dimension: 0)
    #expect(abs(clamped - referenceCubicBezier(0.4, 0, 0.2, 1, 0.9)) <= Self.easingTolerance)
    // A handle with fewer dimensions than asked for reuses its last one.
    let perDimension = EasingHandle(x: [0, 0.42], y: [0, 0])
    #expect(
      Easing.progress(0.25, out: perDimension, in: EasingHandle(x: [1, 0.58], y: [1, 1]), dimension: 5)
        == Easing.progress(0.25, out: out, in: inHandle, dimension: 0))
  }

  @Test(
    "linear interpolation over several segments, clamped before the first and after the last keyframe",
    arguments: [
      (-10.0, 0.0), (0, 0), (2.5, 25), (3.3, 33), (5, 50), (10, 100), (15, 75), (20, 50), (30, 0), (31, 0), (1e9, 0),
    ])
  func linearTable(frame: Double, expected: Double) throws {
    let animation = try parse(
      opacityComposition(#"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [100]}, {"t": 30, "s": [0]}]}"#))
    let o = try #require(animation.layers.first).transform.opacity
    // Linear segments involve one multiply-add: exact up to rounding.
    #expect(close(o.value(at: frame), expected, 1e-9), "frame \(frame)")
  }

  @Test("fractional keyframe times and fractional frames")
  func fractionalFrames() throws {
    let animation = try parse(opacityComposition(#"{"a": 1, "k": [{"t": 0.5, "s": [10]}, {"t": 1.5, "s": [20]}]}"#))
    let o = try #require(animation.layers.first).transform.opacity
    for (frame, expected) in [(0.25, 10.0), (0.5, 10), (0.75, 12.5), (1, 15), (1.25, 17.5), (1.5, 20), (1.75, 20)] {
      #expect(close(o.value(at: frame), expected, 1e-9), "frame \(frame)")
    }
  }

  @Test("two keyframes at the same frame: the later one wins from that frame on")
  func coincidentKeyframes() throws {
    let animation = try parse(
      opacityComposition(
        #"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 5, "s": [10]}, {"t": 5, "s": [20]}, {"t": 10, "s": [30]}]}"#))
    let o = try #require(animation.layers.first).transform.opacity
    #expect(close(o.value(at: 4.9), 9.8, 1e-9))
    #expect(o.value(at: 5) == 20)
    #expect(close(o.value(at: 7.5), 25, 1e-9))
  }

  @Test("ease in/out through the parser at 25%, 50% and 75%", arguments: [25.0, 50, 75])
  func easedOpacity(frame: Double) throws {
    let animation = try parse(
      opacityComposition(
        #"""
        {"a": 1, "k": [
          {"t": 0, "s": [0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}},
          {"t": 100, "s": [100]}
        ]}
        """#))
    let o = try #require(animation.layers.first).transform.opacity
    let expected = 100 * referenceCubicBezier(frame / 100, 0.42, 0, 0.58, 1)
    #expect(abs(o.value(at: frame) - expected) <= 100 * Self.easingTolerance)
    // The curve is slower than linear at the start and faster after the middle.
    if frame == 25 { #expect(o.value(at: frame) < 25) }
    if frame == 75 { #expect(o.value(at: frame) > 75) }
  }

  @Test("easing handles written as bare numbers behave like one-element arrays")
  func bareEasingNumbers() throws {
    let animation = try parse(
      opacityComposition(
        #"""
        {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": 0.42, "y": 0}, "i": {"x": 0.58, "y": 1}}, {"t": 100, "s": [100]}]}
        """#))
    let o = try #require(animation.layers.first).transform.opacity
    let key = try #require(o.keyframes?.first)
    #expect(key.easeOut == EasingHandle(x: [0.42], y: [0]))
    #expect(key.easeIn == EasingHandle(x: [0.58], y: [1]))
    #expect(abs(o.value(at: 25) - 100 * referenceCubicBezier(0.25, 0.42, 0, 0.58, 1)) <= 100 * Self.easingTolerance)
  }

  @Test("per-dimension easing on a vector: x eased, y linear", arguments: [0.0, 10, 25, 50, 75, 90, 100])
  func perDimensionEasing(frame: Double) throws {
    let animation = try parse(
      transformComposition(
        #"""
        {"s": {"a": 1, "k": [
          {"t": 0, "s": [0, 0], "o": {"x": [0.42, 0], "y": [0, 0]}, "i": {"x": [0.58, 1], "y": [1, 1]}},
          {"t": 100, "s": [200, 100]}
        ]}}
        """#))
    let scale = try #require(animation.layers.first).transform.scale
    let value = scale.value(at: frame)
    let eased = 200 * referenceCubicBezier(frame / 100, 0.42, 0, 0.58, 1)
    #expect(abs(value.x - eased) <= 200 * Self.easingTolerance, "x at \(frame)")
    #expect(close(value.y, frame, 1e-9), "y at \(frame)")
  }

  // MARK: - Spatial tangents

  /// A position from (0, 0) to (100, 100) over frames 0...10 whose tangents make a quarter circle of radius
  /// 100 around (0, 100): the handle length is 100 * 0.5523, the usual Bézier circle constant.
  static let quarterCircle = #"""
    {"p": {"a": 1, "k": [
      {"t": 0, "s": [0, 0], "to": [55.23, 0], "ti": [0, -55.23]},
      {"t": 10, "s": [100, 100]}
    ]}}
    """#

  func position(_ ks: String) throws -> Position {
    try #require(try parse(transformComposition(ks)).layers.first).transform.position
  }

  @Test("spatial tangents follow a quarter circle at constant speed", arguments: [0.0, 2.5, 5, 7.5, 10])
  func quarterCircle(frame: Double) throws {
    let p = try position(Self.quarterCircle)
    let angle = frame / 10 * Double.pi / 2
    let expected = Vec2(100 * sin(angle), 100 - 100 * cos(angle))
    // 0.2 px: the Bézier circle is off the true circle by up to 0.03 px, and the arc length comes from a
    // 48-segment polyline, which shifts points along the curve by a few hundredths of a pixel.
    #expect(close(p.value(at: frame), expected, 0.2), "frame \(frame): \(p.value(at: frame)) vs \(expected)")
  }

  @Test("the midpoint of a curved motion path is off the straight line")
  func curvedMidpoint() throws {
    let p = try position(Self.quarterCircle)
    let mid = p.value(at: 5)
    #expect((mid - Vec2(50, 50)).length > 25)
    // Animatable.value(at:) ignores the tangents; spatialValue(at:) and Position.value(at:) follow them.
    let combined = try #require(p.combined)
    #expect(combined.value(at: 5) == Vec2(50, 50))
    #expect(combined.spatialValue(at: 5) == mid)
    // Outside the keyframes both clamp.
    #expect(p.value(at: -1) == .zero)
    #expect(p.value(at: 11) == Vec2(100, 100))
  }

  @Test(
    "zero or missing tangents give the straight line",
    arguments: [
      #"{"t": 0, "s": [0, 0], "to": [0, 0], "ti": [0, 0]}"#,
      #"{"t": 0, "s": [0, 0]}"#,
      #"{"t": 0, "s": [0, 0], "to": [30, 0]}"#,
      #"{"t": 0, "s": [0, 0], "to": [0, 0, 0], "ti": [0, 0, 0]}"#,
    ])
  func straightLine(firstKey: String) throws {
    let p = try position(#"{"p": {"a": 1, "k": ["# + firstKey + #", {"t": 10, "s": [100, 50]}]}}"#)
    for (frame, expected) in [(0.0, Vec2(0, 0)), (2.5, Vec2(25, 12.5)), (5, Vec2(50, 25)), (10, Vec2(100, 50))] {
      #expect(close(p.value(at: frame), expected, 1e-9), "frame \(frame)")
    }
  }

  @Test("easing along a curved path moves by arc length")
  func easedCurve() throws {
    let eased = Self.quarterCircle.replacingOccurrences(
      of: #""ti": [0, -55.23]}"#,
      with: #""ti": [0, -55.23], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}}"#)
    let p = try position(eased)
    let fraction = referenceCubicBezier(0.25, 0.42, 0, 0.58, 1)
    let angle = fraction * Double.pi / 2
    // Same 0.2 px budget as the constant-speed table.
    #expect(close(p.value(at: 2.5), Vec2(100 * sin(angle), 100 - 100 * cos(angle)), 0.2))
  }

  @Test("a hold keyframe with tangents still holds")
  func holdWithTangents() throws {
    let p = try position(Self.quarterCircle.replacingOccurrences(of: #""t": 0,"#, with: #""t": 0, "h": 1,"#))
    #expect(p.value(at: 5) == .zero)
    #expect(p.value(at: 10) == Vec2(100, 100))
  }

  // MARK: - Value types

  @Test("colours, number lists and paths interpolate element-wise; mismatched lists and paths keep the first")
  func valueTypes() {
    let colors = Animatable<RGBA>.keyframed([
      Keyframe(frame: 0, value: RGBA(0, 0, 0, 0)), Keyframe(frame: 4, value: RGBA(1, 0.5, 0.25, 1)),
    ])
    #expect(close(colors.value(at: 1), RGBA(0.25, 0.125, 0.0625, 0.25)))

    let stops = Animatable<NumberList>.keyframed([
      Keyframe(frame: 0, value: NumberList([0, 10])), Keyframe(frame: 10, value: NumberList([1, 30])),
      Keyframe(frame: 20, value: NumberList([5])),
    ])
    #expect(stops.value(at: 5) == NumberList([0.5, 20]))
    #expect(stops.value(at: 15) == NumberList([1, 30]))

    let a = BezierPath(
      isClosed: true, vertices: [.zero, Vec2(10, 0)], inTangents: [.zero, .zero], outTangents: [Vec2(2, 2), .zero])
    let b = BezierPath(
      isClosed: true, vertices: [Vec2(0, 10), Vec2(10, 10)], inTangents: [.zero, .zero],
      outTangents: [Vec2(4, 0), .zero])
    let c = BezierPath(isClosed: false, vertices: [.zero], inTangents: [.zero], outTangents: [.zero])
    let paths = Animatable<BezierPath>.keyframed([
      Keyframe(frame: 0, value: a), Keyframe(frame: 10, value: b), Keyframe(frame: 20, value: c),
    ])
    let mid = paths.value(at: 5)
    #expect(mid.vertices == [Vec2(0, 5), Vec2(10, 5)])
    #expect(mid.outTangents == [Vec2(3, 1), .zero])
    #expect(paths.value(at: 15) == b)
    #expect(paths.value(at: 20) == c)
  }
}
