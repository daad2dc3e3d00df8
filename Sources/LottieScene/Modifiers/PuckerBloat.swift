import Foundation
import Lottie

/// Pucker/bloat (`pb`), as lottie-web's PuckerAndBloatModifier: each vertex moves `amount`% of the way to
/// the centre (the mean of the path's vertices) while its handles move the other way by the same fraction.
package enum PuckerBloat {
  package static func apply(_ path: BezierPath, amount: Double) -> BezierPath {
    let n = path.vertices.count
    guard n > 0 else { return path }
    let percent = amount / 100
    var center = Vec2.zero
    for v in path.vertices { center = center + v }
    center = center * (1 / Double(n))
    var out = AbsolutePathBuilder()
    for i in 0..<n {
      let v = path.vertices[i]
      let o = v + path.outTangents[i], inPoint = v + path.inTangents[i]
      out.add(v + (center - v) * percent, out: o + (center - o) * -percent, in: inPoint + (center - inPoint) * -percent)
    }
    return out.path(closed: path.isClosed)
  }
}
