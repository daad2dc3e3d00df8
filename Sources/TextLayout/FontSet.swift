import CHarfBuzz
import Foundation
import Locking

/// The fonts one animation can draw with (made by `FontLibrary.prepare`, handed to its renderers): the system's (and any added for the whole process), plus what the
/// animation brought along (its archive's fonts, `fPath` data and files, `--fonts` folders), in a fontconfig
/// configuration of its own.
///
/// fontconfig's application fonts belong to a configuration, and adding them to the process's one made every
/// later animation of a batch, a `--data` run or `check` draw with the fonts of the ones before (and one
/// customer's fonts serve another's text). So an animation that brings fonts gets a configuration made for
/// it (`FcInitLoadConfigAndFonts`: the system's configuration and font cache, a few milliseconds) with its
/// fonts added; one that brings none uses ``shared``, fontconfig's current configuration.
///
/// Sets are kept by the files they add (``make(files:)``): the rows of a `--data` run, which all bring the
/// same data-URI font, share one set instead of registering the font again for each row.
///
/// `@unchecked Sendable`: the configuration is only touched with `FontLibrary.fontconfig` held (fontconfig
/// is not safe to change while another thread matches), and the choices are behind their own lock.
public final class FontSet: @unchecked Sendable {
  /// The configuration (owned), or nil for fontconfig's current one.
  let config: OpaquePointer?
  /// The files this set adds that fontconfig could not read as fonts.
  let unreadable: Set<String>
  /// Choices made so far, by family, style and PostScript name.
  private let choices = Locked<[String: FontChoice]>([:])

  private init(config: OpaquePointer?, unreadable: Set<String>) {
    self.config = config
    self.unreadable = unreadable
  }

  deinit {
    guard let config else { return }
    FontLibrary.fontconfig.withLock { _ in FcConfigDestroy(config) }
  }

  /// fontconfig's current configuration: the system's fonts and those added for the whole process.
  public static let shared = FontSet(config: nil, unreadable: [])

  /// The set that adds `files` (font files on disk) to the system's fonts: ``shared`` for none, else a
  /// recent set that adds the same files, else a new one.
  static func make(files: [String]) -> FontSet {
    guard !files.isEmpty else { return shared }
    // The process's own fonts are part of every set: a set made before one was added is not reused (and
    // adding one need not forget the sets that other animations are being prepared with meanwhile).
    let processFonts = FontLibrary.processFonts
    let key = (processFonts + [""] + files).joined(separator: "\u{0}")
    if let known = recent.withLock({ sets in sets.first { $0.key == key }?.set }) { return known }
    let made = FontLibrary.fontconfig.withLock { _ -> FontSet in
      guard let config = FcInitLoadConfigAndFonts() else { return shared }
      var unreadable: Set<String> = []
      for path in processFonts + files where FcConfigAppFontAddFile(config, path) == 0 {
        unreadable.insert(path)
      }
      return FontSet(config: config, unreadable: unreadable)
    }
    recent.withLock { sets in
      sets.removeAll { $0.key == key }
      sets.append((key, made))
      if sets.count > recentLimit { sets.removeFirst(sets.count - recentLimit) }
    }
    return made
  }

  /// Sets kept for reuse, most recent last.
  private static let recent = Locked<[(key: String, set: FontSet)]>([])
  /// How many: enough for the files a batch of several jobs prepares at once, and a `--data` run's one.
  private static let recentLimit = 8

  /// Forgets the shared set's choices (fonts were added for the whole process). Kept sets need not be
  /// forgotten: their keys name the process fonts they were made with, so they are not reused.
  static func forgetAll() {
    shared.choices.withLock { $0.removeAll() }
  }

  /// The fonts for a family and After Effects style, trying `postScriptName` when the family is not
  /// installed and a metric-compatible stand-in (`MetricAliases`) when neither is. Found once per set.
  func choice(family: String, style: String, postScriptName: String? = nil) -> FontChoice {
    let key = "\(family)\u{0}\(style)\u{0}\(postScriptName ?? "")"
    if let known = choices.withLock({ $0[key] }) { return known }
    let made = FontLibrary.fontconfig.withLock { _ in
      FontChoice.find(family: family, style: style, postScriptName: postScriptName, config: config)
    }
    choices.withLock { $0[key] = made }
    return made
  }
}
