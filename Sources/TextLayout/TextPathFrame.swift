import Foundation
import Lottie
import LottieScene

/// A text path (`t.p`) at one frame: its options, and the mask path flattened into a polyline measured by
/// length, as lottie-web's `TextAnimatorProperty` measures it with bezier length tables.
struct TextPathFrame {
  var firstMargin: Double
  var forceAlignment: Bool
  var perpendicular: Bool
  var isClosed: Bool
  /// Polyline points and the length along the path at each (`lengths[0] == 0`, no zero-length pieces).
  var points: [Vec2]
  var lengths: [Double]
  var totalLength: Double { lengths[lengths.count - 1] }

  /// Samples per curved segment (straight segments take their two ends), as lottie-web's tables.
  static let curveSamples = 150

  /// The path node's path and options at its last update; nil when the path has no length to put text on.
  /// `polylines` keeps the polylines of paths met before (a text path rarely moves while its margins
  /// animate); nil measures the path again.
  init?(_ p: TextPathNode, polylines: TextPathPolylines? = nil) {
    let path = p.path
    let reversed = p.isReversed
    guard let line = polylines?.polyline(path, reversed: reversed) ?? Self.polyline(path, reversed: reversed)
    else { return nil }
    points = line.points
    lengths = line.lengths
    isClosed = path.isClosed
    firstMargin = p.firstMargin
    forceAlignment = p.forceAlignment
    perpendicular = p.isPerpendicular
  }

  /// `path` (reversed when `reversed`) as polyline points and the length along it at each; nil when it has
  /// no length.
  static func polyline(_ original: BezierPath, reversed: Bool) -> (points: [Vec2], lengths: [Double])? {
    var path = original
    let n = path.vertices.count
    guard n >= 2 else { return nil }
    if reversed {
      // lottie-web's `ShapePath.reverse`: a closed path keeps its first vertex, the others swap order;
      // in and out tangents swap.
      let order = path.isClosed ? [0] + Array((1..<n).reversed()) : Array((0..<n).reversed())
      path = BezierPath(
        isClosed: path.isClosed, vertices: order.map { path.vertices[$0] },
        inTangents: order.map { path.outTangents[$0] }, outTangents: order.map { path.inTangents[$0] })
    }
    var points = [path.vertices[0]]
    var lengths = [0.0]
    func add(_ q: Vec2) {
      let d = (q - points[points.count - 1]).length
      guard d > 1e-9 else { return }
      points.append(q)
      lengths.append(lengths[lengths.count - 1] + d)
    }
    for i in 0..<(path.isClosed ? n : n - 1) {
      let j = (i + 1) % n
      let p0 = path.vertices[i], p3 = path.vertices[j]
      let p1 = p0 + path.outTangents[i], p2 = p3 + path.inTangents[j]
      if isStraight(p0, p1, p2, p3) {
        add(p3)
        continue
      }
      for k in 1...curveSamples {
        let t = Double(k) / Double(curveSamples), u = 1 - t
        add(p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t))
      }
    }
    guard points.count >= 2 else { return nil }
    return (points, lengths)
  }

  /// Whether a cubic segment's control points lie on the line through its ends.
  private static func isStraight(_ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2) -> Bool {
    func onLine(_ q: Vec2) -> Bool { abs((p3.x - p0.x) * (q.y - p0.y) - (q.x - p0.x) * (p3.y - p0.y)) < 1e-7 }
    return onLine(p1) && onLine(p2)
  }

  /// The point `distance` along the path and the direction (radians) of the path there. Closed paths wrap
  /// around; open ones go on in a straight line beyond their ends, along the first or last piece.
  func place(at distance: Double) -> (point: Vec2, angle: Double) {
    let total = totalLength
    var s = distance
    if isClosed {
      s = s.truncatingRemainder(dividingBy: total)
      if s < 0 { s += total }
    }
    // The piece that holds `s`: the last one whose start is at or before it (the first piece before the start).
    var lo = 0
    var hi = lengths.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if lengths[mid] <= s { lo = mid } else { hi = mid }
    }
    let a = points[lo], b = points[lo + 1]
    let t = (s - lengths[lo]) / (lengths[lo + 1] - lengths[lo])
    return (a + (b - a) * t, atan2(b.y - a.y, b.x - a.x))
  }
}

/// One worker's text path polylines, by path: sampling a path's curves (150 points a segment) cost more than
/// the rest of drawing text on it, every frame, while only its margins moved.
package final class TextPathPolylines {
  private struct Key: Hashable {
    var path: BezierPath
    var reversed: Bool
  }
  private var kept: [Key: (points: [Vec2], lengths: [Double])?] = [:]
  private var order: [Key] = []
  /// Paths kept at most; the oldest are dropped past it (a path that moves makes a new one every frame).
  static let limit = 16
  /// Polylines reused so far (for tests).
  package private(set) var hits = 0

  /// The polyline of `path` (see `TextPathFrame.polyline`), kept from before or made now.
  func polyline(_ path: BezierPath, reversed: Bool) -> (points: [Vec2], lengths: [Double])? {
    let key = Key(path: path, reversed: reversed)
    if let known = kept[key] {
      hits += 1
      return known
    }
    let made = TextPathFrame.polyline(path, reversed: reversed)
    kept[key] = .some(made)
    order.append(key)
    while order.count > Self.limit { kept[order.removeFirst()] = nil }
    return made
  }
}
