import CairoRendering
import Lottie
import Raster
import TestSupport
import Testing

/// Text layers: glyph outlines from `chars`, layout (justification, tracking, lines), and the system-font
/// fallback.
@Suite("Text")
struct TextTests {
  /// A font "Box" whose glyph "A" is a 50x50 square sitting on the baseline (size 100 units), 60 wide.
  static let boxFont = #"""
    "fonts":{"list":[{"fName":"Box-Regular","fFamily":"Box","fStyle":"Regular","ascent":75}]},
    "chars":[{"ch":"A","size":100,"style":"Regular","w":60,"fFamily":"Box","data":{"shapes":[{"ty":"gr","it":[
      {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,-50],[50,-50],[50,0],[0,0]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}},
      {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}}]
    """#

  static func textAnimation(
    text: String, size: Double, justification: Int, tracking: Double = 0, x: Double, y: Double, extra: String = boxFont,
    font: String = "Box-Regular"
  ) -> String {
    let layer =
      #"{"ty":5,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[\#(x),\#(y)]}},"t":{"d":{"k":[{"t":0,"s":{"t":"\#(text)","f":"\#(font)","s":\#(size),"j":\#(justification),"tr":\#(tracking),"lh":\#(size * 1.2),"fc":[1,0,0]}}]},"a":[]}}"#
    return #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,\#(extra),"layers":[\#(layer)]}"#
  }

  static func render(_ json: String) throws -> PixelBuffer {
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "text.json")
    return try FrameRenderer(animation: animation, width: 100, height: 100).render(frame: 0)
  }

  /// Size 20: the glyph square is 10x10 above the baseline at (10, 50): x 10..20, y 40..50.
  @Test func glyphOutlinesAreScaledAndPlacedOnTheBaseline() throws {
    let frame = try Self.render(Self.textAnimation(text: "A", size: 20, justification: 0, x: 10, y: 50))
    expectPixel(frame, 15, 45, .red)
    expectPixel(frame, 7, 45, .transparent, tolerance: 0)
    expectPixel(frame, 23, 45, .transparent, tolerance: 0)
    expectPixel(frame, 15, 37, .transparent, tolerance: 0)
    expectPixel(frame, 15, 53, .transparent, tolerance: 0)
  }

  /// Two glyphs advance by w = 60 units = 12 px at size 20, plus tracking 500/1000 em = 10 px: the second
  /// square starts at 10 + 12 + 10 = 32.
  @Test func advanceAndTracking() throws {
    let frame = try Self.render(Self.textAnimation(text: "AA", size: 20, justification: 0, tracking: 500, x: 10, y: 50))
    expectPixel(frame, 15, 45, .red)
    expectPixel(frame, 27, 45, .transparent, tolerance: 0)
    expectPixel(frame, 37, 45, .red)
  }

  /// Right justification ends the line (advance plus tracking) at the layer origin; centre centres it.
  @Test(arguments: [(1, 50 - 12, 50 - 12 + 10), (2, 50 - 6, 50 - 6 + 10)])
  func justification(_ mode: Int, _ start: Int, _ end: Int) throws {
    let frame = try Self.render(Self.textAnimation(text: "A", size: 20, justification: mode, x: 50, y: 50))
    expectPixel(frame, start + 3, 45, .red)
    expectPixel(frame, start - 3, 45, .transparent, tolerance: 0)
    expectPixel(frame, end + 3, 45, .transparent, tolerance: 0)
  }

  /// Lines split at carriage returns go down by the line height (1.2 × size = 24 px).
  @Test func lineBreaks() throws {
    let frame = try Self.render(Self.textAnimation(text: "A\\rA", size: 20, justification: 0, x: 10, y: 30))
    expectPixel(frame, 15, 25, .red)
    expectPixel(frame, 15, 49, .red)
    expectPixel(frame, 15, 37, .transparent, tolerance: 0)
  }

  /// CR LF (one Swift character) breaks a line like CR alone.
  @Test func carriageReturnLineFeedBreaksOnce() throws {
    let frame = try Self.render(Self.textAnimation(text: "A\\r\\nA", size: 20, justification: 0, x: 10, y: 30))
    expectPixel(frame, 15, 25, .red)
    expectPixel(frame, 15, 49, .red)
    expectPixel(frame, 15, 73, .transparent, tolerance: 0)
    expectPixel(frame, 27, 25, .transparent, tolerance: 0)
  }

  /// Without glyph outlines the system font draws the text: some red pixels appear right of the origin.
  @Test func systemFontFallback() throws {
    let json = Self.textAnimation(
      text: "HH", size: 30, justification: 0, x: 10, y: 60,
      extra: #""fonts":{"list":[{"fName":"DejaVuSans","fFamily":"DejaVu Sans","fStyle":"Book"}]}"#, font: "DejaVuSans")
    let frame = try Self.render(json)
    var red = 0
    for y in 30..<60 { for x in 10..<60 where frame.probe(x, y).isClose(to: .red, tolerance: 8) { red += 1 } }
    #expect(red > 50, "only \(red) red pixels")
    expectPixel(frame, 5, 50, .transparent, tolerance: 0)
    expectPixel(frame, 30, 80, .transparent, tolerance: 0)
  }
}
