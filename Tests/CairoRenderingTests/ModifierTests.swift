import CairoRendering
import Foundation
import Lottie
import Raster
import TestSupport
import Testing

/// Pixel probes for the path modifiers pucker/bloat, zig-zag and offset path, 100x100. The expected outlines
/// follow lottie-web's modifiers (the offset path's joins, miter limit and direction After Effects', see
/// `OffsetPath`); each comment gives the geometry the probes are placed around, at least 2 px from an edge.
struct ModifierTests {
  static func puckerBloat(_ amount: Double) -> String {
    #"{"ty":"pb","a":{"a":0,"k":\#(amount)}}"#
  }

  static func zigZag(ridges: Double, size: Double, pointType: Int) -> String {
    #"{"ty":"zz","r":{"a":0,"k":\#(ridges)},"s":{"a":0,"k":\#(size)},"pt":{"a":0,"k":\#(pointType)}}"#
  }

  static func offset(_ amount: Double, join: Int, miterLimit: Double = 100) -> String {
    #"{"ty":"op","a":{"a":0,"k":\#(amount)},"lj":\#(join),"ml":{"a":0,"k":\#(miterLimit)}}"#
  }

  static func render(_ shapes: [String]) throws -> PixelBuffer {
    try Bodymovin.render(Bodymovin.animation(layers: [Bodymovin.shapeLayer(shapes)]))
  }

  // MARK: - Pucker/bloat

  /// Bloat -100 sends the corners of the square 35..65 twice as far from the centre (to 20 and 80) and every
  /// handle to the centre: a four-pointed star whose sides dip to 42.5 / 57.5 on the axes.
  @Test func bloatMakesAStarOfASquare() throws {
    let frame = try Self.render([
      Bodymovin.rectangle(x: 35, y: 35, width: 30, height: 30), Self.puckerBloat(-100), Bodymovin.fill(Bodymovin.red),
    ])
    expectPixel(frame, 50, 50, .red)
    for (x, y) in [(55, 50), (45, 50), (50, 55), (50, 45)] { expectPixel(frame, x, y, .red) }
    for (x, y) in [(60, 50), (40, 50), (50, 60), (50, 40)] { expectPixel(frame, x, y, .transparent, tolerance: 0) }
    // The points run along the diagonals (thinning to cusps at the corners 20 / 80).
    for (x, y) in [(58, 42), (42, 58), (58, 58), (42, 42)] { expectPixel(frame, x, y, .red) }
    for (x, y) in [(75, 50), (50, 75), (25, 50), (50, 25)] { expectPixel(frame, x, y, .transparent, tolerance: 0) }
  }

  /// Pucker 50 pulls the corners of the square 20..80 halfway in (to 35 / 65) and pushes the handles out:
  /// each side becomes a curve bulging to 12.5 / 87.5.
  @Test func puckerPullsCornersInAndPushesSidesOut() throws {
    let frame = try Self.render([
      Bodymovin.rectangle(x: 20, y: 20, width: 60, height: 60), Self.puckerBloat(50), Bodymovin.fill(Bodymovin.red),
    ])
    for (x, y) in [(50, 50), (85, 50), (15, 50), (50, 15), (50, 85)] { expectPixel(frame, x, y, .red) }
    for (x, y) in [(90, 50), (10, 50), (50, 10), (50, 90), (21, 21), (79, 79)] {
      expectPixel(frame, x, y, .transparent, tolerance: 0)
    }
  }

  @Test func puckerOfZeroChangesNothing() throws {
    let frame = try Self.render([
      Bodymovin.rectangle(x: 20, y: 20, width: 60, height: 60), Self.puckerBloat(0), Bodymovin.fill(Bodymovin.red),
    ])
    for (x, y) in [(22, 22), (78, 78), (50, 50)] { expectPixel(frame, x, y, .red) }
    expectPixel(frame, 85, 50, .transparent, tolerance: 0)
  }

  /// The modifier changes only the shapes before it in its group.
  @Test func puckerLeavesLaterShapesAlone() throws {
    let items = [
      Bodymovin.rectangle(x: 35, y: 35, width: 30, height: 30), Self.puckerBloat(-100),
      Bodymovin.rectangle(x: 0, y: 0, width: 10, height: 10), Bodymovin.fill(Bodymovin.red),
    ]
    let frame = try Self.render([#"{"ty":"gr","it":[\#(items.joined(separator: ","))]}"#])
    expectPixel(frame, 60, 50, .transparent, tolerance: 0)
    expectPixel(frame, 2, 2, .red)
    expectPixel(frame, 8, 8, .red)
  }

  // MARK: - Zig-zag

  /// One ridge of size 10 on the square 20..80: the corners move 10 inwards along the diagonals (to about
  /// 27.1 / 72.9) and the middle of every side 10 outwards (to 10 / 90).
  @Test func zigZagPushesSideMiddlesOutAndCornersIn() throws {
    let frame = try Self.render([
      Bodymovin.rectangle(x: 20, y: 20, width: 60, height: 60), Self.zigZag(ridges: 1, size: 10, pointType: 1),
      Bodymovin.fill(Bodymovin.blue),
    ])
    for (x, y) in [(50, 50), (87, 50), (13, 50), (50, 13), (50, 87)] { expectPixel(frame, x, y, .blue) }
    for (x, y) in [(22, 22), (78, 22), (78, 78), (22, 78), (93, 50), (50, 7)] {
      expectPixel(frame, x, y, .transparent, tolerance: 0)
    }
  }

  /// Three ridges on the right side of the square 20..80 (at y 35, 50, 65): out, in, out.
  @Test func zigZagRidgesAlternate() throws {
    let frame = try Self.render([
      Bodymovin.rectangle(x: 20, y: 20, width: 60, height: 60), Self.zigZag(ridges: 3, size: 5, pointType: 1),
      Bodymovin.fill(Bodymovin.blue),
    ])
    expectPixel(frame, 83, 35, .blue)
    expectPixel(frame, 78, 50, .transparent, tolerance: 0)
    expectPixel(frame, 73, 50, .blue)
    expectPixel(frame, 83, 65, .blue)
  }

  /// lottie-web pushes an open path's end points along the normal of the chord between their neighbours, and
  /// an end's neighbours wrap round: for a two-point line both are the other end, the chord is empty and the
  /// push goes along +x. So the line 20..80 at y 50 with one ridge of 5 runs (15, 50), (50, 45), (75, 50):
  /// the ends move along the line, not sideways as lottie-docs' rendering.md draws them. Kept as lottie-web.
  @Test func zigZagMovesOpenEndsAsLottieWebDoes() throws {
    let frame = try Self.render([
      Bodymovin.path([(20, 50), (80, 50)], closed: false), Self.zigZag(ridges: 1, size: 5, pointType: 1),
      Bodymovin.stroke(Bodymovin.blue, width: 4, cap: 1),
    ])
    expectPixel(frame, 17, 50, .blue)
    expectPixel(frame, 50, 45, .blue)
    expectPixel(frame, 73, 50, .blue)
    for (x, y) in [(13, 50), (78, 50), (50, 50), (20, 44), (20, 56)] {
      expectPixel(frame, x, y, .transparent, tolerance: 0)
    }
  }

  /// Smooth points get handles along the path, so the ridge tips are round: a corner point type leaves the
  /// flank near a tip empty where a smooth one fills it.
  @Test func smoothZigZagRoundsTheTips() throws {
    func render(_ type: Int) throws -> PixelBuffer {
      try Self.render([
        Bodymovin.rectangle(x: 20, y: 20, width: 60, height: 60), Self.zigZag(ridges: 1, size: 10, pointType: type),
        Bodymovin.fill(Bodymovin.blue),
      ])
    }
    let corner = try render(1), smooth = try render(2)
    expectPixel(corner, 88, 42, .transparent, tolerance: 0)
    expectPixel(smooth, 88, 42, .blue)
    expectPixel(smooth, 50, 50, .blue)
  }

  // MARK: - Offset path

  /// The square 30..70 offset by 10 becomes 20..80; the join decides the corners.
  @Test(arguments: [(1, true), (3, false)])
  func offsetGrowsASquare(join: Int, cornerFilled: Bool) throws {
    let frame = try Self.render([
      Bodymovin.rectangle(x: 30, y: 30, width: 40, height: 40), Self.offset(10, join: join),
      Bodymovin.fill(Bodymovin.green),
    ])
    for (x, y) in [(50, 50), (23, 50), (77, 50), (50, 23), (50, 77)] { expectPixel(frame, x, y, .green) }
    for (x, y) in [(17, 50), (83, 50), (50, 17), (50, 83)] { expectPixel(frame, x, y, .transparent, tolerance: 0) }
    for (x, y) in [(22, 22), (78, 22), (78, 78), (22, 78)] {
      expectPixel(frame, x, y, cornerFilled ? .green : .transparent, tolerance: 0)
    }
  }

  /// Round joins bulge the corners between the bevel and the miter.
  @Test func offsetRoundJoin() throws {
    let frame = try Self.render([
      Bodymovin.rectangle(x: 30, y: 30, width: 40, height: 40), Self.offset(10, join: 2),
      Bodymovin.fill(Bodymovin.green),
    ])
    for (x, y) in [(24, 24), (76, 76), (23, 50)] { expectPixel(frame, x, y, .green) }
    for (x, y) in [(20, 20), (80, 80), (17, 50)] { expectPixel(frame, x, y, .transparent, tolerance: 0) }
  }

  /// The miter limit is a multiple of the amount, as After Effects has it: a square corner's miter point is
  /// √2 × the amount from the corner, so a limit of 4 keeps it sharp (lottie-web, measuring 4 px from the
  /// offset corner, bevels it) and a limit of 1.3 bevels it.
  @Test(arguments: [(4.0, true), (1.3, false)])
  func offsetMiterLimitIsARatio(limit: Double, sharp: Bool) throws {
    let frame = try Self.render([
      Bodymovin.rectangle(x: 30, y: 30, width: 40, height: 40), Self.offset(10, join: 1, miterLimit: limit),
      Bodymovin.fill(Bodymovin.green),
    ])
    for (x, y) in [(21, 21), (78, 21), (78, 78), (21, 78)] {
      expectPixel(frame, x, y, sharp ? .green : .transparent, tolerance: 0)
    }
    expectPixel(frame, 23, 50, .green)
  }

  /// Round joins are quarter circles of radius 10 about the square's corners: along the diagonal the outline is
  /// 10 from the corner (30, 30), where lottie-web's single cubic bulges out to 11.2.
  @Test func offsetRoundJoinIsACircularArc() throws {
    let frame = try Self.render([
      Bodymovin.rectangle(x: 30, y: 30, width: 40, height: 40), Self.offset(10, join: 2),
      Bodymovin.fill(Bodymovin.green),
    ])
    // Pixel centres 9.2, 10.6 and 12 from the corner along the diagonal (and likewise at the other corners).
    for (x, y) in [(23, 23), (76, 23), (76, 76), (23, 76)] { expectPixel(frame, x, y, .green) }
    for (x, y) in [(22, 22), (77, 22), (77, 77), (22, 77)] {
      #expect(frame.probe(x, y).a < 40, "pixel (\(x), \(y)) is \(frame.probe(x, y)), outside the arc but for its edge")
    }
    for (x, y) in [(21, 21), (78, 21), (78, 78), (21, 78)] { expectPixel(frame, x, y, .transparent, tolerance: 0) }
    // On the arc 30° from the top edge: 10 from the corner, at (25, 21.34); 9 in is covered, 11 out is not.
    expectPixel(frame, Int(30 - 9 * sin(Double.pi / 6)), Int(30 - 9 * cos(Double.pi / 6)), .green, tolerance: 40)
    let outside = frame.probe(Int(30 - 11.2 * sin(Double.pi / 6)), Int(30 - 11.2 * cos(Double.pi / 6)))
    #expect(outside.a < 40, "\(outside) lies outside the arc but for its edge")
  }

  /// After Effects grows a closed path whichever way it is drawn: the square 30..70 drawn counter-clockwise
  /// also becomes 20..80 (lottie-web shrinks it).
  @Test(arguments: [1, 2, 3])
  func offsetGrowsACounterClockwiseSquare(join: Int) throws {
    let square = Bodymovin.path([(30, 30), (30, 70), (70, 70), (70, 30)])
    let frame = try Self.render([square, Self.offset(10, join: join), Bodymovin.fill(Bodymovin.green)])
    for (x, y) in [(50, 50), (23, 50), (77, 50), (50, 23), (50, 77)] { expectPixel(frame, x, y, .green) }
    for (x, y) in [(17, 50), (83, 50), (50, 17), (50, 83)] { expectPixel(frame, x, y, .transparent, tolerance: 0) }
  }

  /// A negative amount shrinks the square 20..80 to 30..70; the crossings at the inner corners are cut
  /// off, so nothing is left outside.
  @Test func negativeOffsetShrinks() throws {
    let frame = try Self.render([
      Bodymovin.rectangle(x: 20, y: 20, width: 60, height: 60), Self.offset(-10, join: 1),
      Bodymovin.fill(Bodymovin.green),
    ])
    for (x, y) in [(50, 50), (33, 33), (67, 67), (33, 67)] { expectPixel(frame, x, y, .green) }
    for (x, y) in [(27, 50), (73, 50), (50, 27), (22, 22), (75, 25), (25, 75)] {
      expectPixel(frame, x, y, .transparent, tolerance: 0)
    }
  }

  /// The bar 10..90 x 40..72 shrunk by 8 is exactly 18..82 x 48..64, at every corner: the ends of the inset
  /// edges cross over at the inner corners and must be cut off there (they were left as triangular spurs
  /// wherever the crossing fell on a subdivision boundary of the intersection search).
  @Test(arguments: [(false, 1), (true, 1), (false, 2), (true, 2), (false, 3)])
  func negativeOffsetOfABarHasNoSpurs(asPath: Bool, join: Int) throws {
    let bar =
      asPath
      ? Bodymovin.path([(90, 40), (90, 72), (10, 72), (10, 40)])
      : Bodymovin.rectangle(x: 10, y: 40, width: 80, height: 32)
    let frame = try Self.render([bar, Self.offset(-8, join: join), Bodymovin.fill(Bodymovin.green)])
    for (x, y) in [(19, 49), (81, 49), (19, 63), (81, 63), (50, 56)] { expectPixel(frame, x, y, .green) }
    for (x, y) in [(50, 46), (50, 66), (16, 56), (84, 56)] { expectPixel(frame, x, y, .transparent, tolerance: 0) }
    // The corner squares between the bar and its inset, where the spurs were.
    for (cx, cy) in [(10, 40), (82, 40), (10, 64), (82, 64)] {
      for dy in stride(from: 0, to: 8, by: 1) {
        for dx in stride(from: 0, to: 8, by: 1) { expectPixel(frame, cx + dx, cy + dy, .transparent, tolerance: 0) }
      }
    }
  }

  /// An open line is outlined on both sides: 20..80 by 40..60; its ends are flat with miter and bevel joins,
  /// half circles of radius 10 with round joins (lottie-web's cap is a flattened curve 8.3 deep).
  @Test(arguments: [(1, false), (2, true), (3, false)])
  func offsetOutlinesAnOpenLine(join: Int, roundEnds: Bool) throws {
    let frame = try Self.render([
      Bodymovin.path([(20, 50), (80, 50)], closed: false), Self.offset(10, join: join),
      Bodymovin.fill(Bodymovin.green),
    ])
    for (x, y) in [(50, 50), (50, 43), (50, 57), (23, 50), (77, 50)] { expectPixel(frame, x, y, .green) }
    for (x, y) in [(50, 37), (50, 63)] { expectPixel(frame, x, y, .transparent, tolerance: 0) }
    // Pixel centres 8.5 beyond the ends on the axis, and 7.5 beyond them 4.5 off it (8.75 from the end point).
    for (x, y) in [(88, 50), (11, 50), (87, 45), (12, 54)] {
      expectPixel(frame, x, y, roundEnds ? .green : .transparent, tolerance: roundEnds ? 2 : 0)
    }
    for (x, y) in [(91, 50), (8, 50)] { expectPixel(frame, x, y, .transparent, tolerance: 0) }
  }

  /// An ellipse (smooth joins everywhere) offset by 10 stays a circle, 10 larger.
  @Test func offsetCircleStaysRound() throws {
    let ellipse = #"{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]}}"#
    let frame = try Self.render([ellipse, Self.offset(10, join: 2), Bodymovin.fill(Bodymovin.green)])
    for angle in stride(from: 0.0, to: 360, by: 30) {
      let r = angle * .pi / 180
      expectPixel(frame, Int(50 + 27 * cos(r)), Int(50 + 27 * sin(r)), .green)
      expectPixel(frame, Int(50 + 33 * cos(r)), Int(50 + 33 * sin(r)), .transparent, tolerance: 0)
    }
  }
}
