import Lottie
import LottieArchive
import Pipeline

/// The safety limits a run applies: the parser's, the archive reader's and the image decoder's while loading,
/// the memory an export may need, and the work a frame may take.
struct LoadSettings: Sendable {
  var limits = LoadLimits()
  var maxArchiveBytes = AnimationSource.defaultMaxArchiveBytes
  var maxImagePixels = ImageAssets.defaultMaxPixels
  /// The most an export may need, by its estimate (``MemoryEstimate``), in bytes; nil for no limit.
  var memoryLimit: Int? = MemoryEstimate.defaultLimit
  /// Whether `--limit memory` was given: only then is the running process held to it and a batch's files
  /// planned in shares of it (the default refuses only absurd plans, so a batch on many cores still runs).
  var memoryLimitIsGiven = false
  /// Shapes, vertices, glyphs, effect work and time per frame (``WorkLimits``).
  var work = WorkLimits.defaults

  /// The work limits for rendering `input` (its name in the errors).
  func workLimits(for input: String) -> WorkLimits {
    var limits = work
    limits.file = InputOptions.name(of: input)
    return limits
  }
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
  /// Sets the limit from the value given (a positive number, already checked to be at most 1e12; for a
  /// size in bytes, at most 1e15, or infinity for `none`).
  let apply: @Sendable (inout LoadSettings, Double) -> Void
  /// Whether the value is a size in bytes (`8G`, `512M`, `none`) rather than a plain number.
  var isByteSize = false

  static let all: [LimitSpec] = [
    LimitSpec(name: "file-size", unit: "MB", help: "input file, after decompression", defaultText: "256") {
      $0.limits.maxFileBytes = (min($1, 1_048_576) * 1_048_576).clampedInt(0...Int.max)
    },
    LimitSpec(
      name: "archive-size", unit: "MB", help: "all of a dotLottie archive's entries together", defaultText: "256"
    ) {
      $0.maxArchiveBytes = (min($1, 1_048_576) * 1_048_576).clampedInt(0...Int.max)
    },
    LimitSpec(name: "canvas", unit: "px", help: "canvas side", defaultText: "16384") {
      $0.limits.maxCanvasSide = min($1, 1e6)
    },
    LimitSpec(name: "frames", unit: "frames", help: "frames in the root composition", defaultText: "1000000") {
      $0.limits.maxFrames = $1
    },
    LimitSpec(name: "layers", unit: "layers", help: "layers in the file, precomps included", defaultText: "20000") {
      $0.limits.maxLayers = $1.clampedInt(0...1_000_000_000)
    },
    LimitSpec(name: "precomp-depth", unit: "levels", help: "precomp nesting", defaultText: "64") {
      $0.limits.maxPrecompDepth = $1.clampedInt(0...1000)
    },
    LimitSpec(
      name: "layer-instances", unit: "layers", help: "layers drawn per frame with every precomp use expanded",
      defaultText: "250000"
    ) { $0.limits.maxLayerInstances = $1.clampedInt(0...1_000_000_000) },
    LimitSpec(name: "image-size", unit: "megapixels", help: "decoded image", defaultText: "64") {
      $0.maxImagePixels = (min($1, 1_048_576) * 1_048_576).clampedInt(0...Int.max)
    },
    LimitSpec(
      name: "memory", unit: "bytes: 512M, 8G or none",
      help:
        "an export's estimated peak (frames in flight, render surfaces, the encoder's buffers, decoded sound and "
        + "images); when given, also the process's memory while it renders, shared by a batch's files at once",
      defaultText: "\(MemoryEstimate.defaultLimit / 1_000_000_000)G",
      apply: {
        $0.memoryLimit = $1.isFinite ? Int($1) : nil  // int-audit: parseByteSize gives 1e6...1e15 or infinity
        $0.memoryLimitIsGiven = true
      },
      isByteSize: true),
    LimitSpec(
      name: "copies", unit: "shapes", help: "shapes drawn in one frame, repeater copies included",
      defaultText: "\(WorkLimits.defaults.copies)"
    ) { $0.work.copies = $1.clampedInt(1...1_000_000_000_000) },
    LimitSpec(
      name: "vertices", unit: "vertices", help: "vertices drawn in one frame, after modifiers and repeaters",
      defaultText: "\(WorkLimits.defaults.vertices)"
    ) { $0.work.vertices = $1.clampedInt(1...1_000_000_000_000) },
    LimitSpec(
      name: "dashes", unit: "dashes", help: "dashes of dashed strokes drawn in one frame",
      defaultText: "\(WorkLimits.defaults.dashes)"
    ) { $0.work.dashes = $1.clampedInt(1...1_000_000_000_000) },
    LimitSpec(
      name: "glyphs", unit: "glyphs", help: "glyphs in one text layer", defaultText: "\(WorkLimits.defaults.glyphs)"
    ) {
      $0.work.glyphs = $1.clampedInt(1...1_000_000_000_000)
    },
    LimitSpec(
      name: "effect-work", unit: "pixel passes", help: "one layer's effects: the pixels they cover times their passes",
      defaultText: "\(WorkLimits.defaults.effectWork)"
    ) { $0.work.effectWork = $1.clampedInt(1...1_000_000_000_000) },
    LimitSpec(
      name: "frame-time", unit: "seconds", help: "the time one frame may take, checked between layers",
      defaultText: "\(Int(WorkLimits.defaults.frameSeconds))"  // int-audit: a constant, 60
    ) { $0.work.frameSeconds = $1 },
    LimitSpec(
      name: "expression-steps", unit: "steps", help: "one expression evaluation (a frame: twenty times as many)",
      defaultText: "\(WorkLimits.defaults.expressionSteps)"
    ) { $0.work.expressionSteps = $1.clampedInt(1...1_000_000_000_000) },
    LimitSpec(
      name: "expression-memory", unit: "bytes: 16M, 64M or none",
      help: "what one expression evaluation may allocate (freed when it ends)",
      defaultText: "\(WorkLimits.defaults.expressionMemory)",
      apply: { $0.work.expressionMemory = $1.clampedInt(1...Int.max) }, isByteSize: true),
  ]

  /// Parses `NAME=VALUE`.
  static func parse(_ text: String) throws(InvalidValue) -> LimitSetting {
    let names = all.map(\.name).joined(separator: ", ")
    guard let eq = text.firstIndex(of: "=") else {
      throw InvalidValue("use a limit name (\(names)) and a positive number, e.g. frames=5000")
    }
    let name = String(text[..<eq])
    let value = String(text[text.index(after: eq)...])
    guard let spec = all.first(where: { $0.name == name }) else {
      throw InvalidValue("unknown limit '\(name)'; use \(names)")
    }
    if spec.isByteSize {
      guard let bytes = parseByteSize(value) else {
        throw InvalidValue("\(name) takes a size in bytes with k, M, G or T (powers of 1000), e.g. \(name)=8G, or none")
      }
      return LimitSetting(spec: spec, value: bytes)
    }
    guard let n = decimal(value), n >= 1, n <= 1e12 else {
      throw InvalidValue("use a limit name (\(names)) and a positive number, e.g. frames=5000")
    }
    return LimitSetting(spec: spec, value: n)
  }

  /// `8G`, `512M`, `1.5G`, `64000000` (bytes; k, M, G, T are powers of 1000, as the messages print sizes),
  /// or `none` (infinity: no limit). At least 1 MB, at most 1 PB.
  static func parseByteSize(_ text: String) -> Double? {
    if text.lowercased() == "none" { return .infinity }
    let units: [Character: Double] = ["k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6, "g": 1e9, "G": 1e9, "t": 1e12, "T": 1e12]
    var digits = Substring(text)
    if digits.hasSuffix("B") || digits.hasSuffix("b") { digits = digits.dropLast() }
    var multiplier = 1.0
    if let last = digits.last, let unit = units[last] {
      multiplier = unit
      digits = digits.dropLast()
    }
    guard let n = decimal(String(digits)) else { return nil }
    let bytes = (n * multiplier).rounded()
    return (1e6...1e15).contains(bytes) ? bytes : nil
  }

  /// A decimal number (`5000`, `1.5`, `2e6`); nil for anything else, `0x10`, `inf` and `nan` included, which
  /// `Double(_:)` would take.
  static func decimal(_ text: String) -> Double? {
    var sawDigit = false
    var sawDot = false
    var sawExponent = false
    var previous: Character? = nil
    for character in text {
      let isExponent = character == "e" || character == "E"
      let isSign = character == "+" || character == "-"
      if character.isASCII && character.isNumber {
        sawDigit = true
      } else if character == "." && !sawDot && !sawExponent {
        sawDot = true
      } else if isExponent && sawDigit && !sawExponent {
        sawExponent = true
      } else if !(isSign && (previous == "e" || previous == "E")) {
        return nil
      }
      previous = character
    }
    guard sawDigit, let last = previous, last.isNumber || last == "." else { return nil }
    return Double(text).flatMap { $0.isFinite ? $0 : nil }
  }

  /// The `--limit` help: every name with its unit and default.
  static var helpText: String {
    "Raise or lower a safety limit (repeatable): "
      + all.map { "\($0.name) (\($0.help), \($0.unit), default \($0.defaultText))" }.joined(separator: ", ") + "."
  }
}
