import Expressions
import Foundation
import Lottie

/// The layers of one composition as its expressions see them, bound for one worker: evaluates each
/// property's expression with the worker's engine, and gives the programs `thisLayer`, `thisComp`,
/// `comp(...)` and the rest of After Effects' object model over the (immutable) model.
///
/// A property read through a reference is evaluated with its own expression, up to `maxDepth` references
/// deep, then without it, so that references that loop (A reads B, B reads A) end.
package final class ExpressionScope: ExpressionEnvironment {
  let layers: [Layer]
  let animation: Animation
  package let engine: ExpressionEngine
  /// The composition's name (`thisComp.name`) and size.
  let name: String
  let width: Double
  let height: Double
  private var positionByName: [String: Int] = [:]
  private var positionByIndex: [Int: Int] = [:]
  /// How many references deep the evaluation under way is.
  private var depth = 0
  static let maxDepth = 4
  /// Scopes of other compositions read through `comp("name")`, made when first read.
  private var comps: [String: ExpressionScope] = [:]

  package init(
    layers: [Layer], animation: Animation, engine: ExpressionEngine, name: String? = nil, width: Double? = nil,
    height: Double? = nil
  ) {
    self.layers = layers
    self.animation = animation
    self.engine = engine
    self.name = name ?? animation.name
    self.width = width ?? animation.width
    self.height = height ?? animation.height
    for (position, layer) in layers.enumerated() {
      if positionByName[layer.name] == nil { positionByName[layer.name] = position }
      if let index = layer.index, positionByIndex[index] == nil { positionByIndex[index] = position }
    }
  }

  var frameRate: Double { animation.frameRate > 0 ? animation.frameRate : 30 }

  func position(named name: String) -> Int? { positionByName[name] }
  func position(index: Int) -> Int? { positionByIndex[index] }

  /// The scope of the composition `name` (the root's or an asset's name, an asset's id, or a precomp layer's
  /// name), as `comp("name")`.
  func comp(_ name: String) -> ExpressionScope? {
    if let s = comps[name] { return s }
    var found: (layers: [Layer], width: Double?, height: Double?)? = nil
    if name == animation.name { found = (animation.layers, nil, nil) }
    if found == nil,
      let layers = animation.precomps[name] ?? animation.precompNames[name].flatMap({ animation.precomps[$0] })
    {
      // Its size is a precomp layer's that shows it, when one does.
      let id = animation.precomps[name] != nil ? name : animation.precompNames[name] ?? name
      let all = [animation.layers] + Array(animation.precomps.values)
      let size = all.lazy.flatMap { $0 }.lazy.compactMap { layer -> (Double, Double)? in
        if case .precomp(id, let w, let h, _) = layer.content { return (w, h) }
        return nil
      }.first
      found = (layers, size?.0, size?.1)
    }
    if found == nil {
      // A precomp layer of that name in any composition names its asset.
      let all = [animation.layers] + Array(animation.precomps.values)
      search: for list in all {
        for layer in list where layer.name == name {
          if case .precomp(let id, let w, let h, _) = layer.content, let layers = animation.precomps[id] {
            found = (layers, w, h)
            break search
          }
        }
      }
    }
    guard let found else { return nil }
    let scope = ExpressionScope(
      layers: found.layers, animation: animation, engine: engine, name: name, width: found.width,
      height: found.height)
    comps[name] = scope
    return scope
  }

  // MARK: - Evaluating

  package func evaluate<V>(_ property: ExpressionProperty<V>, at frame: Double) -> V? {
    guard depth < Self.maxDepth else { return nil }
    let program = property.program
    let interpreter = engine.interpreter
    if depth == 0 { engine.enter(frame: frame) }
    depth += 1
    let savedRandom = interpreter.random
    defer {
      depth -= 1
      interpreter.random = savedRandom
      // The result is taken: what the evaluation made (cycles included) is freed now, not at the next one.
      if depth == 0 { interpreter.releaseEvaluation() }
    }
    interpreter.random = SeededRandom(seed: property.seed ^ frame.bitPattern)
    // What a try of this expression caught is this expression's (one it reads has its own).
    let outerCaught = interpreter.caught
    interpreter.caught = nil
    defer { interpreter.caught = outerCaught }
    let evaluation = Evaluation(
      scope: self, frame: frame, owner: property.owner, own: property.own, keyframes: property.keyframeFrames,
      seed: property.seed, propertyName: property.selfProperty ?? Self.keyName(property.path), path: property.path)
    do {
      let result = try interpreter.run(
        program, names: evaluation.names(), lookup: { name throws(ExpressionError) in try evaluation.global(name) })
      // A text document takes any value as its text (`sourceText`: a counter, a date, words from sliders).
      var output = ExpressionScope.output(result)
      if V.self == TextDocument.self {
        if case .numbers(let n)? = output, n.count == 1 {
        } else {
          output = .text(try interpreter.string(result))
        }
      }
      guard let output, let value = property.convert(output, frame) else {
        var visited = 0
        let shown = result.stringValue(limit: 200, visited: &visited, maxVisits: 10_000) ?? "(too long to show)"
        throw ExpressionError(
          .runtime, "the result (\(result.typeName) \(shown.prefix(40))) is not a value for this property")
      }
      engine.recordSuccess(property.path)
      if let caught = interpreter.caught { engine.recordFallback(property.path, caught) }
      return value
    } catch let error as ExpressionError {
      engine.record(property.path, error)
      return nil
    } catch {
      engine.record(property.path, ExpressionError(.runtime, "\(error)"))
      return nil
    }
  }

  /// The last key of a path (`s` for `...ks.s`), a property's name when it has no longer one.
  static func keyName(_ path: JSONPath) -> String {
    for c in path.components.reversed() { if case .key(let k) = c { return k } }
    return ""
  }

  /// A result as the property's kind of value: finite numbers, or a path.
  static func output(_ value: JSValue) -> ExpressionOutput? {
    if case .object(let o) = value, let path = o.payload as? BezierPath { return .path(path) }
    guard let numbers = value.numbers, !numbers.isEmpty, numbers.allSatisfy(\.isFinite) else { return nil }
    return .numbers(numbers)
  }

  /// A property's value read by another expression: with its own expression (through this scope) while under
  /// the depth limit, else its keyframes.
  func read<V: ExpressionConvertible>(_ property: Animatable<V>, at frame: Double) -> ExpressionOutput {
    if case .expression(let e) = property, let v = evaluate(e, at: frame) { return v.expressionOutput }
    return V.ownValue(property.withoutExpression, at: frame).expressionOutput
  }
}

extension JSValue {
  /// A property's value as an expression sees it.
  static func output(_ output: ExpressionOutput) -> JSValue {
    switch output {
    case .numbers(let n): return .numbers(n)
    case .path(let p): return PathObjects.make(p)
    case .text(let text): return .string(text)
    }
  }
}
