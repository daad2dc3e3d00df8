/// A text document (`t.d.k[].s`): what a text layer shows at a time.
public struct TextDocument: Sendable, Interpolatable, Equatable {
  /// The text; lines are separated by `\r`, `\n` or U+0003.
  public var text: String
  /// Font name (`f`), matching `fonts.list[].fName`.
  public var fontName: String
  /// Font size in pixels (`s`).
  public var size: Double
  /// Fill colour (`fc`), nil for none.
  public var fillColor: RGBA?
  /// Stroke colour (`sc`), nil for none.
  public var strokeColor: RGBA?
  /// Stroke width (`sw`).
  public var strokeWidth: Double
  /// Whether the stroke is drawn over the fill (`of`).
  public var strokeOverFill: Bool
  /// Justification (`j`).
  public var justification: Justification
  /// Tracking in thousandths of an em (`tr`).
  public var tracking: Double
  /// Line height in pixels (`lh`).
  public var lineHeight: Double
  /// Baseline shift (`ls`).
  public var baselineShift: Double
  /// Paragraph box: top-left (`ps`) and size (`sz`), for box text that wraps.
  public var boxPosition: Vec2?
  public var boxSize: Vec2?
  /// Caps (`ca`): 1 all caps.
  public var allCaps: Bool

  /// Documents do not blend: each holds until the next keyframe.
  public static func interpolate(_ a: TextDocument, _ b: TextDocument, progress: (Int) -> Double) -> TextDocument { a }
}

/// A paragraph's justification (`j`), as After Effects numbers it.
public enum Justification: Int, Sendable, CaseIterable {
  case left = 0
  case right = 1
  case center = 2
  /// Justified, the last line left, right or centred, or justified too (`justify-all`).
  case justifyLeft = 3
  case justifyRight = 4
  case justifyCenter = 5
  case justifyAll = 6

  /// Where a line is put on its width: justified lines are drawn as their last line is aligned (lottie-web
  /// stretches none of them; `justify-all` is drawn left).
  public enum LineAlignment: Sendable { case left, right, center }

  public var lineAlignment: LineAlignment {
    switch self {
    case .right, .justifyRight: .right
    case .center, .justifyCenter: .center
    case .left, .justifyLeft, .justifyAll: .left
    }
  }

  /// Bodymovin's `j` values by the names After Effects' paragraph panel gives them (what `--set` takes), in
  /// the order of the numbers.
  static let names = ["left", "right", "center", "justify-left", "justify-right", "justify-center", "justify-all"]

  /// A `--set` value (a name, "justify", "centre", or the number) as the number documents hold.
  static func parse(_ s: String) -> Double? {
    let t = s.lowercased().replacingOccurrences(of: "centre", with: "center").replacingOccurrences(of: " ", with: "-")
    if let i = names.firstIndex(of: t) { return Double(i) }
    if t == "justify" { return 3 }
    if let n = Int(t), (0...6).contains(n) { return Double(n) }
    return nil
  }
}

/// A font declared in `fonts.list`.
public struct Font: Sendable {
  /// Name used by documents (`fName`).
  public var name: String
  /// Family (`fFamily`) and style (`fStyle`), for lookup in the system's fonts.
  public var family: String
  public var style: String
  /// Ascent in percent of the size (`ascent`).
  public var ascent: Double
  /// Where the font comes from (`fPath`: a file, a URL or a data URI), nil when the file says nothing.
  public var location: String? = nil
}

/// Identifies a glyph in `chars`.
public struct GlyphKey: Sendable, Hashable {
  public var character: String
  public var family: String
  public var style: String
  /// Makes a key.
  public init(character: String, family: String, style: String) {
    self.character = character
    self.family = family
    self.style = style
  }
}

/// A glyph outline from `chars`: shapes drawn at size 100, advance `width`.
public struct Glyph: Sendable {
  public var width: Double
  public var size: Double
  public var shapes: [ShapeItem]
}

extension Reader {
  // MARK: - Text

  static let textDocument: ValueDecoder<TextDocument> = { r, json, path throws(LottieError) in
    let o = try r.object(json, path)
    func color(_ key: String) throws(LottieError) -> RGBA? {
      guard let v = o[key], v != .null else { return nil }
      return try Reader.color(r, v, path.appending(key))
    }
    func vector(_ key: String) throws(LottieError) -> Vec2? {
      guard let v = o[key], v != .null else { return nil }
      return try Reader.vector(r, v, path.appending(key))
    }
    let size = try r.number(o, "s", path, default: 10)
    // Players draw a number they do not know as left justified: so do we, and say so.
    func justification() throws(LottieError) -> Justification {
      let j = try r.int(o, "j", path) ?? 0
      guard let known = Justification(rawValue: j) else {
        r.note(.warning, path.appending("j"), "justification \(j) is none of 0 to 6; drawn left justified")
        return .left
      }
      return known
    }
    return TextDocument(
      text: try r.string(o, "t", path) ?? "", fontName: try r.string(o, "f", path) ?? "", size: size,
      fillColor: try color("fc"), strokeColor: try color("sc"), strokeWidth: try r.number(o, "sw", path, default: 0),
      strokeOverFill: try r.bool(o, "of", path), justification: try justification(),
      tracking: try r.number(o, "tr", path, default: 0), lineHeight: try r.number(o, "lh", path, default: size * 1.2),
      baselineShift: try r.number(o, "ls", path, default: 0), boxPosition: try vector("ps"), boxSize: try vector("sz"),
      allCaps: (try r.int(o, "ca", path) ?? 0) == 1)
  }

  func fontsAndGlyphs(_ o: [String: JSON]) throws(LottieError) -> ([String: Font], [GlyphKey: Glyph]) {
    var fonts: [String: Font] = [:]
    var glyphs: [GlyphKey: Glyph] = [:]
    let root = JSONPath.root
    if let f = o["fonts"], case .object(let fo) = f, let list = fo["list"] {
      let lp = root.appending("fonts").appending("list")
      for (i, item) in try array(list, lp).enumerated() {
        let p = lp.appending(i)
        let fi = try object(item, p)
        guard let name = try string(fi, "fName", p) else { continue }
        fonts[name] = Font(
          name: name, family: try string(fi, "fFamily", p) ?? name, style: try string(fi, "fStyle", p) ?? "",
          ascent: try number(fi, "ascent", p, default: 75),
          location: try string(fi, "fPath", p).flatMap { $0.isEmpty ? nil : $0 })
      }
    }
    if let c = o["chars"], c != .null {
      let cp = root.appending("chars")
      for (i, item) in try array(c, cp).enumerated() {
        let p = cp.appending(i)
        let ci = try object(item, p)
        guard let ch = try string(ci, "ch", p) else { continue }
        var shapes: [ShapeItem] = []
        if let data = ci["data"], case .object(let dobj) = data, let s = dobj["shapes"] {
          shapes = try self.shapes(s, p.appending("data").appending("shapes"))
        }
        let key = GlyphKey(
          character: ch, family: try string(ci, "fFamily", p) ?? "", style: try string(ci, "style", p) ?? "")
        glyphs[key] = Glyph(
          width: try number(ci, "w", p, default: 0), size: try number(ci, "size", p, default: 100), shapes: shapes)
      }
    }
    return (fonts, glyphs)
  }
}
