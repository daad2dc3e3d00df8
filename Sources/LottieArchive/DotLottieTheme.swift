import Lottie

/// A dotLottie v2 theme (`t/<id>.json`): rules that give slots new values, turned into Lottie slot properties.
///
/// A theme is `{"rules": [...]}`; each rule names a slot (`id`), its `type` (Color, Scalar, Position, Vector,
/// Gradient, Image, Text), and either a `value` or `keyframes` (`frame`, `value`, `inTangent`/`outTangent`
/// `{x, y}`, `valueInTangent`/`valueOutTangent`, `hold`). A rule with `animations` applies only to those
/// animation ids. This follows the dotLottie 2.0 specification as dotlottie-rs (the reference player) reads
/// it: the slot's `p` becomes `{"a": 0, "k": value}` or `{"a": 1, "k": [{"t", "s", "i", "o", "h"}]}`; a
/// gradient's stops `[{offset, color}]` become Lottie's flat stop list; a text rule's fields replace the same
/// fields of the slot's text document. Rules with expressions are not evaluated (their `value` is used).
struct DotLottieTheme {
  /// The slot properties, by slot id, for the animation `animationID`.
  let overrides: [String: @Sendable (JSON) -> JSON]

  /// Reads the theme `id` of `file` from its JSON bytes.
  init(bytes: [UInt8], id: String, animationID: String, file: String) throws(ArchiveError) {
    let json: JSON
    do {
      json = try LottieParser.document(bytes: bytes, file: "\(file):t/\(id).json")
    } catch {
      throw .invalidTheme(file: file, id: id, message: "\(error)")
    }
    guard case .array(let rules)? = json["rules"] else {
      throw .invalidTheme(file: file, id: id, message: "expected an object with a 'rules' array")
    }
    var overrides: [String: @Sendable (JSON) -> JSON] = [:]
    for (index, rule) in rules.enumerated() {
      guard case .string(let slot)? = rule["id"], case .string(let type)? = rule["type"] else {
        throw .invalidTheme(file: file, id: id, message: "rules[\(index)] needs an 'id' and a 'type' string")
      }
      if case .array(let only)? = rule["animations"], !only.contains(.string(animationID)) { continue }
      guard let override = Self.override(rule, type: type) else {
        throw .invalidTheme(
          file: file, id: id, message: "rules[\(index)] ('\(slot)', \(type)) has no value or keyframes it can use")
      }
      overrides[slot] = override
    }
    self.overrides = overrides
  }

  /// The new slot property for one rule, from the slot's current one.
  static func override(_ rule: JSON, type: String) -> (@Sendable (JSON) -> JSON)? {
    switch type {
    case "Gradient":
      if case .array(let keyframes)? = rule["keyframes"] {
        let stops = keyframes.first?["value"].flatMap(gradientStops)?.count ?? 0
        let keys = keyframes.map {
          keyframe($0, value: keyframe0Value($0).flatMap(gradientStops).map { JSON.array($0) })
        }
        let property = JSON.object(["k": .object(["a": .number(1), "k": .array(keys)]), "p": .number(Double(stops))])
        return { _ in property }
      }
      guard let value = rule["value"], case .array(let raw) = value, let flat = gradientStops(value) else { return nil }
      let property = JSON.object(["k": .object(["a": .number(0), "k": .array(flat)]), "p": .number(Double(raw.count))])
      return { _ in property }
    case "Image":
      guard case .object(let value)? = rule["value"] else { return nil }
      var asset: [String: JSON] = [:]
      if let w = value["width"] { asset["w"] = w }
      if let h = value["height"] { asset["h"] = h }
      if case .string(let path)? = value["path"] {
        asset["u"] = .string(path.split(separator: "/").dropLast().joined(separator: "/") + "/")
        asset["p"] = .string(path.split(separator: "/").last.map(String.init) ?? path)
        asset["e"] = .number(0)
      }
      if case .string(let url)? = value["dataUrl"] {
        asset["p"] = .string(url)
        asset["e"] = .number(1)
      }
      let property = JSON.object(asset)
      return { _ in property }
    case "Text":
      guard let value = rule["value"], case .object(let fields) = value else { return nil }
      let document = textDocument(fields)
      return { current in mergeText(document, into: current) }
    default:
      // Color, Scalar, Position, Vector: a value, or keyframes of values.
      if case .array(let keyframes)? = rule["keyframes"], !keyframes.isEmpty {
        let keys = keyframes.map { keyframe($0, value: keyframe0Value($0).map { scalarWrapped($0, type: type) }) }
        let property = JSON.object(["a": .number(1), "k": .array(keys)])
        return { _ in property }
      }
      guard let value = rule["value"] else { return nil }
      let property = JSON.object(["a": .number(0), "k": value])
      return { _ in property }
    }
  }

  /// A keyframe's `value`.
  static func keyframe0Value(_ keyframe: JSON) -> JSON? { keyframe["value"] }

  /// Lottie keyframes hold arrays: a scalar's value `v` is written `[v]`.
  static func scalarWrapped(_ value: JSON, type: String) -> JSON {
    if type == "Scalar", case .number = value { return .array([value]) }
    return value
  }

  /// A theme keyframe as a Lottie keyframe.
  static func keyframe(_ keyframe: JSON, value: JSON?) -> JSON {
    var key: [String: JSON] = [:]
    if let frame = keyframe["frame"] { key["t"] = frame }
    if let value { key["s"] = value }
    for (theme, lottie) in [("inTangent", "i"), ("outTangent", "o")] {
      if case .object(let tangent)? = keyframe[theme], let x = tangent["x"], let y = tangent["y"] {
        key[lottie] = .object(["x": x, "y": y])
      }
    }
    if let ti = keyframe["valueInTangent"] { key["ti"] = ti }
    if let to = keyframe["valueOutTangent"] { key["to"] = to }
    if case .bool(true)? = keyframe["hold"] { key["h"] = .number(1) }
    return .object(key)
  }

  /// `[{offset, color: [r, g, b(, a)]}]` as Lottie's flat list: offset r g b for every stop, then offset alpha
  /// for every stop when any stop has an alpha.
  static func gradientStops(_ value: JSON) -> [JSON]? {
    guard case .array(let stops) = value else { return nil }
    var colours: [JSON] = []
    var alphas: [JSON] = []
    var hasAlpha = false
    for stop in stops {
      guard case .number(let offset)? = stop["offset"], case .array(let color)? = stop["color"], color.count >= 3 else {
        return nil
      }
      colours += [.number(offset)] + color.prefix(3)
      if color.count >= 4 { hasAlpha = true }
      alphas += [.number(offset), color.count >= 4 ? color[3] : .number(1)]
    }
    return hasAlpha ? colours + alphas : colours
  }

  /// The members of a text document that a text rule sets, under their Lottie keys.
  static func textDocument(_ fields: [String: JSON]) -> [String: JSON] {
    let keys = [
      ("text", "t"), ("fontName", "f"), ("fontSize", "s"), ("fillColor", "fc"), ("strokeColor", "sc"),
      ("strokeWidth", "sw"), ("strokeOverFill", "of"), ("lineHeight", "lh"), ("tracking", "tr"),
      ("baselineShift", "ls"), ("wrapSize", "sz"), ("wrapPosition", "ps"),
    ]
    var document: [String: JSON] = [:]
    for (theme, lottie) in keys { if let v = fields[theme] { document[lottie] = v } }
    let justify = [
      "Left": 0, "Right": 1, "Center": 2, "JustifyLastLeft": 3, "JustifyLastRight": 4, "JustifyLastCenter": 5,
      "JustifyLastFull": 6,
    ]
    if case .string(let j)? = fields["justify"], let code = justify[j] { document["j"] = .number(Double(code)) }
    let caps = ["Regular": 0, "AllCaps": 1, "SmallCaps": 2]
    if case .string(let c)? = fields["textCaps"], let code = caps[c] { document["ca"] = .number(Double(code)) }
    return document
  }

  /// The slot's text property with `document`'s members set in every keyframe's document.
  static func mergeText(_ document: [String: JSON], into current: JSON) -> JSON {
    guard case .object(var property) = current, case .array(var keys)? = property["k"] else {
      return .object(["k": .array([.object(["t": .number(0), "s": .object(document)])])])
    }
    for i in keys.indices {
      guard case .object(var key) = keys[i] else { continue }
      var merged: [String: JSON] = [:]
      if case .object(let old)? = key["s"] { merged = old }
      merged.merge(document) { $1 }
      key["s"] = .object(merged)
      keys[i] = .object(key)
    }
    property["k"] = .array(keys)
    return .object(property)
  }
}
