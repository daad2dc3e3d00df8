import Foundation
import TestSupport
import Testing

/// `--allow-external-paths` (issue 16, item 1): a font file named by an absolute `fPath` is refused with one
/// warning by default, and read with the flag.
struct ExternalPathsCLITests {
  /// A text layer in DejaVu Serif Bold, whose `fPath` names the installed file by its absolute path.
  static func fontAnimation(fontFile: String) -> String {
    #"""
    {"v":"5.7.0","fr":30,"ip":0,"op":10,"w":200,"h":60,
     "fonts":{"list":[{"fName":"Brand","fFamily":"DejaVu Serif","fStyle":"Bold","fPath":"\#(fontFile)"}]},
     "layers":[{"ty":5,"ind":1,"ip":0,"op":10,"st":0,"ks":{"p":{"k":[10,40]}},
       "t":{"d":{"k":[{"t":0,"s":{"t":"Hi","f":"Brand","s":30,"fc":[0,0,0],"j":0}}]},"a":[],"p":{},"m":{"a":{"k":[0,0]}}}}]}
    """#
  }

  @Test func anAbsoluteFontPathNeedsTheFlag() async throws {
    let font = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"
    try #require(FileManager.default.fileExists(atPath: font), "fonts-dejavu is not installed (scripts/test installs it)")
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("font.json").path
    try Data(Self.fontAnimation(fontFile: font).utf8).write(to: URL(fileURLWithPath: input))
    let refused = try await CommandRunner.lottie2video(["check", input, "--strict"])
    #expect(refused.exited(1), "\(refused)")
    #expect(
      refused.stdout.contains("warning: font 'Brand': 'fPath' points outside the animation's folder and the font folders; not read"),
      "\(refused)")
    let allowed = try await CommandRunner.lottie2video(["check", input, "--strict", "--allow-external-paths"])
    #expect(allowed.exited(0), "\(allowed)")
    let png = directory.appendingPathComponent("s.png").path
    let snapshot = try await CommandRunner.lottie2video(["snapshot", input, "--frame", "0", "-o", png, "--allow-external-paths"])
    #expect(snapshot.exited(0) && snapshot.stderr == "", "\(snapshot)")
  }
}
