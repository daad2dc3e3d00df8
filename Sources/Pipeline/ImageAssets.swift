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
  /// folder, or `--assets DIR`). An image that cannot be found, read or decoded is left out with a diagnostic
  /// naming the asset, and its layers draw nothing.
  ///
  /// Files are read through a ``ReferenceSandbox`` rooted at `baseDirectory`: absolute paths and `..` that
  /// leave it are refused (one warning, the same whether or not the file exists) unless `allowExternalPaths`
  /// is set, and only regular files of at most `maxFileBytes` are read.
  public static func load(
    _ animation: Animation, baseDirectory: String, file: String? = nil, maxPixels: Int = defaultMaxPixels,
    allowExternalPaths: Bool = false, maxFileBytes: Int = ReferenceSandbox.defaultMaxFileBytes
  ) -> (images: [String: PixelBuffer], diagnostics: [Diagnostic]) {
    let sandbox = ReferenceSandbox(
      base: baseDirectory, allowsExternalPaths: allowExternalPaths, maxFileBytes: maxFileBytes)
    return load(animation, sandbox: sandbox, file: file, maxPixels: maxPixels)
  }

  /// Decodes every image asset, reading external files through `sandbox`.
  public static func load(
    _ animation: Animation, sandbox: ReferenceSandbox, file: String? = nil, maxPixels: Int = defaultMaxPixels
  ) -> (images: [String: PixelBuffer], diagnostics: [Diagnostic]) {
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
          let data = Data(
            base64Encoded: String(asset.fileName[asset.fileName.index(after: comma)...]),
            options: .ignoreUnknownCharacters)
        else {
          problem("image asset '\(id)' has a malformed data URI; not drawn")
          continue
        }
        bytes = [UInt8](data)
      } else if asset.isEmbedded {
        problem("image asset '\(id)' is marked embedded but its data is not a data URI; not drawn")
        continue
      } else {
        switch sandbox.contents(directory: asset.directory, fileName: asset.fileName) {
        case .success(let found):
          (name, bytes) = found
        case .failure(.missing(let path)):
          problem("image file '\(path)' for asset '\(id)' is missing; not drawn (use --assets DIR to point elsewhere)")
          continue
        case .failure(let refusal):
          problem("image asset '\(id)': \(refusal); not drawn")
          continue
        }
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
  /// folder). An unknown replacement id or unreadable replacement file (missing, not a regular file, over
  /// `maxFileBytes`) throws; other problems are diagnostics.
  ///
  /// External files are read only inside the animation's folder and `assets` (see ``ReferenceSandbox``):
  /// a reference inside an archive that the archive does not hold is read from `assets` only. With
  /// `allowExternalPaths` (trusted files) absolute paths and `..` are followed, from `assets`, the
  /// animation's folder or the archive's. Replacements are the caller's own paths, read as given.
  ///
  /// `confined` replacements come from a data table's cells (`image:ID` columns), which are not the caller's own
  /// paths: they are read through `confinedSandbox` (relative to the table's folder, inside it, the animation's
  /// folder or `assets`, unless `--allow-external-paths`), and a refusal names the column.
  public static func load(
    _ loaded: LoadedAnimation, assets: String? = nil, replacements: [(id: String, path: String)] = [],
    confined: [(id: String, path: String)] = [], confinedSandbox: ReferenceSandbox? = nil,
    maxPixels: Int = defaultMaxPixels, allowExternalPaths: Bool = false,
    maxFileBytes: Int = ReferenceSandbox.defaultMaxFileBytes
  ) throws -> (images: [String: PixelBuffer], diagnostics: [Diagnostic]) {
    var images: [String: PixelBuffer] = [:]
    var notes: [Diagnostic] = []
    var rest = loaded.animation
    let file = loaded.animationFile
    let all = replacements.map { ($0.id, $0.path, false) } + confined.map { ($0.id, $0.path, true) }
    for (id, path, isConfined) in all {
      guard rest.images[id] != nil || images[id] != nil else {
        let ids = loaded.animation.images.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
        throw ReplacementError(
          description: "\(file): --image: no image asset '\(id)'; "
            + (ids.isEmpty ? "the animation has no image assets" : "image assets: \(ids)"))
      }
      // The caller's own path: no sandbox, but still only a regular file, within the size limit. A data cell's
      // path: resolved and confined as the animation's own references are.
      let data: [UInt8]
      if isConfined {
        let sandbox =
          confinedSandbox ?? ReferenceSandbox(base: nil, allowsExternalPaths: false, maxFileBytes: maxFileBytes)
        switch sandbox.contents(directory: "", fileName: path) {
        case .success(let found):
          images[id] = try ImageDecoder.decode(found.bytes, name: found.path, maxPixels: maxPixels)
          rest.images[id] = nil
          continue
        case .failure(.outside(let reference)):
          throw ReplacementError(
            description: "image:\(id): '\(reference)' is outside the data table's folder, the animation's folder "
              + "and --assets; not read (--allow-external-paths allows it for trusted tables)")
        case .failure(let refusal):
          throw ReplacementError(description: "image:\(id): \(refusal)")
        }
      }
      let reader = ReferenceSandbox(base: nil, allowsExternalPaths: true, maxFileBytes: maxFileBytes)
      switch reader.readContents(of: path) {
      case .success(let bytes): data = bytes
      case .failure(.missing), .failure(.unreadable):
        throw ReplacementError(description: "\(path): cannot read the image for --image \(id)")
      case .failure(let refusal):
        throw ReplacementError(description: "--image \(id): \(refusal)")
      }
      images[id] = try ImageDecoder.decode(data, name: path, maxPixels: maxPixels)
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
    let references = Self.sandbox(
      for: loaded, assets: assets, allowExternalPaths: allowExternalPaths, maxFileBytes: maxFileBytes)
    let (external, externalNotes) = load(rest, sandbox: references, file: file, maxPixels: maxPixels)
    images.merge(external) { replaced, _ in replaced }
    return (images, notes + externalNotes)
  }

  /// Where a loaded animation's external files may be read from: `assets`, else the folder of a plain JSON
  /// file; an archive or sticker has no folder of its own (its files travel inside it), except with
  /// `allowExternalPaths`, where references resolve from the archive's folder.
  public static func sandbox(
    for loaded: LoadedAnimation, assets: String? = nil, allowExternalPaths: Bool = false,
    maxFileBytes: Int = ReferenceSandbox.defaultMaxFileBytes
  ) -> ReferenceSandbox {
    let ownFolder =
      loaded.baseDirectory
      ?? (allowExternalPaths ? PathName.folder(of: loaded.containerPath) : nil)
    return ReferenceSandbox(
      base: assets ?? ownFolder, otherRoots: assets != nil ? (ownFolder.map { [$0] } ?? []) : [],
      allowsExternalPaths: allowExternalPaths, maxFileBytes: maxFileBytes)
  }
}
