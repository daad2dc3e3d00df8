/// One command-line option, declared once: everything the tool says or does about it comes from here.
///
/// Parsing (which tokens take a value), `--help` (one line per option with its default), usage errors
/// (`'--fps <fps>'`), "did you mean", shell completions, the man page, and preset files (their keys, how their
/// values are read and checked, and their schema) all read these fields; nothing else lists options. Which
/// commands take an option is said by the commands: each lists the ``OptionGroup``s it takes. This is
/// swift-argument-parser's idea (an option is one declaration, commands take groups of them) without its
/// property wrappers: the declarations live in ``OptionTable``, and each command's options struct reads its
/// values through typed keys (``Option``, ``Flag``).
struct OptionSpec: Sendable, Hashable {
  /// The names that select it, the canonical long name first (`["--output", "-o"]`).
  let names: [String]
  /// The value's placeholder (`fps` in `--fps <fps>`); nil for a flag, which takes no value.
  let valueName: String?
  /// What it does, for `--help` and the man page (wrapped there).
  let help: String
  /// What applies when it is not given, shown as "(default: ...)".
  let defaultText: String
  /// Where `--help` lists it.
  let section: HelpSection
  /// What a shell offers for the value.
  let completion: ValueCompletion
  /// Whether it may be given more than once to add values (`--set`); otherwise the last one wins.
  let isRepeatable: Bool
  /// Its key in a preset file (`codecPreset` for `--codec-preset`), or nil when presets cannot set it.
  let presetKey: String?
  /// The JSON value a preset gives it.
  let presetValue: PresetValue
  /// Whether it is for preset files only (`maxBytes`): no command takes it, and help does not list it.
  let isPresetOnly: Bool
  /// The values it takes, in words, for the preset schema (`1 … 16384`, `contain, cover, fill`).
  let valuesText: String
  /// Turns the text into the value (boxed; ``Option`` unboxes it with its type). Throws the reason it is
  /// invalid, which ``ArgumentParser`` turns into swift-argument-parser's message.
  let parse: @Sendable (String) throws(InvalidValue) -> any Sendable

  /// The help text in `command`, which may say it differently (``CommandSpec/helpFor``).
  func help(for command: String) -> String { CommandTable.named(command)?.helpFor[name]?.help ?? help }
  /// The default in `command`.
  func defaultText(for command: String) -> String {
    CommandTable.named(command)?.helpFor[name]?.default ?? defaultText
  }

  /// The canonical name (`--output`).
  var name: String { names[0] }
  /// Whether it takes no value.
  var isFlag: Bool { valueName == nil }
  /// `--fps <fps>`, as errors name it.
  var synopsis: String { valueName.map { "\(name) <\($0)>" } ?? name }
  /// `-o, --output <path>`, as help lists it: the short name first.
  var helpLabel: String {
    let ordered = names.filter { !$0.hasPrefix("--") } + names.filter { $0.hasPrefix("--") }
    return ordered.joined(separator: ", ") + (valueName.map { " <\($0)>" } ?? "")
  }

  /// A preset's key for the option `name`: its words in camel case, as JSON keys are (`--codec-preset` is
  /// `codecPreset`, `--pix-fmt` is `pixFmt`).
  static func presetKey(for name: String) -> String {
    let words = name.drop { $0 == "-" }.split(separator: "-")
    return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
  }

  static func == (a: OptionSpec, b: OptionSpec) -> Bool { a.name == b.name }
  func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// The JSON value a preset file gives an option; the loader turns it into the text the option's parser reads.
enum PresetValue: Sendable, Equatable {
  /// A whole number.
  case integer
  /// A number.
  case number
  /// A string.
  case string
  /// `true` or `false` (a flag: `true` gives it, `false` leaves it out).
  case boolean
  /// A bit rate: a string such as `"800k"`, or a number of bits per second.
  case rate

  /// Its name in the preset schema.
  var schemaName: String {
    switch self {
    case .integer: "integer"
    case .number: "number"
    case .string: "string"
    case .boolean: "boolean"
    case .rate: "string or number"
    }
  }
}

/// Why a value is invalid: the text after "is invalid for '--fps <fps>'", or nil for no reason given.
struct InvalidValue: Error {
  let reason: String?
  init(_ reason: String? = nil) { self.reason = reason }
}

/// What a shell completes for an option's value.
enum ValueCompletion: Sendable, Equatable {
  /// Nothing in particular (a number, a name).
  case none
  /// A file, preferably with one of these extensions (none: any file).
  case file([String])
  /// A folder.
  case directory
  /// One of these words.
  case choices([String])
}

/// The groups `--help` lists options in, in this order.
enum HelpSection: Int, Sendable, CaseIterable, Comparable {
  case general, timing, templating, size, encoding, sound, batch, input, progress, other

  var title: String {
    switch self {
    case .general: "OPTIONS"
    case .timing: "TIMING (all combine with --fps; counts are exact: round(seconds x fps))"
    case .templating: "TEMPLATING"
    case .size: "SIZE AND PLACEMENT"
    case .encoding: "ENCODING"
    case .sound: "SOUND (MP4, M4V and MOV carry it as AAC, WebM as Opus; other formats leave it out, with a note)"
    case .batch: "BATCH AND DATA RUNS"
    case .input: "INPUT"
    case .progress: "MESSAGES AND PROGRESS"
    case .other: "OTHER"
    }
  }

  static func < (a: HelpSection, b: HelpSection) -> Bool { a.rawValue < b.rawValue }
}

/// A typed key for an option that takes a value: its declaration, and the type its parser makes.
struct Option<Value: Sendable>: Sendable {
  let spec: OptionSpec

  /// Declares an option. `parse` turns its text into a `Value`; `values` says in words what it takes (for the
  /// preset schema). `preset` lets preset files set it (under ``OptionSpec/presetKey(for:)``), and
  /// `presetOnly` makes it a key of preset files alone (`maxBytes`), which no command line takes.
  init(
    _ names: String..., value: String, help: String, default defaultText: String, section: HelpSection,
    completion: ValueCompletion = .none, repeatable: Bool = false, preset: Bool = false, presetOnly: Bool = false,
    presetValue: PresetValue? = nil, values: String = "",
    parse: @escaping @Sendable (String) throws(InvalidValue) -> Value
  ) {
    spec = OptionSpec(
      names: names, valueName: value, help: help, defaultText: defaultText, section: section,
      completion: completion, isRepeatable: repeatable,
      presetKey: preset || presetOnly ? OptionSpec.presetKey(for: names[0]) : nil,
      presetValue: presetValue ?? Self.presetValue, isPresetOnly: presetOnly, valuesText: values,
      parse: { text throws(InvalidValue) in try parse(text) })
  }

  /// Declares an option whose values come from one of the shared parsers (``ValueParser``), which also say
  /// in words what it takes.
  init(
    _ names: String..., value: String, help: String, default defaultText: String, section: HelpSection,
    completion: ValueCompletion = .none, repeatable: Bool = false, preset: Bool = false, presetOnly: Bool = false,
    presetValue: PresetValue? = nil, parse format: ValueFormat<Value>
  ) {
    spec = OptionSpec(
      names: names, valueName: value, help: help, defaultText: defaultText, section: section,
      completion: completion, isRepeatable: repeatable,
      presetKey: preset || presetOnly ? OptionSpec.presetKey(for: names[0]) : nil,
      presetValue: presetValue ?? Self.presetValue, isPresetOnly: presetOnly, valuesText: format.description,
      parse: { text throws(InvalidValue) in try format.parse(text) })
  }

  /// The JSON a preset gives a `Value`: numbers for numbers, else a string.
  static var presetValue: PresetValue {
    if Value.self == Int.self { return .integer }
    if Value.self == Double.self { return .number }
    return .string
  }
}

/// A typed key for a flag (an option without a value).
struct Flag: Sendable {
  let spec: OptionSpec

  /// Declares a flag; `preset` lets preset files set it (`true` or `false`).
  init(
    _ names: String..., help: String, default defaultText: String = "off", section: HelpSection, preset: Bool = false
  ) {
    spec = OptionSpec(
      names: names, valueName: nil, help: help, defaultText: defaultText, section: section, completion: .none,
      isRepeatable: false, presetKey: preset ? OptionSpec.presetKey(for: names[0]) : nil, presetValue: .boolean,
      isPresetOnly: false, valuesText: "`true`, `false`", parse: { _ in true })
  }
}

// MARK: - Value parsers

/// A parser and what it takes, in words.
struct ValueFormat<Value: Sendable>: Sendable {
  let parse: @Sendable (String) throws(InvalidValue) -> Value
  /// `1 … 16384`, `` `contain`, `cover`, `fill` ``; empty for any text.
  let description: String
}

/// The parsers options share; each throws ``InvalidValue`` with the reason shown after the message.
enum ValueParser {
  /// An integer in `range`.
  static func int(_ range: ClosedRange<Int>) -> ValueFormat<Int> {
    ValueFormat(
      parse: { text throws(InvalidValue) in
        guard let n = Int(text) else { throw InvalidValue() }
        guard range.contains(n) else {
          throw InvalidValue("must be between \(range.lowerBound) and \(range.upperBound)")
        }
        return n
      }, description: "\(range.lowerBound) … \(range.upperBound)")
  }

  /// A finite number in `range`.
  static func double(_ range: ClosedRange<Double>) -> ValueFormat<Double> {
    ValueFormat(
      parse: { text throws(InvalidValue) in
        guard let d = Double(text), d.isFinite else { throw InvalidValue() }
        guard range.contains(d) else {
          throw InvalidValue("must be between \(format(range.lowerBound)) and \(format(range.upperBound))")
        }
        return d
      }, description: "\(format(range.lowerBound)) … \(format(range.upperBound))")
  }

  /// One of `choices`' keys; `hint` is the reason shown otherwise.
  static func choice<Value: Sendable>(_ choices: [String: Value], hint: String) -> ValueFormat<Value> {
    ValueFormat(
      parse: { text throws(InvalidValue) in
        guard let value = choices[text] else { throw InvalidValue(hint) }
        return value
      }, description: choices.keys.sorted().map { "`\($0)`" }.joined(separator: ", "))
  }

  /// Any text.
  static let string = ValueFormat<String>(parse: { $0 }, description: "")

  /// `1`, not `1.0`; other numbers as Swift prints them.
  static func format(_ d: Double) -> String {
    d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)  // int-audit: safe: a whole number below 1e15 (NaN and infinities fail the test)
  }
}
