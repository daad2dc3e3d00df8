import Foundation
import Lottie

/// Zig-zag (`zz`), as lottie-web's ZigZagModifier: every segment gets `ridges` points spread evenly by
/// parameter, each pushed `size` along the normal, alternately to either side; the original vertices are
/// pushed too, along the normal of the line between their neighbours. Smooth points (`pointType` 2) get
/// handles along the path a ridge-spacing long. As in lottie-web, an open path's ends take their neighbours
/// with wrap-round too (a two-point line's ends have an empty chord and move along +x), where lottie-docs'
/// rendering.md pushes them along the end segment's normal; we keep lottie-web's result.
package enum ZigZag {
  package static func apply(_ path: BezierPath, size: Double, ridges: Int, pointType: Double) -> BezierPath {
    let n = path.vertices.count
    let count = path.isClosed ? n : n - 1
    guard count > 0 else { return BezierPath(isClosed: path.isClosed, vertices: [], inTangents: [], outTangents: []) }
    let smooth = pointType == 2
    let frequency = Double(ridges)
    var out = AbsolutePathBuilder()

    func setPoint(_ point: Vec2, angle: Double, direction: Double, outAmplitude: Double, inAmplitude: Double) {
      let p = Vec2(point.x + cos(angle) * direction * size, point.y - sin(angle) * direction * size)
      let angleOut = angle - .pi / 2, angleIn = angle + .pi / 2
      out.add(
        p, out: Vec2(p.x + cos(angleOut) * outAmplitude, p.y - sin(angleOut) * outAmplitude),
        in: Vec2(p.x + cos(angleIn) * inAmplitude, p.y - sin(angleIn) * inAmplitude))
    }

    func corner(_ current: Int, direction: Double) {
      let previousIndex = current == 0 ? n - 1 : current - 1
      let point = path.vertices[current % n]
      let previous = path.vertices[previousIndex]
      let next = path.vertices[(current + 1) % n]
      // The chord from the previous to the next vertex turned by -90°, as an angle for polarOffset.
      let chord = next - previous
      let perpendicular = Vec2(chord.y, -chord.x)
      let angle = atan2(0, 1) - atan2(perpendicular.y, perpendicular.x)
      let previousDistance = smooth ? (point - previous).length : 0
      let nextDistance = smooth ? (point - next).length : 0
      setPoint(
        point, angle: angle, direction: direction, outAmplitude: nextDistance / ((frequency + 1) * 2),
        inAmplitude: previousDistance / ((frequency + 1) * 2))
    }

    func segmentPoints(_ segment: PolynomialBezier, direction start: Double) -> Double {
      var direction = start
      let distance = smooth ? (segment.p3 - segment.p0).length : 0
      for i in 0..<ridges {
        let t = Double(i + 1) / (frequency + 1)
        setPoint(
          segment.point(t), angle: segment.normalAngle(t), direction: direction,
          outAmplitude: distance / ((frequency + 1) * 2), inAmplitude: distance / ((frequency + 1) * 2))
        direction = -direction
      }
      return direction
    }

    var direction = -1.0
    corner(0, direction: direction)
    for i in 0..<count {
      direction = segmentPoints(PolynomialBezier.segment(path, i), direction: -direction)
      corner(i + 1, direction: direction)
    }
    return out.path(closed: path.isClosed)
  }
}
