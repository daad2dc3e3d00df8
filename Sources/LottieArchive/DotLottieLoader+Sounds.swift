import Lottie

/// Sound files inside dotLottie archives, for the animation's audio layers: version 2 keeps them under `u/`,
/// version 1 under `audio/` (as dotlottie-js writes them), the asset's `u` + `p` naming the entry.
extension DotLottieLoader {
  /// Reads the sound files `animation`'s sound assets name into `files` (by their checked path in the archive),
  /// charged to the archive's decompression budget like images.
  mutating func readSounds(
    of animation: Animation, entries: [String: ZipArchive.Entry], from archive: ZipArchive,
    into files: inout [String: [UInt8]]
  ) throws(ArchiveError) {
    for asset in animation.sounds.values.sorted(by: { $0.id < $1.id }) {
      let paths = LoadedAnimation.soundCandidatePaths(directory: asset.directory, fileName: asset.fileName)
      guard let key = paths.first(where: { entries[$0] != nil }), files[key] == nil, let entry = entries[key]
      else { continue }
      files[key] = try read(entry, from: archive)
    }
  }
}

extension LoadedAnimation {
  /// The archive's bytes for `asset`'s sound, or nil when the archive does not hold it (a data URI, an
  /// external file, or a file missing from the archive).
  public func soundBytes(for asset: SoundAsset) -> [UInt8]? {
    Self.soundCandidatePaths(directory: asset.directory, fileName: asset.fileName).lazy.compactMap { embeddedFiles[$0] }
      .first
  }

  /// Where a sound asset's file may sit inside a dotLottie archive: its folder (`u`) joined to its name (`p`),
  /// then the name under `u/` (version 2) and `audio/` (version 1). Only looked up among the archive's checked
  /// entries, so a `u` with `..` can only fail to match.
  static func soundCandidatePaths(directory: String, fileName: String) -> [String] {
    guard !fileName.isEmpty, !fileName.hasPrefix("data:") else { return [] }
    let joined = normalized(directory + "/" + fileName)
    let name = normalized(fileName).split(separator: "/").last.map(String.init) ?? fileName
    var paths: [String] = []
    for path in [joined, "u/" + name, "audio/" + name] where !paths.contains(path) { paths.append(path) }
    return paths
  }
}
