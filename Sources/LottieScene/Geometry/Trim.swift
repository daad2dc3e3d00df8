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

  /// Appends the cumulative arc lengths at `samples + 1` evenly spaced parameters (0 first) to `table`.
  package func appendLengthTable(to table: inout [Double]) {
    var previous = p0
    var sum = 0.0
    table.append(0)
    for i in 1...Cubic.samples {
      let q = point(Double(i) / Double(Cubic.samples))
      sum = sum + (q - previous).length
      table.append(sum)
      previous = q
    }
  }

  /// The parameter at which the arc length from the start is `length`, using the `samples + 1` lengths of
  /// `table` from `base`.
  package static func parameter(forLength length: Double, table: [Double], base: Int) -> Double {
    let last = base + Cubic.samples
    let total = table[last]
    if length <= 0 || total <= 0 { return 0 }
    if length >= total { return 1 }
    var i = base + 1
    while i < last && table[i] < length { i += 1 }
    let span = table[i] - table[i - 1]
    let local = span > 0 ? (length - table[i - 1]) / span : 0
    return (Double(i - base - 1) + local) / Double(Cubic.samples)
  }
}

/// An outline's segments with their arc-length tables: what trimming needs of it, whatever the trim's
/// parameters, so it is measured once per outline (see `ModifierNode.measured`) and cut at every frame's
/// trim from the same numbers.
package struct MeasuredPath {
  package let isClosed: Bool
  package let cubics: [Cubic]
  /// `Cubic.samples + 1` cumulative lengths for each segment, one segment after the other.
  package let tables: [Double]
  /// The outline's length: its segments' lengths added in order.
  package let length: Double

  package init(_ path: BezierPath) {
    isClosed = path.isClosed
    cubics = path.cubics
    var tables: [Double] = []
    tables.reserveCapacity(cubics.count * (Cubic.samples + 1))
    var length = 0.0
    for cubic in cubics {
      cubic.appendLengthTable(to: &tables)
      length = length + tables[tables.count - 1]
    }
    self.tables = tables
    self.length = length
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
      out.append(
        Cubic(p0: vertices[i], p1: vertices[i] + outTangents[i], p2: vertices[j] + inTangents[j], p3: vertices[j]))
    }
    return out
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
  package static func apply(_ paths: [BezierPath], start: Double, end: Double, offset: Double, mode: TrimMode)
    -> [BezierPath]
  {
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
    cut(paths.map(MeasuredPath.init), ranges: ranges)
  }

  /// `cut` of outlines measured before.
  package static func cut(_ paths: [MeasuredPath], ranges: [(Double, Double)]) -> [BezierPath] {
    var out: [BezierPath] = []
    cut(paths, ranges: ranges, into: &out)
    return out
  }

  /// `cut` of outlines measured before, the pieces appended to `out` (one outline at a time is the common
  /// case: `CollectionOfOne` makes no list for it).
  package static func cut<Paths: Collection<MeasuredPath>>(
    _ paths: Paths, ranges: [(Double, Double)], into out: inout [BezierPath]
  ) {
    var total = 0.0
    for path in paths { total = total + path.length }
    guard total > 0 else { return }
    // A closed single outline trimmed across its start joins the two pieces into one open path: the first
    // range's piece waits here for the second's.
    let wraps = ranges.count == 2 && paths.count == 1 && paths.first?.isClosed == true
    var held: PieceBuilder? = nil
    for (r, (a, b)) in ranges.enumerated() {
      let from = a * total, to = b * total
      var position = 0.0
      for path in paths {
        var current = PieceBuilder()
        for (k, cubic) in path.cubics.enumerated() {
          let base = k * (Cubic.samples + 1)
          let length = path.tables[base + Cubic.samples]
          let s0 = position, s1 = position + length
          position = s1
          if s1 <= from || s0 >= to || length <= 0 { continue }
          let t0 = Cubic.parameter(forLength: max(from - s0, 0), table: path.tables, base: base)
          let t1 = Cubic.parameter(forLength: min(to - s0, length), table: path.tables, base: base)
          if current.isEmpty { current.reserve(path.cubics.count - k) }
          current.append(cubic.segment(t0, t1))
        }
        if current.isEmpty { continue }
        if wraps && r == 0 {
          held = current
        } else if wraps, var first = held {
          held = nil
          first.append(current)
          out.append(first.finish())
        } else {
          out.append(current.finish())
        }
      }
    }
    if var held { out.append(held.finish()) }
  }
}

/// An open path being made of consecutive segments, as a path through them.
struct PieceBuilder {
  private var vertices: [Vec2] = []
  private var inTangents: [Vec2] = []
  /// One for each segment (the last vertex's, zero, is added by `finish`).
  private var outTangents: [Vec2] = []

  var isEmpty: Bool { outTangents.isEmpty }

  /// Makes room for `segments` more segments.
  mutating func reserve(_ segments: Int) {
    vertices.reserveCapacity(vertices.count + segments + 1)
    inTangents.reserveCapacity(inTangents.count + segments + 1)
    outTangents.reserveCapacity(outTangents.count + segments + 1)
  }

  mutating func append(_ c: Cubic) {
    if vertices.isEmpty {
      vertices.append(c.p0)
      inTangents.append(.zero)
    }
    outTangents.append(c.p1 - c.p0)
    vertices.append(c.p3)
    inTangents.append(c.p2 - c.p3)
  }

  /// Continues with the segments of `next` (its start is taken to be this one's end, as joining segment
  /// lists does).
  mutating func append(_ next: PieceBuilder) {
    guard !next.isEmpty else { return }
    if vertices.isEmpty {
      self = next
      return
    }
    vertices += next.vertices.dropFirst()
    inTangents += next.inTangents.dropFirst()
    outTangents += next.outTangents
  }

  /// The open path (the builder is done with).
  mutating func finish() -> BezierPath {
    outTangents.append(.zero)
    return BezierPath(isClosed: false, vertices: vertices, inTangents: inTangents, outTangents: outTangents)
  }
}
