import CairoRendering
import Foundation
import Lottie
import Raster
import TestSupport
import Testing

/// Text drawn as real shapers draw it: each string is rendered by us and by a reference made at the same
/// font and size by a shaper that is not ours, `hb-view` (HarfBuzz's own renderer, Debian's
/// `libharfbuzz-bin`) or headless Chromium (for colour emoji, which hb-view 6 with Cairo 1.16 leaves blank,
/// line wrapping, and font fallback). The ink of both (pixels darker than 75% on white) is cropped to its
/// box and compared: the boxes within 2 px + 3% in each direction, and the ink overlapping by at least
/// `minimumOverlap` (intersection over union; anti-aliasing differs between renderers, so not 1: ours
/// against hb-view is 0.93...1.0 here, against Chromium 0.92...0.99), and for colour emoji the colours within
/// 0.12 on average. Text laid out wrongly (letters unjoined or in the wrong
/// order, no kerning, no ligature, a box for a missing glyph, an emoji as a black outline) moves the box or
/// the ink well past these. `scripts/test` installs both tools; without them these tests are skipped and
/// say why.
@Suite("Shaping against hb-view and Chromium", .heavy)
struct ShapingReferenceTests {
  static let hbView = ReferenceRenderer.find("hb-view")
  static let chromium = ReferenceRenderer.find("chromium")
  static let noHBView = "hb-view not found: install Debian's libharfbuzz-bin (scripts/test does)"
  static let noChromium = "chromium not found: install Debian's chromium (scripts/test does)"

  /// A case for hb-view: our text, the font file hb-view gets (which fontconfig must also find for the
  /// family), and the string hb-view shapes when it differs.
  struct HBCase: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var family: String
    var file: String
    /// hb-view has no bidirectional algorithm: mixed-direction text is given to it in visual order, shaped
    /// left to right.
    var visual: String? = nil
    var size = 48.0
    var minimumOverlap = 0.88
    var testDescription: String { name }
  }

  static let noto = "/usr/share/fonts/truetype/noto/"
  static let hbCases: [HBCase] = [
    HBCase(
      name: "Arabic, joined, right to left", text: "مرحبا بالعالم", family: "Noto Sans Arabic",
      file: noto + "NotoSansArabic-Regular.ttf"),
    // Bidi: the paragraph is right to left (its first strong letter is Hebrew), so the first word is at the
    // right and the number, left to right, between the words.
    HBCase(
      name: "Hebrew with digits", text: "שלום 123 עולם", family: "DejaVu Sans",
      file: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", visual: "םלוע 123 םולש"),
    HBCase(
      name: "Devanagari: conjuncts, the i-vowel before its consonant", text: "हिन्दी क्षत्रिय", family: "Noto Sans Devanagari",
      file: noto + "NotoSansDevanagari-Regular.ttf"),
    HBCase(name: "AVATAR, kerned", text: "AVATAR", family: "Noto Sans", file: noto + "NotoSans-Regular.ttf"),
    // Noto Serif's ligature is narrower than its three letters and joins them (Noto Sans's looks like them).
    HBCase(
      name: "ffi, one ligature", text: "ffi", family: "Noto Serif", file: noto + "NotoSerif-Regular.ttf", size: 96),
  ]

  @Test(.enabled(if: hbView != nil, Comment(rawValue: noHBView)), arguments: hbCases)
  func matchesHBView(_ c: HBCase) throws {
    let hbView = try #require(Self.hbView)
    try #require(
      FileManager.default.fileExists(atPath: c.file), "font \(c.file) missing (fonts-noto-core, fonts-dejavu-core)")
    let ours = try Self.render(c.text, family: c.family, size: c.size, width: 700, height: 200)
    var arguments = ["--font-file=\(c.file)", "--font-size=\(Int(c.size))", "--margin=16"]
    if c.visual != nil { arguments.append("--direction=ltr") }
    let reference = try hbView.hbView(c.visual ?? c.text, arguments: arguments)
    try InkComparison(ours, reference).expectMatch(minimumOverlap: c.minimumOverlap, c.name)
  }

  /// The two features these tests stand for make a difference bigger than the tolerance: without kerning
  /// "AVATAR" is wider, and without the ligature "ffi" is three glyphs.
  @Test(
    .enabled(if: hbView != nil, Comment(rawValue: noHBView)),
    arguments: [(hbCases[3], "-kern"), (hbCases[4], "-liga")])
  func theToleranceSeesKerningAndLigatures(_ c: HBCase, _ feature: String) throws {
    let hbView = try #require(Self.hbView)
    let ours = try Self.render(c.text, family: c.family, size: c.size, width: 700, height: 200)
    let without = try hbView.hbView(
      c.text, arguments: ["--font-file=\(c.file)", "--font-size=\(Int(c.size))", "--features=\(feature)"])
    let comparison = InkComparison(ours, without)
    let matches = comparison.matches(minimumOverlap: c.minimumOverlap)
    let text = c.text
    #expect(!matches, "\(text) matches hb-view with \(feature): \(comparison)")
  }

  /// A case for Chromium: the text in a `div` with the font family, optionally as wrapped box text.
  struct BrowserCase: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var family: String
    var boxWidth: Double? = nil
    /// Colour emoji: Chromium scales their bitmaps with its own filter, which moves faint edges (the
    /// flag's grey outline) across the ink threshold: the box may differ by 10% and the overlap be 0.75.
    var isEmoji = false
    /// Whether the picture has strong colours (the family emoji is grey).
    var isColorful = false
    var minimumOverlap = 0.88
    var testDescription: String { name }
  }

  static let browserCases: [BrowserCase] = [
    BrowserCase(name: "thumbs up, medium skin tone", text: "👍🏽", family: "Noto Sans", isEmoji: true, isColorful: true),
    BrowserCase(name: "family (ZWJ sequence)", text: "👨‍👩‍👧", family: "Noto Sans", isEmoji: true, minimumOverlap: 0.75),
    BrowserCase(
      name: "flag of Japan", text: "🇯🇵", family: "Noto Sans", isEmoji: true, isColorful: true, minimumOverlap: 0.75),
    BrowserCase(
      name: "Latin and emoji on one line", text: "Hi 👋 from Tokyo 🇯🇵!", family: "Noto Sans", isEmoji: true,
      isColorful: true),
    // The bidirectional algorithm: a right-to-left word inside a left-to-right line, and a left-to-right
    // word inside a right-to-left line (its first letter is Arabic).
    BrowserCase(name: "Arabic inside a left-to-right line", text: "Hello مرحبا world", family: "Noto Sans"),
    // Chromium puts each run at a whole pixel: the Latin run's sub-pixel shift costs some overlap (0.81); the
    // words in left-to-right order overlap by less than 0.4.
    BrowserCase(
      name: "Latin inside a right-to-left line", text: "مرحبا Hello بالعالم", family: "Noto Sans", minimumOverlap: 0.78),
    // Thai has no spaces between words: the line breaks at word boundaries from a dictionary.
    BrowserCase(name: "Thai wrapped in a box", text: "ภาษาไทยง่ายนิดเดียว", family: "Noto Sans Thai", boxWidth: 200),
    // Japanese breaks between characters, except where its rules keep them together (no line starts with
    // a small kana or a closing mark); the characters come from the CJK font fontconfig offers. Their thin
    // strokes make anti-aliasing count for more: 0.87 here, where a line broken elsewhere moves whole glyphs.
    BrowserCase(
      name: "Japanese wrapped in a box", text: "日本語の文章は、単語の間に空白がありません。", family: "Noto Sans", boxWidth: 300,
      minimumOverlap: 0.82),
    // Quotation marks between Chinese characters: a line may break before the opening one and after the
    // closing one (Unicode 15.1's rule LB19a, as Chromium breaks; Debian 12's ICU keeps them glued).
    BrowserCase(
      name: "Chinese with quotation marks wrapped in a box", text: "中文文本需要在框内换行，标点符号“不能”出现在行首。",
      family: "Noto Sans", boxWidth: 330, minimumOverlap: 0.82),
    // Liberation Sans has no Devanagari: the word comes from the font fontconfig offers for it.
    BrowserCase(name: "fallback for characters the font lacks", text: "Go नमस्ते", family: "Liberation Sans"),
  ]

  @Test(.enabled(if: chromium != nil, Comment(rawValue: noChromium)), arguments: browserCases)
  func matchesChromium(_ c: BrowserCase) throws {
    let chromium = try #require(Self.chromium)
    let ours = try Self.render(c.text, family: c.family, size: 48, width: 700, height: 260, boxWidth: c.boxWidth)
    let reference = try chromium.chromium(
      c.text, family: c.family, size: 48, boxWidth: c.boxWidth, width: 700, height: 260)
    let comparison = InkComparison(ours, reference)
    try comparison.expectMatch(minimumOverlap: c.minimumOverlap, boxTolerance: c.isEmoji ? 0.1 : 0.03, c.name)
    if c.isEmoji {
      let difference = comparison.meanColorDifference
      #expect(difference < 0.12, "\(c.name): colours differ by \(difference)")
    }
    if c.isColorful {
      let colorful = comparison.colorfulPixels(ours: true)
      #expect(colorful > 50, "\(c.name): no colour in our emoji")
    }
  }

  // MARK: - Rendering

  /// `text` in black at (20, 20 + size) in a font family, as a one-layer animation rendered by us.
  static func render(
    _ text: String, family: String, size: Double, width: Int, height: Int, boxWidth: Double? = nil
  ) throws -> PixelBuffer {
    try FrameRenderer(
      animation: animation(text, family: family, size: size, width: width, height: height, boxWidth: boxWidth),
      width: width, height: height
    )
    .render(frame: 0)
  }

  static func animation(
    _ text: String, family: String, size: Double, width: Int, height: Int, boxWidth: Double? = nil
  ) throws -> Animation {
    var document: [String: Any] = [
      "t": text, "f": "Reference", "s": size, "j": 0, "tr": 0, "lh": size * 1.2, "fc": [0, 0, 0],
    ]
    if let boxWidth {
      document["sz"] = [boxWidth, Double(height)]
      document["ps"] = [0, 0]
    }
    let layer: [String: Any] = [
      "ty": 5, "ind": 1, "ip": 0, "op": 30, "st": 0,
      "ks": ["p": ["a": 0, "k": [20, boxWidth == nil ? 20 + size : 20]]],
      "t": ["d": ["k": [["t": 0, "s": document]]], "a": []],
    ]
    let json: [String: Any] = [
      "v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": width, "h": height,
      "fonts": ["list": [["fName": "Reference", "fFamily": family, "fStyle": "Regular", "ascent": 75]]],
      "layers": [layer],
    ]
    let bytes = try JSONSerialization.data(withJSONObject: json)
    return try LottieParser.parse(bytes: [UInt8](bytes), file: "reference.json")
  }
}

/// Runs a reference renderer found on PATH.
@Suite(.heavy)
struct ReferenceRenderer: Sendable {
  let executable: String

  static func find(_ name: String) -> ReferenceRenderer? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return ReferenceRenderer(executable: candidate) }
    }
    return nil
  }

  /// hb-view's PNG of `text` (black on white).
  func hbView(_ text: String, arguments: [String]) throws -> PixelBuffer {
    let folder = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("hb.png").path
    try run(arguments + ["--output-format=png", "--output-file=\(output)", text])
    return try PNGFile.read(output)
  }

  /// Chromium's screenshot of `text` in a `div` at (20, 20) with the family and size (line height 1.2),
  /// wrapped to `boxWidth` when given, on a transparent page. The paragraph's direction is that of its first
  /// strong character (`dir="auto"`), as ours is: a Lottie document does not say.
  /// `style` is more CSS for the `div` (a defect to compare against, in `ShapingToleranceTests`).
  func chromium(
    _ text: String, family: String, size: Double, boxWidth: Double?, width: Int, height: Int, style: String = ""
  ) throws -> PixelBuffer {
    let folder = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    let box = boxWidth.map { "width:\($0)px;white-space:normal;" } ?? "white-space:pre;"
    let html = """
      <!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;background:transparent}
      div{position:absolute;left:20px;top:20px;font-family:'\(family)';font-size:\(size)px;line-height:\(size * 1.2)px;\(box)color:#000;\(style)}
      </style></head><body><div dir="auto">\(escaped)</div></body></html>
      """
    let page = folder.appendingPathComponent("text.html")
    try html.write(to: page, atomically: true, encoding: .utf8)
    let output = folder.appendingPathComponent("chromium.png").path
    try run([
      "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
      "--user-data-dir=\(folder.appendingPathComponent("profile").path)", "--default-background-color=00000000",
      "--window-size=\(width),\(height)", "--screenshot=\(output)", page.absoluteString,
    ])
    return try PNGFile.read(output)
  }

  private func run(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(executable) \(arguments.joined(separator: " ")) failed")
  }
}

/// Two renders' ink, each over white and cropped to the box of its pixels darker than 75%.
@Suite(.heavy)
struct InkComparison: CustomStringConvertible {
  var description: String {
    "ink \(ours.width)x\(ours.height), reference \(reference.width)x\(reference.height), overlap \(overlap)"
  }

  struct Ink {
    var width: Int
    var height: Int
    /// Red, green, blue over white (0...1), row by row from the box's corner.
    var rgb: [(Double, Double, Double)]

    init(_ buffer: PixelBuffer) {
      var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
      func white(_ x: Int, _ y: Int) -> (Double, Double, Double) {
        let p = buffer.premultipliedPixel(x: x, y: y)
        let a = 1 - Double(p.a) / 255
        return (Double(p.r) / 255 + a, Double(p.g) / 255 + a, Double(p.b) / 255 + a)
      }
      for y in 0..<buffer.height {
        for x in 0..<buffer.width where Ink.isInk(white(x, y)) {
          minX = min(minX, x)
          maxX = max(maxX, x)
          minY = min(minY, y)
          maxY = max(maxY, y)
        }
      }
      guard maxX >= 0 else {
        (width, height, rgb) = (0, 0, [])
        return
      }
      width = maxX - minX + 1
      height = maxY - minY + 1
      rgb = (minY...maxY).flatMap { y in (minX...maxX).map { x in white(x, y) } }
    }

    static func isInk(_ c: (Double, Double, Double)) -> Bool { min(c.0, c.1, c.2) < 0.75 }

    func at(_ x: Int, _ y: Int) -> (Double, Double, Double) {
      x < width && y < height ? rgb[y * width + x] : (1, 1, 1)
    }
  }

  let ours: Ink
  let reference: Ink

  init(_ ours: PixelBuffer, _ reference: PixelBuffer) {
    self.ours = Ink(ours)
    self.reference = Ink(reference)
  }

  /// Intersection over union of the two inks, corners aligned.
  var overlap: Double {
    var both = 0, either = 0
    for y in 0..<max(ours.height, reference.height) {
      for x in 0..<max(ours.width, reference.width) {
        let a = Ink.isInk(ours.at(x, y)), b = Ink.isInk(reference.at(x, y))
        if a && b { both += 1 }
        if a || b { either += 1 }
      }
    }
    return either == 0 ? 0 : Double(both) / Double(either)
  }

  /// The mean colour difference (0...1 per channel) over the pixels where either has ink.
  var meanColorDifference: Double {
    var total = 0.0, count = 0
    for y in 0..<max(ours.height, reference.height) {
      for x in 0..<max(ours.width, reference.width) {
        let a = ours.at(x, y), b = reference.at(x, y)
        guard Ink.isInk(a) || Ink.isInk(b) else { continue }
        total += (abs(a.0 - b.0) + abs(a.1 - b.1) + abs(a.2 - b.2)) / 3
        count += 1
      }
    }
    return count == 0 ? 1 : total / Double(count)
  }

  /// Pixels whose channels differ by more than a quarter: colour, not grey.
  func colorfulPixels(ours isOurs: Bool) -> Int {
    (isOurs ? ours : reference).rgb.filter { max($0.0, $0.1, $0.2) - min($0.0, $0.1, $0.2) > 0.25 }.count
  }

  /// Whether the boxes agree within 2 px plus `tolerance` of their size.
  func boxesAgree(tolerance: Double = 0.03) -> Bool {
    func close(_ a: Int, _ b: Int) -> Bool { Double(abs(a - b)) <= 2 + tolerance * Double(max(a, b)) }
    return ours.width > 0 && close(ours.width, reference.width) && close(ours.height, reference.height)
  }

  func matches(minimumOverlap: Double, boxTolerance: Double = 0.03) -> Bool {
    boxesAgree(tolerance: boxTolerance) && overlap >= minimumOverlap
  }

  func expectMatch(
    minimumOverlap: Double, boxTolerance: Double = 0.03, _ name: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try #require(reference.width > 0, "\(name): the reference drew nothing", sourceLocation: sourceLocation)
    let agree = boxesAgree(tolerance: boxTolerance)
    let overlap = overlap
    #expect(agree, "\(name): \(self)", sourceLocation: sourceLocation)
    #expect(overlap >= minimumOverlap, "\(name): \(self)", sourceLocation: sourceLocation)
  }
}
