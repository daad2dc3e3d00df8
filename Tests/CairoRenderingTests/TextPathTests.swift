import CairoRendering
import Lottie
import Raster
import TestSupport
import Testing

/// Text on a path (`t.p`): characters follow one of the layer's masks. Probed with the "Box" glyphs of
/// `TextAnimatorTests` (at size 20 an "A" is a 10x10 square standing on the baseline, advance 12), on a
/// layer at the origin so that mask coordinates are canvas pixels. Each character's centre (6 px into its
/// advance) goes on the path; with "perpendicular" on, the character turns to the path's direction.
@Suite("Text on a path")
struct TextPathTests {
  /// A path through `points` (straight segments), open unless `closed`.
  static func mask(_ points: [(Double, Double)], closed: Bool = false, mode: String = "n") -> String {
    let v = points.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
    let zeros = points.map { _ in "[0,0]" }.joined(separator: ",")
    return
      #"{"inv":false,"mode":"\#(mode)","pt":{"a":0,"k":{"c":\#(closed),"v":[\#(v)],"i":[\#(zeros)],"o":[\#(zeros)]}},"o":{"a":0,"k":100},"x":{"a":0,"k":0},"nm":"Path"}"#
  }

  /// The horizontal path from (10, 60) to (90, 60), 80 long.
  static let horizontal = mask([(10, 60), (90, 60)])
  /// The vertical path from (50, 10) down to (50, 90).
  static let vertical = mask([(50, 10), (50, 90)])

  /// One text layer showing `text` in red on mask 0 of `masks`, with path options `options` (members of
  /// `t.p` besides `m`; each of `f`, `r`, `a`, `p` defaults to a fixed 0, perpendicular to 1).
  static func animation(
    _ text: String, masks: [String], options: [String: String] = [:], justification: Int = 0,
    animators: String = "[]", mask: Int = 0, tracking: Int = 0, grouping: Int = 1
  ) -> String {
    var p = [
      "f": #"{"a":0,"k":0}"#, "l": #"{"a":0,"k":0}"#, "r": #"{"a":0,"k":0}"#, "a": #"{"a":0,"k":0}"#,
      "p": #"{"a":0,"k":1}"#,
    ]
    for (k, v) in options { p[k] = v }
    let pJSON =
      #"{"m":\#(mask),"# + p.sorted { $0.key < $1.key }.map { #""\#($0.key)":\#($0.value)"# }.joined(separator: ",")
      + "}"
    let layer =
      #"{"ty":5,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[0,0]}},"masksProperties":[\#(masks.joined(separator: ","))],"t":{"d":{"k":[{"t":0,"s":{"t":"\#(text)","f":"Box-Regular","s":20,"j":\#(justification),"tr":\#(tracking),"lh":24,"fc":[1,0,0]}}]},"p":\#(pJSON),"m":{"g":\#(grouping),"a":{"a":0,"k":[0,0]}},"a":\#(animators)}}"#
    return #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,\#(TextAnimatorTests.font),"layers":[\#(layer)]}"#
  }

  static func render(_ json: String, frame: Double = 0) throws -> PixelBuffer {
    try TextAnimatorTests.render(json, frame: frame)
  }

  /// Whether a 10x10 red square covers x `x0`...`x0 + 10`, y `y0`...`y0 + 10`, with nothing in the pixels
  /// just outside it.
  static func expectBox(
    _ frame: PixelBuffer, _ x0: Int, _ y0: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectPixel(frame, x0 + 5, y0 + 5, .red, tolerance: 4, sourceLocation: sourceLocation)
    expectPixel(frame, x0 + 1, y0 + 1, .red, tolerance: 4, sourceLocation: sourceLocation)
    expectPixel(frame, x0 + 8, y0 + 8, .red, tolerance: 4, sourceLocation: sourceLocation)
    for (x, y) in [(x0 + 5, y0 - 1), (x0 + 5, y0 + 10), (x0 - 1, y0 + 5), (x0 + 10, y0 + 5)] {
      expectPixel(frame, x, y, .transparent, tolerance: 0, sourceLocation: sourceLocation)
    }
  }

  /// On a horizontal path the characters stand on it as on a baseline starting at the path's start.
  @Test func horizontalPathIsABaseline() throws {
    let frame = try Self.render(Self.animation("AAA", masks: [Self.horizontal]))
    Self.expectBox(frame, 10, 50)
    Self.expectBox(frame, 22, 50)
    Self.expectBox(frame, 34, 50)
    expectPixel(frame, 15, 55 - 20, .transparent, tolerance: 0)
  }

  /// Going down, a perpendicular character turns a quarter turn clockwise: its top faces right, so it lies
  /// right of the path; without perpendicular it stays upright, centred on the path point.
  @Test(arguments: [true, false])
  func perpendicularTurnsToTheDirection(_ perpendicular: Bool) throws {
    let frame = try Self.render(
      Self.animation("AA", masks: [Self.vertical], options: ["p": #"{"a":0,"k":\#(perpendicular ? 1 : 0)}"#]))
    if perpendicular {
      // Centres 6 and 18 px down the path: squares x 50...60, y 10...20 and 22...32.
      Self.expectBox(frame, 50, 10)
      Self.expectBox(frame, 50, 22)
    } else {
      // Upright squares x 44...54 whose baselines sit at the centres y = 16 and 28: they overlap.
      expectPixel(frame, 47, 8, .red, tolerance: 4)
      expectPixel(frame, 47, 26, .red, tolerance: 4)
      expectPixel(frame, 57, 15, .transparent, tolerance: 0)
      expectPixel(frame, 47, 29, .transparent, tolerance: 0)
    }
  }

  /// Reverse path runs the text from the path's end to its start: upside down, right to left, below it.
  @Test func reversedPath() throws {
    let frame = try Self.render(Self.animation("AA", masks: [Self.horizontal], options: ["r": #"{"a":0,"k":1}"#]))
    // Centres at x = 84 and 72, turned half a turn around them: squares x 80...90 and 68...78, y 60...70.
    Self.expectBox(frame, 80, 60)
    Self.expectBox(frame, 68, 60)
    expectPixel(frame, 15, 55, .transparent, tolerance: 0)
  }

  /// A keyframed first margin slides the text along the path.
  @Test(arguments: [(0.0, 10), (5.0, 30), (10.0, 50)])
  func animatedFirstMargin(_ time: Double, _ left: Int) throws {
    let margin = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[40]}]}"#
    let frame = try Self.render(Self.animation("AA", masks: [Self.horizontal], options: ["f": margin]), frame: time)
    Self.expectBox(frame, left, 50)
    Self.expectBox(frame, left + 12, 50)
  }

  /// A closed path goes on past its end into its start, and a negative first margin starts before the
  /// start: on the square 20...80 (perimeter 240, drawn clockwise), a margin of -20 puts the first centre at
  /// 226, on the left side going up, 14 px below the top.
  @Test func closedPathWrapsAround() throws {
    let square = Self.mask([(20, 20), (80, 20), (80, 80), (20, 80)], closed: true)
    let frame = try Self.render(Self.animation("AAA", masks: [square], options: ["f": #"{"a":0,"k":-20}"#]))
    // Going up, a character turns a quarter turn anticlockwise: its top faces left. Square x 10...20, y 30...40.
    Self.expectBox(frame, 10, 30)
    // The second centre, 238, is 2 px below the top-left corner, still on the left side: y 18...28.
    expectPixel(frame, 15, 20, .red, tolerance: 4)
    expectPixel(frame, 15, 29, .transparent, tolerance: 0)
    // The third, 250, wraps to 10 along the top: square x 24...34, y 10...20.
    Self.expectBox(frame, 24, 10)
  }

  /// The document's tracking spaces the characters along the path (100 thousandths of 20 px: 2 px).
  @Test func documentTracking() throws {
    let frame = try Self.render(Self.animation("AA", masks: [Self.horizontal], tracking: 100))
    Self.expectBox(frame, 10, 50)
    Self.expectBox(frame, 24, 50)
  }

  /// Word grouping puts a whole word at the path point of its centre, straight along the direction there;
  /// character grouping lets each character follow the path round a corner.
  @Test(arguments: [1, 2])
  func groupingOnACorner(_ grouping: Int) throws {
    // Down 30 px, then right. "AAAA" is 48 wide.
    let corner = Self.mask([(50, 10), (50, 40), (90, 40)])
    let frame = try Self.render(Self.animation("AAAA", masks: [corner], grouping: grouping))
    Self.expectBox(frame, 50, 10)
    if grouping == 2 {
      // The word's centre is 24 down (y = 34), going down: the last square lies at y 46...56, x 50...60.
      Self.expectBox(frame, 50, 46)
      expectPixel(frame, 61, 35, .transparent, tolerance: 0)
    } else {
      // The last character's centre is 42 along: 12 px right of the corner, upright: x 56...66, y 30...40.
      Self.expectBox(frame, 56, 30)
      expectPixel(frame, 55, 50, .transparent, tolerance: 0)
    }
  }

  /// Right and centre justification move the line to the path's end or middle.
  @Test(arguments: [(1, 66), (2, 38)])
  func justification(_ j: Int, _ left: Int) throws {
    // "AA" is 24 wide: right-justified it starts 80 - 24 = 56 along the path, centred 28.
    let frame = try Self.render(Self.animation("AA", masks: [Self.horizontal], justification: j))
    Self.expectBox(frame, left, 50)
    Self.expectBox(frame, left + 12, 50)
  }

  /// Force alignment spreads the characters over the path: the first centre half a character from the
  /// start, the last half a character from the end.
  @Test func forceAlignment() throws {
    let frame = try Self.render(Self.animation("AAA", masks: [Self.horizontal], options: ["a": #"{"a":0,"k":1}"#]))
    // Centres 6, 40 and 74 along: squares at x 10, 44 and 78.
    Self.expectBox(frame, 10, 50)
    Self.expectBox(frame, 44, 50)
    Self.expectBox(frame, 78, 50)
  }

  /// An animator's horizontal position moves characters along the path; its vertical position moves them
  /// across it, in the character's turned frame.
  @Test func animatorPositionFollowsThePath() throws {
    let animator = TextAnimatorTests.animator(#""r":1,"b":1,"sh":1"#, #""p":{"a":0,"k":[20,-5]}"#)
    let frame = try Self.render(Self.animation("A", masks: [Self.vertical], animators: "[\(animator)]"))
    // 26 px down the path; "up" 5 px is to the right once turned: square x 55...65, y 30...40.
    Self.expectBox(frame, 55, 30)
  }

  /// The mask is named by its index; a mask whose mode is "add" still clips the layer, as in lottie-web: the
  /// text along a closed mask's edge is cut to the inside.
  @Test func maskIndexAndClipping() throws {
    let clip = Self.mask([(0, 0), (100, 0), (100, 55), (0, 55)], closed: true, mode: "a")
    let frame = try Self.render(Self.animation("AAA", masks: [clip, Self.horizontal], mask: 1))
    // Squares y 50...60 on the horizontal path, kept above y = 55.
    expectPixel(frame, 15, 52, .red, tolerance: 4)
    expectPixel(frame, 15, 58, .transparent, tolerance: 0)
    expectPixel(frame, 39, 52, .red, tolerance: 4)
  }

  /// The parser keeps the options and warns about nothing for a valid path; a missing mask is reported and the
  /// text falls back to a straight baseline.
  @Test func parsedOptionsAndDiagnostics() throws {
    let json = Self.animation("A", masks: [Self.horizontal], options: ["f": #"{"a":0,"k":7}"#, "r": #"{"a":0,"k":1}"#])
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "text.json")
    #expect(animation.diagnostics.filter { $0.severity >= .warning }.isEmpty, "\(animation.diagnostics)")
    guard case .text(let text) = animation.layers[0].content, let path = text.path else {
      Issue.record("no text path parsed")
      return
    }
    #expect(path.maskIndex == 0)
    #expect(path.firstMargin.value(at: 0) == 7)
    #expect(path.reversed.value(at: 0) == 1)
    #expect(path.perpendicular.value(at: 0) == 1)
    #expect(path.path.value(at: 0).vertices.count == 2)

    let missing = try LottieParser.parse(
      bytes: Array(Self.animation("A", masks: [Self.horizontal], mask: 3).utf8), file: "text.json")
    #expect(
      missing.diagnostics.contains { $0.severity == .warning && $0.description.contains("mask 3 does not exist") })
    let frame = try FrameRenderer(animation: missing, width: 100, height: 100).render(frame: 0)
    // On the layer's baseline at y = 0: nothing on the path.
    expectPixel(frame, 15, 55, .transparent, tolerance: 0)
  }
}
