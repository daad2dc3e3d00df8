import Foundation
import Lottie
import TestSupport
import Testing
import VideoEncoding

@testable import LottieArchive

/// dotLottie archives, versions 1 and 2: manifest, animation choice, embedded images, fonts.
@Suite(.heavy)
struct DotLottieTests {
  /// A version 1 archive with two animations, each using one image; a third image and a font are unused.
  static func versionOne(in scratch: Scratch) throws -> String {
    let first = lottieJSON(
      name: "first", assets: "[\(imageAsset(id: "img_0", directory: "/images/", file: "img_0.png"))]")
    let second = lottieJSON(
      name: "second", assets: "[\(imageAsset(id: "img_1", directory: "images/", file: "img_1.png"))]")
    return try ArchiveMaker.zip(
      [
        ArchiveEntry(
          name: "manifest.json", content: .text(#"{"version":"1.0","animations":[{"id":"first"},{"id":"second"}]}"#)),
        ArchiveEntry(name: "animations/first.json", content: .text(first)),
        ArchiveEntry(name: "animations/second.json", content: .text(second)),
        ArchiveEntry(name: "images/img_0.png", content: .png(width: 2, height: 2)),
        ArchiveEntry(name: "images/img_1.png", content: .png(width: 3, height: 1)),
        ArchiveEntry(name: "images/unused.png", content: .png(width: 1, height: 1)),
        ArchiveEntry(name: "fonts/Inter.ttf", content: .text("not really a font")),
      ], named: "v1.lottie", in: scratch.directory)
  }

  /// A version 2 archive: `a/` and `i/`, one asset still saying `/images/` (as converted v1 files do), one
  /// with an empty folder and `e: 1` (as dotlottie-js writes).
  static func versionTwo(in scratch: Scratch, manifestExtra: String = "") throws -> String {
    let main = lottieJSON(name: "main", assets: "[\(imageAsset(id: "a", directory: "/images/", file: "img_0.png"))]")
    let alt = lottieJSON(name: "alt", assets: "[\(imageAsset(id: "b", directory: "", file: "img_1.png", embedded: 1))]")
    return try ArchiveMaker.zip(
      [
        ArchiveEntry(
          name: "manifest.json",
          content: .text(#"{"version":"2","animations":[{"id":"main"},{"id":"alt"}]\#(manifestExtra)}"#)),
        ArchiveEntry(name: "a/main.json", content: .text(main)),
        ArchiveEntry(name: "a/alt.json", content: .text(alt)),
        ArchiveEntry(name: "i/img_0.png", content: .png(width: 2, height: 2)),
        ArchiveEntry(name: "i/img_1.png", content: .png(width: 4, height: 3)),
        ArchiveEntry(name: "f/Inter.ttf", content: .text("not really a font")),
      ], named: "v2.lottie", in: scratch.directory)
  }

  // MARK: - Fonts

  /// An archive whose animation has a text layer without glyph outlines: its font files are read, for
  /// fontconfig; the same archive without text reads none.
  @Test(arguments: [true, false])
  func fontFilesAreReadForTextLayers(_ hasText: Bool) throws {
    let scratch = Scratch()
    let text =
      #"{"ty":5,"ind":1,"ip":0,"op":10,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"Hi","f":"Inter-Regular","s":20}}]}}}"#
    let json =
      #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":10,"h":10,"fonts":{"list":[{"fName":"Inter-Regular","fFamily":"Inter","fStyle":"Regular"}]},"layers":[\#(hasText ? text : "")]}"#
    let path = try ArchiveMaker.zip(
      [
        ArchiveEntry(name: "manifest.json", content: .text(#"{"animations":[{"id":"a"}]}"#)),
        ArchiveEntry(name: "animations/a.json", content: .text(json)),
        ArchiveEntry(name: "fonts/Inter.ttf", content: .text("font bytes")),
      ], named: "fonts.lottie", in: scratch.directory)
    let loaded = try AnimationSource.load(path: path)
    #expect(loaded.fontFiles == ["fonts/Inter.ttf"])
    #expect(loaded.fontData == (hasText ? ["fonts/Inter.ttf": Array("font bytes".utf8)] : [:]))
  }

  // MARK: - Version 1

  @Test func versionOneLoadsTheFirstAnimationWithItsImage() throws {
    let scratch = Scratch()
    let path = try Self.versionOne(in: scratch)
    let loaded = try AnimationSource.load(path: path)
    #expect(loaded.format == .dotLottie)
    #expect(loaded.animation.name == "first")
    #expect(loaded.animationFile == "\(path):animations/first.json")
    #expect(loaded.animationID == "first")
    #expect(loaded.availableAnimations == ["first", "second"])
    #expect(loaded.baseDirectory == nil)
    #expect(loaded.fontFiles == ["fonts/Inter.ttf"])
    // Only the image the animation uses is read.
    #expect(Array(loaded.embeddedFiles.keys) == ["images/img_0.png"])
    let image = try asset("img_0", of: loaded)
    #expect(loaded.embeddedPath(for: image) == "images/img_0.png")
    let bytes = try #require(loaded.imageBytes(for: image))
    let picture = try ImageDecoder.decode(bytes, name: "img_0")
    #expect(picture.width == 2 && picture.height == 2)
  }

  @Test func animationOptionPicksTheSecond() throws {
    let scratch = Scratch()
    let path = try Self.versionOne(in: scratch)
    let loaded = try AnimationSource.load(path: path, animationID: "second")
    #expect(loaded.animation.name == "second")
    #expect(loaded.animationID == "second")
    #expect(Array(loaded.embeddedFiles.keys) == ["images/img_1.png"])
    let bytes = try #require(loaded.imageBytes(for: try asset("img_1", of: loaded)))
    let picture = try ImageDecoder.decode(bytes, name: "img_1")
    #expect(picture.width == 3 && picture.height == 1)
  }

  @Test func unknownAnimationListsTheAvailableOnes() throws {
    let scratch = Scratch()
    let path = try Self.versionOne(in: scratch)
    expectLoadError(path, "\(path): no animation 'foo' (available: first, second)", animationID: "foo")
  }

  // MARK: - Version 2

  @Test func versionTwoLoadsFromTheShortFolders() throws {
    let scratch = Scratch()
    let path = try Self.versionTwo(in: scratch)
    let loaded = try AnimationSource.load(path: path)
    #expect(loaded.animation.name == "main")
    #expect(loaded.availableAnimations == ["main", "alt"])
    #expect(loaded.fontFiles == ["f/Inter.ttf"])
    let image = try asset("a", of: loaded)
    #expect(loaded.embeddedPath(for: image) == "i/img_0.png")
    let bytes = try #require(loaded.imageBytes(for: image))
    #expect(try ImageDecoder.decode(bytes, name: "a").width == 2)
  }

  @Test func versionTwoAnimationOptionPicksTheSecond() throws {
    let scratch = Scratch()
    let path = try Self.versionTwo(in: scratch)
    let loaded = try AnimationSource.load(path: path, animationID: "alt")
    #expect(loaded.animation.name == "alt")
    let image = try asset("b", of: loaded)
    #expect(image.isEmbedded)
    #expect(loaded.embeddedPath(for: image) == "i/img_1.png")
    let bytes = try #require(loaded.imageBytes(for: image))
    #expect(try ImageDecoder.decode(bytes, name: "b").height == 3)
  }

  @Test func versionTwoInitialAnimationIsTheDefault() throws {
    let scratch = Scratch()
    let path = try Self.versionTwo(in: scratch, manifestExtra: #","initial":{"animation":"alt"}"#)
    #expect(try AnimationSource.load(path: path).animation.name == "alt")
  }

  // MARK: - Manifest

  @Test func archiveWithoutManifestListsItsAnimationFolder() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip(
      [
        ArchiveEntry(name: "animations/zeta.json", content: .text(lottieJSON(name: "zeta"))),
        ArchiveEntry(name: "animations/alpha.json", content: .text(lottieJSON(name: "alpha"))),
      ], named: "bare.lottie", in: scratch.directory)
    let loaded = try AnimationSource.load(path: path)
    #expect(loaded.availableAnimations == ["alpha", "zeta"])
    #expect(loaded.animation.name == "alpha")
  }

  @Test func manifestEntryWithoutItsFileIsNamed() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip(
      [ArchiveEntry(name: "manifest.json", content: .text(#"{"animations":[{"id":"ghost"}]}"#))],
      named: "ghost.lottie", in: scratch.directory)
    expectLoadError(
      path,
      "\(path): manifest.json lists animation 'ghost', but the archive has no 'animations/ghost.json' or 'a/ghost.json'"
    )
  }

  @Test(arguments: [
    (#"{"animations":"#, "not valid JSON"),
    (#"[1]"#, "expected an object at the top level"),
    (#"{"version":"1"}"#, "missing member 'animations'"),
    (#"{"animations":{"id":"a"}}"#, "'animations' is not an array"),
    (#"{"animations":[{"id":"a"},{"name":"b"}]}"#, "animations[1] has no 'id' string"),
  ])
  func malformedManifestIsNamed(manifest: String, message: String) throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip(
      [
        ArchiveEntry(name: "manifest.json", content: .text(manifest)),
        ArchiveEntry(name: "animations/a.json", content: .text(lottieJSON(name: "a"))),
      ], named: "bad-manifest.lottie", in: scratch.directory)
    expectLoadError(path, "\(path): manifest.json: \(message)")
  }

  @Test func emptyAnimationListIsRefused() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip(
      [ArchiveEntry(name: "manifest.json", content: .text(#"{"animations":[]}"#))], named: "empty.lottie",
      in: scratch.directory)
    expectLoadError(path, "\(path): the archive holds no animation")
  }

  @Test func invalidAnimationIsNamedInsideTheArchive() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip(
      [
        ArchiveEntry(name: "manifest.json", content: .text(#"{"animations":[{"id":"a"}]}"#)),
        ArchiveEntry(name: "animations/a.json", content: .text(#"{"version":"1"}"#)),
      ], named: "invalid.lottie", in: scratch.directory)
    expectLoadError(path, "\(path):animations/a.json: $: missing required member 'w': not a Lottie animation")
  }

  // MARK: - Image paths

  @Test func imageMissingFromTheArchiveHasNoBytes() throws {
    let scratch = Scratch()
    let json = lottieJSON(name: "a", assets: "[\(imageAsset(id: "gone", directory: "/images/", file: "gone.png"))]")
    let path = try ArchiveMaker.zip(
      [
        ArchiveEntry(name: "manifest.json", content: .text(#"{"animations":[{"id":"a"}]}"#)),
        ArchiveEntry(name: "animations/a.json", content: .text(json)),
      ], named: "no-image.lottie", in: scratch.directory)
    let loaded = try AnimationSource.load(path: path)
    #expect(loaded.embeddedFiles.isEmpty)
    #expect(loaded.imageBytes(for: try asset("gone", of: loaded)) == nil)
  }

  @Test(arguments: [
    ("/images/", "img.png", ["images/img.png", "i/img.png"]),
    ("images", "img.png", ["images/img.png", "i/img.png"]),
    ("", "img.png", ["img.png", "images/img.png", "i/img.png"]),
    ("/i/", "img.png", ["i/img.png", "images/img.png"]),
    ("./images\\", "sub/img.png", ["images/sub/img.png", "images/img.png", "i/img.png"]),
    ("/images/", "data:image/png;base64,AAAA", []),
  ])
  func candidatePathsForAnAsset(directory: String, fileName: String, expected: [String]) {
    #expect(LoadedAnimation.candidatePaths(directory: directory, fileName: fileName) == expected)
  }
}
