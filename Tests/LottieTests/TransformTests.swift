import Lottie
import Testing

/// Layer transforms (`ks`) and shape group transforms (`tr`).
@Suite("Transforms")
struct TransformTests {
  /// The transform of the first layer.
  func layerTransform(_ ks: String, ddd: Int = 0) throws -> (Transform, Animation) {
    let animation = try parse(transformComposition(ks, ddd: ddd))
    let layer = try #require(animation.layers.first)
    return (layer.transform, animation)
  }

  @Test("anchor, combined position, scale, rotation, opacity, skew and skew axis")
  func allMembers() throws {
    let (t, animation) = try layerTransform(
      #"""
      {"a": {"a": 0, "k": [10, 20, 0]}, "p": {"a": 0, "k": [50, 60, 0]}, "s": {"a": 0, "k": [150, 50, 100]},
       "r": {"a": 0, "k": 45}, "o": {"a": 0, "k": 80}, "sk": {"a": 0, "k": 15}, "sa": {"a": 0, "k": 30}}
      """#)
    #expect(t.anchor.fixedValue == Vec2(10, 20))
    #expect(t.position.combined?.fixedValue == Vec2(50, 60))
    #expect(t.position.value(at: 0) == Vec2(50, 60))
    #expect(t.position.isStatic)
    #expect(t.scale.fixedValue == Vec2(150, 50))
    #expect(t.rotation.fixedValue == 45)
    #expect(t.opacity.fixedValue == 80)
    #expect(t.skew.fixedValue == 15)
    #expect(t.skewAxis.fixedValue == 30)
    #expect(animation.diagnostics.isEmpty)
  }

  @Test("a missing or empty ks is the identity")
  func identity() throws {
    for json in [composition(layers: #"[{"ty": 3}]"#), transformComposition("{}")] {
      let t = try #require(try parse(json).layers.first).transform
      let identity = Transform.identity
      #expect(t.anchor.fixedValue == identity.anchor.fixedValue)
      #expect(t.anchor.fixedValue == .zero)
      #expect(t.position.combined?.fixedValue == .zero)
      #expect(t.scale.fixedValue == Vec2(100, 100))
      #expect(t.rotation.fixedValue == 0)
      #expect(t.opacity.fixedValue == 100)
      #expect(t.skew.fixedValue == 0)
      #expect(t.skewAxis.fixedValue == 0)
    }
  }

  @Test("split position: x and y are separate properties")
  func splitPosition() throws {
    let (t, animation) = try layerTransform(
      #"""
      {"p": {"s": true, "x": {"a": 0, "k": 10},
             "y": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 20, "s": [40]}]}}}
      """#)
    guard case .split(let x, let y) = t.position else {
      Issue.record("position is not split")
      return
    }
    #expect(x.fixedValue == 10)
    #expect(y.keyframes?.map(\.frame) == [0, 20])
    #expect(!t.position.isStatic)
    #expect(t.position.value(at: 5) == Vec2(10, 10))
    #expect(t.position.value(at: 30) == Vec2(10, 40))
    #expect(animation.diagnostics.isEmpty)
  }

  @Test("split position with s false or missing members")
  func splitPositionEdges() throws {
    // `s: false` with a `k` is an ordinary combined position.
    let (combined, _) = try layerTransform(#"{"p": {"s": false, "a": 0, "k": [3, 4]}}"#)
    #expect(combined.position.combined?.fixedValue == Vec2(3, 4))
    // Missing dimensions default to 0.
    let (split, _) = try layerTransform(#"{"p": {"s": 1, "y": {"k": 7}}}"#)
    #expect(split.position.value(at: 0) == Vec2(0, 7))
  }

  @Test("the z of a split position on a 3D layer is noted")
  func splitPositionZ() throws {
    let (_, animation) = try layerTransform(#"{"p": {"s": true, "x": {"k": 1}, "y": {"k": 2}, "z": {"k": 3}}}"#, ddd: 1)
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[0].ddd: warning: 3D layer drawn flat, as lottie-web's canvas renderer does: rotations are projected orthographically; perspective, cameras and depth order are lost",
        "test.json: $.layers[0].ks.p.z: info: z position ignored",
      ])
  }

  @Test(
    "rotation comes from r, or from rz when r is absent",
    arguments: [
      (#"{"r": {"a": 0, "k": 30}}"#, 30.0),
      (#"{"rz": {"a": 0, "k": -90}}"#, -90.0),
      (#"{"r": {"a": 0, "k": 5}, "rz": {"a": 0, "k": 6}}"#, 5.0),
      (#"{"r": 12}"#, 12.0),
    ])
  func rotation(ks: String, expected: Double) throws {
    let (t, _) = try layerTransform(ks)
    #expect(t.rotation.fixedValue == expected)
  }

  @Test("3D rotations rx, ry and orientation are read, with a note on the projection")
  func rotations3D() throws {
    let (t, animation) = try layerTransform(
      #"""
      {"rx": {"a": 0, "k": 10}, "ry": {"a": 0, "k": 20}, "rz": {"a": 0, "k": 30}, "or": {"a": 0, "k": [0, 0, 0]}}
      """#, ddd: 1)
    #expect(t.rotation.fixedValue == 30)
    #expect(t.rotationX?.fixedValue == 10 && t.rotationY?.fixedValue == 20)
    #expect(t.orientation?.fixedValue == NumberList([0, 0, 0]))
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[0].ddd: warning: 3D layer drawn flat, as lottie-web's canvas renderer does: rotations are projected orthographically; perspective, cameras and depth order are lost",
        "test.json: $.layers[0].ks.rx: info: 3D rotation 'rx' drawn with an orthographic projection (no perspective), as lottie-web's canvas renderer does",
        "test.json: $.layers[0].ks.ry: info: 3D rotation 'ry' drawn with an orthographic projection (no perspective), as lottie-web's canvas renderer does",
        "test.json: $.layers[0].ks.or: info: 3D rotation 'or' drawn with an orthographic projection (no perspective), as lottie-web's canvas renderer does",
      ])
  }

  @Test("animated transform members evaluate per frame")
  func animatedMembers() throws {
    let (t, _) = try layerTransform(
      #"""
      {"a": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 10, "s": [10, 20]}]},
       "s": {"a": 1, "k": [{"t": 0, "s": [100, 100, 100]}, {"t": 10, "s": [200, 50, 100]}]},
       "r": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [360]}]},
       "o": {"a": 1, "k": [{"t": 0, "s": [100]}, {"t": 10, "s": [0]}]}}
      """#)
    #expect(t.anchor.value(at: 5) == Vec2(5, 10))
    #expect(t.scale.value(at: 5) == Vec2(150, 75))
    #expect(t.rotation.value(at: 2.5) == 90)
    #expect(t.opacity.value(at: 7.5) == 25)
  }

  @Test("a shape group's tr item is a transform with the same members")
  func groupTransform() throws {
    let items = try firstLayerShapes(
      shapeComposition(
        #"""
        [{"ty": "gr", "nm": "g", "it": [
          {"ty": "rc", "s": {"k": [10, 10]}},
          {"ty": "tr", "a": {"k": [1, 2]}, "p": {"k": [3, 4]}, "s": {"k": [50, 50]}, "r": {"k": 90}, "o": {"k": 40},
           "sk": {"k": 10}, "sa": {"k": 45}}
        ]}]
        """#))
    guard case .group(let groupItems) = items.first?.kind, let name = items.first?.name,
      case .transform(let t) = groupItems.last?.kind
    else {
      Issue.record("expected a group ending with a transform: \(items)")
      return
    }
    #expect(name == "g")
    #expect(t.anchor.fixedValue == Vec2(1, 2))
    #expect(t.position.combined?.fixedValue == Vec2(3, 4))
    #expect(t.scale.fixedValue == Vec2(50, 50))
    #expect(t.rotation.fixedValue == 90)
    #expect(t.opacity.fixedValue == 40)
    #expect(t.skew.fixedValue == 10)
    #expect(t.skewAxis.fixedValue == 45)
  }
}
