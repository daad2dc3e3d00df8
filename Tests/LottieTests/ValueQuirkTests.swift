import Lottie
import Testing

/// Value encodings exporters disagree on, and the legacy keyframe form.
@Suite("Values and quirks")
struct ValueQuirkTests {
  /// The opacity property of the first layer of an `opacityComposition`.
  func opacity(_ property: String) throws -> (Animatable<Double>, Animation) {
    let animation = try parse(opacityComposition(property))
    return (try #require(animation.layers.first).transform.opacity, animation)
  }

  /// The fill colour of a one-fill shape layer.
  func fillColor(_ c: String) throws -> Animatable<RGBA> {
    let items = try firstLayerShapes(shapeComposition(#"[{"ty": "fl", "c": "# + c + "}]"))
    guard case .fill(let color, _, _) = items.first?.kind else { throw Unexpected(item: items.first) }
    return color
  }

  struct Unexpected: Error {
    let item: ShapeItem?
  }

  @Test(
    "scalars: bare, in a property, wrapped in arrays, booleans",
    arguments: [
      ("42", 42.0),
      (#"{"a": 0, "k": 42}"#, 42.0),
      (#"{"a": 0, "k": [42]}"#, 42.0),
      (#"{"a": 0, "k": [42, 7]}"#, 42.0),
      (#"{"k": [42.5]}"#, 42.5),
      ("true", 1.0),
      (#"{"a": 1, "k": 3}"#, 3.0),
    ])
  func scalars(property: String, expected: Double) throws {
    let (o, animation) = try opacity(property)
    #expect(o.fixedValue == expected)
    #expect(o.isStatic)
    #expect(o.initialValue == expected)
    #expect(animation.diagnostics.isEmpty)
  }

  @Test(
    "vectors: 2D, 3D (z dropped), 1D (uniform) and bare",
    arguments: [
      (#"{"a": 0, "k": [12, 34]}"#, Vec2(12, 34)),
      (#"{"a": 0, "k": [12, 34, 56]}"#, Vec2(12, 34)),
      (#"{"a": 0, "k": [80]}"#, Vec2(80, 80)),
      (#"{"a": 0, "k": 80}"#, Vec2(80, 80)),
      ("[5, 6]", Vec2(5, 6)),
    ])
  func vectors(property: String, expected: Vec2) throws {
    let animation = try parse(transformComposition(#"{"s": "# + property + "}"))
    #expect(try #require(animation.layers.first).transform.scale.fixedValue == expected)
  }

  @Test(
    "colours in 0...1 and in 0...255",
    arguments: [
      (#"{"a": 0, "k": [1, 0.5, 0, 1]}"#, RGBA(1, 0.5, 0, 1)),
      (#"{"a": 0, "k": [0.2, 0.4, 0.6]}"#, RGBA(0.2, 0.4, 0.6, 1)),
      // The 4th number is not an alpha (lottie-web, ThorVG and rlottie ignore it): opacity is the `o` property.
      (#"{"a": 0, "k": [0.2, 0.4, 0.6, 0.5]}"#, RGBA(0.2, 0.4, 0.6, 1)),
      (#"{"a": 0, "k": [0, 0, 0, 0]}"#, RGBA(0, 0, 0, 1)),
      (#"{"a": 0, "k": [255, 51, 0]}"#, RGBA(1, 0.2, 0, 1)),
      (#"{"a": 0, "k": [255, 51, 0, 255]}"#, RGBA(1, 0.2, 0, 1)),
      (#"{"a": 0, "k": [1, 1, 1.5]}"#, RGBA(1 / 255.0, 1 / 255.0, 1.5 / 255, 1)),
      (#"{"a": 0, "k": [-0.5, 0, 0.5, 2]}"#, RGBA(0, 0, 0.5, 1)),
    ])
  func colors(property: String, expected: RGBA) throws {
    let color = try #require(try fillColor(property).fixedValue)
    #expect(close(color, expected, 1e-12))
  }

  @Test("animated colours in 0...255 are scaled per keyframe")
  func animatedColors() throws {
    let color = try fillColor(#"{"a": 1, "k": [{"t": 0, "s": [255, 0, 0]}, {"t": 10, "s": [0, 0, 255]}]}"#)
    #expect(close(color.value(at: 0), RGBA(1, 0, 0)))
    #expect(close(color.value(at: 5), RGBA(0.5, 0, 0.5)))
    #expect(close(color.value(at: 10), RGBA(0, 0, 1)))
  }

  @Test("bezier paths: bare, wrapped in an array, and in keyframes wrapped in arrays")
  func bezierWrapping() throws {
    let path = #"{"c": true, "v": [[0, 0], [10, 0]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}"#
    let keyframed =
      #"{"a": 1, "k": [{"t": 0, "s": ["# + path + #"]}, {"t": 10, "s": ["#
      + path.replacingOccurrences(of: "[10, 0]", with: "[20, 0]") + "]}]}"
    let items = try firstLayerShapes(
      shapeComposition(
        "["
          + [
            #"{"ty": "sh", "ks": {"a": 0, "k": "# + path + "}}", #"{"ty": "sh", "ks": {"a": 0, "k": ["# + path + "]}}",
            #"{"ty": "sh", "ks": "# + keyframed + "}",
          ].joined(separator: ", ") + "]"))
    let paths: [Animatable<BezierPath>] = items.compactMap {
      if case .path(let p, _) = $0.kind { return p }
      return nil
    }
    #expect(paths.count == 3)
    #expect(paths[0].fixedValue?.vertices == [Vec2(0, 0), Vec2(10, 0)])
    #expect(paths[0].fixedValue?.isClosed == true)
    #expect(paths[1].fixedValue == paths[0].fixedValue)
    #expect(paths[2].keyframes?.count == 2)
    #expect(paths[2].value(at: 5).vertices == [Vec2(0, 0), Vec2(15, 0)])
  }

  @Test("bezier paths without tangents get straight segments")
  func bezierMissingTangents() throws {
    let items = try firstLayerShapes(
      shapeComposition(#"[{"ty": "sh", "ks": {"k": {"v": [[0, 0], [5, 5], [9, 1]], "i": [[1, 1]]}}}]"#))
    guard case .path(let p, let reversed) = items.first?.kind, let path = p.fixedValue else {
      throw Unexpected(item: items.first)
    }
    #expect(!reversed)
    #expect(!path.isClosed)
    #expect(path.inTangents == [.zero, .zero, .zero])
    #expect(path.outTangents == [.zero, .zero, .zero])
  }

  @Test("legacy s/e keyframes: the last keyframe with only t takes the previous e")
  func legacyKeyframes() throws {
    let (o, _) = try opacity(
      #"""
      {"a": 1, "k": [
        {"t": 0, "s": [0], "e": [50], "o": {"x": [0.5], "y": [0.5]}, "i": {"x": [0.5], "y": [0.5]}},
        {"t": 10, "s": [50], "e": [100]},
        {"t": 20}
      ]}
      """#)
    let keys = try #require(o.keyframes)
    #expect(keys.map(\.frame) == [0, 10, 20])
    #expect(keys.map(\.value) == [0, 50, 100])
    #expect(o.value(at: 15) == 75)
    #expect(o.value(at: 25) == 100)
  }

  @Test("a single legacy keyframe with an end value becomes a one-frame segment")
  func singleLegacyKeyframe() throws {
    let (o, _) = try opacity(#"{"a": 1, "k": [{"t": 4, "s": [10], "e": [30]}]}"#)
    let keys = try #require(o.keyframes)
    #expect(keys.map(\.frame) == [4, 5])
    #expect(keys.map(\.value) == [10, 30])
    #expect(o.value(at: 4.5) == 20)
  }

  @Test("a final keyframe without a value holds the previous value")
  func missingFinalValue() throws {
    let (o, animation) = try opacity(#"{"a": 1, "k": [{"t": 0, "s": [20]}, {"t": 10, "s": [60]}, {"t": 30}]}"#)
    #expect(o.keyframes?.map(\.value) == [20, 60, 60])
    #expect(o.value(at: 20) == 60)
    #expect(animation.diagnostics.isEmpty)
  }

  @Test("hold keyframes (h: 1) jump at the next keyframe")
  func holdKeyframes() throws {
    let (o, _) = try opacity(
      #"{"a": 1, "k": [{"t": 0, "s": [10], "h": 1}, {"t": 10, "s": [90], "h": true}, {"t": 20, "s": [0]}]}"#)
    let keys = try #require(o.keyframes)
    #expect(keys.map(\.isHold) == [true, true, false])
    #expect(o.value(at: 0) == 10)
    #expect(o.value(at: 9.999) == 10)
    #expect(o.value(at: 10) == 90)
    #expect(o.value(at: 19.5) == 90)
    #expect(o.value(at: 20) == 0)
  }

  @Test("expressions are kept out: the property's own value is used and a warning names the path")
  func expressions() throws {
    let (o, animation) = try opacity(#"{"a": 0, "k": 35, "x": "random(2, 30"}"#)
    #expect(o.fixedValue == 35)
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[0].ks.o.x: warning: expression not evaluated (syntax error: expected ')', found the end (at character 12)); the property's own value is used"
      ])
    #expect(animation.diagnostics.first?.severity == .warning)
    // The source text is kept, by the property's path.
    let path = JSONPath.root.appending("layers").appending(0).appending("ks").appending("o")
    #expect(animation.expressions == [path: "random(2, 30"])
  }

  @Test("keyframes out of order are sorted, with a warning")
  func outOfOrder() throws {
    let (o, animation) = try opacity(
      #"{"a": 1, "k": [{"t": 10, "s": [100]}, {"t": 0, "s": [0]}, {"t": 20, "s": [50]}]}"#)
    #expect(o.keyframes?.map(\.frame) == [0, 10, 20])
    #expect(o.keyframes?.map(\.value) == [0, 100, 50])
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[0].ks.o.k[1].t: warning: keyframes out of order; sorted by time"
      ])
  }

  @Test("a single modern keyframe is constant")
  func singleKeyframe() throws {
    let (o, _) = try opacity(#"{"a": 1, "k": [{"t": 5, "s": [70]}]}"#)
    #expect(o.keyframes?.count == 1)
    #expect(!o.isStatic)
    #expect(o.initialValue == 70)
    for frame in [-100.0, 0, 5, 5.5, 1e6] { #expect(o.value(at: frame) == 70) }
  }

  @Test("Animatable.map keeps the keyframe timing and easing")
  func mapKeepsTiming() throws {
    let (o, _) = try opacity(
      #"{"a": 1, "k": [{"t": 0, "s": [0], "h": 1, "o": {"x": [0.3], "y": [0]}, "to": [1, 2]}, {"t": 10, "s": [100]}]}"#)
    let mapped = o.map { $0 / 100 }
    let keys = try #require(mapped.keyframes)
    #expect(keys.map(\.value) == [0, 1])
    #expect(keys.map(\.frame) == [0, 10])
    #expect(keys[0].isHold)
    #expect(keys[0].easeOut == EasingHandle(x: [0.3], y: [0]))
    #expect(keys[0].spatialOut == Vec2(1, 2))
    #expect(Animatable<Double>.fixed(3).map { $0 * 2 }.fixedValue == 6)
  }
}
