/// One command-line option, declared once: everything the tool says or does about it comes from here.
///
/// Parsing (which tokens take a value), per-command validation (which commands take it), `--help` (one line per
/// option with its default), usage errors (`'--fps <fps>'`), "did you mean", shell completions and the man page
/// all read these fields; nothing else lists options. This is swift-argument-parser's idea (an option is one
/// declaration) without its property wrappers: the declarations live in ``OptionTable``, and each command's
/// options struct reads its values through typed keys (``Option``, ``Flag``).
struct OptionSpec: Sendable, Hashable {
  /// The names that select it, the canonical long name first (`["--output", "-o"]`).
  let names: [String]
  /// The value's placeholder (`fps` in `--fps <fps>`); nil for a flag, which takes no value.
  let valueName: String?
  /// What it does, for `--help` and the man page (wrapped there).
  let help: String
  /// What it does, and its default, in a command where it means something else (`--width` of a contact
  /// sheet's cells).
  let commandHelp: [String: (help: String, default: String)]
  /// What applies when it is not given, shown as "(default: ...)".
  let defaultText: String
  /// The commands that take it, by name (``CommandSpec/name``; the export is `export`).
  let commands: Set<String>
  /// Where `--help` lists it.
  let section: HelpSection
  /// What a shell offers for the value.
  let completion: ValueCompletion
  /// Whether it may be given more than once to add values (`--set`); otherwise the last one wins.
  let isRepeatable: Bool
  /// Turns the text into the value (boxed; ``Option`` unboxes it with its type). Throws the reason it is
  /// invalid, which ``ArgumentParser`` turns into swift-argument-parser's message.
  let parse: @Sendable (String) throws(InvalidValue) -> any Sendable

  /// The help text for `command`.
  func help(for command: String) -> String { commandHelp[command]?.help ?? help }
  /// The default for `command`.
  func defaultText(for command: String) -> String { commandHelp[command]?.default ?? defaultText }

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

  static func == (a: OptionSpec, b: OptionSpec) -> Bool { a.name == b.name }
  func hash(into hasher: inout Hasher) { hasher.combine(name) }
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

  /// Declares an option. `parse` turns its text into a `Value`.
  init(
    _ names: String..., value: String, help: String,
    helpFor commandHelp: [String: (help: String, default: String)] = [:],
    default defaultText: String, commands: Set<String>, section: HelpSection, completion: ValueCompletion = .none,
    repeatable: Bool = false, parse: @escaping @Sendable (String) throws(InvalidValue) -> Value
  ) {
    spec = OptionSpec(
      names: names, valueName: value, help: help, commandHelp: commandHelp, defaultText: defaultText,
      commands: commands, section: section,
      completion: completion, isRepeatable: repeatable, parse: { text throws(InvalidValue) in try parse(text) })
  }
}

/// A typed key for a flag (an option without a value).
struct Flag: Sendable {
  let spec: OptionSpec

  /// Declares a flag.
  init(
    _ names: String..., help: String, helpFor commandHelp: [String: (help: String, default: String)] = [:],
    default defaultText: String = "off",
    commands: Set<String>, section: HelpSection
  ) {
    spec = OptionSpec(
      names: names, valueName: nil, help: help, commandHelp: commandHelp, defaultText: defaultText, commands: commands,
      section: section,
      completion: .none, isRepeatable: false, parse: { _ in true })
  }
}

// MARK: - Value parsers

/// The parsers options share; each throws ``InvalidValue`` with the reason shown after the message.
enum ValueParser {
  /// An integer in `range`.
  static func int(_ range: ClosedRange<Int>) -> @Sendable (String) throws(InvalidValue) -> Int {
    { text throws(InvalidValue) in
      guard let n = Int(text) else { throw InvalidValue() }
      guard range.contains(n) else { throw InvalidValue("must be between \(range.lowerBound) and \(range.upperBound)") }
      return n
    }
  }

  /// A finite number in `range`.
  static func double(_ range: ClosedRange<Double>) -> @Sendable (String) throws(InvalidValue) -> Double {
    { text throws(InvalidValue) in
      guard let d = Double(text), d.isFinite else { throw InvalidValue() }
      guard range.contains(d) else {
        throw InvalidValue("must be between \(format(range.lowerBound)) and \(format(range.upperBound))")
      }
      return d
    }
  }

  /// One of `choices`' keys; `hint` is the reason shown otherwise.
  static func choice<Value: Sendable>(_ choices: [String: Value], hint: String)
    -> @Sendable (String) throws(InvalidValue)
    -> Value
  {
    { text throws(InvalidValue) in
      guard let value = choices[text] else { throw InvalidValue(hint) }
      return value
    }
  }

  /// Any text.
  static let string: @Sendable (String) throws(InvalidValue) -> String = { $0 }

  /// `1`, not `1.0`; other numbers as Swift prints them.
  static func format(_ d: Double) -> String {
    d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)  // int-audit: safe: a whole number below 1e15 (NaN and infinities fail the test)
  }
}
