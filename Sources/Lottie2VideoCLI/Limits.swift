import Lottie
import LottieArchive
import Pipeline

/// The safety limits a run applies while loading: the parser's, the archive reader's and the image decoder's.
struct LoadSettings: Sendable {
  var limits = LoadLimits()
  var maxArchiveBytes = AnimationSource.defaultMaxArchiveBytes
  var maxImagePixels = ImageAssets.defaultMaxPixels
}

/// One `--limit NAME=VALUE`, checked against ``LimitSpec/all``.
struct LimitSetting: Sendable {
  let spec: LimitSpec
  let value: Double
}

/// A `--limit` name: what it sets, in which unit. Adding a limit is one entry in ``all``.
struct LimitSpec: Sendable {
  let name: String
  let unit: String
  /// What it bounds, for `--help`.
  let help: String
  /// The default, as `--help` shows it.
  let defaultText: String
  /// Sets the limit from the value given (a positive number, already checked to be at most 1e12).
  let apply: @Sendable (inout LoadSettings, Double) -> Void

  static let all: [LimitSpec] = [
    LimitSpec(name: "file-size", unit: "MB", help: "input file, after decompression", defaultText: "256") {
      $0.limits.maxFileBytes = Int(min($1, 1_048_576) * 1_048_576)
    },
    LimitSpec(name: "archive-size", unit: "MB", help: "all of a dotLottie archive's entries together", defaultText: "256") {
      $0.maxArchiveBytes = Int(min($1, 1_048_576) * 1_048_576)
    },
    LimitSpec(name: "canvas", unit: "px", help: "canvas side", defaultText: "16384") { $0.limits.maxCanvasSide = min($1, 1e6) },
    LimitSpec(name: "frames", unit: "frames", help: "frames in the root composition", defaultText: "1000000") {
      $0.limits.maxFrames = $1
    },
    LimitSpec(name: "layers", unit: "layers", help: "layers in the file, precomps included", defaultText: "20000") {
      $0.limits.maxLayers = Int(min($1, 1e9))
    },
    LimitSpec(name: "precomp-depth", unit: "levels", help: "precomp nesting", defaultText: "64") {
      $0.limits.maxPrecompDepth = Int(min($1, 1000))
    },
    LimitSpec(
      name: "layer-instances", unit: "layers", help: "layers drawn per frame with every precomp use expanded",
      defaultText: "250000"
    ) { $0.limits.maxLayerInstances = Int(min($1, 1e9)) },
    LimitSpec(name: "image-size", unit: "megapixels", help: "decoded image", defaultText: "64") {
      $0.maxImagePixels = Int(min($1, 1_048_576) * 1_048_576)
    },
  ]

  /// Parses `NAME=VALUE`.
  static func parse(_ text: String) throws(InvalidValue) -> LimitSetting {
    let names = all.map(\.name).joined(separator: ", ")
    guard let eq = text.firstIndex(of: "="), let n = Double(text[text.index(after: eq)...]), n.isFinite, n >= 1, n <= 1e12
    else {
      throw InvalidValue("use a limit name (\(names)) and a positive number, e.g. frames=5000")
    }
    let name = String(text[..<eq])
    guard let spec = all.first(where: { $0.name == name }) else {
      throw InvalidValue("unknown limit '\(name)'; use \(names)")
    }
    return LimitSetting(spec: spec, value: n)
  }

  /// The `--limit` help: every name with its unit and default.
  static var helpText: String {
    "Raise or lower a safety limit (repeatable): "
      + all.map { "\($0.name) (\($0.help), \($0.unit), default \($0.defaultText))" }.joined(separator: ", ") + "."
  }
}
