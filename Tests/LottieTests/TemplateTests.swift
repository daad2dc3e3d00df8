import Lottie
import Testing

/// Templating: keypaths listed from a document, `--set` matching with `*` and `**`, values written as static
/// properties, slots, and the errors for keypaths that match nothing and values of the wrong kind.
@Suite("Templating")
struct TemplateTests {
  /// A document with a shape layer (a group with an ellipse, fill, stroke and transform), a text layer with
  /// two document keyframes, a solid, a layer with split position, and a precomp layer.
  static let document = composition(
    layers: #"""
      [{"ty": 4, "nm": "Badge", "ind": 1, "ip": 0, "op": 60, "ks": {"o": {"a": 1, "k": [
          {"t": 0, "s": [0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 30, "s": [100]}]}},
        "shapes": [{"ty": "gr", "nm": "Circle", "it": [
          {"ty": "el", "nm": "Ellipse Path 1", "p": {"k": [0, 0]}, "s": {"k": [40, 40]}},
          {"ty": "fl", "nm": "Fill 1", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}},
          {"ty": "st", "nm": "Stroke 1", "c": {"k": [0, 0, 1, 1]}, "o": {"k": 100}, "w": {"k": 2}},
          {"ty": "tr", "nm": "Transform", "p": {"k": [50, 50]}}]},
          {"ty": "fl", "nm": "Fill 1", "c": {"k": [0, 1, 0, 1]}}]},
       {"ty": 5, "nm": "Title", "ind": 2, "ip": 0, "op": 60, "ks": {},
        "t": {"d": {"k": [{"t": 0, "s": {"t": "Hi", "s": 20, "f": "Sans", "fc": [0, 0, 0]}},
                         {"t": 30, "s": {"t": "Bye", "s": 20, "f": "Sans", "fc": [0, 0, 0]}}]}}},
       {"ty": 1, "nm": "Back.ground", "ind": 3, "ip": 0, "op": 60, "ks": {}, "sc": "#112233", "sw": 10, "sh": 10},
       {"ty": 3, "nm": "Mover", "ind": 4, "ip": 0, "op": 60, "ks": {"p": {"s": true, "x": {"k": 1}, "y": {"k": 2}}}},
       {"ty": 0, "nm": "Inner", "refId": "comp", "ind": 5, "ip": 0, "op": 60, "w": 10, "h": 10, "ks": {}}]
      """#,
    extra: #"""
      "assets": [{"id": "comp", "layers": [{"ty": 4, "nm": "Dot", "ind": 1, "ip": 0, "op": 60, "ks": {},
        "shapes": [{"ty": "fl", "nm": "Fill 1", "c": {"k": [1, 1, 1, 1]}}]}]}]
      """#)

  func load(_ sets: [(String, String)], slots: [(String, String)] = [], json: String = document) throws(LottieError)
    -> Animation
  {
    var template = Template(
      sets: sets.map { Template.Assignment(key: $0.0, value: $0.1) },
      slots: slots.map { Template.Assignment(key: $0.0, value: $0.1) })
    template.listsKeypaths = true
    return try LottieParser.parse(bytes: Array(json.utf8), file: "t.json", template: template)
  }

  func fillColor(_ items: [ShapeItem]) -> RGBA? {
    for item in items {
      if case .fill(let c, _, _) = item.kind { return c.value(at: 0) }
    }
    return nil
  }

  func fillOpacity(_ items: [ShapeItem]) -> Double? {
    for item in items {
      if case .fill(_, let o, _) = item.kind { return o.value(at: 0) }
    }
    return nil
  }

  func groupItems(_ animation: Animation) -> [ShapeItem] {
    guard case .shapes(let items) = animation.layers[0].content, case .group(let children) = items[0].kind else {
      return []
    }
    return children
  }

  @Test("keypaths are listed layer by layer, as lottie-ios names them")
  func listing() throws {
    let keypaths = try #require(try load([]).keypaths)
    let texts = keypaths.map(\.text)
    #expect(texts.contains("Badge.Transform.Opacity"))
    #expect(texts.contains("Badge.Circle.Fill 1.Color"))
    #expect(texts.contains("Badge.Circle.Stroke 1.Stroke Width"))
    #expect(texts.contains("Badge.Circle.Transform.Position"))
    #expect(texts.contains("Badge.Circle.Ellipse Path 1.Size"))
    #expect(texts.contains("Badge.Fill 1.Color"))
    #expect(texts.contains("Title.Text"))
    #expect(texts.contains("Back\\.ground.Color"))
    #expect(texts.contains("Mover.Transform.Position X") && texts.contains("Mover.Transform.Position Y"))
    #expect(!texts.contains("Mover.Transform.Position"))
    #expect(texts.contains("Inner.Dot.Fill 1.Color"))
    let kinds = Dictionary(keypaths.map { ($0.text, $0.kind) }, uniquingKeysWith: { a, _ in a })
    #expect(kinds["Badge.Circle.Fill 1.Color"] == .color && kinds["Title.Text"] == .text)
    #expect(kinds["Badge.Circle.Transform.Position"] == .vector && kinds["Badge.Transform.Opacity"] == .number)
    #expect(kinds["Back\\.ground.Color"] == .solidColor)
  }

  @Test("an exact keypath changes that property and nothing else")
  func exact() throws {
    let animation = try load([("Badge.Circle.Fill 1.Color", "#0000FF")])
    #expect(fillColor(groupItems(animation)) == RGBA(0, 0, 1, 1))
    guard case .shapes(let items) = animation.layers[0].content else {
      throw LottieError.template(file: "", message: "")
    }
    #expect(fillColor(items) == RGBA(0, 1, 0, 1))
    guard case .shapes(let inner)? = animation.precomps["comp"]?[0].content else { return }
    #expect(fillColor(inner) == RGBA(1, 1, 1, 1))
  }

  @Test("** matches any depth, precomps included; * matches one name")
  func wildcards() throws {
    let all = try load([("**.Fill 1.Color", "red")])
    #expect(fillColor(groupItems(all)) == RGBA(1, 0, 0, 1))
    guard case .shapes(let top) = all.layers[0].content, case .shapes(let inner)? = all.precomps["comp"]?[0].content
    else { return }
    #expect(fillColor(top) == RGBA(1, 0, 0, 1) && fillColor(inner) == RGBA(1, 0, 0, 1))

    let one = try load([("Badge.*.Color", "#FFFFFF80")])
    guard case .shapes(let items) = one.layers[0].content else { return }
    // Badge.Fill 1.Color matches; Badge.Circle.Fill 1.Color is one level deeper.
    #expect(fillColor(items) == RGBA(1, 1, 1, 1))
    #expect(fillColor(groupItems(one)) == RGBA(1, 0, 0, 1))
  }

  @Test("a translucent colour sets the paint's opacity (players ignore a colour's alpha); an opaque one leaves it")
  func translucentColour() throws {
    let animation = try load([("Badge.Fill 1.Color", "#FFFFFF80"), ("Badge.Circle.Stroke 1.Color", "#0000FF40")])
    guard case .shapes(let items) = animation.layers[0].content else {
      throw LottieError.template(file: "", message: "")
    }
    #expect(fillColor(items) == RGBA(1, 1, 1, 1))
    #expect(fillOpacity(items) == 128.0 / 255 * 100)
    guard case .stroke(let color, let opacity, _) = groupItems(animation)[2].kind else {
      throw LottieError.template(file: "", message: "")
    }
    #expect(color.value(at: 0) == RGBA(0, 0, 1, 1) && opacity.value(at: 0) == 64.0 / 255 * 100)
    #expect(fillOpacity(groupItems(animation)) == 100)

    let opaque = try load(
      [("Badge.Circle.Fill 1.Color", "#00FF00")],
      json: Self.document.replacingOccurrences(
        of: #""Fill 1", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}"#,
        with: #""Fill 1", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 30}"#))
    #expect(fillColor(groupItems(opaque)) == RGBA(0, 1, 0, 1) && fillOpacity(groupItems(opaque)) == 30)
  }

  @Test("an animated property becomes static; numbers, points and text are read by kind")
  func kinds() throws {
    let animation = try load([
      ("Badge.Transform.Opacity", "50"), ("Badge.Circle.Transform.Position", "10, 20"),
      ("Badge.Circle.Stroke 1.Stroke Width", "7.5"), ("Title.Text", "Hello, world"), ("Back\\.ground.Color", "white"),
      ("Mover.Transform.Position X", "99"),
    ])
    let opacity = animation.layers[0].transform.opacity
    #expect(opacity.isStatic && opacity.value(at: 0) == 50 && opacity.value(at: 29) == 50)
    let children = groupItems(animation)
    if case .transform(let t) = children[3].kind {
      #expect(t.position.value(at: 0) == Vec2(10, 20))
    } else {
      Issue.record("expected the group transform")
    }
    if case .stroke(_, _, let style) = children[2].kind { #expect(style.width.value(at: 0) == 7.5) }
    guard case .text(let textLayer) = animation.layers[1].content else {
      throw LottieError.template(file: "", message: "")
    }
    let doc = textLayer.document
    #expect(doc.value(at: 0).text == "Hello, world" && doc.value(at: 40).text == "Hello, world")
    #expect(doc.value(at: 0).size == 20)
    guard case .solid(let color, _, _) = animation.layers[2].content else { return }
    #expect(color == RGBA(1, 1, 1, 1))
    #expect(animation.layers[3].transform.position.value(at: 0) == Vec2(99, 2))
  }

  /// A text layer with two documents in different styles and one animator.
  static let styledText = composition(
    layers: #"""
      [{"ty": 5, "nm": "Title", "ind": 1, "ip": 0, "op": 60, "ks": {},
        "t": {"d": {"k": [{"t": 0, "s": {"t": "Hi", "s": 20, "f": "Sans", "fc": [0, 0, 0], "j": 0, "tr": 0}},
                         {"t": 30, "s": {"t": "Bye", "s": 30, "f": "Sans", "fc": [1, 1, 1], "j": 2, "tr": 5}}]},
              "a": [{"nm": "Animator 1", "s": {}, "a": {"fc": {"a": 0, "k": [1, 0, 0, 1]}, "t": {"a": 0, "k": 10}}}]}},
       {"ty": 5, "nm": "Other", "ind": 2, "ip": 0, "op": 60, "ks": {},
        "t": {"d": {"k": [{"t": 0, "s": {"t": "x", "s": 20, "f": "Sans", "fc": [0, 0, 0]}}]}}}]
      """#,
    extra: #""fonts": {"list": [{"fName": "Sans", "fFamily": "Liberation Sans", "fStyle": "Bold", "ascent": 71}]}"#)

  func documents(_ animation: Animation, layer: Int = 0) throws -> [TextDocument] {
    guard case .text(let text) = animation.layers[layer].content else {
      throw LottieError.template(file: "", message: "not a text layer")
    }
    return [text.document.value(at: 0), text.document.value(at: 40)]
  }

  @Test("a text layer's style is listed and set by keypath in every document keyframe, the strings kept")
  func textStyle() throws {
    let keypaths = try #require(try load([], json: Self.styledText).keypaths)
    let kinds = Dictionary(keypaths.map { ($0.text, $0.kind) }, uniquingKeysWith: { a, _ in a })
    #expect(kinds["Title.Text"] == .text)
    #expect(kinds["Title.Text.Fill Color"] == .color && kinds["Title.Text.Stroke Color"] == .color)
    #expect(kinds["Title.Text.Stroke Width"] == .number && kinds["Title.Text.Font Size"] == .number)
    #expect(kinds["Title.Text.Tracking"] == .number && kinds["Title.Text.Line Height"] == .number)
    #expect(kinds["Title.Text.Justification"] == .justification && kinds["Title.Text.Font"] == .fontFamily)
    #expect(kinds["Title.Text.Animator 1.Fill Color"] == .color && kinds["Title.Text.Animator 1.Tracking"] == .number)
    #expect(kinds["Title.Text.Animator 1.Position"] == nil)

    let set = try load(
      [
        ("Title.Text.Fill Color", "#FF0000"), ("Title.Text.Stroke Color", "blue"), ("Title.Text.Stroke Width", "3"),
        ("Title.Text.Font Size", "12.5"), ("Title.Text.Tracking", "-20"), ("Title.Text.Line Height", "40"),
        ("Title.Text.Justification", "Centre"),
      ], json: Self.styledText)
    let docs = try documents(set)
    #expect(docs.map(\.text) == ["Hi", "Bye"])
    for doc in docs {
      #expect(doc.fillColor == RGBA(1, 0, 0, 1) && doc.strokeColor == RGBA(0, 0, 1, 1) && doc.strokeWidth == 3)
      #expect(doc.size == 12.5 && doc.tracking == -20 && doc.lineHeight == 40 && doc.justification == .center)
    }
    // The other text layer is untouched.
    #expect(try documents(set, layer: 1)[0].size == 20)
    for (name, j) in [("left", 0), ("right", 1), ("justify-all", 6), ("justify", 3), ("4", 4)] {
      #expect(
        try documents(load([("Title.Text.Justification", name)], json: Self.styledText))[0].justification.rawValue == j)
    }
  }

  @Test("a font family set by keypath is a font entry of its own; other layers keep the old font")
  func textFont() throws {
    let animation = try load([("Title.Text.Font", "DejaVu Serif")], json: Self.styledText)
    let docs = try documents(animation)
    #expect(docs.allSatisfy { $0.fontName == "lottie2video:DejaVu Serif" })
    let font = try #require(animation.fonts["lottie2video:DejaVu Serif"])
    #expect(font.family == "DejaVu Serif" && font.style == "Bold" && font.ascent == 71 && font.location == nil)
    #expect(
      try documents(animation, layer: 1)[0].fontName == "Sans" && animation.fonts["Sans"]?.family == "Liberation Sans")
    // Setting it twice adds one entry.
    let twice = try load([("**.Text.Font", "DejaVu Serif")], json: Self.styledText)
    #expect(try documents(twice, layer: 1)[0].fontName == "lottie2video:DejaVu Serif" && twice.fonts.count == 2)
  }

  @Test("text style values of the wrong kind, and translucent text colours, are refused")
  func textStyleErrors() {
    func message(_ key: String, _ value: String) -> String? {
      do {
        _ = try load([(key, value)], json: Self.styledText)
        return nil
      } catch { return error.description }
    }
    #expect(
      message("Title.Text.Justification", "middle")
        == "t.json: the value 'middle' for 'Title.Text.Justification' is not one of 'left', 'right', 'center', "
        + "'justify-left', 'justify-right', 'justify-center', 'justify-all'")
    #expect(
      message("Title.Text.Font Size", "big") == "t.json: the value 'big' for 'Title.Text.Font Size' is not a number")
    #expect(
      message("Title.Text.Fill Color", "#FF000080")
        == "t.json: the value '#FF000080' for 'Title.Text.Fill Color' is translucent, but a text colour has no alpha "
        + "(give #RRGGBB and set its layer's Transform.Opacity)")
    #expect(
      message("Title.Text.Animator 1.Fill Color", "#FF000080")
        == "t.json: the value '#FF000080' for 'Title.Text.Animator 1.Fill Color' is translucent, but a text "
        + "animator's colour has no alpha (give #RRGGBB and set the animator's Opacity)")
    #expect(message("Title.Text.Animator 1.Fill Color", "#00FF00") == nil)
    #expect(
      message("Title.Text.Font Size", "0")
        == "t.json: the value '0' for 'Title.Text.Font Size' is not a positive number")
    #expect(
      message("Title.Text.Stroke Width", "-1")
        == "t.json: the value '-1' for 'Title.Text.Stroke Width' is not a non-negative number")
  }

  @Test("a keypath that matches nothing names the nearest ones")
  func noMatch() {
    let error = #expect(throws: LottieError.self) { try load([("Badge.Circle.Fil 1.Color", "red")]) }
    #expect(
      error?.description
        == "t.json: the keypath 'Badge.Circle.Fil 1.Color' matches nothing; nearest: 'Badge.Circle.Fill 1.Color', 'Badge.Circle.Stroke 1.Color', 'Badge.Fill 1.Color', 'Inner.Dot.Fill 1.Color', 'Back\\.ground.Color' (see 'lottie2video info --keypaths')"
    )
  }

  @Test(
    "a value of the wrong kind is refused, naming the property and what it takes",
    arguments: [
      ("Badge.Circle.Fill 1.Color", "reddish", "a colour (#RRGGBB, #RRGGBBAA or a CSS colour name)"),
      ("Badge.Transform.Opacity", "half", "a number"),
      ("Badge.Circle.Transform.Position", "1,2,3", "a point 'x,y' (or one number for both)"),
    ])
  func badValue(keypath: String, value: String, expected: String) {
    let error = #expect(throws: LottieError.self) { try load([(keypath, value)]) }
    #expect(error?.description == "t.json: the value '\(value)' for '\(keypath)' is not \(expected)")
  }

  /// '.Text' addresses an unnamed text layer; on a file whose text layer has a name it is a keypath that
  /// matches nothing like any other, and the nearest ones say what to write (it was refused as "an empty
  /// name", which sent the user the wrong way).
  @Test("an empty name that matches nothing lists the nearest keypaths")
  func emptyNameListsTheNearest() {
    let named = composition(
      layers: #"""
        [{"ty": 5, "nm": "T", "ind": 1, "ip": 0, "op": 60, "ks": {},
          "t": {"d": {"k": [{"t": 0, "s": {"t": "Hi", "s": 20, "f": "Sans", "fc": [0, 0, 0]}}]}}}]
        """#)
    let error = #expect(throws: LottieError.self) { try load([(".Text", "hi")], json: named) }
    #expect(
      error?.description
        == "t.json: the keypath '.Text' matches nothing; nearest: 'T.Text', 'T.Text.Font', 'T.Text.Tracking', "
        + "'T.Text.Font Size', 'T.Text.Fill Color' (see 'lottie2video info --keypaths')")
  }

  /// Next to a name with a dot in it, an empty name may be that dot unescaped: the message says how to write it.
  @Test("an empty name next to a dotted name recalls the escape")
  func emptyNameNextToADottedName() {
    let error = #expect(throws: LottieError.self) { try load([("Back..ground.Color", "red")]) }
    #expect(
      error?.description
        == "t.json: the keypath 'Back..ground.Color' matches nothing; nearest: 'Back\\.ground.Color', "
        + "'Badge.Fill 1.Color', 'Inner.Dot.Fill 1.Color', 'Badge.Circle.Fill 1.Color', 'Badge.Circle.Stroke 1.Color'; "
        + "a dot inside a name is written \\. (see 'lottie2video info --keypaths')")
  }

  static let slotted = composition(
    layers: #"""
      [{"ty": 4, "nm": "L", "ind": 1, "ip": 0, "op": 60, "ks": {"o": {"sid": "fade", "k": 100}},
        "shapes": [{"ty": "fl", "nm": "Fill 1", "c": {"sid": "brand", "k": [0, 0, 0, 1]}}]}]
      """#,
    extra: #""slots": {"brand": {"p": {"a": 0, "k": [1, 0, 0, 1]}}, "fade": {"p": {"k": 80}}}"#)

  @Test("slots are set by id, read as their default is shaped")
  func slots() throws {
    let animation = try load([], slots: [("brand", "#00FF00"), ("fade", "25")], json: Self.slotted)
    guard case .shapes(let items) = animation.layers[0].content else { return }
    #expect(fillColor(items) == RGBA(0, 1, 0, 1))
    #expect(animation.layers[0].transform.opacity.value(at: 0) == 25)
    // Without --slot the file's slot values apply.
    let plain = try load([], json: Self.slotted)
    guard case .shapes(let plainItems) = plain.layers[0].content else { return }
    #expect(fillColor(plainItems) == RGBA(1, 0, 0, 1) && plain.layers[0].transform.opacity.value(at: 0) == 80)
  }

  @Test("unknown slots and files without slots are named")
  func slotErrors() {
    let unknown = #expect(throws: LottieError.self) { try load([], slots: [("logo", "red")], json: Self.slotted) }
    #expect(unknown?.description == "t.json: unknown slot 'logo'; slots: 'brand', 'fade'")
    let none = #expect(throws: LottieError.self) { try load([], slots: [("logo", "red")]) }
    #expect(none?.description.hasPrefix("t.json: the animation has no slots") == true)
    let wrong = #expect(throws: LottieError.self) { try load([], slots: [("fade", "red")], json: Self.slotted) }
    #expect(wrong?.description == "t.json: the value 'red' for slot 'fade' is not a number")
    let translucent = #expect(throws: LottieError.self) {
      try load([], slots: [("brand", "#FF000080")], json: Self.slotted)
    }
    #expect(
      translucent?.description
        == "t.json: the value '#FF000080' for slot 'brand' is translucent, but colours are drawn opaque "
        + "(give #RRGGBB and set the opacity)")
  }

  @Test("keypath patterns: splitting with escapes, and matching")
  func matching() {
    #expect(Keypaths.split("a.b\\.c.d") == ["a", "b.c", "d"])
    #expect(Keypaths.matches(["**", "Color"], ["L", "G", "Fill", "Color"]))
    #expect(Keypaths.matches(["**", "L", "**"], ["L"]))
    #expect(!Keypaths.matches(["*", "Color"], ["L", "G", "Color"]))
    #expect(Keypaths.matches(["L", "*", "*", "Color"], ["L", "G", "Fill", "Color"]))
    #expect(!Keypaths.matches(["L", "Color"], ["L", "Fill", "Color"]))
    #expect(Keypaths.matches(["**", "a", "**", "b"], ["a", "x", "y", "b"]))
    #expect(Keypaths.matches(["**"], []) && !Keypaths.matches(["*", "**"], []))
    #expect(
      !Keypaths.matches(["**", "a", "*"], ["a", "b", "c", "d"]) && Keypaths.matches(["**", "a", "*"], ["x", "a", "b"]))
  }

  @Test("a listed property the file leaves out is created; names with backslashes are escaped")
  func absentAndEscaped() throws {
    let json = composition(layers: #"[{"ty": 3, "nm": "a\\b", "ind": 1, "ip": 0, "op": 60, "ks": {}}]"#)
    let animation = try load([], json: json)
    #expect(animation.keypaths?.map(\.text).contains("a\\\\b.Transform.Opacity") == true)
    let set = try load([("a\\\\b.Transform.Opacity", "25")], json: json)
    #expect(set.layers[0].name == "a\\b" && set.layers[0].transform.opacity.value(at: 0) == 25)
  }

  @Test("a solid's colour takes no alpha; a 3-number slot takes a point as well as a colour")
  func solidAlphaAndSlotPoints() throws {
    let error = #expect(throws: LottieError.self) { try load([("Back\\.ground.Color", "#FF000080")]) }
    #expect(error?.description.contains("is translucent, but a solid's colour has no alpha") == true)
    let slotted = composition(
      layers: #"[{"ty": 3, "nm": "N", "ind": 1, "ip": 0, "op": 60, "ks": {"p": {"sid": "where", "k": [0, 0, 0]}}}]"#,
      extra: #""slots": {"where": {"p": {"a": 0, "k": [5, 6, 0]}}}"#)
    let moved = try load([], slots: [("where", "10,20")], json: slotted)
    #expect(moved.layers[0].transform.position.value(at: 0) == Vec2(10, 20))
  }

  @Test("precomps that expand past the layer limit are refused before templating or drawing")
  func precompExpansion() {
    // Each level uses the next ten times: 10^6 layers from a few hundred bytes.
    var assets: [String] = []
    for level in 0..<6 {
      let uses = (0..<10).map { i in
        level == 5
          ? #"{"ty": 3, "ind": \#(i + 1), "ip": 0, "op": 60, "ks": {}}"#
          : #"{"ty": 0, "refId": "c\#(level + 1)", "ind": \#(i + 1), "ip": 0, "op": 60, "ks": {}}"#
      }
      assets.append(#"{"id": "c\#(level)", "layers": [\#(uses.joined(separator: ","))]}"#)
    }
    let json = composition(
      layers: #"[{"ty": 0, "refId": "c0", "nm": "Top", "ind": 1, "ip": 0, "op": 60, "ks": {}}]"#,
      extra: #""assets": [\#(assets.joined(separator: ","))]"#)
    for sets in [[], [("**.Transform.Opacity", "50")]] {
      let error = #expect(throws: LottieError.self) { try load(sets, json: json) }
      #expect(error?.description.contains("precomps expand to") == true, "\(String(describing: error))")
    }
  }
}
