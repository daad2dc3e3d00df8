import Foundation
import Lottie

/// Offset path (`op`), as lottie-web's OffsetPathModifier: every segment is split at its inflection points,
/// each piece is offset by moving its control polygon's edges `amount` along their normals, crossings between
/// neighbouring pieces are cut off, and the gaps at corners are closed with the line join. Positive amounts
/// grow paths drawn clockwise (on screen). An open path becomes the outline around both of its sides.
package enum OffsetPath {
  typealias Segment = PolynomialBezier

  package static func apply(_ path: BezierPath, amount: Double, join: LineJoin, miterLimit: Double) -> BezierPath {
    let n = path.vertices.count
    let count = path.isClosed ? n : n - 1
    guard count > 0 else { return BezierPath(isClosed: path.isClosed, vertices: [], inTangents: [], outTangents: []) }
    var multiSegments: [[Segment]] = []
    for i in 0..<count { multiSegments.append(offsetSplit(Segment.segment(path, i), amount)) }
    if !path.isClosed {
      for i in stride(from: count - 1, through: 0, by: -1) {
        multiSegments.append(offsetSplit(Segment.invertedSegment(path, i), amount))
      }
    }
    pruneIntersections(&multiSegments)

    var out = AbsolutePathBuilder()
    var lastPoint: Vec2? = nil
    var lastSegment: Segment? = nil
    for multiSegment in multiSegments {
      if let previous = lastSegment {
        lastPoint = joinLines(&out, previous, multiSegment[0], join, miterLimit)
      }
      lastSegment = multiSegment[multiSegment.count - 1]
      for segment in multiSegment {
        if let last = lastPoint, Segment.pointEqual(segment.p0, last) {
          out.outHandles[out.outHandles.count - 1] = segment.p1
        } else {
          out.add(segment.p0, out: segment.p1, in: segment.p0)
        }
        out.add(segment.p3, out: segment.p3, in: segment.p2)
        lastPoint = segment.p3
      }
    }
    if let last = lastSegment, let first = multiSegments.first?.first {
      _ = joinLines(&out, last, first, join, miterLimit)
    }
    return out.path(closed: path.isClosed)
  }

  private static func linearOffset(_ p1: Vec2, _ p2: Vec2, _ amount: Double) -> (Vec2, Vec2) {
    let angle = atan2(p2.x - p1.x, p2.y - p1.y)
    return (Segment.polarOffset(p1, angle, amount), Segment.polarOffset(p2, angle, amount))
  }

  /// Offsets a piece whose control polygon is convex: its three edges move, the new handles sit where the
  /// moved edges cross.
  private static func offsetSegment(_ s: Segment, _ amount: Double) -> Segment {
    let (p0, p1a) = linearOffset(s.p0, s.p1, amount)
    let (p1b, p2b) = linearOffset(s.p1, s.p2, amount)
    let (p2a, p3) = linearOffset(s.p2, s.p3, amount)
    let p1 = Segment.lineIntersection(p0, p1a, p1b, p2b) ?? p1a
    let p2 = Segment.lineIntersection(p2a, p3, p1b, p2b) ?? p2a
    return Segment(p0, p1, p2, p3)
  }

  private static func offsetSplit(_ segment: Segment, _ amount: Double) -> [Segment] {
    let flex = segment.inflectionPoints()
    if flex.isEmpty { return [offsetSegment(segment, amount)] }
    if flex.count == 1 || Segment.floatEqual(flex[1], 1) {
      let (left, right) = segment.split(flex[0])
      return [offsetSegment(left, amount), offsetSegment(right, amount)]
    }
    let (left, rest) = segment.split(flex[0])
    let (mid, right) = rest.split((flex[1] - flex[0]) / (1 - flex[0]))
    return [offsetSegment(left, amount), offsetSegment(mid, amount), offsetSegment(right, amount)]
  }

  /// Closes the gap between two offset pieces; returns the point the next piece should continue from.
  private static func joinLines(
    _ out: inout AbsolutePathBuilder, _ seg1: Segment, _ seg2: Segment, _ join: LineJoin, _ miterLimit: Double
  ) -> Vec2 {
    let p0 = seg1.p3, p1 = seg2.p0
    if join == .bevel { return p0 }
    if Segment.pointEqual(p0, p1) { return p0 }
    if join == .round {
      let angleOut = -seg1.tangentAngle(1)
      let angleIn = -seg2.tangentAngle(0) + .pi
      let center = Segment.lineIntersection(
        p0, Segment.polarOffset(p0, angleOut + .pi / 2, 100), p1, Segment.polarOffset(p1, angleOut + .pi / 2, 100))
      let radius = center.map { ($0 - p0).length } ?? (p0 - p1).length / 2
      if !out.outHandles.isEmpty {
        out.outHandles[out.outHandles.count - 1] = Segment.polarOffset(p0, angleOut, 2 * radius * ShapeGeometry.kappa)
      }
      out.add(p1, out: p1, in: Segment.polarOffset(p1, angleIn, 2 * radius * ShapeGeometry.kappa))
      return p1
    }
    // Miter: the lines along the pieces' end handles meet, unless that is farther than the limit.
    let t0 = Segment.pointEqual(p0, seg1.p2) ? seg1.p0 : seg1.p2
    let t1 = Segment.pointEqual(p1, seg2.p1) ? seg2.p3 : seg2.p1
    if let intersection = Segment.lineIntersection(t0, p0, p1, t1), (intersection - p0).length < miterLimit {
      out.add(intersection, out: intersection, in: intersection)
      return intersection
    }
    return p0
  }

  /// The first crossing of `a` with `b` other than `a`'s end point. Two straight pieces (the offset of every
  /// line is one) are crossed exactly: the bounding-box search misses crossings of axis-aligned lines that fall
  /// on one of its subdivision boundaries (zero-height boxes only touch there), which left the crossed-over ends
  /// of shrunk rectangles sticking out as spurs.
  private static func firstIntersection(_ a: Segment, _ b: Segment) -> (Double, Double)? {
    if a.isUniformLine && b.isUniformLine {
      guard let hit = a.lineIntersection(b), !Segment.floatEqual(hit.0, 1) else { return nil }
      return hit
    }
    var found = a.intersections(b)
    if let first = found.first, Segment.floatEqual(first.0, 1) { found.removeFirst() }
    return found.first
  }

  /// Cuts off the loops where neighbouring offset pieces cross (inside corners).
  private static func pruneSegmentIntersection(_ a: [Segment], _ b: [Segment]) -> ([Segment], [Segment]) {
    var outA = a, outB = b
    if let hit = firstIntersection(a[a.count - 1], b[0]) {
      outA[a.count - 1] = a[a.count - 1].split(hit.0).0
      outB[0] = b[0].split(hit.1).1
    }
    if a.count > 1 && b.count > 1, let hit = firstIntersection(a[0], b[b.count - 1]) {
      return ([a[0].split(hit.0).0], [b[b.count - 1].split(hit.1).1])
    }
    return (outA, outB)
  }

  private static func pruneIntersections(_ segments: inout [[Segment]]) {
    guard !segments.isEmpty else { return }
    for i in 1..<max(1, segments.count) {
      (segments[i - 1], segments[i]) = pruneSegmentIntersection(segments[i - 1], segments[i])
    }
    if segments.count > 1 {
      let last = segments.count - 1
      (segments[last], segments[0]) = pruneSegmentIntersection(segments[last], segments[0])
    }
  }
}
