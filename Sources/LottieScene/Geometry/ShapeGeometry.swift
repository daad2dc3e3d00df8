import Foundation
import Lottie

/// Builds the Bézier outlines of Lottie's parametric shapes exactly as lottie-web does, including the start
/// vertex and direction (which decide where trim paths begin).
package enum ShapeGeometry {
  /// Bézier handle length for a quarter circle (lottie-web's `roundCorner`).
  package static let kappa = 0.5519

  /// A rectangle centred on `center`; lottie-web starts at the top of the right edge and goes clockwise.
  package static func rectangle(center: Vec2, size: Vec2, roundness: Double, reversed: Bool) -> BezierPath {
    let hw = abs(size.x) / 2, hh = abs(size.y) / 2
    let r = max(0, min(hw, hh, roundness))
    let x0 = center.x - hw, x1 = center.x + hw, y0 = center.y - hh, y1 = center.y + hh
    var v: [Vec2] = []
    var i: [Vec2] = []
    var o: [Vec2] = []
    if r <= 0 {
      v = [Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1), Vec2(x0, y0)]
      i = [Vec2](repeating: .zero, count: 4)
      o = i
    } else {
      let k = r * kappa
      // Eight vertices: each corner becomes an arc between two of them.
      v = [
        Vec2(x1, y0 + r), Vec2(x1, y1 - r), Vec2(x1 - r, y1), Vec2(x0 + r, y1),
        Vec2(x0, y1 - r), Vec2(x0, y0 + r), Vec2(x0 + r, y0), Vec2(x1 - r, y0),
      ]
      i = [
        Vec2(0, -k), .zero, Vec2(k, 0), .zero,
        Vec2(0, k), .zero, Vec2(-k, 0), .zero,
      ]
      o = [
        .zero, Vec2(0, k), .zero, Vec2(-k, 0),
        .zero, Vec2(0, -k), .zero, Vec2(k, 0),
      ]
    }
    let path = BezierPath(isClosed: true, vertices: v, inTangents: i, outTangents: o)
    return reversed ? reverse(path) : path
  }

  /// An ellipse; lottie-web starts at the top and goes clockwise.
  package static func ellipse(center: Vec2, size: Vec2, reversed: Bool) -> BezierPath {
    let rx = size.x / 2, ry = size.y / 2
    let kx = rx * kappa, ky = ry * kappa
    let v = [
      Vec2(center.x, center.y - ry), Vec2(center.x + rx, center.y), Vec2(center.x, center.y + ry),
      Vec2(center.x - rx, center.y),
    ]
    let i = [Vec2(-kx, 0), Vec2(0, -ky), Vec2(kx, 0), Vec2(0, ky)]
    let o = [Vec2(kx, 0), Vec2(0, ky), Vec2(-kx, 0), Vec2(0, -ky)]
    let path = BezierPath(isClosed: true, vertices: v, inTangents: i, outTangents: o)
    return reversed ? reverse(path) : path
  }

  /// A star's or polygon's values at one frame.
  package struct StarValues {
    package var isStar: Bool
    package var reversed: Bool
    package var position: Vec2
    package var points: Double
    package var rotation: Double
    package var outerRadius: Double
    package var innerRadius: Double
    package var outerRoundness: Double
    package var innerRoundness: Double
  }

  /// The star `star` at `frame`.
  package static func polystar(_ star: Polystar, at frame: Double) -> BezierPath {
    polystar(
      StarValues(
        isStar: star.isStar, reversed: star.reversed, position: star.position.value(at: frame),
        points: star.points.value(at: frame), rotation: star.rotation.value(at: frame),
        outerRadius: star.outerRadius.value(at: frame), innerRadius: star.innerRadius.value(at: frame),
        outerRoundness: star.outerRoundness.value(at: frame), innerRoundness: star.innerRoundness.value(at: frame)))
  }

  /// A star or polygon, following lottie-web's `convertStarToPath` / `convertPolygonToPath`.
  package static func polystar(_ star: StarValues) -> BezierPath {
    // lottie-web draws every point; more than 10,000 would only hang the renderer.
    let points = star.points.clampedInt(0...10_000)
    guard points > 0 else { return BezierPath(isClosed: true, vertices: [], inTangents: [], outTangents: []) }
    let center = star.position
    let outer = star.outerRadius
    let inner = star.isStar ? star.innerRadius : outer
    let outerRound = star.outerRoundness / 100
    let innerRound = star.isStar ? star.innerRoundness / 100 : outerRound
    let count = star.isStar ? points * 2 : points
    var angle = (star.rotation - 90) * .pi / 180
    let step = 2 * .pi / Double(count)
    // lottie-web's perimeter segment: 2πr / (2·vertices) for stars, 2πr / (4·vertices) for polygons.
    let divisor = Double(count) * (star.isStar ? 2 : 4)
    let outerPerimeter = 2 * .pi * outer / divisor
    let innerPerimeter = 2 * .pi * inner / divisor
    let direction: Double = star.reversed ? -1 : 1
    var v: [Vec2] = []
    var ti: [Vec2] = []
    var to: [Vec2] = []
    v.reserveCapacity(count)
    var longFlag = true
    for _ in 0..<count {
      let radius = longFlag ? outer : inner
      let roundness = longFlag ? outerRound : innerRound
      let perimeter = longFlag ? outerPerimeter : innerPerimeter
      let x = radius * cos(angle), y = radius * sin(angle)
      // The tangent is perpendicular to the radius; its length comes from the roundness.
      let len = (x == 0 && y == 0) ? 0 : (x * x + y * y).squareRoot()
      let ox = len == 0 ? 0 : y / len, oy = len == 0 ? 0 : -x / len
      let handle = perimeter * roundness * direction
      v.append(Vec2(center.x + x, center.y + y))
      ti.append(Vec2(ox * handle, oy * handle))
      to.append(Vec2(-ox * handle, -oy * handle))
      if star.isStar { longFlag.toggle() }
      angle += step * direction
    }
    return BezierPath(isClosed: true, vertices: v, inTangents: ti, outTangents: to)
  }

  /// The same outline traversed the other way, starting from the same vertex.
  package static func reverse(_ p: BezierPath) -> BezierPath {
    let n = p.vertices.count
    guard n > 1 else { return p }
    var v: [Vec2] = [], i: [Vec2] = [], o: [Vec2] = []
    v.reserveCapacity(n)
    for k in 0..<n {
      let idx = (n - k) % n
      v.append(p.vertices[idx])
      i.append(p.outTangents[idx])
      o.append(p.inTangents[idx])
    }
    return BezierPath(isClosed: p.isClosed, vertices: v, inTangents: i, outTangents: o)
  }
}
