import Foundation
import Lottie
import VideoEncoding

/// A failure to load a preset file; printed as "Error: <file>: <message>", exit 1.
struct PresetError: Error, CustomStringConvertible, Equatable {
  let description: String
}

/// Export settings for a destination (a platform or a format), read from a JSON file in `presets/`.
/// The schema is in `presets/README.md`: every key is optional, unknown keys are errors.
struct Preset: Equatable {
  var name: String
  var file: String
  var description: String?
  var format: String?
  var width: Int?
  var height: Int?
  var fps: Double?
  var maxFps: Double?
  var maxDuration: Double?
  var background: String?
  var fit: String?
  var padding: Int?
  var codec: String?
  var crf: Int?
  var codecPreset: String?
  var bitrate: Int?
  var pixelFormat: String?
  var quality: Int?
  var lossless: Bool?
  var loop: Int?
  var dither: String?
  var gifPalette: String?
  var maxBytes: Int?
  /// How far the size budget may lower the frame rate and shrink the picture.
  var minFps: Double?
  var minScale: Double?
  /// A soundtrack, resolved against the preset file's folder when relative.
  var audio: String?
  var audioOffset: Double?
  var audioLoop: Bool?
  var noAudio: Bool?
  var audioBitrate: Int?

  static let keys: [String] = [
    "description", "format", "width", "height", "fps", "maxFps", "maxDuration", "background", "fit", "padding",
    "codec", "crf", "codecPreset", "bitrate", "pixFmt", "quality", "lossless", "loop", "dither", "gifPalette",
    "maxBytes",
    "minFps", "minScale",
    "audio", "audioOffset", "audioLoop", "noAudio", "audioBitrate",
  ]
  static let formats = ["mp4", "m4v", "mov", "webm", "gif", "webp", "apng", "png", "y4m"]
  static let codecs = [
    "h264", "h265", "hevc", "vp9", "av1", "prores", "prores-4444", "prores-hq", "gif", "webp", "apng",
  ]
  static let dithers = ["sierra2_4a", "bayer", "none"]

  /// Loads and validates `path`; `name` is the preset's name (the file name without `.json`).
  static func load(path: String) throws(PresetError) -> Preset {
    let name = PathName.stem(of: path)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PresetError(description: "\(path): cannot read the preset file")
    }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw PresetError(description: "\(path): not valid JSON")
    }
    guard let dict = object as? [String: Any] else {
      throw PresetError(description: "\(path): expected a JSON object")
    }
    return try parse(dict, name: name, file: path)
  }

  /// Validates a decoded preset object; errors name `file` and the key.
  static func parse(_ dict: [String: Any], name: String, file: String) throws(PresetError) -> Preset {
    func fail(_ key: String, _ message: String) -> PresetError {
      PresetError(description: "\(file): key '\(key)': \(message)")
    }
    for key in dict.keys.sorted() where !keys.contains(key) {
      throw PresetError(description: "\(file): unknown key '\(key)' (known keys: \(keys.joined(separator: ", ")))")
    }
    func number(_ key: String, _ range: ClosedRange<Double>) throws(PresetError) -> Double? {
      guard let value = dict[key] else { return nil }
      guard let n = value as? NSNumber, !Preset.isBoolean(n), n.doubleValue.isFinite else {
        throw fail(key, "expected a number")
      }
      guard range.contains(n.doubleValue) else {
        throw fail(key, "must be between \(g(range.lowerBound)) and \(g(range.upperBound))")
      }
      return n.doubleValue
    }
    func integer(_ key: String, _ range: ClosedRange<Int>) throws(PresetError) -> Int? {
      guard let value = dict[key] else { return nil }
      guard let n = value as? NSNumber, !Preset.isBoolean(n), n.doubleValue == n.doubleValue.rounded(),
        abs(n.doubleValue) < 1e15
      else { throw fail(key, "expected an integer") }
      guard range.contains(n.intValue) else {
        throw fail(key, "must be between \(range.lowerBound) and \(range.upperBound)")
      }
      return n.intValue
    }
    func string(_ key: String, oneOf choices: [String]? = nil) throws(PresetError) -> String? {
      guard let value = dict[key] else { return nil }
      guard let s = value as? String else { throw fail(key, "expected a string") }
      if let choices, !choices.contains(s) {
        throw fail(key, "'\(s)' is not one of \(choices.joined(separator: ", "))")
      }
      return s
    }
    var p = Preset(name: name, file: file)
    p.description = try string("description")
    p.format = try string("format", oneOf: formats)
    p.width = try integer("width", 1...16384)
    p.height = try integer("height", 1...16384)
    p.fps = try number("fps", 0.1...240)
    p.maxFps = try number("maxFps", 0.1...240)
    p.maxDuration = try number("maxDuration", 0.01...86400)
    p.background = try string("background")
    if let bg = p.background, ColorParser.parse(bg) == nil {
      throw fail("background", "'\(bg)' is not a colour (use #RRGGBB, #RRGGBBAA, a CSS colour name or 'transparent')")
    }
    p.fit = try string("fit", oneOf: ["contain", "cover", "fill"])
    p.padding = try integer("padding", 0...4096)
    p.codec = try string("codec", oneOf: codecs)
    p.crf = try integer("crf", 0...63)
    p.codecPreset = try string("codecPreset", oneOf: EncoderSettings.x264Presets)
    /// "800k", "5M", or a number of bits per second, read by `parse`.
    func rate(_ key: String, _ parse: (String) -> Int?, expected: String) throws(PresetError) -> Int? {
      guard let value = dict[key] else { return nil }
      let text = (value as? String) ?? ((value as? NSNumber).flatMap { Preset.isBoolean($0) ? nil : g($0.doubleValue) })
      guard let text, let rate = parse(text) else { throw fail(key, "expected bits per second from \(expected)") }
      return rate
    }
    p.bitrate = try rate("bitrate", OptionTable.parseBitrate, expected: "1000 to 2e9, e.g. \"800k\", \"5M\" or 800000")
    p.pixelFormat = try string("pixFmt", oneOf: ChromaFormat.allCases.map(\.rawValue))
    p.quality = try integer("quality", 0...100)
    func boolean(_ key: String) throws(PresetError) -> Bool? {
      guard let value = dict[key] else { return nil }
      guard let n = value as? NSNumber, Preset.isBoolean(n) else { throw fail(key, "expected true or false") }
      return n.boolValue
    }
    p.lossless = try boolean("lossless")
    p.loop = try integer("loop", -1...65535)
    p.dither = try string("dither", oneOf: dithers)
    p.gifPalette = try string("gifPalette", oneOf: GIFOptions.Palette.allCases.map(\.rawValue))
    p.maxBytes = try integer("maxBytes", 1...Int(Int32.max))
    p.minFps = try number("minFps", 0.1...240)
    p.minScale = try number("minScale", 0.05...1)
    if p.maxBytes == nil, p.minFps != nil || p.minScale != nil {
      throw fail(p.minFps != nil ? "minFps" : "minScale", "bounds what the size budget may change; set 'maxBytes' too")
    }
    if let audio = try string("audio") {
      guard !audio.isEmpty else { throw fail("audio", "expected the path of a sound file") }
      // Relative to the preset file, so that a preset and its jingle travel together.
      let folder = PathName.folder(of: file)
      p.audio = audio.hasPrefix("/") || folder.isEmpty ? audio : folder + "/" + audio
    }
    p.audioOffset = try number("audioOffset", -86400...86400)
    p.audioLoop = try boolean("audioLoop")
    p.noAudio = try boolean("noAudio")
    p.audioBitrate = try rate(
      "audioBitrate", OptionTable.parseAudioBitrate, expected: "8000 to 512000, e.g. \"96k\" or 128000")
    if p.audio == nil, p.audioOffset != nil || p.audioLoop != nil {
      throw fail(
        p.audioOffset != nil ? "audioOffset" : "audioLoop", "places the preset's 'audio' file; set 'audio' too")
    }
    let format = p.format.flatMap { OutputFormat(rawValue: $0 == "png" ? "pngSequence" : $0) }
    if let codec = p.codec, let format, let c = codecByName[codec], !format.codecs.contains(c) {
      throw fail("codec", "'\(codec)' cannot go in a .\(p.format ?? "") file")
    }
    if let crf = p.crf, crf > 51, let codec = p.codec.flatMap({ codecByName[$0] }) ?? format?.defaultCodec(alpha: true),
      codec == .h264 || codec == .h265
    {
      throw fail("crf", "\(codec.rawValue) takes 0 to 51 (VP9 and AV1 take 0 to 63)")
    }
    return p
  }

  static var codecByName: [String: VideoCodec] { OptionTable.codecNames }

  /// One line saying what this preset sets, in schema order.
  var summary: String {
    var parts: [String] = []
    if let format { parts.append(".\(format)") }
    if let width, let height {
      parts.append("\(width)x\(height)")
    } else {
      if let width { parts.append("width \(width)") }
      if let height { parts.append("height \(height)") }
    }
    if let fps { parts.append("\(Preset.g(fps)) fps") }
    if let maxFps { parts.append("fps <= \(Preset.g(maxFps))") }
    if let maxDuration { parts.append("<= \(Preset.g(maxDuration)) s") }
    if let codec { parts.append(codec) }
    if let crf { parts.append("crf \(crf)") }
    if let codecPreset { parts.append("codec preset \(codecPreset)") }
    if let bitrate { parts.append("\(bitrate) bit/s") }
    if let pixelFormat { parts.append(pixelFormat) }
    if let quality { parts.append("quality \(quality)") }
    if lossless == true { parts.append("lossless") }
    if let background { parts.append("background \(background)") }
    if let fit { parts.append("fit \(fit)") }
    if let padding { parts.append("padding \(padding)") }
    if let loop { parts.append("loop \(loop)") }
    if let dither { parts.append("dither \(dither)") }
    if let gifPalette { parts.append("\(gifPalette) palette") }
    if let maxBytes {
      var budget = "<= \(maxBytes) bytes"
      if let minScale {
        budget += minScale >= 1 ? " at this size" : ", down to \(Preset.g(minScale * 100))% a side to fit"
      }
      if let minFps { budget += ", fps >= \(Preset.g(minFps)) to fit" }
      parts.append(budget)
    }
    if let audio {
      var sound = "sound \(PathName.fileName(of: audio))"
      if let audioOffset { sound += " from \(Preset.g(audioOffset)) s" }
      if audioLoop == true { sound += ", looped" }
      parts.append(sound)
    }
    if noAudio == true { parts.append("no animation sound") }
    if let audioBitrate { parts.append("audio \(audioBitrate) bit/s") }
    return parts.joined(separator: ", ")
  }

  /// JSON `true`/`false` also decode as NSNumber; they are not numbers here.
  static func isBoolean(_ n: NSNumber) -> Bool { String(cString: n.objCType) == "c" }

  static func g(_ d: Double) -> String { d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d) }  // int-audit: safe: a whole number below 1e15 (NaN and infinities fail the test)

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
