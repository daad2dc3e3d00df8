import Foundation
import Lottie
import LottieScene
import Raster
import Testing

@testable import CairoRendering

/// Issue 16, item 2: each work budget refuses a tiny hostile file at once, before doing the work, naming the
/// file, the element's JSON path and the limit with its `--limit` name. Without the budget, the nested
/// repeaters allocate 9 GB and abort, the zig-zag runs for minutes at 4 GB.
struct WorkBudgetTests {
  static let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
  static let rect = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[2,2]},"r":{"a":0,"k":0}}"#
  static func repeater(_ copies: Int) -> String {
    #"{"ty":"rp","c":{"a":0,"k":\#(copies)},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[1,0]},"#
      + #""a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
  }
  static func star(points: Int) -> String {
    #"{"ty":"sr","sy":1,"p":{"a":0,"k":[32,32]},"pt":{"a":0,"k":\#(points)},"r":{"a":0,"k":0},"or":{"a":0,"k":30},"#
      + #""ir":{"a":0,"k":20},"os":{"a":0,"k":0},"is":{"a":0,"k":0}}"#
  }
  static func shapeLayer(_ items: [String]) -> String {
    #"{"ty":4,"ip":0,"op":10,"st":0,"ks":{},"shapes":[\#(items.joined(separator: ","))]}"#
  }
  static func animation(_ layers: [String], width: Int = 64, height: Int = 64, extra: String = "") -> String {
    #"{"v":"5.7.0","w":\#(width),"h":\#(height),"fr":10,"ip":0,"op":10,\#(extra)"layers":[\#(layers.joined(separator: ","))]}"#
  }

  /// Renders frame 0 of `json` (named `a.json`) under `limits`; the first limit exceeded.
  static func refusal(
    _ json: String, width: Int = 64, height: Int = 64, _ change: (inout WorkLimits) -> Void = { _ in }
  )
    throws -> String?
  {
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "a.json")
    var limits = WorkLimits.defaults
    limits.file = "a.json"
    change(&limits)
    let renderer = try FrameRenderer(animation: animation, width: width, height: height, limits: limits)
    var buffer = PixelBuffer(width: width, height: height)
    renderer.render(frame: 0, into: &buffer)
    return renderer.workLimitExceeded.map { "\($0)" }
  }

  /// Three nested repeaters of 1,000 copies (a hidden item first: the path counts it).
  static let nestedRepeaters = animation([
    shapeLayer([
      #"{"ty":"gr","hd":true,"it":[]}"#,
      #"{"ty":"gr","it":[{"ty":"gr","it":[\#(rect),\#(fill),\#(repeater(1000))]},\#(repeater(1000))]}"#,
      repeater(1000),
    ])
  ])

  @Test func nestedRepeatersMultiply() throws {
    #expect(
      try Self.refusal(Self.nestedRepeaters)
        == "a.json: $.layers[0].shapes[2]: the repeaters here make 1000000000 copies; the limit is 10000 (--limit copies=N)"
    )
  }

  /// A paint with no shape before it is copied all the same (found by scripts/fuzz: a billion strokes).
  @Test func paintsWithoutShapesAreCopiesToo() throws {
    let json = Self.animation([
      Self.shapeLayer([
        #"{"ty":"gr","it":[{"ty":"gr","it":[\#(Self.fill),\#(Self.repeater(1000))]},\#(Self.repeater(1000))]}"#,
        Self.repeater(1000),
      ])
    ])
    #expect(
      try Self.refusal(json)
        == "a.json: $.layers[0].shapes[1]: the repeaters here make 1000000000 copies; the limit is 10000 (--limit copies=N)"
    )
  }

  @Test func copiesOfAFrameAddUp() throws {
    let layer = Self.shapeLayer([Self.rect, Self.fill, Self.repeater(600)])
    #expect(
      try Self.refusal(Self.animation([layer, layer])) { $0.copies = 1000 }
        == "a.json: $.layers[1]: the shapes drawn at frame 0 come to 1202 with this layer's; the limit is 1000 (--limit copies=N)"
    )
    // Under the limit, both draw.
    #expect(try Self.refusal(Self.animation([layer, layer])) { $0.copies = 1202 } == nil)
  }

  /// A 10,000-point star under a 1,000-ridge zig-zag: 20 million vertices, refused before they are made.
  @Test func zigZagOverAHugeStar() throws {
    let json = Self.animation([
      Self.shapeLayer([
        Self.star(points: 10_000), #"{"ty":"zz","r":{"a":0,"k":1000},"s":{"a":0,"k":2},"pt":{"a":0,"k":1}}"#, Self.fill,
      ])
    ])
    #expect(
      try Self.refusal(json)
        == "a.json: $.layers[0].shapes[1]: the zig-zag here makes 20020000 vertices; the limit is 5000000 (--limit vertices=N)"
    )
  }

  /// Each modifier's output is estimated before it runs (a 10,000-point star has 20,000 vertices).
  @Test(arguments: [
    (#"{"ty":"op","a":{"a":0,"k":3},"lj":1,"ml":{"a":0,"k":4}}"#, "the offset path", 200_004),
    (#"{"ty":"rd","r":{"a":0,"k":3}}"#, "the round corners", 40_000),
    (#"{"ty":"tw","a":{"a":0,"k":90},"c":{"a":0,"k":[32,32]}}"#, "the twist", 1_280_001),
    (#"{"ty":"pb","a":{"a":0,"k":30}}"#, "the pucker/bloat", 20_000),
  ])
  func modifiersAreCountedBeforeTheyRun(modifier: String, what: String, vertices: Int) throws {
    let json = Self.animation([Self.shapeLayer([Self.star(points: 10_000), modifier, Self.fill])])
    #expect(
      try Self.refusal(json) { $0.vertices = 19_999 }
        == "a.json: $.layers[0].shapes[1]: \(what) here makes \(vertices) vertices; the limit is 19999 (--limit vertices=N)"
    )
    #expect(try Self.refusal(json) { $0.vertices = vertices + 20_000 } == nil)
  }

  /// Repeated geometry counts every copy's vertices (drawn once per copy).
  @Test func repeatedVerticesAddUp() throws {
    let json = Self.animation([Self.shapeLayer([Self.star(points: 10_000), Self.fill, Self.repeater(1000)])])
    #expect(
      try Self.refusal(json)
        == "a.json: $.layers[0]: the shapes drawn at frame 0 come to 20020000 vertices with this layer's; the limit is 5000000 (--limit vertices=N)"
    )
  }

  static func dashedStroke(_ dash: String, width: Int = 1) -> String {
    #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":\#(width)},"lc":2,"lj":1,"ml":4,"d":["#
      + #"{"n":"d","nm":"dash","v":{"a":0,"k":\#(dash)}},{"n":"g","nm":"gap","v":{"a":0,"k":\#(dash)}}]}"#
  }
  static func square(_ side: Int) -> String {
    #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[\#(side),\#(side)]},"r":{"a":0,"k":0}}"#
  }

  /// A 4096 px square dashed every 1/1024 px: 8 million dashes, which Cairo takes seconds to stroke while the
  /// shape has four vertices. Refused before it is drawn.
  @Test func tinyDashesOfALongOutline() throws {
    let json = Self.animation([Self.shapeLayer([Self.square(4096), Self.dashedStroke("0.0009765625")])])
    #expect(
      try Self.refusal(json)
        == "a.json: $.layers[0]: the dashed strokes drawn at frame 0 come to 8388608 dashes with this layer's; "
        + "the limit is 1000000 (--limit dashes=N)")
    // The same outline dashed every pixel: 8,192 dashes.
    let plain = Self.animation([Self.shapeLayer([Self.square(4096), Self.dashedStroke("1")])])
    #expect(try Self.refusal(plain) { $0.dashes = 8192 } == nil)
    #expect(
      try Self.refusal(plain) { $0.dashes = 8191 }
        == "a.json: $.layers[0]: the dashed strokes drawn at frame 0 come to 8192 dashes with this layer's; "
        + "the limit is 8191 (--limit dashes=N)")
  }

  /// Dashes are measured where the pattern is (the stroke's group), so a shape scaled down in its own group
  /// counts its dashes at its drawn length; the layers of a frame add up; a stroke without dashes counts none.
  @Test func dashesAreMeasuredInTheStrokesSpaceAndAddUp() throws {
    let scaled =
      #"{"ty":"gr","it":[\#(Self.square(4096)),{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"#
      + #""s":{"a":0,"k":[25,25]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}"#
    let layer = Self.shapeLayer([scaled, Self.dashedStroke("1")])
    #expect(try Self.refusal(Self.animation([layer])) { $0.dashes = 2048 } == nil)
    #expect(
      try Self.refusal(Self.animation([layer, layer])) { $0.dashes = 4095 }
        == "a.json: $.layers[1]: the dashed strokes drawn at frame 0 come to 4096 dashes with this layer's; "
        + "the limit is 4095 (--limit dashes=N)")
    let solid = Self.shapeLayer([
      Self.square(4096), #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":1}}"#,
    ])
    #expect(try Self.refusal(Self.animation([solid])) { $0.dashes = 1 } == nil)
  }

  @Test func glyphsOfATextLayer() throws {
    let text = String(repeating: "ab", count: 15_000)
    let layer =
      #"{"ty":5,"ip":0,"op":10,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"\#(text)","f":"Sans","s":12,"fc":[0,0,0]}}]},"#
      + #""a":[],"m":{"a":{"a":0,"k":[0,0]}},"p":{}}}"#
    let json = Self.animation(
      [layer], extra: #""fonts":{"list":[{"fName":"Sans","fFamily":"sans-serif","fStyle":"Regular"}]},"#)
    #expect(
      try Self.refusal(json)
        == "a.json: $.layers[0].t: the text here has 30000 glyphs; the limit is 20000 (--limit glyphs=N)")
  }

  /// 300 blurs on one layer at 1920x1080: 4.4 billion pixel passes, refused before the first.
  @Test func effectWorkOfALayer() throws {
    let blur =
      #"{"ty":29,"nm":"Gaussian Blur","ef":[{"ty":0,"nm":"Blurriness","v":{"a":0,"k":30}},{"ty":7,"nm":"Dimensions","v":{"a":0,"k":1}}]}"#
    let layer =
      ##"{"ty":1,"sc":"#ff0000","sw":1920,"sh":1080,"ip":0,"op":10,"st":0,"ks":{},"ef":[\##(Array(repeating: blur, count: 300).joined(separator: ","))]}"##
    let json = Self.animation([layer], width: 1920, height: 1080)
    #expect(
      try Self.refusal(json, width: 1920, height: 1080)
        == "a.json: $.layers[0].ef: the 300 effects here need 4354560000 pixel passes; the limit is 2000000000 (--limit effect-work=N)"
    )
  }

  @Test func frameTimeBetweenLayers() throws {
    let layer = Self.shapeLayer([Self.rect, Self.fill])
    #expect(
      try Self.refusal(Self.animation([layer, layer])) { $0.frameSeconds = 0 }
        == "a.json: $.layers[0]: frame 0 took more than 0 s by this layer; the limit is 0 s (--limit frame-time=SECONDS)"
    )
  }
}
