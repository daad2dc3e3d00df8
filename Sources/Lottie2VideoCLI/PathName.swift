/// Path names split at their last `/`, without Foundation: `NSString.deletingLastPathComponent` traps on some
/// one-character strings in swift-corelibs-foundation 6.3 (`-` for standard output among them).
enum PathName {
  /// The folder part: `a/b.mp4` → `a`, `/b.mp4` → `/`, `b.mp4` → "".
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The name after the last `/`.
  static func fileName(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }

  /// The file name without its extension: `a/b.json` → `b`.
  static func stem(of path: String) -> String {
    let name = fileName(of: path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  /// The extension, lowercased, without the dot ("" when there is none).
  static func fileExtension(of path: String) -> String {
    let name = fileName(of: path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return name[name.index(after: dot)...].lowercased()
  }

  /// The path without the file name's extension: `a/b.json` → `a/b`.
  static func deletingExtension(_ path: String) -> String {
    let folder = folder(of: path)
    let stem = stem(of: path)
    return folder.isEmpty ? stem : (folder == "/" ? "/" : folder + "/") + stem
  }
}
