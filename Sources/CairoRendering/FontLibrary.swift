import CCairo
import Foundation
import Lottie
import Synchronization

/// Finds the system fonts text layers ask for, through fontconfig, and makes Cairo (FreeType) font faces for
/// them. Fonts can be added to fontconfig's list for this process: folders (`--fonts DIR`), files, and font
/// data (fonts inside a `.lottie` archive, `fPath` data URIs).
public enum FontLibrary {
  /// The family fontconfig falls back to when a font is missing, as the diagnostic names it.
  public static let fallbackFamily = "DejaVu Sans"

  /// Serialises every fontconfig call of this process. fontconfig's configuration is not safe to change
  /// (adding application fonts) while another thread matches against it, and render workers match fonts
  /// while a batch prepares the next file's fonts: that race crashed inside libfontconfig. Cairo itself only
  /// calls fontconfig to resolve unresolved patterns and toy faces, which we never hand it.
  static let fontconfig = Mutex<Void>(())

  /// The fallback font (`fallbackFamily`, or whatever fontconfig substitutes for it), found once.
  static let fallback = FontMatch(family: fallbackFamily, style: "")

  /// Adds every font in `directory` (and its subfolders) for this process. False when fontconfig cannot
  /// read it.
  @discardableResult
  public static func addFontDirectory(_ directory: String) -> Bool {
    guard FileManager.default.fileExists(atPath: directory) else { return false }
    return fontconfig.withLock { _ in FcConfigAppFontAddDir(nil, directory) != 0 }
  }

  /// Adds one font file for this process. False when fontconfig cannot read it as a font.
  @discardableResult
  public static func addFontFile(_ path: String) -> Bool {
    guard FileManager.default.fileExists(atPath: path) else { return false }
    return fontconfig.withLock { _ in FcConfigAppFontAddFile(nil, path) != 0 }
  }

  /// Adds font data (a TrueType, OpenType or WOFF file's bytes) for this process: fontconfig reads fonts
  /// from files, so the bytes go to a private temporary folder first. False when they are not a font.
  @discardableResult
  public static func addFontData(_ bytes: [UInt8], name: String) -> Bool {
    let folder = dataFolder
    // Named by a hash of the content (FNV-1a) and the name, so two fonts called alike do not overwrite each other.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let base = (name as NSString).lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
    let file = (folder as NSString).appendingPathComponent(
      "\(String(hash, radix: 16))-\(base.isEmpty ? "font" : base)")
    guard FileManager.default.createFile(atPath: file, contents: Data(bytes)) else { return false }
    return addFontFile(file)
  }

  /// The folder font data is written to: one per process, removed when the process exits. Folders left by
  /// processes that were killed are removed when the next one starts.
  private static let dataFolder: String = {
    let temporary = NSTemporaryDirectory()
    let prefix = "lottie2video-fonts-"
    // A folder is stale when its process is gone and it is a day old: the age keeps a process in another PID
    // namespace that shares this temporary folder (containers sharing /tmp) from losing its fonts.
    let dayAgo = Date().addingTimeInterval(-86_400)
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where entry.hasPrefix(prefix) {
      let path = (temporary as NSString).appendingPathComponent(entry)
      guard let pid = Int32(entry.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH,
        let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
        modified < dayAgo
      else { continue }
      try? FileManager.default.removeItem(atPath: path)
    }
    let folder = (temporary as NSString).appendingPathComponent("\(prefix)\(getpid())")
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    atexit {
      let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("lottie2video-fonts-\(getpid())")
      try? FileManager.default.removeItem(atPath: folder)
    }
    return folder
  }()

  /// Registers what an animation brings along and checks that every font its text layers draw without glyph
  /// outlines can be found. Returns diagnostics for fonts that could not be added or are missing.
  ///
  /// - `directories`: folders of fonts to add first (`--fonts DIR`).
  /// - `embedded`: font files by name (the `fonts/` folder of a `.lottie` archive).
  /// - `baseDirectory`: where relative `fPath` files are looked up.
  public static func prepare(
    _ animation: Animation, directories: [String] = [], embedded: [String: [UInt8]] = [:],
    baseDirectory: String? = nil, file: String? = nil
  ) -> [Diagnostic] {
    var notes: [Diagnostic] = []
    func note(_ message: String, _ path: JSONPath = .root) {
      notes.append(Diagnostic(severity: .warning, file: file, path: path, message: message))
    }
    for directory in directories where !addFontDirectory(directory) {
      note("font folder '\(directory)' could not be read")
    }
    for (name, bytes) in embedded.sorted(by: { $0.key < $1.key }) where !addFontData(bytes, name: name) {
      note("embedded font '\(name)' is not a font fontconfig can read; ignored")
    }
    let fontsPath = JSONPath.root.appending("fonts").appending("list")
    for font in animation.fonts.values.sorted(by: { $0.name < $1.name }) {
      guard let location = font.location, usedWithoutGlyphs(font.name, in: animation) else { continue }
      if location.hasPrefix("data:") {
        if let comma = location.firstIndex(of: ","),
          let data = Data(base64Encoded: String(location[location.index(after: comma)...]), options: .ignoreUnknownCharacters),
          addFontData([UInt8](data), name: font.name)
        {
          continue
        }
        note("font '\(font.name)' has font data ('fPath') that could not be read", fontsPath)
      } else if !location.contains("://") {
        let path = location.hasPrefix("/") ? location : ((baseDirectory ?? ".") as NSString).appendingPathComponent(location)
        if !addFontFile(path) && FileManager.default.fileExists(atPath: path) {
          note("font file '\(path)' for font '\(font.name)' could not be read", fontsPath)
        }
      }
      // Remote URLs (CSS or font files) are not downloaded: the font must be installed or given with --fonts.
    }
    // Every font a text layer draws with the system's fonts.
    for name in fontNamesUsedWithoutGlyphs(animation) {
      let font = animation.fonts[name]
      let match = FontMatch(family: font?.family ?? name, style: font?.style ?? "", postScriptName: name)
      if !match.isExact {
        let family = font?.family ?? name
        let style = font?.style ?? ""
        let wanted = style.isEmpty || family.localizedCaseInsensitiveContains(style) ? family : "\(family) \(style)"
        note("font '\(wanted)' not found; drawn with \(match.familyName)", fontsPath)
      }
    }
    // Characters that a font with outlines in `chars` lacks are drawn with the system's font: say so, as a
    // template's new text often has letters the designer never typed.
    func checkCharacters(_ layers: [Layer]) {
      for layer in layers {
        guard case .text(let text) = layer.content else { continue }
        let documents = text.document.allValues
        var missing: [String] = []
        for d in documents where hasGlyphs(d.fontName, in: animation) {
          let font = animation.fonts[d.fontName]
          let family = font?.family ?? d.fontName, style = font?.style ?? ""
          for c in d.text.map(String.init) where !["\r", "\n", "\r\n", "\u{3}", " "].contains(c) {
            let shown = d.allCaps ? c.uppercased() : c
            if animation.glyphs[GlyphKey(character: shown, family: family, style: style)] == nil,
              !missing.contains(shown)
            {
              missing.append(shown)
            }
          }
        }
        if !missing.isEmpty {
          notes.append(
            Diagnostic(
              severity: .warning, file: file, path: layer.path,
              message: "characters \(missing.prefix(20).map { "'\($0)'" }.joined(separator: " ")) have no outlines in 'chars'; drawn with a system font"))
        }
      }
    }
    checkCharacters(animation.layers)
    for id in animation.precomps.keys.sorted() { checkCharacters(animation.precomps[id] ?? []) }
    return notes
  }

  /// Font names (`f` of text documents) that some character is drawn with from the system's fonts: the
  /// font has no glyph outlines in `chars`.
  static func fontNamesUsedWithoutGlyphs(_ animation: Animation) -> [String] {
    var names: Set<String> = []
    func visit(_ layers: [Layer]) {
      for layer in layers {
        guard case .text(let text) = layer.content else { continue }
        let documents = text.document.allValues
        for d in documents where !d.text.isEmpty && !hasGlyphs(d.fontName, in: animation) { names.insert(d.fontName) }
      }
    }
    visit(animation.layers)
    for layers in animation.precomps.values { visit(layers) }
    return names.sorted()
  }

  private static func usedWithoutGlyphs(_ name: String, in animation: Animation) -> Bool {
    fontNamesUsedWithoutGlyphs(animation).contains(name)
  }

  private static func hasGlyphs(_ fontName: String, in animation: Animation) -> Bool {
    let font = animation.fonts[fontName]
    let family = font?.family ?? fontName
    let style = font?.style ?? ""
    return animation.glyphs.keys.contains { $0.family == family && $0.style == style }
  }
}

/// A font fontconfig found for a family and an After Effects style name, as a Cairo font face.
/// Immutable; Cairo font faces are reference counted atomically and may be used from any thread.
final class FontMatch: @unchecked Sendable {
  /// The Cairo font face (owned).
  let face: OpaquePointer?
  /// The family of the font found.
  let familyName: String
  /// Whether the font found is the family asked for (or the PostScript name); false for a fallback.
  let isExact: Bool

  /// Looks up `family` with the weight and slant `style` names ("Bold Italic", "Black", "65 Medium",
  /// "500"), trying `postScriptName` (a document's font name such as "Montserrat-Bold") when the family is
  /// not installed.
  convenience init(family: String, style: String, postScriptName: String? = nil) {
    let (face, familyName, isExact) = FontLibrary.fontconfig.withLock { _ in
      FontMatch.find(family: family, style: style, postScriptName: postScriptName)
    }
    self.init(face: face, familyName: familyName, isExact: isExact)
  }

  private init(face: OpaquePointer?, familyName: String, isExact: Bool) {
    self.face = face
    self.familyName = familyName
    self.isExact = isExact
  }

  /// The lookup itself; call with `FontLibrary.fontconfig` held.
  private static func find(family: String, style: String, postScriptName: String?) -> (OpaquePointer?, String, Bool) {
    var found = FontMatch.match(family: family, style: style)
    var exact = found.map { FontMatch.families($0).contains { FontMatch.sameName($0, family) } } ?? false
    if !exact, let ps = postScriptName, !ps.isEmpty, let byName = FontMatch.match(postScriptName: ps) {
      if FontMatch.string(byName, "postscriptname").map({ FontMatch.sameName($0, ps) }) ?? false {
        if let f = found { FcPatternDestroy(f) }
        found = byName
        exact = true
      } else {
        FcPatternDestroy(byName)
      }
    }
    let familyName = found.flatMap { FontMatch.families($0).first } ?? FontLibrary.fallbackFamily
    var face: OpaquePointer? = nil
    if let pattern = found {
      // A matched pattern names its file, so Cairo opens it directly and never goes back to fontconfig.
      face = cairo_ft_font_face_create_for_pattern(pattern)
      FcPatternDestroy(pattern)
    }
    return (face, familyName, exact)
  }

  deinit {
    if let face { cairo_font_face_destroy(face) }
  }

  /// OpenType weight (100...900) and italic for an After Effects style name.
  static func weightAndSlant(_ style: String) -> (weight: Double, italic: Bool) {
    let s = style.lowercased().replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "-", with: "")
    let italic = s.contains("italic") || s.contains("oblique")
    if let n = Int(s.filter(\.isNumber)), (100...1000).contains(n) { return (Double(n), italic) }
    let names: [(String, Double)] = [
      ("extralight", 200), ("ultralight", 200), ("semibold", 600), ("demibold", 600), ("extrabold", 800),
      ("ultrabold", 800), ("thin", 100), ("hairline", 100), ("light", 300), ("medium", 500), ("demi", 600),
      ("bold", 700), ("heavy", 800), ("black", 900), ("ultra", 900),
    ]
    for (name, weight) in names where s.contains(name) { return (weight, italic) }
    return (400, italic)
  }

  private static func match(family: String, style: String) -> OpaquePointer? {
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    let (weight, italic) = weightAndSlant(style)
    add(pattern, "family", family)
    FcPatternAddDouble(pattern, "weight", FcWeightFromOpenTypeDouble(weight))
    FcPatternAddInteger(pattern, "slant", italic ? 100 : 0)  // FC_SLANT_ITALIC, FC_SLANT_ROMAN
    return prepared(pattern)
  }

  private static func match(postScriptName: String) -> OpaquePointer? {
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    add(pattern, "postscriptname", postScriptName)
    return prepared(pattern)
  }

  /// fontconfig's best match for `pattern`, after its substitutions.
  private static func prepared(_ pattern: OpaquePointer) -> OpaquePointer? {
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    return FcFontMatch(nil, pattern, &result)
  }

  private static func add(_ pattern: OpaquePointer, _ key: String, _ value: String) {
    _ = value.withCString { p in
      p.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) { FcPatternAddString(pattern, key, $0) }
    }
  }

  private static func string(_ pattern: OpaquePointer, _ key: String, _ index: Int32 = 0) -> String? {
    var value: UnsafeMutablePointer<FcChar8>? = nil
    guard FcPatternGetString(pattern, key, index, &value) == FcResultMatch, let v = value else { return nil }
    return v.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
  }

  private static func families(_ pattern: OpaquePointer) -> [String] {
    var out: [String] = []
    var i: Int32 = 0
    while let name = string(pattern, "family", i), i < 16 {
      out.append(name)
      i += 1
    }
    return out
  }

  /// Names compare without case, spaces and hyphens ("Open Sans" matches "OpenSans").
  private static func sameName(_ a: String, _ b: String) -> Bool {
    func key(_ s: String) -> String { s.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" } }
    return key(a) == key(b)
  }
}
