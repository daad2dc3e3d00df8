import Foundation
import TestSupport
import Testing

/// A dotLottie archive with two animations, through the binary: `info` lists both and marks the one shown,
/// `--animation ID` picks the other for `info`, `info --json` and an export, and an unknown id lists the ids.
struct DotLottieAnimationsCLITests {
  static func animation(name: String, width: Int, height: Int, frames: Int) -> Data {
    Data(#"{"v":"5.7.0","nm":"\#(name)","fr":30,"ip":0,"op":\#(frames),"w":\#(width),"h":\#(height),"layers":[]}"#.utf8)
  }

  @Test func infoListsTheAnimationsAndAnimationPicksOne() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let archive = directory.appendingPathComponent("two.lottie").path
    try TestArchive.zip(
      [
        "manifest.json": Data(#"{"version":"2","animations":[{"id":"intro"},{"id":"outro"}]}"#.utf8),
        "a/intro.json": Self.animation(name: "Intro", width: 32, height: 32, frames: 10),
        "a/outro.json": Self.animation(name: "Outro", width: 64, height: 16, frames: 20),
      ], to: archive)
    let first = try await CommandRunner.lottie2video(["info", archive])
    #expect(first.exited(0), "\(first)")
    #expect(
      first.stdout.contains("\nanimations:  intro (shown), outro\nthemes:      none\nname:        Intro\n"),
      "\(first.stdout)")
    let second = try await CommandRunner.lottie2video(["info", archive, "--animation", "outro"])
    #expect(
      second.stdout.contains("\nanimations:  intro, outro (shown)\n")
        && second.stdout.contains("\nsize:        64x16\n"), "\(second.stdout)")
    let json = try await CommandRunner.lottie2video(["info", archive, "--json", "--animation", "outro"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["animations"] as? [String] == ["intro", "outro"] && object["animation"] as? String == "outro")
    #expect(object["width"] as? Int == 64 && object["frames"] as? Int == 20)
    let output = directory.appendingPathComponent("outro.mp4").path
    let export = try await CommandRunner.lottie2video([archive, "--animation", "outro", "-o", output, "-q"])
    #expect(export.exited(0), "\(export)")
    let stream = try await CommandRunner.probe(output)
    #expect(stream["width"] as? Int == 64 && stream["height"] as? Int == 16, "\(stream)")
    let unknown = try await CommandRunner.lottie2video(["info", archive, "--animation", "outr"])
    #expect(
      unknown.exited(1) && unknown.stderr == "Error: \(archive): no animation 'outr' (available: intro, outro)\n",
      "\(unknown)")
  }
}
