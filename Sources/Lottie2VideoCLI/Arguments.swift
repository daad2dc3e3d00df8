/// A usage error: a bad option or value. Exit code 64 (`EX_USAGE`).
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The message after "Error: ".
  public let message: String
  /// The command whose usage line to show.
  public let command: String?
  public var description: String { message }
}

/// Splits the command line into options and positional arguments, swift-argument-parser style:
/// `--name value`, `--name=value`, `-o value`, flags, and `--` to end options.
struct ArgumentList {
  var options: [(name: String, value: String?)] = []
  var positionals: [String] = []

  /// `flags` take no value; every other option in `known` takes one; anything else is an unknown option.
  init(_ arguments: [String], flags: Set<String>, known: Set<String>, command: String?) throws(UsageError) {
    var i = 0
    var onlyPositionals = false
    while i < arguments.count {
      let token = arguments[i]
      i += 1
      if onlyPositionals || token == "-" || !token.hasPrefix("-") || Double(token) != nil {
        positionals.append(token)
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
      if !flags.contains(name) && !known.contains(name) {
        throw UsageError(message: "Unknown option '\(name)'", command: command)
      }
      if flags.contains(name) {
        if value != nil { throw UsageError(message: "The flag '\(name)' does not take a value", command: command) }
        options.append((name, nil))
        continue
      }
      if value == nil {
        guard i < arguments.count else {
          throw UsageError(message: "Missing value for '\(name)'", command: command)
        }
        value = arguments[i]
        i += 1
      }
      options.append((name, value))
    }
  }
}

/// Typed access to option values with swift-argument-parser's messages.
struct OptionReader {
  let command: String?

  func invalid(_ value: String, _ name: String, _ placeholder: String, _ why: String? = nil) -> UsageError {
    let reason = why.map { ": \($0)" } ?? ""
    return UsageError(message: "The value '\(value)' is invalid for '\(name) <\(placeholder)>'\(reason)", command: command)
  }

  func double(_ value: String, _ name: String, _ placeholder: String, range: ClosedRange<Double>) throws(UsageError) -> Double {
    guard let d = Double(value), d.isFinite else { throw invalid(value, name, placeholder) }
    guard range.contains(d) else {
      throw invalid(value, name, placeholder, "must be between \(format(range.lowerBound)) and \(format(range.upperBound))")
    }
    return d
  }

  func int(_ value: String, _ name: String, _ placeholder: String, range: ClosedRange<Int>) throws(UsageError) -> Int {
    guard let n = Int(value) else { throw invalid(value, name, placeholder) }
    guard range.contains(n) else {
      throw invalid(value, name, placeholder, "must be between \(range.lowerBound) and \(range.upperBound)")
    }
    return n
  }

  private func format(_ d: Double) -> String {
    d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
  }
}

