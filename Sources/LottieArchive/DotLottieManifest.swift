import Foundation

/// What a dotLottie `manifest.json` says about the archive's animations.
///
/// Version 1 (`"version": "1.0"` or `"1"`, or none) keeps animations in `animations/<id>.json` and images in
/// `images/`; version 2 (`"version": "2"`) uses `a/<id>.json` and `i/`. Both list the animations as
/// `"animations": [{"id": ...}, ...]`; players show the first, or in version 2 the one `initial.animation`
/// names. Other members (state machines, playback settings) are not used; themes are listed
/// (``themeIDs``) and applied on request.
struct DotLottieManifest {
  /// The `version` member as text ("1.0", "2"), or nil when absent.
  var version: String?
  /// The animation ids, in the manifest's order, without repeats.
  var animationIDs: [String]
  /// `initial.animation` (version 2): the animation to show first.
  var initialAnimationID: String?
  /// The theme ids (version 2's `themes`, each a `t/<id>.json`), in the manifest's order.
  var themeIDs: [String] = []

  /// Whether the archive follows version 2's layout.
  var isVersion2: Bool { version.map { $0 == "2" || $0.hasPrefix("2.") } ?? false }

  /// The animation a player shows when none is asked for.
  var defaultAnimationID: String? {
    if let initial = initialAnimationID, animationIDs.contains(initial) { return initial }
    return animationIDs.first
  }

  /// Where the animation `id` may be in the archive, this version's folder first.
  func animationPaths(for id: String) -> [String] {
    let paths = ["animations/\(id).json", "a/\(id).json"]
    return isVersion2 ? paths.reversed() : paths
  }

  /// Parses `manifest.json`; `file` names the archive in errors.
  init(bytes: [UInt8], file: String) throws(ArchiveError) {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: Data(bytes))
    } catch {
      throw .invalidManifest(file: file, message: "not valid JSON")
    }
    guard let object = root as? [String: Any] else {
      throw .invalidManifest(file: file, message: "expected an object at the top level")
    }
    version = Self.text(object["version"])
    if let initial = object["initial"] as? [String: Any] { initialAnimationID = initial["animation"] as? String }
    guard let list = object["animations"] else {
      throw .invalidManifest(file: file, message: "missing member 'animations'")
    }
    guard let animations = list as? [Any] else {
      throw .invalidManifest(file: file, message: "'animations' is not an array")
    }
    var ids: [String] = []
    for (index, item) in animations.enumerated() {
      guard let entry = item as? [String: Any], let id = entry["id"] as? String, !id.isEmpty else {
        throw .invalidManifest(file: file, message: "animations[\(index)] has no 'id' string")
      }
      if !ids.contains(id) { ids.append(id) }
    }
    animationIDs = ids
    // Themes: `[{"id": ...}]` (an older writer put plain strings); anything else is no theme.
    if let themes = object["themes"] as? [Any] {
      for item in themes {
        let id = (item as? [String: Any])?["id"] as? String ?? item as? String
        if let id, !id.isEmpty, !themeIDs.contains(id) { themeIDs.append(id) }
      }
    }
  }

  /// A manifest for an archive that has none (early dotLottie writers omitted it): every `*.json` directly
  /// in `animations/` or `a/`, sorted by id.
  init(listing names: some Sequence<String>) {
    var ids: Set<String> = []
    var isVersion2 = false
    for name in names where name.hasSuffix(".json") {
      for folder in ["animations/", "a/"] where name.hasPrefix(folder) {
        let id = String(name.dropFirst(folder.count).dropLast(".json".count))
        guard !id.isEmpty, !id.contains("/") else { continue }
        ids.insert(id)
        isVersion2 = isVersion2 || folder == "a/"
      }
    }
    version = isVersion2 ? "2" : nil
    animationIDs = ids.sorted()
    initialAnimationID = nil
    themeIDs = names.compactMap { name -> String? in
      guard name.hasPrefix("t/"), name.hasSuffix(".json") else { return nil }
      let id = String(name.dropFirst(2).dropLast(5))
      return id.isEmpty || id.contains("/") ? nil : id
    }.sorted()
  }

  /// A JSON string or number as text: some writers put `"version": 1` rather than `"1.0"`.
  private static func text(_ value: Any?) -> String? {
    if let string = value as? String { return string }
    if let number = value as? NSNumber { return number.stringValue }
    return nil
  }
}
