import Foundation
import Lottie
import VideoEncoding

/// A failure to load a preset file; printed as "Error: <file>: <message>", exit 1.
struct PresetError: Error, CustomStringConvertible, Equatable {
  let description: String
}

/// Export settings for a destination (a platform or a format), read from a JSON file in `presets/`.
///
/// A preset's keys are option names in camel case (`codecPreset` for `--codec-preset`, see
/// ``OptionSpec/presetKey``), and each value is parsed and range-checked by that option's own parser, so a
/// preset can set exactly what the option table lets it (`preset: true`), plus the keys for presets alone
/// (``OptionTable/presetOptions``: `description`, `maxFps`, `maxBytes`, ...). The values are a layer of
/// defaults under the command line's (``ParsedArguments/layering(_:)``); the schema in `presets/README.md`
/// is generated from the table (`lottie2video presets --schema`). Every key is optional; unknown keys are
/// errors naming the file and the key.
struct Preset: Sendable {
  /// The file's name without `.json`.
  var name: String
  var file: String
  /// Each option's value by canonical name, as its parser makes it (the `format` key aside).
  var values: [String: [any Sendable]] = [:]
  /// The keys given and their values as written, in the schema's order (what `presets` shows).
  var entries: [(key: String, text: String)] = []
  /// The output the preset is for: checked against `-o`'s extension, and a batch's outputs take it. It is not
  /// a default for `--format`, which names a container when the output's name does not.
  var format: OutputFormat?

  /// The value the preset gives `option`.
  subscript<Value>(option: Option<Value>) -> Value? { values[option.spec.name]?.last as? Value }

  /// Whether the preset sets `flag`.
  subscript(flag: Flag) -> Bool { values[flag.spec.name] != nil }

  /// What it is for (`description`).
  var description: String? { self[OptionTable.description] }

  /// One line saying what this preset sets: its keys and values in the schema's order.
  var summary: String {
    entries.filter { $0.key != OptionTable.description.spec.presetKey }.map { "\($0.key) \($0.text)" }
      .joined(separator: ", ")
  }

  /// Loads and validates `path`; the preset's name is the file name without `.json`.
  static func load(path: String) throws(PresetError) -> Preset {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PresetError(description: "\(path): cannot read the preset file")
    }
    let object: [String: PresetJSONValue]
    do {
      object = try JSONDecoder().decode([String: PresetJSONValue].self, from: data)
    } catch DecodingError.typeMismatch {
      throw PresetError(description: "\(path): expected a JSON object")
    } catch {
      throw PresetError(description: "\(path): not valid JSON")
    }
    return try parse(object, name: PathName.stem(of: path), file: path)
  }

  /// Reads a decoded preset object through the option table; errors name `file` and the key.
  static func parse(_ object: [String: PresetJSONValue], name: String, file: String) throws(PresetError) -> Preset {
    func fail(_ key: String, _ message: String) -> PresetError {
      PresetError(description: "\(file): key '\(key)': \(message)")
    }
    let specs = OptionTable.presetOptions
    let keys = specs.compactMap(\.presetKey)
    for key in object.keys.sorted() where !keys.contains(key) {
      throw PresetError(description: "\(file): unknown key '\(key)' (known keys: \(keys.joined(separator: ", ")))")
    }
    var preset = Preset(name: name, file: file)
    for spec in specs {
      guard let key = spec.presetKey, let value = object[key] else { continue }
      // 1. The JSON value as the text the option's parser reads.
      let text: String
      switch (spec.presetValue, value) {
      case (.boolean, .bool(let flag)):
        preset.entries.append((key, String(flag)))
        // A flag set to false is a flag not given.
        if flag { preset.values[spec.name] = [true] }
        continue
      case (.boolean, _): throw fail(key, "expected true or false")
      case (.integer, .number(let n)):
        guard n == n.rounded(), abs(n) < 1e15 else { throw fail(key, "expected an integer") }
        text = String(Int(n))  // int-audit: safe: a whole number below 1e15, checked above
      case (.integer, _): throw fail(key, "expected an integer")
      case (.number, .number(let n)): text = ValueParser.format(n)
      case (.number, _): throw fail(key, "expected a number")
      case (.string, .string(let string)): text = string
      case (.string, _): throw fail(key, "expected a string")
      case (.rate, .string(let string)): text = string
      case (.rate, .number(let n)): text = ValueParser.format(n)
      case (.rate, _): throw fail(key, "expected bits per second: \(spec.valuesText)")
      }
      // 2. A file is relative to the preset's folder, so that a preset and its jingle travel together.
      var argument = text
      if case .file = spec.completion {
        guard !text.isEmpty else { throw fail(key, "expected the path of a sound file") }
        let folder = PathName.folder(of: file)
        if !text.hasPrefix("/") && !folder.isEmpty { argument = folder + "/" + text }
      }
      // 3. Parsed and checked as the option is on the command line.
      let parsed: any Sendable
      do {
        parsed = try spec.parse(argument)
      } catch {
        throw fail(key, "the value '\(text)' is invalid" + (error.reason.map { ": \($0)" } ?? ""))
      }
      preset.entries.append((key, value.text))
      if spec == OptionTable.format.spec {
        preset.format = parsed as? OutputFormat
      } else {
        preset.values[spec.name] = [parsed]
      }
    }
    try preset.checkCombinations(fail)
    return preset
  }

  /// What one key cannot check alone: the size budget's bounds need the budget, the soundtrack's placement
  /// the soundtrack, the codec the format, and x264's CRF range.
  func checkCombinations(_ fail: (String, String) -> PresetError) throws(PresetError) {
    let key = { (option: OptionSpec) in option.presetKey ?? option.name }
    if self[OptionTable.maxBytes] == nil, self[OptionTable.minFps] != nil || self[OptionTable.minScale] != nil {
      throw fail(
        key(self[OptionTable.minFps] != nil ? OptionTable.minFps.spec : OptionTable.minScale.spec),
        "bounds what the size budget may change; set 'maxBytes' too")
    }
    if self[OptionTable.audio] == nil, self[OptionTable.audioOffset] != nil || self[OptionTable.audioLoop] {
      throw fail(
        key(self[OptionTable.audioOffset] != nil ? OptionTable.audioOffset.spec : OptionTable.audioLoop.spec),
        "places the preset's 'audio' file; set 'audio' too")
    }
    let codec = self[OptionTable.codec]
    if let codec, let format, !format.codecs.contains(codec) {
      let written = entries.first { $0.key == key(OptionTable.codec.spec) }?.text ?? codec.rawValue
      throw fail(key(OptionTable.codec.spec), "'\(written)' cannot go in a .\(format.optionName) file")
    }
    if let crf = self[OptionTable.crf], crf > 51, let used = codec ?? format?.defaultCodec(alpha: true),
      used == .h264 || used == .h265
    {
      throw fail(key(OptionTable.crf.spec), "\(used.rawValue) takes 0 to 51 (VP9 and AV1 take 0 to 63)")
    }
  }

  // MARK: - Finding presets

  /// Folders searched for named presets, in order: `$L2V_PRESETS`, then `presets/` next to the executable's
  /// package (`.build/release/lottie2video` → `../../presets`, also through the `.build/<triple>/release`
  /// real path; only for a binary under `.build/`), then `../share/lottie2video/presets` for an installed binary,
  /// then the Debian package's `/usr/share/lottie2video/presets` (a binary run through a link or copied elsewhere).
  static func directories() -> [String] {
    var result: [String] = []
    if let env = ProcessInfo.processInfo.environment["L2V_PRESETS"], !env.isEmpty { result.append(env) }
    var executables: [String] = []
    if let argv0 = CommandLine.arguments.first, argv0.contains("/") {
      executables.append(
        argv0.hasPrefix("/") ? argv0 : FileManager.default.currentDirectoryPath + "/" + argv0)
    }
    if let real = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      executables.append(real)
    }
    for exe in executables {
      let dir = URL(fileURLWithPath: exe).deletingLastPathComponent().standardized
      // The repository's presets only for a binary SwiftPM built (`.build/<triple>/debug/`, or `.build/debug`
      // through its link): an installed /usr/local/bin/lottie2video must not look in /usr/presets or /presets.
      let inBuildFolder = dir.path.contains("/.build/")
      let repository =
        inBuildFolder
        ? [dir.appendingPathComponent("../../presets"), dir.appendingPathComponent("../../../presets")] : []
      for candidate in repository + [dir.appendingPathComponent("../share/lottie2video/presets")] {
        let path = candidate.standardized.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
          !result.contains(path)
        {
          result.append(path)
        }
      }
    }
    let packaged = "/usr/share/lottie2video/presets"
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: packaged, isDirectory: &isDirectory), isDirectory.boolValue,
      !result.contains(packaged)
    {
      result.append(packaged)
    }
    return result
  }

  /// The preset files by name, the first folder that has a name winning.
  static func available() -> [(name: String, path: String)] {
    var seen: Set<String> = []
    var result: [(String, String)] = []
    for directory in directories() {
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
      for file in names where file.hasSuffix(".json") && !file.hasPrefix(".") {
        let name = String(file.dropLast(5))
        if seen.insert(name).inserted { result.append((name, directory + "/" + file)) }
      }
    }
    return result.sorted { $0.0 < $1.0 }
  }

  /// `value` as given to `--preset`: a path when it contains `/` or ends in `.json`, else a name.
  static func resolve(_ value: String, command: String?) throws -> Preset {
    if value.contains("/") || value.hasSuffix(".json") {
      guard FileManager.default.fileExists(atPath: value) else {
        throw UsageError(message: "The preset file '\(value)' does not exist", command: command)
      }
      return try load(path: value)
    }
    let all = available()
    guard let found = all.first(where: { $0.name == value }) else {
      let list = all.isEmpty ? "none found (set L2V_PRESETS)" : all.map(\.name).joined(separator: ", ")
      throw UsageError(message: "Unknown preset '\(value)'; available: \(list)", command: command)
    }
    return try load(path: found.path)
  }
}

/// A value of a preset file's JSON object, decoded before the option table reads it.
enum PresetJSONValue: Decodable, Sendable {
  case bool(Bool)
  case number(Double)
  case string(String)
  /// An array, an object or null: no option takes one.
  case other

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else {
      self = .other
    }
  }

  /// The value as the file writes it, for `presets`.
  var text: String {
    switch self {
    case .bool(let flag): String(flag)
    case .number(let n): ValueParser.format(n)
    case .string(let string): string
    case .other: "?"
    }
  }
}
