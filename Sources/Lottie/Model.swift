/// A whole Lottie animation: the root composition, its assets, and what the parser noticed.
public struct Animation: Sendable {
  /// Bodymovin version string (`v`).
  public var version: String
  /// Name (`nm`).
  public var name: String
  /// Canvas width in pixels (`w`).
  public var width: Double
  /// Canvas height in pixels (`h`).
  public var height: Double
  /// Frames per second (`fr`).
  public var frameRate: Double
  /// First frame (`ip`).
  public var inPoint: Double
  /// Frame after the last one (`op`, exclusive).
  public var outPoint: Double
  /// Root layers, top first as in the JSON.
  public var layers: [Layer]
  /// Precomposition assets by id.
  public var precomps: [String: [Layer]]
  /// The ids of precomposition assets by their names (`nm`, the composition's name in After Effects, as
  /// expressions' `comp("name")` gives it), the first of each name.
  public var precompNames: [String: String] = [:]
  /// Image assets by id.
  public var images: [String: ImageAsset]
  /// Markers (`markers`).
  public var markers: [Marker]
  /// Fonts by name (`fonts.list[].fName`).
  public var fonts: [String: Font] = [:]
  /// Glyph outlines (`chars`), by character, family and style.
  public var glyphs: [GlyphKey: Glyph] = [:]
  /// Everything ignored or approximated while parsing.
  public var diagnostics: [Diagnostic]
  /// Expression source texts (`x`) by the JSON path of their property, kept as text and not evaluated.
  public var expressions: [JSONPath: String] = [:]
  /// The name of the layer each expression is on, by the same paths (layers without a name are not listed).
  public var expressionLayers: [JSONPath: String] = [:]
  /// The expressions of hidden layers (`hd`), which nothing draws, by the same paths.
  public var expressionsOnHiddenLayers: Set<JSONPath> = []
  /// The settable keypaths (`info --keypaths`), listed only when the load's ``Template`` asks for them.
  public var keypaths: [Keypath]? = nil
  /// Sound assets by id (see ``SoundAsset``), played by audio layers.
  public var sounds: [String: SoundAsset] = [:]

  /// Number of frames a player shows: `op - ip`.
  public var frameCount: Double { outPoint - inPoint }
  /// Length in seconds.
  public var duration: Double { frameCount / frameRate }
}

/// A named point or span of the timeline.
public struct Marker: Sendable, Hashable {
  /// Name (`cm`).
  public var name: String
  /// Start frame (`tm`).
  public var frame: Double
  /// Length in frames (`dr`).
  public var duration: Double
}

/// An image asset (`assets[]` with `p`).
public struct ImageAsset: Sendable {
  /// Asset id.
  public var id: String
  /// Size the image is drawn at.
  public var width: Double
  public var height: Double
  /// Folder (`u`) and file name or data URI (`p`).
  public var directory: String
  public var fileName: String
  /// Whether `p` is embedded data (`e == 1` or a `data:` URI).
  public var isEmbedded: Bool
  /// Where in the JSON.
  public var path: JSONPath
}

/// What kind of layer, with its kind-specific data.
public enum LayerContent: Sendable {
  /// A precomposition layer (`ty 0`): draws the asset `referenceID`, clipped to `width`x`height`.
  case precomp(referenceID: String, width: Double, height: Double, timeRemap: Animatable<Double>?)
  /// A solid colour rectangle (`ty 1`).
  case solid(color: RGBA, width: Double, height: Double)
  /// An image (`ty 2`).
  case image(referenceID: String)
  /// A null layer (`ty 3`): transform only, for parenting.
  case null
  /// A shape layer (`ty 4`).
  case shapes([ShapeItem])
  /// A text layer (`ty 5`): its keyframed document, animators and alignment options.
  case text(TextLayer)
  /// Anything else (audio, camera, data...): not drawn.
  case other(type: Int)
}

/// Track matte modes (`tt`).
public enum MatteMode: Int, Sendable {
  case alpha = 1
  case alphaInverted = 2
  case luma = 3
  case lumaInverted = 4
}

/// Mask modes (`mode`).
public enum MaskMode: String, Sendable {
  case none = "n"
  case add = "a"
  case subtract = "s"
  case intersect = "i"
  case lighten = "l"
  case darken = "d"
  case difference = "f"
}

/// A layer mask (`masksProperties[]`).
public struct Mask: Sendable {
  /// Its name (`nm`), as expressions find it (`mask("Mask 1")`); "Mask N" (its position) when the file has none.
  public var name: String = ""
  public var mode: MaskMode
  public var isInverted: Bool
  public var path: Animatable<BezierPath>
  /// Opacity 0...100.
  public var opacity: Animatable<Double>
  /// Expansion in pixels.
  public var expansion: Animatable<Double>
}

/// One layer.
public struct Layer: Sendable {
  /// Name (`nm`).
  public var name: String
  /// Hidden (`hd`): not drawn, but it still parents other layers.
  public var isHidden: Bool
  /// Index used by `parent` and `tp` (`ind`).
  public var index: Int?
  /// Parent's `ind`.
  public var parent: Int?
  /// First visible frame (`ip`).
  public var inPoint: Double
  /// Frame at which it disappears (`op`, exclusive).
  public var outPoint: Double
  /// Start time offset (`st`).
  public var startTime: Double
  /// Time stretch (`sr`).
  public var stretch: Double
  /// Transform (`ks`).
  public var transform: Transform
  /// Auto-orient along the position path (`ao`).
  public var autoOrient: Bool
  /// Blend mode (`bm`).
  public var blendMode: BlendMode
  /// Whether this layer is a matte for the next one (`td`).
  public var isMatteSource: Bool
  /// Matte mode applied to this layer from the layer above (`tt`).
  public var matteMode: MatteMode?
  /// Explicit matte parent (`tp`), by `ind`.
  public var matteParent: Int?
  /// Masks.
  public var masks: [Mask]
  /// Kind-specific data.
  public var content: LayerContent
  /// Where in the JSON.
  public var path: JSONPath
  /// Effects (`ef`) then layer styles (`sy`) that are drawn, in order, after the masks.
  public var effects: [LayerEffect] = []
  /// After Effects match name (`mn`), empty when absent.
  public var matchName: String = ""
  /// CSS class names (`cl`) and HTML id (`ln`) that lottie-web's SVG renderer puts on the layer's element.
  public var classNames: String = ""
  public var elementID: String = ""
  /// For audio layers (`ty 6`, content ``LayerContent/other(type:)``): what they play.
  public var audio: AudioLayerSettings? = nil
  /// Expression controls (`ef` sliders, angles, colours...), read by expressions through `effect(...)`.
  public var expressionControls: [EffectControl] = []
  /// The transform properties (`position`, `opacity`...) whose expression is outside the subset we evaluate:
  /// their value as lottie-web shows it is unknown, so expressions that read them fail instead.
  public var unevaluatedExpressions: Set<String> = []
}

/// A transform: layer `ks` or shape group `tr`.
public struct Transform: Sendable {
  /// Anchor point (`a`).
  public var anchor: Animatable<Vec2>
  /// Position (`p`), possibly split into `x` and `y`.
  public var position: Position
  /// Scale in percent (`s`).
  public var scale: Animatable<Vec2>
  /// Rotation in degrees, clockwise (`r`, or `rz` on 3D layers).
  public var rotation: Animatable<Double>
  /// Opacity 0...100 (`o`).
  public var opacity: Animatable<Double>
  /// Skew in degrees (`sk`) along the axis (`sa`).
  public var skew: Animatable<Double>
  public var skewAxis: Animatable<Double>
  /// 3D layers only: rotation about X (`rx`) and Y (`ry`), and orientation (`or`, degrees about X, Y, Z).
  /// Drawn with an orthographic projection, as lottie-web's canvas renderer does.
  public var rotationX: Animatable<Double>? = nil
  public var rotationY: Animatable<Double>? = nil
  public var orientation: Animatable<NumberList>? = nil

  /// The identity transform.
  public static let identity = Transform(
    anchor: .fixed(.zero), position: .combined(.fixed(.zero)), scale: .fixed(Vec2(100, 100)), rotation: .fixed(0),
    opacity: .fixed(100), skew: .fixed(0), skewAxis: .fixed(0))
}

/// Position as one 2D property or two separate dimensions.
public enum Position: Sendable {
  case combined(Animatable<Vec2>)
  case split(x: Animatable<Double>, y: Animatable<Double>)

  /// The position at `frame`.
  public func value(at frame: Double) -> Vec2 {
    value(at: frame, using: nil)
  }

  /// The position at `frame`, expressions reading other layers through `environment`.
  public func value(at frame: Double, using environment: (any ExpressionEnvironment)?) -> Vec2 {
    switch self {
    case .combined(let p): return p.spatialValue(at: frame, using: environment)
    case .split(let x, let y):
      return Vec2(x.value(at: frame, using: environment), y.value(at: frame, using: environment))
    }
  }

  /// Whether it never changes.
  public var isStatic: Bool {
    switch self {
    case .combined(let p): return p.isStatic
    case .split(let x, let y): return x.isStatic && y.isStatic
    }
  }
}

/// Fill rule (`r`).
public enum FillRule: Int, Sendable {
  case nonZero = 1
  case evenOdd = 2
}

/// Line cap (`lc`).
public enum LineCap: Int, Sendable {
  case butt = 1
  case round = 2
  case square = 3
}

/// Line join (`lj`).
public enum LineJoin: Int, Sendable {
  case miter = 1
  case round = 2
  case bevel = 3
}

/// A gradient (`g` plus type and geometry).
public struct Gradient: Sendable {
  /// 1 linear, 2 radial.
  public var isRadial: Bool
  /// Number of colour stops (`g.p`).
  public var colorStopCount: Int
  /// Flat stops: offset, r, g, b per colour stop, then offset, alpha per opacity stop.
  public var stops: Animatable<NumberList>
  public var start: Animatable<Vec2>
  public var end: Animatable<Vec2>
  /// Radial highlight length (percent) and angle (degrees).
  public var highlightLength: Animatable<Double>
  public var highlightAngle: Animatable<Double>
}

/// A dash pattern entry (`d[]`).
public struct DashElement: Sendable {
  /// `d` dash, `g` gap, `o` offset.
  public var kind: String
  public var length: Animatable<Double>
}

/// Stroke parameters shared by solid and gradient strokes.
public struct StrokeStyle: Sendable {
  public var width: Animatable<Double>
  public var cap: LineCap
  public var join: LineJoin
  public var miterLimit: Double
  public var dashes: [DashElement]
}

/// Trim mode (`m`).
public enum TrimMode: Int, Sendable {
  case simultaneously = 1
  case individually = 2
}

/// A shape item (`shapes[]` / `it[]`): its names, kept for keypaths, and what it is.
public struct ShapeItem: Sendable {
  /// Name (`nm`), as the designer typed it in After Effects ("Fill 1", "Ellipse Path 1").
  public var name: String
  /// After Effects match name (`mn`, e.g. "ADBE Vector Graphic - Fill"), empty when the file has none.
  public var matchName: String
  /// What the item is, with its properties.
  public var kind: Kind
  /// A fill's or stroke's own blend mode (`bm` on `fl`, `st`, `gf`, `gs`, numbered as layers'): After
  /// Effects blends the paint with what the paints below it in its group drew. Normal for other items.
  public var blendMode: BlendMode
  /// Its index in the JSON array it was read from (hidden items are left out of the model), for error paths;
  /// nil for items not read from a file.
  public var index: Int? = nil

  public init(name: String = "", matchName: String = "", kind: Kind, blendMode: BlendMode = .normal) {
    self.name = name
    self.matchName = matchName
    self.kind = kind
    self.blendMode = blendMode
  }

  /// The two-letter type (`ty`) the item was read from.
  public var type: String { kind.type }

  /// The kinds of shape item, each with its properties.
  public enum Kind: Sendable {
    /// A group (`gr`) of items with its own transform (the `tr` item inside).
    case group([ShapeItem])
    /// A rectangle (`rc`): centre, size, corner radius; `reversed` when `d == 3`.
    case rectangle(position: Animatable<Vec2>, size: Animatable<Vec2>, roundness: Animatable<Double>, reversed: Bool)
    /// An ellipse (`el`): centre and size.
    case ellipse(position: Animatable<Vec2>, size: Animatable<Vec2>, reversed: Bool)
    /// A free path (`sh`).
    case path(Animatable<BezierPath>, reversed: Bool)
    /// A star or polygon (`sr`).
    case polystar(Polystar)
    /// A solid fill (`fl`).
    case fill(color: Animatable<RGBA>, opacity: Animatable<Double>, rule: FillRule)
    /// A solid stroke (`st`).
    case stroke(color: Animatable<RGBA>, opacity: Animatable<Double>, style: StrokeStyle)
    /// A gradient fill (`gf`).
    case gradientFill(Gradient, opacity: Animatable<Double>, rule: FillRule)
    /// A gradient stroke (`gs`).
    case gradientStroke(Gradient, opacity: Animatable<Double>, style: StrokeStyle)
    /// The group transform (`tr`).
    case transform(Transform)
    /// Trim paths (`tm`): start and end in percent, offset in degrees.
    case trim(start: Animatable<Double>, end: Animatable<Double>, offset: Animatable<Double>, mode: TrimMode)
    /// Round corners (`rd`).
    case roundCorners(radius: Animatable<Double>)
    /// Repeater (`rp`).
    case repeater(Repeater)
    /// Pucker/bloat (`pb`): amount in percent; positive pulls vertices to the centre and pushes tangents out.
    case puckerBloat(amount: Animatable<Double>)
    /// Zig-zag (`zz`): ridges per segment (`r`), size (`s`), point type (`pt`: 1 corner, 2 smooth).
    case zigZag(ridges: Animatable<Double>, size: Animatable<Double>, pointType: Animatable<Double>)
    /// Offset path (`op`): amount (`a`), line join (`lj`), miter limit (`ml`).
    case offsetPath(amount: Animatable<Double>, join: LineJoin, miterLimit: Animatable<Double>)
    /// Twist (`tw`): angle in degrees (`a`) and centre (`c`).
    case twist(angle: Animatable<Double>, center: Animatable<Vec2>)
    /// Merge paths (`mm`).
    case merge(mode: MergeMode)
    /// An item type the docs do not describe (kept so `check` can report it).
    case unsupported(type: String)

    /// The two-letter type (`ty`) of this kind.
    public var type: String {
      switch self {
      case .group: "gr"
      case .rectangle: "rc"
      case .ellipse: "el"
      case .path: "sh"
      case .polystar: "sr"
      case .fill: "fl"
      case .stroke: "st"
      case .gradientFill: "gf"
      case .gradientStroke: "gs"
      case .transform: "tr"
      case .trim: "tm"
      case .roundCorners: "rd"
      case .repeater: "rp"
      case .puckerBloat: "pb"
      case .zigZag: "zz"
      case .offsetPath: "op"
      case .twist: "tw"
      case .merge: "mm"
      case .unsupported(let type): type
      }
    }
  }
}

/// Merge paths mode (`mm` of a merge item).
public enum MergeMode: Int, Sendable {
  /// Merge: the paths before it stay as they are, under the same paints.
  case merge = 1
  /// Add (union).
  case add = 2
  /// Subtract the later paths from the first.
  case subtract = 3
  /// Intersect.
  case intersect = 4
  /// Exclude intersections (xor).
  case excludeIntersections = 5

  /// The names After Effects shows, for messages.
  public static let names: [MergeMode: String] = [
    .merge: "merge", .add: "add", .subtract: "subtract", .intersect: "intersect",
    .excludeIntersections: "exclude intersections",
  ]
}

/// Star or polygon parameters.
public struct Polystar: Sendable {
  /// Star (1) or polygon (2).
  public var isStar: Bool
  public var position: Animatable<Vec2>
  public var points: Animatable<Double>
  public var rotation: Animatable<Double>
  public var outerRadius: Animatable<Double>
  public var innerRadius: Animatable<Double>
  public var outerRoundness: Animatable<Double>
  public var innerRoundness: Animatable<Double>
  public var reversed: Bool
}

/// Repeater parameters.
public struct Repeater: Sendable {
  public var copies: Animatable<Double>
  public var offset: Animatable<Double>
  /// Composite (`m`): true when each copy goes above the one before, so the last copy is on top ("Above",
  /// `m == 2`); false for "Below" (`m == 1`, the default), where the first copy is on top.
  public var copiesAbove: Bool
  public var transform: Transform
  public var startOpacity: Animatable<Double>
  public var endOpacity: Animatable<Double>
}

extension Animation {
  /// True when no root layer can draw anything at any frame: none that is shown, draws content of its own
  /// (not a null, not audio or a camera, not only a matte) and is in range within the animation's `ip`..`op`.
  /// `check` warns about such a file, which exports to a blank video.
  public var drawsNothing: Bool {
    !layers.contains { layer in
      guard !layer.isHidden, !layer.isMatteSource else { return false }
      switch layer.content {
      case .null, .other: return false
      default: return max(layer.inPoint, inPoint) < min(layer.outPoint, outPoint)
      }
    }
  }
}

extension Animation {
  /// Every text layer with its text data: the root's, then each precomp's by id.
  public var textLayers: [(layer: Layer, text: TextLayer)] {
    (layers + precomps.keys.sorted().flatMap { precomps[$0] ?? [] }).compactMap { layer in
      guard case .text(let text) = layer.content else { return nil }
      return (layer, text)
    }
  }

  /// Each text layer (precomps' too) whose text has more characters than `limit` in some document keyframe:
  /// its `t` path and that count. An export refuses to draw such text (`--limit glyphs`); `check` says so.
  public func textsLonger(than limit: Int) -> [(path: JSONPath, characters: Int)] {
    var found: [(path: JSONPath, characters: Int)] = []
    for (layer, text) in textLayers where !layer.isHidden {
      let most = text.document.allValues.map(\.text.unicodeScalars.count).max() ?? 0
      if most > limit { found.append((layer.path.appending("t"), most)) }
    }
    return found
  }
}

/// How a layer, a paint or a layer style is blended with what is under it (`bm`), numbered as After Effects
/// and Bodymovin number them. Add and hard mix are drawn as After Effects draws them (lottie-web draws them
/// as normal); a number After Effects does not write is read as normal, with a warning at its path.
public enum BlendMode: Int, Sendable, CaseIterable {
  case normal = 0
  case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
  case difference, exclusion, hue, saturation, color, luminosity, add, hardMix
}
