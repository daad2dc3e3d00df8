import Expressions
import Foundation
import Lottie

/// Layers, their transforms, shape contents and expression controls as expressions see them (the names of
/// lottie-web's `LayerExpressionInterface`, `TransformExpressionInterface` and `ShapeExpressionInterface`).
enum LayerObjects {
  /// A member of a group as expressions reach it: by any of its names (the name lottie-web's members have, After
  /// Effects' display name and match name) or, called with a number, by its index (the `ix` After Effects
  /// writes: a layer transform's rotation is 10, a fill's colour 4).
  struct Member {
    var names: [String]
    var index: Int?
    var value: () -> JSValue

    init(_ names: [String], index: Int? = nil, _ value: @escaping () -> JSValue) {
      self.names = names
      self.index = index
      self.value = value
    }
  }

  /// A group of named members, callable by name or 1-based index (`content("Group 1")`, `effect(2)`): its
  /// members answer to their names and indices (`Member`); a number no member has as its index
  /// picks the member at that position when `byPosition`. `matchName` and `propertyIndex` are the group's
  /// own (`mn`, `propertyIndex` as lottie-web gives them).
  static func group(
    name: String, matchName: String = "", propertyIndex: Int? = nil, members: [Member], byPosition: Bool = true,
    extra: @escaping (String) throws(ExpressionError) -> JSValue? = { _ in nil },
    number: ((Int) throws(ExpressionError) -> JSValue?)? = nil
  ) -> JSValue {
    let f = JSFunction(
      name: name,
      lookup: { key throws(ExpressionError) in
        switch key {
        case "name", "_name": return .string(name)
        case "numProperties": return .number(Double(members.count))
        case "mn", "matchName": return matchName.isEmpty ? nil : .string(matchName)
        case "propertyIndex": return propertyIndex.map { .number(Double($0)) }
        default: break
        }
        if let v = try extra(key) { return v }
        return members.first { $0.names.contains(key) }?.value()
      }
    ) { i, _, a throws(ExpressionError) in
      let selector = a[argument: 0]
      if case .number(let n) = selector.primitive {
        let k = Int(clamping: n)
        if let m = members.first(where: { $0.index == k }) { return m.value() }
        if let number, let v = try number(k) { return v }
        guard byPosition, k >= 1, k <= members.count else { throw i.typeError("\(name)(\(k)): no such item") }
        return members[k - 1].value()
      }
      let key = selector.stringValue
      if let m = members.first(where: { $0.names.contains(key) }) { return m.value() }
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
      case "name", "_name": return .string(layer.name)
      case "inPoint": return .number(layer.inPoint / rate)
      case "outPoint": return .number(layer.outPoint / rate)
      case "startTime": return .number(layer.startTime / rate)
      case "hasParent": return .boolean(parentPosition(layer, scope) != nil)
      case "parent":
        guard let p = parentPosition(layer, scope) else { return .undefined }
        return LayerObjects.layer(p, scope, e)
      case "transform": return transform
      case "anchor_point":
        guard case .object(let t) = transform else { return nil }
        return try t.get("anchorPoint")
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
      // Bodymovin writes no layer markers: a layer has none (rigs test `marker.numKeys > 0`).
      case "marker": return CompObjects.markerKeys([], rate: rate, owner: "the layer")
      case "text":
        guard case .text(let text) = layer.content else { return nil }
        return self.text(text, scope, e)
      case "mask":
        // By the mask's name (`nm`) or position, as lottie-web finds them; their properties by After Effects'
        // names and indices too (`mask("Mask 1")("ADBE Mask Shape")`).
        let members: [Member] = layer.masks.enumerated().map { k, m in
          Member([m.name.isEmpty ? "Mask \(k + 1)" : m.name], index: k + 1) {
            var mask: JSValue = .undefined
            let here: [() -> JSValue] = [{ mask }, this]
            func property(_ a: Animatable<Double>, _ names: [String], _ index: Int) -> Member {
              Member(names, index: index) {
                PropertyObjects.object(.make(a, name: names[1], scope: scope, parents: here, index: index), e)
              }
            }
            mask = group(
              name: m.name.isEmpty ? "Mask \(k + 1)" : m.name, matchName: "ADBE Mask Atom", propertyIndex: k + 1,
              members: [
                Member(["maskPath", "Mask Path", "ADBE Mask Shape"], index: 1) {
                  PropertyObjects.object(.make(m.path, name: "Mask Path", scope: scope, parents: here, index: 1), e)
                },
                property(m.opacity, ["maskOpacity", "Mask Opacity", "ADBE Mask Opacity"], 3),
                property(m.expansion, ["maskExpansion", "Mask Expansion", "ADBE Mask Offset"], 4),
              ], byPosition: false)
            return mask
          }
        }
        return group(name: "Masks", matchName: "ADBE Mask Parade", members: members)
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
    // A layer is called with a group's name, match name or index too: `thisLayer("ADBE Root Vectors Group")`,
    // `thisLayer(2)` (the contents), `thisLayer(4)` (the effects), as lottie-web numbers them.
    let o = JSFunction(name: layer.name, lookup: lookup) { i, _, a throws(ExpressionError) in
      let selector = a[argument: 0].primitive
      if case .number(let n) = selector {
        switch n {
        case 1, 6: return try lookup("transform") ?? .undefined
        case 2: return try lookup("content") ?? .undefined
        case 4: return try lookup("effect") ?? .undefined
        default: throw i.typeError("\(layer.name)(\(JSValue.format(n))): no such property group")
        }
      }
      let key = selector.stringValue
      switch key {
      case "Transform", "transform", "ADBE Transform Group": return try lookup("transform") ?? .undefined
      case "Effects", "effects", "ADBE Effect Parade": return try lookup("effect") ?? .undefined
      case "Masks", "ADBE Mask Parade": return try lookup("mask") ?? .undefined
      case "Contents", "ADBE Root Vectors Group": return try lookup("content") ?? .undefined
      case "Text", "ADBE Text Properties": return try lookup("text") ?? .undefined
      default:
        if let v = try lookup(key) { return v }
        guard let content = try lookup("content") else { return .undefined }
        return try i.call(content, this: .undefined, a)
      }
    }
    object = .object(o)
    return object
  }

  /// A text layer's text (`thisComp.layer("Title").text.sourceText`, `("ADBE Text Properties")("ADBE Text
  /// Document")`): the source text reads as its text at the frame, its own expression evaluated, as lottie-web
  /// gives it (a string with `value`); its length and string methods are the text's.
  static func text(_ text: TextLayer, _ scope: ExpressionScope, _ e: Evaluation) -> JSValue {
    let document = text.document
    let read: () -> String = { [unowned scope, unowned e] in
      if case .expression(let x) = document, let d = scope.evaluate(x, at: e.frame) { return d.text }
      return document.withoutExpression.value(at: e.frame).text
    }
    let sourceText = LayerObjects.Member(["sourceText", "Source Text", "ADBE Text Document"], index: 1) {
      let o = JSObject(lookup: { key throws(ExpressionError) in
        switch key {
        case "value", "text": return .string(read())
        case "name": return .string("Source Text")
        default: return nil
        }
      })
      o.valueOf = { .string(read()) }
      return .object(o)
    }
    return group(name: "Text", matchName: "ADBE Text Properties", propertyIndex: 2, members: [sourceText])
  }

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

  /// A transform group: a layer's (`ks`) or a shape group's (`tr`, `shape`), its properties by lottie-web's
  /// names, After Effects' display and match names, and the indices After Effects writes (`ix`: a layer's
  /// anchor 1, position 2, scale 6, rotation 10, opacity 11; a shape group's 1, 2, 3, rotation 6, opacity 7).
  enum TransformKind {
    /// A layer's (`ks`): anchor 1, position 2, scale 6, rotation 10, opacity 11.
    case layer
    /// A shape group's (`tr`): 1, 2, 3, skew 4, skew axis 5, rotation 6, opacity 7.
    case shape
    /// A repeater's (`rp`'s `tr`): 1, 2, 3, rotation 4, start and end opacity 5 and 6.
    case repeater
  }

  static func transform(
    _ t: Transform, _ scope: ExpressionScope, _ e: Evaluation, parents: [() -> JSValue], kind: TransformKind = .layer
  ) -> JSValue {
    let shape = kind != .layer
    var group: JSValue = .undefined
    let groupParents: [() -> JSValue] = [{ group }] + parents
    func property<V: ExpressionConvertible>(_ a: Animatable<V>, _ names: [String], _ index: Int) -> Member {
      Member(names, index: index) {
        PropertyObjects.object(.make(a, name: names[1], scope: scope, parents: groupParents, index: index), e)
      }
    }
    let v = shape ? "ADBE Vector " : "ADBE "
    var members: [Member] = [
      property(
        t.anchor,
        [
          "anchorPoint", "Anchor Point", "AnchorPoint", "anchor_point", "ADBE Anchor Point", "ADBE AnchorPoint",
          "ADBE Vector Anchor",
        ], 1),
      property(t.scale, ["scale", "Scale", v + "Scale"], shape ? 3 : 6),
      property(
        t.rotation,
        ["rotation", "Rotation", "rotationZ", "Z Rotation", "ADBE Rotate Z", "ADBE Rotation", v + "Rotation"],
        kind == .repeater ? 4 : shape ? 6 : 10),
      property(
        t.opacity, ["opacity", "Opacity", shape ? "ADBE Vector Group Opacity" : "ADBE Opacity"], shape ? 7 : 11),
      property(t.skew, ["skew", "Skew", v + "Skew"], shape ? 4 : 12),
      property(t.skewAxis, ["skewAxis", "Skew Axis", v + "Skew Axis"], shape ? 5 : 13),
    ]
    switch t.position {
    case .combined(let p):
      members.append(property(p, ["position", "Position", v + "Position"], 2))
    case .split(let x, let y):
      members.append(property(x, ["xPosition", "X Position", "ADBE Position_0"], 3))
      members.append(property(y, ["yPosition", "Y Position", "ADBE Position_1"], 4))
      let binding = PropertyBinding(
        name: "Position", keyframes: [], frameRate: scope.frameRate,
        value: { [unowned scope] f in
          .numbers([scope.read(x, at: f).numbers?.first ?? 0, scope.read(y, at: f).numbers?.first ?? 0])
        },
        own: { f in .numbers([x.withoutExpression.value(at: f), y.withoutExpression.value(at: f)]) },
        parents: groupParents, index: 2)
      members.append(
        Member(["position", "Position", "ADBE Position"], index: 2) { PropertyObjects.object(binding, e) })
    }
    if let x = t.rotationX { members.append(property(x, ["xRotation", "X Rotation", "ADBE Rotate X"], 8)) }
    if let y = t.rotationY { members.append(property(y, ["yRotation", "Y Rotation", "ADBE Rotate Y"], 9)) }
    if let o = t.orientation { members.append(property(o, ["orientation", "Orientation", "ADBE Orientation"], 7)) }
    group = self.group(
      name: "Transform", matchName: shape ? "ADBE Vector Transform Group" : "ADBE Transform Group",
      members: members, byPosition: false)
    return group
  }

  /// Shape items by name (`content("Group 1").content("Path 1").path`), match name, or number (the item's `ix`,
  /// its position in the JSON), with their animatable properties.
  static func contents(_ items: [ShapeItem], _ scope: ExpressionScope, _ e: Evaluation, parents: [() -> JSValue])
    -> JSValue
  {
    var group: JSValue = .undefined
    let here: [() -> JSValue] = [{ group }] + parents
    let members: [Member] = items.enumerated().compactMap { k, item in
      if case .transform = item.kind { return nil }
      var names = [item.name]
      if !item.matchName.isEmpty { names.append(item.matchName) }
      return Member(names, index: (item.index ?? k) + 1) { shapeItem(item, scope, e, parents: here) }
    }
    // Numbers are the items' own (a hidden item's number reaches nothing, never the next item).
    group = self.group(
      name: "Contents", matchName: "ADBE Vectors Group", propertyIndex: 2, members: members, byPosition: false)
    return group
  }

  static func shapeItem(_ item: ShapeItem, _ scope: ExpressionScope, _ e: Evaluation, parents: [() -> JSValue])
    -> JSValue
  {
    var object: JSValue = .undefined
    let here: [() -> JSValue] = [{ object }] + parents
    func property<V: ExpressionConvertible>(_ a: Animatable<V>, _ names: [String], _ index: Int) -> Member {
      Member(names, index: index) {
        PropertyObjects.object(.make(a, name: names[1], scope: scope, parents: here, index: index), e)
      }
    }
    var members: [Member] = []
    var extra: (String) throws(ExpressionError) -> JSValue? = { _ in nil }
    var number: ((Int) throws(ExpressionError) -> JSValue?)? = nil
    var byPosition = false
    switch item.kind {
    case .group(let children):
      // A group is its contents (2, "Contents", "ADBE Vectors Group") and its transform (any other number, as
      // lottie-web answers; "Transform"); called with a name, one of its items (`group("Rect 1")`).
      let inner = contents(children, scope, e, parents: here)
      let transform: () -> JSValue = {
        for child in children {
          if case .transform(let t) = child.kind {
            return LayerObjects.transform(t, scope, e, parents: here, kind: .shape)
          }
        }
        return .undefined
      }
      members = children.compactMap { child in
        if case .transform = child.kind { return nil }
        return Member([child.name]) { shapeItem(child, scope, e, parents: here) }
      }
      extra = { name in
        switch name {
        case "content", "Contents", "ADBE Vectors Group": return inner
        case "transform", "Transform", "ADBE Vector Transform Group": return transform()
        default: return nil
        }
      }
      number = { n in n == 2 ? inner : transform() }
    case .rectangle(let p, let s, let r, _):
      members = [
        property(s, ["size", "Size", "ADBE Vector Rect Size"], 2),
        property(p, ["position", "Position", "ADBE Vector Rect Position"], 3),
        property(r, ["roundness", "Roundness", "ADBE Vector Rect Roundness"], 4),
      ]
    case .ellipse(let p, let s, _):
      members = [
        property(s, ["size", "Size", "ADBE Vector Ellipse Size"], 2),
        property(p, ["position", "Position", "ADBE Vector Ellipse Position"], 3),
      ]
    case .path(let path, _): members = [property(path, ["path", "Path", "Shape", "shape", "ADBE Vector Shape"], 2)]
    case .polystar(let s):
      members = [
        property(s.points, ["points", "Points", "ADBE Vector Star Points"], 3),
        property(s.position, ["position", "Position", "ADBE Vector Star Position"], 4),
        property(s.rotation, ["rotation", "Rotation", "ADBE Vector Star Rotation"], 5),
        property(s.innerRadius, ["innerRadius", "Inner Radius", "ADBE Vector Star Inner Radius"], 6),
        property(s.outerRadius, ["outerRadius", "Outer Radius", "ADBE Vector Star Outer Radius"], 7),
        // After Effects' match names spell "Roundess".
        property(s.innerRoundness, ["innerRoundness", "Inner Roundness", "ADBE Vector Star Inner Roundess"], 8),
        property(s.outerRoundness, ["outerRoundness", "Outer Roundness", "ADBE Vector Star Outer Roundess"], 9),
      ]
    case .fill(let c, let o, _):
      members = [
        property(c, ["color", "Color", "ADBE Vector Fill Color"], 4),
        property(o, ["opacity", "Opacity", "ADBE Vector Fill Opacity"], 5),
      ]
    case .stroke(let c, let o, let style):
      members = [
        property(c, ["color", "Color", "ADBE Vector Stroke Color"], 3),
        property(o, ["opacity", "Opacity", "ADBE Vector Stroke Opacity"], 4),
        property(style.width, ["strokeWidth", "Stroke Width", "stroke width", "ADBE Vector Stroke Width"], 5),
      ]
    case .gradientFill(let g, let o, _):
      members = [
        property(g.start, ["startPoint", "Start Point", "ADBE Vector Grad Start Pt"], 5),
        property(g.end, ["endPoint", "End Point", "ADBE Vector Grad End Pt"], 6),
        property(o, ["opacity", "Opacity", "ADBE Vector Fill Opacity"], 10),
      ]
    case .gradientStroke(let g, let o, let style):
      members = [
        property(g.start, ["startPoint", "Start Point", "ADBE Vector Grad Start Pt"], 4),
        property(g.end, ["endPoint", "End Point", "ADBE Vector Grad End Pt"], 5),
        property(o, ["opacity", "Opacity", "ADBE Vector Stroke Opacity"], 9),
        property(style.width, ["strokeWidth", "Stroke Width", "stroke width", "ADBE Vector Stroke Width"], 10),
      ]
    case .transform(let t): return transform(t, scope, e, parents: parents, kind: .shape)
    case .trim(let s, let en, let off, _):
      members = [
        property(s, ["start", "Start", "ADBE Vector Trim Start"], 1),
        property(en, ["end", "End", "ADBE Vector Trim End"], 2),
        property(off, ["offset", "Offset", "ADBE Vector Trim Offset"], 3),
      ]
    case .roundCorners(let r): members = [property(r, ["radius", "Radius", "ADBE Vector RoundCorner Radius"], 1)]
    case .repeater(let r):
      members = [
        property(r.copies, ["copies", "Copies", "ADBE Vector Repeater Copies"], 1),
        property(r.offset, ["offset", "Offset", "ADBE Vector Repeater Offset"], 2),
      ]
      extra = { name in
        switch name {
        case "transform", "Transform", "ADBE Vector Repeater Transform":
          return transform(r.transform, scope, e, parents: here, kind: .repeater)
        default: return nil
        }
      }
    default: byPosition = true
    }
    object = group(
      name: item.name, matchName: item.matchName, propertyIndex: item.index.map { $0 + 1 }, members: members,
      byPosition: byPosition, extra: extra, number: number)
    return object
  }

  /// Effects: `effect("Slider Control")("Slider")`, each by its name, match name or index (`ix`), every effect
  /// of the layer (drawn or not, enabled or not: `active` says), `.param(...)` too. A layer parameter (type 10)
  /// is the layer it names (its `ind`), as lottie-web gives it.
  static func effects(_ layer: Layer, _ scope: ExpressionScope, _ e: Evaluation, parents: [() -> JSValue]) -> JSValue {
    var effects: JSValue = .undefined
    let outer: [() -> JSValue] = [{ effects }] + parents
    let members: [Member] = layer.expressionControls.map { control in
      Member([control.name] + (control.matchName.isEmpty ? [] : [control.matchName]), index: control.index) {
        var effect: JSValue = .undefined
        let here: [() -> JSValue] = [{ effect }] + outer
        let params: [Member] = control.parameters.map { p in
          Member([p.name] + (p.matchName.isEmpty ? [] : [p.matchName]), index: p.index) {
            guard let value = p.value else { return .undefined }
            if p.type == 10 {
              // A layer control: the layer whose `ind` it holds (none: null).
              let index = value.withoutExpression.value(at: e.frame).values.first ?? .nan
              guard index.isFinite,
                let position = scope.position(index: index.clampedInt(-1_000_000_000...1_000_000_000))
              else { return .null }
              if scope === e.scope, position == e.owner { return e.thisLayer }
              return LayerObjects.layer(position, scope, e)
            }
            return PropertyObjects.object(.make(value, name: p.name, scope: scope, parents: here, index: p.index), e)
          }
        }
        effect = group(
          name: control.name, matchName: control.matchName, propertyIndex: control.index, members: params,
          extra: { name in
            switch name {
            case "active", "enabled": return .boolean(control.isEnabled)
            case "param":
              return .function("param") { i, _, a throws(ExpressionError) in
                guard let f = effect.asFunction else { return .undefined }
                return try i.call(.object(f), this: .undefined, a)
              }
            default: return nil
            }
          })
        return effect
      }
    }
    effects = group(name: "Effects", matchName: "ADBE Effect Parade", propertyIndex: 4, members: members)
    return effects
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
      case "marker": return markerKeys(scope.animation.markers, rate: rate, owner: "the composition")
      default: return nil
      }
    })
    return .object(o)
  }

  /// Markers as `marker` gives them: `numKeys`, `key(n)` or `key("name")`, `nearestKey(t)`.
  static func markerKeys(_ markers: [Marker], rate: Double, owner: String) -> JSValue {
    let keys = JSObject(lookup: { key in
      switch key {
      case "numKeys": return .number(Double(markers.count))
      case "key", "nearestKey":
        return .function(key) { i, _, a throws(ExpressionError) in
          guard !markers.isEmpty else { throw i.typeError("\(owner) has no markers") }
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
  }
}
