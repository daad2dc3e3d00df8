import Foundation
import Lottie
import TestSupport
import Testing

@testable import LottieArchive

/// Archives as real tools write them, which every player reads: macOS Archive Utility's (folder entries, data
/// descriptors, `__MACOSX/` forks, `.DS_Store`), local headers that disagree with the central directory, no
/// manifest, a folder wrapping everything. The safety checks still hold on what is actually read.
@Suite(.heavy)
struct LenientArchiveTests {
  static let manifest = ArchiveEntry(name: "manifest.json", content: .text(#"{"animations":[{"id":"anim"}]}"#))
  static let animation = ArchiveEntry(
    name: "animations/anim.json",
    content: .text(
      lottieJSON(name: "anim", assets: "[\(imageAsset(id: "img", directory: "/images/", file: "img_0.png"))]")))
  static let image = ArchiveEntry(name: "images/img_0.png", content: .png(width: 3, height: 2))

  @Test(arguments: [ArchiveMaker.LocalHeaders.matching, .disagreeing])
  func archiveUtilityArchiveLoads(localHeaders: ArchiveMaker.LocalHeaders) throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.archiveUtilityZip(
      [Self.manifest, Self.animation, Self.image], named: "mac.lottie", in: scratch.directory,
      localHeaders: localHeaders)
    let loaded = try AnimationSource.load(path: path)
    #expect(loaded.animation.name == "anim")
    #expect(loaded.animationFile == "\(path):animations/anim.json")
    #expect(loaded.availableAnimations == ["anim"])
    // The image is read, and none of macOS's additions are kept.
    #expect(loaded.embeddedFiles.keys.sorted() == ["images/img_0.png"])
    #expect(loaded.imageBytes(for: try asset("img", of: loaded))?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
  }

  @Test func archiveUtilityArchiveWithoutManifestLoadsItsAnimationFolder() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.archiveUtilityZip(
      [Self.animation, Self.image], named: "bare.lottie", in: scratch.directory)
    let loaded = try AnimationSource.load(path: path)
    // `__MACOSX/animations/._anim.json` is not a second animation.
    #expect(loaded.availableAnimations == ["anim"])
    #expect(loaded.embeddedFiles.keys.sorted() == ["images/img_0.png"])
  }

  @Test func versionTwoFolderWithoutManifestLoads() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.archiveUtilityZip(
      [ArchiveEntry(name: "a/only.json", content: .text(lottieJSON(name: "only")))], named: "v2.lottie",
      in: scratch.directory)
    let loaded = try AnimationSource.load(path: path)
    #expect(loaded.animation.name == "only")
    #expect(loaded.animationFile == "\(path):a/only.json")
  }

  /// Finder's Compress on a dotLottie folder wraps everything in that folder.
  @Test func folderWrappingTheArchiveIsLookedInto() throws {
    let scratch = Scratch()
    let entries = [Self.manifest, Self.animation, Self.image].map { entry in
      ArchiveEntry(name: "hero/" + entry.name, content: entry.content)
    }
    let path = try ArchiveMaker.archiveUtilityZip(entries, named: "hero.lottie", in: scratch.directory)
    let loaded = try AnimationSource.load(path: path)
    #expect(loaded.animation.name == "anim")
    #expect(loaded.animationFile == "\(path):hero/animations/anim.json")
    #expect(loaded.imageBytes(for: try asset("img", of: loaded)) != nil)
  }

  @Test func twoWrappingFoldersAreNotGuessedBetween() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip(
      [
        ArchiveEntry(name: "one/animations/a.json", content: .text(lottieJSON(name: "a"))),
        ArchiveEntry(name: "two/animations/b.json", content: .text(lottieJSON(name: "b"))),
      ], named: "two.lottie", in: scratch.directory)
    expectLoadError(path, "\(path): the archive holds no animation")
  }

  @Test func leadingDotSlashNamesAreTheSameFiles() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip(
      [
        ArchiveEntry(name: "./manifest.json", content: Self.manifest.content),
        ArchiveEntry(name: "./animations/anim.json", content: Self.animation.content),
      ], named: "dot.lottie", in: scratch.directory)
    #expect(try AnimationSource.load(path: path).animation.name == "anim")
  }

  // MARK: - Safety on what is read

  /// Skipped entries are still checked: a resource fork cannot climb out either.
  @Test func skippedEntryThatEscapesIsRefused() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip(
      [Self.manifest, Self.animation, ArchiveEntry(name: "__MACOSX/../../evil", content: .text("x"))],
      named: "fork.lottie", in: scratch.directory)
    expectLoadError(path, "\(path): entry '__MACOSX/../../evil' escapes the archive")
  }

  /// A size that overstates the data is refused once the data has been read (libzip would return the short
  /// data without complaint).
  @Test func declaredSizeThatDisagreesWithTheDataIsRefused() throws {
    let scratch = Scratch()
    var animation = Self.animation
    animation.declaredSize = 5000
    let path = try ArchiveMaker.zip([Self.manifest, animation], named: "short.lottie", in: scratch.directory)
    let actual = lottieJSON(
      name: "anim", assets: "[\(imageAsset(id: "img", directory: "/images/", file: "img_0.png"))]")
    expectLoadError(
      path,
      "\(path): entry 'animations/anim.json' is corrupt or truncated: the archive declares 5000 bytes but it holds \(actual.utf8.count) bytes"
    )
  }

  /// Archive Utility's layout does not loosen the bounds: the real bytes still stop at the limit.
  @Test func archiveUtilityBombStopsAtTheLimit() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.archiveUtilityZip(
      [Self.manifest, ArchiveEntry(name: "animations/anim.json", content: .zeros(3 << 20))], named: "bomb.lottie",
      in: scratch.directory)
    expectLoadError(
      path,
      "\(path): entry 'animations/anim.json' declares 3 MB uncompressed, beyond the 1 MB limit (--limit file-size=4 allows it)",
      limits: limits(maxFileBytes: smallLimit))
  }

  // MARK: - Bytes

  @Test func everyFormatLoadsFromBytes() throws {
    let scratch = Scratch()
    let archive = try ArchiveMaker.archiveUtilityZip(
      [Self.manifest, Self.animation], named: "a.lottie", in: scratch.directory)
    let sticker = try ArchiveMaker.gzip(.text(lottieJSON(name: "sticker")), named: "s.tgs", in: scratch.directory)
    let cases: [(String, LoadedAnimation.Format, String)] = [
      (archive, .dotLottie, "anim"), (sticker, .telegramSticker, "sticker"),
    ]
    for (path, format, name) in cases {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      let loaded = try AnimationSource.load(bytes: bytes, name: "<stdin>")
      #expect(loaded.format == format)
      #expect(loaded.animation.name == name)
    }
    let json = try AnimationSource.load(bytes: Array(lottieJSON(name: "plain").utf8), name: "-")
    #expect(json.format == .json)
    #expect(json.animationFile == "-")
  }

  @Test func bytesKeepTheLimits() {
    var small = LoadLimits()
    small.maxFileBytes = 10
    #expect(
      throws: LottieError.limitExceeded(
        file: "-", path: .root, message: "file is larger than 10 bytes (raise it with --limit file-size=MB)")
    ) {
      try AnimationSource.load(bytes: Array(lottieJSON(name: "plain").utf8), name: "-", limits: small)
    }
    #expect(throws: ArchiveError.fileTooLarge(file: "-", limit: 3)) {
      try AnimationSource.load(bytes: [0x1F, 0x8B, 0, 0, 0], name: "-", maxArchiveBytes: 3)
    }
  }
}
