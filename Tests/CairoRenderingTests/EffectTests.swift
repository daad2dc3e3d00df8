import CairoRendering
import Foundation
import Lottie
import Raster
import TestSupport
import Testing

/// Pixel probes for layer effects and layer styles, 100x100, drawn as lottie-web's filters draw them.
struct EffectTests {
  static func value(_ value: String) -> String {
    #"{"ty":0,"v":{"a":0,"k":\#(value)}}"#
  }

  static func effect(_ type: Int, _ values: [String]) -> String {
    #"{"ty":\#(type),"en":1,"ef":[\#(values.map(value).joined(separator: ","))]}"#
  }

  static func fillEffect(_ color: String, opacity: Double = 1) -> String {
    effect(21, ["0", "0", color, "0", "0", "0", "\(opacity)"])
  }

  static func dropShadow(
    _ color: String, opacity: Double, direction: Double, distance: Double, softness: Double, shadowOnly: Bool = false
  ) -> String {
    effect(25, [color, "\(opacity)", "\(direction)", "\(distance)", "\(softness)", shadowOnly ? "1" : "0"])
  }

  /// One shape layer of rectangles (x, y, width, height, colour) with `effects` (`ef`) and `styles` (`sy`).
  static func render(
    _ rects: [(Double, Double, Double, Double, String)], effects: [String] = [], styles: [String] = [],
    transform: String = "{}"
  ) throws -> PixelBuffer {
    let shapes = rects.map { r in
      #"{"ty":"gr","it":[\#(Bodymovin.rectangle(x: r.0, y: r.1, width: r.2, height: r.3)),\#(Bodymovin.fill(r.4)),{"ty":"tr"}]}"#
    }
    var fields = #""ef":[\#(effects.joined(separator: ","))]"#
    if !styles.isEmpty { fields += #","sy":[\#(styles.joined(separator: ","))]"# }
    return try Bodymovin.render(
      Bodymovin.animation(layers: [Bodymovin.shapeLayer(shapes, transform: transform, fields: fields)]))
  }

  // MARK: - Colour effects

  @Test("fill recolours the layer and keeps its coverage")
  func fill() throws {
    let image = try EffectTests.render(
      [(20, 20, 60, 60, Bodymovin.red)], effects: [EffectTests.fillEffect("[0,0,1,1]")])
    expectPixel(image, 50, 50, .blue)
    expectPixel(image, 22, 22, .blue)
    expectPixel(image, 10, 10, .transparent)
  }

  @Test("fill opacity scales the layer's coverage, as lottie-web's colour matrix does")
  func fillOpacity() throws {
    let image = try EffectTests.render(
      [(20, 20, 60, 60, Bodymovin.red)], effects: [EffectTests.fillEffect("[0,1,0,1]", opacity: 0.5)])
    expectPixel(image, 50, 50, ProbePixel(0, 255, 0, 128))
  }

  @Test("tint maps black and white to its two colours, mixed by the amount")
  func tint() throws {
    let full = try EffectTests.render(
      [(0, 0, 50, 100, Bodymovin.black), (50, 0, 50, 100, Bodymovin.white)],
      effects: [EffectTests.effect(20, ["[1,0,0,1]", "[0,1,0,1]", "100"])])
    expectPixel(full, 25, 50, .red)
    expectPixel(full, 75, 50, .green)
    let half = try EffectTests.render(
      [(50, 0, 50, 100, Bodymovin.white)], effects: [EffectTests.effect(20, ["[1,0,0,1]", "[0,1,0,1]", "50"])])
    expectPixel(half, 75, 50, ProbePixel(128, 255, 128))
  }

  @Test("tritone maps shadows, midtones and highlights")
  func tritone() throws {
    let image = try EffectTests.render(
      [(0, 0, 30, 100, Bodymovin.black), (30, 0, 40, 100, "[0.5,0.5,0.5,1]"), (70, 0, 30, 100, Bodymovin.white)],
      effects: [EffectTests.effect(23, ["[1,1,0,1]", "[0,0,1,1]", "[1,0,0,1]"])])
    expectPixel(image, 15, 50, .red)
    expectPixel(image, 50, 50, .blue, tolerance: 4)
    expectPixel(image, 85, 50, ProbePixel(255, 255, 0))
  }

  // MARK: - Blur

  /// A hard edge at x = 70 of a rectangle 30..70: blurriness 20 is sigma 6 (lottie-web's × 0.3).
  @Test("Gaussian blur spreads a hard edge into a ramp beyond the layer's bounds and keeps the total alpha")
  func blur() throws {
    let sharp = try EffectTests.render([(30, 0, 40, 100, Bodymovin.red)])
    let image = try EffectTests.render(
      [(30, 0, 40, 100, Bodymovin.red)], effects: [EffectTests.effect(29, ["20", "2", "0"])])
    let alphas = (0..<100).map { image.probe($0, 50).a }
    #expect(abs(alphas[70] - 128) <= 12, "alpha at the edge is \(alphas[70])")
    #expect(alphas[62] > 220)  // Φ(7.5 / 6) ≈ 0.89 of 255
    #expect(alphas[78] < 25 && alphas[78] > 0, "alpha beyond the layer is \(alphas[78])")
    #expect(alphas[90] < 3)
    for x in 64..<80 { #expect(alphas[x] >= alphas[x + 1], "ramp not monotonic at x = \(x)") }
    let total = alphas.reduce(0, +), sharpTotal = (0..<100).map { sharp.probe($0, 50).a }.reduce(0, +)
    #expect(abs(total - sharpTotal) < sharpTotal / 50, "total alpha \(total), sharp \(sharpTotal)")
    // Horizontal only: nothing moves vertically, and the colour stays red.
    expectPixel(image, 50, 1, .red)
    #expect(image.probe(74, 50).r == 255 && image.probe(74, 50).g == 0)
  }

  @Test("vertical blur leaves vertical edges sharp")
  func verticalBlur() throws {
    let image = try EffectTests.render(
      [(30, 30, 40, 40, Bodymovin.red)], effects: [EffectTests.effect(29, ["20", "3", "0"])])
    expectPixel(image, 31, 50, .red)
    expectPixel(image, 28, 50, .transparent)
    #expect(abs(image.probe(50, 70).a - 128) <= 12)
  }

  // MARK: - Drop shadow

  /// Direction 135° (down-right) at distance 20√2 moves the shadow by (20, 20).
  @Test("drop shadow draws an offset copy in the shadow colour under the layer")
  func dropShadow() throws {
    let image = try EffectTests.render(
      [(20, 20, 30, 30, Bodymovin.red)],
      effects: [
        EffectTests.dropShadow("[0,0,1,1]", opacity: 255, direction: 135, distance: 20 * 2.0.squareRoot(), softness: 0)
      ])
    expectPixel(image, 35, 35, .red)
    expectPixel(image, 45, 45, .red)
    expectPixel(image, 60, 60, .blue)
    expectPixel(image, 65, 30, .transparent)
    expectPixel(image, 15, 15, .transparent)
  }

  @Test("'shadow only' draws the shadow without the layer")
  func shadowOnly() throws {
    let image = try EffectTests.render(
      [(20, 20, 30, 30, Bodymovin.red)],
      effects: [
        EffectTests.dropShadow("[0,0,1,1]", opacity: 255, direction: 90, distance: 40, softness: 0, shadowOnly: true)
      ])
    expectPixel(image, 35, 35, .transparent)
    expectPixel(image, 75, 35, .blue)
  }

  @Test("drop shadow opacity is out of 255 and softness blurs it")
  func softShadow() throws {
    let image = try EffectTests.render(
      [(20, 20, 30, 30, Bodymovin.red)],
      effects: [EffectTests.dropShadow("[0,0,0,1]", opacity: 128, direction: 180, distance: 30, softness: 16)])
    // The shadow's centre (35, 65) is far enough inside to be solid: sigma 4.
    expectPixel(image, 35, 65, ProbePixel(0, 0, 0, 128))
    let edge = image.probe(35, 80).a
    #expect(edge > 40 && edge < 90, "alpha at the shadow's edge is \(edge)")
  }

  @Test("shadow distance scales with the layer")
  func scaledShadow() throws {
    let image = try EffectTests.render(
      [(10, 10, 15, 15, Bodymovin.red)],
      effects: [EffectTests.dropShadow("[0,0,0,1]", opacity: 255, direction: 180, distance: 10, softness: 0)],
      transform: #"{"s":{"a":0,"k":[200,200]}}"#)
    expectPixel(image, 35, 35, .red)
    expectPixel(image, 35, 65, .black)
    expectPixel(image, 35, 72, .transparent)
  }

  @Test("the drop shadow layer style falls away from the light")
  func dropShadowStyle() throws {
    let style =
      #"{"ty":1,"c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"a":{"a":0,"k":90},"s":{"a":0,"k":0},"d":{"a":0,"k":15}}"#
    let image = try EffectTests.render([(20, 20, 30, 30, Bodymovin.red)], styles: [style])
    expectPixel(image, 35, 35, .red)
    expectPixel(image, 35, 60, .black)
    expectPixel(image, 55, 35, .transparent)
  }

  static func strokeStyle(_ color: String, size: Double, opacity: Double? = nil) -> String {
    let o = opacity.map { #","o":{"a":0,"k":\#($0)}"# } ?? ""
    return #"{"ty":0,"nm":"Stroke","c":{"a":0,"k":\#(color)},"s":{"a":0,"k":\#(size)}\#(o)}"#
  }

  /// The square 30..70 with a 4 px stroke style: a blue band 26..30 round it, under the layer, with round
  /// outer corners (the centre of pixel (27, 27) is 4.24 from the corner: 76% covered; (26, 26) is 5.66: clear).
  @Test("the stroke layer style outlines the layer's pixels from outside")
  func strokeStyle() throws {
    let image = try EffectTests.render(
      [(30, 30, 40, 40, Bodymovin.red)], styles: [EffectTests.strokeStyle(Bodymovin.blue, size: 4)])
    for (x, y) in [(30, 30), (50, 50), (69, 69)] { expectPixel(image, x, y, .red, tolerance: 0) }
    for (x, y) in [(26, 50), (29, 50), (73, 50), (50, 26), (50, 73), (28, 28), (71, 71)] {
      expectPixel(image, x, y, .blue, tolerance: 0)
    }
    expectPixel(image, 27, 27, ProbePixel(0, 0, 255, 193), tolerance: 1)
    for (x, y) in [(25, 50), (74, 50), (50, 25), (50, 74), (26, 26), (73, 73), (10, 10)] {
      expectPixel(image, x, y, .transparent, tolerance: 0)
    }
  }

  /// The size is in layer pixels: at 200% the square 15..35 (30..70 on screen) gets an 8 px band at 50%.
  @Test("the stroke layer style scales with the layer and takes its opacity")
  func strokeStyleScales() throws {
    let transform = #"{"s":{"a":0,"k":[200,200]}}"#
    let image = try EffectTests.render(
      [(15, 15, 20, 20, Bodymovin.red)], styles: [EffectTests.strokeStyle("[0,1,0,1]", size: 4, opacity: 50)],
      transform: transform)
    expectPixel(image, 50, 50, .red, tolerance: 0)
    for (x, y) in [(22, 50), (29, 50), (77, 50), (50, 22)] { expectPixel(image, x, y, ProbePixel(0, 255, 0, 128)) }
    for (x, y) in [(21, 50), (78, 50), (50, 21)] { expectPixel(image, x, y, .transparent, tolerance: 0) }
  }

  /// A layer (the square 20..50) with a shadow 40 px to the right (0), a blur (1) or a 6 px stroke style (2),
  /// under a track matte that covers the whole canvas (alpha) or without one: the matte keeps everything, so
  /// both must be the same, including what the effect draws beyond the layer's own square (it was cut there).
  @Test(arguments: [0, 1, 2])
  func effectsOnAMattedLayerReachBeyondIt(kind: Int) throws {
    let effect = [
      EffectTests.dropShadow("[0,0,1,1]", opacity: 255, direction: 90, distance: 40, softness: 0),
      EffectTests.effect(29, ["20", "1"]), "",
    ][kind]
    var fields = #""ef":[\#(effect)]"#
    if kind == 2 { fields += #","sy":[\#(EffectTests.strokeStyle(Bodymovin.blue, size: 6))]"# }
    func render(matted: Bool) throws -> PixelBuffer {
      let matte = Bodymovin.shapeLayer(
        [Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100), Bodymovin.fill(Bodymovin.black)], index: 1,
        fields: #""td":1"#)
      let content = Bodymovin.shapeLayer(
        [Bodymovin.rectangle(x: 20, y: 20, width: 30, height: 30), Bodymovin.fill(Bodymovin.red)], index: 2,
        fields: fields + (matted ? #","tt":1"# : ""))
      return try Bodymovin.render(Bodymovin.animation(layers: matted ? [matte, content] : [content]))
    }
    let plain = try render(matted: false), matted = try render(matted: true)
    // Beyond the square the plain render has the effect: the shadow at 75, the blur's and stroke's edge at 53.
    #expect(plain.probe(kind == 0 ? 75 : 53, 35).a > 20)
    for x in stride(from: 0, to: 100, by: 1) {
      expectPixel(matted, x, 35, plain.probe(x, 35), tolerance: 1)
      expectPixel(matted, 35, x, plain.probe(35, x), tolerance: 1)
    }
  }

  @Test("effects apply in order: a fill then a shadow shadows the filled layer")
  func order() throws {
    let image = try EffectTests.render(
      [(20, 20, 30, 30, Bodymovin.red)],
      effects: [
        EffectTests.fillEffect("[0,1,0,1]"),
        EffectTests.dropShadow("[0,0,1,1]", opacity: 255, direction: 90, distance: 40, softness: 0),
      ])
    expectPixel(image, 35, 35, .green)
    expectPixel(image, 75, 35, .blue)
  }

  // MARK: - Stroke

  /// A red square over the whole canvas, masked to 20..80, with a stroke effect (width 4) along the mask.
  static func stroked(style: Int, start: Double = 0, end: Double = 100) throws -> PixelBuffer {
    let mask = Bodymovin.centreMask(mode: "a").replacingOccurrences(of: "25", with: "20")
      .replacingOccurrences(of: "75", with: "80")
    let stroke = effect(22, ["1", "0", "0", "[0,0,1,1]", "2", "0", "1", "\(start)", "\(end)", "0", "\(style)"])
    let shapes = [
      #"{"ty":"gr","it":[\#(Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100)),\#(Bodymovin.fill(Bodymovin.red)),{"ty":"tr"}]}"#
    ]
    return try Bodymovin.render(
      Bodymovin.animation(layers: [
        Bodymovin.shapeLayer(shapes, fields: #""masksProperties":[\#(mask)],"ef":[\#(stroke)]"#)
      ]))
  }

  @Test("stroke effect on the original draws the mask path over the layer")
  func strokeOnOriginal() throws {
    let image = try EffectTests.stroked(style: 1)
    expectPixel(image, 50, 20, .blue)
    expectPixel(image, 50, 50, .red)
    expectPixel(image, 50, 10, .transparent)
  }

  @Test("stroke effect on transparent draws the stroke alone; reveal shows the layer through it")
  func strokeStyles() throws {
    let alone = try EffectTests.stroked(style: 2)
    expectPixel(alone, 50, 20, .blue)
    expectPixel(alone, 50, 50, .transparent)
    let reveal = try EffectTests.stroked(style: 3)
    expectPixel(reveal, 50, 21, .red)
    expectPixel(reveal, 50, 50, .transparent)
  }

  @Test("stroke effect start and end trim the path")
  func strokeTrim() throws {
    // The mask runs (20,20) → (80,20) → (80,80) → (20,80): a quarter of it is the top edge.
    let image = try EffectTests.stroked(style: 2, end: 25)
    expectPixel(image, 50, 20, .blue)
    expectPixel(image, 80, 50, .transparent)
    expectPixel(image, 50, 80, .transparent)
  }
}
