import Expressions
import Foundation
import Lottie

/// Layers, their transforms, shape contents and expression controls as expressions see them (the names of
/// lottie-web's `LayerExpressionInterface`, `TransformExpressionInterface` and `ShapeExpressionInterface`).
enum LayerObjects {
  /// A group of named members, callable by name or 1-based index (`content("Group 1")`, `effect(2)`).
  static func group(
    name: String, members: [(String, () -> JSValue)],
    extra: @escaping (String) throws(ExpressionError) -> JSValue? = {
      _ in nil
    }
  ) -> JSValue {
    let f = JSFunction(
      name: name,
      lookup: { key throws(ExpressionError) in
        if key == "name" { return .string(name) }
        if key == "numProperties" { return .number(Double(members.count)) }
        if let v = try extra(key) { return v }
        return members.first { $0.0 == key }?.1()
      }
    ) { i, _, a throws(ExpressionError) in
      let selector = a[argument: 0]
      if case .number(let n) = selector {
        let k = Int(clamping: n)
        guard k >= 1, k <= members.count else { throw i.typeError("\(name)(\(k)): no such item") }
        return members[k - 1].1()
      }
      let key = selector.stringValue
      if let m = members.first(where: { $0.0 == key }) { return m.1() }
      if let v = try extra(key) { return v }
      throw i.typeError("\(name)('\(key)'): no such item")
    }
    return .object(f)
  }

  static func layer(_ position: Int, _ scope: ExpressionScope, _ e: Evaluation) -> JSValue {
    let layer = scope.layers[position]
    let rate = scope.frameRate
    var object: JSValue = .undefined
    let this: () -> JSValue = { object }
    let transform = self.transform(layer.transform, scope, e, parents: [this])
    var size: (Double, Double) = (scope.width, scope.height)
    switch layer.content {
    case .precomp(_, let w, let h, _), .solid(_, let w, let h): size = (w, h)
    default: break
    }
    let lookup: (String) throws(ExpressionError) -> JSValue? = {
      [unowned scope, unowned e] name throws(ExpressionError) in
      switch name {
      case "index": return .number(Double(layer.index ?? position + 1))
      case "name": return .string(layer.name)
      case "inPoint": return .number(layer.inPoint / rate)
      case "outPoint": return .number(layer.outPoint / rate)
      case "startTime": return .number(layer.startTime / rate)
      case "hasParent": return .boolean(parentPosition(layer, scope) != nil)
      case "parent":
        guard let p = parentPosition(layer, scope) else { return .undefined }
        return LayerObjects.layer(p, scope, e)
      case "transform": return transform
      case "position", "anchorPoint", "scale", "rotation", "opacity":
        // lottie-web's layers read their transform's properties directly too (`thisComp.layer(1).rotation`).
        guard case .object(let t) = transform else { return nil }
        return try t.get(name)
      case "width": return .number(size.0)
      case "height": return .number(size.1)
      case "active", "enabled": return .boolean(e.frame >= layer.inPoint && e.frame < layer.outPoint)
      case "content":
        var items: [ShapeItem] = []
        if case .shapes(let s) = layer.content { items = s }
        let root = contents(items, scope, e, parents: [this])
        return .function("content") { i, _, a throws(ExpressionError) in
          guard let f = root.asFunction else { return .undefined }
          return try i.call(.object(f), this: .undefined, a)
        }
      case "effect": return effects(layer, scope, e, parents: [this])
      case "mask":
        let members: [(String, () -> JSValue)] = layer.masks.enumerated().map { k, m in
          let maskParents: [() -> JSValue] = [this]
          return (
            "Mask \(k + 1)",
            {
              group(
                name: "Mask \(k + 1)",
                members: [
                  (
                    "maskPath",
                    { PropertyObjects.object(.make(m.path, name: "maskPath", scope: scope, parents: maskParents), e) }
                  ),
                  ("maskOpacity", { PropertyObjects.object(.make(m.opacity, name: "maskOpacity", scope: scope), e) }),
                  (
                    "maskExpansion",
                    { PropertyObjects.object(.make(m.expansion, name: "maskExpansion", scope: scope), e) }
                  ),
                ])
            }
          )
        }
        return group(name: "mask", members: members)
      case "toComp", "toWorld", "fromComp", "fromWorld":
        return .function(name) { _, _, a throws(ExpressionError) in
          let p = a[argument: 0].numbers ?? [0, 0]
          let t = a.count > 1 ? a[1].numberValue * rate : e.frame
          var m = matrix(position, scope, at: t)
          if name.hasPrefix("from") { m = m.inverted }
          let x = p.count > 0 ? p[0] : 0
          let y = p.count > 1 ? p[1] : 0
          var out = [m.a * x + m.c * y + m.tx, m.b * x + m.d * y + m.ty]
          if p.count > 2 { out.append(p[2]) }
          return .numbers(out)
        }
      case "sourceRectAtTime":
        return .function(name) { _, _, _ throws(ExpressionError) in
          .object(
            JSObject([
              ("top", .number(0)), ("left", .number(0)), ("width", .number(size.0)), ("height", .number(size.1)),
            ]))
        }
      case "timeRemap":
        if case .precomp(_, _, _, let remap?) = layer.content {
          return PropertyObjects.object(.make(remap, name: "timeRemap", scope: scope), e)
        }
        return .undefined
      default: return nil
      }
    }
    // A layer is called with a group's name or match name too: `thisLayer("ADBE Root Vectors Group")`.
    let o = JSFunction(name: layer.name, lookup: lookup) { i, _, a throws(ExpressionError) in
      let key = a[argument: 0].stringValue
      switch key {
      case "Transform", "ADBE Transform Group": return try lookup("transform") ?? .undefined
      case "Effects", "ADBE Effect Parade": return try lookup("effect") ?? .undefined
      case "Masks", "ADBE Mask Parade": return try lookup("mask") ?? .undefined
      case "Contents", "ADBE Root Vectors Group": return try lookup("content") ?? .undefined
      default:
        if let v = try lookup(key) { return v }
        guard let content = try lookup("content") else { return .undefined }
        return try i.call(content, this: .undefined, a)
      }
    }
    object = .object(o)
    return object
  }

  /// After Effects' display and match names of transform properties, as groups are called with them.
  static let transformAliases: [String: String] = [
    "Anchor Point": "anchorPoint", "ADBE Anchor Point": "anchorPoint", "Position": "position",
    "ADBE Position": "position", "Scale": "scale", "ADBE Scale": "scale", "Rotation": "rotation",
    "ADBE Rotate Z": "rotation", "Opacity": "opacity", "ADBE Opacity": "opacity", "Skew": "skew",
    "ADBE Skew": "skew", "Skew Axis": "skewAxis", "ADBE Skew Axis": "skewAxis", "X Position": "xPosition",
    "Y Position": "yPosition", "ADBE Vector Position": "position", "ADBE Vector Scale": "scale",
    "ADBE Vector Rotation": "rotation", "ADBE Vector Group Opacity": "opacity", "ADBE Vector Anchor": "anchorPoint",
  ]

  static func parentPosition(_ layer: Layer, _ scope: ExpressionScope) -> Int? {
    guard let index = layer.parent, let p = scope.position(index: index) else { return nil }
    return scope.layers[p].index == layer.index ? nil : p
  }

  /// A 2D affine matrix (x' = a x + c y + tx, y' = b x + d y + ty).
  struct Matrix {
    var a = 1.0
    var b = 0.0
    var c = 0.0
    var d = 1.0
    var tx = 0.0
    var ty = 0.0

    /// self then `m` (m * self).
    func then(_ m: Matrix) -> Matrix {
      Matrix(
        a: m.a * a + m.c * b, b: m.b * a + m.d * b, c: m.a * c + m.c * d, d: m.b * c + m.d * d,
        tx: m.a * tx + m.c * ty + m.tx, ty: m.b * tx + m.d * ty + m.ty)
    }

    var inverted: Matrix {
      let det = a * d - b * c
      guard det != 0, det.isFinite else { return Matrix() }
      return Matrix(
        a: d / det, b: -b / det, c: -c / det, d: a / det, tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
  }

  /// The layer's matrix to its composition at `frame` (its parents' included; skew left out).
  static func matrix(_ position: Int, _ scope: ExpressionScope, at frame: Double) -> Matrix {
    var m = Matrix()
    var current: Int? = position
    var seen = 0
    while let p = current, seen < 64 {
      let t = scope.layers[p].transform
      let anchor = scope.read(t.anchor, at: frame).numbers ?? [0, 0]
      let scale = scope.read(t.scale, at: frame).numbers ?? [100, 100]
      let rotation = (scope.read(t.rotation, at: frame).numbers?.first ?? 0) * .pi / 180
      var pos: [Double]
      switch t.position {
      case .combined(let c): pos = scope.read(c, at: frame).numbers ?? [0, 0]
      case .split(let x, let y):
        pos = [scope.read(x, at: frame).numbers?.first ?? 0, scope.read(y, at: frame).numbers?.first ?? 0]
      }
      func at(_ v: [Double], _ i: Int, _ d: Double) -> Double { i < v.count ? v[i] : d }
      let sx = at(scale, 0, 100) / 100
      let sy = at(scale, 1, 100) / 100
      let (sinR, cosR) = (sin(rotation), cos(rotation))
      let local = Matrix(a: cosR * sx, b: sinR * sx, c: -sinR * sy, d: cosR * sy, tx: 0, ty: 0)
      var l = local
      l.tx = at(pos, 0, 0) - (local.a * at(anchor, 0, 0) + local.c * at(anchor, 1, 0))
      l.ty = at(pos, 1, 0) - (local.b * at(anchor, 0, 0) + local.d * at(anchor, 1, 0))
      m = m.then(l)
      current = parentPosition(scope.layers[p], scope)
      seen += 1
    }
    return m
  }

  static func transform(_ t: Transform, _ scope: ExpressionScope, _ e: Evaluation, parents: [() -> JSValue]) -> JSValue
  {
    var group: JSValue = .undefined
    let groupParents: [() -> JSValue] = [{ group }] + parents
    func property<V: ExpressionConvertible>(_ a: Animatable<V>, _ name: String, _ index: Int) -> (String, () -> JSValue)
    {
      (name, { PropertyObjects.object(.make(a, name: name, scope: scope, parents: groupParents, index: index), e) })
    }
    var members: [(String, () -> JSValue)] = [
      property(t.anchor, "anchorPoint", 1), property(t.scale, "scale", 3), property(t.rotation, "rotation", 4),
      property(t.opacity, "opacity", 5), property(t.skew, "skew", 6), property(t.skewAxis, "skewAxis", 7),
      property(t.rotation, "rotationZ", 4),
    ]
    switch t.position {
    case .combined(let p):
      members.append(property(p, "position", 2))
    case .split(let x, let y):
      members.append(property(x, "xPosition", 2))
      members.append(property(y, "yPosition", 2))
      let binding = PropertyBinding(
        name: "position", keyframes: [], frameRate: scope.frameRate,
        value: { [unowned scope] f in
          .numbers([scope.read(x, at: f).numbers?.first ?? 0, scope.read(y, at: f).numbers?.first ?? 0])
        },
        own: { f in .numbers([x.withoutExpression.value(at: f), y.withoutExpression.value(at: f)]) },
        parents: groupParents, index: 2)
      members.append(("position", { PropertyObjects.object(binding, e) }))
    }
    if let x = t.rotationX { members.append(property(x, "xRotation", 8)) }
    if let y = t.rotationY { members.append(property(y, "yRotation", 9)) }
    if let o = t.orientation { members.append(property(o, "orientation", 10)) }
    let byName = members
    for (alias, name) in transformAliases {
      if let m = byName.first(where: { $0.0 == name }) { members.append((alias, m.1)) }
    }
    group = self.group(name: "transform", members: members)
    return group
  }

  /// Shape items by name (`content("Group 1").content("Path 1").path`), with their animatable properties.
  static func contents(_ items: [ShapeItem], _ scope: ExpressionScope, _ e: Evaluation, parents: [() -> JSValue])
    -> JSValue
  {
    var group: JSValue = .undefined
    let here: [() -> JSValue] = [{ group }] + parents
    let members: [(String, () -> JSValue)] = items.map { item in
      (item.name, { shapeItem(item, scope, e, parents: here) })
    }
    group = self.group(name: "content", members: members)
    return group
  }

  static func shapeItem(_ item: ShapeItem, _ scope: ExpressionScope, _ e: Evaluation, parents: [() -> JSValue])
    -> JSValue
  {
    var object: JSValue = .undefined
    let here: [() -> JSValue] = [{ object }] + parents
    func property<V: ExpressionConvertible>(_ a: Animatable<V>, _ name: String, _ index: Int) -> (String, () -> JSValue)
    {
      (name, { PropertyObjects.object(.make(a, name: name, scope: scope, parents: here, index: index), e) })
    }
    var members: [(String, () -> JSValue)] = []
    var extra: (String) throws(ExpressionError) -> JSValue? = { _ in nil }
    switch item.kind {
    case .group(let children):
      let inner = contents(children, scope, e, parents: here)
      members = children.map { child in (child.name, { shapeItem(child, scope, e, parents: here) }) }
      extra = { name in
        switch name {
        case "content", "Contents", "ADBE Vectors Group": return inner
        case "transform", "Transform", "ADBE Vector Transform Group":
          for child in children {
            if case .transform(let t) = child.kind { return transform(t, scope, e, parents: here) }
          }
          return .undefined
        default: return nil
        }
      }
    case .rectangle(let p, let s, let r, _):
      members = [property(s, "size", 2), property(p, "position", 3), property(r, "roundness", 4)]
    case .ellipse(let p, let s, _): members = [property(s, "size", 2), property(p, "position", 3)]
    case .path(let path, _): members = [property(path, "path", 1)]
    case .polystar(let s):
      members = [
        property(s.points, "points", 1), property(s.position, "position", 2), property(s.rotation, "rotation", 3),
        property(s.innerRadius, "innerRadius", 4), property(s.outerRadius, "outerRadius", 5),
        property(s.innerRoundness, "innerRoundness", 6), property(s.outerRoundness, "outerRoundness", 7),
      ]
    case .fill(let c, let o, _): members = [property(c, "color", 1), property(o, "opacity", 2)]
    case .stroke(let c, let o, let style):
      members = [property(c, "color", 1), property(o, "opacity", 2), property(style.width, "strokeWidth", 3)]
    case .gradientFill(let g, let o, _), .gradientStroke(let g, let o, _):
      members = [property(g.start, "startPoint", 1), property(g.end, "endPoint", 2), property(o, "opacity", 3)]
    case .transform(let t): return transform(t, scope, e, parents: parents)
    case .trim(let s, let en, let off, _):
      members = [property(s, "start", 1), property(en, "end", 2), property(off, "offset", 3)]
    case .roundCorners(let r): members = [property(r, "radius", 1)]
    case .repeater(let r):
      members = [property(r.copies, "copies", 1), property(r.offset, "offset", 2)]
      extra = { name in name == "transform" ? transform(r.transform, scope, e, parents: here) : nil }
    default: break
    }
    object = group(name: item.name, members: members, extra: extra)
    return object
  }

  /// Expression controls: `effect("Slider Control")("Slider")`, by name or index, `.param(...)` too.
  static func effects(_ layer: Layer, _ scope: ExpressionScope, _ e: Evaluation, parents: [() -> JSValue]) -> JSValue {
    let members: [(String, () -> JSValue)] = layer.expressionControls.map { control in
      (
        control.name,
        {
          var effect: JSValue = .undefined
          let here: [() -> JSValue] = [{ effect }] + parents
          let params: [(String, () -> JSValue)] = control.parameters.enumerated().map { k, p in
            (
              p.name,
              {
                guard let value = p.value else { return .undefined }
                return PropertyObjects.object(.make(value, name: p.name, scope: scope, parents: here, index: k + 1), e)
              }
            )
          }
          var paramGroup: JSValue = .undefined
          paramGroup = group(
            name: control.name, members: params,
            extra: { name in
              guard name == "param" else { return nil }
              return .function("param") { i, _, a throws(ExpressionError) in
                guard let f = paramGroup.asFunction else { return .undefined }
                return try i.call(.object(f), this: .undefined, a)
              }
            })
          effect = paramGroup
          return effect
        }
      )
    }
    return group(name: "effect", members: members)
  }
}

/// Compositions as expressions see them: `thisComp` and `comp("name")`.
enum CompObjects {
  static func comp(_ scope: ExpressionScope, _ e: Evaluation) -> JSValue {
    let rate = scope.frameRate
    let o = JSObject(lookup: { [unowned scope] name throws(ExpressionError) in
      switch name {
      case "name": return .string(scope.name)
      case "numLayers": return .number(Double(scope.layers.count))
      case "width": return .number(scope.width)
      case "height": return .number(scope.height)
      case "duration": return .number(scope.animation.duration)
      case "frameDuration": return .number(1 / rate)
      case "displayStartTime": return .number(0)
      case "layer":
        return .function("layer") { i, _, a throws(ExpressionError) in
          let selector = a[argument: 0]
          var position: Int?
          switch selector.primitive {
          case .number(let n):
            // `layer(otherLayer, relIndex)` reads relative to a layer; `layer(n)` is by index (`ind`), as
            // lottie-web counts.
            position = scope.position(index: Int(clamping: n))
            if position == nil, n >= 1, Int(clamping: n) <= scope.layers.count { position = Int(clamping: n) - 1 }
          case .string(let s): position = scope.position(named: s)
          case .object(let layer):
            let index = try layer.get("index")?.numberValue ?? .nan
            let offset = a.count > 1 ? a[1].numberValue : 0
            position = scope.position(index: Int(clamping: index + offset))
          default: position = nil
          }
          guard let p = position, scope.layers.indices.contains(p) else {
            throw i.typeError("thisComp.layer(\(selector.stringValue)): no such layer")
          }
          if scope === e.scope, p == e.owner { return e.thisLayer }
          return LayerObjects.layer(p, scope, e)
        }
      case "marker":
        let markers = scope.animation.markers
        let keys = JSObject(lookup: { key in
          switch key {
          case "numKeys": return .number(Double(markers.count))
          case "key", "nearestKey":
            return .function(key) { i, _, a throws(ExpressionError) in
              guard !markers.isEmpty else { throw i.typeError("the composition has no markers") }
              var k = 0
              if key == "key" {
                if case .string(let s) = a[argument: 0] {
                  guard let found = markers.firstIndex(where: { $0.name == s }) else {
                    throw i.typeError("no marker '\(s)'")
                  }
                  k = found
                } else {
                  k = Int(clamping: a[argument: 0].numberValue) - 1
                  guard markers.indices.contains(k) else { throw i.typeError("key(\(k + 1)): no such marker") }
                }
              } else {
                let f = a[argument: 0].numberValue * rate
                for (j, m) in markers.enumerated() where abs(m.frame - f) < abs(markers[k].frame - f) { k = j }
              }
              let m = markers[k]
              return .object(
                JSObject([
                  ("time", .number(m.frame / rate)), ("index", .number(Double(k + 1))), ("comment", .string(m.name)),
                  ("duration", .number(m.duration / rate)), ("name", .string(m.name)),
                ]))
            }
          default: return nil
          }
        })
        return .object(keys)
      default: return nil
      }
    })
    return .object(o)
  }
}
