/// A usage error: a bad option or value. Exit code 64 (`EX_USAGE`).
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The message after "Error: ".
  public let message: String
  /// The command whose usage line to show (nil: the export).
  public let command: String?
  public var description: String { message }

  /// Makes an error about `command` (nil or "export" for the export).
  public init(message: String, command: String?) {
    self.message = message
    self.command = command == "export" ? nil : command
  }
}

/// The values given on a command line, checked against one command's options, over a preset's values: a
/// layer of defaults the command line's win over (``layering(_:)``).
struct ParsedArguments: Sendable {
  /// The command they are for.
  let command: String
  /// Arguments that are not options, in order.
  var positionals: [String] = []
  /// Each option's values by canonical name, in the order given.
  private var values: [String: [any Sendable]] = [:]
  /// The preset's values by canonical name, under the command line's.
  private var defaults: [String: [any Sendable]] = [:]

  init(command: String) { self.command = command }

  /// The last value given for `option` on the command line, else the preset's, or nil.
  subscript<Value>(option: Option<Value>) -> Value? {
    (values[option.spec.name] ?? defaults[option.spec.name])?.last as? Value
  }

  /// Whether `flag` was given, on the command line or by the preset.
  subscript(flag: Flag) -> Bool { values[flag.spec.name] != nil || defaults[flag.spec.name] != nil }

  /// The value given for `option` on the command line, not the preset's.
  func commandLine<Value>(_ option: Option<Value>) -> Value? { values[option.spec.name]?.last as? Value }

  /// The value the preset gives `option`, whatever the command line says.
  func preset<Value>(_ option: Option<Value>) -> Value? { defaults[option.spec.name]?.last as? Value }

  /// Every value given for `option`, in order.
  func all<Value>(_ option: Option<Value>) -> [Value] {
    (values[option.spec.name] ?? []).compactMap { $0 as? Value }
  }

  /// Whether `spec` was given on the command line.
  func has(_ spec: OptionSpec) -> Bool { values[spec.name] != nil }

  /// The canonical names of the options given on the command line.
  var given: Set<String> { Set(values.keys) }

  mutating func add(_ value: any Sendable, for spec: OptionSpec) { values[spec.name, default: []].append(value) }

  /// These arguments over `preset`'s values.
  func layering(_ preset: Preset) -> ParsedArguments {
    var layered = self
    layered.defaults = preset.values
    return layered
  }
}

/// Parses a command line against a command's options, swift-argument-parser style, in its three stages: split
/// the tokens (`--name value`, `--name=value`, `-o value`, flags, `--` to end options), fill the values, and
/// leave `validate()` to the command's options struct.
enum ArgumentParser {
  static func parse(_ arguments: [String], for command: CommandSpec) throws(UsageError) -> ParsedArguments {
    let options = command.options
    var parsed = ParsedArguments(command: command.name)
    var i = 0
    var onlyPositionals = false
    while i < arguments.count {
      let token = arguments[i]
      i += 1
      if onlyPositionals || token == "-" || !token.hasPrefix("-") || Double(token) != nil {
        parsed.positionals.append(token)
        continue
      }
      if token == "--" {
        onlyPositionals = true
        continue
      }
      var name = token
      var value: String? = nil
      if let eq = token.firstIndex(of: "="), token.hasPrefix("--") {
        name = String(token[..<eq])
        value = String(token[token.index(after: eq)...])
      }
      guard let spec = OptionTable.spec(named: name, in: options) else {
        throw UsageError(message: unknownOptionMessage(name, command: command), command: command.name)
      }
      if spec.isFlag {
        if value != nil { throw UsageError(message: "The flag '\(name)' does not take a value", command: command.name) }
        parsed.add(true, for: spec)
        continue
      }
      if value == nil {
        guard i < arguments.count else {
          throw UsageError(message: "Missing value for '\(spec.synopsis)'", command: command.name)
        }
        value = arguments[i]
        i += 1
      }
      let text = value ?? ""
      do {
        parsed.add(try spec.parse(text), for: spec)
      } catch {
        throw invalid(text, spec, error.reason, command: command.name)
      }
    }
    return parsed
  }

  /// "The value 'abc' is invalid for '--fps <fps>'", with the reason after a colon.
  static func invalid(_ value: String, _ spec: OptionSpec, _ reason: String?, command: String) -> UsageError {
    UsageError(
      message: "The value '\(value)' is invalid for '\(spec.synopsis)'" + (reason.map { ": \($0)" } ?? ""),
      command: command)
  }

  /// "Unknown option", with the nearest option of this command, or the commands that do take it.
  static func unknownOptionMessage(_ name: String, command: CommandSpec) -> String {
    let base = "Unknown option '\(name)'"
    // A short option is one letter: another letter is another option, not a typo of it (-q is not -h).
    let isShort = name.count == 2 && name.hasPrefix("-") && !name.hasPrefix("--")
    if !isShort, let near = Suggestions.nearest(to: name, in: command.options.flatMap(\.names)) {
      return base + "; did you mean '\(near)'?"
    }
    let others = CommandTable.all.filter { other in
      other.name != command.name && other.options.contains { $0.names.contains(name) }
    }
    if !others.isEmpty {
      let names = others.map(\.name)
      let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
      return base + "; it is an option of \(list), not of \(command.name)"
    }
    return base
  }
}

/// "Did you mean": the closest candidate within a small edit distance.
enum Suggestions {
  /// The candidate closest to `text` (optimal string alignment distance, a swap of two neighbours counting
  /// once), when it is at most 2 edits away and closer than half the length; ties go to the first.
  static func nearest(to text: String, in candidates: [String]) -> String? {
    let limit = min(2, max(1, text.count / 2 - 1))
    var best: (String, Int)?
    for candidate in candidates {
      // Lengths further apart than the limit are further apart in edits too: a megabyte-long argument costs
      // nothing here.
      guard abs(candidate.count - text.count) <= limit else { continue }
      let d = distance(text.lowercased(), candidate.lowercased())
      if d <= limit, best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
    }
    return best?.0
  }

  /// Levenshtein distance with adjacent transpositions (`--fsp` is one edit from `--fps`).
  static func distance(_ a: String, _ b: String) -> Int {
    let x = Array(a), y = Array(b)
    if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
    var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
    for i in 0...x.count { d[i][0] = i }
    for j in 0...y.count { d[0][j] = j }
    for i in 1...x.count {
      for j in 1...y.count {
        let cost = x[i - 1] == y[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[x.count][y.count]
  }
}
