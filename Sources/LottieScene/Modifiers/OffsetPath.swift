import Foundation
import Lottie

/// Offset path (`op`), built as lottie-web's OffsetPathModifier builds it: every segment is split at its
/// inflection points, each piece is offset by moving its control polygon's edges `amount` along their normals,
/// crossings between neighbouring pieces are cut off, and the gaps at corners are closed with the line join.
/// An open path becomes the outline around both of its sides.
///
/// Where lottie-web departs from After Effects, this follows After Effects (Adobe's help, "Alter shapes with
/// path operations" / "Use Offset Paths"):
/// - a positive amount expands a closed path whichever way it is drawn ("for a closed path, a positive Amount
///   value expands the shape"; ThorVG checked it in After Effects, thorvg#2875); lottie-web grows only paths
///   drawn clockwise on screen and shrinks the others;
/// - the miter limit is a ratio, as a stroke's: a corner is bevelled once its miter point lies more than
///   `miterLimit` times the amount from the corner ("if the miter limit is 4, then when the length of the point
///   reaches four times the stroke weight, a bevel join is used instead"; Skottie and ThorVG read it so too).
///   lottie-web compares the point's distance in pixels with the limit, so that with the default limit of 4
///   every square corner grown by more than 4 px is bevelled;
/// - round joins are circular arcs of radius `amount` about the corner, and the ends of an open path are
///   half circles with round joins (flat with miter and bevel joins, as lottie-web has them). lottie-web
///   spans each round join with one cubic whose handles are 2 × 0.5519 × half the gap: a square's corner
///   then bulges past the arc, and an open path's end is a flattened cap 0.83 × `amount` deep.
package enum OffsetPath {
  typealias Segment = PolynomialBezier

  package static func apply(_ path: BezierPath, amount: Double, join: LineJoin, miterLimit: Double) -> BezierPath {
    let n = path.vertices.count
    let count = path.isClosed ? n : n - 1
    guard count > 0 else { return BezierPath(isClosed: path.isClosed, vertices: [], inTangents: [], outTangents: []) }
    // The pieces below move to the left of the direction of travel (on screen) for a positive amount, which
    // grows a path drawn clockwise.
    let amount = path.isClosed && signedArea(path) < 0 ? -amount : amount
    var multiSegments: [[Segment]] = []
    for i in 0..<count { multiSegments.append(offsetSplit(Segment.segment(path, i), amount)) }
    if !path.isClosed {
      for i in stride(from: count - 1, through: 0, by: -1) {
        multiSegments.append(offsetSplit(Segment.invertedSegment(path, i), amount))
      }
    }
    pruneIntersections(&multiSegments)

    let joint = Joint(join: join, miterLimit: miterLimit, amount: abs(amount))
    var out = AbsolutePathBuilder()
    var lastPoint: Vec2? = nil
    var lastSegment: Segment? = nil
    for multiSegment in multiSegments {
      if let previous = lastSegment {
        lastPoint = joint.close(&out, previous, multiSegment[0])
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
      _ = joint.close(&out, last, first)
    }
    return out.path(closed: path.isClosed)
  }

  /// Twice the area the path's control polygon encloses: positive when it runs clockwise on screen (y down).
  static func signedArea(_ path: BezierPath) -> Double {
    let n = path.vertices.count
    var points: [Vec2] = []
    points.reserveCapacity(3 * n)
    for i in 0..<n {
      let next = (i + 1) % n
      points.append(path.vertices[i])
      points.append(path.vertices[i] + path.outTangents[i])
      points.append(path.vertices[next] + path.inTangents[next])
    }
    var sum = 0.0
    for i in points.indices {
      let p = points[i], q = points[(i + 1) % points.count]
      sum += p.x * q.y - q.x * p.y
    }
    return sum
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

  /// How the gap between two offset pieces is closed at a corner (or at an open path's end).
  struct Joint {
    let join: LineJoin
    let miterLimit: Double
    /// |amount|: the radius of round joins.
    let amount: Double

    /// Closes the gap from `seg1`'s end to `seg2`'s start; returns the point the next piece continues from.
    func close(_ out: inout AbsolutePathBuilder, _ seg1: Segment, _ seg2: Segment) -> Vec2 {
      let p0 = seg1.p3, p1 = seg2.p0
      if join == .bevel || Segment.pointEqual(p0, p1) { return p0 }
      guard let d0 = Joint.endDirection(seg1), let d1 = Joint.startDirection(seg2) else { return p0 }
      if join == .round {
        Joint.arc(&out, from: p0, to: p1, leaving: d0, arriving: d1)
        return p1
      }
      // Miter: where the lines along the pieces' ends meet, if that is ahead of both ends and within the limit.
      // The corner turns by φ; its miter point lies amount / cos(φ/2) from the corner.
      let cosHalfTurn = max(0, (1 + Joint.dot(d0, d1)) / 2).squareRoot()
      guard cosHalfTurn * miterLimit >= 1 - 1e-9,
        let tip = Segment.lineIntersection(p0, p0 + d0, p1, p1 - d1),
        Joint.dot(tip - p0, d0) > 0, Joint.dot(p1 - tip, d1) > 0
      else { return p0 }
      out.add(tip, out: tip, in: tip)
      return tip
    }

    static func dot(_ u: Vec2, _ v: Vec2) -> Double { u.x * v.x + u.y * v.y }
    static func cross(_ u: Vec2, _ v: Vec2) -> Double { u.x * v.y - u.y * v.x }

    static func unit(_ v: Vec2) -> Vec2? {
      let length = v.length
      return length > 1e-9 ? v * (1 / length) : nil
    }

    /// The direction a piece leaves its end in (from the last handle that is not on the end).
    static func endDirection(_ s: Segment) -> Vec2? {
      unit(s.p3 - s.p2) ?? unit(s.p3 - s.p1) ?? unit(s.p3 - s.p0)
    }

    static func startDirection(_ s: Segment) -> Vec2? {
      unit(s.p1 - s.p0) ?? unit(s.p2 - s.p0) ?? unit(s.p3 - s.p0)
    }

    /// A circular arc from `p0`, tangent to `d0` there, to `p1`: about the corner where the normals at both
    /// ends meet (the midpoint of the gap when they are parallel, as at an open path's end), in cubic pieces
    /// of at most a quarter turn (handles 4/3 tan(θ/4) r long).
    static func arc(_ out: inout AbsolutePathBuilder, from p0: Vec2, to p1: Vec2, leaving d0: Vec2, arriving d1: Vec2) {
      let center =
        Segment.lineIntersection(p0, p0 + Vec2(-d0.y, d0.x), p1, p1 + Vec2(-d1.y, d1.x)) ?? (p0 + p1) * 0.5
      let r0 = p0 - center, r1 = p1 - center
      let radius = (r0.length + r1.length) / 2
      guard radius > 1e-9, !out.vertices.isEmpty else { return out.add(p1, out: p1, in: p1) }
      // Turn the way `d0` points; the sweep in (0, 2π) that way.
      let sign: Double = cross(r0, d0) >= 0 ? 1 : -1
      let start = atan2(r0.y, r0.x)
      var sweep = (atan2(r1.y, r1.x) - start) * sign
      while sweep <= 0 { sweep += 2 * .pi }
      while sweep > 2 * .pi { sweep -= 2 * .pi }
      let pieces = (sweep / (.pi / 2) - 1e-9).rounded(.up).clampedInt(1...4)
      let step = sweep / Double(pieces) * sign
      let handle = 4.0 / 3.0 * tan(abs(step) / 4) * radius
      func point(_ angle: Double) -> Vec2 { center + Vec2(cos(angle), sin(angle)) * radius }
      func tangent(_ angle: Double) -> Vec2 { Vec2(-sin(angle), cos(angle)) * sign }
      for k in 0..<pieces {
        let a = start + step * Double(k), b = start + step * Double(k + 1)
        let end = k == pieces - 1 ? p1 : point(b)
        out.outHandles[out.outHandles.count - 1] = out.vertices[out.vertices.count - 1] + tangent(a) * handle
        out.add(end, out: end, in: end - tangent(b) * handle)
      }
    }
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
