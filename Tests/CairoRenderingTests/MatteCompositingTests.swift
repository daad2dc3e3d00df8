import CairoRendering
import Foundation
import Lottie
import Raster
import TestSupport
import Testing

/// Track mattes drawn without the groups they used to need: a matte source or matted layer with masks is used as
/// its kept image, an alpha matte is drawn alpha-only, an inverted one is inverted in place. Each is checked
/// against a picture it must equal exactly.
struct MatteCompositingTests {
  /// A red-and-green layer over 10..90 with a plain mask (so `drawLayer` draws it as its kept image) or without.
  static func content(index: Int, masked: Bool, fields: String) -> String {
    let shapes = [
      #"{"ty":"gr","it":[\#(Bodymovin.rectangle(x: 10, y: 10, width: 80, height: 40)),\#(Bodymovin.fill(Bodymovin.red)),{"ty":"tr"}]}"#,
      #"{"ty":"gr","it":[\#(Bodymovin.rectangle(x: 10, y: 50, width: 80, height: 40)),\#(Bodymovin.fill("[0,1,0,0.6]")),{"ty":"tr"}]}"#,
    ]
    let mask =
      #"{"mode":"a","inv":false,"o":{"a":0,"k":100},"pt":{"a":0,"k":\#(Bodymovin.polygon([(15, 12), (85, 20), (80, 88), (12, 80)]))}}"#
    let all = [masked ? #""masksProperties":[\#(mask)]"# : "", fields].filter { !$0.isEmpty }.joined(separator: ",")
    return Bodymovin.shapeLayer(shapes, index: index, fields: all)
  }

  /// A matte source: an opaque black rectangle over (x0, 0)..(x1, 100), with a mask covering all of it (its
  /// kept image) or without one, drawn with blend mode `blend`.
  static func matte(x0: Double, x1: Double, masked: Bool, blend: Int = 0) -> String {
    let mask =
      #"{"mode":"a","inv":false,"o":{"a":0,"k":100},"pt":{"a":0,"k":\#(Bodymovin.polygon([(-50, -50), (150, -50), (150, 150), (-50, 150)]))}}"#
    var fields = #""td":1,"bm":\#(blend)"#
    if masked { fields += #","masksProperties":[\#(mask)]"# }
    return Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: x0, y: 0, width: x1 - x0, height: 100), Bodymovin.fill(Bodymovin.black)], index: 1,
      fields: fields)
  }

  static func render(_ layers: [String]) throws -> PixelBuffer {
    try Bodymovin.render(Bodymovin.animation(layers: layers))
  }

  /// The pixels of `image` in columns `columns`, row by row.
  static func columns(_ image: PixelBuffer, _ columns: Range<Int>) -> [UInt8] {
    (0..<image.height).flatMap { y in
      image.bytes[(y * image.stride + columns.lowerBound * 4)..<(y * image.stride + columns.upperBound * 4)]
    }
  }

  /// An alpha matte covering the whole canvas keeps every pixel of the layer as it is, whichever of the layer
  /// and the matte are drawn from kept images.
  @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
  func fullAlphaMatteKeepsTheLayer(contentMasked: Bool, matteMasked: Bool) throws {
    let plain = try Self.render([Self.content(index: 2, masked: contentMasked, fields: "")])
    let matted = try Self.render([
      Self.matte(x0: 0, x1: 100, masked: matteMasked),
      Self.content(index: 2, masked: contentMasked, fields: #""tt":1"#),
    ])
    #expect(plain.probe(50, 30).a == 255)
    #expect(matted.bytes == plain.bytes)
  }

  /// An inverted alpha matte over the left half (on whole pixels) leaves the right half of the layer exactly as
  /// it is and nothing on the left, with the matte drawn alpha-only or from its kept image, and with hard mix
  /// (which on an alpha-only group composites normally: its alpha is the normal one).
  @Test(arguments: [(false, 0), (true, 0), (false, 17), (true, 17)])
  func invertedAlphaMatteCutsOnlyWhereTheMatteIs(matteMasked: Bool, blend: Int) throws {
    let plain = try Self.render([Self.content(index: 2, masked: true, fields: "")])
    let matted = try Self.render([
      Self.matte(x0: 0, x1: 50, masked: matteMasked, blend: blend),
      Self.content(index: 2, masked: true, fields: #""tt":2"#),
    ])
    #expect(Self.columns(matted, 50..<100) == Self.columns(plain, 50..<100))
    #expect(Self.columns(matted, 0..<50).allSatisfy { $0 == 0 })
    #expect(plain.probe(30, 30).a == 255)
  }

  /// An inverted luma matte that is black (luminance 0) lets everything through; an alpha matte whose source is
  /// not in range lets nothing through, and an inverted one everything.
  @Test func lumaInvertedAndOutOfRangeMattes() throws {
    let plain = try Self.render([Self.content(index: 2, masked: true, fields: "")])
    let luma = try Self.render([
      Self.matte(x0: 0, x1: 100, masked: true), Self.content(index: 2, masked: true, fields: #""tt":4"#),
    ])
    #expect(luma.bytes == plain.bytes)
    let late = Self.matte(x0: 0, x1: 100, masked: true).replacingOccurrences(of: #""ip":0"#, with: #""ip":20"#)
    let hidden = try Self.render([late, Self.content(index: 2, masked: true, fields: #""tt":1"#)])
    #expect(hidden.bytes.allSatisfy { $0 == 0 })
    let shown = try Self.render([late, Self.content(index: 2, masked: true, fields: #""tt":2"#)])
    #expect(shown.bytes == plain.bytes)
  }
}
