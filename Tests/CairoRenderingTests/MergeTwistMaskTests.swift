import CairoRendering
import Foundation
import Lottie
import Raster
import TestSupport
import Testing

/// Pixel probes for merge paths (add, subtract, intersect, exclude intersections), twist and the mask modes
/// lighten, darken and difference, 100x100. Probes sit at least 3 px from every edge.
struct MergeTwistMaskTests {
  static func render(_ shapes: [String]) throws -> PixelBuffer {
    try Bodymovin.render(Bodymovin.animation(layers: [Bodymovin.shapeLayer(shapes)]))
  }

  static func merge(_ mode: Int) -> String { #"{"ty":"mm","mm":\#(mode)}"# }

  static func group(_ items: [String]) -> String { #"{"ty":"gr","it":[\#(items.joined(separator: ","))]}"# }

  /// A: the square 20..80; B: the rectangle 50..90 x 30..70, drawn the other way round (`d` 3), so that the
  /// two together under a non-zero fill leave their overlap empty when nothing merges them.
  static let a = Bodymovin.rectangle(x: 20, y: 20, width: 60, height: 60)
  static let b = #"{"ty":"rc","d":3,"p":{"a":0,"k":[70,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#

  /// Probes: A only (left), A only (above B), both, B only, neither.
  static let aOnly = [(30, 50), (65, 25)]
  static let both = [(60, 50), (75, 35)]
  static let bOnly = [(85, 50), (85, 65)]
  static let neither = [(10, 10), (95, 50), (50, 90)]

  static func expect(_ frame: PixelBuffer, filled: [(Int, Int)], empty: [(Int, Int)], _ color: ProbePixel = .red) {
    for (x, y) in filled { expectPixel(frame, x, y, color) }
    for (x, y) in empty { expectPixel(frame, x, y, .transparent, tolerance: 0) }
  }

  // MARK: - Merge paths

  @Test func addFillsTheUnionEvenWhereWindingsCancel() throws {
    let frame = try Self.render([Self.a, Self.b, Self.merge(2), Bodymovin.fill(Bodymovin.red)])
    Self.expect(frame, filled: Self.aOnly + Self.both + Self.bOnly, empty: Self.neither)
  }

  @Test func subtractTakesTheLaterShapesOutOfTheFirst() throws {
    let frame = try Self.render([Self.a, Self.b, Self.merge(3), Bodymovin.fill(Bodymovin.red)])
    Self.expect(frame, filled: Self.aOnly, empty: Self.both + Self.bOnly + Self.neither)
  }

  @Test func intersectKeepsTheOverlap() throws {
    let frame = try Self.render([Self.a, Self.b, Self.merge(4), Bodymovin.fill(Bodymovin.red)])
    Self.expect(frame, filled: Self.both, empty: Self.aOnly + Self.bOnly + Self.neither)
  }

  /// Each later operand cuts what the ones before left (the painter composites each inside the first
  /// operand's bounds only): with C the band 55..95 x 40..60, only A ∩ B ∩ C is left.
  @Test func intersectWithThreeOperandsKeepsWhatAllShare() throws {
    let c = Bodymovin.rectangle(x: 55, y: 40, width: 40, height: 20)
    let frame = try Self.render([Self.a, Self.b, c, Self.merge(4), Bodymovin.fill(Bodymovin.red)])
    Self.expect(
      frame, filled: [(60, 50), (77, 45)], empty: [(75, 35), (60, 65), (85, 50), (90, 45)] + Self.aOnly + Self.neither)
  }

  @Test func excludeIntersectionsKeepsEverythingButTheOverlap() throws {
    let frame = try Self.render([Self.a, Self.b, Self.merge(5), Bodymovin.fill(Bodymovin.red)])
    Self.expect(frame, filled: Self.aOnly + Self.bOnly, empty: Self.both + Self.neither)
  }

  /// Mode 1 is ignored as lottie-web ignores it: the reversed rectangle's windings cancel in the overlap.
  @Test func mergeModeOneLeavesThePathsAsTheyAre() throws {
    let frame = try Self.render([Self.a, Self.b, Self.merge(1), Bodymovin.fill(Bodymovin.red)])
    Self.expect(frame, filled: Self.aOnly + Self.bOnly, empty: Self.both + Self.neither)
  }

  /// After a merge (mode 1) the two shapes are one operand: intersecting it with nothing keeps it whole,
  /// drawn with the fill's non-zero rule.
  @Test func pathsMergedByModeOneAreOneOperand() throws {
    let frame = try Self.render([Self.a, Self.b, Self.merge(1), Self.merge(4), Bodymovin.fill(Bodymovin.red)])
    Self.expect(frame, filled: Self.aOnly + Self.bOnly, empty: Self.both + Self.neither)
  }

  /// Nested groups are operands; their own paints, like every paint before the merge in its group, are not
  /// drawn (After Effects draws only the merged outline's paints).
  @Test func groupsAreOperandsAndPaintsBeforeTheMergeGo() throws {
    let frame = try Self.render([
      Self.group([Self.a, Bodymovin.fill(Bodymovin.green)]), Self.group([Self.b]), Bodymovin.fill(Bodymovin.blue),
      Self.merge(3), Bodymovin.fill(Bodymovin.red),
    ])
    Self.expect(frame, filled: Self.aOnly, empty: Self.both + Self.bOnly + Self.neither)
  }

  /// A fill in an enclosing group covers the merged shape too, and paints it with its own colour and opacity.
  @Test func enclosingGroupsPaintTheMergedShape() throws {
    let fill = #"{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":50},"r":1}"#
    let frame = try Self.render([Self.group([Self.a, Self.b, Self.merge(4)]), fill])
    Self.expect(frame, filled: Self.both, empty: Self.aOnly + Self.bOnly + Self.neither, ProbePixel(0, 0, 255, 128))
  }

  /// Subtract then stroke 4 wide: the stroke runs along A's kept sides and B's sides inside A (the cut), not
  /// along A's right side inside B nor B's sides outside A.
  @Test func strokesFollowTheMergedOutline() throws {
    let frame = try Self.render([Self.a, Self.b, Self.merge(3), Bodymovin.stroke(Bodymovin.blue, width: 4)])
    // A's left, top and bottom sides; the cut at x = 50 and the cut's top and bottom at y = 30 / 70.
    for (x, y) in [(20, 50), (35, 20), (65, 80), (50, 50), (65, 30), (65, 70)] { expectPixel(frame, x, y, .blue) }
    // Inside and outside the outline, A's right side within B, B's right side.
    for (x, y) in [(35, 50), (65, 50), (80, 50), (90, 50), (85, 30), (10, 50)] {
      expectPixel(frame, x, y, .transparent, tolerance: 0)
    }
  }

  /// A repeater copies the merged shape with its fill.
  @Test func repeaterCopiesMergedShapes() throws {
    let small = [
      Bodymovin.rectangle(x: 10, y: 10, width: 20, height: 20),
      Bodymovin.rectangle(x: 20, y: 10, width: 20, height: 20),
      Self.merge(4), Bodymovin.fill(Bodymovin.red),
    ]
    let repeater =
      #"{"ty":"rp","c":{"a":0,"k":2},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[0,50]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
    let frame = try Self.render([Self.group(small), repeater])
    Self.expect(frame, filled: [(25, 20), (25, 70)], empty: [(15, 20), (35, 20), (15, 70), (35, 70), (25, 45)])
  }

  // MARK: - Twist

  static func twist(_ angle: Double, center: (Double, Double) = (50, 50)) -> String {
    #"{"ty":"tw","a":{"a":0,"k":\#(angle)},"c":{"a":0,"k":[\#(center.0),\#(center.1)]}}"#
  }

  /// The bar 10..90 x 45..55 twisted about its centre: its ends (farthest from the centre) stay, the middle
  /// turns by up to the whole angle, so the bar becomes an S through the centre. Expected pixels come from
  /// twisting a densely sampled outline (each point turned by angle x (1 - d / R)).
  static let bar = Bodymovin.rectangle(x: 10, y: 45, width: 80, height: 10)

  @Test func twistTurnsTheMiddleClockwise() throws {
    let frame = try Self.render([Self.bar, Self.twist(90), Bodymovin.fill(Bodymovin.red)])
    Self.expect(
      frame, filled: [(50, 50), (55, 60), (45, 40)],
      empty: [(60, 50), (40, 50), (70, 50), (30, 50), (62, 38), (38, 62)])
  }

  @Test func negativeTwistTurnsAntiClockwise() throws {
    let frame = try Self.render([Self.bar, Self.twist(-90), Bodymovin.fill(Bodymovin.red)])
    Self.expect(
      frame, filled: [(50, 50), (55, 40), (45, 60)],
      empty: [(60, 50), (40, 50), (70, 50), (30, 50), (62, 62), (38, 38)])
  }

  /// About the bar's left end the whole bar swings down (the far end stays).
  @Test func twistCentreMovesTheSwirl() throws {
    let frame = try Self.render([Self.bar, Self.twist(90, center: (10, 50)), Bodymovin.fill(Bodymovin.red)])
    Self.expect(frame, filled: [(12, 60), (20, 70)], empty: [(50, 50), (40, 50), (30, 50), (62, 62)])
  }

  @Test func twistOfZeroChangesNothing() throws {
    let frame = try Self.render([Self.bar, Self.twist(0), Bodymovin.fill(Bodymovin.red)])
    Self.expect(frame, filled: [(12, 47), (88, 53), (50, 50)], empty: [(50, 42), (50, 58), (7, 50)])
  }

  // MARK: - Mask modes

  /// A red square over the whole layer, masked by an add mask over 25..75 at 60% and then `mode` over the
  /// right half (50..100) at 50%. Probes: first mask only, both, second only, neither.
  static func masked(_ mode: String) throws -> PixelBuffer {
    let first =
      #"{"mode":"a","inv":false,"o":{"a":0,"k":60},"pt":{"a":0,"k":\#(Bodymovin.polygon([(25, 25), (75, 25), (75, 75), (25, 75)]))}}"#
    let second =
      #"{"mode":"\#(mode)","inv":false,"o":{"a":0,"k":50},"pt":{"a":0,"k":\#(Bodymovin.polygon([(50, -10), (110, -10), (110, 110), (50, 110)]))}}"#
    let layer = Bodymovin.shapeLayer(
      [Bodymovin.rectangle(x: 0, y: 0, width: 100, height: 100), Bodymovin.fill(Bodymovin.red)],
      fields: #""hasMask":true,"masksProperties":[\#(first),\#(second)]"#)
    return try Bodymovin.render(Bodymovin.animation(layers: [layer]))
  }

  static func expectAlpha(_ frame: PixelBuffer, firstOnly: Int, both: Int, secondOnly: Int) {
    for (x, y, alpha) in [(35, 50, firstOnly), (60, 50, both), (85, 50, secondOnly), (60, 10, secondOnly), (10, 50, 0)]
    {
      expectPixel(frame, x, y, alpha == 0 ? .transparent : ProbePixel(255, 0, 0, alpha), tolerance: alpha == 0 ? 0 : 3)
    }
  }

  /// Lighten keeps the larger coverage: max(0.6, 0.5) = 0.6 where both are.
  @Test func lightenMaskKeepsTheMaximum() throws {
    Self.expectAlpha(try Self.masked("l"), firstOnly: 153, both: 153, secondOnly: 128)
  }

  /// Darken keeps the smaller coverage: min(0.6, 0.5) where both are, nothing where only one is.
  @Test func darkenMaskKeepsTheMinimum() throws {
    Self.expectAlpha(try Self.masked("d"), firstOnly: 0, both: 128, secondOnly: 0)
  }

  /// Difference keeps |0.6 - 0.5| = 0.1 where both are.
  @Test func differenceMaskKeepsTheDifference() throws {
    Self.expectAlpha(try Self.masked("f"), firstOnly: 153, both: 26, secondOnly: 128)
  }
}
