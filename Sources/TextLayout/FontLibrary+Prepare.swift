import CHarfBuzz
import Foundation
import Lottie

/// The fonts prepared for one animation (to hand to its renderers) and what preparing them found.
public struct PreparedFonts: Sendable {
  /// The set the animation's text is drawn with: the system's fonts and those it brought.
  public let fonts: FontSet
  /// Fonts that could not be added or are missing, text that needed a fallback font or cannot be drawn.
  public let diagnostics: [Diagnostic]
}

extension FontLibrary {
  /// Gives an animation the fonts it brings along, for it alone (a ``FontSet`` its renderers draw with:
  /// the pipeline hands it to them beside the images), and checks its text against them and the installed
  /// fonts. The diagnostics name fonts that could not be added or are missing, and text that needed a
  /// fallback font or cannot be drawn at all (with the characters and the document's JSON path).
  ///
  /// - `directories`: folders of fonts to add first (`--fonts DIR`).
  /// - `embedded`: font files by name (the `fonts/` folder of a `.lottie` archive).
  /// - `baseDirectory`: where relative `fPath` files are looked up (the animation's folder).
  /// - `allowExternalPaths`: read `fPath` files anywhere (absolute paths, `..`), for trusted files only. By
  ///   default a file's fonts come only from inside `baseDirectory` or `directories`: a hostile file must
  ///   not make us read other files (another customer's upload), nor tell which exist.
  ///
  /// Font data (archive fonts, `fPath` data URIs and files) is written, once per content, to a private
  /// folder, because fontconfig reads fonts from files; animations that bring the same fonts (the rows of a
  /// `--data` run) share one set.
  public static func prepare(
    _ animation: Animation, directories: [String] = [], embedded: [String: [UInt8]] = [:],
    baseDirectory: String? = nil, file: String? = nil, allowExternalPaths: Bool = false
  ) -> PreparedFonts {
    var notes: [Diagnostic] = []
    func note(_ message: String, _ path: JSONPath = .root, _ severity: Severity = .warning) {
      notes.append(Diagnostic(severity: severity, file: file, path: path, message: message))
    }
    // 1. The font files the animation brings, with the note for each one fontconfig turns out not to read
    //    (known once the set is made), in the order the notes are given.
    var files: [String] = []
    var pending: [(unless: String?, message: String, path: JSONPath)] = []
    func add(_ file: String?, orSay message: String, _ path: JSONPath = .root) {
      guard let file else {
        pending.append((nil, message, path))
        return
      }
      if !files.contains(file) { files.append(file) }
      pending.append((file, message, path))
    }
    for directory in directories {
      guard let found = fontFiles(in: directory) else {
        pending.append((nil, "font folder '\(directory)' could not be read", .root))
        continue
      }
      for path in found where !files.contains(path) { files.append(path) }
    }
    for (name, bytes) in embedded.sorted(by: { $0.key < $1.key }) {
      add(writeFontData(bytes, name: name), orSay: "embedded font '\(name)' is not a font fontconfig can read; ignored")
    }
    let fontsPath = JSONPath.root.appending("fonts").appending("list")
    let roots = ([baseDirectory ?? "."] + directories).compactMap(realPath)
    for font in animation.fonts.values.sorted(by: { $0.name < $1.name }) {
      guard let location = font.location, usedWithoutGlyphs(font.name, in: animation) else { continue }
      if location.hasPrefix("data:") {
        let data = location.firstIndex(of: ",").flatMap {
          Data(base64Encoded: String(location[location.index(after: $0)...]), options: .ignoreUnknownCharacters)
        }
        add(
          data.flatMap { writeFontData([UInt8]($0), name: font.name) },
          orSay: "font '\(font.name)' has font data ('fPath') that could not be read", fontsPath)
      } else if !location.contains("://") {
        // An archive's own font files were added above; `fPath` often names one of them.
        if embedded.keys.contains(where: { $0 == location || $0.hasSuffix("/" + location) }) { continue }
        let path =
          location.hasPrefix("/") ? location : ((baseDirectory ?? ".") as NSString).appendingPathComponent(location)
        let resolved = realPath(path)
        let inside =
          resolved.map { r in roots.contains { r == $0 || r.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") } } ?? false
        if !allowExternalPaths && (location.hasPrefix("/") || !inside) {
          // One message whether the file exists or not.
          note(
            "font '\(font.name)': 'fPath' points outside the animation's folder and the font folders; not read",
            fontsPath)
          continue
        }
        guard let resolved else { continue }  // Missing: the font-not-found note below says what is drawn.
        // The bytes read and checked are what fontconfig gets (a copy), not whatever the name points to later.
        switch RegularFile.read(resolved, maxBytes: maxFontFileBytes) {
        case .success(let bytes):
          add(
            writeFontData([UInt8](bytes), name: (resolved as NSString).lastPathComponent),
            orSay: "font file '\(location)' for font '\(font.name)' is not a font fontconfig can read", fontsPath)
        case .failure(let reason):
          let ending = reason.message == "could not be opened" ? "" : "; not read"
          note("font file '\(location)' for font '\(font.name)' \(reason.message)\(ending)", fontsPath)
        }
      }
      // Remote URLs (CSS or font files) are not downloaded: the font must be installed or given with --fonts.
    }
    // 2. The animation's own font set (shared with any animation that brings the same files).
    let set = FontSet.make(files: files)
    let failed = pending.filter { $0.unless.map(set.unreadable.contains) ?? true }
    notes = failed.map { Diagnostic(severity: .warning, file: file, path: $0.path, message: $0.message) } + notes
    // Every font a text layer draws with the system's fonts, and what its text needs beyond it.
    for name in fontNamesUsedWithoutGlyphs(animation) {
      let font = animation.fonts[name]
      let choice = set.choice(family: font?.family ?? name, style: font?.style ?? "", postScriptName: name)
      if !choice.isExact {
        let family = font?.family ?? name
        let style = font?.style ?? ""
        let wanted = style.isEmpty || family.localizedCaseInsensitiveContains(style) ? family : "\(family) \(style)"
        note("font '\(wanted)' not found; drawn with \(choice.faceName)", fontsPath)
      }
    }
    func check(_ layers: [Layer]) {
      for layer in layers {
        guard case .text(let text) = layer.content else { continue }
        notes += coverageNotes(text, layerPath: layer.path, in: animation, fonts: set, file: file)
      }
    }
    check(animation.layers)
    for id in animation.precomps.keys.sorted() { check(animation.precomps[id] ?? []) }
    return PreparedFonts(fonts: set, diagnostics: notes)
  }

  // MARK: - Coverage

  /// What a text layer's documents need beyond their font: characters without outlines in `chars` (drawn
  /// with a system font), characters drawn with a fallback font (by font), and characters no installed font
  /// has. One note per kind and layer, at the first document that needs it.
  private static func coverageNotes(
    _ text: TextLayer, layerPath: JSONPath, in animation: Animation, fonts: FontSet, file: String?
  ) -> [Diagnostic] {
    var withoutOutlines: [String] = []
    var fallbacks: [(font: String, characters: [String])] = []
    var undrawable: [String] = []
    var uncoloured: [(font: String, format: String, characters: [String])] = []
    var paths: [String: JSONPath] = [:]
    var primaryName = ""
    // What the lists hold, looked up in sets: a text of many distinct characters (a 10 MB text value, or a
    // --data cell) would make list lookups quadratic.
    var listed = Set<String>()
    for (k, d) in text.document.allValues.enumerated() {
      let path = layerPath.appending("t").appending("d").appending("k").appending(k).appending("s").appending("t")
      let font = animation.fonts[d.fontName]
      let family = font?.family ?? d.fontName, style = font?.style ?? ""
      let content = d.allCaps ? d.text.uppercased() : d.text
      let usesChars = hasGlyphs(d.fontName, in: animation)
      var system: [Character] = []
      // Each character once: the fonts are asked about the distinct characters, not every one.
      var seen = Set<Character>()
      for g in content where !["\r", "\n", "\r\n", "\u{3}", " "].contains(g) {
        guard seen.insert(g).inserted, !g.unicodeScalars.allSatisfy(FontChoice.isIgnorable) else { continue }
        if usesChars {
          guard animation.glyphs[GlyphKey(character: String(g), family: family, style: style)] == nil else { continue }
          if listed.insert("chars\u{0}" + String(g)).inserted { withoutOutlines.append(String(g)) }
          paths["chars"] = paths["chars"] ?? path
        }
        system.append(g)
      }
      guard !system.isEmpty else { continue }
      let choice = fonts.choice(family: family, style: style, postScriptName: d.fontName)
      primaryName = choice.familyName
      let found = fontconfig.withLock { _ in system.map { (String($0), choice.font(for: $0)) } }
      for (g, f) in found {
        guard let f else {
          if listed.insert("none\u{0}" + g).inserted { undrawable.append(g) }
          paths["none"] = paths["none"] ?? path
          continue
        }
        if let undrawn = UndrawnColourGlyphs.of(f.file), undrawn.affects(Character(g)) {
          let name = f.file.family
          if let i = uncoloured.firstIndex(where: { $0.font == name }) {
            if listed.insert("colour\u{0}\(name)\u{0}" + g).inserted { uncoloured[i].characters.append(g) }
          } else {
            uncoloured.append((name, undrawn.format, [g]))
            listed.insert("colour\u{0}\(name)\u{0}" + g)
            paths["colour " + name] = path
          }
        }
        guard f.file != choice.primary?.file else { continue }
        let name = f.file.family
        if let i = fallbacks.firstIndex(where: { $0.font == name }) {
          if listed.insert("fallback\u{0}\(name)\u{0}" + g).inserted { fallbacks[i].characters.append(g) }
        } else {
          fallbacks.append((name, [g]))
          listed.insert("fallback\u{0}\(name)\u{0}" + g)
          paths[name] = path
        }
      }
    }
    func list(_ characters: [String]) -> String {
      let shown = characters.prefix(20).map { "'\($0)'" }.joined(separator: " ")
      return characters.count > 20 ? shown + " and \(characters.count - 20) more" : shown
    }
    var notes: [Diagnostic] = []
    if !withoutOutlines.isEmpty {
      notes.append(
        Diagnostic(
          severity: .warning, file: file, path: layerPath,
          message: "characters \(list(withoutOutlines)) have no outlines in 'chars'; drawn with a system font"))
    }
    for (font, characters) in fallbacks {
      notes.append(
        Diagnostic(
          severity: .info, file: file, path: paths[font] ?? layerPath,
          message: "characters \(list(characters)) are not in \(primaryName); drawn with \(font)"))
    }
    for (font, format, characters) in uncoloured {
      notes.append(
        Diagnostic(
          severity: .warning, file: file, path: paths["colour " + font] ?? layerPath,
          message:
            "characters \(list(characters)) have colour glyphs in \(font) in a format not supported (\(format)); drawn as plain outlines, which may be blank"
        ))
    }
    if !undrawable.isEmpty {
      notes.append(
        Diagnostic(
          severity: .warning, file: file, path: paths["none"] ?? layerPath,
          message: "characters \(list(undrawable)) cannot be drawn: no installed font has them"))
    }
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

  // MARK: - Files

  /// The absolute path with symbolic links resolved; nil when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
