import CCairo
import Foundation
import Lottie
import LottieScene
import Raster
import TestSupport
import Testing

@testable import CairoRendering

/// Text layers are bounded by their laid-out glyphs (`TextPainter.bounds`): a frame redraws only where text
/// moved or changed (`FrameDamage`), and a layer's group is as large as its glyphs. Both must leave every pixel
/// as a whole redraw does, so no drawn pixel may fall outside the bounds; and a layer whose only animated input
/// is its document changes version only when the document shown changes.
struct TextBoundsTests {
  static let boxFont = TextAnimatorTests.font.replacingOccurrences(of: "\n", with: "")
  static let systemFont = #""fonts":{"list":[{"fName":"DejaVuSans","fFamily":"DejaVu Sans","fStyle":"Book"}]}"#

  /// A text layer at `position` (a JSON property) showing `documents` (JSON objects of keyframe `t` and text
  /// `s.t`), size 20, red with a `stroke` wide blue stroke, with `animators` and more transform members `transform`.
  static func textLayer(
    _ index: Int, font: String, documents: [(Double, String)], position: String, stroke: Double = 0,
    animators: String = "[]", transform: String = ""
  ) -> String {
    let keys = documents.map { t, text in
      #"{"t":\#(t),"s":{"t":"\#(text)","f":"\#(font)","s":20,"j":2,"tr":0,"lh":24,"fc":[1,0,0],"sc":[0,0,1],"sw":\#(stroke)}}"#
    }
    return
      #"{"ty":5,"ind":\#(index),"ip":0,"op":30,"st":0,"ks":{"p":\#(position)\#(transform)},"t":{"d":{"k":[\#(keys.joined(separator: ","))]},"a":\#(animators)}}"#
  }

  static func moving(from a: (Double, Double), to b: (Double, Double)) -> String {
    #"{"a":1,"k":[{"t":0,"s":[\#(a.0),\#(a.1)],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":12,"s":[\#(b.0),\#(b.1)]}]}"#
  }

  /// Turns every character from 0 to 90 degrees over 12 frames and scales it 250%.
  static let turning = #"""
    [{"nm":"Turn","s":{"t":0,"r":1,"b":1,"sh":1,"s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":0}},
      "a":{"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":12,"s":[90]}]},"s":{"a":0,"k":[250,250]}}}]
    """#.replacingOccurrences(of: "\n", with: "")

  static func fontMembers(_ font: String) -> (members: String, name: String, text: String) {
    font == "box" ? (boxFont, "Box-Regular", "A") : (systemFont, "DejaVuSans", "Hg")
  }

  /// Two text layers over a still background: one moving whose document changes at frame 6 (stroked from
  /// then on), one turning and growing under an animator.
  static func scene(font: String) throws -> Animation {
    let (members, name, glyph) = Self.fontMembers(font)
    let mover = textLayer(
      1, font: name, documents: [(0, glyph), (6, glyph + glyph)], position: moving(from: (20, 30), to: (75, 45)))
    let turner = textLayer(
      2, font: name, documents: [(0, glyph + glyph)], position: #"{"a":0,"k":[50,75]}"#, stroke: 3,
      animators: turning)
    let background = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 5, y: 10, width: 90, height: 80), Bodymovin.fill("[0.2,0.7,0.3,1]")], index: 3)
    let json =
      #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,\#(members),"layers":[\#(mover),\#(turner),\#(background)]}"#
    return try LottieParser.parse(bytes: Array(json.utf8), file: "text-bounds.json")
  }

  /// Frames drawn into one reused buffer (each redrawn only where the text moved) equal whole fresh frames.
  @Test(arguments: ["box", "system"])
  func movingTextOverAStillBackgroundMatchesFreshFrames(font: String) throws {
    let animation = try Self.scene(font: font)
    let cached = try FrameRenderer(animation: animation, width: 100, height: 100, caches: true)
    let fresh = try FrameRenderer(animation: animation, width: 100, height: 100, caches: false)
    var buffer = PixelBuffer(width: 100, height: 100)
    for frame in [0.0, 1, 2, 5, 6, 7, 12, 3, 3, 9.5, 20, 0] {
      cached.render(frame: frame, into: &buffer)
      #expect(BufferReuseTests.differingBytes(buffer, fresh.render(frame: frame)) == 0, "frame \(frame)")
    }
    // The text is bounded well inside the canvas.
    let layers = cached.scene.graph.root.layers
    let box = try #require(Self.bounds(cached, layers[0]))
    #expect((box.maxX - box.minX) * (box.maxY - box.minY) < 100 * 100 / 4)
  }

  static func bounds(_ renderer: FrameRenderer, _ layer: SceneLayer) -> DeviceBox? {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
    defer { cairo_surface_destroy(surface) }
    guard let cr = cairo_create(surface) else { return nil }
    defer { cairo_destroy(cr) }
    // Bounds do not depend on the context's matrix: a scale the drawing never uses.
    cairo_scale(cr, 7, 7)
    return LayerPainter(scene: renderer.scene, context: cr).drawnBounds(layer, matrix: renderer.rootMatrix)
  }

  /// The smallest box of whole pixels holding every pixel that is not clear.
  static func inkBox(_ frame: PixelBuffer) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)? = nil
    for y in 0..<frame.height {
      for x in 0..<frame.width where frame.probe(x, y).a > 0 {
        box =
          box.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x + 1), max($0.maxY, y + 1)) } ?? (
            x, y, x + 1, y + 1
          )
      }
    }
    return box
  }

  /// A text layer alone at full opacity draws without a group or a clip: every pixel it touches lies inside
  /// its bounds, with strokes, animators that turn and grow the glyphs, and a text layer scaled and turned.
  @Test(arguments: ["box", "system"], [0.0, 3, 7, 12])
  func glyphsAtTheEdgesOfTheirBoundsAreNotCut(font: String, frame: Double) throws {
    let (members, name, glyph) = Self.fontMembers(font)
    let cases = [
      Self.textLayer(
        1, font: name, documents: [(0, glyph + " " + glyph)], position: #"{"a":0,"k":[50,50]}"#, stroke: 6),
      Self.textLayer(
        1, font: name, documents: [(0, glyph + glyph)], position: #"{"a":0,"k":[50,60]}"#, stroke: 2,
        animators: Self.turning),
      Self.textLayer(
        1, font: name, documents: [(0, glyph + "\\r" + glyph)], position: #"{"a":0,"k":[45,40]}"#, stroke: 1,
        transform: #","s":{"a":0,"k":[130,80]},"r":{"a":0,"k":-35}"#),
    ]
    for (i, layer) in cases.enumerated() {
      let json = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,\#(members),"layers":[\#(layer)]}"#
      let animation = try LottieParser.parse(bytes: Array(json.utf8), file: "text-edge.json")
      let renderer = try FrameRenderer(animation: animation, width: 160, height: 160, caches: false)
      let picture = renderer.render(frame: frame)
      let ink = try #require(Self.inkBox(picture), "case \(i)")
      let box = try #require(Self.bounds(renderer, renderer.scene.graph.root.layers[0]), "case \(i)")
      #expect(
        box.minX <= Double(ink.minX) && box.minY <= Double(ink.minY) && box.maxX >= Double(ink.maxX)
          && box.maxY >= Double(ink.maxY), "case \(i): ink \(ink) outside \(box)")
      // Tight: a few pixels of padding on each side, not the canvas.
      #expect(box.maxX - box.minX < Double(ink.maxX - ink.minX) + 40, "case \(i): \(box) for ink \(ink)")
      #expect(box.maxY - box.minY < Double(ink.maxY - ink.minY) + 40, "case \(i): \(box) for ink \(ink)")
    }
  }

  /// A layer whose only animated input is its document keeps its version while the document shown stays.
  @Test func aDocumentThatHoldsKeepsTheVersion() throws {
    let (members, name, glyph) = Self.fontMembers("box")
    let layer = Self.textLayer(
      1, font: name, documents: [(0, glyph), (6, glyph + glyph), (9, glyph + glyph)], position: #"{"a":0,"k":[50,50]}"#)
    let json = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,\#(members),"layers":[\#(layer)]}"#
    let renderer = try FrameRenderer(
      animation: try LottieParser.parse(bytes: Array(json.utf8), file: "text-doc.json"), width: 100, height: 100)
    let text = renderer.scene.graph.root.layers[0]
    var versions: [UInt64] = []
    for frame in [0.0, 1, 5, 6, 8, 9, 20] {
      _ = renderer.render(frame: frame)
      versions.append(text.version)
    }
    #expect(versions[0] == versions[1] && versions[1] == versions[2], "\(versions)")
    #expect(versions[3] != versions[2], "\(versions)")
    // Keyframes at 6 and 9 show equal documents: nothing changes from 6 on.
    #expect(versions[3] == versions[4] && versions[4] == versions[5] && versions[5] == versions[6], "\(versions)")
  }
}
