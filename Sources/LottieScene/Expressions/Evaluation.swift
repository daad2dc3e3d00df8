import Expressions
import Foundation
import Lottie

/// One evaluation of one property's expression: the names its program sees (`time`, `value`,
/// `thisProperty`, `thisLayer`, `thisComp`, ...), made when first read.
final class Evaluation {
  unowned let scope: ExpressionScope
  let frame: Double
  let owner: Int
  let own: (Double) -> ExpressionOutput
  let keyframes: [Double]
  let seed: UInt64
  let propertyName: String
  let path: JSONPath
  private var layerObject: JSValue?

  init(
    scope: ExpressionScope, frame: Double, owner: Int, own: @escaping (Double) -> ExpressionOutput,
    keyframes: [Double], seed: UInt64, propertyName: String, path: JSONPath
  ) {
    self.path = path
    self.scope = scope
    self.frame = frame
    self.owner = owner
    self.own = own
    self.keyframes = keyframes
    self.seed = seed
    self.propertyName = propertyName
  }

  var seconds: Double { frame / scope.frameRate }

  func names() -> [String: JSValue] {
    ["time": .number(seconds), "value": .output(own(frame))]
  }

  /// This property as `thisProperty` (its `value` and `valueAtTime` without the expression).
  lazy var thisProperty: PropertyBinding = PropertyBinding(
    name: propertyName, keyframes: keyframes, frameRate: scope.frameRate, value: own, own: own,
    parents: parentGroups())

  /// `thisProperty.propertyGroup(1)`, `(2)`, ...: the groups around the property, found from its JSON path
  /// (a layer transform's property is in the transform, then the layer; a shape item's in the item, its
  /// groups, the layer's contents, the layer; an effect parameter in the effect, the effects, the layer).
  func parentGroups() -> [() -> JSValue] {
    let steps = path.components
    guard let layerStep = steps.lastIndex(of: .key("layers")), layerStep + 1 < steps.count else { return [] }
    let rest = Array(steps[(layerStep + 2)...])
    let layerValue: () -> JSValue = { [unowned self] in self.thisLayer }
    func member(_ v: JSValue, _ key: String) -> JSValue {
      guard case .object(let o) = v else { return .undefined }
      return ((try? o.get(key)) ?? nil) ?? .undefined
    }
    guard let first = rest.first else { return [layerValue] }
    switch first {
    case .key("ks"):
      return [{ member(layerValue(), "transform") }, layerValue]
    case .key("ef"):
      guard rest.count > 1, case .index(let i) = rest[1] else { return [layerValue] }
      let effects: () -> JSValue = { member(layerValue(), "effect") }
      let effect: () -> JSValue = { [unowned self] in
        guard let f = effects().asFunction else { return .undefined }
        return (try? self.scope.engine.interpreter.call(.object(f), this: .undefined, [.number(Double(i + 1))]))
          ?? .undefined
      }
      return [effect, effects, layerValue]
    case .key("shapes"):
      // The chain of items: shapes[i].it[j].it[k]...; the property's own item is the last.
      var indices: [Int] = []
      var k = 1
      while k < rest.count, case .index(let i) = rest[k] {
        indices.append(i)
        if k + 2 < rest.count, rest[k + 1] == .key("it") { k += 2 } else { break }
      }
      guard case .shapes(let items)? = scope.layers.indices.contains(owner) ? scope.layers[owner].content : nil
      else { return [layerValue] }
      var chain: [() -> JSValue] = []
      var level = items
      for i in indices {
        guard level.indices.contains(i) else { break }
        let item = level[i]
        let name = item.name
        let previous = chain.last ?? { member(layerValue(), "content") }
        chain.append({ [unowned self] in
          let container = previous()
          guard let f = container.asFunction else { return .undefined }
          return (try? self.scope.engine.interpreter.call(.object(f), this: .undefined, [.string(name)])) ?? .undefined
        })
        if case .group(let children) = item.kind { level = children } else { level = [] }
      }
      return chain.reversed() + [{ member(layerValue(), "content") }, layerValue]
    default:
      return [layerValue]
    }
  }

  var thisLayer: JSValue {
    if let l = layerObject { return l }
    let l = scope.layers.indices.contains(owner) ? LayerObjects.layer(owner, scope, self) : .undefined
    layerObject = l
    return l
  }

  /// A name the program reads that it does not define.
  func global(_ name: String) throws(ExpressionError) -> JSValue? {
    let property = PropertyObjects.members(thisProperty, self)
    switch name {
    case "thisProperty": return PropertyObjects.object(thisProperty, self)
    case "thisLayer": return thisLayer
    case "thisComp": return CompObjects.comp(scope, self)
    case "comp":
      return .function("comp") { [unowned self] i, _, a throws(ExpressionError) in
        let name = a[argument: 0].stringValue
        guard let s = self.scope.comp(name) else { throw i.typeError("no composition named '\(name)'") }
        return CompObjects.comp(s, self)
      }
    case "timeToFrames":
      return .function(name) { [unowned self] _, _, a throws(ExpressionError) in
        let t = a.count > 0 ? a[0].numberValue : self.seconds
        let fps = a.count > 1 ? a[1].numberValue : self.scope.frameRate
        return .number((t * fps).rounded(.down))
      }
    case "framesToTime":
      return .function(name) { [unowned self] _, _, a throws(ExpressionError) in
        .number(a[argument: 0].numberValue / (a.count > 1 ? a[1].numberValue : self.scope.frameRate))
      }
    case "posterizeTime":
      return .function(name) { [unowned self] i, _, a throws(ExpressionError) in
        let fps = a[argument: 0].numberValue
        let t = fps == 0 || !fps.isFinite ? 0 : (self.seconds * fps).rounded(.down) / fps
        i.setVariable("time", .number(t))
        i.setVariable("value", .output(self.own(t * self.scope.frameRate)))
        return .undefined
      }
    case "seedRandom":
      return .function(name) { [unowned self] i, _, a throws(ExpressionError) in
        let n = a[argument: 0].numberValue
        let timeless = a[argument: 1].isTruthy
        var s = self.seed ^ (n.isFinite ? n.bitPattern : 0) &* 0x9E37_79B9_7F4A_7C15
        if !timeless { s ^= self.frame.bitPattern }
        i.random = SeededRandom(seed: s)
        return .undefined
      }
    case "createPath": return PathObjects.createPath
    case "active", "enabled": return .boolean(true)
    default: break
    }
    if let v = try property(name) { return v }
    // The layer's attributes are names of their own (`transform`, `index`, `effect(...)`, `position`, ...).
    if case .object(let layer) = thisLayer, let v = try layer.get(name) { return v }
    if ["position", "scale", "rotation", "opacity", "anchorPoint"].contains(name), case .object(let layer) = thisLayer,
      case .object(let t)? = try layer.get("transform"), let v = try t.get(name)
    {
      return v
    }
    return nil
  }
}
