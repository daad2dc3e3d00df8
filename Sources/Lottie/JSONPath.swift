/// A location in a JSON document, printed as `$.layers[3].ks.o.k[1].t`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  /// One step: a member name or an array index.
  public enum Component: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  /// The steps from the document root.
  public private(set) var components: [Component]

  /// The root, `$`.
  public static let root = JSONPath(components: [])

  /// Makes a path from its steps.
  public init(components: [Component]) { self.components = components }

  /// This path extended by a member name.
  public func appending(_ key: String) -> JSONPath {
    var copy = self
    copy.components.append(.key(key))
    return copy
  }

  /// This path extended by an array index.
  public func appending(_ index: Int) -> JSONPath {
    var copy = self
    copy.components.append(.index(index))
    return copy
  }

  public var description: String {
    var s = "$"
    for c in components {
      switch c {
      case .key(let k):
        if !k.isEmpty, k.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
          s += "." + k
        } else {
          s += "[\"\(k)\"]"
        }
      case .index(let i): s += "[\(i)]"
      }
    }
    return s
  }
}

/// How much a diagnostic matters.
public enum Severity: String, Sendable, Comparable {
  /// Something was approximated or is informational.
  case info
  /// Something was ignored: the output may differ from other players.
  case warning
  /// Something could not be used at all.
  case error

  private var rank: Int {
    switch self {
    case .info: return 0
    case .warning: return 1
    case .error: return 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A note about the input that does not stop rendering: an unsupported feature, an approximation, an
/// ignored value. `--strict` turns them into a failure.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  /// How much it matters.
  public var severity: Severity
  /// The file it is about (as the user named it), or nil.
  public var file: String?
  /// Where in the JSON.
  public var path: JSONPath
  /// What happened, in one sentence.
  public var message: String

  /// Makes a diagnostic.
  public init(severity: Severity, file: String? = nil, path: JSONPath, message: String) {
    self.severity = severity
    self.file = file
    self.path = path
    self.message = message
  }

  public var description: String {
    let prefix = file.map { "\($0): " } ?? ""
    return "\(prefix)\(path): \(severity.rawValue): \(message)"
  }
}

/// Why an input could not be loaded. Every case names the file and, where it applies, the JSON path.
public enum LottieError: Error, Sendable, CustomStringConvertible, Equatable {
  /// The file could not be read.
  case unreadable(file: String, reason: String)
  /// The bytes are not valid JSON.
  case syntax(file: String, offset: Int, line: Int, column: Int, message: String)
  /// The JSON does not have the shape of a Lottie animation at `path`.
  case invalid(file: String, path: JSONPath, message: String)
  /// The input is larger than a limit allows.
  case limitExceeded(file: String, path: JSONPath, message: String)
  /// A templating option (`--set`, `--slot`) cannot be applied to this animation.
  case template(file: String, message: String)

  public var description: String {
    switch self {
    case .unreadable(let file, let reason): return "\(file): cannot read: \(reason)"
    case .syntax(let file, let offset, let line, let column, let message):
      return "\(file): invalid JSON at line \(line), column \(column) (byte \(offset)): \(message)"
    case .invalid(let file, let path, let message): return "\(file): \(path): \(message)"
    case .limitExceeded(let file, let path, let message): return "\(file): \(path): \(message)"
    case .template(let file, let message): return "\(file): \(message)"
    }
  }
}
