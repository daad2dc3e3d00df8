import Foundation
import TestSupport
import Testing

/// The fonts one input brings serve it alone: `check a.lottie b.json` says of b.json what `check b.json`
/// says (R-3: a's archive font used to be added for the whole run, and b.json was reported ok).
struct FontIsolationTests {
  /// Writes `a.lottie`, holding a copy of Liberation Serif renamed "Xiberation Serif" (`f/X.ttf`) and a text
  /// layer that asks for it, and `b.json`, the same text layer without the font; returns their paths.
  static func inputs(in directory: URL) async throws -> (archive: String, plain: String) {
    let layer =
      #"{"ty":5,"ind":1,"ip":0,"op":10,"st":0,"ks":{"p":{"k":[10,40]}},"t":{"d":{"k":[{"t":0,"s":{"t":"Hi","f":"XiberationSerif-Regular","s":30,"fc":[0,0,0],"j":0}}]},"a":[],"p":{},"m":{"a":{"k":[0,0]}}}}"#
    let json =
      #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":120,"h":60,"fonts":{"list":[{"fName":"XiberationSerif-Regular","fFamily":"Xiberation Serif","fStyle":"Regular"}]},"layers":[\#(layer)]}"#
    let plain = directory.appendingPathComponent("b.json")
    try Data(json.utf8).write(to: plain)
    let archive = directory.appendingPathComponent("a.lottie").path
    let script = """
      import sys, zipfile
      font = open('/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf', 'rb').read()
      font = font.replace(b'Liberation', b'Xiberation').replace('Liberation'.encode('utf-16-be'), 'Xiberation'.encode('utf-16-be'))
      with zipfile.ZipFile(sys.argv[1], 'w') as z:
          z.writestr('manifest.json', '{"version":"2","animations":[{"id":"a"}]}')
          z.writestr('a/a.json', open(sys.argv[2]).read())
          z.writestr('f/X.ttf', font)
      """
    let result = try await CommandRunner.run(try CommandRunner.tool("python3"), ["-c", script, archive, plain.path])
    guard result.exited(0) else { throw ToolFailure(description: "cannot make the archive: \(result)") }
    return (archive, plain.path)
  }

  @Test func anArchivesFontDoesNotServeTheNextInput() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (archive, plain) = try await Self.inputs(in: directory)
    let alone = try await CommandRunner.lottie2video(["check", plain])
    #expect(alone.stdout.contains("font 'Xiberation Serif Regular' not found"), "\(alone)")
    let archiveAlone = try await CommandRunner.lottie2video(["check", archive])
    #expect(archiveAlone.stdout == "\(archive): ok\n", "\(archiveAlone)")
    // Together, in either order: each is reported as alone.
    let both = try await CommandRunner.lottie2video(["check", archive, plain])
    #expect(both.stdout == archiveAlone.stdout + alone.stdout, "\(both)")
    let reversed = try await CommandRunner.lottie2video(["check", plain, archive])
    #expect(reversed.stdout == alone.stdout + archiveAlone.stdout, "\(reversed)")
  }
}
