import CairoRendering
import Lottie
import Raster
import TestSupport
import Testing

/// Small pieces of Bodymovin JSON for pixel-probe tests. Every animation is 30 fps, frames 0..<30, and
/// every layer is visible on frames 0..<30 unless a test says otherwise.
enum Bodymovin {
  static let red = "[1,0,0,1]"
  static let green = "[0,1,0,1]"
  static let blue = "[0,0,1,1]"
  static let black = "[0,0,0,1]"
  static let white = "[1,1,1,1]"

  /// A whole animation.
  static func animation(width: Int = 100, height: Int = 100, layers: [String], assets: [String] = []) -> String {
    #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":\#(width),"h":\#(height),"assets":[\#(assets.joined(separator: ","))],"layers":[\#(layers.joined(separator: ","))]}"#
  }

  /// A shape layer; `fields` are extra layer members such as `"parent":1`.
  static func shapeLayer(
    _ shapes: [String], index: Int = 1, inPoint: Int = 0, outPoint: Int = 30, transform: String = "{}",
    fields: String = ""
  ) -> String {
    let extra = fields.isEmpty ? "" : "," + fields
    return
      #"{"ty":4,"ind":\#(index),"ip":\#(inPoint),"op":\#(outPoint),"st":0,"ks":\#(transform)\#(extra),"shapes":[\#(shapes.joined(separator: ","))]}"#
  }

  /// A rectangle from its top-left corner and size.
  static func rectangle(x: Double, y: Double, width: Double, height: Double) -> String {
    #"{"ty":"rc","p":{"a":0,"k":[\#(x + width / 2),\#(y + height / 2)]},"s":{"a":0,"k":[\#(width),\#(height)]},"r":{"a":0,"k":0}}"#
  }

  /// A closed polygon path through `points`, as a shape item (`sh`) or a mask path value.
  static func polygon(_ points: [(Double, Double)], closed: Bool = true) -> String {
    let v = points.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
    let zero = Array(repeating: "[0,0]", count: points.count).joined(separator: ",")
    return #"{"c":\#(closed),"v":[\#(v)],"i":[\#(zero)],"o":[\#(zero)]}"#
  }

  static func path(_ points: [(Double, Double)], closed: Bool = true) -> String {
    #"{"ty":"sh","ks":{"a":0,"k":\#(polygon(points, closed: closed))}}"#
  }

  /// A solid fill; `rule` 1 is non-zero, 2 is even-odd.
  static func fill(_ color: String, rule: Int = 1) -> String {
    #"{"ty":"fl","c":{"a":0,"k":\#(color)},"o":{"a":0,"k":100},"r":\#(rule)}"#
  }

  /// A stroke; `cap` 1 butt, 2 round, 3 square.
  static func stroke(_ color: String, width: Double, cap: Int = 2) -> String {
    #"{"ty":"st","c":{"a":0,"k":\#(color)},"o":{"a":0,"k":100},"w":{"a":0,"k":\#(width)},"lc":\#(cap),"lj":1,"ml":4}"#
  }

  /// A transform object with a position and an opacity.
  static func transform(x: Double = 0, y: Double = 0, opacity: Double = 100) -> String {
    #"{"p":{"a":0,"k":[\#(x),\#(y)]},"o":{"a":0,"k":\#(opacity)}}"#
  }

  /// A square mask of the given mode over 25..75.
  static func centreMask(mode: String, inverted: Bool = false) -> String {
    #"{"mode":"\#(mode)","inv":\#(inverted),"o":{"a":0,"k":100},"pt":{"a":0,"k":\#(polygon([(25, 25), (75, 25), (75, 75), (25, 75)]))}}"#
  }

  /// Parses `json` and renders `frame` at `width`x`height`.
  static func render(
    _ json: String, frame: Double = 0, width: Int = 100, height: Int = 100, fit: FitMode = .contain,
    background: RGBA? = nil
  ) throws -> PixelBuffer {
    let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "inline.json")
    let renderer = try FrameRenderer(
      animation: animation, width: width, height: height, fit: fit, background: background)
    return renderer.render(frame: frame)
  }
}

/// Checks that the pixel at (x, y) is `expected` within `tolerance` per channel.
func expectPixel(
  _ buffer: PixelBuffer, _ x: Int, _ y: Int, _ expected: ProbePixel, tolerance: Int = 2,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let actual = buffer.probe(x, y)
  #expect(
    actual.isClose(to: expected, tolerance: tolerance), "pixel (\(x), \(y)) is \(actual), expected \(expected)",
    sourceLocation: sourceLocation)
}
