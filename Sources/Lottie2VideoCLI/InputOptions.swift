import CairoRendering
import Foundation
import Lottie
import LottieArchive
import Pipeline
import Raster
import TextLayout

/// What every command that loads an animation shares: which animation of an archive, its theme, where its
/// images and fonts are, the safety limits, and the templating values.
struct InputOptions: Sendable {
  var animationID: String?
  var themeID: String?
  var assets: String?
  var fonts: String?
  /// `--allow-external-paths`: references outside the animation's folder are followed (trusted files).
  var allowsExternalPaths = false
  var load = LoadSettings()
  /// `--set` and `--slot`, in order.
  var template = Template()
  /// `--image ID=PATH`, in order.
  var images: [Template.Assignment] = []

  init(_ p: ParsedArguments) {
    animationID = p[OptionTable.animation]
    themeID = p[OptionTable.theme]
    assets = p[OptionTable.assets]
    fonts = p[OptionTable.fonts]
    allowsExternalPaths = p[OptionTable.allowExternalPaths]
    for limit in p.all(OptionTable.limit) { limit.spec.apply(&load, limit.value) }
    template.sets = p.all(OptionTable.setKeypath)
    template.slots = p.all(OptionTable.slot)
    images = p.all(OptionTable.image)
  }

  /// How messages name an input: `<stdin>` for `-`, else the path as given.
  static func name(of path: String) -> String { path == "-" ? "<stdin>" : path }

  /// Loads `path` (`-` or a pipe: the bytes read once, see ``StreamInputs``) with these options; `extra`
  /// values (a data row's) are applied after the command line's.
  func load(_ path: String, extra: TemplateValues = TemplateValues(), listsKeypaths: Bool = false) throws
    -> LoadedAnimation
  {
    var template = self.template
    template.sets += extra.sets
    template.slots += extra.slots
    template.listsKeypaths = listsKeypaths
    if path == "-" || AnimationSource.isStream(path: path) {
      // Read from a terminal, '-' would wait silently for a whole animation to be typed.
      if path == "-" && isatty(STDIN_FILENO) != 0 { throw TerminalInputError() }
      let bytes = try StreamInputs.shared.bytes(of: path, limit: max(load.limits.maxFileBytes, load.maxArchiveBytes))
      return try AnimationSource.load(
        bytes: bytes, name: Self.name(of: path), animationID: animationID, themeID: themeID, limits: load.limits,
        maxArchiveBytes: load.maxArchiveBytes, template: template)
    }
    return try AnimationSource.load(
      path: path, animationID: animationID, limits: load.limits, maxArchiveBytes: load.maxArchiveBytes,
      template: template, themeID: themeID)
  }

  /// What ``loadWithImages(_:extra:)`` returns.
  struct Loaded {
    var loaded: LoadedAnimation
    var images: [String: PixelBuffer]
    /// The fonts its text is drawn with (its own, if it brought any), handed to the renderers with the images.
    var fonts: FontSet
    var diagnostics: [Diagnostic]
    var animation: Animation { loaded.animation }
  }

  /// Loads the animation and decodes its images: `--image` replacements first, then those a dotLottie archive
  /// holds from the archive, the rest (data URIs, external files) from `--assets` or the animation's folder
  /// (the current folder for standard input); and prepares its fonts.
  func loadWithImages(_ path: String, extra: TemplateValues = TemplateValues()) throws -> Loaded {
    let loaded = try load(path, extra: extra)
    let replacements = (images + extra.images).map { (id: $0.key, path: $0.value) }
    let tableFolder = extra.tableFolder ?? "."
    let roots = [PathName.folder(of: loaded.containerPath)] + (assets.map { [$0] } ?? [])
    let (images, notes) = try ImageAssets.load(
      loaded, assets: assets, replacements: replacements,
      confined: extra.tableImages.map { (id: $0.key, path: $0.value) },
      confinedSandbox: ReferenceSandbox(
        base: tableFolder, otherRoots: roots, allowsExternalPaths: allowsExternalPaths),
      maxPixels: load.maxImagePixels, allowExternalPaths: allowsExternalPaths)
    let fonts = prepareFonts(loaded, path: path)
    return Loaded(
      loaded: loaded, images: images, fonts: fonts.fonts,
      diagnostics: loaded.animation.diagnostics + notes + fonts.diagnostics)
  }

  /// Prepares the fonts the animation's text needs (`--fonts`, the archive's, `fPath`) and returns the notes
  /// about them: missing fonts and their stand-ins, fallbacks, characters no font has.
  func prepareFonts(_ loaded: LoadedAnimation, path: String) -> PreparedFonts {
    FontLibrary.prepare(
      loaded.animation, directories: fonts.map { [$0] } ?? [], embedded: loaded.fontData,
      baseDirectory: assets ?? loaded.baseDirectory ?? PathName.folder(of: path), file: loaded.animationFile,
      allowExternalPaths: allowsExternalPaths)
  }
}

/// Templating values that come from a data row rather than the command line.
struct TemplateValues: Sendable {
  var sets: [Template.Assignment] = []
  var slots: [Template.Assignment] = []
  var images: [Template.Assignment] = []
  /// Images from a data table's cells: paths the table chose, not the command line, so read only inside
  /// ``tableFolder``, the animation's folder and `--assets` (unless `--allow-external-paths`).
  var tableImages: [Template.Assignment] = []
  /// The data table's folder, where its cells' relative paths start.
  var tableFolder: String? = nil
}

/// `-` as the input while standard input is a terminal: nothing was piped in.
struct TerminalInputError: Error, CustomStringConvertible {
  var description: String {
    "<stdin>: standard input is a terminal, not a pipe: pipe an animation into '-' (cat anim.json | lottie2video - -o out.mp4)"
  }
}

/// Inputs that can be read only once (standard input, pipes): read whole the first time they are loaded and
/// kept, so that a --data run's rows all see the same bytes.
///
/// `@unchecked Sendable`: `contents` is read and written only with `lock` held.
final class StreamInputs: @unchecked Sendable {
  static let shared = StreamInputs()
  private let lock = NSLock()
  private var contents: [String: Result<[UInt8], ArchiveError>] = [:]

  func bytes(of path: String, limit: Int) throws(ArchiveError) -> [UInt8] {
    let result = lock.withLock {
      if let known = contents[path] { return known }
      let read = Result { () throws(ArchiveError) in try AnimationSource.readStream(path: path, limit: limit) }
      contents[path] = read
      return read
    }
    return try result.get()
  }
}
