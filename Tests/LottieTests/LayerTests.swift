import Lottie
import Testing

/// Layer kinds and the members every layer has.
@Suite("Layers")
struct LayerTests {
  @Test("shape, null, solid, precomp, image and text layers")
  func layerKinds() throws {
    let animation = try parse(
      composition(
        layers: #"""
          [
            {"ty": 4, "nm": "shape", "shapes": [{"ty": "el"}, {"ty": "fl"}]},
            {"ty": 3, "nm": "null"},
            {"ty": 1, "nm": "solid", "sc": "#ff8000", "sw": 320, "sh": 240},
            {"ty": 0, "nm": "pre", "refId": "comp_0", "w": 50, "h": 60,
             "tm": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [2]}]}},
            {"ty": 2, "nm": "img", "refId": "image_0"},
            {"ty": 5, "nm": "text", "t": {}}
          ]
          """#,
        extra: #""assets": [{"id": "comp_0", "layers": [{"ty": 3}]}, {"id": "image_0", "p": "a.png", "w": 1, "h": 1}]"#)
    )
    #expect(animation.layers.map(\.name) == ["shape", "null", "solid", "pre", "img", "text"])
    #expect(animation.layers.map(\.path.description) == (0..<6).map { "$.layers[\($0)]" })

    #expect(animation.layers[0].content.shapeItems?.map(\.tag) == ["el", "fl"])
    guard case .null = animation.layers[1].content else {
      Issue.record("not a null layer")
      return
    }
    guard case .solid(let color, let width, let height) = animation.layers[2].content else {
      Issue.record("not a solid layer")
      return
    }
    #expect(close(color, RGBA(1, 128.0 / 255, 0, 1)))
    #expect(width == 320 && height == 240)
    guard case .precomp(let id, let pw, let ph, let timeRemap) = animation.layers[3].content else {
      Issue.record("not a precomp layer")
      return
    }
    #expect(id == "comp_0" && pw == 50 && ph == 60)
    #expect(timeRemap?.keyframes?.map(\.frame) == [0, 30])
    #expect(timeRemap.map { close($0.value(at: 15), 1) } == true)
    guard case .image(let imageID) = animation.layers[4].content else {
      Issue.record("not an image")
      return
    }
    #expect(imageID == "image_0")
    guard case .text = animation.layers[5].content else {
      Issue.record("not a text layer")
      return
    }
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[5]: warning: text layer without a text document ('t.d'); nothing drawn"
      ])
  }

  @Test(
    "solid colours",
    arguments: [
      ("#ff8000", RGBA(1, 128.0 / 255, 0)),
      ("#ABCDEF", RGBA(171.0 / 255, 205.0 / 255, 239.0 / 255)),
      ("000000", RGBA(0, 0, 0)),
      (" #ffffff ", RGBA(1, 1, 1)),
      ("#11223344", RGBA(17.0 / 255, 34.0 / 255, 51.0 / 255, 68.0 / 255)),
    ])
  func solidColours(sc: String, expected: RGBA) throws {
    let animation = try parse(composition(layers: #"[{"ty": 1, "sc": ""# + sc + #"", "sw": 1, "sh": 1}]"#))
    guard case .solid(let color, _, _) = animation.layers.first?.content else {
      Issue.record("unexpected layer content")
      return
    }
    #expect(close(color, expected))
  }

  @Test("a solid without sc, sw and sh is a black 0x0 solid")
  func solidDefaults() throws {
    let animation = try parse(composition(layers: #"[{"ty": 1}]"#))
    guard case .solid(let color, let w, let h) = animation.layers.first?.content else {
      Issue.record("unexpected layer content")
      return
    }
    #expect(color == RGBA(0, 0, 0, 1) && w == 0 && h == 0)
  }

  @Test("ind, parent, timing, blend mode, auto-orient and defaults")
  func commonMembers() throws {
    let animation = try parse(
      composition(
        layers: #"""
          [
            {"ty": 3, "ind": 7, "parent": 2, "ip": 5, "op": 50.5, "st": -3, "sr": 2, "bm": 3, "ao": 1},
            {"ty": 3, "ind": 2.0},
            {"ty": 3}
          ]
          """#))
    let a = animation.layers[0]
    #expect(a.index == 7)
    #expect(a.parent == 2)
    #expect(a.inPoint == 5 && a.outPoint == 50.5 && a.startTime == -3 && a.stretch == 2)
    #expect(a.blendMode == .overlay)
    #expect(a.autoOrient)
    #expect(animation.layers[1].index == 2)
    #expect(animation.layers[1].parent == nil)
    let d = animation.layers[2]
    #expect(d.index == nil && d.parent == nil)
    #expect(d.name == "" && !d.isHidden)
    #expect(d.inPoint == 0 && d.outPoint == 0 && d.startTime == 0 && d.stretch == 1)
    #expect(d.blendMode == .normal && !d.autoOrient && !d.isMatteSource)
    #expect(d.matteMode == nil && d.matteParent == nil && d.masks.isEmpty)
    #expect(d.matchName == "" && d.classNames == "" && d.elementID == "")
  }

  @Test("match name, CSS classes (cl) and element id (ln) are kept")
  func htmlNames() throws {
    let animation = try parse(
      composition(layers: #"[{"ty": 3, "nm": "Logo", "mn": "ADBE Layer", "cl": "brand big", "ln": "logo-1"}]"#))
    let layer = animation.layers[0]
    #expect(layer.name == "Logo" && layer.matchName == "ADBE Layer")
    #expect(layer.classNames == "brand big" && layer.elementID == "logo-1")
  }

  @Test("hidden layers are kept with isHidden, whether hd is a boolean or a number")
  func hiddenLayers() throws {
    let animation = try parse(
      composition(
        layers: #"[{"ty": 3, "ind": 1, "hd": true}, {"ty": 4, "hd": 1, "parent": 1}, {"ty": 3, "hd": false}]"#))
    #expect(animation.layers.map(\.isHidden) == [true, true, false])
    #expect(animation.layers[1].parent == 1)
  }

  @Test("track mattes: td, tt and tp")
  func mattes() throws {
    let animation = try parse(
      composition(
        layers: #"""
          [
            {"ty": 4, "ind": 1, "td": 1},
            {"ty": 4, "ind": 2, "tt": 1},
            {"ty": 4, "ind": 3, "tt": 2, "tp": 1},
            {"ty": 4, "ind": 4, "tt": 3},
            {"ty": 4, "ind": 5, "tt": 4},
            {"ty": 4, "ind": 6, "tt": 9}
          ]
          """#))
    #expect(animation.layers.map(\.isMatteSource) == [true, false, false, false, false, false])
    #expect(animation.layers.map(\.matteMode) == [nil, .alpha, .alphaInverted, .luma, .lumaInverted, nil])
    #expect(animation.layers.map(\.matteParent) == [nil, nil, 1, nil, nil, nil])
  }

  @Test("masks: mode, inverted, path, opacity, expansion; an unknown mode drops the mask with a warning")
  func masks() throws {
    let animation = try parse(
      composition(
        layers: #"""
          [{"ty": 4, "masksProperties": [
            {"mode": "s", "inv": true, "o": {"a": 0, "k": 40}, "x": {"a": 0, "k": -3},
             "pt": {"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]],
                                   "o": [[1, 2], [0, 0], [0, 0]]}}},
            {"mode": "q"},
            {"nm": "defaults"},
            {"mode": "n"}, {"mode": "i"}, {"mode": "l"}, {"mode": "d"}, {"mode": "f"}
          ]}]
          """#))
    let masks = animation.layers[0].masks
    #expect(masks.map(\.mode) == [.subtract, .add, .none, .intersect, .lighten, .darken, .difference])
    let m = try #require(masks.first)
    #expect(m.isInverted)
    #expect(m.opacity.fixedValue == 40)
    #expect(m.expansion.fixedValue == -3)
    let path = try #require(m.path.fixedValue)
    #expect(path.isClosed)
    #expect(path.vertices == [Vec2(0, 0), Vec2(10, 0), Vec2(10, 10)])
    #expect(path.outTangents == [Vec2(1, 2), .zero, .zero])
    let defaults = masks[1]
    #expect(!defaults.isInverted)
    #expect(defaults.opacity.fixedValue == 100)
    #expect(defaults.expansion.fixedValue == 0)
    #expect(defaults.path.fixedValue?.vertices.isEmpty == true)
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[0].masksProperties[1].mode: warning: unknown mask mode 'q'; mask ignored"
      ])
  }

  @Test(
    "unknown and camera layers become diagnostics, not errors (audio layers: AudioParsingTests)",
    arguments: [
      (99, "test.json: $.layers[0]: info: layer of type 99 ignored"),
      (13, "test.json: $.layers[0]: warning: camera layer ignored"),
      (-1, "test.json: $.layers[0]: info: layer of type -1 ignored"),
    ])
  func otherLayers(type: Int, diagnostic: String) throws {
    let json = type == -1 ? composition(layers: #"[{"nm": "no type"}]"#) : composition(layers: #"[{"ty": \#(type)}]"#)
    let animation = try parse(json)
    guard case .other(let kept) = animation.layers.first?.content else {
      Issue.record("unexpected layer content")
      return
    }
    #expect(kept == type)
    #expect(diagnosticTexts(animation) == [diagnostic])
  }

  @Test("3D layers, effects and layer styles are reported")
  func reportedFeatures() throws {
    let animation = try parse(
      composition(
        layers: #"""
          [{"ty": 3, "ddd": 1, "ef": [{"ty": 5}], "sy": [{"ty": 1}]},
           {"ty": 3, "ddd": 0, "ef": [], "sy": []}]
          """#))
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[0].ddd: warning: 3D layer drawn flat, as lottie-web's canvas renderer does: rotations are projected orthographically; perspective, cameras and depth order are lost",
        "test.json: $.layers[0].ef[0]: warning: effect 'Custom' (ty 5) is not supported; ignored",
      ])
    #expect(animation.diagnostics.allSatisfy { $0.severity == .warning })
  }

  @Test("numbers stand in for strings and booleans")
  func scalarQuirks() throws {
    let animation = try parse(
      composition(
        layers: #"[{"ty": 0, "refId": 12, "nm": 2.5, "hd": 0, "td": true}]"#,
        extra: #""assets": [{"id": 12, "layers": []}]"#))
    let layer = try #require(animation.layers.first)
    #expect(layer.name == "2.5")
    #expect(!layer.isHidden && layer.isMatteSource)
    guard case .precomp(let id, _, _, let tm) = layer.content else {
      Issue.record("unexpected layer content")
      return
    }
    #expect(id == "12")
    #expect(tm == nil)
    #expect(animation.precomps["12"] != nil)
    #expect(animation.diagnostics.isEmpty)
  }
}
