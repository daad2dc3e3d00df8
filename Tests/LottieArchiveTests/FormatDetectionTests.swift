import Foundation
import Lottie
import LottieArchive
import Testing

/// Telegram stickers, plain JSON, and telling the formats apart by content.
struct FormatDetectionTests {
  @Test func stickerLoads() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.gzip(.text(lottieJSON(name: "sticker")), named: "sticker.tgs", in: scratch.directory)
    let loaded = try AnimationSource.load(path: path)
    #expect(loaded.format == .telegramSticker)
    #expect(loaded.animation.name == "sticker")
    #expect(loaded.animationFile == path)
    #expect(loaded.animation.width == 100 && loaded.animation.height == 80)
    #expect(loaded.availableAnimations.isEmpty && loaded.embeddedFiles.isEmpty && loaded.baseDirectory == nil)
  }

  @Test func stickerErrorsNameTheSticker() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.gzip(.text(#"{"w":1"#), named: "broken.tgs", in: scratch.directory)
    expectLoadError(
      path, "\(path): invalid JSON at line 1, column 7 (byte 6): unexpected end of input (truncated JSON?)")
  }

  @Test func plainJSONKeepsItsFolderForExternalImages() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.plain(lottieJSON(name: "plain"), named: "plain.json", in: scratch.directory)
    let loaded = try AnimationSource.load(path: path)
    #expect(loaded.format == .json)
    #expect(loaded.animation.name == "plain")
    #expect(loaded.baseDirectory == scratch.directory.path)
  }

  @Test func formatComesFromTheContentNotTheExtension() throws {
    let scratch = Scratch()
    let sticker = try ArchiveMaker.gzip(.text(lottieJSON(name: "gz")), named: "sticker.json", in: scratch.directory)
    #expect(try AnimationSource.load(path: sticker).format == .telegramSticker)
    let archive = try ArchiveMaker.zip(
      [ArchiveEntry(name: "animations/z.json", content: .text(lottieJSON(name: "z")))], named: "archive.tgs",
      in: scratch.directory)
    #expect(try AnimationSource.load(path: archive).format == .dotLottie)
    let json = try ArchiveMaker.plain(lottieJSON(name: "j"), named: "plain.lottie", in: scratch.directory)
    #expect(try AnimationSource.load(path: json).format == .json)
  }

  @Test(arguments: [
    ("x.lottie", "not a dotLottie (zip) archive nor Lottie JSON"),
    ("x.tgs", "not a gzip'd Telegram sticker nor Lottie JSON"),
  ])
  func wrongContentForTheExtensionIsNamed(name: String, message: String) throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.plain("hello", named: name, in: scratch.directory)
    expectLoadError(path, "\(path): \(message)")
  }

  @Test func missingFileIsNamed() {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString).lottie").path
    expectLoadError(path, "\(path): cannot read: no such file")
  }

  @Test func animationOptionOnASingleAnimationIsRefused() throws {
    let scratch = Scratch()
    let json = try ArchiveMaker.plain(lottieJSON(name: "j"), named: "one.json", in: scratch.directory)
    expectLoadError(json, "\(json): no animation 'foo' (the file holds one unnamed animation)", animationID: "foo")
    let sticker = try ArchiveMaker.gzip(.text(lottieJSON(name: "s")), named: "one.tgs", in: scratch.directory)
    expectLoadError(
      sticker, "\(sticker): no animation 'foo' (the file holds one unnamed animation)", animationID: "foo")
  }
}
