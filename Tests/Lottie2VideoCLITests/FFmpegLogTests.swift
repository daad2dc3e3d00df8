import Foundation
import TestSupport
import Testing

/// FFmpeg's own log lines go through the tool's reporter: events with `--progress json` (so stderr stays a
/// stream of JSON objects), notes in text mode, nothing with `-q`. They used to go straight to stderr.
struct FFmpegLogTests {
  /// A 10-frame animation whose one sound is a WAV with 64 channels: libswresample cannot mix that down
  /// to stereo and logs why.
  static func animationWithAnUnmixableSound(in directory: URL) throws -> String {
    let wav = MediaToolRunner.toneWAV(channels: 64, seconds: 0.01)
    let uri = "data:audio/wav;base64," + Data(wav).base64EncodedString()
    let json = #"""
      {"v":"5.7","fr":30,"ip":0,"op":10,"w":32,"h":32,"assets":[{"id":"s","e":1,"u":"","p":"\#(uri)"}],
       "layers":[{"ty":6,"ind":1,"ip":0,"op":10,"st":0,"refId":"s","au":{"lv":{"a":0,"k":[100,100]}}},
         {"ty":1,"ind":2,"ip":0,"op":10,"st":0,"ks":{},"sc":"#ff0000","sw":32,"sh":32}]}
      """#
    let path = directory.appendingPathComponent("sound.json").path
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func ffmpegLinesAreJSONEventsWithProgressJSON() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try Self.animationWithAnUnmixableSound(in: directory)
    let output = directory.appendingPathComponent("out.mp4").path
    let result = try await CommandRunner.lottie2video([input, "-o", output, "--progress", "json"])
    #expect(result.exited(0), "\(result)")
    let lines = result.stderr.split(separator: "\n")
    var messages: [String] = []
    for line in lines {
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object != nil, "not a JSON object: \(line)")
      if let message = object?["message"] as? String { messages.append(message) }
    }
    // FFmpeg's complaint is there, as a note.
    #expect(messages.contains { $0.hasPrefix("FFmpeg: ") && $0.contains("Rematrix") }, "\(result.stderr)")
  }

  @Test func quietSilencesFFmpeg() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try Self.animationWithAnUnmixableSound(in: directory)
    let output = directory.appendingPathComponent("out.mp4").path
    let quiet = try await CommandRunner.lottie2video([input, "-o", output, "-q", "--background", "white"])
    #expect(quiet.exited(0), "\(quiet)")
    #expect(quiet.stderr == "", "\(quiet)")
    let loud = try await CommandRunner.lottie2video([input, "-o", output, "--background", "white"])
    #expect(
      loud.stderr.split(separator: "\n").contains { $0.hasPrefix("note: FFmpeg: ") && $0.contains("Rematrix") },
      "\(loud)")
  }
}
