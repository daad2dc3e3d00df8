import Foundation
import Lottie
import LottieArchive

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
      case .other(let type): kind = "type \(type)"
      }
      counts[kind, default: 0] += 1
    }
    return counts
  }

  static func text(_ loaded: LoadedAnimation, file: String, parseSeconds: Double) -> String {
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
      "markers:     \(a.markers.isEmpty ? "none" : a.markers.map { "\($0.name)@\(fmt($0.frame))+\(fmt($0.duration))" }.joined(separator: ", "))",
      String(format: "parsed in:   %.1f ms", parseSeconds * 1000),
      "diagnostics: \(a.diagnostics.count)",
    ]
    for d in a.diagnostics { lines.append("  \(d.path): \(d.severity.rawValue): \(d.message)") }
    return lines.joined(separator: "\n")
  }

  /// The same facts as one JSON object (keys sorted), with the keypaths when they were listed.
  static func json(_ loaded: LoadedAnimation, file: String, parseSeconds: Double, keypaths: Bool) -> String {
    let a = loaded.animation
    var object: [String: Any] = [
      "file": file, "format": loaded.format.rawValue, "name": a.name, "version": a.version, "width": a.width,
      "height": a.height, "frameRate": a.frameRate, "inPoint": a.inPoint, "outPoint": a.outPoint,
      "frames": a.frameCount, "duration": a.duration, "layers": layerCounts(a), "rootLayers": a.layers.count,
      "precomps": a.precomps.count, "images": a.images.count,
      "markers": a.markers.map { ["name": $0.name, "frame": $0.frame, "duration": $0.duration] as [String: Any] },
      "parseMilliseconds": (parseSeconds * 10000).rounded() / 10,
      "diagnostics": a.diagnostics.map {
        ["severity": $0.severity.rawValue, "path": $0.path.description, "message": $0.message]
      },
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
      (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
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
    d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(format: "%g", d)
  }
}
