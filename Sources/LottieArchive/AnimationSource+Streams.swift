import Foundation
import Lottie

/// Loading from pipes: standard input (`-`), `/dev/stdin` fed by a pipe, a FIFO. They can be read only once,
/// so the bytes are read whole (within the limits) and told apart in memory, as files are by their first bytes.
extension AnimationSource {
  /// Loads an animation from `bytes` (a pipe's contents), named `name` in every message: JSON, a dotLottie
  /// archive or a Telegram sticker, with the same limits and checks as ``load(path:animationID:limits:maxArchiveBytes:template:themeID:)``.
  /// External images of a JSON file are relative to the current folder (there is no file to be next to).
  public static func load(
    bytes: [UInt8], name: String, animationID: String? = nil, themeID: String? = nil, limits: LoadLimits = LoadLimits(),
    maxArchiveBytes: Int = defaultMaxArchiveBytes, template: Template = Template()
  ) throws -> LoadedAnimation {
    switch Kind(Array(bytes.prefix(64))) {
    case .zip:
      var loader = DotLottieLoader(path: name, limits: limits, maxArchiveBytes: maxArchiveBytes)
      loader.bytes = bytes
      loader.template = template
      loader.themeID = themeID
      return try loader.load(animationID: animationID)
    case .gzip:
      guard bytes.count <= maxArchiveBytes else { throw ArchiveError.fileTooLarge(file: name, limit: maxArchiveBytes) }
      let json = try GzipInflater(file: name).inflate(bytes, limit: min(limits.maxFileBytes, maxArchiveBytes))
      let animation = try LottieParser.parse(bytes: json, file: name, limits: limits, template: template)
      try refuseIDs(animationID: animationID, themeID: themeID, file: name)
      return LoadedAnimation(animation: animation, animationFile: name, format: .telegramSticker)
    case .other:
      let head = Array(bytes.prefix(FileSniffer.headBytes))
      if !looksLikeJSON(head), let what = FileSniffer.what(head) {
        throw ArchiveError.notAnAnimation(file: name, what: what)
      }
      guard bytes.count <= limits.maxFileBytes else {
        throw LottieError.limitExceeded(
          file: name, path: .root,
          message: "file is larger than \(limits.maxFileBytes) bytes" + LoadLimits.hint("file-size", "MB"))
      }
      let animation = try LottieParser.parse(bytes: bytes, file: name, limits: limits, template: template)
      try refuseIDs(animationID: animationID, themeID: themeID, file: name)
      return LoadedAnimation(animation: animation, animationFile: name, format: .json)
    }
  }

  /// Whether `path` is something that can be read only once: a pipe, a socket or a character device (a
  /// terminal, or `/dev/stdin` when standard input is one of these).
  public static func isStream(path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    let type = info.st_mode & S_IFMT
    return type == S_IFIFO || type == S_IFSOCK || type == S_IFCHR
  }

  /// All of the stream at `path` (`-` is standard input), refusing more than `limit` bytes.
  public static func readStream(path: String, limit: Int) throws(ArchiveError) -> [UInt8] {
    let name = path == "-" ? "<stdin>" : path
    let handle: FileHandle
    if path == "-" {
      handle = FileHandle.standardInput
    } else {
      guard let opened = FileHandle(forReadingAtPath: path) else {
        throw .unreadable(file: name, reason: "cannot open")
      }
      handle = opened
    }
    defer { if path != "-" { try? handle.close() } }
    do {
      let (cap, overflow) = limit.addingReportingOverflow(1)
      let data = try handle.read(upToCount: overflow ? .max : cap) ?? Data()
      guard data.count <= limit else { throw ArchiveError.fileTooLarge(file: name, limit: limit) }
      return [UInt8](data)
    } catch let error as ArchiveError {
      throw error
    } catch {
      throw .unreadable(file: name, reason: "\(error)")
    }
  }

  /// An animation id or a theme id asks for something only a dotLottie archive has.
  static func refuseIDs(animationID: String?, themeID: String?, file: String) throws(ArchiveError) {
    if let id = animationID { throw .unknownAnimation(file: file, id: id, available: []) }
    if let id = themeID { throw .unknownTheme(file: file, id: id, available: []) }
  }
}
