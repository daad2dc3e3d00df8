import Foundation

/// Path names split at their last `/`, without Foundation's path calls: `NSString.deletingLastPathComponent` traps on
/// every one-character string but `/` in swift-corelibs-foundation 6.3 (`-` for standard output, an input
/// file called `a`). Here, rather than in the command-line tool, so that the loader and the pipeline, which
/// split user paths too, use it.
public enum PathName {
  /// The folder part: `a/b.mp4` → `a`, `/b.mp4` → `/`, `b.mp4` → "".
  public static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The name after the last `/`.
  public static func fileName(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }

  /// The file name without its extension: `a/b.json` → `b`.
  public static func stem(of path: String) -> String {
    let name = fileName(of: path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  /// The extension, lowercased, without the dot ("" when there is none).
  public static func fileExtension(of path: String) -> String {
    let name = fileName(of: path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return name[name.index(after: dot)...].lowercased()
  }

  /// The path without the file name's extension: `a/b.json` → `a/b`.
  public static func deletingExtension(_ path: String) -> String {
    let folder = folder(of: path)
    let stem = stem(of: path)
    return folder.isEmpty ? stem : (folder == "/" ? "/" : folder + "/") + stem
  }

  /// Frame `index` of a PNG sequence whose file name is a printf pattern (`f_%05d.png`): only the file name
  /// is a pattern, as the sequence writer reads it, so a folder may hold a `%` (`50%/f_%05d.png` →
  /// `50%/f_00003.png`).
  public static func sequenceFrame(_ pattern: String, _ index: Int) -> String {
    let folder = folder(of: pattern)
    let name = String(format: fileName(of: pattern), index)
    return folder.isEmpty ? name : (folder == "/" ? "/" : folder + "/") + name
  }
}
