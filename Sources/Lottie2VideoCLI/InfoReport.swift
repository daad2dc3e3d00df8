import Foundation
import Lottie

/// The text `lottie2video info` prints.
enum InfoReport {
  static func text(_ a: Animation, file: String, parseSeconds: Double) -> String {
    var counts: [String: Int] = [:]
    func count(_ layers: [Layer]) {
      for layer in layers {
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
    }
    count(a.layers)
    for layers in a.precomps.values { count(layers) }
    let total = counts.values.reduce(0, +)
    let layerList = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    var lines = [
      "file:        \(file)",
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

  static func fmt(_ d: Double) -> String {
    d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(format: "%g", d)
  }
}
