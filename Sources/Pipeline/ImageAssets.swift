import Foundation
import Lottie
import LottieArchive
import Raster
import VideoEncoding

/// Loads and decodes an animation's image assets once, before any worker starts.
public enum ImageAssets {
  /// The largest decoded image by default: 64 megapixels.
  public static let defaultMaxPixels = 64 * 1024 * 1024

  /// Decodes every image asset: embedded data URIs, or files relative to `baseDirectory` (the animation's
  /// folder, or `--assets DIR`). An image that cannot be found or decoded is left out with a diagnostic
  /// naming the asset, and its layers draw nothing.
  public static func load(
    _ animation: Animation, baseDirectory: String, file: String? = nil, maxPixels: Int = defaultMaxPixels
  ) -> (images: [String: PixelBuffer], diagnostics: [Diagnostic])
  {
    var images: [String: PixelBuffer] = [:]
    var diagnostics: [Diagnostic] = []
    for (id, asset) in animation.images.sorted(by: { $0.key < $1.key }) {
      func problem(_ message: String) {
        diagnostics.append(Diagnostic(severity: .warning, file: file, path: asset.path, message: message))
      }
      let bytes: [UInt8]
      let name: String
      if asset.fileName.hasPrefix("data:") {
        name = "image asset '\(id)'"
        guard let comma = asset.fileName.firstIndex(of: ","),
          asset.fileName[..<comma].hasSuffix(";base64"),
          let data = Data(base64Encoded: String(asset.fileName[asset.fileName.index(after: comma)...]), options: .ignoreUnknownCharacters)
        else {
          problem("image asset '\(id)' has a malformed data URI; not drawn")
          continue
        }
        bytes = [UInt8](data)
      } else if asset.isEmbedded {
        problem("image asset '\(id)' is marked embedded but its data is not a data URI; not drawn")
        continue
      } else {
        let path = resolve(directory: asset.directory, fileName: asset.fileName, base: baseDirectory)
        name = path
        guard let data = FileManager.default.contents(atPath: path) else {
          problem("image file '\(path)' for asset '\(id)' is missing; not drawn (use --assets DIR to point elsewhere)")
          continue
        }
        bytes = [UInt8](data)
      }
      do {
        images[id] = try ImageDecoder.decode(bytes, name: name, maxPixels: maxPixels)
      } catch {
        problem("\(error); not drawn")
      }
    }
    return (images, diagnostics)
  }

  /// Why an image replacement cannot be used.
  public struct ReplacementError: Error, CustomStringConvertible {
    public let description: String
  }

  /// Decodes the images of a loaded animation: `replacements` (asset id to image file) first, then the images
  /// a dotLottie archive holds, then data URIs and external files relative to `assets` (or the animation's
  /// folder). An unknown replacement id or unreadable replacement file throws; other problems are diagnostics.
  public static func load(
    _ loaded: LoadedAnimation, assets: String? = nil, replacements: [(id: String, path: String)] = [],
    maxPixels: Int = defaultMaxPixels
  ) throws -> (images: [String: PixelBuffer], diagnostics: [Diagnostic]) {
    var images: [String: PixelBuffer] = [:]
    var notes: [Diagnostic] = []
    var rest = loaded.animation
    let file = loaded.animationFile
    for (id, path) in replacements {
      guard rest.images[id] != nil || images[id] != nil else {
        let ids = loaded.animation.images.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
        throw ReplacementError(
          description: "\(file): --image: no image asset '\(id)'; "
            + (ids.isEmpty ? "the animation has no image assets" : "image assets: \(ids)"))
      }
      guard let data = FileManager.default.contents(atPath: path) else {
        throw ReplacementError(description: "\(path): cannot read the image for --image \(id)")
      }
      images[id] = try ImageDecoder.decode([UInt8](data), name: path, maxPixels: maxPixels)
      rest.images[id] = nil
    }
    // Images inside the archive, named `archive.lottie:images/x.png` in messages.
    for (id, asset) in rest.images.sorted(by: { $0.key < $1.key }) {
      guard let entry = loaded.embeddedPath(for: asset), let bytes = loaded.embeddedFiles[entry] else { continue }
      rest.images[id] = nil
      do {
        images[id] = try ImageDecoder.decode(bytes, name: "\(loaded.containerPath):\(entry)", maxPixels: maxPixels)
      } catch {
        notes.append(Diagnostic(severity: .warning, file: file, path: asset.path, message: "\(error); not drawn"))
      }
    }
    let base = assets ?? loaded.baseDirectory ?? (file as NSString).deletingLastPathComponent
    let (external, externalNotes) = load(rest, baseDirectory: base, file: file, maxPixels: maxPixels)
    images.merge(external) { replaced, _ in replaced }
    return (images, notes + externalNotes)
  }

  static func resolve(directory: String, fileName: String, base: String) -> String {
    if fileName.hasPrefix("/") { return fileName }
    var folder = directory
    if folder.hasPrefix("/") { return folder + (folder.hasSuffix("/") ? "" : "/") + fileName }
    if !folder.isEmpty && !folder.hasSuffix("/") { folder += "/" }
    return (base.isEmpty ? "." : base) + "/" + folder + fileName
  }
}
