import Foundation
import Lottie
import LottieArchive
import TestSupport
import Testing

/// Archives built to escape, to exhaust memory, or simply broken: each is refused with a message that names
/// the file, and nothing crashes.
@Suite(.heavy)
struct HostileArchiveTests {
  static let manifest = ArchiveEntry(name: "manifest.json", content: .text(#"{"animations":[{"id":"a"}]}"#))
  static let animation = ArchiveEntry(name: "animations/a.json", content: .text(lottieJSON(name: "a")))

  // MARK: - Escaping entries

  @Test(arguments: [
    ("../evil.json", "../evil.json"),
    ("/etc/evil.json", "/etc/evil.json"),
    ("images/../../evil.png", "images/../../evil.png"),
    ("C:/evil.json", "C:/evil.json"),
    // Windows separators count as separators: this is `../evil.json`.
    ("..\\evil.json", "../evil.json"),
  ])
  func escapingEntryIsRefused(name: String, shown: String) throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip(
      [Self.manifest, Self.animation, ArchiveEntry(name: name, content: .text("{}"))], named: "x.lottie",
      in: scratch.directory)
    expectLoadError(path, "\(path): entry '\(shown)' escapes the archive")
  }

  @Test func duplicateEntryIsRefused() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip(
      [Self.manifest, Self.animation, ArchiveEntry(name: "animations/a.json", content: .text(lottieJSON(name: "b")))],
      named: "twice.lottie", in: scratch.directory)
    expectLoadError(path, "\(path): entry 'animations/a.json' appears more than once")
  }

  @Test func entriesThatDifferOnlyInSeparatorsAreDuplicates() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip(
      [Self.manifest, Self.animation, ArchiveEntry(name: "animations\\a.json", content: .text(lottieJSON(name: "b")))],
      named: "twice.lottie", in: scratch.directory)
    expectLoadError(path, "\(path): entry 'animations/a.json' appears more than once")
  }

  // MARK: - Bombs

  /// The messages at the default limits, which the tests below lower to stay fast.
  @Test func defaultLimitMessages() {
    #expect(AnimationSource.defaultMaxArchiveBytes == 256 << 20)
    #expect(
      ArchiveError.expandsBeyondLimit(
        file: "sticker.tgs", what: "gzip data", limit: AnimationSource.defaultMaxArchiveBytes
      )
      .description
        == "sticker.tgs: gzip data expands beyond the 256 MB limit (raise it with --limit file-size=MB and --limit archive-size=MB)"
    )
  }

  @Test func zipBombIsRefusedByItsDeclaredSize() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip(
      [Self.manifest, ArchiveEntry(name: "animations/a.json", content: .zeros(5 << 20))], named: "bomb.lottie",
      in: scratch.directory)
    expectLoadError(
      path,
      "\(path): entry 'animations/a.json' declares 5 MB uncompressed, beyond the 1 MB limit (--limit file-size=6 allows it)",
      limits: limits(maxFileBytes: smallLimit))
  }

  /// Headers that understate the size pass the declared check; reading stops one byte past the declared
  /// size (libzip itself decompresses past it), long before the limit.
  @Test func zipBombWithLyingSizesStopsWhileReading() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip(
      [Self.manifest, ArchiveEntry(name: "animations/a.json", content: .zeros(5 << 20), declaredSize: 100)],
      named: "liar.lottie", in: scratch.directory)
    expectLoadError(
      path,
      "\(path): entry 'animations/a.json' is corrupt or truncated: the archive declares 100 bytes but it holds more",
      limits: limits(maxFileBytes: smallLimit))
  }

  /// An entry that understates its size within the limits is refused at the byte after its declared size: the
  /// message cannot say how much more there was, because it was never decompressed (a 200 KB upload inflating
  /// to 200 MB used to cost 350 MB of memory before this was noticed).
  @Test func understatedSizeWithinTheLimitStopsAtTheDeclaredSize() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip(
      [Self.manifest, ArchiveEntry(name: "animations/a.json", content: .zeros(600 << 10), declaredSize: 1000)],
      named: "under.lottie", in: scratch.directory)
    expectLoadError(
      path,
      "\(path): entry 'animations/a.json' is corrupt or truncated: the archive declares 1000 bytes but it holds more")
  }

  @Test func archiveIsRefusedByItsDeclaredTotal() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip(
      [
        ArchiveEntry(name: "images/a.png", content: .zeros(600 << 10)),
        ArchiveEntry(name: "images/b.png", content: .zeros(600 << 10)),
        Self.manifest, Self.animation,
      ], named: "total.lottie", in: scratch.directory)
    expectLoadError(
      path,
      "\(path): the archive declares 1200 KB uncompressed, beyond the 1 MB limit (--limit archive-size=2 allows it)",
      maxArchiveBytes: smallLimit)
  }

  /// Every entry within its own limit, the declared total within the archive's, but the real bytes of the
  /// image (declared as 100) would exhaust the total: reading stops past its declared size first.
  @Test func archiveWithLyingSizesStopsAtTheTotal() throws {
    let scratch = Scratch()
    let padded =
      lottieJSON(
        name: "a", assets: "[\(imageAsset(id: "i", directory: "/images/", file: "big.png"))]"
      ) + String(repeating: " ", count: 700 << 10)
    let path = try ArchiveMaker.zip(
      [
        Self.manifest, ArchiveEntry(name: "animations/a.json", content: .text(padded)),
        ArchiveEntry(name: "images/big.png", content: .zeros(700 << 10), declaredSize: 100),
      ], named: "liar-total.lottie", in: scratch.directory)
    expectLoadError(
      path, "\(path): entry 'images/big.png' is corrupt or truncated: the archive declares 100 bytes but it holds more",
      maxArchiveBytes: smallLimit)
  }

  @Test func gzipBombIsRefused() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.gzip(.zeros(5 << 20), named: "bomb.tgs", in: scratch.directory)
    expectLoadError(
      path,
      "\(path): gzip data expands beyond the 1 MB limit (raise it with --limit file-size=MB and --limit archive-size=MB)",
      limits: limits(maxFileBytes: smallLimit))
  }

  // MARK: - Broken files

  @Test func truncatedArchiveIsRefused() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip([Self.manifest, Self.animation], named: "cut.lottie", in: scratch.directory)
    try ArchiveMaker.truncate(path, keeping: 0.5)
    expectLoadError(path, "\(path): corrupt or truncated: Not a zip archive")
  }

  @Test func damagedEntryIsNamed() throws {
    let scratch = Scratch()
    var animation = Self.animation
    animation.isStored = true
    let path = try ArchiveMaker.zip([Self.manifest, animation], named: "crc.lottie", in: scratch.directory)
    try ArchiveMaker.flipByte(path, inFirst: #""nm":"a""#)
    expectLoadError(path, "\(path): entry 'animations/a.json' is corrupt or truncated: CRC error")
  }

  @Test func truncatedStickerIsRefused() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.gzip(.text(lottieJSON(name: "s")), named: "cut.tgs", in: scratch.directory)
    try ArchiveMaker.truncate(path, keeping: 0.5)
    expectLoadError(path, "\(path): corrupt or truncated: the gzip data ends before its last block")
  }

  @Test func damagedStickerIsRefused() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.gzip(.text(lottieJSON(name: "s")), named: "crc.tgs", in: scratch.directory)
    // The trailer's CRC-32 starts 8 bytes from the end.
    try ArchiveMaker.flipByte(path, at: -8)
    expectLoadError(path, "\(path): corrupt or truncated: invalid gzip data: incorrect data check")
  }

  @Test func emptyArchiveHoldsNoAnimation() throws {
    let scratch = Scratch()
    let path = try ArchiveMaker.zip([], named: "empty.lottie", in: scratch.directory)
    expectLoadError(path, "\(path): the archive holds no animation")
  }
}
