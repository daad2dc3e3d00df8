import Lottie
import Pipeline
import Testing

/// Segments, speed, repeats, bounce and fixed durations: exact counts and composition frames.
struct TimelineTests {
  /// 90 frames at 30 fps (3 s), frames 0 ..< 90.
  static let base = Timeline(start: 0, end: 90, frameRate: 30)

  static func with(_ change: (inout Timeline) -> Void) -> Timeline {
    var t = base
    change(&t)
    return t
  }

  static func frames(_ t: Timeline, fps: Double) throws -> [Double] {
    let s = try t.schedule(fps: fps)
    return (0..<s.count).map(s.compositionFrame)
  }

  /// (description, timeline, output fps, frame count, duration in seconds).
  static let counts: [(String, Timeline, Double, Int, Double)] = [
    ("whole", base, 30, 90, 3),
    ("whole at 60 fps", base, 60, 180, 3),
    ("repeat 2 at 60 fps", with { $0.repeatCount = 2 }, 60, 360, 6),
    ("repeat 3 at 25 fps", with { $0.repeatCount = 3 }, 25, 225, 9),
    ("bounce", with { $0.bounce = true }, 30, 180, 6),
    ("bounce at 60 fps", with { $0.bounce = true }, 60, 360, 6),
    (
      "bounce, repeat 2",
      with {
        $0.bounce = true
        $0.repeatCount = 2
      }, 30, 360, 12
    ),
    ("duration 5", with { $0.duration = 5 }, 30, 150, 5),
    ("duration 5 at 24 fps", with { $0.duration = 5 }, 24, 120, 5),
    ("duration 1 (shorter than a pass)", with { $0.duration = 1 }, 30, 30, 1),
    ("speed 2", with { $0.speed = 2 }, 30, 45, 1.5),
    ("speed 0.5", with { $0.speed = 0.5 }, 30, 180, 6),
    (
      "speed 2, repeat 2, at 60 fps",
      with {
        $0.speed = 2
        $0.repeatCount = 2
      }, 60, 180, 3
    ),
    (
      "frames 10-39",
      with {
        $0.start = 10
        $0.end = 40
      }, 30, 30, 1
    ),
    (
      "frames 10-39 at 60 fps, bounce",
      with {
        $0.start = 10
        $0.end = 40
        $0.bounce = true
      }, 60, 120, 2
    ),
    (
      "maxDuration 2 caps",
      with {
        $0.repeatCount = 4
        $0.maxDuration = 2
      }, 30, 60, 2
    ),
    ("maxDuration longer than the video", with { $0.maxDuration = 10 }, 30, 90, 3),
  ]

  @Test(arguments: counts)
  func exactCountsAndDurations(name: String, timeline: Timeline, fps: Double, count: Int, seconds: Double) throws {
    #expect(timeline.frameCount(fps: fps) == count, "\(name)")
    #expect(try timeline.schedule(fps: fps).count == count, "\(name)")
    #expect(abs(timeline.seconds(fps: fps) - seconds) < 1e-12, "\(name)")
  }

  @Test func wholeTimelineMatchesThePlainSchedule() throws {
    let json = #"{"v":"5.7.0","fr":30,"ip":10,"op":100,"w":10,"h":10,"layers":[]}"#
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "t.json")
    for fps in [24.0, 25, 29.97, 30, 60] {
      #expect(try Timeline(animation: animation).schedule(fps: fps) == FrameSchedule(animation: animation, fps: fps))
    }
  }

  @Test func repeatWrapsToTheStart() throws {
    let f = try Self.frames(Self.with { $0.repeatCount = 2 }, fps: 60)
    #expect(f[0..<3] == [0, 0.5, 1])
    #expect(f[178..<183] == [89, 89.5, 0, 0.5, 1])
    #expect(f.last == 89.5)
  }

  /// Frame 90 + k shows 89 − k: the backward pass is the forward samples in reverse.
  @Test func bounceMirrorsTheForwardPass() throws {
    let f = try Self.frames(Self.with { $0.bounce = true }, fps: 30)
    #expect(f.count == 180)
    for k in 0..<90 {
      #expect(f[k] == Double(k))
      #expect(f[90 + k] == Double(89 - k), "k \(k)")
    }
  }

  @Test func bounceAt60fpsMirrorsHalfFrames() throws {
    let f = try Self.frames(Self.with { $0.bounce = true }, fps: 60)
    #expect(f.count == 360)
    #expect(f[178..<184] == [89, 89.5, 89.5, 89, 88.5, 88])
    #expect(f.last == 0)
    for j in 0..<180 { #expect(f[359 - j] == f[j], "j \(j)") }
  }

  @Test func bounceRepeatedStartsForwardAgain() throws {
    let f = try Self.frames(
      Self.with {
        $0.bounce = true
        $0.repeatCount = 2
      }, fps: 30)
    #expect(f[178..<183] == [1, 0, 0, 1, 2])
  }

  @Test func durationLoops() throws {
    let f = try Self.frames(Self.with { $0.duration = 5 }, fps: 30)
    #expect(f.count == 150)
    #expect(f[89] == 89)
    #expect(f[90] == 0)
    #expect(f[149] == 59)
  }

  /// 1.2 composition frames per output frame: 75 × 1.2 must wrap to 0, not stay at 89.999….
  @Test func durationAt25fpsWrapsExactly() throws {
    let f = try Self.frames(Self.with { $0.duration = 6 }, fps: 25)
    #expect(f.count == 150)
    #expect(abs(f[74] - 88.8) < 1e-9)
    #expect(f[75] == 0)
    #expect(abs(f[76] - 1.2) < 1e-9)
    #expect(f.allSatisfy { $0 >= 0 && $0 < 90 })
  }

  @Test func speedSkipsFrames() throws {
    #expect(try Self.frames(Self.with { $0.speed = 2 }, fps: 30)[0..<4] == [0, 2, 4, 6])
    #expect(try Self.frames(Self.with { $0.speed = 2 }, fps: 30).last == 88)
    #expect(try Self.frames(Self.with { $0.speed = 0.5 }, fps: 30)[0..<4] == [0, 0.5, 1, 1.5])
  }

  @Test func segmentStartsAtItsFirstFrame() throws {
    let f = try Self.frames(
      Self.with {
        $0.start = 10
        $0.end = 40
        $0.bounce = true
      }, fps: 30)
    #expect(f.count == 60)
    #expect(f[0] == 10)
    #expect(f[29] == 39)
    #expect(f[30] == 39)
    #expect(f[59] == 10)
  }

  @Test func maxFramesStillCaps() throws {
    #expect(try Self.with { $0.repeatCount = 5 }.schedule(fps: 30, maxFrames: 7).count == 7)
  }

  /// Whatever the rates, no sample leaves the segment.
  @Test(arguments: [7.0, 23.976, 24, 25, 29.97, 30, 50, 59.94, 60, 144])
  func samplesStayInTheSegment(fps: Double) throws {
    for t in [
      Self.with { $0.bounce = true }, Self.with { $0.repeatCount = 3 }, Self.with { $0.duration = 7.3 },
      Self.with {
        $0.start = 22.5
        $0.end = 45
        $0.speed = 1.7
        $0.bounce = true
        $0.repeatCount = 2
      },
    ] {
      for frame in try Self.frames(t, fps: fps) {
        #expect(frame >= t.start && frame < t.end, "\(t) at \(fps) fps: \(frame)")
      }
    }
  }
}
