import Lottie

/// Builds a path from absolute vertex, out-handle and in-handle points, as lottie-web's `setTripleAt`.
package struct AbsolutePathBuilder {
  package var vertices: [Vec2] = []
  package var outHandles: [Vec2] = []
  package var inHandles: [Vec2] = []

  package mutating func add(_ v: Vec2, out: Vec2, in: Vec2) {
    vertices.append(v)
    outHandles.append(out)
    inHandles.append(`in`)
  }

  package func path(closed: Bool) -> BezierPath {
    BezierPath(
      isClosed: closed, vertices: vertices, inTangents: zip(inHandles, vertices).map { $0 - $1 },
      outTangents: zip(outHandles, vertices).map { $0 - $1 })
  }
}
