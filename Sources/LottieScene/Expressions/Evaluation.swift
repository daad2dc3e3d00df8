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
    parents: parentGroups(), index: propertyIndex())

  /// The indices After Effects writes (`ix`) for the properties of each kind of item, by JSON key: rigs read
  /// `thisProperty.propertyIndex` and call groups with it.
  static let propertyIndices: [String: [String: Int]] = [
    "ks": ["a": 1, "p": 2, "s": 6, "r": 10, "rz": 10, "o": 11, "rx": 8, "ry": 9, "or": 7, "px": 3, "py": 4],
    "tr": ["a": 1, "p": 2, "s": 3, "sk": 4, "sa": 5, "r": 6, "o": 7],
    "fl": ["c": 4, "o": 5], "st": ["c": 3, "o": 4, "w": 5], "gf": ["s": 5, "e": 6, "o": 10],
    "gs": ["s": 4, "e": 5, "o": 9, "w": 10], "rptr": ["a": 1, "p": 2, "s": 3, "r": 4, "so": 5, "eo": 6],
    "el": ["s": 2, "p": 3], "rc": ["s": 2, "p": 3, "r": 4],
    "sr": ["pt": 3, "p": 4, "r": 5, "ir": 6, "or": 7, "is": 8, "os": 9], "sh": ["ks": 2],
    "tm": ["s": 1, "e": 2, "o": 3], "rd": ["r": 1], "rp": ["c": 1, "o": 2],
    "masksProperties": ["pt": 1, "o": 3, "x": 4],
  ]

  /// This property's index in its group (`thisProperty.propertyIndex`), from its JSON path: 1 when unknown.
  func propertyIndex() -> Int {
    let steps = path.components
    guard let layerStep = steps.lastIndex(of: .key("layers")), layerStep + 2 < steps.count else { return 1 }
    let rest = Array(steps[(layerStep + 2)...])
    var keys: [String] = []
    for step in rest { if case .key(let k) = step { keys.append(k) } }
    guard let first = keys.first, var key = keys.last else { return 1 }
    switch first {
    case "ks":
      // A split position's dimensions: `ks.p.x`, `ks.p.y`.
      if keys.count >= 3, keys[keys.count - 2] == "p" { key = key == "x" ? "px" : "py" }
      return Self.propertyIndices["ks"]?[key] ?? 1
    case "masksProperties": return Self.propertyIndices["masksProperties"]?[key] ?? 1
    case "ef":
      // ef[i].ef[j].v: the parameter's own index.
      guard rest.count > 3, case .index(let i) = rest[1], case .index(let j) = rest[3],
        scope.layers.indices.contains(owner)
      else { return 1 }
      let controls = scope.layers[owner].expressionControls
      guard controls.indices.contains(i), controls[i].parameters.indices.contains(j) else { return j + 1 }
      return controls[i].parameters[j].index
    case "shapes":
      guard let item = ownItem() else { return 1 }
      // A repeater's transform: `...rp.tr.r`.
      if item.type == "rp", keys.count >= 2, keys[keys.count - 2] == "tr" {
        return Self.propertyIndices["rptr"]?[key] ?? 1
      }
      return Self.propertyIndices[item.type]?[key] ?? 1
    default: return 1
    }
  }

  /// The shape item holding this property (`shapes[i].it[j]...`), nil when it is not in one.
  func ownItem() -> ShapeItem? {
    let steps = path.components
    guard let layerStep = steps.lastIndex(of: .key("layers")), layerStep + 2 < steps.count,
      case .shapes(let items)? = scope.layers.indices.contains(owner) ? scope.layers[owner].content : nil
    else { return nil }
    let rest = Array(steps[(layerStep + 2)...])
    var level = items
    var found: ShapeItem? = nil
    var k = 1
    while k < rest.count, case .index(let i) = rest[k] {
      guard let item = level.first(where: { $0.index == i }) else { return nil }
      found = item
      if case .group(let children) = item.kind { level = children } else { level = [] }
      if k + 2 < rest.count, rest[k + 1] == .key("it") { k += 2 } else { break }
    }
    return found
  }

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
        // Items by their place in the JSON (hidden ones are not in the model, so not by position in it).
        guard let item = level.first(where: { $0.index == i }) else { break }
        let previous = chain.last
        let root: () -> JSValue = { member(layerValue(), "content") }
        chain.append({ [unowned self] in
          let interpreter = self.scope.engine.interpreter
          // A group's transform is the group's ("ADBE Vector Transform Group"), not an item of its contents.
          if case .transform = item.kind {
            guard let previous, let group = previous().asFunction else { return .undefined }
            return (try? interpreter.call(.object(group), this: .undefined, [.string("ADBE Vector Transform Group")]))
              ?? .undefined
          }
          // The layer's contents, or the enclosing group's ("ADBE Vectors Group"), called with the item's number.
          var container = root()
          if let previous, let group = previous().asFunction {
            container =
              (try? interpreter.call(.object(group), this: .undefined, [.string("ADBE Vectors Group")])) ?? .undefined
          }
          guard let f = container.asFunction else { return .undefined }
          return (try? interpreter.call(.object(f), this: .undefined, [.number(Double(i + 1))])) ?? .undefined
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
    // Bodymovin's lowercase aliases and After Effects' names lottie-web gives as globals.
    case "loop_out": return try property("loopOut")
    case "loop_in": return try property("loopIn")
    case "fromCompToSurface":
      guard case .object(let layer) = thisLayer else { return nil }
      return try layer.get("fromComp")
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
