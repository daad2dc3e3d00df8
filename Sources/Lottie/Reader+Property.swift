import Expressions

/// Decodes one value of a property from its JSON form.
typealias ValueDecoder<Value> = @Sendable (Reader, JSON, JSONPath) throws(LottieError) -> Value

extension Reader {
  // MARK: - Value decoders

  static let scalar: ValueDecoder<Double> = { r, json, path throws(LottieError) in try r.number(json, path) }

  static let vector: ValueDecoder<Vec2> = { r, json, path throws(LottieError) in
    let n = try r.numbers(json, path)
    // Quirk: an empty vector (`[]`) is the origin, as lottie-ios's `LottieVector3D` reads missing
    // components as 0.
    guard let x = n.first else { return .zero }
    // Quirk: 1-component vectors (a uniform scale) and 3-component ones (z is ignored in 2D).
    return Vec2(x, n.count > 1 ? n[1] : x)
  }

  /// A colour property (fill, stroke, text and effect colours): always opaque. Exporters write a 4th number
  /// (usually 1), and lottie-web, ThorVG and rlottie all ignore it: how opaque a paint is comes from its
  /// opacity property, so `[0, 0, 0, 0.3]` is opaque black.
  static let color: ValueDecoder<RGBA> = { r, json, path throws(LottieError) in
    var n = try r.numbers(json, path)
    // Quirk: a colour of fewer than 3 numbers has its missing components 0 (lottie-ios's `LottieColor`
    // decodes `[1]` as red); noted, since lottie-web draws no colour from it.
    if n.count < 3 {
      r.note(.warning, path, "colour of \(n.count) number\(n.count == 1 ? "" : "s"); the missing components are 0")
      n += [Double](repeating: 0, count: 3 - n.count)
    }
    // Quirk: old exporters wrote colours in 0...255 instead of 0...1.
    let scale = (n[0] > 1 || n[1] > 1 || n[2] > 1) ? 1.0 / 255 : 1
    func c(_ v: Double) -> Double { min(max(v * scale, 0), 1) }
    return RGBA(c(n[0]), c(n[1]), c(n[2]))
  }

  static let numberList: ValueDecoder<NumberList> = { r, json, path throws(LottieError) in
    NumberList(try r.numbers(json, path))
  }

  static let bezier: ValueDecoder<BezierPath> = bezier(closedByDefault: false)

  /// A bezier path decoder for which a path without `c` is closed when `closedByDefault` is: Bodymovin
  /// before 4.4.18 wrote whether a path is closed on its shape item (`closed`) or mask (`cl`), not on the
  /// path; lottie-web (`checkShapes`) copies it onto the path.
  static func bezier(closedByDefault: Bool) -> ValueDecoder<BezierPath> {
    { r, json, path throws(LottieError) in try r.bezierPath(json, path, closedByDefault: closedByDefault) }
  }

  /// Reads a bezier path (`{"c": ..., "v": [...], "i": [...], "o": [...]}`).
  func bezierPath(_ json: JSON, _ path: JSONPath, closedByDefault: Bool) throws(LottieError) -> BezierPath {
    let r = self
    var json = json
    var path = path
    // Quirk: keyframed shapes wrap the path object in a one-element array.
    if case .array(let a) = json, let first = a.first {
      json = first
      path = path.appending(0)
    }
    let o = try r.object(json, path)
    func points(_ key: String) throws(LottieError) -> [Vec2] {
      // Quirk: `"i": null` (and `"o"`) as no tangents, like an absent member: the segments are straight.
      guard let v = o[key], v != .null else { return [] }
      let items = try r.array(v, path.appending(key))
      var out: [Vec2] = []
      out.reserveCapacity(items.count)
      for (i, item) in items.enumerated() {
        let n = try r.numbers(item, path.appending(key).appending(i))
        guard n.count >= 2 else { throw r.invalid(path.appending(key).appending(i), "expected a point of 2 numbers") }
        out.append(Vec2(n[0], n[1]))
      }
      return out
    }
    let vertices = try points("v")
    var inTangents = try points("i")
    var outTangents = try points("o")
    // Missing tangents mean straight segments.
    if inTangents.count != vertices.count { inTangents = [Vec2](repeating: .zero, count: vertices.count) }
    if outTangents.count != vertices.count { outTangents = [Vec2](repeating: .zero, count: vertices.count) }
    let isClosed: Bool
    if let c = o["c"], c != .null { isClosed = try r.bool(o, "c", path) } else { isClosed = closedByDefault }
    return BezierPath(isClosed: isClosed, vertices: vertices, inTangents: inTangents, outTangents: outTangents)
  }

  // MARK: - Properties

  /// Reads the animatable property `key` of `o`, or `fallback` when absent.
  func property<Value>(
    _ o: [String: JSON], _ key: String, _ path: JSONPath, _ decode: ValueDecoder<Value>, default fallback: Value
  ) throws(LottieError) -> Animatable<Value> {
    guard let v = o[key], v != .null else { return .fixed(fallback) }
    return try property(v, path.appending(key), decode)
  }

  /// Reads the animatable property `key` of `o`, or nil when absent.
  func optionalProperty<Value>(
    _ o: [String: JSON], _ key: String, _ path: JSONPath, _ decode: ValueDecoder<Value>
  ) throws(LottieError) -> Animatable<Value>? {
    guard let v = o[key], v != .null else { return nil }
    return try property(v, path.appending(key), decode)
  }

  /// Reads a property object `{ "a": 0|1, "k": ... }`.
  func property<Value>(_ json: JSON, _ path: JSONPath, _ decode: ValueDecoder<Value>) throws(LottieError)
    -> Animatable<Value>
  {
    guard case .object(var o) = json else {
      // Quirk: a bare value where a property object is expected.
      return .fixed(try decode(self, json, path))
    }
    // A slotted property reads the slot's value (the file's default unless someone overrides the slot).
    if case .string(let sid)? = o["sid"], case .object(let slot)? = slots[sid], case .object(let p)? = slot["p"] {
      o = p
    }
    guard let k = o["k"] else {
      // Quirk: the value itself where a property object is expected: Bodymovin before 4.4.14 wrote a text
      // layer's document (`t.d`) so, which lottie-web's `checkText` wraps in a property. Only an object
      // without `a` can be that; the error stays for a property that lost its `k`.
      if o["a"] == nil, let value = try? decode(self, json, path) { return .fixed(value) }
      throw invalid(path, "missing required member 'k'")
    }
    let kPath = path.appending("k")
    let base: Animatable<Value>
    if case .array(let items) = k, let first = items.first, case .object(let firstObject) = first,
      firstObject["t"] != nil
    {
      base = try keyframes(items, kPath, decode)
    } else if case .object(let keyframe) = k, case .number? = keyframe["t"], keyframe["s"] != nil {
      // Quirk: one keyframe not wrapped in an array, which lottie-ios (`KeyframeGroup`) reads as one.
      // A value object never has a numeric `t` beside `s` (a text document's `t` is its text).
      base = try keyframes([k], kPath, decode, wrapped: true)
    } else {
      if try bool(o, "a", path), case .array(let items) = k, items.isEmpty {
        throw invalid(kPath, "an animated property needs at least one keyframe")
      }
      base = .fixed(try decode(self, k, kPath))
    }
    if let x = o["x"], x != .null {
      guard case .string(let text) = x else {
        note(.warning, path.appending("x"), "expression is not a string; the property's own value is used")
        unevaluatedExpressions.insert(path)
        return base
      }
      expressions[path] = text
      if !layerName.isEmpty { expressionLayers[path] = layerName }
      if layerHidden { expressionsOnHiddenLayers.insert(path) }
      return withExpression(text, base, path)
    }
    return base
  }

  /// The property at `propertyPath` with its expression attached (as source: a scene evaluates it), when
  /// it parses and the property holds values expressions compute; otherwise the property as it is, with a
  /// diagnostic, and its path listed in `unevaluatedExpressions`.
  func withExpression<Value>(_ source: String, _ base: Animatable<Value>, _ propertyPath: JSONPath) -> Animatable<Value>
  {
    let path = propertyPath.appending("x")
    // A text document's expression (`sourceText`) gives its text; other properties take values expressions
    // compute.
    let documents = base as? Animatable<TextDocument>
    let convertible = Value.self as? any ExpressionConvertible.Type
    guard documents != nil || convertible != nil else {
      note(.warning, path, "expressions are not evaluated on this kind of property; the property's own value is used")
      unevaluatedExpressions.insert(propertyPath)
      return base
    }
    let program: Program
    do {
      program = try Program.compile(source)
    } catch {
      note(.warning, path, "expression not evaluated (\(error)); the property's own value is used")
      unevaluatedExpressions.insert(propertyPath)
      return base
    }
    if let documents {
      // The style stays the document's own at the frame; the expression gives the text.
      let property = ExpressionProperty<TextDocument>(
        base: documents, source: source, program: program, path: propertyPath, owner: layerSlot, selfProperty: nil,
        seed: Reader.seed(propertyPath), frameRate: frameRate, own: { .text(documents.value(at: $0).text) },
        convert: { output, frame in
          var document = documents.value(at: frame)
          switch output {
          case .text(let text): document.text = text
          case .numbers(let n) where n.count == 1: document.text = Reader.numberText(n[0])
          default: return nil
          }
          return document
        })
      return (Animatable<TextDocument>.expression(property) as? Animatable<Value>) ?? base
    }
    // Whether it evaluates is for the scene to say (`check` and `info` list each expression's outcome).
    // A layer transform's expression that reads its own property (`transform.opacity` in the opacity) gets
    // the property's own value, as After Effects gives it.
    var selfProperty: String? = nil
    let steps = propertyPath.components
    if steps.count >= 2, steps[steps.count - 2] == .key("ks"), case .key(let key) = steps[steps.count - 1] {
      selfProperty = ExpressionProperty<Double>.transformProperties[key]
    }
    let seed = Reader.seed(propertyPath)
    let owner = layerSlot
    let rate = frameRate
    func make<C: ExpressionConvertible>(_ type: C.Type) -> Animatable<Value> {
      guard let typed = base as? Animatable<C> else { return base }
      let property = ExpressionProperty<C>(
        base: typed, source: source, program: program, path: propertyPath, owner: owner, selfProperty: selfProperty,
        seed: seed,
        frameRate: rate, own: { C.ownValue(typed, at: $0).expressionOutput },
        convert: { output, _ in C(expressionOutput: output) })
      return (Animatable<C>.expression(property) as? Animatable<Value>) ?? base
    }
    guard let convertible else { return base }
    return make(convertible)
  }

  /// wiggle's and random's numbers are seeded by where the property is (FNV-1a of its path).
  static func seed(_ path: JSONPath) -> UInt64 {
    var seed: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.description.utf8 { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return seed
  }

  /// A number as a text document shows an expression's number: whole numbers without a decimal point, others
  /// as Swift writes them (`0.5`, `1e+21` as `1e+21`).
  static func numberText(_ n: Double) -> String {
    guard n.isFinite else { return n.isNaN ? "NaN" : (n > 0 ? "Infinity" : "-Infinity") }
    if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }  // int-audit: whole, below 1e15
    return "\(n)"
  }

  /// A keyframe's easing handle (`o` or `i`), nil when absent or without `x` and `y`.
  ///
  /// Quirk: a handle that is not an object (`[]`, a number) is ignored, with a warning, and the segment is
  /// linear: lottie-ios's `KeyframeData` decodes the handles with `try?`. Numbers of the wrong type inside
  /// an object still fail with their path.
  private func easing(_ o: [String: JSON], _ key: String, _ path: JSONPath) throws(LottieError) -> EasingHandle? {
    guard let v = o[key], v != .null else { return nil }
    let handlePath = path.appending(key)
    guard case .object(let h) = v else {
      note(.warning, handlePath, "easing handle is \(v.kindDescription), not an object; the segment is linear")
      return nil
    }
    guard let x = h["x"], x != .null, let y = h["y"], y != .null else { return nil }
    let xs = try numbers(x, handlePath.appending("x"))
    let ys = try numbers(y, handlePath.appending("y"))
    guard !xs.isEmpty, !ys.isEmpty else { return nil }
    return EasingHandle(x: xs, y: ys)
  }

  /// A keyframe's spatial tangent (`to` or `ti`), nil when absent.
  ///
  /// Quirk: `null` and `[]` are no tangent: lottie-web tests `if (keyData.to)` and lottie-ios decodes the
  /// tangents as optional, so exporters that write `"to": null` play everywhere.
  private func spatialTangent(_ o: [String: JSON], _ key: String, _ path: JSONPath) throws(LottieError) -> Vec2? {
    guard let v = o[key], v != .null, v != .array([]) else { return nil }
    return try Reader.vector(self, v, path.appending(key))
  }

  /// Reads keyframes; `wrapped` when `items` is the one keyframe `k` held without an array (its path is
  /// then `k` itself).
  private func keyframes<Value>(
    _ items: [JSON], _ path: JSONPath, _ decode: ValueDecoder<Value>, wrapped: Bool = false
  ) throws(LottieError) -> Animatable<Value> {
    var keys: [Keyframe<Value>] = []
    keys.reserveCapacity(items.count)
    var pendingEnd: Value? = nil  // legacy `e` of the previous keyframe
    for (i, item) in items.enumerated() {
      let p = wrapped ? path : path.appending(i)
      let o = try object(item, p)
      let t = Self.wholeFrameIfNoise(try requiredNumber(o, "t", p))
      let value: Value
      if let s = o["s"], s != .null {
        value = try decode(self, s, p.appending("s"))
      } else if let e = pendingEnd {
        // Legacy form: the last keyframe carries only `t`; its value is the previous `e`.
        value = e
      } else if let previous = keys.last {
        value = previous.value
      } else {
        throw invalid(p, "keyframe has no value ('s')")
      }
      if let e = o["e"], e != .null { pendingEnd = try decode(self, e, p.appending("e")) } else { pendingEnd = nil }
      let key = Keyframe(
        frame: t, value: value, isHold: try bool(o, "h", p), easeOut: try easing(o, "o", p) ?? .linearOut,
        easeIn: try easing(o, "i", p) ?? .linearIn, spatialOut: try spatialTangent(o, "to", p),
        spatialIn: try spatialTangent(o, "ti", p))
      if let last = keys.last, t < last.frame {
        note(.warning, p.appending("t"), "keyframes out of order; sorted by time")
      }
      keys.append(key)
    }
    // A legacy segment whose end value (`e`) differs from the next keyframe's start is drawn towards `e`
    // by lottie-web; keeping the next start is exact for every exporter that writes both the same.
    if let e = pendingEnd, let last = keys.last, items.count == 1 {
      keys.append(Keyframe(frame: last.frame + 1, value: e))
    }
    keys.sort { $0.frame < $1.frame }
    return .keyframed(keys)
  }
}
