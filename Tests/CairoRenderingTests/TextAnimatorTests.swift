import CairoRendering
import Lottie
import Raster
import TestSupport
import Testing

/// Text animators (`t.a[]`): range selectors and the per-character changes they apply, probed on the "Box"
/// glyph font of `TextTests` (at size 20 each "A" is a 10x10 square on the baseline, 12 px apart; a space is
/// 6 px).
@Suite("Text animators")
struct TextAnimatorTests {
  static let font = #"""
    "fonts":{"list":[{"fName":"Box-Regular","fFamily":"Box","fStyle":"Regular","ascent":75}]},
    "chars":[{"ch":"A","size":100,"style":"Regular","w":60,"fFamily":"Box","data":{"shapes":[{"ty":"gr","it":[
      {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,-50],[50,-50],[50,0],[0,0]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}},
      {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}},
      {"ch":" ","size":100,"style":"Regular","w":30,"fFamily":"Box","data":{}}]
    """#

  /// One text layer at (10, 50) showing `text` at size 20 in red, with the animators `animators` (a JSON
  /// array) and document members `document` (e.g. `"sc":[0,0,1],"sw":0`).
  static func animation(
    _ text: String, animators: String, document: String = "", justification: Int = 0, more: String = ""
  ) -> String {
    let extra = document.isEmpty ? "" : "," + document
    let m = more.isEmpty ? "" : #","m":\#(more)"#
    let layer =
      #"{"ty":5,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[10,50]}},"t":{"d":{"k":[{"t":0,"s":{"t":"\#(text)","f":"Box-Regular","s":20,"j":\#(justification),"tr":0,"lh":24,"fc":[1,0,0]\#(extra)}}]},"a":\#(animators)\#(m)}}"#
    return #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,\#(font),"layers":[\#(layer)]}"#
  }

  /// An animator with selector members `selector` and animated properties `properties` (JSON object bodies).
  static func animator(_ selector: String, _ properties: String) -> String {
    #"{"nm":"Animator 1","s":{"t":0,\#(selector)},"a":{\#(properties)}}"#
  }

  static func render(_ json: String, frame: Double = 0) throws -> PixelBuffer {
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "text.json")
    return try FrameRenderer(animation: animation, width: 100, height: 100).render(frame: frame)
  }

  /// Whether the 10x10 square of character `i` (left edge 10 + 12·i, plus `dx`) is at height `top`.
  static func expectSquare(
    _ frame: PixelBuffer, _ i: Int, dx: Int = 0, top: Int = 40, _ color: ProbePixel = .red,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let x = 10 + 12 * i + dx
    expectPixel(frame, x + 5, top + 5, color, tolerance: 4, sourceLocation: sourceLocation)
    expectPixel(frame, x + 5, top - 3, .transparent, tolerance: 0, sourceLocation: sourceLocation)
    expectPixel(frame, x + 5, top + 13, .transparent, tolerance: 0, sourceLocation: sourceLocation)
  }

  /// A square selector over the first half (percent units) moves the first two of four characters up.
  @Test func squareSelectorInPercent() throws {
    let json = Self.animation(
      "AAAA",
      animators:
        "[\(Self.animator(#""r":1,"b":1,"sh":1,"s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0}"#, #""p":{"a":0,"k":[0,-20]}"#))]"
    )
    let frame = try Self.render(json)
    Self.expectSquare(frame, 0, top: 20)
    Self.expectSquare(frame, 1, top: 20)
    Self.expectSquare(frame, 2)
    Self.expectSquare(frame, 3)
  }

  /// Index units with an offset select characters by number: start 0 end 1 offset 2 picks the third.
  @Test func indexUnitsAndOffset() throws {
    let json = Self.animation(
      "AAAA",
      animators:
        "[\(Self.animator(#""r":2,"b":1,"sh":1,"s":{"a":0,"k":0},"e":{"a":0,"k":1},"o":{"a":0,"k":2}"#, #""fc":{"a":0,"k":[0,0,1]}"#))]"
    )
    let frame = try Self.render(json)
    Self.expectSquare(frame, 1, .red)
    Self.expectSquare(frame, 2, .blue)
    Self.expectSquare(frame, 3, .red)
  }

  /// Ramp up over all four characters: amounts (i + 0.5) / 4, so the fill goes from red towards blue.
  @Test func rampUpBlendsTheFillColour() throws {
    let json = Self.animation(
      "AAAA",
      animators:
        "[\(Self.animator(#""r":1,"b":1,"sh":2,"s":{"a":0,"k":0},"e":{"a":0,"k":100}"#, #""fc":{"a":0,"k":[0,0,1]}"#))]"
    )
    let frame = try Self.render(json)
    for i in 0..<4 {
      let m = (Double(i) + 0.5) / 4
      let expected = ProbePixel(Int((1 - m) * 255 + 0.5), 0, Int(m * 255 + 0.5))
      expectPixel(frame, 15 + 12 * i, 45, expected, tolerance: 2)
    }
  }

  /// Triangle and smooth shapes peak in the middle of the range: over five characters the middle one
  /// moves furthest; with an amount of 50 % it moves half as far.
  @Test(arguments: [(4, 100.0), (6, 100.0), (4, 50.0)])
  func peakedShapes(_ shape: Int, _ amount: Double) throws {
    let json = Self.animation(
      "AAAAA",
      animators:
        "[\(Self.animator(#""r":1,"b":1,"sh":\#(shape),"s":{"a":0,"k":0},"e":{"a":0,"k":100},"a":{"a":0,"k":\#(amount)}"#, #""p":{"a":0,"k":[0,-20]}"#))]"
    )
    let frame = try Self.render(json)
    // Triangle at index 2 of 5: ramp 0.5 -> 1; smooth: (1 + cos(pi + pi)) / 2 = 1.
    Self.expectSquare(frame, 2, top: 40 - Int(20 * amount / 100))
    // The first character moves less than the middle one: at most 8 px (amount 0.2 or less for 100 %).
    expectPixel(frame, 15, 45, .red, tolerance: 4)
  }

  /// Based on words: the space does not count as a word of its own; index 1 is the second word.
  @Test func basedOnWords() throws {
    let json = Self.animation(
      "AA AA",
      animators:
        "[\(Self.animator(#""r":2,"b":3,"sh":1,"s":{"a":0,"k":1},"e":{"a":0,"k":2}"#, #""p":{"a":0,"k":[0,-20]}"#))]")
    let frame = try Self.render(json)
    Self.expectSquare(frame, 0)
    Self.expectSquare(frame, 1)
    // The second word starts after 2 × 12 + 6 px.
    Self.expectSquare(frame, 2, dx: 6, top: 20)
    Self.expectSquare(frame, 3, dx: 6, top: 20)
  }

  /// Based on characters excluding spaces: index 2 is the third "A" even after a space.
  @Test func basedOnCharactersExcludingSpaces() throws {
    let json = Self.animation(
      "AA AA",
      animators: "[\(Self.animator(#""r":2,"b":2,"sh":1,"s":{"a":0,"k":2},"e":{"a":0,"k":3}"#, #""o":{"a":0,"k":0}"#))]"
    )
    let frame = try Self.render(json)
    Self.expectSquare(frame, 1)
    expectPixel(frame, 15 + 24 + 6, 45, .transparent, tolerance: 0)
    Self.expectSquare(frame, 3, dx: 6)
  }

  /// Based on lines: the second line moves, the first stays.
  @Test func basedOnLines() throws {
    let json = Self.animation(
      "AA\\rAA",
      animators:
        "[\(Self.animator(#""r":2,"b":4,"sh":1,"s":{"a":0,"k":1},"e":{"a":0,"k":2}"#, #""p":{"a":0,"k":[30,0]}"#))]")
    let frame = try Self.render(json)
    Self.expectSquare(frame, 0)
    Self.expectSquare(frame, 1)
    // The second line's first character, 24 px lower, moved 30 px right.
    Self.expectSquare(frame, 0, dx: 30, top: 64)
    expectPixel(frame, 15, 69, .transparent, tolerance: 0)
  }

  /// Scale and rotation turn each character around the middle of its baseline.
  @Test func scaleAndRotationAroundTheBaselineCentre() throws {
    let scaled = try Self.render(
      Self.animation("A", animators: "[\(Self.animator(#""r":1,"b":1,"sh":1"#, #""s":{"a":0,"k":[200,200]}"#))]"))
    // 10...20 scaled around the middle of the 12 px advance (x = 16) on the baseline 50: x 4...24, y 30...50.
    expectPixel(scaled, 7, 32, .red, tolerance: 4)
    expectPixel(scaled, 23, 48, .red, tolerance: 4)
    expectPixel(scaled, 3, 40, .transparent, tolerance: 0)
    expectPixel(scaled, 15, 27, .transparent, tolerance: 0)
    let turned = try Self.render(
      Self.animation("A", animators: "[\(Self.animator(#""r":1,"b":1,"sh":1"#, #""r":{"a":0,"k":180}"#))]"))
    // Half a turn around (16, 50) puts the square below the baseline, at x 12...22.
    expectPixel(turned, 15, 55, .red, tolerance: 4)
    expectPixel(turned, 15, 45, .transparent, tolerance: 0)
  }

  /// Opacity takes lottie-web's quadratic blend: 1 + (o·m − 1)·m, so an amount of 50 % towards 0 % gives 50 %.
  @Test func opacityBlend() throws {
    let json = Self.animation(
      "A", animators: "[\(Self.animator(#""r":1,"b":1,"sh":1,"a":{"a":0,"k":50}"#, #""o":{"a":0,"k":0}"#))]")
    let frame = try Self.render(json)
    let p = frame.probe(15, 45)
    #expect(abs(p.a - 128) <= 2, "alpha \(p.a)")
  }

  /// Animated tracking adds space before every character but the first of a left-aligned line.
  @Test func trackingAnimator() throws {
    let json = Self.animation(
      "AAA", animators: "[\(Self.animator(#""r":1,"b":1,"sh":1"#, #""t":{"a":0,"k":6}"#))]")
    let frame = try Self.render(json)
    Self.expectSquare(frame, 0)
    Self.expectSquare(frame, 1, dx: 6)
    Self.expectSquare(frame, 2, dx: 12)
  }

  /// Centred text stays centred when animated tracking widens it (lottie-web's justify offset).
  @Test func trackingAnimatorOnCentredText() throws {
    let json = Self.animation(
      "AA", animators: "[\(Self.animator(#""r":1,"b":1,"sh":1"#, #""t":{"a":0,"k":10}"#))]", justification: 2)
    let frame = try Self.render(json)
    // The line (12 + 12 = 24 wide) widens to 34; centred on x = 10 it spans -7...27: squares -7...3 and 15...25.
    expectPixel(frame, 1, 45, .red, tolerance: 4)
    expectPixel(frame, 20, 45, .red, tolerance: 4)
    expectPixel(frame, 9, 45, .transparent, tolerance: 0)
  }

  /// Stroke width and colour animators add an outline to a document that has none.
  @Test func strokeAnimators() throws {
    let json = Self.animation(
      "A", animators: "[\(Self.animator(#""r":1,"b":1,"sh":1"#, #""sw":{"a":0,"k":4},"sc":{"a":0,"k":[0,0,1]}"#))]")
    let frame = try Self.render(json)
    expectPixel(frame, 15, 45, .red, tolerance: 4)
    // The outline is 2 px outside the square (the fill covers the inner half).
    expectPixel(frame, 15, 39, .blue, tolerance: 4)
    expectPixel(frame, 9, 45, .blue, tolerance: 4)
  }

  /// Keyframed start: the selection sweeps over the text with time.
  @Test func animatedStart() throws {
    let json = Self.animation(
      "AAAA",
      animators:
        "[\(Self.animator(#""r":1,"b":1,"sh":1,"s":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100]}]}"#, #""o":{"a":0,"k":0}"#))]"
    )
    let start = try Self.render(json, frame: 0)
    expectPixel(start, 15, 45, .transparent, tolerance: 0)
    let half = try Self.render(json, frame: 5)
    expectPixel(half, 15 + 12, 45, .red, tolerance: 4)
    expectPixel(half, 15 + 24, 45, .transparent, tolerance: 0)
  }

  /// Fill hue turns the colour: red turned by 120° is green.
  @Test func fillHue() throws {
    let json = Self.animation("A", animators: "[\(Self.animator(#""r":1,"b":1,"sh":1"#, #""fh":{"a":0,"k":120}"#))]")
    expectPixel(try Self.render(json), 15, 45, .green, tolerance: 4)
  }

  /// Word grouping turns each word around its own centre: half a turn swaps a word's two letters below the
  /// baseline but keeps the word in place.
  @Test func wordGroupingRotatesWords() throws {
    let json = Self.animation(
      "AA", animators: "[\(Self.animator(#""r":1,"b":1,"sh":1"#, #""r":{"a":0,"k":180}"#))]",
      more: #"{"g":2,"a":{"a":0,"k":[0,0]}}"#)
    let frame = try Self.render(json)
    // The word is 24 wide (10...34); turned around x = 22: the squares land at 24...34 and 12...22, below.
    expectPixel(frame, 29, 55, .red, tolerance: 4)
    expectPixel(frame, 17, 55, .red, tolerance: 4)
    expectPixel(frame, 23, 55, .transparent, tolerance: 0)
    expectPixel(frame, 17, 45, .transparent, tolerance: 0)
  }
}
