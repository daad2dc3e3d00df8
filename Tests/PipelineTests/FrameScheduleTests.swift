import Lottie
import Pipeline
import Testing

struct FrameScheduleTests {
  /// A layerless animation: only the timing members matter here.
  static func animation(frameRate: Double = 30, inPoint: Double = 0, outPoint: Double = 90) throws -> Animation {
    let json = #"{"v":"5.7.0","fr":\#(frameRate),"ip":\#(inPoint),"op":\#(outPoint),"w":10,"h":10,"layers":[]}"#
    return try LottieParser.parse(bytes: Array(json.utf8), file: "timing.json")
  }

  /// 90 frames at 30 fps are 3 s: the same 3 s at any output rate.
  @Test(arguments: [
    (30.0, 90, 1.0), (60.0, 180, 0.5), (25.0, 75, 1.2), (24.0, 72, 1.25), (15.0, 45, 2.0), (120.0, 360, 0.25),
  ])
  func countKeepsTheDuration(fps: Double, count: Int, step: Double) throws {
    let schedule = try FrameSchedule(animation: Self.animation(), fps: fps)
    #expect(schedule.count == count)
    #expect(schedule.startFrame == 0)
    #expect(abs(schedule.step - step) < 1e-12)
  }

  @Test func compositionFramesAt60fps() throws {
    let schedule = try FrameSchedule(animation: Self.animation(), fps: 60)
    #expect((0..<5).map(schedule.compositionFrame) == [0, 0.5, 1, 1.5, 2])
    #expect(schedule.compositionFrame(179) == 89.5)
  }

  @Test func compositionFramesAt25fps() throws {
    let schedule = try FrameSchedule(animation: Self.animation(), fps: 25)
    // step 1.2 is not exact in binary: compare with a tolerance far below a frame.
    for (index, expected) in [(0, 0.0), (1, 1.2), (2, 2.4), (5, 6.0), (74, 88.8)] {
      #expect(abs(schedule.compositionFrame(index) - expected) < 1e-9, "index \(index)")
    }
  }

  @Test func startsAtTheInPoint() throws {
    let schedule = try FrameSchedule(animation: Self.animation(inPoint: 10, outPoint: 100), fps: 60)
    #expect(schedule.startFrame == 10)
    #expect(schedule.count == 180)
    #expect(schedule.compositionFrame(0) == 10)
    #expect(schedule.compositionFrame(179) == 99.5)
  }

  /// No output frame samples the out point or later: players never show the frame at `op`.
  @Test(arguments: [1.0, 7.0, 10.0, 23.976, 24.0, 25.0, 29.97, 30.0, 48.0, 50.0, 59.94, 60.0, 100.0, 144.0, 240.0])
  func neverSamplesTheOutPoint(fps: Double) throws {
    for (fr, ip, op) in [(30.0, 0.0, 90.0), (24.0, 0.0, 7.0), (60.0, 5.0, 65.0), (25.0, 0.0, 1.0), (29.97, 0.0, 100.0)]
    {
      let schedule = try FrameSchedule(animation: Self.animation(frameRate: fr, inPoint: ip, outPoint: op), fps: fps)
      #expect(schedule.count >= 1)
      #expect(schedule.compositionFrame(schedule.count - 1) < op, "fr \(fr) ip \(ip) op \(op) at \(fps) fps")
      #expect(schedule.compositionFrame(0) == ip)
    }
  }

  @Test(arguments: [(1, 1), (5, 5), (180, 180), (181, 180), (10_000, 180)])
  func maxFramesCapsTheCount(maxFrames: Int, count: Int) throws {
    let schedule = try FrameSchedule(animation: Self.animation(), fps: 60, maxFrames: maxFrames)
    #expect(schedule.count == count)
    #expect(schedule.step == 0.5, "capping does not change the timing")
  }

  @Test func explicitPartsAreKept() {
    let schedule = FrameSchedule(startFrame: 3, step: 2.5, count: 4)
    #expect((0..<4).map(schedule.compositionFrame) == [3, 5.5, 8, 10.5])
  }
}
