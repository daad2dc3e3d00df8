import Foundation

/// Locations that tests share: the repository root, the shared corpus, the built binary.
public enum Fixtures {
  /// The repository root, found from this file's path.
  public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The public corpus (`$L2V_CORPUS`, else `../shared/corpus`), or nil where it is absent or empty (a user's
  /// clone): the corpus tests are then skipped with ``corpusAbsence`` as their reason. On CI (`CI=true`)
  /// scripts/test fails before the tests when it is absent (scripts/check-corpus), and
  /// CorpusCheckTests fails within them.
  public static let corpus: URL? = corpusAbsence == nil ? corpusLocation : nil

  /// Why the corpus is absent ("L2V_CORPUS=/x does not exist", "... is empty"), or nil when it is there.
  public static let corpusAbsence: String? = {
    let (url, origin) =
      if let env = ProcessInfo.processInfo.environment["L2V_CORPUS"], !env.isEmpty {
        (URL(fileURLWithPath: env), "L2V_CORPUS=\(env)")
      } else {
        (corpusLocation, "the shared corpus \(corpusLocation.path)")
      }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      return "\(origin) does not exist"
    }
    guard isDirectory.boolValue else { return "\(origin) is not a folder" }
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: url.path), !entries.isEmpty else {
      return "\(origin) is empty"
    }
    return nil
  }()

  /// Where the corpus is looked for: `$L2V_CORPUS`, else `../shared/corpus` beside the repository.
  static let corpusLocation: URL = {
    if let env = ProcessInfo.processInfo.environment["L2V_CORPUS"], !env.isEmpty {
      return URL(fileURLWithPath: env)
    }
    return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
  }()

  /// True when the tests run on CI (`CI=true`, as .ci/run is run), where a skipped corpus test is a failure.
  public static let isCI: Bool = ["true", "1"].contains(ProcessInfo.processInfo.environment["CI"] ?? "")

  /// A fresh temporary directory.
  public static func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("l2v-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
