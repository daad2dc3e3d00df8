/// Why a container (a dotLottie archive or a `.tgs` sticker) could not be loaded. Every message starts with
/// the file as the user named it, and names the archive entry where one is involved.
///
/// Errors in the animation JSON itself are ``Lottie/LottieError``s, thrown unchanged; their file is named
/// `archive.lottie:a/<id>.json` for an animation inside an archive.
public enum ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be read at all.
  case unreadable(file: String, reason: String)
  /// The file itself (still compressed) is larger than `limit` bytes.
  case fileTooLarge(file: String, limit: Int)
  /// The extension promises a container, but the bytes are neither that container nor Lottie JSON.
  case notAContainer(file: String, expected: String)
  /// The bytes are a common file that is not an animation (`what`: "a PNG image", "an HTML page", ...).
  case notAnAnimation(file: String, what: String)
  /// The zip or gzip data is damaged or cut short; `entry` is the archive member being read, if any.
  case corrupt(file: String, entry: String?, reason: String)
  /// An entry's name is absolute or climbs out of the archive with `..`.
  case entryEscapesArchive(file: String, entry: String)
  /// Two entries have the same name (`entry`, when known), so which one a reader sees would depend on
  /// the reader.
  case duplicateEntry(file: String, entry: String?)
  /// The archive has more entries than ``AnimationSource/maxEntries``.
  case tooManyEntries(file: String, count: Int, limit: Int)
  /// The sizes the archive declares (`what`: "entry 'x'", or "the archive" for all entries) exceed `limit` bytes.
  case declaredBeyondLimit(file: String, what: String, declared: Int, limit: Int)
  /// Decompressing `what` ("gzip data", "entry 'x'", "the archive") produced more than `limit` bytes.
  case expandsBeyondLimit(file: String, what: String, limit: Int)
  /// `manifest.json` is not valid JSON or lacks the members a dotLottie manifest has.
  case invalidManifest(file: String, message: String)
  /// The archive holds no animation.
  case noAnimations(file: String)
  /// `--animation ID` names no animation of the file; `available` lists the ones it has.
  case unknownAnimation(file: String, id: String, available: [String])
  /// The manifest lists `id`, but none of `candidates` is in the archive.
  case missingAnimation(file: String, id: String, candidates: [String])
  /// `--theme ID` names no theme of the file; `available` lists the ones it has (none outside dotLottie v2).
  case unknownTheme(file: String, id: String, available: [String])
  /// A theme file (`t/<id>.json`) is not a dotLottie v2 theme.
  case invalidTheme(file: String, id: String, message: String)

  public var description: String {
    switch self {
    case .unreadable(let file, let reason): return "\(file): cannot read: \(reason)"
    case .fileTooLarge(let file, let limit):
      return "\(file): the file is larger than the \(Self.bytes(limit)) limit (raise it with --limit file-size=MB "
        + "and --limit archive-size=MB)"
    case .notAContainer(let file, let expected): return "\(file): not \(expected) nor Lottie JSON"
    case .notAnAnimation(let file, let what):
      return "\(file): this is \(what), not a Lottie animation (Bodymovin JSON, a .lottie archive or a .tgs sticker)"
    case .corrupt(let file, let entry?, let reason):
      return "\(file): entry '\(entry)' is corrupt or truncated: \(reason)"
    case .corrupt(let file, nil, let reason): return "\(file): corrupt or truncated: \(reason)"
    case .entryEscapesArchive(let file, let entry): return "\(file): entry '\(entry)' escapes the archive"
    case .duplicateEntry(let file, let entry?): return "\(file): entry '\(entry)' appears more than once"
    case .duplicateEntry(let file, nil): return "\(file): two entries have the same name"
    case .tooManyEntries(let file, let count, let limit):
      return "\(file): the archive has \(count) entries, more than the limit of \(limit)"
    case .declaredBeyondLimit(let file, let what, let declared, let limit):
      return "\(file): \(what) declares \(Self.bytes(declared)) uncompressed, beyond the \(Self.bytes(limit)) limit"
        + " (--limit \(what.hasPrefix("entry") ? "file-size" : "archive-size")=\(declared / 1_048_576 + 1) allows it)"
    case .expandsBeyondLimit(let file, let what, let limit):
      return "\(file): \(what) expands beyond the \(Self.bytes(limit)) limit (raise it with --limit file-size=MB "
        + "and --limit archive-size=MB)"
    case .invalidManifest(let file, let message): return "\(file): manifest.json: \(message)"
    case .noAnimations(let file): return "\(file): the archive holds no animation"
    case .unknownAnimation(let file, let id, let available):
      if available.isEmpty { return "\(file): no animation '\(id)' (the file holds one unnamed animation)" }
      return "\(file): no animation '\(id)' (available: \(available.joined(separator: ", ")))"
    case .missingAnimation(let file, let id, let candidates):
      let names = candidates.map { "'\($0)'" }.joined(separator: " or ")
      return "\(file): manifest.json lists animation '\(id)', but the archive has no \(names)"
    case .unknownTheme(let file, let id, let available):
      if available.isEmpty { return "\(file): no theme '\(id)' (the file has no themes)" }
      return "\(file): no theme '\(id)' (available: \(available.joined(separator: ", ")))"
    case .invalidTheme(let file, let id, let message): return "\(file): theme '\(id)': \(message)"
    }
  }

  /// A byte count as people write limits: "256 MB" for whole mebibytes, "64 KB" for whole kibibytes, else
  /// "1500 bytes".
  static func bytes(_ count: Int) -> String {
    if count > 0 && count % (1 << 20) == 0 { return "\(count >> 20) MB" }
    if count > 0 && count % (1 << 10) == 0 { return "\(count >> 10) KB" }
    return count == 1 ? "1 byte" : "\(count) bytes"
  }
}
