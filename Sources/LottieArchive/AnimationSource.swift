import Foundation
import Lottie

/// Loads an animation from plain Bodymovin JSON, a dotLottie archive (`.lottie`, versions 1 and 2) or a
/// Telegram sticker (`.tgs`), telling them apart by their first bytes rather than their extension.
///
/// Archives and stickers are hostile input: entry names that are absolute or climb out with `..` are refused,
/// and decompression is bounded twice, by the sizes the archive declares and by the bytes that actually come
/// out, so a zip or gzip bomb stops at the limit instead of filling memory.
public enum AnimationSource {
  /// The default for `maxArchiveBytes`: 256 MB uncompressed across all of an archive's entries.
  public static let defaultMaxArchiveBytes = 256 << 20
  /// Most entries a dotLottie archive may have. Real ones have a handful; each costs a central directory
  /// record to check.
  public static let maxEntries = 10_000

  /// Loads the animation at `path`.
  ///
  /// - Parameters:
  ///   - path: a `.json`, `.lottie` or `.tgs` file; named as given in every message.
  ///   - animationID: which animation of a dotLottie archive to load (its manifest id); nil for the first.
  ///     For a file that is not an archive, any id is an error.
  ///   - limits: the parser's limits. `maxFileBytes` also bounds each decompressed file: one archive entry,
  ///     or a sticker's JSON.
  ///   - maxArchiveBytes: the most bytes all of an archive's entries may declare, and the most that reading
  ///     may decompress, in total.
  ///   - template: `--set` and `--slot` values, applied to the animation's JSON before it is read.
  ///   - themeID: a dotLottie v2 theme to apply (its rules set slots); for other files, any id is an error.
  ///
  /// A pipe, socket or terminal (`/dev/stdin` fed by a pipe) is read once, whole, and loaded from memory
  /// (``load(bytes:name:animationID:themeID:limits:maxArchiveBytes:template:)``).
  /// - Throws: ``ArchiveError`` for the container, ``Lottie/LottieError`` for the animation JSON.
  public static func load(
    path: String, animationID: String? = nil, limits: LoadLimits = LoadLimits(),
    maxArchiveBytes: Int = defaultMaxArchiveBytes, template: Template = Template(), themeID: String? = nil
  ) throws -> LoadedAnimation {
    if isStream(path: path) {
      return try load(
        bytes: readStream(path: path, limit: max(limits.maxFileBytes, maxArchiveBytes)), name: path,
        animationID: animationID, themeID: themeID, limits: limits, maxArchiveBytes: maxArchiveBytes,
        template: template)
    }
    let head = try? firstBytes(of: path, count: FileSniffer.headBytes)
    switch head.map(Kind.init) {
    case .zip?:
      var loader = DotLottieLoader(path: path, limits: limits, maxArchiveBytes: maxArchiveBytes)
      loader.template = template
      loader.themeID = themeID
      return try loader.load(animationID: animationID)
    case .gzip?:
      let animation = try loadSticker(
        path: path, limits: limits, maxArchiveBytes: maxArchiveBytes, template: template)
      try refuseIDs(animationID: animationID, themeID: themeID, file: path)
      return LoadedAnimation(animation: animation, animationFile: path, format: .telegramSticker)
    case .other?, nil:
      // A .lottie or .tgs that is neither its container nor JSON: say what was expected rather than report a
      // JSON syntax error at byte 0. Unreadable files go to the parser, which names the problem.
      let ext = (path as NSString).pathExtension.lowercased()
      let expected = ["lottie": "a dotLottie (zip) archive", "tgs": "a gzip'd Telegram sticker"][ext]
      if let head, !looksLikeJSON(head), let what = FileSniffer.what(head) {
        throw ArchiveError.notAnAnimation(file: path, what: what)
      }
      if let head, let expected, !looksLikeJSON(head) {
        throw ArchiveError.notAContainer(file: path, expected: expected)
      }
      let animation = try LottieParser.load(contentsOf: path, limits: limits, template: template)
      try refuseIDs(animationID: animationID, themeID: themeID, file: path)
      return LoadedAnimation(
        animation: animation, animationFile: path, format: .json,
        baseDirectory: PathName.folder(of: path))
    }
  }

  // MARK: - Format detection

  /// What the first bytes say a file is.
  enum Kind {
    /// A zip local file header (`PK\x03\x04`), or the end record of an empty zip (`PK\x05\x06`).
    case zip
    /// The gzip magic, `1F 8B`.
    case gzip
    /// Anything else: handed to the JSON parser.
    case other

    init(_ head: [UInt8]) {
      if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
        self = .zip
      } else if head.starts(with: [0x1F, 0x8B]) {
        self = .gzip
      } else {
        self = .other
      }
    }
  }

  /// Whether `head` starts, after a UTF-8 byte-order mark and white space, like a JSON document.
  static func looksLikeJSON(_ head: [UInt8]) -> Bool {
    var bytes = head[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
  }

  // MARK: - Files

  /// Up to `count` bytes from the start of `path`.
  static func firstBytes(of path: String, count: Int) throws -> [UInt8] {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw ArchiveError.unreadable(file: path, reason: "cannot open")
    }
    defer { try? handle.close() }
    return [UInt8](try handle.read(upToCount: count) ?? Data())
  }

  /// All of `path`, refusing a file larger than `limit` bytes without reading more than one byte past it.
  static func contents(of path: String, limit: Int) throws(ArchiveError) -> [UInt8] {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw .unreadable(file: path, reason: "cannot open")
    }
    defer { try? handle.close() }
    let data: Data
    do {
      let (cap, overflow) = limit.addingReportingOverflow(1)
      data = try handle.read(upToCount: overflow ? .max : cap) ?? Data()
    } catch {
      throw .unreadable(file: path, reason: "\(error)")
    }
    guard data.count <= limit else { throw .fileTooLarge(file: path, limit: limit) }
    return [UInt8](data)
  }

  // MARK: - Telegram stickers

  /// Inflates a `.tgs` sticker and parses the JSON inside, naming the sticker in every message.
  static func loadSticker(
    path: String, limits: LoadLimits, maxArchiveBytes: Int, template: Template = Template()
  ) throws -> Animation {
    let limit = min(limits.maxFileBytes, maxArchiveBytes)
    let compressed = try contents(of: path, limit: maxArchiveBytes)
    let json = try GzipInflater(file: path).inflate(compressed, limit: limit)
    return try LottieParser.parse(bytes: json, file: path, limits: limits, template: template)
  }
}
