import Lottie
import Testing

/// Layer effects (`ef`) and layer styles (`sy`): which are kept, with what values, and what is reported.
struct EffectParsingTests {
  /// An effect value (`ef[].ef[]`) holding `value`.
  static func value(_ value: String, type: Int = 0) -> String {
    #"{"ty": \#(type), "v": {"a": 0, "k": \#(value)}}"#
  }

  static func layer(effects: String = "[]", styles: String = "[]") throws -> (Layer, [String]) {
    let animation = try parse(
      composition(layers: #"[{"ty": 3, "ind": 1, "ip": 0, "op": 60, "ks": {}, "ef": \#(effects), "sy": \#(styles)}]"#))
    return (animation.layers[0], diagnosticTexts(animation))
  }

  @Test("fill, tint, tritone, blur and drop shadow effects are read by parameter index")
  func supportedEffects() throws {
    func v(_ s: String) -> String { EffectParsingTests.value(s) }
    let effects = """
      [{"ty": 21, "nm": "Fill", "ef": [\(v("0")), \(v("0")), \(v("[0, 0.5, 1, 1]")), \(v("0")), \(v("0")), \(v("0")), \(v("0.25"))]},
       {"ty": 20, "ef": [\(v("[1, 0, 0, 1]")), \(v("[0, 1, 0, 1]")), \(v("40"))]},
       {"ty": 23, "ef": [\(v("[1, 1, 1, 1]")), \(v("[0.5, 0, 0, 1]")), \(v("[0, 0, 0, 1]"))]},
       {"ty": 29, "ef": [\(v("10")), \(v("2")), \(v("0"))]},
       {"ty": 25, "ef": [\(v("[0, 0, 1, 1]")), \(v("51")), \(v("180")), \(v("7")), \(v("8"))]}]
      """
    let (layer, diagnostics) = try EffectParsingTests.layer(effects: effects)
    #expect(diagnostics == [])
    #expect(layer.effects.count == 5)
    guard layer.effects.count == 5 else { return }
    if case .fill(let color, let opacity) = layer.effects[0] {
      #expect(color.value(at: 0) == RGBA(0, 0.5, 1, 1))
      #expect(opacity.value(at: 0) == 0.25)
    } else {
      Issue.record("expected a fill")
    }
    if case .tint(let black, let white, let amount) = layer.effects[1] {
      #expect(black.value(at: 0) == RGBA(1, 0, 0, 1))
      #expect(white.value(at: 0) == RGBA(0, 1, 0, 1))
      #expect(close(amount.value(at: 0), 0.4))
    } else {
      Issue.record("expected a tint")
    }
    if case .tritone(let bright, let mid, let dark) = layer.effects[2] {
      #expect(bright.value(at: 0) == RGBA(1, 1, 1, 1))
      #expect(mid.value(at: 0) == RGBA(0.5, 0, 0, 1))
      #expect(dark.value(at: 0) == RGBA(0, 0, 0, 1))
    } else {
      Issue.record("expected a tritone")
    }
    if case .gaussianBlur(let sigma, let dimensions) = layer.effects[3] {
      #expect(close(sigma.value(at: 0), 3))  // lottie-web: blurriness × 0.3
      #expect(dimensions.value(at: 0) == 2)
    } else {
      Issue.record("expected a blur")
    }
    if case .dropShadow(let color, let opacity, let direction, let distance, let sigma, let shadowOnly) = layer.effects[
      4]
    {
      #expect(!shadowOnly)
      #expect(color.value(at: 0) == RGBA(0, 0, 1, 1))
      #expect(close(opacity.value(at: 0), 0.2))  // 51 of 255
      #expect(direction.value(at: 0) == 180)
      #expect(distance.value(at: 0) == 7)
      #expect(close(sigma.value(at: 0), 2))  // lottie-web: softness / 4
    } else {
      Issue.record("expected a drop shadow")
    }
  }

  @Test("Fast Box Blur is read as the Gaussian of its spread: radius × sqrt(iterations / 3)")
  func fastBoxBlur() throws {
    func v(_ s: String) -> String { EffectParsingTests.value(s) }
    let effects = """
      [{"ty": 5, "nm": "Fast Box Blur", "mn": "ADBE Box Blur2", "ef": [\(v("6")), \(v("3")), \(v("3")), \(v("0"))]},
       {"ty": 5, "nm": "One pass", "mn": "ADBE Box Blur2", "ef": [\(v("6")), \(v("1")), \(v("1")), \(v("1"))]}]
      """
    let (layer, diagnostics) = try EffectParsingTests.layer(effects: effects)
    #expect(
      diagnostics == [
        "test.json: $.layers[0].ef[1]: info: 'One pass' with 1 iteration is drawn as a Gaussian blur of the same spread",
        "test.json: $.layers[0].ef[1].ef[3]: info: blur 'repeat edge pixels' is not supported; edges fade to transparent",
      ])
    guard layer.effects.count == 2,
      case .gaussianBlur(let three, let dimensions) = layer.effects[0],
      case .gaussianBlur(let one, _) = layer.effects[1]
    else {
      Issue.record("expected two blurs, got \(layer.effects)")
      return
    }
    #expect(close(three.value(at: 0), 6))
    #expect(dimensions.value(at: 0) == 3)
    #expect(close(one.value(at: 0), 6 / 3.0.squareRoot()))
  }

  @Test("the Transform effect is read from ty 35 and from older exports' ADBE Geometry2")
  func transformEffect() throws {
    func v(_ s: String) -> String { EffectParsingTests.value(s) }
    let parameters = [v("[5, 6]"), v("[7, 8]"), v("0"), v("50"), v("200"), v("10"), v("20"), v("30"), v("40")]
    let effects = """
      [{"ty": 35, "nm": "Transform", "ef": [\(parameters.joined(separator: ", "))]},
       {"ty": 5, "nm": "Old", "mn": "ADBE Geometry2", "ef": [\(parameters.joined(separator: ", ")), \(v("0")), \(v("180"))]}]
      """
    let (layer, diagnostics) = try EffectParsingTests.layer(effects: effects)
    #expect(diagnostics == ["test.json: $.layers[0].ef[1]: info: 'Old': motion blur (shutter angle) is not drawn"])
    #expect(layer.effects.count == 2)
    for effect in layer.effects {
      guard case .transform(let a, let p, let u, let sh, let sw, let sk, let sa, let r, let o) = effect else {
        Issue.record("expected a transform, got \(effect)")
        continue
      }
      #expect(a.value(at: 0) == Vec2(5, 6) && p.value(at: 0) == Vec2(7, 8))
      #expect(u.value(at: 0) == 0 && sh.value(at: 0) == 50 && sw.value(at: 0) == 200)
      #expect(sk.value(at: 0) == 10 && sa.value(at: 0) == 20 && r.value(at: 0) == 30)
      #expect(close(o.value(at: 0), 0.4))
    }
  }

  @Test("the inner shadow style is read as the drop shadow style is, with its blend mode mapped")
  func innerShadowStyle() throws {
    let styles = """
      [{"ty": 2, "nm": "Inner Shadow", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 50}, "a": {"a": 0, "k": 120},
        "s": {"a": 0, "k": 6}, "d": {"a": 0, "k": 4}, "ch": {"a": 0, "k": 10}, "bm": {"a": 0, "k": 4}, "no": {"a": 0, "k": 0}},
       {"ty": 2, "nm": "Odd", "bm": {"a": 0, "k": 2}}]
      """
    let (layer, diagnostics) = try EffectParsingTests.layer(styles: styles)
    #expect(
      diagnostics == [
        "test.json: $.layers[0].sy[0].ch: info: 'Inner Shadow': choke is not drawn",
        "test.json: $.layers[0].sy[1].bm: info: 'Odd': blend mode 2 is drawn as normal",
      ])
    guard layer.effects.count == 2, case .innerShadow(let c, let o, let a, let d, let s, let bm) = layer.effects[0],
      case .innerShadow(_, _, _, _, _, let normal) = layer.effects[1]
    else {
      Issue.record("expected two inner shadows, got \(layer.effects)")
      return
    }
    #expect(c.value(at: 0) == RGBA(1, 0, 0, 1) && close(o.value(at: 0), 0.5))
    #expect(a.value(at: 0) == 150 && d.value(at: 0) == 4 && s.value(at: 0) == 2)
    #expect(bm == .multiply && normal == .normal)  // and dissolve drawn as normal
  }

  @Test("Gradient Ramp is read by parameter index; scatter is reported")
  func gradientRamp() throws {
    func v(_ s: String) -> String { EffectParsingTests.value(s) }
    let effects = """
      [{"ty": 5, "nm": "Ramp", "mn": "ADBE Ramp", "ef": [\(v("[1, 2]")), \(v("[1, 0, 0, 1]")), \(v("[3, 4]")), \(v("[0, 0, 1, 1]")), \(v("2")), \(v("5")), \(v("40"))]}]
      """
    let (layer, diagnostics) = try EffectParsingTests.layer(effects: effects)
    #expect(diagnostics == ["test.json: $.layers[0].ef[0].ef[5]: info: 'Ramp': ramp scatter (noise) is not drawn"])
    guard case .gradientRamp(let s, let sc, let e, let ec, let shape, let blend)? = layer.effects.first else {
      Issue.record("expected a ramp, got \(layer.effects)")
      return
    }
    #expect(s.value(at: 0) == Vec2(1, 2) && e.value(at: 0) == Vec2(3, 4))
    #expect(sc.value(at: 0) == RGBA(1, 0, 0, 1) && ec.value(at: 0) == RGBA(0, 0, 1, 1))
    #expect(shape.value(at: 0) == 2 && close(blend.value(at: 0), 0.4))
  }

  /// Issue 40: the paint style is a kind; a number After Effects does not write is drawn on the layer, said.
  @Test("an unknown stroke paint style is drawn on the original image, with a warning")
  func unknownStrokePaintStyle() throws {
    func v(_ s: String) -> String { EffectParsingTests.value(s) }
    let values = ["1", "0", "0", "[0, 1, 0, 1]", "3", "0", "1", "0", "100", "0", "7"].map(v).joined(separator: ", ")
    let (layer, diagnostics) = try EffectParsingTests.layer(effects: #"[{"ty": 22, "ef": [\#(values)]}]"#)
    #expect(
      diagnostics == [
        "test.json: $.layers[0].ef[0].ef[10]: warning: stroke paint style 7 is not one After Effects has; drawn on the original image"
      ])
    guard case .stroke(_, _, _, _, _, _, _, _, let style)? = layer.effects.first else {
      Issue.record("expected a stroke")
      return
    }
    #expect(style == .onOriginalImage)
  }

  @Test("the stroke effect is read with lottie-web's parameter indices")
  func strokeEffect() throws {
    func v(_ s: String) -> String { EffectParsingTests.value(s) }
    let values = ["2", "0", "0", "[0, 1, 0, 1]", "3", "0", "0.5", "10", "90", "20", "3"].map(v).joined(separator: ", ")
    let (layer, diagnostics) = try EffectParsingTests.layer(effects: #"[{"ty": 22, "ef": [\#(values)]}]"#)
    #expect(diagnostics == [])
    guard
      case .stroke(let mask, let all, let color, let size, let opacity, let start, let end, let spacing, let style) =
        layer.effects.first
    else {
      Issue.record("expected a stroke")
      return
    }
    #expect(mask == 2 && !all && style == .revealOriginalImage)
    #expect(color.value(at: 0) == RGBA(0, 1, 0, 1))
    #expect(size.value(at: 0) == 3 && opacity.value(at: 0) == 0.5)
    #expect(start.value(at: 0) == 10 && end.value(at: 0) == 90 && spacing.value(at: 0) == 20)
  }

  @Test("effect values are animatable")
  func animatedValue() throws {
    let effects = """
      [{"ty": 29, "ef": [{"ty": 0, "v": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [20]}]}}]}]
      """
    let (layer, _) = try EffectParsingTests.layer(effects: effects)
    guard case .gaussianBlur(let sigma, _) = layer.effects.first else {
      Issue.record("expected a blur")
      return
    }
    #expect(close(sigma.value(at: 0), 0))
    #expect(close(sigma.value(at: 5), 3))
    #expect(close(sigma.value(at: 10), 6))
  }

  @Test("the drop shadow layer style is read in the effect's conventions")
  func dropShadowStyle() throws {
    let styles = """
      [{"ty": 1, "nm": "Drop Shadow", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 50},
        "a": {"a": 0, "k": 90}, "s": {"a": 0, "k": 6}, "d": {"a": 0, "k": 10}}]
      """
    let (layer, diagnostics) = try EffectParsingTests.layer(styles: styles)
    #expect(diagnostics == [])
    guard case .dropShadow(let color, let opacity, let direction, let distance, let sigma, _) = layer.effects.first
    else {
      Issue.record("expected a drop shadow")
      return
    }
    #expect(color.value(at: 0) == RGBA(1, 0, 0, 1))
    #expect(close(opacity.value(at: 0), 0.5))
    // A light from straight above (90°) casts the shadow straight down: 180° in the effect's convention.
    #expect(close(direction.value(at: 0), 180))
    #expect(distance.value(at: 0) == 10)
    #expect(close(sigma.value(at: 0), 2))
  }

  @Test("the stroke layer style: colour, size, and an opacity when given")
  func strokeStyle() throws {
    let styles = """
      [{"ty": 0, "nm": "Stroke", "c": {"a": 0, "k": [0, 0, 1, 1]}, "s": {"a": 0, "k": 6}},
       {"ty": 0, "c": {"a": 0, "k": [1, 0, 0, 1]}, "s": {"a": 0, "k": 2}, "o": {"a": 0, "k": 40}}]
      """
    let (layer, diagnostics) = try EffectParsingTests.layer(styles: styles)
    #expect(diagnostics == [])
    guard layer.effects.count == 2, case .layerStroke(let color, let size, let opacity) = layer.effects[0],
      case .layerStroke(_, let size2, let opacity2) = layer.effects[1]
    else {
      Issue.record("expected two stroke styles")
      return
    }
    #expect(color.value(at: 0) == RGBA(0, 0, 1, 1) && size.value(at: 0) == 6 && opacity.value(at: 0) == 1)
    #expect(size2.value(at: 0) == 2 && close(opacity2.value(at: 0), 0.4))
  }

  @Test("unsupported, disabled and unreadable effects are reported and skipped")
  func reported() throws {
    func v(_ s: String) -> String { EffectParsingTests.value(s) }
    let effects = """
      [{"ty": 7, "nm": "Glow", "ef": []},
       {"ty": 24, "ef": []},
       {"ty": 5, "nm": "Bounce", "mn": "ADBE Slider Control", "ef": [\(v("3"))]},
       {"ty": 5, "nm": "Bevel Alpha", "mn": "ADBE Bevel Alpha", "ef": []},
       {"ty": 21, "en": 0, "ef": []},
       {"ty": 20, "ef": [\(v(#""red""#))]},
       {"ty": 29, "ef": [\(v("5")), \(v("1")), \(v("1"))]}]
      """
    let (layer, diagnostics) = try EffectParsingTests.layer(effects: effects, styles: #"[{"ty": 3}]"#)
    #expect(layer.effects.count == 1)
    #expect(
      diagnostics == [
        "test.json: $.layers[0].ef[0]: warning: effect 'Glow' (ty 7) is not supported; ignored",
        "test.json: $.layers[0].ef[1]: warning: effect 'Pro Levels' (ty 24) is not supported; ignored",
        "test.json: $.layers[0].ef[2]: info: effect 'Bounce' (ty 5) is an expression control: nothing to draw; its values are kept for expressions",
        "test.json: $.layers[0].ef[3]: warning: effect 'Bevel Alpha' (ty 5) is not supported; ignored",
        "test.json: $.layers[0].ef[4]: info: effect 'Fill' (ty 21) is disabled; ignored",
        "test.json: $.layers[0].ef[5]: warning: effect could not be read (expected a number or an array of numbers, found a string); ignored",
        "test.json: $.layers[0].ef[6].ef[2]: info: blur 'repeat edge pixels' is not supported; edges fade to transparent",
        "test.json: $.layers[0].sy[0]: warning: layer style 'Outer Glow' (ty 3) is not supported; ignored",
      ])
  }
}
