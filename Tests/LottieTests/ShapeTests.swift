import Lottie
import Testing

/// Shape items (`shapes[]` / `it[]`): every kind the parser reads, the ones it skips, and hidden items.
@Suite("Shapes")
struct ShapeTests {
  struct Unexpected: Error, CustomStringConvertible {
    let item: ShapeItem?
    var description: String { "unexpected shape item \(String(describing: item))" }
  }

  /// The single item of a one-item shape layer.
  func item(_ json: String) throws -> ShapeItem.Kind {
    let items = try firstLayerShapes(shapeComposition("[" + json + "]"))
    #expect(items.count == 1)
    return try #require(items.first).kind
  }

  @Test("group with items and its transform")
  func group() throws {
    let items = try firstLayerShapes(
      shapeComposition(
        #"""
        [{"ty": "gr", "nm": "outer", "it": [
          {"ty": "gr", "nm": "inner", "it": [{"ty": "el"}, {"ty": "tr"}]},
          {"ty": "fl"},
          {"ty": "tr", "o": {"k": 50}}
        ]}, {"ty": "gr"}]
        """#))
    #expect(items.map(\.tag) == ["gr", "gr"])
    guard case .group(let children) = items[0].kind, case .group(let inner) = children[0].kind,
      case .group(let empty) = items[1].kind
    else { throw Unexpected(item: items.first) }
    let (name, innerName, emptyName) = (items[0].name, children[0].name, items[1].name)
    #expect(name == "outer" && innerName == "inner")
    #expect(children.map(\.tag) == ["gr", "fl", "tr"])
    #expect(inner.map(\.tag) == ["el", "tr"])
    #expect(emptyName == "" && empty.isEmpty)
  }

  @Test("rectangle: position, size, roundness, direction")
  func rectangle() throws {
    guard
      case .rectangle(let p, let s, let r, let reversed) = try item(
        #"{"ty": "rc", "p": {"k": [10, 20]}, "s": {"k": [30, 40]}, "r": {"k": 5}, "d": 3}"#)
    else { throw Unexpected(item: nil) }
    #expect(p.fixedValue == Vec2(10, 20) && s.fixedValue == Vec2(30, 40) && r.fixedValue == 5 && reversed)
    guard case .rectangle(let p0, let s0, let r0, let reversed0) = try item(#"{"ty": "rc", "d": 1}"#) else {
      throw Unexpected(item: nil)
    }
    #expect(p0.fixedValue == .zero && s0.fixedValue == .zero && r0.fixedValue == 0 && !reversed0)
  }

  @Test("ellipse: position, size, direction")
  func ellipse() throws {
    guard
      case .ellipse(let p, let s, let reversed) = try item(
        #"{"ty": "el", "p": {"k": [1, 2]}, "s": {"k": [3, 4]}, "d": 3}"#)
    else { throw Unexpected(item: nil) }
    #expect(p.fixedValue == Vec2(1, 2) && s.fixedValue == Vec2(3, 4) && reversed)
  }

  @Test("path: vertices, tangents, closed")
  func path() throws {
    guard
      case .path(let ks, let reversed) = try item(
        #"""
        {"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [100, 0], [100, 100]],
          "i": [[0, 0], [-10, 0], [0, -10]], "o": [[10, 0], [0, 10], [0, 0]]}}}
        """#)
    else { throw Unexpected(item: nil) }
    let path = try #require(ks.fixedValue)
    #expect(!reversed)
    #expect(path.isClosed)
    #expect(path.vertices == [Vec2(0, 0), Vec2(100, 0), Vec2(100, 100)])
    #expect(path.inTangents == [Vec2(0, 0), Vec2(-10, 0), Vec2(0, -10)])
    #expect(path.outTangents == [Vec2(10, 0), Vec2(0, 10), Vec2(0, 0)])
    guard case .path(let empty, _) = try item(#"{"ty": "sh"}"#) else { throw Unexpected(item: nil) }
    #expect(empty.fixedValue?.vertices.isEmpty == true)
  }

  @Test("star and polygon")
  func polystar() throws {
    guard
      case .polystar(let star) = try item(
        #"""
        {"ty": "sr", "sy": 1, "p": {"k": [5, 6]}, "pt": {"k": 6}, "r": {"k": 30}, "or": {"k": 50}, "ir": {"k": 20},
         "os": {"k": 10}, "is": {"k": 15}, "d": 3}
        """#)
    else { throw Unexpected(item: nil) }
    #expect(star.isStar && star.reversed)
    #expect(star.position.fixedValue == Vec2(5, 6))
    #expect(star.points.fixedValue == 6 && star.rotation.fixedValue == 30)
    #expect(star.outerRadius.fixedValue == 50 && star.innerRadius.fixedValue == 20)
    #expect(star.outerRoundness.fixedValue == 10 && star.innerRoundness.fixedValue == 15)

    guard case .polystar(let polygon) = try item(#"{"ty": "sr", "sy": 2, "or": {"k": 40}}"#) else {
      throw Unexpected(item: nil)
    }
    #expect(!polygon.isStar && !polygon.reversed)
    #expect(polygon.points.fixedValue == 5)
    #expect(polygon.outerRadius.fixedValue == 40 && polygon.innerRadius.fixedValue == 0)
  }

  @Test("fill: colour, opacity, rule", arguments: [(1, FillRule.nonZero), (2, .evenOdd), (7, .nonZero)])
  func fill(r: Int, rule: FillRule) throws {
    guard
      case .fill(let c, let o, let actual) = try item(
        #"{"ty": "fl", "c": {"k": [0, 0.5, 1, 1]}, "o": {"k": 60}, "r": \#(r)}"#)
    else { throw Unexpected(item: nil) }
    #expect(c.fixedValue == RGBA(0, 0.5, 1, 1))
    #expect(o.fixedValue == 60)
    #expect(actual == rule)
  }

  @Test("fill defaults: opaque black, non-zero")
  func fillDefaults() throws {
    guard case .fill(let c, let o, let rule) = try item(#"{"ty": "fl"}"#) else { throw Unexpected(item: nil) }
    #expect(c.fixedValue == RGBA(0, 0, 0, 1) && o.fixedValue == 100 && rule == .nonZero)
  }

  @Test("stroke: colour, opacity, width, cap, join, miter limit and dashes")
  func stroke() throws {
    guard
      case .stroke(let c, let o, let style) = try item(
        #"""
        {"ty": "st", "c": {"k": [1, 0, 0]}, "o": {"k": 75}, "w": {"k": 4}, "lc": 3, "lj": 1, "ml": 10,
         "d": [{"n": "d", "v": {"k": 8}}, {"n": "g", "v": {"k": 4}}, {"v": {"k": 2}}, {"n": "o", "v": {"k": 1}}]}
        """#)
    else { throw Unexpected(item: nil) }
    #expect(c.fixedValue == RGBA(1, 0, 0, 1) && o.fixedValue == 75)
    #expect(style.width.fixedValue == 4)
    #expect(style.cap == .square && style.join == .miter && style.miterLimit == 10)
    #expect(style.dashes.map(\.kind) == ["d", "g", "d", "o"])
    #expect(style.dashes.map { $0.length.fixedValue } == [8, 4, 2, 1])
  }

  @Test(
    "stroke defaults and the ml2 miter limit",
    arguments: [
      (#"{"ty": "st"}"#, LineCap.round, LineJoin.round, 4.0),
      (#"{"ty": "st", "lc": 1, "lj": 3, "ml2": {"a": 0, "k": 7}}"#, .butt, .bevel, 7),
      (#"{"ty": "st", "lc": 2, "lj": 2, "ml": 3, "ml2": {"k": 7}}"#, .round, .round, 3),
      (#"{"ty": "st", "lc": 9, "lj": 0}"#, .round, .round, 4),
    ])
  func strokeDefaults(json: String, cap: LineCap, join: LineJoin, miter: Double) throws {
    guard case .stroke(_, _, let style) = try item(json) else { throw Unexpected(item: nil) }
    #expect(style.cap == cap && style.join == join && style.miterLimit == miter)
    #expect(style.width.fixedValue == 1 || json.contains("\"w\""))
  }

  static let gradientStops = #"{"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5]}}"#

  @Test("gradient fill: linear, stops, geometry, rule")
  func gradientFill() throws {
    guard
      case .gradientFill(let g, let o, let rule) = try item(
        #"{"ty": "gf", "t": 1, "r": 2, "o": {"k": 90}, "s": {"k": [0, 0]}, "e": {"k": [100, 0]}, "g": "#
          + Self.gradientStops + "}")
    else { throw Unexpected(item: nil) }
    #expect(!g.isRadial)
    #expect(g.colorStopCount == 2)
    #expect(g.stops.fixedValue == NumberList([0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5]))
    #expect(g.start.fixedValue == .zero && g.end.fixedValue == Vec2(100, 0))
    #expect(g.highlightLength.fixedValue == 0 && g.highlightAngle.fixedValue == 0)
    #expect(o.fixedValue == 90 && rule == .evenOdd)
  }

  @Test("gradient stroke: radial with highlight, animated stops, stroke style")
  func gradientStroke() throws {
    guard
      case .gradientStroke(let g, let o, let style) = try item(
        #"""
        {"ty": "gs", "t": 2, "h": {"k": 30}, "a": {"k": 45}, "w": {"k": 3}, "lc": 1, "lj": 3, "ml": 2,
         "g": {"p": 1, "k": {"a": 1, "k": [{"t": 0, "s": [0, 0, 0, 0]}, {"t": 10, "s": [1, 1, 1, 1]}]}}}
        """#)
    else { throw Unexpected(item: nil) }
    #expect(g.isRadial && g.colorStopCount == 1)
    #expect(g.highlightLength.fixedValue == 30 && g.highlightAngle.fixedValue == 45)
    #expect(g.stops.value(at: 5) == NumberList([0.5, 0.5, 0.5, 0.5]))
    #expect(o.fixedValue == 100)
    #expect(style.width.fixedValue == 3 && style.cap == .butt && style.join == .bevel && style.miterLimit == 2)
    // A negative stop count is treated as none.
    guard case .gradientFill(let negative, _, _) = try item(#"{"ty": "gf", "g": {"p": -3, "k": {"k": []}}}"#) else {
      throw Unexpected(item: nil)
    }
    #expect(negative.colorStopCount == 0)
  }

  @Test("trim paths, round corners and repeater")
  func modifiers() throws {
    guard
      case .trim(let s, let e, let o, let mode) = try item(
        #"{"ty": "tm", "s": {"k": 10}, "e": {"k": 90}, "o": {"k": 45}, "m": 2}"#)
    else { throw Unexpected(item: nil) }
    #expect(s.fixedValue == 10 && e.fixedValue == 90 && o.fixedValue == 45 && mode == .individually)
    guard case .trim(let s0, let e0, let o0, let mode0) = try item(#"{"ty": "tm"}"#) else {
      throw Unexpected(item: nil)
    }
    #expect(s0.fixedValue == 0 && e0.fixedValue == 100 && o0.fixedValue == 0 && mode0 == .simultaneously)

    guard case .roundCorners(let radius) = try item(#"{"ty": "rd", "r": {"k": 12}}"#) else {
      throw Unexpected(item: nil)
    }
    #expect(radius.fixedValue == 12)

    guard
      case .repeater(let rp) = try item(
        #"""
        {"ty": "rp", "c": {"k": 3}, "o": {"k": 1}, "m": 2,
         "tr": {"ty": "tr", "p": {"k": [10, 0]}, "s": {"k": [90, 90]}, "r": {"k": 15}, "so": {"k": 100}, "eo": {"k": 20}}}
        """#)
    else { throw Unexpected(item: nil) }
    // `m: 2` is "Above": each copy over the one before.
    #expect(rp.copies.fixedValue == 3 && rp.offset.fixedValue == 1 && rp.copiesAbove)
    #expect(rp.transform.position.combined?.fixedValue == Vec2(10, 0))
    #expect(rp.transform.scale.fixedValue == Vec2(90, 90) && rp.transform.rotation.fixedValue == 15)
    #expect(rp.startOpacity.fixedValue == 100 && rp.endOpacity.fixedValue == 20)

    guard case .repeater(let bare) = try item(#"{"ty": "rp"}"#) else { throw Unexpected(item: nil) }
    // The default, `m: 1`, is "Below": the first copy on top.
    #expect(bare.copies.fixedValue == 1 && !bare.copiesAbove && bare.startOpacity.fixedValue == 100)
  }

  @Test(
    "unknown item types become .unsupported with a warning naming the path",
    arguments: [
      ("xx", "unknown shape item type 'xx' ignored"),
      ("", "unknown shape item type '' ignored"),
    ])
  func unsupported(type: String, message: String) throws {
    let animation = try parse(
      shapeComposition(#"[{"ty": "el"}, {"ty": "gr", "it": [{"ty": "rc"}, {"ty": "fl"}, {"ty": ""# + type + #""}]}]"#))
    let items = try #require(animation.layers.first?.content.shapeItems)
    guard case .group(let children) = items.last?.kind else { throw Unexpected(item: items.last) }
    #expect(children.map(\.tag) == ["rc", "fl", "unsupported(\(type))"])
    #expect(diagnosticTexts(animation) == ["test.json: $.layers[0].shapes[1].it[2]: warning: \(message)"])
  }

  static let mergeNote = "merge paths (merge) drawn as the paths before it combined, as lottie-web does"

  @Test(
    "merge paths are typed with their mode; mode 1 is noted as drawn the lottie-web way, the others are drawn",
    arguments: [
      (#"{"ty": "mm"}"#, MergeMode.merge, ["info: " + mergeNote]),
      (#"{"ty": "mm", "mm": 1}"#, .merge, ["info: " + mergeNote]),
      (#"{"ty": "mm", "mm": 2}"#, .add, []),
      (#"{"ty": "mm", "mm": 3}"#, .subtract, []),
      (#"{"ty": "mm", "mm": 4}"#, .intersect, []),
      (#"{"ty": "mm", "mm": 5}"#, .excludeIntersections, []),
      (
        #"{"ty": "mm", "mm": 9}"#, .merge,
        ["warning: merge paths mode 9 is not one the docs describe; drawn as merge (mode 1)"]
      ),
    ])
  func mergePaths(json: String, mode: MergeMode, messages: [String]) throws {
    let animation = try parse(shapeComposition(#"[{"ty": "el"}, "# + json + #", {"ty": "fl"}]"#))
    let items = try #require(animation.layers.first?.content.shapeItems)
    #expect(items.map(\.tag) == ["el", "mm", "fl"])
    guard case .merge(let actual) = items[1].kind else { throw Unexpected(item: items[1]) }
    #expect(actual == mode)
    #expect(diagnosticTexts(animation) == messages.map { "test.json: $.layers[0].shapes[1]: \($0)" })
  }

  @Test("strokes and modifiers after merge paths are noted as approximated; before them, or after mode 1, not")
  func mergePathsApproximations() throws {
    let animation = try parse(
      shapeComposition(
        #"""
        [{"ty": "gr", "it": [{"ty": "el"}, {"ty": "st"}, {"ty": "mm", "mm": 1}, {"ty": "tm"}, {"ty": "st"}]},
         {"ty": "el"}, {"ty": "rc"}, {"ty": "mm", "mm": 3}, {"ty": "fl"}, {"ty": "tm"}, {"ty": "gs", "g": {"p": 0, "k": {"k": []}}}]
        """#))
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[0].shapes[0].it[2]: info: " + Self.mergeNote,
        "test.json: $.layers[0].shapes[3]: info: strokes after merge paths (subtract) follow the merged outline "
          + "except within half a stroke of where the paths cross, and dashes follow each path",
        "test.json: $.layers[0].shapes[3]: info: modifiers after merge paths (subtract) change the paths before "
          + "they are merged",
      ])
  }

  static let twistNote =
    "twist follows After Effects' description (no other player draws it): the outline swirls about the centre, most in the middle"

  @Test("twist is typed with its angle and centre, and noted as our reading of After Effects")
  func twist() throws {
    let animation = try parse(shapeComposition(#"[{"ty": "tw", "a": {"k": 45}, "c": {"k": [10, 20]}}, {"ty": "tw"}]"#))
    let items = try #require(animation.layers.first?.content.shapeItems)
    guard case .twist(let angle, let center) = items[0].kind, case .twist(let a0, let c0) = items[1].kind else {
      throw Unexpected(item: items.first)
    }
    #expect(angle.fixedValue == 45 && center.fixedValue == Vec2(10, 20))
    #expect(a0.fixedValue == 0 && c0.fixedValue == .zero)
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[0].shapes[0]: info: " + Self.twistNote,
        "test.json: $.layers[0].shapes[1]: info: " + Self.twistNote,
      ])
  }

  @Test("names (nm) and match names (mn) of every item are kept for keypaths")
  func names() throws {
    let items = try firstLayerShapes(
      shapeComposition(
        #"""
        [{"ty": "gr", "nm": "Body", "mn": "ADBE Vector Group", "it": [
          {"ty": "el", "nm": "Ellipse Path 1", "mn": "ADBE Vector Shape - Ellipse"},
          {"ty": "fl", "nm": "Fill 1", "mn": "ADBE Vector Graphic - Fill"},
          {"ty": "tr", "nm": "Transform"}
        ]}, {"ty": "st"}]
        """#))
    guard case .group(let children) = items[0].kind else { throw Unexpected(item: items[0]) }
    #expect(items[0].name == "Body" && items[0].matchName == "ADBE Vector Group")
    #expect(children.map(\.name) == ["Ellipse Path 1", "Fill 1", "Transform"])
    #expect(children.map(\.matchName) == ["ADBE Vector Shape - Ellipse", "ADBE Vector Graphic - Fill", ""])
    #expect(items[1].name == "" && items[1].matchName == "")
  }

  @Test("pucker/bloat, zig-zag and offset path with their properties and defaults")
  func pathModifiers() throws {
    guard case .puckerBloat(let amount) = try item(#"{"ty": "pb", "a": {"k": -35}}"#) else {
      throw Unexpected(item: nil)
    }
    #expect(amount.fixedValue == -35)
    guard case .puckerBloat(let zero) = try item(#"{"ty": "pb"}"#) else { throw Unexpected(item: nil) }
    #expect(zero.fixedValue == 0)

    guard
      case .zigZag(let ridges, let size, let pointType) = try item(
        #"{"ty": "zz", "r": {"k": 7}, "s": {"k": 12.5}, "pt": {"k": 2}}"#)
    else { throw Unexpected(item: nil) }
    #expect(ridges.fixedValue == 7 && size.fixedValue == 12.5 && pointType.fixedValue == 2)
    guard case .zigZag(let r0, let s0, let pt0) = try item(#"{"ty": "zz"}"#) else { throw Unexpected(item: nil) }
    #expect(r0.fixedValue == 0 && s0.fixedValue == 0 && pt0.fixedValue == 1)

    guard
      case .offsetPath(let a, let join, let limit) = try item(
        #"{"ty": "op", "a": {"k": -4}, "lj": 3, "ml": {"k": 9}}"#)
    else { throw Unexpected(item: nil) }
    #expect(a.fixedValue == -4 && join == .bevel && limit.fixedValue == 9)
    guard case .offsetPath(let a0, let join0, let limit0) = try item(#"{"ty": "op"}"#) else {
      throw Unexpected(item: nil)
    }
    #expect(a0.fixedValue == 0 && join0 == .round && limit0.fixedValue == 4)
  }

  @Test("an item without ty is unknown too")
  func missingType() throws {
    let animation = try parse(shapeComposition(#"[{"nm": "?"}]"#))
    #expect(animation.layers.first?.content.shapeItems?.map(\.tag) == ["unsupported()"])
    #expect(
      diagnosticTexts(animation) == ["test.json: $.layers[0].shapes[0]: warning: unknown shape item type '' ignored"])
  }

  @Test("hidden items are skipped, and so are their contents and problems")
  func hiddenItems() throws {
    let animation = try parse(
      shapeComposition(
        #"""
        [{"ty": "rc", "hd": true}, {"ty": "el"},
         {"ty": "gr", "hd": 1, "it": [{"ty": "mm"}, {"ty": "fl", "c": {"k": "broken"}}]},
         {"ty": "gr", "it": [{"ty": "zz", "hd": true}, {"ty": "st"}]}, {"ty": "fl", "hd": false}]
        """#))
    let items = try #require(animation.layers.first?.content.shapeItems)
    #expect(items.map(\.tag) == ["el", "gr", "fl"])
    guard case .group(let children) = items[1].kind else { throw Unexpected(item: items[1]) }
    #expect(children.map(\.tag) == ["st"])
    #expect(animation.diagnostics.isEmpty)
  }

  @Test("groups nested as deep as the JSON depth limit allows")
  func deepGroups() throws {
    // Root object, layers, layer and shapes take 4 levels; each group takes 2 (the object and its `it`).
    let depth = 254
    let shapes =
      "[" + String(repeating: #"{"ty": "gr", "it": ["#, count: depth) + String(repeating: "]}", count: depth) + "]"
    var items = try firstLayerShapes(shapeComposition(shapes))
    var levels = 0
    while case .group(let children)? = items.first?.kind {
      levels += 1
      items = children
    }
    #expect(levels == depth)
    // One more group opens level 513, at the byte where the 255th group starts.
    let open = #"{"ty": "gr", "it": ["#
    let prefix = shapeComposition("@").prefix { $0 != "@" }
    let offset = prefix.utf8.count + 1 + depth * open.utf8.count
    expectParseError(
      shapeComposition(
        "[" + String(repeating: open, count: depth + 1) + String(repeating: "]}", count: depth + 1) + "]"),
      "test.json: invalid JSON at line 1, column \(offset + 1) (byte \(offset)): nested deeper than 512 levels")
  }
}
