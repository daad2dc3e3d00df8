/// A property's expression as data: the compiled program over the property's own value. It holds nothing
/// mutable: what the expression reads of other layers comes from an `ExpressionEnvironment` passed in when it
/// is evaluated, which a scene binds for each worker (`ExpressionScope`).
public final class ExpressionProperty<Value: Interpolatable>: Sendable {
  /// The property without its expression (what `value` reads).
  public let base: Animatable<Value>
  /// The value at a frame, references read through the environment (nil: none resolved).
  let evaluate: @Sendable (Double, (any ExpressionEnvironment)?) -> Value

  init(base: Animatable<Value>, evaluate: @escaping @Sendable (Double, (any ExpressionEnvironment)?) -> Value) {
    self.base = base
    self.evaluate = evaluate
  }

  /// The expression `program` over `base`, a property of the layer at `owner` (its position in its
  /// composition's layers). `selfProperty` names the transform property it belongs to (`opacity` for
  /// `ks.o`): reading it through `transform` gives the property's own value, as After Effects does.
  /// `seed` seeds `wiggle`.
  static func make<C: ExpressionConvertible>(
    _ program: Expression, base: Animatable<C>, frameRate: Double, owner: Int, selfProperty: String?, seed: UInt64
  ) -> ExpressionProperty<C> {
    var keyframeFrames: [Double] = []
    if case .keyframed(let keys) = base { keyframeFrames = keys.map(\.frame) }
    let frames = keyframeFrames
    return ExpressionProperty<C>(base: base) { frame, environment in
      let own: (Double) -> [Double] = { C.ownValue(base, at: $0).expressionComponents }
      var context = Expression.Context(frame: frame, frameRate: frameRate, valueAt: own, keyframeFrames: frames)
      context.seed = seed
      context.resolve = { reference, at in
        if reference.layer == .this && reference.property == selfProperty { return own(at) }
        return environment?.resolve(reference, from: owner, at: at)
      }
      guard let result = program.evaluate(context), let value = C(expressionComponents: result) else {
        return C.ownValue(base, at: frame)
      }
      return value
    }
  }
}

extension Animatable {
  /// The property as its keyframes say, without an expression.
  public var withoutExpression: Animatable<Value> {
    if case .expression(let e) = self { return e.base }
    return self
  }
}

/// What an expression reads beyond its own property: other layers' transforms and expression controls, by
/// the position (`owner`) of the layer the expression belongs to.
public protocol ExpressionEnvironment: AnyObject {
  /// The referenced property at `frame`, as numbers; nil when there is no such layer or property.
  func resolve(_ reference: Expression.Reference, from owner: Int, at frame: Double) -> [Double]?
}

/// An expression control effect's parameters, as numbers (sliders, angles, colours, points, checkboxes).
public struct EffectControl: Sendable {
  /// The effect's name (`nm`).
  public var name: String
  /// Each parameter's name and value; nil when its own expression is one we cannot evaluate (its value is
  /// unknown).
  public var parameters: [(name: String, value: Animatable<NumberList>?)]
}

/// The layers of one composition as its expressions see them, with the state of one evaluation: a worker
/// makes its own for each composition it draws, so nothing here is shared between threads.
///
/// A property read through a reference is evaluated with its own expression, up to `maxDepth` references
/// deep, then without it, so that references that loop (A reads B, B reads A) end.
public final class ExpressionScope: ExpressionEnvironment {
  private let layers: [Layer]
  private var positionByName: [String: Int] = [:]
  private var positionByIndex: [Int: Int] = [:]
  /// How many references deep the evaluation under way is.
  private var depth = 0
  static let maxDepth = 4

  /// A scope over a composition's layers, in the model's order.
  public init(layers: [Layer]) {
    self.layers = layers
    for (position, layer) in layers.enumerated() {
      if positionByName[layer.name] == nil { positionByName[layer.name] = position }
      if let index = layer.index, positionByIndex[index] == nil { positionByIndex[index] = position }
    }
  }

  private func position(_ layer: Expression.Reference.Layer, from owner: Int) -> Int? {
    switch layer {
    case .this: return layers.indices.contains(owner) ? owner : nil
    case .name(let name): return positionByName[name]
    case .index(let index): return positionByIndex[index]
    }
  }

  /// Reads `property` with its own expression (through this scope) while under the depth limit, else without.
  private func read<V>(_ property: Animatable<V>, _ body: (Animatable<V>, (any ExpressionEnvironment)?) -> [Double])
    -> [Double]
  {
    if depth >= Self.maxDepth { return body(property.withoutExpression, nil) }
    depth += 1
    defer { depth -= 1 }
    return body(property, self)
  }

  public func resolve(_ reference: Expression.Reference, from owner: Int, at frame: Double) -> [Double]? {
    guard let target = position(reference.layer, from: owner) else { return nil }
    let layer = layers[target]
    if reference.property == "effect" {
      guard let effectSelector = reference.effect, let parameterSelector = reference.parameter else { return nil }
      let controls = layer.expressionControls
      let control: EffectControl?
      switch effectSelector {
      case .name(let n): control = controls.first { $0.name == n }
      case .index(let i): control = i >= 1 && i <= controls.count ? controls[i - 1] : nil
      }
      guard let parameters = control?.parameters else { return nil }
      let parameter: Animatable<NumberList>?
      switch parameterSelector {
      case .name(let n): parameter = parameters.first { $0.name == n }?.value
      case .index(let i): parameter = i >= 1 && i <= parameters.count ? parameters[i - 1].value : nil
      }
      return parameter.map { p in read(p) { $0.value(at: frame, using: $1).values } }
    }
    guard !layer.unevaluatedExpressions.contains(reference.property) else { return nil }
    let t = layer.transform
    switch reference.property {
    case "anchorPoint": return read(t.anchor) { $0.value(at: frame, using: $1).expressionComponents }
    case "scale": return read(t.scale) { $0.value(at: frame, using: $1).expressionComponents }
    case "rotation": return read(t.rotation) { [$0.value(at: frame, using: $1)] }
    case "opacity": return read(t.opacity) { [$0.value(at: frame, using: $1)] }
    case "position":
      switch t.position {
      case .combined(let p): return read(p) { $0.spatialValue(at: frame, using: $1).expressionComponents }
      case .split(let x, let y):
        return read(x) { [$0.value(at: frame, using: $1)] } + read(y) { [$0.value(at: frame, using: $1)] }
      }
    default: return nil
    }
  }
}
