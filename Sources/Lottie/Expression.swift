import Expressions

/// A property's expression as data: its source, its program (compiled once, when the file is read, and shared
/// by every worker: a `Program` is immutable), where it is, and the property without it. Nothing here runs
/// the expression: a scene evaluates it with its own engine (LottieScene's `ExpressionScope`), and the model
/// stays immutable and shared.
public final class ExpressionProperty<Value: Interpolatable>: Sendable {
  /// The property without its expression (what `value(at:)` gives without an environment).
  public let base: Animatable<Value>
  /// The JavaScript, as the file has it.
  public let source: String
  /// The source compiled (by the reader, which keeps an expression only when it compiles).
  public let program: Program
  /// The property's path (`$.layers[2].ks.o`); the expression itself is at `path.appending("x")`.
  public let path: JSONPath
  /// The position of the layer it belongs to in its composition's layers.
  public let owner: Int
  /// For a layer transform's property, its name as expressions say it (`opacity` for `ks.o`).
  public let selfProperty: String?
  /// Seeds `wiggle` and `random`: the FNV-1a hash of the path, the same in every run.
  public let seed: UInt64
  /// Frames per second of the animation (`time` is `frame / frameRate`).
  public let frameRate: Double
  /// The keyframes' frames, sorted (empty for a fixed property).
  public let keyframeFrames: [Double]
  /// The property's own value at a frame, as the expression reads `value`.
  public let own: @Sendable (Double) -> ExpressionOutput
  /// The property's value from what the expression computed at a frame; nil when it does not fit. (A text
  /// document takes the text and keeps its own style at that frame.)
  public let convert: @Sendable (ExpressionOutput, Double) -> Value?

  public init(
    base: Animatable<Value>, source: String, program: Program, path: JSONPath, owner: Int, selfProperty: String?,
    seed: UInt64,
    frameRate: Double, own: @escaping @Sendable (Double) -> ExpressionOutput,
    convert: @escaping @Sendable (ExpressionOutput, Double) -> Value?
  ) {
    self.base = base
    self.source = source
    self.program = program
    self.path = path
    self.owner = owner
    self.selfProperty = selfProperty
    self.seed = seed
    self.frameRate = frameRate
    if case .keyframed(let keys) = base { keyframeFrames = keys.map(\.frame) } else { keyframeFrames = [] }
    self.own = own
    self.convert = convert
  }

  /// The same expression over a property mapped through `transform` (the expression still computes the
  /// original value; its result is mapped).
  func map<T>(_ transform: @escaping @Sendable (Value) -> T) -> ExpressionProperty<T> {
    let convert = self.convert
    return ExpressionProperty<T>(
      base: base.map(transform), source: source, program: program, path: path, owner: owner, selfProperty: selfProperty,
      seed: seed,
      frameRate: frameRate, own: own, convert: { convert($0, $1).map(transform) })
  }

  /// The layer transform properties expressions name, by their key in a layer's `ks`.
  public static var transformProperties: [String: String] {
    ["a": "anchorPoint", "p": "position", "s": "scale", "r": "rotation", "rz": "rotation", "o": "opacity"]
  }
}

/// What an expression computes, or a property's value as an expression reads it: numbers (a number or an
/// array's components) or a path.
public enum ExpressionOutput: Sendable, Equatable {
  case numbers([Double])
  case path(BezierPath)
  /// A text document's text (`sourceText`).
  case text(String)

  /// The numbers, when it is numbers.
  public var numbers: [Double]? {
    if case .numbers(let n) = self { return n }
    return nil
  }
}

extension Animatable {
  /// The property as its keyframes say, without an expression.
  public var withoutExpression: Animatable<Value> {
    if case .expression(let e) = self { return e.base }
    return self
  }
}

/// Evaluates expressions: a scene's binding of one composition, for one worker.
public protocol ExpressionEnvironment: AnyObject {
  /// The value of `property`'s expression at `frame`; nil when it fails (the caller uses the property's own
  /// value).
  func evaluate<V>(_ property: ExpressionProperty<V>, at frame: Double) -> V?
}

/// An effect as expressions see it (`effect("Slider Control")("Slider")`): every effect of the layer, drawn or
/// not, enabled or not, with its parameters' values as numbers (sliders, angles, colours, points, checkboxes,
/// layer pickers). Expressions find effects and parameters by name, match name or index, as After Effects does.
public struct EffectControl: Sendable {
  /// The effect's name (`nm`).
  public var name: String
  /// After Effects' match name (`mn`: "ADBE Slider Control", "Pseudo/..."), empty when the file has none.
  public var matchName: String = ""
  /// Its index (`ix`), 1-based; its position in `ef` plus one when the file gives none.
  public var index: Int = 1
  /// Whether it is on (`en`).
  public var isEnabled: Bool = true
  /// The parameters, in order.
  public var parameters: [EffectParameter]

  public init(
    name: String, matchName: String = "", index: Int = 1, isEnabled: Bool = true, parameters: [EffectParameter]
  ) {
    self.name = name
    self.matchName = matchName
    self.index = index
    self.isEnabled = isEnabled
    self.parameters = parameters
  }
}

/// One parameter of an effect.
public struct EffectParameter: Sendable {
  /// Its name (`nm`).
  public var name: String
  /// After Effects' match name (`mn`: "ADBE Slider Control-0001"), empty when the file has none.
  public var matchName: String = ""
  /// Its index (`ix`), 1-based; its position plus one when the file gives none.
  public var index: Int = 1
  /// Its type (`ty`): 0 slider, 1 angle, 2 colour, 3 point, 4 checkbox, 6 group marker, 7 dropdown, 10 layer.
  public var type: Int = 0
  /// Its value; nil when it has none or its own expression does not parse (its value is unknown).
  public var value: Animatable<NumberList>?

  public init(name: String, matchName: String = "", index: Int = 1, type: Int = 0, value: Animatable<NumberList>?) {
    self.name = name
    self.matchName = matchName
    self.index = index
    self.type = type
    self.value = value
  }
}
