import Foundation

/// Reads typed values out of a JSON tree, turning every type mismatch into an error that names the
/// file and the JSON path, and collecting diagnostics for what is ignored.
final class Reader {
  let file: String
  let limits: LoadLimits
  private(set) var diagnostics: [Diagnostic] = []
  /// Expression source texts (`x`) by the path of their property: kept, not evaluated.
  var expressions: [JSONPath: String] = [:]
  /// The name of the layer each expression is on (by the property's path), for reports.
  var expressionLayers: [JSONPath: String] = [:]
  /// The name of the layer being read (`nm`, read leniently), or empty.
  var layerName = ""
  /// Whether the layer being read is hidden (`hd`, read leniently).
  var layerHidden = false
  /// The expressions of hidden layers (by the property's path).
  var expressionsOnHiddenLayers: Set<JSONPath> = []
  /// Lottie 1.0 slots (`slots`): a property with `sid` takes the slot's property (`p`) instead of its own.
  var slots: [String: JSON] = [:]
  /// The animation's frame rate (`fr`), for expressions' `time`.
  var frameRate: Double = 30
  /// The position, in its composition, of the layer being read, for expressions that read a layer's
  /// transform (bound to the composition's layers by `ExpressionScope`).
  var layerSlot = 0
  /// The expression controls (slider, angle, colour, point, checkbox...) of the layer being read, for
  /// expressions that read `effect('Name')('Param')`.
  var effectControls: [EffectControl] = []
  /// Properties (by path) whose expression is outside the subset we evaluate: their value as lottie-web
  /// shows it is unknown, so expressions that read them fail instead.
  var unevaluatedExpressions: Set<JSONPath> = []
  /// Diagnostics already reported once for a (kind, message) pair, to keep repeated notes short.
  private var reportedKinds: [String: Int] = [:]

  init(file: String, limits: LoadLimits) {
    self.file = file
    self.limits = limits
  }

  /// Runs `body` leaving no trace in what the reader reports: its diagnostics, expressions and unevaluated
  /// paths are dropped (a second reading of values that are read and reported elsewhere, or not at all).
  func quietly<T>(_ body: () throws(LottieError) -> T) throws(LottieError) -> T {
    let saved = (diagnostics, reportedKinds, expressions, unevaluatedExpressions)
    defer { (diagnostics, reportedKinds, expressions, unevaluatedExpressions) = saved }
    return try body()
  }

  func note(_ severity: Severity, _ path: JSONPath, _ message: String) {
    // The same message for many items (say, 300 expressions) is listed a few times, then counted.
    let count = reportedKinds[message, default: 0]
    reportedKinds[message] = count + 1
    if count < 5 {
      diagnostics.append(Diagnostic(severity: severity, file: file, path: path, message: message))
    } else if count == 5 {
      diagnostics.append(
        Diagnostic(severity: .info, file: file, path: path, message: "further occurrences of '\(message)' not listed"))
    }
  }

  func invalid(_ path: JSONPath, _ message: String) -> LottieError {
    .invalid(file: file, path: path, message: message)
  }

  func mismatch(_ path: JSONPath, expected: String, found: JSON) -> LottieError {
    invalid(path, "expected \(expected), found \(found.kindDescription)")
  }

  // MARK: - Scalars

  func object(_ json: JSON, _ path: JSONPath) throws(LottieError) -> [String: JSON] {
    guard case .object(let o) = json else { throw mismatch(path, expected: "an object", found: json) }
    return o
  }

  func array(_ json: JSON, _ path: JSONPath) throws(LottieError) -> [JSON] {
    guard case .array(let a) = json else { throw mismatch(path, expected: "an array", found: json) }
    return a
  }

  func number(_ json: JSON, _ path: JSONPath) throws(LottieError) -> Double {
    switch json {
    case .number(let n): return n
    // Quirk: some exporters wrap a scalar in a one-element array ([5] for 5).
    case .array(let a) where a.count >= 1:
      if case .number(let n) = a[0] { return n }
      throw mismatch(path.appending(0), expected: "a number", found: a[0])
    // Quirk: booleans stored as 0/1 and the other way round.
    case .bool(let b): return b ? 1 : 0
    default: throw mismatch(path, expected: "a number", found: json)
    }
  }

  func optionalNumber(_ o: [String: JSON], _ key: String, _ path: JSONPath) throws(LottieError) -> Double? {
    guard let v = o[key], v != .null else { return nil }
    return try number(v, path.appending(key))
  }

  func number(_ o: [String: JSON], _ key: String, _ path: JSONPath, default value: Double) throws(LottieError) -> Double
  {
    try optionalNumber(o, key, path) ?? value
  }

  func requiredNumber(_ o: [String: JSON], _ key: String, _ path: JSONPath) throws(LottieError) -> Double {
    guard let v = o[key], v != .null else { throw invalid(path, "missing required member '\(key)'") }
    return try number(v, path.appending(key))
  }

  func string(_ o: [String: JSON], _ key: String, _ path: JSONPath) throws(LottieError) -> String? {
    guard let v = o[key], v != .null else { return nil }
    switch v {
    case .string(let s): return s
    // Quirk: names and ids are sometimes numbers.
    case .number(let n): return n.exactWholeNumber.map(String.init) ?? String(n)
    default: throw mismatch(path.appending(key), expected: "a string", found: v)
    }
  }

  func bool(_ o: [String: JSON], _ key: String, _ path: JSONPath) throws(LottieError) -> Bool {
    guard let v = o[key], v != .null else { return false }
    switch v {
    case .bool(let b): return b
    case .number(let n): return n != 0
    default: throw mismatch(path.appending(key), expected: "a boolean", found: v)
    }
  }

  /// A time in frames (`ip`, `op`, `st`, a keyframe's `t`, a marker's `tm` and `dr`), with exporter noise
  /// removed: `default` when absent.
  func frameTime(_ o: [String: JSON], _ key: String, _ path: JSONPath, default value: Double) throws(LottieError)
    -> Double
  {
    Self.wholeFrameIfNoise(try number(o, key, path, default: value))
  }

  /// `time` rounded to the whole frame it is meant to be when it is within float noise of one.
  ///
  /// Quirk: Bodymovin writes times as seconds × a frame rate it stores in low precision (`fr`
  /// 29.9700012207031 for 29.97), so a layer that starts on frame 145 in After Effects reads `ip`
  /// 145.0000059, and one that ends on frame 122 reads 121.9987: compared exactly, the first is missing
  /// on its first frame (lottie-web shows it a frame late) and the second shows a frame too long. The
  /// noise is relative (up to about 1e-5), so the tolerance grows with the time, up to 0.005 frames: the
  /// 1.001 drift of 29.97 fps footage in a 30 fps composition (8.008 for 8) is a real offset and is kept.
  static func wholeFrameIfNoise(_ time: Double) -> Double {
    guard time.isFinite else { return time }
    let whole = time.rounded()
    let tolerance = min(0.005, 1e-4 + abs(time) * 2e-5)
    return abs(time - whole) <= tolerance ? whole : time
  }

  func int(_ o: [String: JSON], _ key: String, _ path: JSONPath) throws(LottieError) -> Int? {
    guard let n = try optionalNumber(o, key, path) else { return nil }
    guard n.isFinite, abs(n) < 1e9 else { throw invalid(path.appending(key), "number \(n) is out of range") }
    return n.roundedClampedInt(-1_000_000_000...1_000_000_000)
  }

  func numbers(_ json: JSON, _ path: JSONPath) throws(LottieError) -> [Double] {
    switch json {
    case .number(let n): return [n]
    case .array(let a):
      var out: [Double] = []
      out.reserveCapacity(a.count)
      for (i, e) in a.enumerated() {
        guard case .number(let n) = e else { throw mismatch(path.appending(i), expected: "a number", found: e) }
        out.append(n)
      }
      return out
    default: throw mismatch(path, expected: "a number or an array of numbers", found: json)
    }
  }
}
