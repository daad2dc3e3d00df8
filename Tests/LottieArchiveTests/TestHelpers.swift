import Foundation
import Lottie
import LottieArchive
import Testing

/// A fresh temporary folder for one test's files, removed when the test ends.
final class Scratch {
  /// The folder.
  let directory: URL

  init() {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("l2v-archive-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }
}

/// A limit small enough that bombs built at test time stay fast: 1 MB.
let smallLimit = 1 << 20

/// Parser limits with `maxFileBytes` (the per-file and per-entry bound) set to `maxFileBytes`.
func limits(maxFileBytes: Int) -> LoadLimits {
  var limits = LoadLimits()
  limits.maxFileBytes = maxFileBytes
  return limits
}

/// Checks that loading `path` throws, and that the whole error text is `message`.
func expectLoadError(
  _ path: String, _ message: String, animationID: String? = nil, limits: LoadLimits = LoadLimits(),
  maxArchiveBytes: Int = AnimationSource.defaultMaxArchiveBytes, sourceLocation: SourceLocation = #_sourceLocation
) {
  do {
    let loaded = try AnimationSource.load(
      path: path, animationID: animationID, limits: limits, maxArchiveBytes: maxArchiveBytes)
    Issue.record(
      "loaded '\(loaded.animation.name)' instead of failing with: \(message)", sourceLocation: sourceLocation)
  } catch {
    #expect("\(error)" == message, sourceLocation: sourceLocation)
  }
}

/// The image asset `id` of `loaded`, failing the test when there is none.
func asset(_ id: String, of loaded: LoadedAnimation, sourceLocation: SourceLocation = #_sourceLocation) throws
  -> ImageAsset
{
  try #require(loaded.animation.images[id], "no image asset '\(id)'", sourceLocation: sourceLocation)
}
