import Foundation
import Lottie

/// One cubic segment with the helpers lottie-web's shape modifiers use (its `PolynomialBezier`), kept
/// numerically identical so that zig-zag and offset path land where lottie-web puts them.
package struct PolynomialBezier {
  package var p0: Vec2, p1: Vec2, p2: Vec2, p3: Vec2

  /// With `linearize`, a handle sitting on its vertex moves to a third of the way along the chord, so that
  /// straight segments have a uniform parameter and a defined direction at both ends.
  package init(_ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2, linearize: Bool = false) {
    self.p0 = p0
    self.p1 = linearize && Self.pointEqual(p0, p1) ? Self.lerp(p0, p3, 1.0 / 3) : p1
    self.p2 = linearize && Self.pointEqual(p2, p3) ? Self.lerp(p0, p3, 2.0 / 3) : p2
    self.p3 = p3
  }

  /// Segment `index` of `path` (lottie-web's `shapeSegment`).
  package static func segment(_ path: BezierPath, _ index: Int) -> PolynomialBezier {
    let n = path.vertices.count
    let next = (index + 1) % n
    return PolynomialBezier(
      path.vertices[index], path.vertices[index] + path.outTangents[index],
      path.vertices[next] + path.inTangents[next], path.vertices[next], linearize: true)
  }

  /// Segment `index` of `path` traversed backwards (lottie-web's `shapeSegmentInverted`).
  package static func invertedSegment(_ path: BezierPath, _ index: Int) -> PolynomialBezier {
    let n = path.vertices.count
    let next = (index + 1) % n
    return PolynomialBezier(
      path.vertices[next], path.vertices[next] + path.inTangents[next],
      path.vertices[index] + path.outTangents[index], path.vertices[index], linearize: true)
  }

  // Power-basis coefficients: point(t) = a t³ + b t² + c t + d.
  package var a: Vec2 { p0 * -1 + p1 * 3 - p2 * 3 + p3 }
  package var b: Vec2 { p0 * 3 - p1 * 6 + p2 * 3 }
  package var c: Vec2 { p0 * -3 + p1 * 3 }

  package func point(_ t: Double) -> Vec2 {
    let a = self.a, b = self.b, c = self.c
    return Vec2(((a.x * t + b.x) * t + c.x) * t + p0.x, ((a.y * t + b.y) * t + c.y) * t + p0.y)
  }

  package func derivative(_ t: Double) -> Vec2 {
    let a = self.a, b = self.b, c = self.c
    return Vec2((3 * t * a.x + 2 * b.x) * t + c.x, (3 * t * a.y + 2 * b.y) * t + c.y)
  }

  package func tangentAngle(_ t: Double) -> Double {
    let d = derivative(t)
    return atan2(d.y, d.x)
  }

  /// lottie-web's normal angle: `atan2(dx, dy)`, to be used with `polarOffset`.
  package func normalAngle(_ t: Double) -> Double {
    let d = derivative(t)
    return atan2(d.x, d.y)
  }

  /// Parameters in (0, 1) where the curvature changes sign, ascending.
  package func inflectionPoints() -> [Double] {
    let a = self.a, b = self.b, c = self.c
    let denominator = a.y * b.x - a.x * b.y
    if Self.floatZero(denominator) { return [] }
    let cusp = (-0.5 * (a.y * c.x - a.x * c.y)) / denominator
    let square = cusp * cusp - ((1.0 / 3) * (b.y * c.x - b.x * c.y)) / denominator
    if square < 0 { return [] }
    let root = square.squareRoot()
    if Self.floatZero(root) {
      return root > 0 && root < 1 ? [cusp] : []
    }
    return [cusp - root, cusp + root].filter { $0 > 0 && $0 < 1 }
  }

  /// De Casteljau split at `t`; the pieces are linearized as lottie-web's are.
  package func split(_ t: Double) -> (PolynomialBezier, PolynomialBezier) {
    if t <= 0 { return (PolynomialBezier(p0, p0, p0, p0), self) }
    if t >= 1 { return (self, PolynomialBezier(p3, p3, p3, p3)) }
    let p10 = Self.lerp(p0, p1, t), p11 = Self.lerp(p1, p2, t), p12 = Self.lerp(p2, p3, t)
    let p20 = Self.lerp(p10, p11, t), p21 = Self.lerp(p11, p12, t)
    let m = Self.lerp(p20, p21, t)
    return (PolynomialBezier(p0, p10, p20, m, linearize: true), PolynomialBezier(m, p21, p12, p3, linearize: true))
  }

  // MARK: - Intersections (lottie-web: bounding-box subdivision, tolerance 2, depth 7)

  private struct Box {
    var cx: Double, cy: Double, width: Double, height: Double
    var bezier: PolynomialBezier
    var t: Double, t1: Double, t2: Double
  }

  private func extrema(_ component: (Vec2) -> Double, _ coefficient: (Vec2) -> Double) -> (Double, Double) {
    var low = component(p0), high = component(p3)
    if low > high { swap(&low, &high) }
    let qa = 3 * coefficient(a), qb = 2 * coefficient(b), qc = coefficient(c)
    var roots: [Double] = []
    if qa != 0 {
      let s = qb * qb - 4 * qa * qc
      if s == 0 {
        roots = [-qb / (2 * qa)]
      } else if s > 0 {
        let single = -qb / (2 * qa), delta = s.squareRoot() / (2 * qa)
        roots = [single - delta, single + delta]
      }
    }
    for r in roots where r > 0 && r < 1 {
      let value = component(point(r))
      if value < low { low = value } else if value > high { high = value }
    }
    return (low, high)
  }

  private func box(_ t1: Double, _ t2: Double) -> Box {
    let (x0, x1) = extrema({ $0.x }, { $0.x })
    let (y0, y1) = extrema({ $0.y }, { $0.y })
    return Box(
      cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, width: x1 - x0, height: y1 - y0, bezier: self, t: (t1 + t2) / 2, t1: t1,
      t2: t2)
  }

  private static func split(_ box: Box) -> (Box, Box) {
    let (l, r) = box.bezier.split(0.5)
    return (l.box(box.t1, box.t), r.box(box.t, box.t2))
  }

  private static func intersect(_ d1: Box, _ d2: Box, depth: Int, into out: inout [(Double, Double)]) {
    guard abs(d1.cx - d2.cx) * 2 < d1.width + d2.width && abs(d1.cy - d2.cy) * 2 < d1.height + d2.height else {
      return
    }
    let tolerance = 2.0
    if depth >= 7
      || (d1.width <= tolerance && d1.height <= tolerance && d2.width <= tolerance && d2.height <= tolerance)
    {
      out.append((d1.t, d2.t))
      return
    }
    let (a0, a1) = split(d1), (b0, b1) = split(d2)
    intersect(a0, b0, depth: depth + 1, into: &out)
    intersect(a0, b1, depth: depth + 1, into: &out)
    intersect(a1, b0, depth: depth + 1, into: &out)
    intersect(a1, b1, depth: depth + 1, into: &out)
  }

  /// Approximate crossings with `other`, as (t on self, t on other) pairs in subdivision order.
  package func intersections(_ other: PolynomialBezier) -> [(Double, Double)] {
    var out: [(Double, Double)] = []
    Self.intersect(box(0, 1), other.box(0, 1), depth: 0, into: &out)
    return out
  }

  /// Whether this is a straight line whose handles sit at the thirds of the chord (as `linearize` puts them),
  /// so that the parameter runs uniformly along it.
  package var isUniformLine: Bool {
    let tolerance = 1e-6 * max(1, (p3 - p0).length)
    return (p1 - Self.lerp(p0, p3, 1.0 / 3)).length <= tolerance
      && (p2 - Self.lerp(p0, p3, 2.0 / 3)).length <= tolerance
  }

  /// Where two uniform lines (`isUniformLine`) cross, as (t on self, t on other), both in 0...1; nil when they
  /// miss each other or are parallel.
  package func lineIntersection(_ other: PolynomialBezier) -> (Double, Double)? {
    let r = p3 - p0, q = other.p3 - other.p0, w = other.p0 - p0
    func cross(_ u: Vec2, _ v: Vec2) -> Double { u.x * v.y - u.y * v.x }
    let denominator = cross(r, q)
    if abs(denominator) <= 1e-9 * r.length * q.length { return nil }
    let t = cross(w, q) / denominator, u = cross(w, r) / denominator
    let slack = 1e-9
    guard t >= -slack && t <= 1 + slack && u >= -slack && u <= 1 + slack else { return nil }
    return (min(max(t, 0), 1), min(max(u, 0), 1))
  }

  // MARK: - lottie-web's small helpers

  package static func lerp(_ a: Vec2, _ b: Vec2, _ t: Double) -> Vec2 {
    Vec2(a.x * (1 - t) + b.x * t, a.y * (1 - t) + b.y * t)
  }

  package static func floatEqual(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) * 100000 <= min(abs(a), abs(b))
  }

  package static func floatZero(_ f: Double) -> Bool { abs(f) <= 0.00001 }

  package static func pointEqual(_ a: Vec2, _ b: Vec2) -> Bool { floatEqual(a.x, b.x) && floatEqual(a.y, b.y) }

  /// A point `length` away from `p` in direction `angle`, y pointing down as lottie-web has it.
  package static func polarOffset(_ p: Vec2, _ angle: Double, _ length: Double) -> Vec2 {
    Vec2(p.x + cos(angle) * length, p.y - sin(angle) * length)
  }

  /// Where the infinite lines through (s1, e1) and (s2, e2) cross, nil when they are parallel.
  package static func lineIntersection(_ s1: Vec2, _ e1: Vec2, _ s2: Vec2, _ e2: Vec2) -> Vec2? {
    func cross(_ u: (Double, Double, Double), _ v: (Double, Double, Double)) -> (Double, Double, Double) {
      (u.1 * v.2 - u.2 * v.1, u.2 * v.0 - u.0 * v.2, u.0 * v.1 - u.1 * v.0)
    }
    let r = cross(cross((s1.x, s1.y, 1), (e1.x, e1.y, 1)), cross((s2.x, s2.y, 1), (e2.x, e2.y, 1)))
    if floatZero(r.2) { return nil }
    return Vec2(r.0 / r.2, r.1 / r.2)
  }
}
