/// A text layer's data (`t`): the keyframed document, the animators that change characters, and the
/// alignment options (`m`).
public struct TextLayer: Sendable {
  /// The document (`d`), keyframed (documents hold until the next keyframe).
  public var document: Animatable<TextDocument>
  /// Animators (`a`), applied in order to every character.
  public var animators: [TextAnimator]
  /// Anchor point grouping (`m.g`): what a character turns and scales around.
  public var grouping: TextGrouping
  /// Grouping alignment (`m.a`) in percent of the group's width (x) and of 0.857 × the size (y).
  public var alignment: Animatable<Vec2>
  /// Text on a path (`p`), nil for text on a straight baseline.
  public var path: TextPath?

  /// Makes text data; without animators unless given.
  public init(
    document: Animatable<TextDocument>, animators: [TextAnimator] = [], grouping: TextGrouping = .characters,
    alignment: Animatable<Vec2> = .fixed(.zero), path: TextPath? = nil
  ) {
    self.document = document
    self.animators = animators
    self.grouping = grouping
    self.alignment = alignment
    self.path = path
  }
}

/// Text on a path (`t.p`): the characters follow one of the layer's masks, as in After Effects' Path Options.
public struct TextPath: Sendable {
  /// Index of the mask in the layer's `masksProperties` (`m`); its mode does not matter here (a mask whose
  /// mode is not none still clips the layer, as lottie-web does).
  public var maskIndex: Int
  /// The mask's path, in layer coordinates.
  public var path: Animatable<BezierPath>
  /// First margin (`f`): where the text starts along the path, in pixels.
  public var firstMargin: Animatable<Double>
  /// Last margin (`l`); lottie-web reads it but places nothing by it.
  public var lastMargin: Animatable<Double>
  /// Reverse path (`r`), force alignment (`a`) and perpendicular to path (`p`): on when not 0.
  public var reversed: Animatable<Double>
  public var forceAlignment: Animatable<Double>
  public var perpendicular: Animatable<Double>

  /// Makes path options: margins 0, not reversed, not forced, perpendicular (After Effects' defaults) unless given.
  public init(
    maskIndex: Int, path: Animatable<BezierPath>, firstMargin: Animatable<Double> = .fixed(0),
    lastMargin: Animatable<Double> = .fixed(0), reversed: Animatable<Double> = .fixed(0),
    forceAlignment: Animatable<Double> = .fixed(0), perpendicular: Animatable<Double> = .fixed(1)
  ) {
    self.maskIndex = maskIndex
    self.path = path
    self.firstMargin = firstMargin
    self.lastMargin = lastMargin
    self.reversed = reversed
    self.forceAlignment = forceAlignment
    self.perpendicular = perpendicular
  }
}

/// Anchor point grouping (`m.g`).
public enum TextGrouping: Int, Sendable {
  case characters = 1
  case words = 2
  case lines = 3
  /// The whole text; lottie-web treats it as characters.
  case all = 4
}

/// One text animator (`t.a[]`): a range selector and the property changes it applies to what it selects.
public struct TextAnimator: Sendable {
  /// Name (`nm`).
  public var name: String
  /// Which characters, and how much (`s`).
  public var selector: TextRangeSelector
  /// What changes (`a`).
  public var properties: TextAnimatorProperties
}

/// Range selector units (`r`).
public enum TextRangeUnits: Int, Sendable {
  case percent = 1
  case index = 2
}

/// What a range selector counts (`b`).
public enum TextRangeBasis: Int, Sendable {
  case characters = 1
  case charactersExcludingSpaces = 2
  case words = 3
  case lines = 4
}

/// How the selection amount falls off across the range (`sh`).
public enum TextRangeShape: Int, Sendable {
  case square = 1
  case rampUp = 2
  case rampDown = 3
  case triangle = 4
  case round = 5
  case smooth = 6
}

/// A range selector (`t.a[].s`).
public struct TextRangeSelector: Sendable {
  /// Start (`s`), end (`e`, nil for the whole text) and offset (`o`), in the units.
  public var start: Animatable<Double>
  public var end: Animatable<Double>?
  public var offset: Animatable<Double>
  /// Amount (`a`) in percent: how strongly selected characters take the animator's values.
  public var amount: Animatable<Double>
  /// Ease low (`ne`) and high (`xe`) in percent.
  public var easeLow: Animatable<Double>
  public var easeHigh: Animatable<Double>
  /// Smoothness (`sm`) in percent (square shape edges).
  public var smoothness: Animatable<Double>
  public var units: TextRangeUnits
  public var basedOn: TextRangeBasis
  public var shape: TextRangeShape
  /// Randomize order (`rn`): lottie-web shuffles with `Math.random()`, so it is drawn in order here.
  public var randomizeOrder: Bool
}

/// The properties a text animator changes (`t.a[].a`); nil when the animator leaves one alone.
public struct TextAnimatorProperties: Sendable {
  /// Anchor point (`a`), position (`p`) and scale (`s`, percent) of each character.
  public var anchor: Animatable<Vec2>?
  public var position: Animatable<Vec2>?
  public var scale: Animatable<Vec2>?
  /// Rotation (`r`), skew (`sk`) and skew axis (`sa`), degrees.
  public var rotation: Animatable<Double>?
  public var skew: Animatable<Double>?
  public var skewAxis: Animatable<Double>?
  /// Opacity (`o`), percent.
  public var opacity: Animatable<Double>?
  /// Fill colour (`fc`); hue (`fh`, degrees), saturation (`fs`) and brightness (`fb`) offsets in percent;
  /// fill opacity (`fo`), percent.
  public var fillColor: Animatable<RGBA>?
  public var fillHue: Animatable<Double>?
  public var fillSaturation: Animatable<Double>?
  public var fillBrightness: Animatable<Double>?
  public var fillOpacity: Animatable<Double>?
  /// Stroke colour (`sc`), the same offsets (`sh`, `ss`, `sb`), stroke opacity (`so`) and width (`sw`).
  public var strokeColor: Animatable<RGBA>?
  public var strokeHue: Animatable<Double>?
  public var strokeSaturation: Animatable<Double>?
  public var strokeBrightness: Animatable<Double>?
  public var strokeOpacity: Animatable<Double>?
  public var strokeWidth: Animatable<Double>?
  /// Tracking (`t`): extra space before each character, in pixels.
  public var tracking: Animatable<Double>?

  /// Changes nothing.
  public init() {}
}

extension Reader {
  // MARK: - Text animators

  func textLayer(_ layer: [String: JSON], _ path: JSONPath) throws(LottieError) -> TextLayer {
    let tPath = path.appending("t")
    let empty = TextDocument(
      text: "", fontName: "", size: 10, fillColor: nil, strokeColor: nil, strokeWidth: 0, strokeOverFill: false,
      justification: .left, tracking: 0, lineHeight: 12, baselineShift: 0, boxPosition: nil, boxSize: nil,
      allCaps: false)
    guard let t = layer["t"], case .object(let to) = t, let d = to["d"], d != .null else {
      note(.warning, path, "text layer without a text document ('t.d'); nothing drawn")
      return TextLayer(document: .fixed(empty))
    }
    var text = TextLayer(document: try property(d, tPath.appending("d"), Reader.textDocument))
    if let p = to["p"], case .object(let po) = p, po["m"] != nil {
      text.path = try textPath(po, layer: layer, layerPath: path, tPath.appending("p"))
    }
    if let m = to["m"], case .object(let mo) = m {
      let mPath = tPath.appending("m")
      text.alignment = try property(mo, "a", mPath, Reader.vector, default: .zero)
      let g = try int(mo, "g", mPath) ?? 1
      text.grouping = TextGrouping(rawValue: g) ?? .characters
      if TextGrouping(rawValue: g) == nil {
        note(.warning, mPath.appending("g"), "unknown anchor point grouping \(g); characters used")
      }
    }
    if let a = to["a"], a != .null {
      let aPath = tPath.appending("a")
      for (i, item) in try array(a, aPath).enumerated() {
        if let animator = try textAnimator(item, aPath.appending(i)) { text.animators.append(animator) }
      }
    }
    return text
  }

  /// The path options (`t.p`) with the mask they name, nil (with a warning) when the layer has no such mask.
  private func textPath(
    _ p: [String: JSON], layer: [String: JSON], layerPath: JSONPath, _ path: JSONPath
  ) throws(LottieError) -> TextPath? {
    guard let index = try int(p, "m", path) else { return nil }
    let masksPath = layerPath.appending("masksProperties")
    var masks: [JSON] = []
    if let mp = layer["masksProperties"], mp != .null { masks = try array(mp, masksPath) }
    guard masks.indices.contains(index) else {
      note(.warning, path.appending("m"), "text path mask \(index) does not exist; drawn on a straight baseline")
      return nil
    }
    let maskPath = masksPath.appending(index)
    let mask = try object(masks[index], maskPath)
    guard let pt = mask["pt"], pt != .null else {
      note(.warning, maskPath, "text path mask without a path ('pt'); drawn on a straight baseline")
      return nil
    }
    let options = TextPath(
      maskIndex: index, path: try property(pt, maskPath.appending("pt"), Reader.bezier),
      firstMargin: try property(p, "f", path, Reader.scalar, default: 0),
      lastMargin: try property(p, "l", path, Reader.scalar, default: 0),
      reversed: try property(p, "r", path, Reader.scalar, default: 0),
      forceAlignment: try property(p, "a", path, Reader.scalar, default: 0),
      perpendicular: try property(p, "p", path, Reader.scalar, default: 1))
    if !options.lastMargin.isStatic || options.lastMargin.initialValue != 0 {
      note(.info, path.appending("l"), "the text path's last margin is not applied (lottie-web ignores it too)")
    }
    return options
  }

  private func textAnimator(_ json: JSON, _ path: JSONPath) throws(LottieError) -> TextAnimator? {
    let o = try object(json, path)
    let sPath = path.appending("s")
    let s: [String: JSON]
    if let sv = o["s"], sv != .null { s = try object(sv, sPath) } else { s = [:] }
    // `t: 1` marks an expression selector, whose amounts come from a script.
    if try bool(s, "t", sPath) {
      note(.warning, sPath, "expression text selectors are not evaluated; the selector's range is used")
    }
    func choice<E: RawRepresentable>(_ key: String, _ fallback: E, _ what: String) throws(LottieError) -> E
    where E.RawValue == Int {
      guard let n = try int(s, key, sPath) else { return fallback }
      if let value = E(rawValue: n) { return value }
      note(.warning, sPath.appending(key), "unknown text selector \(what) \(n); \(fallback) used")
      return fallback
    }
    let randomize = try bool(s, "rn", sPath)
    if randomize {
      note(
        .warning, sPath.appending("rn"),
        "randomized text selector order is not reproducible (lottie-web uses Math.random); drawn in order")
    }
    let selector = TextRangeSelector(
      start: try property(s, "s", sPath, Reader.scalar, default: 0),
      end: try optionalProperty(s, "e", sPath, Reader.scalar),
      offset: try property(s, "o", sPath, Reader.scalar, default: 0),
      amount: try property(s, "a", sPath, Reader.scalar, default: 100),
      easeLow: try property(s, "ne", sPath, Reader.scalar, default: 0),
      easeHigh: try property(s, "xe", sPath, Reader.scalar, default: 0),
      smoothness: try property(s, "sm", sPath, Reader.scalar, default: 100),
      units: try choice("r", TextRangeUnits.percent, "units"),
      basedOn: try choice("b", TextRangeBasis.characters, "basis"),
      shape: try choice("sh", TextRangeShape.square, "shape"),
      randomizeOrder: randomize)

    var p = TextAnimatorProperties()
    let pPath = path.appending("a")
    if let av = o["a"], av != .null {
      let a = try object(av, pPath)
      func scalar(_ key: String) throws(LottieError) -> Animatable<Double>? {
        try optionalProperty(a, key, pPath, Reader.scalar)
      }
      p.anchor = try optionalProperty(a, "a", pPath, Reader.vector)
      p.position = try optionalProperty(a, "p", pPath, Reader.vector)
      p.scale = try optionalProperty(a, "s", pPath, Reader.vector)
      p.rotation = try scalar("r")
      p.skew = try scalar("sk")
      p.skewAxis = try scalar("sa")
      p.opacity = try scalar("o")
      p.fillColor = try optionalProperty(a, "fc", pPath, Reader.color)
      p.fillHue = try scalar("fh")
      p.fillSaturation = try scalar("fs")
      p.fillBrightness = try scalar("fb")
      p.fillOpacity = try scalar("fo")
      p.strokeColor = try optionalProperty(a, "sc", pPath, Reader.color)
      p.strokeHue = try scalar("sh")
      p.strokeSaturation = try scalar("ss")
      p.strokeBrightness = try scalar("sb")
      p.strokeOpacity = try scalar("so")
      p.strokeWidth = try scalar("sw")
      p.tracking = try scalar("t")
      for key in ["rx", "ry", "bl", "ls"] where a[key] != nil && a[key] != .null {
        let what = ["rx": "X rotation", "ry": "Y rotation", "bl": "blur", "ls": "line spacing"][key] ?? key
        note(.warning, pPath.appending(key), "text animator \(what) is not applied")
      }
    }
    return TextAnimator(name: try string(o, "nm", path) ?? "", selector: selector, properties: p)
  }
}
