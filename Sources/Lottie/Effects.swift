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

/// The kinds of effect (`ty`) Bodymovin writes, by After Effects' names. Custom (5) covers expression
/// controls and every effect Bodymovin has no number for, told apart by their match names.
public enum EffectKind: Int, Sendable, CaseIterable {
  case custom = 5
  case paintOverTransparent = 6
  case glow = 7
  case tint = 20
  case fill = 21
  case stroke = 22
  case tritone = 23
  case proLevels = 24
  case dropShadow = 25
  case radialWipe = 26
  case displacementMap = 27
  case matte3 = 28
  case gaussianBlur = 29
  case twirl = 30
  case meshWarp = 31
  case wavy = 32
  case spherize = 33
  case puppet = 34
  case transform = 35

  /// After Effects' name, for diagnostics when the effect has no name of its own.
  public var name: String {
    switch self {
    case .custom: return "Custom"
    case .paintOverTransparent: return "Paint Over Transparent"
    case .glow: return "Glow"
    case .tint: return "Tint"
    case .fill: return "Fill"
    case .stroke: return "Stroke"
    case .tritone: return "Tritone"
    case .proLevels: return "Pro Levels"
    case .dropShadow: return "Drop Shadow"
    case .radialWipe: return "Radial Wipe"
    case .displacementMap: return "Displacement Map"
    case .matte3: return "Matte3"
    case .gaussianBlur: return "Gaussian Blur"
    case .twirl: return "Twirl"
    case .meshWarp: return "Mesh Warp"
    case .wavy: return "Wavy"
    case .spherize: return "Spherize"
    case .puppet: return "Puppet"
    case .transform: return "Transform"
    }
  }
}

extension LayerEffect {
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
    let kind = EffectKind(rawValue: type)
    let name = given.isEmpty ? (kind?.name ?? "effect") : given
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
    let v = EffectValues(reader: self, values: values, path: p, name: name)
    let drawn: LayerEffect?
    switch kind {
    case .fill?: drawn = try Self.fillEffect(v)
    case .tint?: drawn = try Self.tintEffect(v)
    case .tritone?: drawn = try Self.tritoneEffect(v)
    case .gaussianBlur?: drawn = try gaussianBlurEffect(v)
    case .dropShadow?: drawn = try Self.dropShadowEffect(v)
    case .stroke?: drawn = try strokeEffect(v)
    case .transform?: drawn = try transformEffect(v)
    case .custom? where matchName == "ADBE Geometry2": drawn = try transformEffect(v)
    case .custom? where matchName == "ADBE Ramp": drawn = try gradientRampEffect(v)
    case .custom? where matchName == "ADBE Box Blur2": drawn = try boxBlurEffect(v)
    case .custom? where isControl:
      // Nothing to draw; expressions read its values (kept above).
      note(
        .info, p,
        "effect '\(name)' (ty 5) is an expression control: nothing to draw; its values are kept for expressions")
      drawn = nil
    default:
      note(.warning, p, "effect '\(name)' (ty \(type)) is not supported; ignored")
      drawn = nil
    }
    if let drawn { out.append(drawn) }
  }

  // One reader an effect (as Skottie gives each effect its own), each with lottie-web's parameter indices.

  private static func fillEffect(_ v: EffectValues) throws(LottieError) -> LayerEffect {
    .fill(color: try v.value(2, Reader.color, RGBA(1, 0, 0)), opacity: try v.value(6, Reader.scalar, 1))
  }

  private static func tintEffect(_ v: EffectValues) throws(LottieError) -> LayerEffect {
    .tint(
      black: try v.value(0, Reader.color, EffectValues.black), white: try v.value(1, Reader.color, EffectValues.white),
      amount: try v.value(2, Reader.scalar, 100).map { $0 / 100 })
  }

  private static func tritoneEffect(_ v: EffectValues) throws(LottieError) -> LayerEffect {
    .tritone(
      bright: try v.value(0, Reader.color, EffectValues.white), mid: try v.value(1, Reader.color, RGBA(0.5, 0.5, 0.5)),
      dark: try v.value(2, Reader.color, EffectValues.black))
  }

  /// lottie-web: stdDeviation = blurriness × 0.3, matching After Effects' look.
  private func gaussianBlurEffect(_ v: EffectValues) throws(LottieError) -> LayerEffect {
    let effect = LayerEffect.gaussianBlur(
      sigma: try v.value(0, Reader.scalar, 0).map { $0 * 0.3 }, dimensions: try v.value(1, Reader.scalar, 1))
    if let repeatEdges = try v.option(2), repeatEdges != 0 {
      note(.info, v.parameterPath(2), "blur 'repeat edge pixels' is not supported; edges fade to transparent")
    }
    return effect
  }

  /// lottie-web: opacity 0...255, stdDeviation = softness / 4.
  private static func dropShadowEffect(_ v: EffectValues) throws(LottieError) -> LayerEffect {
    .dropShadow(
      color: try v.value(0, Reader.color, EffectValues.black),
      opacity: try v.value(1, Reader.scalar, 127.5).map { $0 / 255 }, direction: try v.value(2, Reader.scalar, 135),
      distance: try v.value(3, Reader.scalar, 5), sigma: try v.value(4, Reader.scalar, 0).map { $0 / 4 },
      shadowOnly: try v.value(5, Reader.scalar, 0).initialValue != 0)
  }

  private func strokeEffect(_ v: EffectValues) throws(LottieError) -> LayerEffect {
    .stroke(
      maskIndex: (try v.value(0, Reader.scalar, 1).initialValue + 0.5).clampedInt(-1_000_000...1_000_000),
      allMasks: try v.value(1, Reader.scalar, 0).initialValue != 0,
      color: try v.value(3, Reader.color, EffectValues.white), size: try v.value(4, Reader.scalar, 2),
      opacity: try v.value(6, Reader.scalar, 1), start: try v.value(7, Reader.scalar, 0),
      end: try v.value(8, Reader.scalar, 100), spacing: try v.value(9, Reader.scalar, 0),
      paintStyle: try strokePaintStyle(v.value(10, Reader.scalar, 1), v.parameterPath(10)))
  }

  /// The Transform effect: `ty` 35, or `ty` 5 with the match name "ADBE Geometry2".
  private func transformEffect(_ v: EffectValues) throws(LottieError) -> LayerEffect {
    let effect = LayerEffect.transform(
      anchor: try v.value(0, Reader.vector, Vec2(0, 0)), position: try v.value(1, Reader.vector, Vec2(0, 0)),
      uniformScale: try v.value(2, Reader.scalar, 1), scaleHeight: try v.value(3, Reader.scalar, 100),
      scaleWidth: try v.value(4, Reader.scalar, 100), skew: try v.value(5, Reader.scalar, 0),
      skewAxis: try v.value(6, Reader.scalar, 0), rotation: try v.value(7, Reader.scalar, 0),
      opacity: try v.value(8, Reader.scalar, 100).map { $0 / 100 })
    if try v.option(9) == 0, let shutter = try v.option(10), shutter != 0 {
      note(.info, v.path, "'\(v.name)': motion blur (shutter angle) is not drawn")
    }
    return effect
  }

  private func gradientRampEffect(_ v: EffectValues) throws(LottieError) -> LayerEffect {
    let effect = LayerEffect.gradientRamp(
      start: try v.value(0, Reader.vector, Vec2(0, 0)), startColor: try v.value(1, Reader.color, EffectValues.black),
      end: try v.value(2, Reader.vector, Vec2(0, 100)), endColor: try v.value(3, Reader.color, EffectValues.white),
      shape: try v.value(4, Reader.scalar, 1), blend: try v.value(6, Reader.scalar, 0).map { $0 / 100 })
    if let scatter = try v.option(5), scatter != 0 {
      note(.info, v.parameterPath(5), "'\(v.name)': ramp scatter (noise) is not drawn")
    }
    return effect
  }

  /// Fast Box Blur: `Iterations` passes of a box `Blur Radius` wide each side. A box of half-width r has the
  /// spread (standard deviation) of r / sqrt(3); n passes add their variances. Drawn as the Gaussian of that
  /// spread, which n passes approach (After Effects' default is 3).
  private func boxBlurEffect(_ v: EffectValues) throws(LottieError) -> LayerEffect {
    let passes = try v.value(1, Reader.scalar, 3).initialValue.roundedClampedInt(1...50)  // NaN gives 1
    let iterations = Double(passes)
    let effect = LayerEffect.gaussianBlur(
      sigma: try v.value(0, Reader.scalar, 0).map { max($0, 0) * (iterations / 3).squareRoot() },
      dimensions: try v.value(2, Reader.scalar, 1))
    if iterations < 3 {
      note(
        .info, v.path,
        "'\(v.name)' with \(passes) iteration\(passes == 1 ? "" : "s") is drawn as a Gaussian blur of the same spread")
    }
    if let repeatEdges = try v.option(3), repeatEdges != 0 {
      note(.info, v.parameterPath(3), "blur 'repeat edge pixels' is not supported; edges fade to transparent")
    }
    return effect
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

/// An effect's parameters (`ef`) as its reader reads them: by lottie-web's indices, a missing one taking the
/// default.
struct EffectValues {
  let reader: Reader
  let values: [JSON]
  /// The effect's path.
  let path: JSONPath
  /// Its name for messages.
  let name: String

  static let black = RGBA(0, 0, 0)
  static let white = RGBA(1, 1, 1)

  func parameterPath(_ index: Int) -> JSONPath { path.appending("ef").appending(index) }

  /// Parameter `index`'s value (`v`), or `fallback` when the effect has fewer parameters.
  func value<V>(_ index: Int, _ decode: ValueDecoder<V>, _ fallback: V) throws(LottieError) -> Animatable<V> {
    guard index < values.count else { return .fixed(fallback) }
    let ip = parameterPath(index)
    let vo = try reader.object(values[index], ip)
    return try reader.property(vo, "v", ip, decode, default: fallback)
  }

  /// A parameter's initial number when the file gives one (for options that only earn a note).
  func option(_ index: Int) throws(LottieError) -> Double? {
    guard index < values.count, case .object(let wrap) = values[index], let v = wrap["v"], v != .null else {
      return nil
    }
    return try reader.property(v, parameterPath(index).appending("v"), Reader.scalar).initialValue
  }
}
