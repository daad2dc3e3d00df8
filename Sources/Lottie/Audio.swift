/// A sound asset (`assets[]` with `p`, the lottie-docs "sound" asset): an audio file or data URI that audio
/// layers play.
///
/// Bodymovin writes sounds with the same keys as images (`u`, `p`, `e`), so a `p` is read as a sound when it
/// is an audio data URI (`data:audio/...`), when its file name has an audio extension (``audioExtensions``),
/// or when an audio layer refers to it (then it is never treated as an image).
public struct SoundAsset: Sendable {
  /// Asset id.
  public var id: String
  /// Folder (`u`) and file name or data URI (`p`).
  public var directory: String
  public var fileName: String
  /// Whether `p` is embedded data (`e == 1` or a `data:` URI).
  public var isEmbedded: Bool
  /// Where in the JSON.
  public var path: JSONPath

  /// Makes a sound asset.
  public init(id: String, directory: String, fileName: String, isEmbedded: Bool, path: JSONPath) {
    self.id = id
    self.directory = directory
    self.fileName = fileName
    self.isEmbedded = isEmbedded
    self.path = path
  }

  /// File extensions read as sounds (lower case): what After Effects' exporters and FFmpeg handle.
  public static let audioExtensions: Set<String> = [
    "mp3", "wav", "aac", "m4a", "ogg", "oga", "opus", "flac", "aif", "aiff",
  ]

  /// Whether an asset's `p` names audio by itself (a `data:audio/` URI or an audio file extension).
  public static func looksLikeAudio(fileName: String) -> Bool {
    let lower = fileName.prefix(64).lowercased()
    if lower.hasPrefix("data:") { return lower.hasPrefix("data:audio/") }
    guard let dot = fileName.lastIndex(of: ".") else { return false }
    return audioExtensions.contains(fileName[fileName.index(after: dot)...].lowercased())
  }
}

/// What an audio layer (`ty 6`) plays: the sound asset, its level and optional time remap. The layer's own
/// in and out points, start time and stretch (``Layer``) place it on its composition's timeline.
///
/// Timing, as lottie-web's `AudioElement` plays it: the sound is heard while `inPoint <= frame < outPoint`
/// (composition frames), at `(frame − startTime) / stretch / frameRate` seconds into the sound, or at
/// `timeRemap(frame)` seconds when the layer has a time remap (`tm`).
public struct AudioLayerSettings: Sendable {
  /// The sound asset's id (`refId`).
  public var soundID: String
  /// Audio levels (`au.lv`) in percent: 100 plays the sound as recorded. lottie-web uses the first
  /// component for both channels, as we do; After Effects exports the same value twice.
  public var level: Animatable<NumberList>
  /// Time remap (`tm`) in seconds of the sound, or nil.
  public var timeRemap: Animatable<Double>?

  /// Makes settings.
  public init(
    soundID: String, level: Animatable<NumberList> = .fixed(NumberList([100])), timeRemap: Animatable<Double>? = nil
  ) {
    self.soundID = soundID
    self.level = level
    self.timeRemap = timeRemap
  }

  /// The linear gain at `frame`: the first component of the level over 100, never negative.
  public func gain(at frame: Double) -> Double {
    max(0, (level.value(at: frame).values.first ?? 100) / 100)
  }
}

// MARK: - Parsing

extension Reader {
  /// Reads an audio layer's `refId`, `au.lv` and `tm`.
  func audioLayerSettings(_ o: [String: JSON], _ path: JSONPath) throws(LottieError) -> AudioLayerSettings {
    let id = try string(o, "refId", path) ?? ""
    var level: Animatable<NumberList> = .fixed(NumberList([100]))
    if let au = o["au"], au != .null {
      let auPath = path.appending("au")
      level = try property(try object(au, auPath), "lv", auPath, Reader.numberList, default: NumberList([100]))
    }
    return AudioLayerSettings(
      soundID: id, level: level, timeRemap: try optionalProperty(o, "tm", path, Reader.scalar))
  }

  /// The sound asset for an asset object with `p`, or nil when it is not recognisably audio (see
  /// ``SoundAsset``).
  func soundAsset(_ a: [String: JSON], id: String, _ path: JSONPath) throws(LottieError) -> SoundAsset? {
    let fileName = try string(a, "p", path) ?? ""
    guard SoundAsset.looksLikeAudio(fileName: fileName) else { return nil }
    return SoundAsset(
      id: id, directory: try string(a, "u", path) ?? "", fileName: fileName,
      isEmbedded: try bool(a, "e", path) || fileName.hasPrefix("data:"), path: path)
  }
}

extension Animation {
  /// Moves the image assets that audio layers refer to into ``sounds``: an `mp3` without an extension or
  /// MIME type would otherwise be decoded as an image (and warned about).
  mutating func moveAudioReferencedAssetsToSounds() {
    var referenced: Set<String> = []
    func collect(_ layers: [Layer]) {
      for layer in layers {
        if let audio = layer.audio { referenced.insert(audio.soundID) }
      }
    }
    collect(layers)
    for precomp in precomps.values { collect(precomp) }
    for id in referenced {
      guard let image = images[id] else { continue }
      images[id] = nil
      sounds[id] = SoundAsset(
        id: id, directory: image.directory, fileName: image.fileName, isEmbedded: image.isEmbedded, path: image.path)
    }
  }

  /// Whether any layer, in the root composition or a precomp, is an audio layer.
  public var hasAudioLayers: Bool {
    layers.contains { $0.audio != nil } || precomps.values.contains { $0.contains { $0.audio != nil } }
  }
}
