import CairoRendering
import Foundation
import Lottie
import Raster
import TestSupport
import Testing

/// Pixel probes on tiny inline animations, 100x100 unless stated. Probes sit at least 2 px inside or outside
/// an edge so that antialiasing never decides a result.
struct FrameRendererProbeTests {
  // MARK: - Fills and strokes

  @Test func rectangleIsFilledWhereItIsAndNowhereElse() throws {
    // x 20..60, y 30..70
    let json = Bodymovin.animation(layers: [
      Bodymovin.shapeLayer([Bodymovin.rectangle(x: 20, y: 30, width: 40, height: 40), Bodymovin.fill(Bodymovin.red)])
    ])
    let frame = try Bodymovin.render(json)
    #expect(frame.width == 100 && frame.height == 100)
    for (x, y) in [(22, 32), (57, 32), (22, 67), (57, 67), (40, 50)] { expectPixel(frame, x, y, .red) }
    for (x, y) in [(17, 50), (62, 50), (40, 27), (40, 72), (0, 0), (99, 99), (99, 0), (0, 99)] {
      expectPixel(frame, x, y, .transparent, tolerance: 0)
    }
  }

  /// A colour's 4th number is not an alpha (lottie-web, ThorVG and rlottie ignore it): a fill of
  /// [0, 0, 1, 0.3] and a stroke of [1, 0, 0, 0] are opaque; opacity comes from `o` only.
  @Test func colourFourthNumberIsIgnored() throws {
    let json = Bodymovin.animation(layers: [
      Bodymovin.shapeLayer([
        Bodymovin.rectangle(x: 20, y: 20, width: 60, height: 60), Bodymovin.stroke("[1,0,0,0]", width: 10),
        Bodymovin.fill("[0,0,1,0.3]"),
      ])
    ])
    let frame = try Bodymovin.render(json)
    expectPixel(frame, 50, 50, .blue, tolerance: 0)
    expectPixel(frame, 20, 50, .red, tolerance: 0)
    expectPixel(frame, 50, 17, .red, tolerance: 0)
  }

  /// Two nested squares drawn the same way round: non-zero fills the inner one, even-odd makes a hole.
  @Test(arguments: [(1, ProbePixel.green), (2, ProbePixel.transparent)])
  func fillRuleDecidesTheInnerSquare(rule: Int, centre: ProbePixel) throws {
    let json = Bodymovin.animation(layers: [
      Bodymovin.shapeLayer([
        Bodymovin.rectangle(x: 10, y: 10, width: 80, height: 80),
        Bodymovin.rectangle(x: 30, y: 30, width: 40, height: 40),
        Bodymovin.fill(Bodymovin.green, rule: rule),
      ])
    ])
    let frame = try Bodymovin.render(json)
    expectPixel(frame, 50, 50, centre)
    expectPixel(frame, 20, 50, .green)
    expectPixel(frame, 50, 85, .green)
    expectPixel(frame, 5, 5, .transparent, tolerance: 0)
  }

  @Test func strokeHasItsWidthAndColour() throws {
    // Square 20..80 stroked 10 wide: the left side covers x 15..25.
    let json = Bodymovin.animation(layers: [
      Bodymovin.shapeLayer([
        Bodymovin.rectangle(x: 20, y: 20, width: 60, height: 60), Bodymovin.stroke(Bodymovin.blue, width: 10),
      ])
    ])
    let frame = try Bodymovin.render(json)
    for x in [17, 20, 22] { expectPixel(frame, x, 50, .blue) }
    expectPixel(frame, 12, 50, .transparent, tolerance: 0)
    expectPixel(frame, 27, 50, .transparent, tolerance: 0)
    expectPixel(frame, 50, 50, .transparent, tolerance: 0)
    expectPixel(frame, 80, 50, .blue)
    expectPixel(frame, 50, 20, .blue)
  }

  @Test func gradientFillRunsLeftToRight() throws {
    let gradient =
      #"{"ty":"gf","t":1,"o":{"a":0,"k":100},"r":1,"s":{"a":0,"k":[0,50]},"e":{"a":0,"k":[100,50]},"g":{"p":2,"k":{"a":0,"k":[0,0,0,0,1,1,1,1]}}}"#
    let json = Bodymovin.animation(layers: [
      Bodymovin.shapeLayer([Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100), gradient])
    ])
    let frame = try Bodymovin.render(json)
    let row = (0..<100).map { frame.probe($0, 50) }
    #expect(row.allSatisfy { $0.a == 255 && $0.r == $0.g && $0.g == $0.b }, "an opaque grey ramp")
    #expect(row[5].r < row[95].r)
    // Pixel x is sampled at x + 0.5, so its grey is about (x + 0.5) / 100 * 255.
    for x in [5, 25, 50, 75, 95] {
      let expected = (Double(x) + 0.5) / 100 * 255
      #expect(abs(Double(row[x].r) - expected) <= 3, "x \(x): \(row[x]) vs \(expected)")
    }
    for x in 1..<100 { #expect(row[x].r >= row[x - 1].r, "the ramp never gets darker to the right (x \(x))") }
  }

  /// A line from x 10 to 90 trimmed to its first half ends at x 50 (butt caps), whichever side of the
  /// stroke the trim sits.
  @Test(arguments: [true, false])
  func trimPathDrawsTheFirstHalf(trimBeforeStroke: Bool) throws {
    let line = Bodymovin.path([(10, 50), (90, 50)], closed: false)
    let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":1}"#
    let stroke = Bodymovin.stroke(Bodymovin.red, width: 10, cap: 1)
    let items = trimBeforeStroke ? [line, trim, stroke] : [line, stroke, trim]
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [Bodymovin.shapeLayer(items)]))
    for x in [12, 30, 47] { expectPixel(frame, x, 50, .red) }
    for x in [7, 53, 70, 88] { expectPixel(frame, x, 50, .transparent, tolerance: 0) }
  }

  @Test func ellipseFillsItsInsideOnly() throws {
    let ellipse = #"{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[80,40]}}"#
    let frame = try Bodymovin.render(
      Bodymovin.animation(layers: [Bodymovin.shapeLayer([ellipse, Bodymovin.fill(Bodymovin.red)])]))
    for (x, y) in [(50, 50), (13, 50), (86, 50), (50, 33), (50, 66)] { expectPixel(frame, x, y, .red) }
    // The corners of the 80x40 bounding box are outside the ellipse.
    for (x, y) in [(12, 32), (87, 32), (12, 67), (87, 67), (50, 27), (50, 72)] {
      expectPixel(frame, x, y, .transparent, tolerance: 0)
    }
  }

  @Test func roundedRectangleCutsItsCorners() throws {
    let rounded = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[80,80]},"r":{"a":0,"k":20}}"#
    let frame = try Bodymovin.render(
      Bodymovin.animation(layers: [Bodymovin.shapeLayer([rounded, Bodymovin.fill(Bodymovin.red)])]))
    expectPixel(frame, 11, 11, .transparent, tolerance: 0)
    expectPixel(frame, 88, 88, .transparent, tolerance: 0)
    expectPixel(frame, 12, 50, .red)
    expectPixel(frame, 50, 12, .red)
    expectPixel(frame, 20, 20, .red)
  }

  /// Group opacity multiplies into its paints.
  @Test func groupOpacityHalvesAlpha() throws {
    let group =
      #"{"ty":"gr","it":[\#(Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100)),\#(Bodymovin.fill(Bodymovin.red)),{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":50}}]}"#
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [Bodymovin.shapeLayer([group])]))
    let p = frame.probe(50, 50)
    #expect(abs(p.a - 128) <= 1 && p.r >= 253, "\(p)")
  }

  /// A repeater with 3 copies, each moved 30 px right, repeats a square at x 5..25 to 35..55 and 65..85.
  @Test func repeaterMakesCopies() throws {
    let repeater =
      #"{"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,"tr":{"p":{"a":0,"k":[30,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
    let frame = try Bodymovin.render(
      Bodymovin.animation(layers: [
        Bodymovin.shapeLayer([
          Bodymovin.rectangle(x: 5, y: 40, width: 20, height: 20), Bodymovin.fill(Bodymovin.red), repeater,
        ])
      ]))
    for x in [15, 45, 75] { expectPixel(frame, x, 50, .red) }
    for x in [30, 60, 90] { expectPixel(frame, x, 50, .transparent, tolerance: 0) }
  }

  // MARK: - Layers

  @Test func layerOpacityHalvesAlpha() throws {
    let json = Bodymovin.animation(layers: [
      Bodymovin.shapeLayer(
        [Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100), Bodymovin.fill(Bodymovin.red)],
        transform: Bodymovin.transform(opacity: 50))
    ])
    let frame = try Bodymovin.render(json)
    let p = frame.probe(50, 50)
    #expect(abs(p.a - 128) <= 1, "\(p)")
    #expect(p.r >= 253 && p.g == 0 && p.b == 0, "\(p)")
  }

  /// Opacity applies to the layer as a whole: two overlapping opaque squares in a precomp at 50% are 50% where
  /// they overlap too (not 75%, as painting each at 50% would give).
  @Test func precompOpacityAppliesToTheComposite() throws {
    let asset =
      #"{"id":"two","layers":[\#(Bodymovin.shapeLayer([Bodymovin.rectangle(x: 0, y: 0, width: 60, height: 60), Bodymovin.fill(Bodymovin.red)])),\#(Bodymovin.shapeLayer([Bodymovin.rectangle(x: 40, y: 40, width: 60, height: 60), Bodymovin.fill(Bodymovin.red)], index: 2))]}"#
    let precomp =
      #"{"ty":0,"ind":1,"refId":"two","w":100,"h":100,"ip":0,"op":30,"st":0,"ks":\#(Bodymovin.transform(opacity: 50))}"#
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [precomp], assets: [asset]))
    for (x, y) in [(20, 20), (50, 50), (80, 80)] {
      let p = frame.probe(x, y)
      #expect(abs(p.a - 128) <= 1, "(\(x), \(y)) is \(p)")
    }
    expectPixel(frame, 80, 20, .transparent, tolerance: 0)
  }

  /// Rotation turns the layer clockwise (y points down) about its anchor: with anchor and position at the
  /// centre, 90 degrees takes a top-left square (10..30) to the top-right (70..90).
  @Test func layerRotatesAboutItsAnchor() throws {
    let transform = #"{"a":{"a":0,"k":[50,50]},"p":{"a":0,"k":[50,50]},"r":{"a":0,"k":90}}"#
    let layer = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 10, y: 10, width: 20, height: 20), Bodymovin.fill(Bodymovin.red)], transform: transform)
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [layer]))
    expectPixel(frame, 80, 20, .red)
    expectPixel(frame, 20, 20, .transparent, tolerance: 0)
    expectPixel(frame, 20, 80, .transparent, tolerance: 0)
    expectPixel(frame, 80, 80, .transparent, tolerance: 0)
  }

  /// Scale is about the anchor: 200% about the centre takes a square at 40..60 to 30..70.
  @Test func layerScalesAboutItsAnchor() throws {
    let transform = #"{"a":{"a":0,"k":[50,50]},"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[200,200]}}"#
    let layer = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 40, y: 40, width: 20, height: 20), Bodymovin.fill(Bodymovin.red)], transform: transform)
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [layer]))
    for (x, y) in [(32, 32), (67, 67), (50, 50)] { expectPixel(frame, x, y, .red) }
    for (x, y) in [(27, 50), (72, 50), (50, 27), (50, 72)] { expectPixel(frame, x, y, .transparent, tolerance: 0) }
  }

  @Test func childFollowsItsNullParent() throws {
    // The child's square is at x 10..30; the parent moves it right by 20, to 30..50.
    let parent = #"{"ty":3,"ind":1,"ip":0,"op":30,"st":0,"ks":\#(Bodymovin.transform(x: 20))}"#
    let child = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 10, y: 40, width: 20, height: 20), Bodymovin.fill(Bodymovin.red)], index: 2,
      fields: #""parent":1"#)
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [parent, child]))
    expectPixel(frame, 32, 50, .red)
    expectPixel(frame, 47, 50, .red)
    expectPixel(frame, 15, 50, .transparent, tolerance: 0)
    expectPixel(frame, 27, 50, .transparent, tolerance: 0)
    expectPixel(frame, 52, 50, .transparent, tolerance: 0)
  }

  @Test func hiddenLayerIsNotDrawnButStillParents() throws {
    // The hidden parent has its own blue square at 70..90 and moves its child right by 20.
    let parent = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 70, y: 70, width: 20, height: 20), Bodymovin.fill(Bodymovin.blue)], index: 1,
      transform: Bodymovin.transform(x: 20),
      fields: #""hd":true"#)
    let child = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 10, y: 40, width: 20, height: 20), Bodymovin.fill(Bodymovin.red)], index: 2,
      fields: #""parent":1"#)
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [parent, child]))
    expectPixel(frame, 40, 50, .red)
    expectPixel(frame, 20, 50, .transparent, tolerance: 0)
    // The parent's own square would be at 90..110 after its move, 70..90 before: neither is drawn.
    expectPixel(frame, 80, 80, .transparent, tolerance: 0)
    expectPixel(frame, 95, 80, .transparent, tolerance: 0)
  }

  /// A layer with ip 10 and op 20 is drawn on frames 10 up to, but not including, 20.
  @Test(arguments: [
    (0.0, false), (9.0, false), (9.5, false), (10.0, true), (15.0, true), (19.5, true), (20.0, false), (25.0, false),
  ])
  func layerIsVisibleFromInPointUntilOutPoint(frame: Double, visible: Bool) throws {
    let json = Bodymovin.animation(layers: [
      Bodymovin.shapeLayer(
        [Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100), Bodymovin.fill(Bodymovin.red)], inPoint: 10,
        outPoint: 20)
    ])
    let pixels = try Bodymovin.render(json, frame: frame)
    expectPixel(pixels, 50, 50, visible ? .red : .transparent, tolerance: 0)
  }

  @Test func precompIsClippedToItsSize() throws {
    // The asset fills 0..100, but the precomp layer is 50x50.
    let asset =
      #"{"id":"full","layers":[\#(Bodymovin.shapeLayer([Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100), Bodymovin.fill(Bodymovin.red)]))]}"#
    let precomp = #"{"ty":0,"ind":1,"refId":"full","w":50,"h":50,"ip":0,"op":30,"st":0,"ks":{}}"#
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [precomp], assets: [asset]))
    expectPixel(frame, 25, 25, .red)
    expectPixel(frame, 47, 47, .red)
    expectPixel(frame, 52, 25, .transparent, tolerance: 0)
    expectPixel(frame, 25, 52, .transparent, tolerance: 0)
    expectPixel(frame, 75, 75, .transparent, tolerance: 0)
  }

  /// The asset's only layer is visible on its frames 0..<5. A precomp layer shows the asset at
  /// `(frame - st) / sr`, or at `tm(frame - st) * fr` with time remapping (tm is in seconds).
  @Test(arguments: [
    (#""st":10"#, 3.0, false), (#""st":10"#, 12.0, true), (#""st":10"#, 16.0, false),
    (#""sr":2"#, 8.0, true), (#""sr":2"#, 10.0, false),
    (#""tm":{"a":0,"k":0.1}"#, 20.0, true), (#""tm":{"a":0,"k":0.2}"#, 1.0, false),
  ])
  func precompTimeFollowsStartStretchAndRemap(fields: String, frame: Double, visible: Bool) throws {
    let asset =
      #"{"id":"blink","layers":[\#(Bodymovin.shapeLayer([Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100), Bodymovin.fill(Bodymovin.red)], outPoint: 5))]}"#
    let precomp = #"{"ty":0,"ind":1,"refId":"blink","w":100,"h":100,"ip":0,"op":30,\#(fields),"ks":{}}"#
    let pixels = try Bodymovin.render(Bodymovin.animation(layers: [precomp], assets: [asset]), frame: frame)
    expectPixel(pixels, 50, 50, visible ? .red : .transparent, tolerance: 0)
  }

  /// A precomp inside a stretched precomp, itself time-remapped backwards. The outer layer (st 10, sr 2) shows
  /// its asset at (F - 10) / 2; inside, the remap runs from 1 s at t 0 to 0 s at t 30, so the inner asset is at
  /// 30 - (F - 10) / 2; there a square moves from x 0 (t 0) to x 60 (t 30), so x = 2 × that frame.
  @Test(arguments: [(30.0, 40), (50.0, 20)])
  func nestedPrecompInStretchedRemappedPrecomp(frame: Double, x: Int) throws {
    let move = #"{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[60,0]}]}"#
    let square =
      #"{"ty":4,"ind":1,"ip":0,"op":100,"st":0,"ks":{"p":\#(move)},"shapes":[\#(Bodymovin.rectangle(x: 0, y: 40, width: 20, height: 20)),\#(Bodymovin.fill(Bodymovin.red))]}"#
    let inner = #"{"id":"inner","layers":[\#(square)]}"#
    let remap = #"{"a":1,"k":[{"t":0,"s":[1],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[0]}]}"#
    let innerLayer = #"{"ty":0,"ind":1,"refId":"inner","w":100,"h":100,"ip":0,"op":100,"st":0,"tm":\#(remap),"ks":{}}"#
    let outer = #"{"id":"outer","layers":[\#(innerLayer)]}"#
    let outerLayer = #"{"ty":0,"ind":1,"refId":"outer","w":100,"h":100,"ip":0,"op":100,"st":10,"sr":2,"ks":{}}"#
    let pixels = try Bodymovin.render(Bodymovin.animation(layers: [outerLayer], assets: [inner, outer]), frame: frame)
    expectPixel(pixels, x + 3, 50, .red)
    expectPixel(pixels, x + 17, 50, .red)
    expectPixel(pixels, x - 3, 50, .transparent, tolerance: 0)
    expectPixel(pixels, x + 23, 50, .transparent, tolerance: 0)
  }

  /// Keyframe times are composition frames whatever the layer's start time (lottie-web compares `frame - st`
  /// with `t - st`): with st 10, a move from x 0 at t 10 to x 50 at t 20 is half done at frame 15.
  @Test func keyframeTimesIgnoreTheLayerStart() throws {
    let position = #"{"a":1,"k":[{"t":10,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[50,0]}]}"#
    let layer =
      #"{"ty":4,"ind":1,"ip":0,"op":30,"st":10,"ks":{"p":\#(position)},"shapes":[\#(Bodymovin.rectangle(x: 0, y: 40, width: 20, height: 20)),\#(Bodymovin.fill(Bodymovin.red))]}"#
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [layer]), frame: 15)
    // The square is at x 25..45.
    expectPixel(frame, 27, 50, .red)
    expectPixel(frame, 42, 50, .red)
    expectPixel(frame, 22, 50, .transparent, tolerance: 0)
    expectPixel(frame, 47, 50, .transparent, tolerance: 0)
  }

  // MARK: - Masks and mattes

  /// A full red layer with one mask over the centre square 25..75.
  @Test(arguments: [
    ("a", false, ProbePixel.red, ProbePixel.transparent),  // add: only the inside
    ("a", true, ProbePixel.transparent, ProbePixel.red),  // inverted add: only the outside
    ("s", false, ProbePixel.transparent, ProbePixel.red),  // subtract (first mask): everything but the inside
    ("i", false, ProbePixel.red, ProbePixel.transparent),  // intersect (first mask): the inside
    ("n", false, ProbePixel.red, ProbePixel.red),  // none: the mask does nothing
  ])
  func maskKeepsTheRightSide(mode: String, inverted: Bool, inside: ProbePixel, outside: ProbePixel) throws {
    let layer = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100), Bodymovin.fill(Bodymovin.red)],
      fields: #""hasMask":true,"masksProperties":[\#(Bodymovin.centreMask(mode: mode, inverted: inverted))]"#)
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [layer]))
    for (x, y) in [(50, 50), (28, 28), (72, 72)] { expectPixel(frame, x, y, inside) }
    for (x, y) in [(10, 10), (22, 50), (78, 50), (50, 90)] { expectPixel(frame, x, y, outside) }
  }

  @Test func addThenSubtractMasksMakeARing() throws {
    let outer =
      #"{"mode":"a","inv":false,"o":{"a":0,"k":100},"pt":{"a":0,"k":\#(Bodymovin.polygon([(10, 10), (90, 10), (90, 90), (10, 90)]))}}"#
    let layer = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100), Bodymovin.fill(Bodymovin.red)],
      fields: #""masksProperties":[\#(outer),\#(Bodymovin.centreMask(mode: "s"))]"#)
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [layer]))
    expectPixel(frame, 5, 5, .transparent, tolerance: 0)
    expectPixel(frame, 15, 50, .red)
    expectPixel(frame, 50, 50, .transparent)
    expectPixel(frame, 85, 50, .red)
  }

  @Test func maskOpacityScalesCoverage() throws {
    let mask =
      #"{"mode":"a","inv":false,"o":{"a":0,"k":50},"pt":{"a":0,"k":\#(Bodymovin.polygon([(25, 25), (75, 25), (75, 75), (25, 75)]))}}"#
    let layer = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100), Bodymovin.fill(Bodymovin.red)],
      fields: #""masksProperties":[\#(mask)]"#)
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [layer]))
    let inside = frame.probe(50, 50)
    #expect(abs(inside.a - 128) <= 1 && inside.r >= 253, "\(inside)")
    expectPixel(frame, 10, 10, .transparent, tolerance: 0)
  }

  /// A mask is in layer space: moving the layer by 20 moves its mask too (25..75 becomes 45..95).
  @Test func maskMovesWithTheLayer() throws {
    let layer = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: -20, y: 0, width: 120, height: 100), Bodymovin.fill(Bodymovin.red)],
      transform: Bodymovin.transform(x: 20),
      fields: #""masksProperties":[\#(Bodymovin.centreMask(mode: "a"))]"#)
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [layer]))
    for (x, y) in [(48, 50), (92, 50), (70, 28)] { expectPixel(frame, x, y, .red) }
    for (x, y) in [(30, 50), (42, 50), (97, 50), (70, 22)] { expectPixel(frame, x, y, .transparent, tolerance: 0) }
  }

  /// The matte layer (td 1, square 25..75) sits just above a full red layer with `tt`.
  @Test(arguments: [
    (1, Bodymovin.black, ProbePixel.red, ProbePixel.transparent),  // alpha
    (2, Bodymovin.black, ProbePixel.transparent, ProbePixel.red),  // alpha inverted
    (3, Bodymovin.white, ProbePixel.red, ProbePixel.transparent),  // luma
    (4, Bodymovin.white, ProbePixel.transparent, ProbePixel.red),  // luma inverted
  ])
  func trackMatteKeepsTheRightSide(mode: Int, matteColour: String, inside: ProbePixel, outside: ProbePixel) throws {
    let matte = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 25, y: 25, width: 50, height: 50), Bodymovin.fill(matteColour)], index: 1,
      fields: #""td":1"#)
    let content = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100), Bodymovin.fill(Bodymovin.red)], index: 2,
      fields: #""tt":\#(mode)"#)
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [matte, content]))
    // The matte itself is never drawn: inside is the content's red (or nothing), never the matte's colour.
    for (x, y) in [(50, 50), (28, 28), (72, 72)] { expectPixel(frame, x, y, inside) }
    for (x, y) in [(10, 10), (22, 50), (78, 50), (50, 90)] { expectPixel(frame, x, y, outside) }
  }

  /// A matte named by `tp` (the matte layer's `ind`) rather than by position.
  @Test func trackMatteFoundByMatteParent() throws {
    let matte = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 25, y: 25, width: 50, height: 50), Bodymovin.fill(Bodymovin.black)], index: 7,
      fields: #""td":1"#)
    let other = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 0, y: 0, width: 10, height: 10), Bodymovin.fill(Bodymovin.blue)], index: 8)
    let content = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100), Bodymovin.fill(Bodymovin.red)], index: 9,
      fields: #""tt":1,"tp":7"#)
    let frame = try Bodymovin.render(Bodymovin.animation(layers: [matte, other, content]))
    expectPixel(frame, 50, 50, .red)
    expectPixel(frame, 90, 90, .transparent, tolerance: 0)
    expectPixel(frame, 5, 5, .blue)
  }

  // MARK: - Fit and background

  static let wideRedSolid = ##"{"ty":1,"ind":1,"sc":"#ff0000","sw":200,"sh":100,"ip":0,"op":30,"st":0,"ks":{}}"##

  /// A 200x100 animation filled red, rendered into 100x100 with `contain`: scaled by 0.5 and centred, so rows
  /// 25..74 are red and rows 0..24 and 75..99 are letterbox.
  @Test func containLetterboxesAWideAnimation() throws {
    let json = Bodymovin.animation(width: 200, height: 100, layers: [Self.wideRedSolid])
    let frame = try Bodymovin.render(json, fit: .contain)
    for y in [0, 12, 22] { expectPixel(frame, 50, y, .transparent, tolerance: 0) }
    for y in [27, 50, 72] {
      for x in [0, 50, 99] { expectPixel(frame, x, y, .red) }
    }
    for y in [77, 87, 99] { expectPixel(frame, 50, y, .transparent, tolerance: 0) }
    // Every pixel of the letterbox, not just the probes.
    for y in 0..<25 {
      for x in 0..<100 where frame.probe(x, y) != .transparent {
        Issue.record("letterbox pixel (\(x), \(y)) is \(frame.probe(x, y))")
        return
      }
    }
  }

  @Test func backgroundFillsTheLetterbox() throws {
    let json = Bodymovin.animation(width: 200, height: 100, layers: [Self.wideRedSolid])
    let frame = try Bodymovin.render(json, fit: .contain, background: RGBA(0, 0, 1))
    expectPixel(frame, 50, 5, .blue)
    expectPixel(frame, 50, 50, .red)
    expectPixel(frame, 50, 95, .blue)
  }

  /// With `cover` and `fill` the same animation covers the whole output.
  @Test(arguments: [FitMode.cover, .fill])
  func coverAndFillLeaveNoLetterbox(fit: FitMode) throws {
    let json = Bodymovin.animation(width: 200, height: 100, layers: [Self.wideRedSolid])
    let frame = try Bodymovin.render(json, fit: fit)
    for (x, y) in [(0, 0), (50, 50), (99, 99), (0, 99), (99, 0)] { expectPixel(frame, x, y, .red) }
  }

  // MARK: - Output

  @Test func writePNGWritesAnImageOfTheOutputSize() throws {
    let json = Bodymovin.animation(layers: [
      Bodymovin.shapeLayer([Bodymovin.rectangle(x: 0, y: 0, width: 50, height: 50), Bodymovin.fill(Bodymovin.red)])
    ])
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "inline.json")
    let renderer = try FrameRenderer(animation: animation, width: 40, height: 30)
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("frame.png").path
    try renderer.writePNG(frame: 0, to: path)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    try #require(bytes.count > 24)
    #expect(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG signature")
    func bigEndianUInt32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
    #expect(bigEndianUInt32(16) == 40 && bigEndianUInt32(20) == 30, "IHDR size")
  }

  @Test func renderIsRepeatable() throws {
    let json = Bodymovin.animation(layers: [
      Bodymovin.shapeLayer([
        Bodymovin.path([(10, 10), (90, 30), (40, 90)]), Bodymovin.fill(Bodymovin.green),
        Bodymovin.stroke(Bodymovin.blue, width: 3),
      ])
    ])
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "inline.json")
    let renderer = try FrameRenderer(animation: animation, width: 100, height: 100)
    let first = renderer.render(frame: 0)
    _ = renderer.render(frame: 5)
    #expect(renderer.render(frame: 0) == first, "reusing the surface leaves nothing behind")
  }
}
