import Lottie
import Testing

/// What lottie-web's and lottie-ios's readers tolerate, read as they read it: each case names the player
/// behaviour it follows (see the comments in `Reader+Property.swift`, `Reader+Shapes.swift` and `Parser.swift`).
@Suite("Player leniencies")
struct PlayerLeniencyTests {
  /// The position property of a null layer whose position is `p`.
  func position(_ p: String) throws -> (Animatable<Vec2>, Animation) {
    let animation = try parse(transformComposition(#"{"p": "# + p + "}"))
    return (try #require(animation.layers.first?.transform.position.combined), animation)
  }

  // MARK: - Keyframes

  /// lottie-web tests `if (keyData.to)`; lottie-ios decodes the tangents as optional.
  @Test(
    "null and empty spatial tangents are no tangent",
    arguments: [#""to": null, "ti": null"#, #""to": [], "ti": []"#, #""to": null, "ti": [0, 0]"#])
  func nullTangents(tangents: String) throws {
    let (p, animation) = try position(
      #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "#
        + tangents + #"}, {"t": 10, "s": [100, 50], "to": null, "ti": null}]}"#)
    let keys = try #require(p.keyframes)
    #expect(keys.count == 2)
    #expect(keys[0].spatialOut == nil)
    #expect(keys[1].spatialOut == nil && keys[1].spatialIn == nil)
    // A straight move.
    #expect(close(p.spatialValue(at: 5), Vec2(50, 25), 1e-6))
    #expect(animation.diagnostics.isEmpty)
  }

  @Test("null path tangents are straight segments")
  func nullPathTangents() throws {
    let items = try firstLayerShapes(
      shapeComposition(
        #"[{"ty": "sh", "ks": {"k": {"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": null, "o": null}}}]"#))
    guard case .path(let shape, _)? = items.first?.kind, let path = shape.fixedValue else {
      Issue.record("not a path")
      return
    }
    #expect(path.vertices.count == 3 && path.isClosed)
    #expect(path.inTangents == [Vec2](repeating: .zero, count: 3))
    #expect(path.outTangents == [Vec2](repeating: .zero, count: 3))
  }

  @Test("a tangent of the wrong type is still an error with its path")
  func tangentOfTheWrongType() {
    expectParseError(
      transformComposition(#"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "to": "up"}, {"t": 5, "s": [1, 1]}]}}"#),
      "test.json: $.layers[0].ks.p.k[0].to: expected a number or an array of numbers, found a string")
  }

  /// lottie-ios's `KeyframeData` decodes the handles with `try?`: a handle that is no object is linear.
  @Test("an easing handle that is not an object gives a linear segment, with a warning")
  func easingHandleThatIsNotAnObject() throws {
    let animation = try parse(
      opacityComposition(#"{"a": 1, "k": [{"t": 0, "s": [0], "o": [], "i": 3}, {"t": 10, "s": [100]}]}"#))
    let opacity = try #require(animation.layers.first).transform.opacity
    #expect(close(opacity.value(at: 2.5), 25))
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[0].ks.o.k[0].o: warning: easing handle is an array, not an object; the segment is linear",
        "test.json: $.layers[0].ks.o.k[0].i: warning: easing handle is a number, not an object; the segment is linear",
      ])
  }

  /// lottie-ios's `KeyframeGroup` reads a keyframe object not wrapped in an array as one keyframe.
  @Test("one keyframe not wrapped in an array")
  func unwrappedKeyframe() throws {
    let (p, animation) = try position(#"{"a": 1, "k": {"t": 4, "s": [10, 20], "h": 1}}"#)
    let keys = try #require(p.keyframes)
    #expect(keys.count == 1)
    #expect(keys[0].frame == 4)
    #expect(keys[0].value == Vec2(10, 20))
    #expect(p.spatialValue(at: 0) == Vec2(10, 20))
    #expect(animation.diagnostics.isEmpty)
  }

  @Test("an unwrapped keyframe's errors name the keyframe")
  func unwrappedKeyframeErrors() {
    expectParseError(
      transformComposition(#"{"p": {"a": 1, "k": {"t": 4, "s": [10, "x"]}}}"#),
      "test.json: $.layers[0].ks.p.k.s[1]: expected a number, found a string")
  }

  @Test("a null expression is no expression")
  func nullExpression() throws {
    let animation = try parse(opacityComposition(#"{"a": 0, "k": 40, "x": null}"#))
    #expect(try #require(animation.layers.first).transform.opacity.fixedValue == 40)
    #expect(animation.diagnostics.isEmpty)
    #expect(animation.expressions.isEmpty)
  }

  // MARK: - Values

  /// lottie-ios's `LottieVector3D` reads missing components as 0.
  @Test("an empty vector is the origin")
  func emptyVector() throws {
    let (p, animation) = try position(#"{"a": 0, "k": []}"#)
    #expect(p.fixedValue == Vec2(0, 0))
    #expect(animation.diagnostics.isEmpty)
  }

  /// lottie-ios's `LottieColor` reads missing components as 0; lottie-web draws nothing sensible, so we say so.
  @Test(
    "a colour of fewer than 3 numbers has its missing components 0",
    arguments: [("[1, 0.5]", RGBA(1, 0.5, 0), "2 numbers"), ("[0.5]", RGBA(0.5, 0, 0), "1 number")])
  func shortColor(k: String, expected: RGBA, count: String) throws {
    let animation = try parse(shapeComposition(#"[{"ty": "fl", "c": {"a": 0, "k": "# + k + "}}]"))
    let items = try #require(animation.layers.first?.content.shapeItems)
    guard case .fill(let color, _, _)? = items.first?.kind else {
      Issue.record("not a fill: \(String(describing: items.first))")
      return
    }
    #expect(close(try #require(color.fixedValue), expected))
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[0].shapes[0].c.k: warning: colour of \(count); the missing components are 0"
      ])
  }

  // MARK: - Bodymovin before 4.4.18 and 4.4.14

  /// lottie-web's `checkShapes` copies a shape item's `closed` (and a mask's `cl`) onto its path.
  @Test("legacy closed flags on shape items and masks", arguments: [true, false])
  func legacyClosedFlags(closed: Bool) throws {
    let path = #"{"v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}"#
    let json = composition(
      layers: #"[{"ty": 4, "ind": 1, "ip": 0, "op": 60, "ks": {}, "#
        + #""masksProperties": [{"mode": "a", "cl": \#(closed), "pt": {"a": 0, "k": \#(path)}}], "#
        + #""shapes": [{"ty": "sh", "closed": \#(closed), "ks": {"a": 1, "k": [{"t": 0, "s": [\#(path)]}, {"t": 5, "s": [\#(path)]}]}}]}]"#
    )
    let animation = try parse(json)
    let layer = try #require(animation.layers.first)
    #expect(layer.masks.first?.path.fixedValue?.isClosed == closed)
    guard case .path(let shape, _)? = layer.content.shapeItems?.first?.kind else {
      Issue.record("not a path")
      return
    }
    #expect(shape.keyframes?.map(\.value.isClosed) == [closed, closed])
  }

  @Test("a path's own c wins over the legacy flag")
  func pathClosedFlagWins() throws {
    let items = try firstLayerShapes(
      shapeComposition(#"[{"ty": "sh", "closed": true, "ks": {"k": {"c": false, "v": [[0, 0], [1, 1]]}}}]"#))
    guard case .path(let shape, _)? = items.first?.kind else {
      Issue.record("not a path")
      return
    }
    #expect(shape.fixedValue?.isClosed == false)
  }

  /// lottie-web's `checkText` wraps a text document written without `k` (Bodymovin before 4.4.14).
  @Test("a text document written as the value itself")
  func bareTextDocument() throws {
    let animation = try parse(
      composition(
        layers: #"[{"ty": 5, "ind": 1, "ip": 0, "op": 60, "ks": {}, "#
          + #""t": {"d": {"t": "Hello", "f": "Arial", "s": 24, "fc": [1, 0, 0], "j": 2}, "a": []}}]"#))
    guard case .text(let text)? = animation.layers.first?.content else {
      Issue.record("not a text layer")
      return
    }
    #expect(text.document.fixedValue?.text == "Hello")
    #expect(text.document.fixedValue?.size == 24)
  }

  @Test("a property that lost its k is still an error")
  func propertyWithoutK() {
    expectParseError(opacityComposition(#"{"a": 0}"#), "test.json: $.layers[0].ks.o: missing required member 'k'")
    expectParseError(
      transformComposition(#"{"p": {"x": 1}}"#),
      "test.json: $.layers[0].ks.p: missing required member 'k'")
  }
}

/// Times that Bodymovin wrote with float noise are the whole frames After Effects has.
@Suite("Frame-time noise")
struct FrameTimeNoiseTests {
  @Test(
    "times within noise of a whole frame are that frame; real fractions and drifts are kept",
    arguments: [
      (145.000005905971, 145.0), (121.99873752085, 122.0), (371.00001511114, 371.0), (-3.0000001, -3.0),
      (168.2999993674457, 168.2999993674457), (8.00800800800801, 8.00800800800801), (0.5, 0.5), (0.001, 0.001),
      (106.006006006006, 106.006006006006),
    ])
  func noise(time: Double, expected: Double) throws {
    let json = composition(
      layers: #"[{"ty": 3, "ind": 1, "ip": \#(time), "op": 400, "st": \#(time), "ks": {"o": {"a": 1, "k": ["#
        + #"{"t": \#(time), "s": [0], "h": 1}, {"t": 390, "s": [100]}]}}}]"#,
      extra: #""markers": [{"cm": "m", "tm": \#(time), "dr": \#(time)}]"#)
    let animation = try parse(json)
    let layer = try #require(animation.layers.first)
    #expect(layer.inPoint == expected)
    #expect(layer.startTime == expected)
    #expect(layer.transform.opacity.keyframes?.first?.frame == expected)
    #expect(animation.markers.first?.frame == expected)
    #expect(animation.markers.first?.duration == expected)
  }

  /// The layer of `bm_ronda` that starts on frame 145 is drawn on frame 145, and a composition whose out
  /// point reads 371.0000151 has 371 frames.
  @Test("a noisy in point shows the layer on its frame; a noisy out point does not add a frame")
  func noisyInAndOutPoints() throws {
    let json =
      #"{"v": "5.7.4", "fr": 29.9700012207031, "ip": 0, "op": 371.00001511114, "w": 10, "h": 10, "layers": []}"#
    #expect(try parse(json).frameCount == 371)
  }
}

@Suite("Assets")
struct DataSourceAssetTests {
  /// lottie-docs: an asset with `t: 3` is a data source (JSON read by expressions), not a picture.
  @Test("a data source asset is not an image")
  func dataSourceIsNotAnImage() throws {
    let animation = try parse(
      composition(
        extra: #""assets": [{"id": "data", "u": "images/", "p": "footage_0.json", "e": 0, "t": 3},"#
          + #" {"id": "img", "w": 2, "h": 2, "u": "images/", "p": "img_0.png", "e": 0}]"#))
    #expect(animation.images.keys.sorted() == ["img"])
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.assets[0]: info: data source 'data' (JSON for expressions' footage()) is not read; expressions that use it keep their property's own value"
      ])
  }
}
