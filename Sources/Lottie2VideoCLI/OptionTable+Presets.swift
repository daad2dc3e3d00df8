/// The keys of preset files that are no option of any command (see ``OptionTable``): declared as options all
/// the same, so that a preset's values are parsed, range-checked and documented as every other option's are.
extension OptionTable {
  /// The keys preset files may hold, in the schema's order: `description`, the options presets may set in
  /// the table's order, then the other preset-only keys.
  static var presetOptions: [OptionSpec] {
    [description.spec] + all.filter { $0.presetKey != nil }
      + [maxFps.spec, maxDuration.spec, maxBytes.spec, minFps.spec, minScale.spec]
  }

  static let description = Option<String>(
    "--description", value: "text", help: "What the preset is for, shown by 'lottie2video presets'.", default: "none",
    section: .other, presetOnly: true, parse: ValueParser.string)

  static let maxFps = Option<Double>(
    "--max-fps", value: "fps",
    help: "The highest frame rate: caps the animation's own rate, or the preset's fps, unless --fps is given.",
    default: "no cap", section: .other, presetOnly: true, parse: ValueParser.double(0.1...240))

  static let maxDuration = Option<Double>(
    "--max-duration", value: "seconds",
    help: "The longest output in seconds: cuts it (after --repeat and --bounce) unless --duration is given.",
    default: "no cap", section: .other, presetOnly: true, parse: ValueParser.double(0.01...86400))

  static let maxBytes = Option<Int>(
    "--max-bytes", value: "bytes",
    help: "A file size budget: the export is encoded again, one change at a time, until it fits (below).",
    default: "no budget", section: .other, presetOnly: true, parse: ValueParser.int(1...Int(Int32.max)))

  static let minFps = Option<Double>(
    "--min-fps", value: "fps", help: "With maxBytes: the lowest frame rate the budget may choose.",
    default: "8", section: .other, presetOnly: true, parse: ValueParser.double(0.1...240))

  static let minScale = Option<Double>(
    "--min-scale", value: "s",
    help: "With maxBytes: the smallest fraction of each side the budget may shrink the picture to (1 keeps the size).",
    default: "0.5", section: .other, presetOnly: true, parse: ValueParser.double(0.05...1))
}
