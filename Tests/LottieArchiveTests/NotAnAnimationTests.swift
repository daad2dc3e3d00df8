import Foundation
import Lottie
import LottieArchive
import Testing

/// Common files that are not animations, given as the input (a PNG named `.json`, a video, a saved web page),
/// are named for what they are, from a file and from a pipe, whatever their extension; JSON is never sniffed.
struct NotAnAnimationTests {
  static let cases: [(bytes: [UInt8], what: String)] = [
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], "a PNG image"),
    ([0xFF, 0xD8, 0xFF, 0xE0, 0, 16], "a JPEG image"),
    (Array("GIF89a\u{1}\0".utf8), "a GIF image"),
    (Array("RIFF\u{10}\0\0\0WEBPVP8 ".utf8), "a WebP image"),
    ([0, 0, 0, 0x20] + Array("ftypisom\0\0\u{2}\0".utf8), "an MP4 video"),
    ([0, 0, 0, 0x14] + Array("ftypqt  ".utf8), "a QuickTime (MOV) video"),
    ([0x1A, 0x45, 0xDF, 0xA3, 0x9F], "a WebM or Matroska video"),
    (Array("%PDF-1.7\n".utf8), "a PDF document"),
    (
      Array("\u{FEFF}\n  <!DOCTYPE html>\n<html><body>lottie</body></html>".utf8),
      "an HTML page (a saved web page rather than the animation file it shows)"
    ),
    (Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), "an SVG image"),
  ]

  @Test(arguments: ["in.json", "in.lottie", "in.tgs", "in"])
  func namedForWhatTheyAre(name: String) throws {
    let scratch = Scratch()
    for (bytes, what) in Self.cases {
      let path = scratch.directory.appendingPathComponent(name).path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      expectLoadError(
        path, "\(path): this is \(what), not a Lottie animation (Bodymovin JSON, a .lottie archive or a .tgs sticker)")
      #expect(throws: ArchiveError.notAnAnimation(file: "<stdin>", what: what)) {
        try AnimationSource.load(bytes: bytes, name: "<stdin>")
      }
    }
  }

  @Test func jsonAndUnknownBytesGoToTheParser() throws {
    let scratch = Scratch()
    // Text that merely mentions <html> inside a JSON document is JSON.
    let json = try ArchiveMaker.plain(lottieJSON(name: "<html>"), named: "a.json", in: scratch.directory)
    #expect(try AnimationSource.load(path: json).animation.name == "<html>")
    let garbage = try ArchiveMaker.plain("hello", named: "b.json", in: scratch.directory)
    expectLoadError(garbage, "\(garbage): invalid JSON at line 1, column 1 (byte 0): unexpected character 'h'")
  }
}
