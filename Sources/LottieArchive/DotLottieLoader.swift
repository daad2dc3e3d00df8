import Lottie

/// Loads one animation, and the images it uses, from a dotLottie archive.
///
/// Keeps the decompression budget: each entry may yield at most `limits.maxFileBytes`, and all the entries
/// read together at most `maxArchiveBytes`, whatever sizes the archive declares.
struct DotLottieLoader {
  /// The archive as the user named it.
  let path: String
  /// The parser's limits; `maxFileBytes` bounds each entry.
  let limits: LoadLimits
  /// Applied to the animation's JSON before it is read.
  var template = Template()
  /// The archive's bytes when it came through a pipe (nil: read `path`).
  var bytes: [UInt8]? = nil
  /// The theme to apply (`t/<id>.json`), or nil.
  var themeID: String? = nil
  /// The bound on all entries together.
  let maxArchiveBytes: Int
  /// Bytes that reading may still decompress.
  private var budget: Int

  /// Prepares to load from `path`.
  init(path: String, limits: LoadLimits, maxArchiveBytes: Int) {
    self.path = path
    self.limits = limits
    self.maxArchiveBytes = maxArchiveBytes
    self.budget = maxArchiveBytes
  }

  /// Loads the animation `animationID`, or the manifest's default when nil.
  ///
  /// 1. Open the archive and check every entry's name and declared size before reading any; look inside a
  ///    single folder that wraps everything (see ``rooted(_:)``).
  /// 2. Read `manifest.json`, or list `animations/` and `a/` when there is none.
  /// 3. Pick the animation and find its entry.
  /// 4. Parse it, with the theme's slot values, named `archive.lottie:a/<id>.json` in messages.
  /// 5. Read the image and sound files its assets refer to; list the fonts, and read them when a text layer needs them.
  mutating func load(animationID: String?) throws -> LoadedAnimation {
    // 1.
    let archive =
      try bytes.map { bytes throws(ArchiveError) in try ZipArchive(bytes: bytes, file: path) }
      ?? ZipArchive(path: path, file: path)
    let entries = Self.rooted(
      try archive.entries(
        maxEntries: AnimationSource.maxEntries, maxEntryBytes: limits.maxFileBytes, maxTotalBytes: maxArchiveBytes))
    // 2.
    let manifest: DotLottieManifest
    if let entry = entries["manifest.json"] {
      manifest = try DotLottieManifest(bytes: read(entry, from: archive), file: path)
    } else {
      manifest = DotLottieManifest(listing: entries.keys)
    }
    // 3.
    guard let defaultID = manifest.defaultAnimationID else { throw ArchiveError.noAnimations(file: path) }
    let id = animationID ?? defaultID
    guard manifest.animationIDs.contains(id) else {
      throw ArchiveError.unknownAnimation(file: path, id: id, available: manifest.animationIDs)
    }
    let candidates = manifest.animationPaths(for: id)
    guard let entry = candidates.lazy.compactMap({ entries[$0] }).first else {
      throw ArchiveError.missingAnimation(file: path, id: id, candidates: candidates)
    }
    // 4. A theme's rules become slot values first (an explicit --slot still wins).
    var template = self.template
    if let themeID {
      guard let themeEntry = entries["t/\(themeID).json"] else {
        throw ArchiveError.unknownTheme(file: path, id: themeID, available: manifest.themeIDs)
      }
      let theme = try DotLottieTheme(bytes: read(themeEntry, from: archive), id: themeID, animationID: id, file: path)
      template.slotOverrides.merge(theme.overrides) { $1 }
    }
    let json = try read(entry, from: archive)
    let animationFile = "\(path):\(entry.name)"
    let animation = try LottieParser.parse(bytes: json, file: animationFile, limits: limits, template: template)
    // 5.
    var files: [String: [UInt8]] = [:]
    for asset in animation.images.values.sorted(by: { $0.id < $1.id }) {
      let paths = LoadedAnimation.candidatePaths(directory: asset.directory, fileName: asset.fileName)
      guard let key = paths.first(where: { entries[$0] != nil }), files[key] == nil, let image = entries[key]
      else { continue }
      files[key] = try read(image, from: archive)
    }
    try readSounds(of: animation, entries: entries, from: archive, into: &files)
    let fonts = entries.keys.filter { $0.hasPrefix("fonts/") || $0.hasPrefix("f/") }.sorted()
    var fontData: [String: [UInt8]] = [:]
    if Self.drawsTextWithFonts(animation) {
      for name in fonts { if let entry = entries[name] { fontData[name] = try read(entry, from: archive) } }
    }
    return LoadedAnimation(
      animation: animation, animationFile: animationFile, format: .dotLottie, animationID: id,
      availableAnimations: manifest.animationIDs, availableThemes: manifest.themeIDs, themeID: themeID,
      embeddedFiles: files, fontFiles: fonts, fontData: fontData, containerPath: path)
  }

  /// The entries keyed by their path from the archive's root, which is the archive's own root, or the one
  /// folder that holds everything when the root holds neither a manifest nor an animation folder: what
  /// Finder's Compress (Archive Utility) makes of a dotLottie folder (`anim/manifest.json`, `anim/a/...`).
  /// The players look only at the root; the folder is unambiguous, so we look inside it too. Messages keep
  /// naming entries by their full names.
  static func rooted(_ entries: [String: ZipArchive.Entry]) -> [String: ZipArchive.Entry] {
    func hasAnimation(_ keys: some Sequence<String>) -> Bool {
      keys.contains {
        $0 == "manifest.json" || (($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json"))
      }
    }
    guard !hasAnimation(entries.keys) else { return entries }
    let folders = Set(entries.keys.map { $0.split(separator: "/", maxSplits: 1).first.map(String.init) ?? $0 })
    guard folders.count == 1, let folder = folders.first, entries.keys.allSatisfy({ $0.hasPrefix(folder + "/") })
    else { return entries }
    var inner: [String: ZipArchive.Entry] = [:]
    for (key, entry) in entries { inner[String(key.dropFirst(folder.count + 1))] = entry }
    return hasAnimation(inner.keys) ? inner : entries
  }

  /// Whether some text layer has characters without glyph outlines in `chars` (so it needs real fonts).
  static func drawsTextWithFonts(_ animation: Animation) -> Bool {
    let layers = animation.layers + animation.precomps.values.flatMap { $0 }
    return layers.contains { layer in
      guard case .text = layer.content else { return false }
      return animation.glyphs.isEmpty
        || animation.fonts.values.contains { font in !animation.glyphs.keys.contains { $0.family == font.family } }
    }
  }

  /// Decompresses `entry`, charging its bytes to the budget. The error names the entry when its own limit
  /// is the one passed, and the archive when the total runs out first.
  mutating func read(_ entry: ZipArchive.Entry, from archive: ZipArchive) throws(ArchiveError) -> [UInt8] {
    let overflow: ArchiveError =
      budget < limits.maxFileBytes
      ? .expandsBeyondLimit(file: path, what: "the archive", limit: maxArchiveBytes)
      : .expandsBeyondLimit(file: path, what: "entry '\(entry.name)'", limit: limits.maxFileBytes)
    let bytes = try archive.read(entry, limit: min(budget, limits.maxFileBytes), overflow: overflow)
    budget -= bytes.count
    return bytes
  }
}
