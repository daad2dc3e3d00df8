import Foundation
import Lottie
import LottieScene
import Raster
import TestSupport
import Testing

@testable import CairoRendering

/// Our gradient rasteriser against Cairo's (pixman's) gradients: the same picture within a level or two, for
/// linear and radial gradients, highlights, opacity stops, transformed layers, strokes and clipped precomps.
@Suite("Gradient raster")
struct GradientRasterTests {
  /// A 120x100 animation: one shape layer with `transform` (`ks`) and `items`, over a precomp-free canvas.
  static func animation(_ items: String, transform: String = "{}") -> String {
    #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":120,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":\#(transform),"shapes":[\#(items)]}]}"#
  }

  static let ellipse = #"{"ty":"el","p":{"a":0,"k":[60,50]},"s":{"a":0,"k":[90,70]}}"#
  static let square = #"{"ty":"rc","p":{"a":0,"k":[60,50]},"s":{"a":0,"k":[70,70]},"r":{"a":0,"k":8}}"#

  /// A gradient fill (`gf`) or stroke (`gs`): type 1 linear, 2 radial; `stops` as Bodymovin's flat list with
  /// `count` colour stops (opacity stops after them).
  static func gradient(
    _ kind: String = "gf", type: Int, start: String = "[20,50]", end: String = "[100,50]", highlight: Double = 0,
    angle: Double = 0, count: Int = 3, stops: String = "[0,1,0,0, 0.5,0,1,0, 1,0,0,1]", opacity: Double = 100
  ) -> String {
    let stroke = kind == "gs" ? #","w":{"a":0,"k":9},"lc":2,"lj":1"# : ""
    return
      #"{"ty":"\#(kind)","t":\#(type),"s":{"a":0,"k":\#(start)},"e":{"a":0,"k":\#(end)},"h":{"a":0,"k":\#(highlight)},"a":{"a":0,"k":\#(angle)},"o":{"a":0,"k":\#(opacity)},"r":1,"g":{"p":\#(count),"k":{"a":0,"k":\#(stops)}}\#(stroke)}"#
  }

  static func render(_ json: String, ours: Bool) throws -> PixelBuffer {
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "gradient.json")
    let renderer = try FrameRenderer(animation: animation, width: 120, height: 100)
    renderer.scene.rastersGradients = ours
    return renderer.render(frame: 0)
  }

  static let cases: [(String, String)] = [
    ("linear", animation(ellipse + "," + gradient(type: 1))),
    (
      "linear, diagonal, opacity stops",
      animation(
        square + ","
          + gradient(
            type: 1, start: "[25,15]", end: "[95,85]", count: 2, stops: "[0,1,0.5,0, 1,0,0.5,1, 0,1, 0.4,0.2, 1,0.9]"))
    ),
    ("radial", animation(ellipse + "," + gradient(type: 2, start: "[60,50]", end: "[100,50]"))),
    (
      "radial with a highlight",
      animation(ellipse + "," + gradient(type: 2, start: "[60,50]", end: "[105,50]", highlight: 60, angle: 35))
    ),
    (
      "radial, negative highlight, half opacity",
      animation(
        square + "," + gradient(type: 2, start: "[50,40]", end: "[90,60]", highlight: -80, angle: 200, opacity: 50))
    ),
    (
      "stops outside the ends",
      animation(ellipse + "," + gradient(type: 1, count: 3, stops: "[0.3,1,0,0, 0.5,0,1,0, 0.7,0,0,1]"))
    ),
    (
      "rotated, scaled and skewed layer",
      animation(
        ellipse + "," + gradient(type: 2, start: "[60,50]", end: "[95,40]", highlight: 30, angle: 10),
        transform:
          #"{"a":{"a":0,"k":[60,50]},"p":{"a":0,"k":[60,50]},"r":{"a":0,"k":33},"s":{"a":0,"k":[70,120]},"sk":{"a":0,"k":15},"sa":{"a":0,"k":20}}"#
      )
    ),
    (
      "stops out of order",
      animation(ellipse + "," + gradient(type: 1, count: 3, stops: "[0.5,1,0,0, 0,0,0,1, 1,0,1,0]"))
    ),
    (
      "colours far outside 0...1",
      animation(
        ellipse + ","
          + gradient(
            type: 2, start: "[60,50]", end: "[100,50]", count: 3, stops: "[0,1,0,0, 0.33,-1e308,0,0, 1,1e308,0,0]"))
    ),
    ("linear stroke", animation(ellipse + "," + gradient("gs", type: 1, start: "[10,10]", end: "[110,90]"))),
    (
      "radial stroke beyond the canvas",
      animation(
        ellipse + "," + gradient("gs", type: 2, start: "[60,50]", end: "[60,110]"),
        transform: #"{"s":{"a":0,"k":[160,160]},"p":{"a":0,"k":[-30,-25]}}"#)
    ),
  ]

  @Test("ours matches Cairo's gradients within 2 levels", arguments: cases.indices)
  func matchesCairo(_ index: Int) throws {
    let (name, json) = Self.cases[index]
    let ours = try Self.render(json, ours: true), cairo = try Self.render(json, ours: false)
    var worst = 0, differing = 0, covered = 0
    for i in 0..<ours.bytes.count {
      let d = abs(Int(ours.bytes[i]) - Int(cairo.bytes[i]))
      worst = max(worst, d)
      if d > 1 { differing += 1 }
      if cairo.bytes[i] != 0 { covered += 1 }
    }
    #expect(covered > 1000, "\(name): the gradient drew something")
    #expect(worst <= 2, "\(name): worst channel difference \(worst), \(differing) channels differ by more than 1")
  }
}
