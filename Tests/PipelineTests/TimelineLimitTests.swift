import Lottie
import Pipeline
import Testing

/// Hostile timing values: every one is refused with a clear error or played within the frame limit; none
/// traps ("Double value cannot be converted to Int") and none runs for ever.
struct TimelineLimitTests {
  /// The limit's default: `LoadLimits().maxFrames`.
  static let limit = 1_000_000.0

  static func animation(frameRate: String = "30", markers: String = "[]") throws -> Animation {
    let json = #"{"v":"5.7.0","fr":\#(frameRate),"ip":0,"op":30,"w":10,"h":10,"layers":[],"markers":\#(markers)}"#
    return try LottieParser.parse(bytes: Array(json.utf8), file: "timing.json")
  }

  /// The segment the CLI's `--marker NAME` plays: `tm ..< tm + max(dr, 1)`.
  static func markerTimeline(_ animation: Animation, _ name: String) throws -> Timeline {
    let marker = try #require(animation.markers.first { $0.name == name })
    var t = Timeline(animation: animation)
    (t.start, t.end) = (marker.frame, marker.frame + max(marker.duration, 1))
    return t
  }

  static func frameCountOverLimit(_ t: Timeline, fps: Double) -> Double? {
    do {
      _ = try t.schedule(fps: fps)
      return nil
    } catch {
      guard case .tooManyFrames(let frames, let limit) = error, limit == Self.limit else { return -1 }
      return frames
    }
  }

  // MARK: - The traps of issue 16

  /// A marker lasting 1e308 frames trapped in `frameCount`; now it is over the frame limit.
  @Test func hugeMarkerIsOverTheFrameLimit() throws {
    let t = try Self.markerTimeline(try Self.animation(markers: #"[{"cm":"m","tm":0,"dr":1e308}]"#), "m")
    #expect(t.frameCount(fps: 30) == Int.max)
    let frames = try #require(Self.frameCountOverLimit(t, fps: 30))
    #expect(frames > 0.99e308 && frames.isFinite)
    #expect(Self.frameCountOverLimit(t, fps: 60) == .infinity)
  }

  /// `fr` 1e-300 played at 30 fps trapped too: the parser now refuses frame rates below 0.001 (naming `$.fr`),
  /// and a slow rate that passes is still held to the frame limit once another rate plays it.
  @Test func tinyFrameRateWithAnFPSOverrideIsOverTheFrameLimit() throws {
    #expect(throws: LottieError.self) { try Self.animation(frameRate: "1e-300") }
    // 2^-9 fps (exact in binary): 30 frames last 15360 s, 1382400 frames at 90 fps.
    let animation = try Self.animation(frameRate: "0.001953125")
    #expect(Timeline(animation: animation).frameCount(fps: 90) == 1_382_400)
    #expect(Self.frameCountOverLimit(Timeline(animation: animation), fps: 90) == 1_382_400)
    #expect(throws: TimelineError.self) { try FrameSchedule(animation: animation, fps: 90) }
    // At its own rate the file is 30 frames, and plays.
    #expect(try FrameSchedule(animation: animation, fps: 0.001953125).count == 30)
  }

  /// A marker of 1e10 frames rendered until killed: it is held to the frame limit like `op - ip`.
  @Test func longMarkerIsOverTheFrameLimit() throws {
    let t = try Self.markerTimeline(try Self.animation(markers: #"[{"cm":"m","tm":0,"dr":1e10}]"#), "m")
    #expect(Self.frameCountOverLimit(t, fps: 30) == 1e10)
  }

  @Test func messageSaysWhatAndHowToRaiseIt() {
    let error = TimelineError.tooManyFrames(frames: 1e10, limit: 1e6)
    #expect(
      error.description
        == "the export would have 10000000000 frames, over the limit of 1000000 (a long marker or segment, "
        + "a tiny frame rate, or many repeats; --limit frames=N raises it)")
    #expect(
      TimelineError.tooManyFrames(frames: .infinity, limit: 1e6).description.hasPrefix(
        "the export would have unboundedly many frames, over the limit of 1000000 "))
    #expect(
      TimelineError.tooManyFrames(frames: 1e308, limit: 1e6).description.hasPrefix(
        "the export would have 1e+308 frames, over"))
  }

  // MARK: - The limit itself

  @Test func theLimitIsInclusiveAndCanBeRaised() throws {
    var t = Timeline(start: 0, end: 1_000_000, frameRate: 30)
    #expect(try t.schedule(fps: 30).count == 1_000_000)
    #expect(Self.frameCountOverLimit(t, fps: 60) == 2_000_000)
    t.frameLimit = 2_000_000
    #expect(try t.schedule(fps: 60).count == 2_000_000)
  }

  /// Repeats and fixed durations are output frames like any other.
  @Test func repeatsAndDurationsCount() {
    var t = Timeline(start: 0, end: 90, frameRate: 30, repeatCount: 10_000)
    #expect(Self.frameCountOverLimit(t, fps: 30) == nil)
    t.repeatCount = 20_000
    #expect(Self.frameCountOverLimit(t, fps: 30) == 1_800_000)
    t.repeatCount = 1
    t.duration = 86_400
    #expect(Self.frameCountOverLimit(t, fps: 240) == 20_736_000)
  }

  /// `--max-frames` caps what is rendered, so a capped export of a long marker is within the limit.
  @Test func maxFramesComesBeforeTheLimit() throws {
    let t = Timeline(start: 0, end: 1e10, frameRate: 30)
    #expect(try t.schedule(fps: 30, maxFrames: 12).count == 12)
  }

  // MARK: - Values that mean nothing

  /// (what, timeline change, fps, message).
  static let invalid: [(String, @Sendable (inout Timeline) -> Void, Double, String)] = [
    ("NaN fps", { _ in }, .nan, "the output frame rate nan is not a positive number"),
    ("zero fps", { _ in }, 0, "the output frame rate 0 is not a positive number"),
    ("infinite fps", { _ in }, .infinity, "the output frame rate inf is not a positive number"),
    ("NaN frame rate", { $0.frameRate = .nan }, 30, "the animation's frame rate nan is not a positive number"),
    ("negative speed", { $0.speed = -1 }, 30, "the speed -1 is not a positive number"),
    ("infinite end", { $0.end = .infinity }, 30, "the segment 0-inf is not a finite range of frames"),
    ("NaN start", { $0.start = .nan }, 30, "the segment nan-90 is not a finite range of frames"),
    (
      "backwards",
      {
        $0.start = 50
        $0.end = 10
      }, 30, "the segment 50-10 ends before it starts"
    ),
    ("no repeats", { $0.repeatCount = 0 }, 30, "the repeat count 0 is less than 1"),
    ("NaN duration", { $0.duration = .nan }, 30, "the duration nan is not a positive number"),
    ("zero max duration", { $0.maxDuration = 0 }, 30, "the longest duration 0 is not a positive number"),
    (
      "a step that overflows",
      {
        $0.frameRate = 1000
        $0.speed = 1e308
      }, 1e-10,
      "an output frame rate of 1e-10 for an animation at 1000 fps advances inf frames per output frame"
    ),
  ]

  @Test(arguments: 0..<invalid.count)
  func meaninglessValuesAreRefused(index: Int) {
    let (name, change, fps, message) = Self.invalid[index]
    var t = Timeline(start: 0, end: 90, frameRate: 30)
    change(&t)
    #expect(throws: TimelineError.invalid(message), "\(name)") { try t.schedule(fps: fps) }
    // frameCount(fps:) answers without trapping whatever the values.
    _ = t.frameCount(fps: fps)
    _ = t.seconds(fps: fps)
  }

  /// A marker far out (1e308 + 1 == 1e308) is an empty segment: it plays its one frame, as a marker without a
  /// length does.
  @Test func emptySegmentPlaysOneFrame() throws {
    let s = try Timeline(start: 1e308, end: 1e308 + 1, frameRate: 30).schedule(fps: 30)
    #expect(s.count == 1)
    #expect(s.compositionFrame(0) == 1e308)
  }
}
