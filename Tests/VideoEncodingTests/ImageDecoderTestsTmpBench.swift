import Foundation
import Testing
import VideoEncoding

@Suite(.enabled(if: ProcessInfo.processInfo.environment["L2V_BENCH_IMG"] == "1"))
struct ImageDecoderTmpBench {
  @Test(arguments: [
    ("png", "testsrc2=s=1920x1080,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='X/8'", [String]()),
    ("jpg", "testsrc2=s=4000x3000", ["-q:v", "3"]),
    ("webp", "testsrc2=s=1920x1080", ["-c:v", "libwebp"]),
  ])
  func bench(ext: String, filter: String, args: [String]) throws {
    let bytes: [UInt8] = try withTemporaryDirectory { dir in
      let path = "\(dir)/b.\(ext)"
      _ = try MediaTools.run("ffmpeg", ["-v", "error", "-y", "-filter_complex", filter, "-frames:v", "1"] + args + [path])
      return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    var image: Any?
    let t = try ContinuousClock().measure { for _ in 0..<5 { image = try ImageDecoder.decode(bytes, name: "b") } }
    print("BENCH \(ext) \(bytes.count) bytes: \(t / 5) per decode", image != nil)
  }
}
