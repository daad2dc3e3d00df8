import Lottie
import Testing

// Shared helpers for the Lottie parser tests: building small documents, parsing them, and pulling
// payloads out of the model's enums.

/// Parses `json` as the file `file`.
func parse(_ json: String, file: String = "test.json", limits: LoadLimits = LoadLimits()) throws(LottieError)
  -> Animation
{
  try LottieParser.parse(bytes: Array(json.utf8), file: file, limits: limits)
}

/// Checks that parsing `json` throws, and that the whole error text is `message`. Returns the error.
@discardableResult
func expectParseError(
  _ json: String, _ message: String, file: String = "test.json", limits: LoadLimits = LoadLimits(),
  sourceLocation: SourceLocation = #_sourceLocation
) -> LottieError? {
  let error = #expect(throws: LottieError.self, sourceLocation: sourceLocation) {
    try parse(json, file: file, limits: limits)
  }
  #expect(error?.description == message, sourceLocation: sourceLocation)
  return error
}

/// A minimal valid composition (100x100, 30 fps, frames 0..<60) around `layers` (a JSON array).
/// `extra` is inserted as further members of the root object, e.g. `"assets": [...]`.
func composition(layers: String = "[]", extra: String = "") -> String {
  let more = extra.isEmpty ? "" : extra + ", "
  return #"{"v": "5.7.4", "nm": "t", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "# + more + #""layers": "#
    + layers + "}"
}

/// A composition with one shape layer holding `shapes` (a JSON array).
func shapeComposition(_ shapes: String) -> String {
  composition(layers: #"[{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": "# + shapes + "}]")
}

/// A composition with one null layer whose transform `ks` is the given JSON object.
func transformComposition(_ ks: String, ddd: Int = 0) -> String {
  composition(layers: #"[{"ty": 3, "ind": 1, "ddd": \#(ddd), "ip": 0, "op": 60, "ks": "# + ks + "}]")
}

/// A composition with one null layer whose opacity `o` is the given property JSON (for value tests).
func opacityComposition(_ property: String) -> String {
  transformComposition(#"{"o": "# + property + "}")
}

/// The descriptions of an animation's diagnostics, for whole-text comparisons.
func diagnosticTexts(_ animation: Animation) -> [String] {
  animation.diagnostics.map(\.description)
}

/// Whether two numbers agree within `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
  abs(a - b) <= tolerance
}

/// Whether two vectors agree within `tolerance` on each axis.
func close(_ a: Vec2, _ b: Vec2, _ tolerance: Double = 1e-9) -> Bool {
  abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// Whether two colours agree within `tolerance` on each channel.
func close(_ a: RGBA, _ b: RGBA, _ tolerance: Double = 1e-9) -> Bool {
  abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance && abs(a.b - b.b) <= tolerance
    && abs(a.a - b.a) <= tolerance
}

extension Animatable {
  /// The keyframes, or nil for a fixed value.
  var keyframes: [Keyframe<Value>]? {
    if case .keyframed(let keys) = self { return keys }
    return nil
  }

  /// The fixed value, or nil for a keyframed property.
  var fixedValue: Value? {
    if case .fixed(let v) = self { return v }
    return nil
  }
}

extension LayerContent {
  /// The shape items of a shape layer.
  var shapeItems: [ShapeItem]? {
    if case .shapes(let items) = self { return items }
    return nil
  }
}

extension Position {
  /// The combined position property, or nil when split.
  var combined: Animatable<Vec2>? {
    if case .combined(let p) = self { return p }
    return nil
  }
}

extension ShapeItem {
  /// The item's type as in the JSON (`gr`, `rc`, ...), or `unsupported(xx)`, for quick listings.
  var tag: String {
    if case .unsupported(let type) = kind { return "unsupported(\(type))" }
    return type
  }
}

/// The shape items of the first layer of `json`.
func firstLayerShapes(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [ShapeItem] {
  let animation = try parse(json)
  let layer = try #require(animation.layers.first, sourceLocation: sourceLocation)
  return try #require(layer.content.shapeItems, sourceLocation: sourceLocation)
}

/// The y of the CSS timing curve `cubic-bezier(x1, y1, x2, y2)` at `x`, by plain bisection on the curve
/// parameter (an independent reference for the parser's Newton solver).
func referenceCubicBezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
  func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
  }
  var lo = 0.0
  var hi = 1.0
  for _ in 0..<200 {
    let mid = (lo + hi) / 2
    if bezier(mid, x1, x2) < x { lo = mid } else { hi = mid }
  }
  return bezier((lo + hi) / 2, y1, y2)
}

extension LottieError {
  /// The case's name, for checking the kind of an error apart from its text.
  var kind: String {
    switch self {
    case .unreadable: return "unreadable"
    case .syntax: return "syntax"
    case .invalid: return "invalid"
    case .limitExceeded: return "limitExceeded"
    case .template: return "template"
    }
  }
}
