import Foundation
import Lottie

/// Twist (`tw`). lottie-web and the other players do not draw it and After Effects does not publish its
/// algorithm, so this follows After Effects' own description ("rotates a path more sharply in the centre than
/// at the periphery"): every point turns about the centre by `angle · (1 − d / R)`, where d is its distance
/// from the centre and R the largest such distance on the shape's outline. The outermost points stay where
/// they are and the inside swirls; a positive angle turns clockwise on screen (y down).
///
/// A cubic does not stay a cubic under the twist: each segment is cut into pieces along which the turn
/// changes by at most `maxTurnPerPiece`, and each piece becomes the cubic through the twisted ends with the
/// twisted end directions (so the outline stays smooth where it was).
package enum Twist {
  /// Radians of turn change per piece: small enough that the fitted cubics are within a fraction of a pixel.
  package static let maxTurnPerPiece = 0.2
  package static let maxPiecesPerSegment = 64

  package static func apply(_ contours: [BezierPath], angle degrees: Double, center: Vec2) -> [BezierPath] {
    let radius = reach(contours, from: center)
    guard radius > 1e-9, degrees.isFinite else { return contours }
    let map = Map(center: center, angle: degrees * .pi / 180, radius: radius)
    return contours.map { twist($0, map) }
  }

  /// The point map and its derivative.
  package struct Map {
    let center: Vec2
    /// Radians.
    let angle: Double
    let radius: Double

    func turn(_ p: Vec2) -> Double { angle * max(0, 1 - (p - center).length / radius) }

    func point(_ p: Vec2) -> Vec2 { Twist.rotate(p - center, by: turn(p)) + center }

    /// The map's derivative at `p` applied to the direction `v`: the rotated direction plus the sideways
    /// push from the turn changing along `v`.
    func direction(_ p: Vec2, _ v: Vec2) -> Vec2 {
      let r = p - center
      let d = r.length
      var w = v
      if d > 1e-12 && d < radius {
        let change = -angle / radius * (r.x * v.x + r.y * v.y) / d
        w = v + Vec2(-r.y, r.x) * change
      }
      return Twist.rotate(w, by: turn(p))
    }
  }

  package static func rotate(_ v: Vec2, by radians: Double) -> Vec2 {
    let c = cos(radians), s = sin(radians)
    return Vec2(v.x * c - v.y * s, v.x * s + v.y * c)
  }

  /// The largest distance from `center` to the contours, sampled along every segment.
  package static func reach(_ contours: [BezierPath], from center: Vec2) -> Double {
    var r = 0.0
    for path in contours {
      let n = path.vertices.count
      guard n > 0 else { continue }
      r = max(r, (path.vertices[0] - center).length)
      for i in 0..<(path.isClosed ? n : n - 1) {
        let curve = segment(path, i)
        for k in 1...16 { r = max(r, (curve.point(Double(k) / 16) - center).length) }
      }
    }
    return r
  }

  /// Segment `i` of `path`; a straight segment gets its handles at the thirds so that its parameter is
  /// uniform and its end directions defined (the line stays the same).
  package static func segment(_ path: BezierPath, _ i: Int) -> PolynomialBezier {
    let j = (i + 1) % path.vertices.count
    let p0 = path.vertices[i], p3 = path.vertices[j]
    var p1 = p0 + path.outTangents[i], p2 = p3 + path.inTangents[j]
    if path.outTangents[i] == .zero && path.inTangents[j] == .zero {
      p1 = p0 + (p3 - p0) * (1.0 / 3)
      p2 = p0 + (p3 - p0) * (2.0 / 3)
    }
    return PolynomialBezier(p0, p1, p2, p3)
  }

  private static func twist(_ path: BezierPath, _ map: Map) -> BezierPath {
    let n = path.vertices.count
    guard n > 0 else { return path }
    var vertices: [Vec2] = [], ins: [Vec2] = [], outs: [Vec2] = []
    // The in-tangent of the vertex that ends the piece before.
    var pendingIn = map.direction(path.vertices[0], path.inTangents[0])
    for i in 0..<(path.isClosed ? n : n - 1) {
      let curve = segment(path, i)
      let hull = (curve.p1 - curve.p0).length + (curve.p2 - curve.p1).length + (curve.p3 - curve.p2).length
      let turn = abs(map.angle) * hull / map.radius
      let pieces = max(1, (turn / maxTurnPerPiece).rounded(.up).clampedInt(1...maxPiecesPerSegment))
      let step = 1 / Double(pieces)
      for k in 0..<pieces {
        let t0 = Double(k) * step, t1 = k == pieces - 1 ? 1 : Double(k + 1) * step
        let a = curve.point(t0), b = curve.point(t1)
        vertices.append(map.point(a))
        ins.append(pendingIn)
        outs.append(map.direction(a, curve.derivative(t0)) * ((t1 - t0) / 3))
        pendingIn = map.direction(b, curve.derivative(t1)) * (-(t1 - t0) / 3)
      }
    }
    if path.isClosed {
      ins[0] = pendingIn
    } else {
      vertices.append(map.point(path.vertices[n - 1]))
      ins.append(pendingIn)
      outs.append(map.direction(path.vertices[n - 1], path.outTangents[n - 1]))
    }
    return BezierPath(isClosed: path.isClosed, vertices: vertices, inTangents: ins, outTangents: outs)
  }
}
