/// Templating, lottie-ios's dynamic properties as data: values set by keypath (`--set`) and Lottie 1.0 slots
/// set by id (`--slot`), applied to the JSON before it is read, so that every later stage (the renderer, the
/// exporter, `info`) sees an ordinary animation.
///
/// A keypath names layers, then shape groups and items, then a property, joined by dots, as lottie-ios spells
/// them: `Title.Text`, `Logo.Transform.Position`, `Shape Layer 1.Ellipse 1.Fill 1.Color`. A precomposition
/// layer's name is followed by the names inside its asset. `*` matches one name and `**` any number (zero
/// included): `**.Fill 1.Color`. A dot inside a name is written `\.`.
///
/// Setting a property replaces its value (keyframes, expression and slot included) with the static value.
/// A precomposition asset used by several layers is one asset: a change through one of them shows in all.
public struct Template: Sendable {
  /// One `KEY=VALUE`.
  public struct Assignment: Sendable, Equatable {
    public var key: String
    public var value: String
    public init(key: String, value: String) {
      self.key = key
      self.value = value
    }
  }

  /// `--set KEYPATH=VALUE`, applied in order.
  public var sets: [Assignment] = []
  /// `--slot ID=VALUE`.
  public var slots: [Assignment] = []
  /// Whether the parser should list the settable keypaths (after the assignments) in `Animation.keypaths`.
  public var listsKeypaths = false
  /// Whole slot properties by slot id, made from the slot's current `p` (a dotLottie theme's rules); applied
  /// before `slots`, to the slots the document has.
  public var slotOverrides: [String: @Sendable (JSON) -> JSON] = [:]

  public init(sets: [Assignment] = [], slots: [Assignment] = []) {
    self.sets = sets
    self.slots = slots
  }

  public var isEmpty: Bool { sets.isEmpty && slots.isEmpty && slotOverrides.isEmpty }

  /// Applies the assignments to a Bodymovin document. `file` names the animation in errors.
  public func apply(to json: inout JSON, file: String, maxLayerInstances: Int = 250_000) throws(LottieError) {
    if !slotOverrides.isEmpty { applySlotOverrides(to: &json) }
    if !slots.isEmpty { try applySlots(to: &json, file: file) }
    if sets.isEmpty { return }
    // Keypaths run through every precomp use: refuse a file that expands past the limit before listing them.
    let expanded = Keypaths.expandedLayerCount(json)
    if expanded > Double(maxLayerInstances) {
      throw .limitExceeded(
        file: file, path: .root.appending("assets"),
        message: "precomps expand to more than \(maxLayerInstances) layers drawn per frame; --set refused")
    }
    let all = Keypaths.list(json)
    for set in sets {
      let pattern = Keypaths.split(set.key)
      let matches = all.filter { Keypaths.matches(pattern, $0.components) }
      guard !matches.isEmpty else {
        let nearest = Keypaths.nearest(to: set.key, in: all.map(\.text), count: 5)
        var hint =
          nearest.isEmpty ? "the animation has no settable properties" : "nearest: " + nearest.joined(separator: ", ")
        // An empty name is how an unnamed layer or item is addressed ('.Text'), so it is no error in itself;
        // but next to a name with a dot in it, it may be that dot unescaped.
        if pattern.contains(""), all.contains(where: { $0.components.contains { $0.contains(".") } }) {
          hint += "; a dot inside a name is written \\."
        }
        throw .template(
          file: file, message: "the keypath '\(set.key)' matches nothing; \(hint) (see 'lottie2video info --keypaths')")
      }
      for match in matches {
        guard let value = PropertyValue.parse(set.value, as: match.kind) else {
          throw .template(
            file: file, message: "the value '\(set.value)' for '\(match.text)' is not \(match.kind.expected)")
        }
        if match.kind == .solidColor, case .color(let c) = value, c.a < 1 {
          throw .template(
            file: file,
            message: "the value '\(set.value)' for '\(match.text)' is translucent, but a solid's colour has no alpha "
              + "(give #RRGGBB and set its layer's Transform.Opacity)")
        }
        if let field = match.documentField {
          if case .color(let c) = value, c.a < 1 {
            throw .template(
              file: file,
              message: "the value '\(set.value)' for '\(match.text)' is translucent, but a text colour has no alpha "
                + "(give #RRGGBB and set its layer's Transform.Opacity)")
          }
          if case .number(let d) = value, field == "s" ? d <= 0 : (field == "sw" || field == "lh") && d < 0 {
            throw .template(
              file: file,
              message:
                "the value '\(set.value)' for '\(match.text)' is not \(field == "s" ? "a positive" : "a non-negative") number"
            )
          }
          var fonts = json["fonts"]
          json.modify(match.path.components[...]) { value.writeDocumentField(field, into: &$0, fonts: &fonts) }
          if let fonts, match.kind == .fontFamily { json.modify([.key("fonts")]) { $0 = fonts } }
          continue
        }
        if match.kind == .color, case .color(let c) = value, c.a < 1, Keypaths.isTextAnimatorProperty(match.path) {
          throw .template(
            file: file,
            message: "the value '\(set.value)' for '\(match.text)' is translucent, but a text animator's colour has no "
              + "alpha (give #RRGGBB and set the animator's Opacity)")
        }
        json.modify(match.path.components[...]) { property in value.write(into: &property, kind: match.kind) }
        // Players ignore a colour's 4th number: a translucent colour (#RRGGBBAA) sets the paint's opacity.
        if match.kind == .color, case .color(let c) = value, c.a < 1 {
          json.modify(match.path.components.dropLast()) { item in
            guard case .object(var o) = item else { return }
            var opacity = o["o"] ?? .object([:])
            PropertyValue.number(c.a * 100).write(into: &opacity, kind: .number)
            o["o"] = opacity
            item = .object(o)
          }
        }
      }
    }
  }

  /// Sets `slots[ID].p` from each `--slot`; the value is read as the slot's default is shaped.
  private func applySlots(to json: inout JSON, file: String) throws(LottieError) {
    guard case .object(let slotTable)? = json["slots"] else {
      throw .template(
        file: file,
        message: "the animation has no slots (top-level 'slots'), so --slot '\(slots[0].key)' has nothing to set")
    }
    for slot in slots {
      guard case .object(let entry)? = slotTable[slot.key], let property = entry["p"] else {
        let ids = slotTable.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
        throw .template(file: file, message: "unknown slot '\(slot.key)'; slots: \(ids)")
      }
      // Three or four numbers are a colour or a 3D point ([x, y, 0], [100, 100, 100]): the value decides.
      var slotKind = Keypaths.kind(ofSlotProperty: property)
      if slotKind == .color, PropertyValue.parse(slot.value, as: .color) == nil,
        PropertyValue.parse(slot.value, as: .vector) != nil
      {
        slotKind = .vector
      }
      guard let kind = slotKind, let value = PropertyValue.parse(slot.value, as: kind) else {
        let kind = Keypaths.kind(ofSlotProperty: property)
        throw .template(
          file: file,
          message: kind.map { "the value '\(slot.value)' for slot '\(slot.key)' is not \($0.expected)" }
            ?? "slot '\(slot.key)' holds a value --slot cannot set (only colours, numbers, points and text)")
      }
      // A slot holds a colour alone, and players draw colours opaque: refuse an alpha that would be ignored.
      if case .color(let c) = value, c.a < 1 {
        throw .template(
          file: file,
          message: "the value '\(slot.value)' for slot '\(slot.key)' is translucent, but colours are drawn opaque "
            + "(give #RRGGBB and set the opacity)")
      }
      json.modify([.key("slots"), .key(slot.key), .key("p")]) { value.write(into: &$0, kind: kind) }
    }
  }
}

/// A settable property found in a document.
public struct Keypath: Sendable, Equatable {
  /// Layer, group, item and property names.
  public var components: [String]
  /// What kind of value it takes.
  public var kind: PropertyKind
  /// Where the property is in the JSON.
  public var path: JSONPath
  /// For a text document's style (`Title.Text.Font Size`): the document field (`s`, `fc`, ...) set in every
  /// document keyframe at `path` (the layer's `t.d`); nil for a property of its own.
  public var documentField: String? = nil

  /// The keypath as typed, dots inside names escaped.
  public var text: String {
    components.map { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ".", with: "\\.") }
      .joined(separator: ".")
  }
}

/// What a settable property holds, and how `--set` reads the value for it.
public enum PropertyKind: String, Sendable {
  /// A fill or stroke colour: `#RRGGBB`, `#RRGGBBAA` (the alpha sets the paint's opacity), a CSS name.
  case color
  /// A number (opacity and percentages 0 to 100, degrees, pixels).
  case number
  /// A point or size `x,y` (one number sets both).
  case vector
  /// The string of a text layer.
  case text
  /// A solid layer's colour (`sc`, a hex string in the JSON).
  case solidColor
  /// A text document's justification: `left`, `right`, `center`, `justify-left`, `justify-right`,
  /// `justify-center`, `justify-all` (Bodymovin's `j` 0 to 6).
  case justification
  /// A text document's font: a family name (`DejaVu Sans`), looked up in the system's fonts as the
  /// document's own font is (a family that is not installed is drawn with a stand-in, with a warning).
  case fontFamily

  var expected: String {
    switch self {
    case .color, .solidColor: "a colour (#RRGGBB, #RRGGBBAA or a CSS colour name)"
    case .number: "a number"
    case .vector: "a point 'x,y' (or one number for both)"
    case .text: "text"
    case .justification: "one of " + Justification.names.map { "'\($0)'" }.joined(separator: ", ")
    case .fontFamily: "a font family name"
    }
  }
}

/// A parsed value for a property.
enum PropertyValue {
  case color(RGBA)
  case number(Double)
  case vector(Double, Double)
  case text(String)

  static func parse(_ s: String, as kind: PropertyKind) -> PropertyValue? {
    let t = s.trimmingCharacters(in: .whitespaces)
    switch kind {
    case .color, .solidColor:
      guard case .color(let c)? = ColorParser.parse(t) else { return nil }
      return .color(c)
    case .number:
      let digits = t.hasSuffix("%") ? String(t.dropLast()) : t
      guard let d = Double(digits), d.isFinite else { return nil }
      return .number(d)
    case .vector:
      let parts = t.split(separator: ",", omittingEmptySubsequences: false).map {
        Double($0.trimmingCharacters(in: .whitespaces))
      }
      if parts.count == 1, let d = parts[0], d.isFinite { return .vector(d, d) }
      guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else { return nil }
      return .vector(x, y)
    case .text:
      return .text(s)
    case .justification:
      return Justification.parse(t).map { .number($0) }
    case .fontFamily:
      return t.isEmpty || t.count > 256 ? nil : .text(t)
    }
  }

  /// Writes a text style value into every document keyframe of a text layer's `t.d` (the string and every
  /// other field kept). A colour is written as the three numbers documents hold; a font family becomes a
  /// `fonts.list` entry of its own (`fonts` is the document's top-level `fonts`), so that other layers using
  /// the old font keep it.
  func writeDocumentField(_ field: String, into property: inout JSON, fonts: inout JSON?) {
    let newValue: JSON
    switch self {
    case .color(let c): newValue = .array([.number(c.r), .number(c.g), .number(c.b)])
    case .number(let d): newValue = .number(d)
    case .vector(let x, _): newValue = .number(x)
    case .text(let family): newValue = .string(Self.fontEntry(family: family, fonts: &fonts, like: property))
    }
    Self.setInEveryDocument(field, to: newValue, in: &property)
  }

  /// Sets `field` in every document keyframe of a text layer's `t.d` (the rest of each document kept), and
  /// drops the property's expression and slot id, as any value `--set` writes does.
  private static func setInEveryDocument(_ field: String, to value: JSON, in property: inout JSON) {
    guard case .object(var o) = property, case .array(var keys)? = o["k"] else { return }
    for i in keys.indices {
      guard case .object(var key) = keys[i], case .object(var doc)? = key["s"] else { continue }
      doc[field] = value
      key["s"] = .object(doc)
      keys[i] = .object(key)
    }
    o["k"] = .array(keys)
    o["x"] = nil
    o["sid"] = nil
    property = .object(o)
  }

  /// The `fName` of a `fonts.list` entry for `family`, added when there is none: it copies the style and
  /// ascent of the font the document used first and drops any file or URL origin, so that the family is
  /// found among the system's fonts.
  private static func fontEntry(family: String, fonts: inout JSON?, like textData: JSON) -> String {
    var list: [JSON] = []
    if case .object(let f)? = fonts, case .array(let l)? = f["list"] { list = l }
    let name = "lottie2video:" + family
    if list.contains(where: { $0["fName"] == .string(name) }) { return name }
    var entry: [String: JSON] = ["fName": .string(name), "fFamily": .string(family), "fStyle": .string("Regular")]
    if case .array(let keys)? = textData["k"], case .string(let used)? = keys.first?["s"]?["f"],
      case .object(let old)? = list.first(where: { $0["fName"] == .string(used) })
    {
      for k in ["fStyle", "fWeight", "ascent"] { if let v = old[k] { entry[k] = v } }
    }
    list.append(.object(entry))
    var f: [String: JSON] = [:]
    if case .object(let old)? = fonts { f = old }
    f["list"] = .array(list)
    fonts = .object(f)
    return name
  }

  /// Writes the value into the property JSON at its place: a static `{"a": 0, "k": value}` for animatable
  /// properties (dropping keyframes, expression and slot id), the text of every document keyframe for text,
  /// a hex string for a solid's colour.
  func write(into property: inout JSON, kind: PropertyKind) {
    switch (self, kind) {
    case (.color(let c), .solidColor):
      func hex(_ v: Double) -> String {
        let n = (v * 255).roundedClampedInt(0...255)  // NaN gives 0
        return (n < 16 ? "0" : "") + String(n, radix: 16)
      }
      property = .string("#" + hex(c.r) + hex(c.g) + hex(c.b))
    case (.text(let s), _):
      // The document keyframes keep their style; only the string changes.
      Self.setInEveryDocument("t", to: .string(s), in: &property)
    default:
      var o: [String: JSON] = [:]
      if case .object(let old) = property { o = old }
      o["a"] = .number(0)
      o["x"] = nil
      o["sid"] = nil
      switch self {
      // The 4th number is written as exporters do; players ignore it (`Template.apply` moves alpha to opacity).
      case .color(let c): o["k"] = .array([.number(c.r), .number(c.g), .number(c.b), .number(1)])
      case .number(let d): o["k"] = .number(d)
      case .vector(let x, let y): o["k"] = .array([.number(x), .number(y)])
      case .text: break
      }
      property = .object(o)
    }
  }
}

/// Finds the settable properties of a document and matches keypath patterns against them.
public enum Keypaths {
  /// Every settable property, in document order: layers top first, precomps entered where they are used.
  public static func list(_ json: JSON) -> [Keypath] {
    var assets: [String: (JSON, JSONPath)] = [:]
    if case .array(let list)? = json["assets"] {
      for (i, asset) in list.enumerated() {
        if case .string(let id)? = asset["id"], let layers = asset["layers"] {
          assets[id] = (layers, JSONPath.root.appending("assets").appending(i).appending("layers"))
        }
      }
    }
    var out: [Keypath] = []
    var walker = Walker(assets: assets)
    walker.layers(json["layers"] ?? .array([]), .root.appending("layers"), prefix: [], into: &out)
    return out
  }

  /// The number of layers with every precomp use expanded (cycles count once), from the JSON.
  static func expandedLayerCount(_ json: JSON) -> Double {
    var assets: [String: [JSON]] = [:]
    if case .array(let list)? = json["assets"] {
      for asset in list {
        if case .string(let id)? = asset["id"], case .array(let layers)? = asset["layers"] { assets[id] = layers }
      }
    }
    var memo: [String: Double] = [:]
    var visiting: Set<String> = []
    func count(_ layers: [JSON]) -> Double {
      layers.reduce(0) { total, layer in
        guard int(layer["ty"]) == 0, case .string(let id)? = layer["refId"], let inner = assets[id],
          !visiting.contains(id)
        else { return total + 1 }
        if let known = memo[id] { return total + 1 + known }
        visiting.insert(id)
        let n = count(inner)
        visiting.remove(id)
        memo[id] = n
        return total + 1 + n
      }
    }
    guard case .array(let root)? = json["layers"] else { return 0 }
    return count(root)
  }

  /// Most layers `list` visits with every precomp use expanded (as ``LoadLimits/maxLayerInstances``): past it
  /// the listing stops, so a file that nests precomps into millions of layers cannot hang templating.
  static let maxVisitedLayers = 250_000

  private struct Walker {
    let assets: [String: (JSON, JSONPath)]
    var stack: [String] = []
    var visited = 0

    mutating func layers(_ json: JSON, _ path: JSONPath, prefix: [String], into out: inout [Keypath]) {
      guard case .array(let list) = json, stack.count < 64 else { return }
      for (i, layer) in list.enumerated() {
        visited += 1
        guard visited <= Keypaths.maxVisitedLayers else { return }
        guard case .object(let o) = layer else { continue }
        let lp = path.appending(i)
        let name = Keypaths.name(o)
        let here = prefix + [name]
        if case .object(let ks)? = o["ks"] {
          Keypaths.transform(ks, lp.appending("ks"), prefix: here + ["Transform"], layer: true, into: &out)
        }
        switch Keypaths.int(o["ty"]) {
        case 0:
          if case .string(let id)? = o["refId"], let (assetLayers, assetPath) = assets[id], !stack.contains(id) {
            stack.append(id)
            layers(assetLayers, assetPath, prefix: here, into: &out)
            stack.removeLast()
          }
        case 1:
          if o["sc"] != nil {
            out.append(Keypath(components: here + ["Color"], kind: .solidColor, path: lp.appending("sc")))
          }
        case 4:
          Keypaths.shapes(o["shapes"] ?? .array([]), lp.appending("shapes"), prefix: here, into: &out)
        case 5:
          if case .object(let t)? = o["t"], t["d"] != nil {
            let d = lp.appending("t").appending("d")
            out.append(Keypath(components: here + ["Text"], kind: .text, path: d))
            for (field, property, kind) in Keypaths.documentProperties {
              out.append(Keypath(components: here + ["Text", property], kind: kind, path: d, documentField: field))
            }
            Keypaths.textAnimators(t["a"], lp.appending("t").appending("a"), prefix: here + ["Text"], into: &out)
          }
        default: break
        }
      }
    }
  }

  static let transformProperties: [(key: String, name: String, kind: PropertyKind)] = [
    ("a", "Anchor Point", .vector), ("p", "Position", .vector), ("s", "Scale", .vector), ("r", "Rotation", .number),
    ("o", "Opacity", .number), ("sk", "Skew", .number), ("sa", "Skew Axis", .number),
  ]

  static func transform(
    _ ks: [String: JSON], _ path: JSONPath, prefix: [String], layer: Bool, into out: inout [Keypath]
  ) {
    for (key, name, kind) in transformProperties {
      if key == "p", case .object(let p)? = ks["p"], p["s"] == .bool(true) || Keypaths.int(p["s"]) == 1 {
        // Split position: X and Y are separate properties.
        out.append(
          Keypath(components: prefix + ["Position X"], kind: .number, path: path.appending("p").appending("x")))
        out.append(
          Keypath(components: prefix + ["Position Y"], kind: .number, path: path.appending("p").appending("y")))
        continue
      }
      // A 3D layer's rotation is `rz`.
      if key == "r", ks["r"] == nil, ks["rz"] != nil {
        out.append(Keypath(components: prefix + [name], kind: kind, path: path.appending("rz")))
        continue
      }
      // Layers always have these five; group transforms have what the file wrote.
      if ks[key] != nil || (layer && ["a", "p", "s", "r", "o"].contains(key)) {
        out.append(Keypath(components: prefix + [name], kind: kind, path: path.appending(key)))
      }
    }
  }

  /// A text document's style, by document field, as After Effects' character and paragraph panels name it.
  static let documentProperties: [(String, String, PropertyKind)] = [
    ("fc", "Fill Color", .color), ("sc", "Stroke Color", .color), ("sw", "Stroke Width", .number),
    ("s", "Font Size", .number), ("tr", "Tracking", .number), ("lh", "Line Height", .number),
    ("j", "Justification", .justification), ("f", "Font", .fontFamily),
  ]

  /// A text animator's properties (`t.a[].a`), as After Effects names them.
  static let animatorProperties: [(String, String, PropertyKind)] = [
    ("a", "Anchor Point", .vector), ("p", "Position", .vector), ("s", "Scale", .vector), ("sk", "Skew", .number),
    ("sa", "Skew Axis", .number), ("r", "Rotation", .number), ("o", "Opacity", .number),
    ("fc", "Fill Color", .color), ("sc", "Stroke Color", .color), ("sw", "Stroke Width", .number),
    ("fh", "Fill Hue", .number), ("fs", "Fill Saturation", .number), ("fb", "Fill Brightness", .number),
    ("t", "Tracking", .number),
  ]

  /// Whether `path` is a text animator's property (`layers[i].t.a[j].a.KEY`).
  static func isTextAnimatorProperty(_ path: JSONPath) -> Bool {
    let c = path.components
    guard c.count >= 5 else { return false }
    return c[c.count - 2] == .key("a") && c[c.count - 4] == .key("a") && c[c.count - 5] == .key("t")
  }

  /// The properties each text animator has (`Title.Text.Animator 1.Fill Color`).
  static func textAnimators(_ json: JSON?, _ path: JSONPath, prefix: [String], into out: inout [Keypath]) {
    guard case .array(let animators)? = json else { return }
    for (i, animator) in animators.enumerated() {
      guard case .object(let o) = animator, case .object(let a)? = o["a"] else { continue }
      let name = Keypaths.name(o)
      for (key, property, kind) in animatorProperties where a[key] != nil {
        out.append(
          Keypath(
            components: prefix + [name, property], kind: kind, path: path.appending(i).appending("a").appending(key)))
      }
    }
  }

  /// Properties by shape item type: JSON key, keypath name, kind.
  static let itemProperties: [String: [(String, String, PropertyKind)]] = [
    "fl": [("c", "Color", .color), ("o", "Opacity", .number)],
    "st": [("c", "Color", .color), ("o", "Opacity", .number), ("w", "Stroke Width", .number)],
    "gf": [("o", "Opacity", .number), ("s", "Start Point", .vector), ("e", "End Point", .vector)],
    "gs": [
      ("o", "Opacity", .number), ("w", "Stroke Width", .number), ("s", "Start Point", .vector),
      ("e", "End Point", .vector),
    ],
    "el": [("p", "Position", .vector), ("s", "Size", .vector)],
    "rc": [("p", "Position", .vector), ("s", "Size", .vector), ("r", "Roundness", .number)],
    "sr": [
      ("p", "Position", .vector), ("r", "Rotation", .number), ("pt", "Points", .number),
      ("or", "Outer Radius", .number),
      ("ir", "Inner Radius", .number), ("os", "Outer Roundness", .number), ("is", "Inner Roundness", .number),
    ],
    "tm": [("s", "Start", .number), ("e", "End", .number), ("o", "Offset", .number)],
    "rd": [("r", "Radius", .number)],
    "rp": [("c", "Copies", .number), ("o", "Offset", .number)],
    "pb": [("a", "Amount", .number)],
    "op": [("a", "Amount", .number)],
    "zz": [("r", "Ridges", .number), ("s", "Size", .number)],
    "tw": [("a", "Angle", .number), ("c", "Center", .vector)],
  ]

  static func shapes(_ json: JSON, _ path: JSONPath, prefix: [String], into out: inout [Keypath]) {
    guard case .array(let items) = json else { return }
    for (i, item) in items.enumerated() {
      guard case .object(let o) = item, case .string(let type)? = o["ty"] else { continue }
      let ip = path.appending(i)
      switch type {
      case "gr":
        shapes(o["it"] ?? .array([]), ip.appending("it"), prefix: prefix + [name(o)], into: &out)
      case "tr":
        transform(o, ip, prefix: prefix + ["Transform"], layer: false, into: &out)
      default:
        for (key, property, kind) in itemProperties[type] ?? [] where o[key] != nil {
          out.append(Keypath(components: prefix + [name(o), property], kind: kind, path: ip.appending(key)))
        }
      }
    }
  }

  static func name(_ o: [String: JSON]) -> String {
    if case .string(let s)? = o["nm"] { return s }
    return ""
  }

  static func int(_ json: JSON?) -> Int? {
    if case .number(let d)? = json, let n = d.exactWholeNumber, abs(n) < 1_000_000_000 { return n }
    return nil
  }

  /// What a slot's property (`p`) holds, from its default value's shape.
  static func kind(ofSlotProperty p: JSON) -> PropertyKind? {
    var k = p["k"] ?? p
    // Keyframed: look at the first keyframe's value.
    if case .array(let keys) = k, case .object(let first)? = keys.first, let s = first["s"] {
      if case .object(let doc) = s, doc["t"] != nil { return .text }
      k = s
    }
    switch k {
    case .number: return .number
    case .array(let values) where values.allSatisfy({ if case .number = $0 { true } else { false } }):
      switch values.count {
      case 1: return .number
      case 2: return .vector
      case 3, 4: return .color
      default: return nil
      }
    default: return nil
    }
  }

  /// Splits a keypath at dots that are not escaped.
  public static func split(_ keypath: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var escaped = false
    for ch in keypath {
      if escaped {
        current.append(ch)
        escaped = false
      } else if ch == "\\" {
        escaped = true
      } else if ch == "." {
        parts.append(current)
        current = ""
      } else {
        current.append(ch)
      }
    }
    parts.append(current)
    return parts
  }

  /// Whether `pattern` (names, `*` for one, `**` for any number) matches `components`: the classic
  /// wildcard walk, backtracking only to the last `**`, with no allocation.
  public static func matches(_ pattern: [String], _ components: [String]) -> Bool {
    var p = 0, c = 0
    var star = -1, starC = 0
    while c < components.count {
      if p < pattern.count && pattern[p] == "**" {
        star = p
        starC = c
        p += 1
      } else if p < pattern.count && (pattern[p] == "*" || pattern[p] == components[c]) {
        p += 1
        c += 1
      } else if star >= 0 {
        p = star + 1
        starC += 1
        c = starC
      } else {
        return false
      }
    }
    while p < pattern.count && pattern[p] == "**" { p += 1 }
    return p == pattern.count
  }

  /// The `count` keypaths closest to `text`, for "did you mean": those ending in the same property first,
  /// then by edit distance, ties in document order.
  ///
  /// Names are compared on their first ``suggestionLength`` characters: the distance takes the product of the two
  /// lengths, and a file's megabyte-long layer names (or a megabyte-long `--set`) must not make an error message
  /// take minutes.
  public static func nearest(to text: String, in candidates: [String], count: Int) -> [String] {
    var seen = Set<String>()
    let unique = candidates.filter { seen.insert($0).inserted }
    let target = Array(text.lowercased().prefix(suggestionLength))
    let property = split(String(text.suffix(suggestionLength))).last?.lowercased() ?? ""
    let scored = unique.enumerated().map { (i, c) in
      (
        split(String(c.suffix(suggestionLength))).last?.lowercased() == property ? 0 : 1,
        distance(target, Array(c.lowercased().prefix(suggestionLength))), i, c
      )
    }
    return scored.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.prefix(count).map { "'\($0.3)'" }
  }

  /// Characters of a keypath compared for "did you mean".
  static let suggestionLength = 200

  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}

extension JSON {
  /// Changes the value at `path` in place. A missing last member of an object is created (as null, for
  /// `change` to fill in: a transform without `o` still takes `--set ...Opacity`); any other missing step
  /// leaves the document as it is. The containers on the way are taken out of `self` while they change, so
  /// nothing is copied.
  mutating func modify(_ path: ArraySlice<JSONPath.Component>, _ change: (inout JSON) -> Void) {
    guard let step = path.first else {
      change(&self)
      return
    }
    switch (self, step) {
    case (.object(var members), .key(let key)):
      guard var child = members[key] ?? (path.count == 1 ? .null : nil) else { return }
      self = .null
      members[key] = nil
      child.modify(path.dropFirst(), change)
      members[key] = child
      self = .object(members)
    case (.array(var items), .index(let i)) where items.indices.contains(i):
      self = .null
      var child = items[i]
      items[i] = .null
      child.modify(path.dropFirst(), change)
      items[i] = child
      self = .array(items)
    default:
      return
    }
  }

  mutating func modify(_ path: [JSONPath.Component], _ change: (inout JSON) -> Void) {
    modify(path[...], change)
  }
}
