import Testing
import VideoEncoding

struct ScratchTemp {
  @Test func scratchWrite() throws {
    for (name, fps) in [("a.webm", 25.0), ("a.mov", 24), ("a.gif", 30)] {
      let encoder = try VideoEncoder(outputPath: "/tmp/l2vt/\(name)", settings: EncoderSettings(width: 64, height: 48, fps: fps, alpha: true))
      for _ in 0..<15 { try encoder.append(translucentFrame(width: 64, height: 48)) }
      try encoder.finish()
    }
  }
}
