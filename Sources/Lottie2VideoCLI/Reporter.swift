import Foundation
import Lottie

/// Where a run's messages go: lines of text on stderr (`note: ...`, `Error: ...`), or with `--progress json`
/// one JSON object per line and nothing else, so a pipeline can read stderr as a stream of events.
///
/// The events (docs/cli.md, "Progress events"): `start`, `progress`, `warning` (the input's diagnostics with their
/// JSON path, and the tool's notes with severity `note`), `file-done`, `file-failed`, `file-skipped`, and a
/// final `done` with the counts; `error` for a usage error that stops the run before any file.
///
/// `@unchecked Sendable`: the notes shown and every write to stderr go through `lock` (the files of a batch
/// report at once, and an event longer than a pipe's atomic 4 KB must not interleave with another).
final class Reporter: @unchecked Sendable {
  /// Whether messages are JSON events.
  let isJSON: Bool
  /// `-q`: no notes, summaries or progress in text mode (errors are still printed; events still flow).
  let isQuiet: Bool
  private let lock = NSLock()
  /// Notes already shown, by key: a batch says each thing once.
  private var shownNotes: Set<String> = []

  init(json: Bool, quiet: Bool) {
    isJSON = json
    isQuiet = quiet
  }

  /// A note from the tool about `file` (text: "note: ..."). With `once`, the note is shown only the first time
  /// that key comes up in this run.
  func note(_ message: String, file: String?, once key: String? = nil) {
    if let key {
      let isNew = lock.withLock { shownNotes.insert(key).inserted }
      guard isNew else { return }
    }
    if isJSON {
      event("warning", [("file", .string(file)), ("severity", "note"), ("message", .string(message))])
    } else if !isQuiet {
      Console.error("note: " + message)
    }
  }

  /// A diagnostic about the input (text: as `Diagnostic` prints itself).
  func diagnostic(_ d: Diagnostic, file: String) {
    if isJSON {
      event(
        "warning",
        [
          ("file", .string(d.file ?? file)), ("severity", .string(d.severity.rawValue)),
          ("path", .string(d.path.description)),
          ("message", .string(d.message)),
        ])
    } else if !isQuiet {
      Console.error(d.description)
    }
  }

  /// An error that ends one file (text: "Error: ...", whatever `-q` says).
  func fileFailed(_ error: String, file: String, output: String?, position: BatchPosition) {
    if isJSON {
      event(
        "file-failed",
        [("file", .string(file)), ("output", .string(output))] + position.fields + [("error", .string(error))])
    } else {
      Console.error("Error: " + error)
    }
  }

  /// A message line in text mode only (a batch's `[1/3] a.json`), unless quiet.
  func line(_ text: String) {
    guard !isJSON && !isQuiet else { return }
    Console.error(text)
  }

  /// One JSON event line (nothing in text mode).
  func event(_ name: String, _ fields: [(String, JSONValue)]) {
    guard isJSON else { return }
    let object = JSONValue.object([("event", .string(name))] + fields.filter { $0.1 != .null })
    let line = Data((object.text + "\n").utf8)
    lock.withLock { FileHandle.standardError.write(line) }
  }

  /// The final `done` event.
  func done(count: Int, done: Int, failed: Int, skipped: Int, seconds: Double) {
    event(
      "done",
      [
        ("count", .int(count)), ("done", .int(done)), ("failed", .int(failed)), ("skipped", .int(skipped)),
        ("seconds", .number(seconds, digits: 3)),
      ])
  }
}

/// Where a file stands in its run: file `index` of `count` (1 of 1 for a single export).
struct BatchPosition: Sendable {
  var index = 1
  var count = 1

  var fields: [(String, JSONValue)] { [("index", .int(index)), ("count", .int(count))] }
}

/// A JSON value written in the order given (`event` first), on one line.
enum JSONValue: Equatable, ExpressibleByStringLiteral {
  case null
  case bool(Bool)
  case int(Int)
  case number(Double, digits: Int)
  case text(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  init(stringLiteral value: String) { self = .text(value) }

  /// A string, or null for nil.
  static func string(_ value: String?) -> JSONValue { value.map { .text($0) } ?? .null }

  static func == (a: JSONValue, b: JSONValue) -> Bool { a.text == b.text }

  /// The JSON text.
  var text: String {
    switch self {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .int(let n): return String(n)
    case .number(let d, let digits):
      guard d.isFinite else { return "null" }
      let scale = pow(10, Double(digits))
      let rounded = (d * scale).rounded() / scale
      return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)  // int-audit: safe: a whole number below 1e15 (NaN and infinities fail the test)
    case .text(let s): return Self.quoted(s)
    case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
    case .object(let fields):
      return "{" + fields.map { Self.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
    }
  }

  /// `s` as a JSON string: quotes, backslashes and control characters escaped.
  static func quoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

/// Messages that name a file once: most errors already start with the file they concern
/// (`a.json: $.op: ...`), and a line that names the file itself must not say it again.
enum FileMessage {
  /// `text` without a leading "`file`: " (for a line that starts with the file itself).
  static func dropping(_ file: String, from text: String) -> String {
    text.hasPrefix(file + ": ") ? String(text.dropFirst(file.count + 2)) : text
  }

  /// `text` led by "`file`: " exactly once.
  static func naming(_ file: String, _ text: String) -> String {
    text.hasPrefix(file + ": ") ? text : file + ": " + text
  }
}
