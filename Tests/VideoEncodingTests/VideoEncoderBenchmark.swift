import Foundation
import Raster
import Testing
import VideoEncoding

/// Encode speed at 1080p; runs only with `L2V_BENCH=1` (it takes several seconds).
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["L2V_BENCH"] == "1"))
struct VideoEncoderBenchmark {
  @Test(arguments: ["ultrafast", "veryfast", "medium"])
  func encodes1080p(preset: String) throws {
    let width = 1920
    let height = 1080
    let frameCount = 120
    // Lottie-like content: a smooth static gradient with a flat block moving 8 pixels per frame. Frames are
    // drawn outside the timed region.
    var background = PixelBuffer(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let offset = y * background.stride + x * 4
        background.bytes[offset] = UInt8(x * 255 / width)
        background.bytes[offset + 1] = UInt8(y * 255 / height)
        background.bytes[offset + 2] = 96
        background.bytes[offset + 3] = 255
      }
    }
    try withTemporaryDirectory { directory in
      let path = "\(directory)/bench.mp4"
      let settings = EncoderSettings(width: width, height: height, fps: 60, codecPreset: preset)
      // Process CPU time as well as wall time: on a busy machine the wall time mostly measures the others.
      var wallTime = Duration.zero
      var cpuTicks = 0
      func timed(_ body: () throws -> Void) rethrows {
        let cpuStart = clock()
        wallTime += try ContinuousClock().measure(body)
        cpuTicks += clock() - cpuStart
      }
      var encoder: VideoEncoder?
      try timed { encoder = try VideoEncoder(outputPath: path, settings: settings) }
      for index in 0..<frameCount {
        var frame = background
        let left = 100 + index * 8
        for y in 300..<600 {
          for x in left..<(left + 300) {
            let offset = y * frame.stride + x * 4
            frame.bytes[offset] = 40
            frame.bytes[offset + 1] = 200
            frame.bytes[offset + 2] = 240
          }
        }
        try timed { try encoder?.append(frame) }
      }
      try timed { try encoder?.finish() }
      let seconds = Double(wallTime.components.seconds) + Double(wallTime.components.attoseconds) * 1e-18
      let cpuMilliseconds = Double(cpuTicks) / Double(CLOCKS_PER_SEC) * 1000 / Double(frameCount)
      print(
        "1080p \(preset): \(frameCount) frames in \(seconds) s = \(Double(frameCount) / seconds) fps; "
          + "CPU \(cpuMilliseconds) ms per frame (all threads)")
      #expect(try MediaTools.probe(path).int("nb_read_frames") == frameCount)
    }
  }
}

/// Encode speed and peak memory per format at 1080p; runs only with `L2V_BENCH=1`.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["L2V_BENCH"] == "1"))
struct FormatBenchmark {
  @Test(arguments: ["clip.webm", "alpha.webm", "clip.mov", "alpha.mov", "clip.gif", "alpha.gif"])
  func encodes1080p(name: String) throws {
    // L2V_BENCH_ONLY=alpha.gif runs one case, so that the process's peak memory (VmHWM) is that case's.
    if let only = ProcessInfo.processInfo.environment["L2V_BENCH_ONLY"], only != name { return }
    let frameCount = ProcessInfo.processInfo.environment["L2V_BENCH_FRAMES"].flatMap { Int($0) } ?? 60
    let (width, height) = (1920, 1080)
    let alpha = name.hasPrefix("alpha")
    // A gradient with a translucent block moving 8 pixels per frame (premultiplied when translucent).
    var background = PixelBuffer(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let offset = y * background.stride + x * 4
        background.bytes[offset] = UInt8(x * 255 / width)
        background.bytes[offset + 1] = UInt8(y * 255 / height)
        background.bytes[offset + 2] = 96
        background.bytes[offset + 3] = 255
      }
    }
    try withTemporaryDirectory { directory in
      let path = "\(directory)/\(name)"
      let encoder = try VideoEncoder(
        outputPath: path, settings: EncoderSettings(width: width, height: height, fps: 30, alpha: alpha))
      let clock = ContinuousClock()
      var elapsed = Duration.zero
      for index in 0..<frameCount {
        var frame = background
        let left = 100 + index * 8
        for y in 300..<600 {
          for x in left..<(left + 300) {
            let offset = y * frame.stride + x * 4
            (frame.bytes[offset], frame.bytes[offset + 1], frame.bytes[offset + 2], frame.bytes[offset + 3]) =
              alpha ? (20, 100, 120, 128) : (40, 200, 240, 255)
          }
        }
        elapsed += try clock.measure { try encoder.append(frame) }
      }
      elapsed += try clock.measure { try encoder.finish() }
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
      let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
      let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM") } ?? "VmHWM ?"
      print("1080p \(name): \(frameCount) frames in \(seconds) s = \(Double(frameCount) / seconds) fps; \(peak)")
      #expect(try MediaTools.probe(path).int("nb_read_frames") == frameCount)
    }
  }
}
