import Lottie

/// An animation loaded from any supported container, with the files that came with it.
public struct LoadedAnimation: Sendable {
  /// The kind of file an animation came from.
  public enum Format: String, Sendable {
    /// Plain Bodymovin JSON (`.json`).
    case json
    /// A dotLottie zip archive (`.lottie`), version 1 or 2.
    case dotLottie
    /// A Telegram sticker (`.tgs`): gzip'd Bodymovin JSON.
    case telegramSticker
  }

  /// The parsed animation.
  public var animation: Animation
  /// The name its parse errors and diagnostics use: the path as given, or `archive.lottie:a/<id>.json` for
  /// an animation inside an archive. Use it for further diagnostics about the animation's JSON.
  public var animationFile: String
  /// What kind of file it came from (found from the content, not the extension).
  public var format: Format
  /// The manifest id of the animation that was loaded; nil outside a dotLottie archive.
  public var animationID: String?
  /// Every animation id the dotLottie manifest lists, in its order; empty for other formats.
  public var availableAnimations: [String]
  /// Every theme id a dotLottie v2 archive has (`t/<id>.json`), in the manifest's order; empty otherwise.
  public var availableThemes: [String] = []
  /// The theme that was applied, or nil.
  public var themeID: String? = nil
  /// Image files read from the archive, keyed by their path inside it (`images/img_0.png` in version 1,
  /// `i/img_0.png` in version 2). Only the images the loaded animation refers to are read.
  public var embeddedFiles: [String: [UInt8]]
  /// Font files the archive holds (`fonts/` or `f/`), by path.
  public var fontFiles: [String]
  /// Their bytes, by the same paths, for text layers drawn with the system's fonts (see
  /// `FontLibrary.prepare`); empty when the animation has glyph outlines for all its text or no text.
  public var fontData: [String: [UInt8]] = [:]
  /// The folder that external image paths are relative to: the folder of a plain JSON file; nil for
  /// archives and stickers, whose images (if any) travel inside them.
  public var baseDirectory: String?
  /// The file that was opened (the archive or sticker itself; for plain JSON the same as `animationFile`).
  public var containerPath: String

  /// Makes a loaded animation from its parts.
  public init(
    animation: Animation, animationFile: String, format: Format, animationID: String? = nil,
    availableAnimations: [String] = [], availableThemes: [String] = [], themeID: String? = nil,
    embeddedFiles: [String: [UInt8]] = [:], fontFiles: [String] = [], fontData: [String: [UInt8]] = [:],
    baseDirectory: String? = nil, containerPath: String? = nil
  ) {
    self.containerPath = containerPath ?? animationFile
    self.animation = animation
    self.animationFile = animationFile
    self.format = format
    self.animationID = animationID
    self.availableAnimations = availableAnimations
    self.availableThemes = availableThemes
    self.themeID = themeID
    self.embeddedFiles = embeddedFiles
    self.fontFiles = fontFiles
    self.fontData = fontData
    self.baseDirectory = baseDirectory
  }

  // MARK: - Images

  /// The archive's bytes for `asset`, or nil when the archive does not hold it (a data URI, an external
  /// file, or a file that is missing from the archive).
  public func imageBytes(for asset: ImageAsset) -> [UInt8]? {
    embeddedPath(for: asset).flatMap { embeddedFiles[$0] }
  }

  /// The path inside the archive that holds `asset`'s image, or nil (see ``imageBytes(for:)``).
  public func embeddedPath(for asset: ImageAsset) -> String? {
    Self.candidatePaths(directory: asset.directory, fileName: asset.fileName).first { embeddedFiles[$0] != nil }
  }

  /// Where an image asset's file may sit inside a dotLottie archive, most likely first:
  /// 1. its folder (`u`) joined to its name (`p`), relative to the archive root: `u` is `/images/` or
  ///    `images/` in what most exporters write;
  /// 2. the name alone under `images/` (version 1) and `i/` (version 2), for exporters that leave `u` empty
  ///    (dotlottie-js writes `u: ""` with `e: 1`), and for version 2 archives whose assets still say `/images/`.
  ///
  /// A data URI has no path. The paths are only looked up among the archive's checked entries, so a `u`
  /// with `..` in it can only fail to match.
  static func candidatePaths(directory: String, fileName: String) -> [String] {
    guard !fileName.isEmpty, !fileName.hasPrefix("data:") else { return [] }
    let joined = normalized(directory + "/" + fileName)
    let name = normalized(fileName).split(separator: "/").last.map(String.init) ?? fileName
    var paths: [String] = []
    for path in [joined, "images/" + name, "i/" + name] where !paths.contains(path) {
      paths.append(path)
    }
    return paths
  }

  /// `path` relative to the archive root: `\` as `/`, no leading `/`, no empty or `.` components.
  static func normalized(_ path: String) -> String {
    path.replacingBackslashes().split(separator: "/").filter { $0 != "." }.joined(separator: "/")
  }
}
