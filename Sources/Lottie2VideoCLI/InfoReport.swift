import Foundation
import Lottie
import LottieArchive
import LottieScene
import Pipeline

/// What `lottie2video info` prints: aligned text, or with `--json` one JSON document.
enum InfoReport {
  /// Layer counts by kind ("shape", "precomp", ...), precomps included.
  static func layerCounts(_ a: Animation) -> [String: Int] {
    var counts: [String: Int] = [:]
    for layer in a.layers + a.precomps.values.flatMap({ $0 }) {
      let kind: String
      switch layer.content {
      case .precomp: kind = "precomp"
      case .solid: kind = "solid"
      case .image: kind = "image"
      case .null: kind = "null"
      case .shapes: kind = "shape"
      case .text: kind = "text"
      case .other(let type): kind = otherLayerNames[type] ?? "type \(type)"
      }
      counts[kind, default: 0] += 1
    }
    return counts
  }

  /// The layer types the model keeps as `.other`, named as lottie-docs names them.
  static let otherLayerNames: [Int: String] = [
    6: "audio", 7: "video placeholder", 8: "image sequence", 9: "video", 10: "image placeholder", 11: "guide",
    12: "adjustment", 13: "camera", 14: "light", 15: "data",
  ]

  /// Where a sound asset's audio comes from, as an export would find it (not decoded).
  struct Sound {
    enum Source: String { case embedded, archive, file, missing, refused }
    var id: String
    var source: Source
    /// The file found, or why none was read.
    var detail: String?
  }

  /// The animation's sound assets, sorted by id: a data URI, a file in the archive, a file through the same
  /// sandbox as an export (the animation's folder or `assets`), or missing / refused.
  static func sounds(_ loaded: LoadedAnimation, assets: String?, allowsExternalPaths: Bool) -> [Sound] {
    let options = AudioOptions(for: loaded, assets: assets)
    let sandbox = ReferenceSandbox(base: options.assetsDirectory ?? "", allowsExternalPaths: allowsExternalPaths)
    return loaded.animation.sounds.values.sorted { $0.id < $1.id }.map { asset in
      if options.embeddedSounds[asset.id] != nil { return Sound(id: asset.id, source: .archive) }
      if asset.isEmbedded || asset.fileName.hasPrefix("data:") { return Sound(id: asset.id, source: .embedded) }
      switch sandbox.resolve(directory: asset.directory, fileName: asset.fileName) {
      case .success(let path): return Sound(id: asset.id, source: .file, detail: path)
      case .failure(let refusal):
        if case .missing = refusal { return Sound(id: asset.id, source: .missing, detail: refusal.description) }
        return Sound(id: asset.id, source: .refused, detail: refusal.description)
      }
    }
  }

  /// "3 (2 embedded, 1 missing: s1)", or "none".
  static func soundLine(_ sounds: [Sound]) -> String {
    guard !sounds.isEmpty else { return "none" }
    let sources: [(Sound.Source, String)] = [
      (.embedded, "embedded"), (.archive, "in the archive"), (.file, "file"), (.missing, "missing"),
      (.refused, "refused"),
    ]
    let parts = sources.compactMap { source, name -> String? in
      let ids = sounds.filter { $0.source == source }.map(\.id)
      guard !ids.isEmpty else { return nil }
      let plural = source == .file && ids.count > 1 ? "files" : name
      return "\(ids.count) \(plural)"
        + (source == .missing || source == .refused ? ": " + ids.joined(separator: ", ") : "")
    }
    return "\(sounds.count) (\(parts.joined(separator: ", ")))"
  }

  static func text(_ loaded: LoadedAnimation, file: String, parseSeconds: Double, sounds: [Sound] = []) -> String {
    let a = loaded.animation
    let counts = layerCounts(a)
    let total = counts.values.reduce(0, +)
    let layerList = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    var lines = [
      "file:        \(file)",
      "format:      \(formatName(loaded.format))",
    ]
    if loaded.format == .dotLottie {
      let animations = loaded.availableAnimations.map { $0 == loaded.animationID ? "\($0) (shown)" : $0 }
      lines.append("animations:  \(animations.joined(separator: ", "))")
      let themes = loaded.availableThemes.map { $0 == loaded.themeID ? "\($0) (applied)" : $0 }
      lines.append("themes:      \(themes.isEmpty ? "none" : themes.joined(separator: ", "))")
    }
    lines += [
      "name:        \(a.name.isEmpty ? "-" : a.name)",
      "version:     \(a.version.isEmpty ? "-" : a.version)",
      "size:        \(fmt(a.width))x\(fmt(a.height))",
      "frame rate:  \(fmt(a.frameRate)) fps",
      "frames:      \(fmt(a.frameCount)) (ip \(fmt(a.inPoint)), op \(fmt(a.outPoint)))",
      String(format: "duration:    %.3f s", a.duration),
      "layers:      \(total) (\(layerList.isEmpty ? "none" : layerList))",
      "root layers: \(a.layers.count)",
      "precomps:    \(a.precomps.count)",
      "images:      \(a.images.count)",
      "sounds:      \(soundLine(sounds))",
      "markers:     \(a.markers.isEmpty ? "none" : a.markers.map { "\($0.name)@\(fmt($0.frame))+\(fmt($0.duration))" }.joined(separator: ", "))",
      String(format: "parsed in:   %.1f ms", parseSeconds * 1000),
      "diagnostics: \(a.diagnostics.count)",
    ]
    for d in a.diagnostics { lines.append("  \(d.path): \(d.severity.rawValue): \(d.message)") }
    return lines.joined(separator: "\n")
  }

  /// The same facts as one JSON object (keys sorted), with the keypaths when they were listed and each
  /// expression's outcome.
  static func json(
    _ loaded: LoadedAnimation, file: String, parseSeconds: Double, keypaths: Bool, sounds: [Sound] = [],
    expressions: [ExpressionReport.Outcome] = []
  ) -> String {
    let a = loaded.animation
    var object: [String: Any] = [
      "file": file, "format": loaded.format.rawValue, "name": a.name, "version": a.version, "width": a.width,
      "height": a.height, "frameRate": a.frameRate, "inPoint": a.inPoint, "outPoint": a.outPoint,
      "frames": a.frameCount, "duration": a.duration, "layers": layerCounts(a), "rootLayers": a.layers.count,
      "precomps": a.precomps.count, "images": a.images.count,
      "sounds": sounds.map { sound -> [String: Any] in
        var entry: [String: Any] = ["id": sound.id, "source": sound.source.rawValue]
        if let detail = sound.detail { entry[sound.source == .file ? "path" : "problem"] = detail }
        return entry
      },
      "markers": a.markers.map { ["name": $0.name, "frame": $0.frame, "duration": $0.duration] as [String: Any] },
      "parseMilliseconds": (parseSeconds * 10000).rounded() / 10,
      "diagnostics": a.diagnostics.map {
        ["severity": $0.severity.rawValue, "path": $0.path.description, "message": $0.message]
      },
      "expressions": expressions.map(\.json),
    ]
    if loaded.format == .dotLottie {
      object["animations"] = loaded.availableAnimations
      object["animation"] = loaded.animationID ?? NSNull()
      object["themes"] = loaded.availableThemes
      object["theme"] = loaded.themeID ?? NSNull()
    }
    if keypaths {
      object["keypaths"] = (a.keypaths ?? []).map { ["keypath": $0.text, "kind": $0.kind.rawValue] }
    }
    let data =
      (try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
      ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  static func formatName(_ format: LoadedAnimation.Format) -> String {
    switch format {
    case .json: "Lottie JSON"
    case .dotLottie: "dotLottie"
    case .telegramSticker: "Telegram sticker (.tgs)"
    }
  }

  static func fmt(_ d: Double) -> String {
    d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(format: "%g", d)  // int-audit: safe: a whole number below 1e15 (NaN and infinities fail the test)
  }
}
