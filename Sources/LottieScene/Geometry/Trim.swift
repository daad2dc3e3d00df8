import Foundation
import Lottie

/// One cubic Bézier segment in absolute coordinates.
package struct Cubic {
  package var p0: Vec2, p1: Vec2, p2: Vec2, p3: Vec2

  package init(p0: Vec2, p1: Vec2, p2: Vec2, p3: Vec2) {
    (self.p0, self.p1, self.p2, self.p3) = (p0, p1, p2, p3)
  }

  package func point(_ t: Double) -> Vec2 {
    let u = 1 - t
    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
    return Vec2(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
  }

  /// Splits at `t` (de Casteljau).
  package func split(_ t: Double) -> (Cubic, Cubic) {
    func lerp(_ a: Vec2, _ b: Vec2) -> Vec2 { a + (b - a) * t }
    let a = lerp(p0, p1), b = lerp(p1, p2), c = lerp(p2, p3)
    let d = lerp(a, b), e = lerp(b, c)
    let f = lerp(d, e)
    return (Cubic(p0: p0, p1: a, p2: d, p3: f), Cubic(p0: f, p1: e, p2: c, p3: p3))
  }

  /// The part between parameters `t0` and `t1`.
  package func segment(_ t0: Double, _ t1: Double) -> Cubic {
    if t0 <= 0 && t1 >= 1 { return self }
    var c = self
    if t1 < 1 { c = c.split(t1).0 }
    if t0 > 0 { c = c.split(t1 > 0 ? t0 / t1 : 0).1 }
    return c
  }

  package static let samples = 16

  /// Cumulative arc lengths at `samples` evenly spaced parameters.
  package func lengthTable() -> [Double] {
    var table = [Double](repeating: 0, count: Cubic.samples + 1)
    var previous = p0
    for i in 1...Cubic.samples {
      let q = point(Double(i) / Double(Cubic.samples))
      table[i] = table[i - 1] + (q - previous).length
      previous = q
    }
    return table
  }

  /// The parameter at which the arc length from the start is `length`, using `table`.
  package static func parameter(forLength length: Double, table: [Double]) -> Double {
    let total = table[table.count - 1]
    if length <= 0 || total <= 0 { return 0 }
    if length >= total { return 1 }
    var i = 1
    while i < table.count - 1 && table[i] < length { i += 1 }
    let span = table[i] - table[i - 1]
    let local = span > 0 ? (length - table[i - 1]) / span : 0
    return (Double(i - 1) + local) / Double(table.count - 1)
  }
}

extension BezierPath {
  /// The segments of the outline, in order (closing segment included when closed).
  package var cubics: [Cubic] {
    let n = vertices.count
    guard n > 1 else { return [] }
    var out: [Cubic] = []
    out.reserveCapacity(n)
    let count = isClosed ? n : n - 1
    for i in 0..<count {
      let j = (i + 1) % n
      out.append(Cubic(p0: vertices[i], p1: vertices[i] + outTangents[i], p2: vertices[j] + inTangents[j], p3: vertices[j]))
    }
    return out
  }

  /// An open path through consecutive segments.
  package init(cubics: [Cubic]) {
    var v: [Vec2] = [], i: [Vec2] = [], o: [Vec2] = []
    guard let first = cubics.first else {
      self.init(isClosed: false, vertices: [], inTangents: [], outTangents: [])
      return
    }
    v.append(first.p0)
    i.append(.zero)
    for c in cubics {
      o.append(c.p1 - c.p0)
      v.append(c.p3)
      i.append(c.p2 - c.p3)
    }
    o.append(.zero)
    self.init(isClosed: false, vertices: v, inTangents: i, outTangents: o)
  }
}

/// Trim paths, as lottie-web computes them.
package enum Trim {
  /// The fractions of the outline kept, as up to two ranges inside 0...1, or nil for "keep everything".
  package static func ranges(start: Double, end: Double, offset: Double) -> [(Double, Double)]? {
    var s = min(max(start, 0), 100) / 100
    var e = min(max(end, 0), 100) / 100
    if s > e { swap(&s, &e) }
    if e - s >= 1 { return nil }
    if e - s <= 0 { return [] }
    let o = offset / 360
    s += o - (o).rounded(.down)
    e += o - (o).rounded(.down)
    if s >= 1 {
      s -= 1
      e -= 1
    }
    if e <= 1 { return [(s, e)] }
    return [(s, 1), (0, e - 1)]
  }

  /// Applies a trim to a set of outlines.
  package static func apply(_ paths: [BezierPath], start: Double, end: Double, offset: Double, mode: TrimMode) -> [BezierPath] {
    guard let ranges = ranges(start: start, end: end, offset: offset) else { return paths }
    if ranges.isEmpty { return [] }
    switch mode {
    case .simultaneously:
      return paths.flatMap { cut([$0], ranges: ranges) }
    case .individually:
      return cut(paths, ranges: ranges)
    }
  }

  /// Keeps the parts of the concatenated outlines that lie in the fractional `ranges` of their total length.
  package static func cut(_ paths: [BezierPath], ranges: [(Double, Double)]) -> [BezierPath] {
    let segmentsPerPath = paths.map { $0.cubics }
    let tables = segmentsPerPath.map { $0.map { $0.lengthTable() } }
    let total = tables.reduce(0.0) { sum, path in sum + path.reduce(0.0) { $0 + $1[$1.count - 1] } }
    guard total > 0 else { return [] }
    var out: [BezierPath] = []
    // A closed single outline trimmed across its start joins the two pieces into one open path.
    let wraps = ranges.count == 2 && paths.count == 1 && paths[0].isClosed
    var pieces: [[Cubic]] = []
    for (a, b) in ranges {
      let from = a * total, to = b * total
      var position = 0.0
      for (p, segments) in segmentsPerPath.enumerated() {
        var current: [Cubic] = []
        for (k, cubic) in segments.enumerated() {
          let table = tables[p][k]
          let length = table[table.count - 1]
          let s0 = position, s1 = position + length
          position = s1
          if s1 <= from || s0 >= to || length <= 0 { continue }
          let t0 = Cubic.parameter(forLength: max(from - s0, 0), table: table)
          let t1 = Cubic.parameter(forLength: min(to - s0, length), table: table)
          current.append(cubic.segment(t0, t1))
        }
        if !current.isEmpty { pieces.append(current) }
      }
    }
    if wraps && pieces.count == 2 {
      out.append(BezierPath(cubics: pieces[0] + pieces[1]))
    } else {
      out = pieces.map { BezierPath(cubics: $0) }
    }
    return out
  }
}
