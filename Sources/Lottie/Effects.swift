/// A layer effect (`ef[]`) or layer style (`sy[]`) that the renderer applies, in order, to the layer's pixels
/// after its masks. Values are normalised at parse time so that effects and styles of the same kind share one
/// case (for example a drop shadow's opacity is always 0...1).
public enum LayerEffect: Sendable {
  /// Fill (`ty 21`): every pixel takes `color`, keeping its coverage scaled by `opacity` (0...1).
  case fill(color: Animatable<RGBA>, opacity: Animatable<Double>)
  /// Tint (`ty 20`): luminance mapped from `black` to `white`, mixed with the original by `amount` (0...1).
  case tint(black: Animatable<RGBA>, white: Animatable<RGBA>, amount: Animatable<Double>)
  /// Tritone (`ty 23`): luminance mapped dark → mid → bright.
  case tritone(bright: Animatable<RGBA>, mid: Animatable<RGBA>, dark: Animatable<RGBA>)
  /// Gaussian blur (`ty 29`): `sigma` in layer pixels (lottie-web: blurriness × 0.3); `dimensions` 1 both,
  /// 2 horizontal, 3 vertical. Fast Box Blur (`ADBE Box Blur2`) is read as the Gaussian of its spread.
  case gaussianBlur(sigma: Animatable<Double>, dimensions: Animatable<Double>)
  /// Drop shadow (effect `ty 25`, style `ty 1`): a blurred copy of the layer's coverage in `color`, at
  /// `opacity` (0...1), moved `distance` layer pixels towards `direction` (degrees, After Effects
  /// convention: 0 up, 90 right, 180 down), blurred by `sigma` layer pixels, drawn under the layer, or
  /// instead of it when `shadowOnly`.
  /// Stroke (`ty 22`), as lottie-web draws it: the layer's mask paths (`maskIndex`, 1-based, or all of them)
  /// stroked with round caps, `size` × 2 wide, at `opacity` (0...1), between `start` and `end` (percent of
  /// the length), dotted with gaps of `spacing` percent of the width, painted as `paintStyle` says.
  case stroke(
    maskIndex: Int, allMasks: Bool, color: Animatable<RGBA>, size: Animatable<Double>, opacity: Animatable<Double>,
    start: Animatable<Double>, end: Animatable<Double>, spacing: Animatable<Double>, paintStyle: StrokePaintStyle)
  case dropShadow(
    color: Animatable<RGBA>, opacity: Animatable<Double>, direction: Animatable<Double>,
    distance: Animatable<Double>, sigma: Animatable<Double>, shadowOnly: Bool = false)
  /// Stroke layer style (`sy` ty 0): a band `size` layer pixels wide in `color` at `opacity` (0...1) around
  /// the outside of the layer's pixels (After Effects' default position; Bodymovin exports neither position nor
  /// blend mode), with round corners as Photoshop draws it, under the layer.
  case layerStroke(color: Animatable<RGBA>, size: Animatable<Double>, opacity: Animatable<Double>)
  /// Inner shadow layer style (`sy` ty 2): `color` at `opacity` (0...1) inside the layer's edges, as if the
  /// layer were a hole lit from the opposite side: the outside of its pixels, moved `distance` towards
  /// `direction` (effect convention) and blurred by `sigma`, kept only where the layer is, blended with
  /// `blendMode` (a mode Cairo draws: not hard mix).
  case innerShadow(
    color: Animatable<RGBA>, opacity: Animatable<Double>, direction: Animatable<Double>,
    distance: Animatable<Double>, sigma: Animatable<Double>, blendMode: BlendMode)
  /// Gradient Ramp (`ADBE Ramp`): the layer's pixels take a linear (shape 1) or radial (2) gradient from
  /// `startColor` at `start` to `endColor` at `end` (layer coordinates), keeping their coverage, mixed with
  /// the original by `blend` (0...1, "Blend With Original").
  case gradientRamp(
    start: Animatable<Vec2>, startColor: Animatable<RGBA>, end: Animatable<Vec2>, endColor: Animatable<RGBA>,
    shape: Animatable<Double>, blend: Animatable<Double>)
  /// Transform effect (`ADBE Geometry2`, or `ty 35`): moves the layer's own content (not its children) by
  /// another transform before the layer's, and scales its opacity, as lottie-web's TransformEffect does.
  /// Scales in percent, angles in degrees, opacity 0...1.
  case transform(
    anchor: Animatable<Vec2>, position: Animatable<Vec2>, uniformScale: Animatable<Double>,
    scaleHeight: Animatable<Double>, scaleWidth: Animatable<Double>, skew: Animatable<Double>,
    skewAxis: Animatable<Double>, rotation: Animatable<Double>, opacity: Animatable<Double>)
}

extension LayerEffect {
  /// Effect names by type, for diagnostics when the effect has no name of its own.
  static func effectName(_ type: Int) -> String {
    switch type {
    case 5: return "Custom"
    case 6: return "Paint Over Transparent"
    case 7: return "Glow"
    case 20: return "Tint"
    case 21: return "Fill"
    case 22: return "Stroke"
    case 23: return "Tritone"
    case 24: return "Pro Levels"
    case 25: return "Drop Shadow"
    case 26: return "Radial Wipe"
    case 27: return "Displacement Map"
    case 28: return "Matte3"
    case 29: return "Gaussian Blur"
    case 30: return "Twirl"
    case 31: return "Mesh Warp"
    case 32: return "Wavy"
    case 33: return "Spherize"
    case 34: return "Puppet"
    default: return "effect"
    }
  }

  /// Layer style names by type.
  static func styleName(_ type: Int) -> String {
    switch type {
    case 0: return "Stroke"
    case 1: return "Drop Shadow"
    case 2: return "Inner Shadow"
    case 3: return "Outer Glow"
    case 4: return "Inner Glow"
    case 5: return "Bevel Emboss"
    case 6: return "Satin"
    case 7: return "Color Overlay"
    case 8: return "Gradient Overlay"
    default: return "style"
    }
  }
}

extension Reader {
  /// Layer effects (`ef`) the renderer applies; others are reported and skipped.
  /// An effect whose values cannot be read is reported and skipped: effects never make a file unreadable.
  func effects(_ json: JSON, _ path: JSONPath) throws(LottieError) -> [LayerEffect] {
    var out: [LayerEffect] = []
    for (i, item) in try array(json, path).enumerated() {
      let recorded = effectControls.count
      do {
        try effect(item, path.appending(i), into: &out)
      } catch {
        note(.warning, path.appending(i), "effect could not be read (\(Reader.reason(error))); ignored")
      }
      // One record per effect, so that expressions count them as the file does.
      if effectControls.count == recorded {
        effectControls.append(EffectControl(name: "", index: i + 1, isEnabled: false, parameters: []))
      }
    }
    return out
  }

  /// Whether an effect's match name (`mn`) is an expression control (sliders, layer pickers, pseudo effects of
  /// rigging scripts): values for expressions that draw nothing.
  static func isExpressionControl(_ matchName: String) -> Bool {
    matchName.hasPrefix("Pseudo/") || (matchName.hasPrefix("ADBE ") && matchName.hasSuffix(" Control"))
  }

  /// The message of a reading error, without its file and path.
  static func reason(_ error: LottieError) -> String {
    switch error {
    case .invalid(_, _, let message), .limitExceeded(_, _, let message): return message
    default: return error.description
    }
  }

  private func effect(_ item: JSON, _ p: JSONPath, into out: inout [LayerEffect]) throws(LottieError) {
    let o = try object(item, p)
    let type = try int(o, "ty", p) ?? -1
    let given = try string(o, "nm", p) ?? ""
    let name = given.isEmpty ? LayerEffect.effectName(type) : given
    let enabled: Bool
    if let en = o["en"], en != .null { enabled = try bool(o, "en", p) } else { enabled = true }
    let values: [JSON]
    if let v = o["ef"], v != .null { values = try array(v, p.appending("ef")) } else { values = [] }
    let vp = p.appending("ef")
    // Every effect is there for expressions, drawn or not, enabled or not (`effect("Wiggle - position")(1)`).
    var position = 0
    if case .index(let i)? = p.components.last { position = i }
    let matchName = ((try? string(o, "mn", p)) ?? nil) ?? ""
    // An expression control's parameters are read (and their expressions listed) here; other effects'
    // quietly: drawn ones are read again below, and the rest are not drawn.
    let isControl = type == 5 && Reader.isExpressionControl(matchName)
    var parameters: [EffectParameter] = []
    for (i, item) in values.enumerated() {
      guard case .object(let vo) = item else { continue }
      let ip = vp.appending(i)
      func read() -> Animatable<NumberList>? {
        guard let v = vo["v"], v != .null, let read = try? property(v, ip.appending("v"), Reader.numberList),
          !unevaluatedExpressions.contains(ip.appending("v"))
        else { return nil }
        // A parameter driven by an expression we cannot evaluate has no known value.
        return read
      }
      let value = isControl ? read() : ((try? quietly { () throws(LottieError) in read() }) ?? nil)
      parameters.append(
        EffectParameter(
          name: (try? string(vo, "nm", ip)) ?? "", matchName: (try? string(vo, "mn", ip)) ?? "",
          index: ((try? int(vo, "ix", ip)) ?? nil) ?? i + 1, type: ((try? int(vo, "ty", ip)) ?? nil) ?? 0,
          value: value))
    }
    effectControls.append(
      EffectControl(
        name: name, matchName: matchName, index: ((try? int(o, "ix", p)) ?? nil) ?? position + 1,
        isEnabled: enabled, parameters: parameters))
    guard enabled else {
      note(.info, p, "effect '\(name)' (ty \(type)) is disabled; ignored")
      return
    }
    func value<V>(_ index: Int, _ decode: ValueDecoder<V>, _ fallback: V) throws(LottieError) -> Animatable<V> {
      guard index < values.count else { return .fixed(fallback) }
      let ip = vp.appending(index)
      let vo = try object(values[index], ip)
      return try property(vo, "v", ip, decode, default: fallback)
    }
    /// A parameter's initial number when the file gives one (for options that only earn a note).
    func option(_ index: Int) throws(LottieError) -> Double? {
      guard index < values.count, case .object(let wrap) = values[index], let v = wrap["v"], v != .null else {
        return nil
      }
      return try property(v, vp.appending(index).appending("v"), Reader.scalar).initialValue
    }
    /// The Transform effect: `ty` 35, or `ty` 5 named by its match name (two cases, not `case 35, 5 where`,
    /// whose condition would apply to 5 alone while reading as if it covered both).
    func appendTransform() throws(LottieError) {
      out.append(
        .transform(
          anchor: try value(0, Reader.vector, Vec2(0, 0)), position: try value(1, Reader.vector, Vec2(0, 0)),
          uniformScale: try value(2, Reader.scalar, 1), scaleHeight: try value(3, Reader.scalar, 100),
          scaleWidth: try value(4, Reader.scalar, 100), skew: try value(5, Reader.scalar, 0),
          skewAxis: try value(6, Reader.scalar, 0), rotation: try value(7, Reader.scalar, 0),
          opacity: try value(8, Reader.scalar, 100).map { $0 / 100 }))
      if try option(9) == 0, let shutter = try option(10), shutter != 0 {
        note(.info, p, "'\(name)': motion blur (shutter angle) is not drawn")
      }
    }
    let black = RGBA(0, 0, 0), white = RGBA(1, 1, 1)
    switch type {
    case 21:
      out.append(.fill(color: try value(2, Reader.color, RGBA(1, 0, 0)), opacity: try value(6, Reader.scalar, 1)))
    case 20:
      out.append(
        .tint(
          black: try value(0, Reader.color, black), white: try value(1, Reader.color, white),
          amount: try value(2, Reader.scalar, 100).map { $0 / 100 }))
    case 23:
      out.append(
        .tritone(
          bright: try value(0, Reader.color, white), mid: try value(1, Reader.color, RGBA(0.5, 0.5, 0.5)),
          dark: try value(2, Reader.color, black)))
    case 29:
      // lottie-web: stdDeviation = blurriness × 0.3, matching After Effects' look.
      out.append(
        .gaussianBlur(
          sigma: try value(0, Reader.scalar, 0).map { $0 * 0.3 }, dimensions: try value(1, Reader.scalar, 1)))
      if let repeatEdges = try option(2), repeatEdges != 0 {
        note(.info, vp.appending(2), "blur 'repeat edge pixels' is not supported; edges fade to transparent")
      }
    case 25:
      // lottie-web: opacity 0...255, stdDeviation = softness / 4.
      out.append(
        .dropShadow(
          color: try value(0, Reader.color, black), opacity: try value(1, Reader.scalar, 127.5).map { $0 / 255 },
          direction: try value(2, Reader.scalar, 135), distance: try value(3, Reader.scalar, 5),
          sigma: try value(4, Reader.scalar, 0).map { $0 / 4 },
          shadowOnly: try value(5, Reader.scalar, 0).initialValue != 0))
    case 22:
      out.append(
        .stroke(
          maskIndex: (try value(0, Reader.scalar, 1).initialValue + 0.5).clampedInt(-1_000_000...1_000_000),
          allMasks: try value(1, Reader.scalar, 0).initialValue != 0, color: try value(3, Reader.color, white),
          size: try value(4, Reader.scalar, 2), opacity: try value(6, Reader.scalar, 1),
          start: try value(7, Reader.scalar, 0), end: try value(8, Reader.scalar, 100),
          spacing: try value(9, Reader.scalar, 0),
          paintStyle: try strokePaintStyle(value(10, Reader.scalar, 1), p.appending("ef").appending(10))))
    case 35:
      try appendTransform()
    case 5 where try string(o, "mn", p) == "ADBE Geometry2":
      try appendTransform()
    case 5 where try string(o, "mn", p) == "ADBE Ramp":
      out.append(
        .gradientRamp(
          start: try value(0, Reader.vector, Vec2(0, 0)), startColor: try value(1, Reader.color, black),
          end: try value(2, Reader.vector, Vec2(0, 100)), endColor: try value(3, Reader.color, white),
          shape: try value(4, Reader.scalar, 1), blend: try value(6, Reader.scalar, 0).map { $0 / 100 }))
      if let scatter = try option(5), scatter != 0 {
        note(.info, vp.appending(5), "'\(name)': ramp scatter (noise) is not drawn")
      }
    case 5 where try string(o, "mn", p) == "ADBE Box Blur2":
      // Fast Box Blur: `Iterations` passes of a box `Blur Radius` wide each side. A box of half-width r has the
      // spread (standard deviation) of r / sqrt(3); n passes add their variances. Drawn as the Gaussian of that
      // spread, which n passes approach (After Effects' default is 3).
      let passes = try value(1, Reader.scalar, 3).initialValue.roundedClampedInt(1...50)  // NaN gives 1
      let iterations = Double(passes)
      out.append(
        .gaussianBlur(
          sigma: try value(0, Reader.scalar, 0).map { max($0, 0) * (iterations / 3).squareRoot() },
          dimensions: try value(2, Reader.scalar, 1)))
      if iterations < 3 {
        note(
          .info, p,
          "'\(name)' with \(passes) iteration\(passes == 1 ? "" : "s") is drawn as a Gaussian blur of the same spread")
      }
      if let repeatEdges = try option(3), repeatEdges != 0 {
        note(.info, vp.appending(3), "blur 'repeat edge pixels' is not supported; edges fade to transparent")
      }
    case 5 where isControl:
      // Nothing to draw; expressions read its values (kept above).
      note(
        .info, p,
        "effect '\(name)' (ty 5) is an expression control: nothing to draw; its values are kept for expressions")
    default:
      note(.warning, p, "effect '\(name)' (ty \(type)) is not supported; ignored")
    }
  }

  /// Layer styles (`sy`) the renderer applies; others are reported and skipped.
  func styles(_ json: JSON, _ path: JSONPath) throws(LottieError) -> [LayerEffect] {
    var out: [LayerEffect] = []
    for (i, item) in try array(json, path).enumerated() {
      do {
        try style(item, path.appending(i), into: &out)
      } catch {
        note(.warning, path.appending(i), "layer style could not be read (\(Reader.reason(error))); ignored")
      }
    }
    return out
  }

  private func style(_ item: JSON, _ p: JSONPath, into out: inout [LayerEffect]) throws(LottieError) {
    let o = try object(item, p)
    let type = try int(o, "ty", p) ?? -1
    let given = try string(o, "nm", p) ?? ""
    let name = given.isEmpty ? LayerEffect.styleName(type) : given
    switch type {
    case 0:
      // Bodymovin writes the colour and size; an opacity (0...100, as the drop shadow's) is read when present.
      out.append(
        .layerStroke(
          color: try property(o, "c", p, Reader.color, default: RGBA(0, 0, 0)),
          size: try property(o, "s", p, Reader.scalar, default: 3),
          opacity: try property(o, "o", p, Reader.scalar, default: 100).map { $0 / 100 }))
    case 1:
      // Photoshop convention: `a` is the light's angle, counter-clockwise from the right; the shadow falls
      // away from the light. In the effect convention (clockwise from up) that is 270° − a.
      // The size `s` is the blur's reach: about three standard deviations.
      out.append(
        .dropShadow(
          color: try property(o, "c", p, Reader.color, default: RGBA(0, 0, 0)),
          opacity: try property(o, "o", p, Reader.scalar, default: 75).map { $0 / 100 },
          direction: try property(o, "a", p, Reader.scalar, default: 120).map { 270 - $0 },
          distance: try property(o, "d", p, Reader.scalar, default: 5),
          sigma: try property(o, "s", p, Reader.scalar, default: 5).map { $0 / 3 }))
    case 2:
      // The same conventions as the drop shadow style; `bm` is the style's own blend mode in After Effects'
      // menu order (1 normal, 4 multiply, ...), mapped to the layer modes Cairo draws.
      let menu = try property(o, "bm", p, Reader.scalar, default: 1).initialValue.clampedInt(0...100)
      let blend = Reader.styleBlendModes[menu]
      if blend == nil {
        note(.info, p.appending("bm"), "'\(name)': blend mode \(menu) is drawn as normal")
      }
      for (key, what) in [("ch", "choke"), ("no", "noise")]
      where try property(o, key, p, Reader.scalar, default: 0).initialValue != 0 {
        note(.info, p.appending(key), "'\(name)': \(what) is not drawn")
      }
      out.append(
        .innerShadow(
          color: try property(o, "c", p, Reader.color, default: RGBA(0, 0, 0)),
          opacity: try property(o, "o", p, Reader.scalar, default: 75).map { $0 / 100 },
          direction: try property(o, "a", p, Reader.scalar, default: 120).map { 270 - $0 },
          distance: try property(o, "d", p, Reader.scalar, default: 5),
          sigma: try property(o, "s", p, Reader.scalar, default: 5).map { $0 / 3 }, blendMode: blend ?? .normal))
    default:
      note(.warning, p, "layer style '\(name)' (ty \(type)) is not supported; ignored")
    }
  }

  /// Layer-style blend modes (After Effects' menu order, 1-based) that Cairo draws, as layer `bm` numbers.
  static let styleBlendModes: [Int: BlendMode] = [
    1: .normal, 3: .darken, 4: .multiply, 5: .colorBurn, 8: .lighten, 9: .screen, 10: .colorDodge, 13: .overlay,
    14: .softLight, 15: .hardLight, 20: .difference, 21: .exclusion, 24: .hue, 25: .saturation, 26: .color,
    27: .luminosity,
  ]
}

/// The stroke effect's Paint Style (its eleventh parameter), as After Effects numbers its menu.
public enum StrokePaintStyle: Int, Sendable {
  /// The stroke drawn over the layer.
  case onOriginalImage = 1
  /// The stroke alone, the layer not drawn.
  case onTransparent = 2
  /// The layer shown only through the stroke.
  case revealOriginalImage = 3
}

extension Reader {
  /// The stroke effect's paint style; a number After Effects does not write is drawn on the layer (its
  /// default), with a warning at its path.
  func strokePaintStyle(_ value: Animatable<Double>, _ path: JSONPath) -> StrokePaintStyle {
    let n = (value.initialValue + 0.5).clampedInt(-1000...1000)
    guard let style = StrokePaintStyle(rawValue: n) else {
      note(.warning, path, "stroke paint style \(n) is not one After Effects has; drawn on the original image")
      return .onOriginalImage
    }
    return style
  }
}
