import Foundation
import TestSupport
import Testing

/// Through the binary: a PNG saved as `.json` and a web page given as the input are named for what they are,
/// by the export and by `check`, with a non-zero exit and no output file.
struct InputSniffingCLITests {
  @Test(.hangGuard)
  func pngAndHTMLAreNamed() async throws {
    let folder = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = folder.appendingPathComponent("logo.json")
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).write(to: png)
    let html = folder.appendingPathComponent("page.lottie")
    try Data("<!doctype html><html><head><script src=lottie.js></script></head></html>".utf8).write(to: html)
    let out = folder.appendingPathComponent("out.mp4")
    let export = try await CommandRunner.lottie2video([png.path, "-o", out.path])
    #expect(!export.exited(0))
    #expect(
      export.stderr.contains(
        "\(png.path): this is a PNG image, not a Lottie animation (Bodymovin JSON, a .lottie archive or a .tgs sticker)"
      ),
      "\(export)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
    let check = try await CommandRunner.lottie2video(["check", html.path])
    #expect(!check.exited(0))
    #expect(check.stdout.contains("this is an HTML page") || check.stderr.contains("this is an HTML page"), "\(check)")
  }
}
