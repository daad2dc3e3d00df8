import Foundation

/// Locations that tests share: the repository root, the shared corpus, the built binary.
public enum Fixtures {
  /// The repository root, found from this file's path.
  public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The public corpus (`../shared/corpus` or `$L2V_CORPUS`), or nil where it is absent (a user's clone).
  public static let corpus: URL? = {
    if let env = ProcessInfo.processInfo.environment["L2V_CORPUS"], !env.isEmpty {
      return FileManager.default.fileExists(atPath: env) ? URL(fileURLWithPath: env) : nil
    }
    let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }()

  /// A fresh temporary directory.
  public static func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("l2v-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
