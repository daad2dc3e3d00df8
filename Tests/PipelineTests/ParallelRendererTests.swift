import Dispatch
import Foundation
import Lottie
import Pipeline
import Raster
import TestSupport
import Testing

@Suite(.heavy)
struct ParallelRendererTests {
  static func hello() throws -> Animation {
    try LottieParser.load(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path)
  }

  /// One full-canvas solid: as cheap to draw as a frame can be.
  static func solid(width: Int = 64, height: Int = 64) throws -> Animation {
    let json =
      ##"{"v":"5.7.0","fr":30,"ip":0,"op":300,"w":\##(width),"h":\##(height),"layers":[{"ty":1,"ind":1,"sc":"#3366ff","sw":\##(width),"sh":\##(height),"ip":0,"op":300,"st":0,"ks":{}}]}"##
    return try LottieParser.parse(bytes: Array(json.utf8), file: "solid.json")
  }

  static func renderAll(_ animation: Animation, settings: RenderSettings, schedule: FrameSchedule) throws
    -> [PixelBuffer]
  {
    var frames: [PixelBuffer] = []
    try ParallelRenderer.run(animation: animation, settings: settings, schedule: schedule) { _, buffer in
      frames.append(buffer)
    }
    return frames
  }

  /// A parallel render matches a serial one byte for byte: 24 frames spread over hello.json's 90.
  @Test(.hangGuard)
  func parallelMatchesSerial() throws {
    let animation = try Self.hello()
    let schedule = FrameSchedule(startFrame: animation.inPoint, step: animation.frameCount / 24, count: 24)
    let serial = try Self.renderAll(
      animation, settings: RenderSettings(width: 256, height: 256, jobs: 1), schedule: schedule)
    let parallel = try Self.renderAll(
      animation, settings: RenderSettings(width: 256, height: 256, jobs: 4), schedule: schedule)
    try #require(serial.count == 24 && parallel.count == 24)
    for index in 0..<24 {
      #expect(serial[index].width == 256 && serial[index].height == 256)
      #expect(
        serial[index] == parallel[index], "frame \(index) (composition frame \(schedule.compositionFrame(index)))")
    }
    // The frames differ from each other, so equality above is not two blank renders agreeing.
    #expect(Set(serial.map(\.bytes)).count > 12)
    #expect(serial.contains { frame in frame.bytes.enumerated().contains { $0.offset % 4 == 3 && $0.element != 0 } })
  }

  @Test(arguments: [1, 2, 4, 7])
  func consumesInIndexOrder(jobs: Int) throws {
    var indices: [Int] = []
    let schedule = FrameSchedule(startFrame: 0, step: 1, count: 40)
    try ParallelRenderer.run(
      animation: try Self.solid(), settings: RenderSettings(width: 16, height: 16, jobs: jobs), schedule: schedule
    ) { index, buffer in
      #expect(buffer.width == 16 && buffer.height == 16)
      indices.append(index)
    }
    #expect(indices == Array(0..<40))
  }

  struct Stop: Error, Equatable {
    let index: Int
  }

  /// An error from `consume` ends the run at once and comes out of `run`; no frame is consumed after it.
  @Test(.hangGuard, arguments: [1, 3])
  func consumeErrorStopsTheRun(jobs: Int) throws {
    var indices: [Int] = []
    let schedule = FrameSchedule(startFrame: 0, step: 1, count: 200)
    let error = #expect(throws: Stop.self) {
      try ParallelRenderer.run(
        animation: try Self.solid(), settings: RenderSettings(width: 32, height: 32, jobs: jobs), schedule: schedule
      ) { index, _ in
        indices.append(index)
        if index == 3 { throw Stop(index: index) }
      }
    }
    #expect(error == Stop(index: 3))
    #expect(indices == [0, 1, 2, 3])
  }

  /// A worker that cannot be built (Cairo refuses sides over 32767) fails the run instead of hanging it.
  @Test(.hangGuard)
  func workerBuildErrorIsRethrown() throws {
    var consumed = 0
    #expect(throws: (any Error).self) {
      try ParallelRenderer.run(
        animation: try Self.solid(), settings: RenderSettings(width: 40_000, height: 1, jobs: 2),
        schedule: FrameSchedule(startFrame: 0, step: 1, count: 5)
      ) { _, _ in consumed += 1 }
    }
    #expect(consumed == 0)
  }

  @Test func emptyScheduleConsumesNothing() throws {
    var consumed = 0
    try ParallelRenderer.run(
      animation: try Self.solid(), settings: RenderSettings(width: 8, height: 8, jobs: 2),
      schedule: FrameSchedule(startFrame: 0, step: 1, count: 0)
    ) { _, _ in consumed += 1 }
    #expect(consumed == 0)
  }

  @Test func renderOnlyCountsFrames() throws {
    let animation = try Self.solid()
    let all = try Exporter.renderOnly(
      animation: animation, settings: RenderSettings(width: 8, height: 8, jobs: 2), fps: 15)
    #expect(all.frames == 150)
    let capped = try Exporter.renderOnly(
      animation: animation, settings: RenderSettings(width: 8, height: 8, jobs: 2), fps: 30, maxFrames: 7)
    #expect(capped.frames == 7)
  }

  /// Memory stays bounded: at most `2 * jobs + 1` frames are rendered but not yet consumed.
  ///
  /// The bound is not visible through the API, so it is observed through the process's resident memory.
  /// The consumer holds frame 0 for as long as all 24 frames take to render; with 16 MiB frames and one worker,
  /// an unbounded renderer would grow by up to 24 frames (384 MiB), a bounded one by at most 3 frames plus
  /// the worker's surface (about 76 MiB measured). The limit, 9 frames, allows 4 more frames (64 MiB) for
  /// other tests running in the same process.
  @Test(.hangGuard)
  func framesInFlightAreBounded() throws {
    guard let baseline = Self.residentBytes() else { try Test.cancel("resident memory is not observable here") }
    let (width, height) = (2048, 2048)
    let frameBytes = width * height * 4
    let animation = try Self.solid(width: width, height: height)
    let settings = RenderSettings(width: width, height: height, jobs: 1)
    // Time a frame (setup excluded: frames 1...5 arrive one render apart), so that the hold below is long
    // enough on this machine, however busy.
    var arrivals: [UInt64] = []
    try ParallelRenderer.run(
      animation: animation, settings: settings, schedule: FrameSchedule(startFrame: 0, step: 1, count: 6)
    ) { _, _ in arrivals.append(DispatchTime.now().uptimeNanoseconds) }
    let perFrame = Double(arrivals[5] - arrivals[1]) / 4 / 1e9
    let count = 24
    let hold = max(0.5, perFrame * Double(count))
    if hold > 20 { try Test.cancel("rendering is too slow here (\(perFrame) s a frame) to observe the bound") }

    var peak = baseline
    var consumed = 0
    try ParallelRenderer.run(
      animation: animation, settings: settings, schedule: FrameSchedule(startFrame: 0, step: 1, count: count)
    ) { index, _ in
      consumed += 1
      guard index == 0 else { return }
      let start = DispatchTime.now()
      while Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 < hold {
        Thread.sleep(forTimeInterval: 0.02)
        peak = max(peak, Self.residentBytes() ?? 0)
      }
    }
    #expect(consumed == count)
    let maxInFlight = 2 * settings.jobs + 1
    let allowed = (maxInFlight + 1 + 4) * frameBytes
    let grown = peak - baseline
    #expect(
      grown <= allowed,
      "resident memory grew by \(grown / frameBytes) frames (\(grown >> 20) MiB) while the consumer held frame 0; at most \(allowed / frameBytes) expected"
    )
  }

  /// Resident set size from /proc/self/statm, or nil where there is none.
  static func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
