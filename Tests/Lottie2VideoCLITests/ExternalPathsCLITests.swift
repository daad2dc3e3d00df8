import Foundation
import TestSupport
import Testing

/// `--allow-external-paths` (issue 16, item 1): images, sounds and font files named by an absolute path or by
/// `..` out of the animation's folder are refused with one warning by default, and read with the flag.
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
    try #require(
      FileManager.default.fileExists(atPath: font), "fonts-dejavu is not installed (scripts/test installs it)")
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("font.json").path
    try Data(Self.fontAnimation(fontFile: font).utf8).write(to: URL(fileURLWithPath: input))
    let refused = try await CommandRunner.lottie2video(["check", input, "--strict"])
    #expect(refused.exited(1), "\(refused)")
    #expect(
      refused.stdout.contains(
        "warning: font 'Brand': 'fPath' points outside the animation's folder and the font folders; not read"),
      "\(refused)")
    let allowed = try await CommandRunner.lottie2video(["check", input, "--strict", "--allow-external-paths"])
    #expect(allowed.exited(0), "\(allowed)")
    let png = directory.appendingPathComponent("s.png").path
    let snapshot = try await CommandRunner.lottie2video([
      "snapshot", input, "--frame", "0", "-o", png, "--allow-external-paths",
    ])
    #expect(snapshot.exited(0) && snapshot.stderr == "", "\(snapshot)")
  }

  /// An animation in `upload/` whose image (absolute path) and sound (`../shared/`) live in `shared/`.
  @Test func imagesAndSoundsOutsideTheFolderNeedTheFlag() async throws {
    let root = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let shared = root.appendingPathComponent("shared")
    let upload = root.appendingPathComponent("upload")
    for folder in [shared, upload] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    try CommandRunnerPNG.writeRed(to: shared.appendingPathComponent("red.png").path)
    try Data(MediaToolRunner.toneWAV(seconds: 1, amplitude: 0.5)).write(to: shared.appendingPathComponent("tone.wav"))
    let json = #"""
      {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":4,"h":4,
       "assets":[{"id":"img","w":4,"h":4,"u":"\#(shared.path)/","p":"red.png","e":0},{"id":"snd","u":"../shared/","p":"tone.wav","e":0}],
       "layers":[{"ty":2,"refId":"img","ind":1,"ip":0,"op":30,"st":0,"ks":{}},{"ty":6,"refId":"snd","ind":2,"ip":0,"op":30,"st":0}]}
      """#
    let input = upload.appendingPathComponent("anim.json").path
    try Data(json.utf8).write(to: URL(fileURLWithPath: input))
    let output = upload.appendingPathComponent("out.mp4").path
    let refused = try await CommandRunner.lottie2video([input, "-o", output])
    #expect(refused.exited(0), "\(refused)")
    #expect(
      refused.stderr.contains("image asset 'img': '\(shared.path)/red.png' is outside the animation's folder"),
      "\(refused.stderr)")
    #expect(refused.stderr.contains("sound asset 'snd'"), "\(refused.stderr)")
    #expect(try MediaToolRunner.audioStream(output) == nil)
    let allowed = try await CommandRunner.lottie2video([input, "-o", output, "--allow-external-paths", "--strict"])
    #expect(allowed.exited(0), "\(allowed)")
    #expect(try MediaToolRunner.audioStream(output)?["codec_name"] as? String == "aac")
    let red = try await CommandRunner.decodeFirstFrame(output, pixelFormat: "rgb24")
    #expect(red.count >= 3 && red[0] > 200 && red[1] < 60, "the image is drawn: \(Array(red.prefix(3)))")
  }
}
