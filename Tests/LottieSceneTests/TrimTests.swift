import Foundation
import Lottie
import Testing

@testable import LottieScene

/// Trim paths measured once per outline: cutting from the kept tables gives the same pieces, bit for bit, as
/// measuring and cutting again, and a scene trimming with its caches draws what one without them draws.
@Suite("Trim")
struct TrimTests {
  /// The trim as it was computed before outlines were measured once (tables rebuilt on every cut), kept here
  /// as the reference the measured cut must match exactly.
  enum Reference {
    static func lengthTable(_ c: Cubic) -> [Double] {
      var table = [Double](repeating: 0, count: Cubic.samples + 1)
      var previous = c.p0
      for i in 1...Cubic.samples {
        let q = c.point(Double(i) / Double(Cubic.samples))
        table[i] = table[i - 1] + (q - previous).length
        previous = q
      }
      return table
    }

    static func parameter(forLength length: Double, table: [Double]) -> Double {
      let total = table[table.count - 1]
      if length <= 0 || total <= 0 { return 0 }
      if length >= total { return 1 }
      var i = 1
      while i < table.count - 1 && table[i] < length { i += 1 }
      let span = table[i] - table[i - 1]
      let local = span > 0 ? (length - table[i - 1]) / span : 0
      return (Double(i - 1) + local) / Double(table.count - 1)
    }

    static func path(_ cubics: [Cubic]) -> BezierPath {
      var v: [Vec2] = [], i: [Vec2] = [], o: [Vec2] = []
      guard let first = cubics.first else {
        return BezierPath(isClosed: false, vertices: [], inTangents: [], outTangents: [])
      }
      v.append(first.p0)
      i.append(.zero)
      for c in cubics {
        o.append(c.p1 - c.p0)
        v.append(c.p3)
        i.append(c.p2 - c.p3)
      }
      o.append(.zero)
      return BezierPath(isClosed: false, vertices: v, inTangents: i, outTangents: o)
    }

    static func cut(_ paths: [BezierPath], ranges: [(Double, Double)]) -> [BezierPath] {
      let segmentsPerPath = paths.map { $0.cubics }
      let tables = segmentsPerPath.map { $0.map { lengthTable($0) } }
      let total = tables.reduce(0.0) { sum, path in sum + path.reduce(0.0) { $0 + $1[$1.count - 1] } }
      guard total > 0 else { return [] }
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
            let t0 = parameter(forLength: max(from - s0, 0), table: table)
            let t1 = parameter(forLength: min(to - s0, length), table: table)
            current.append(cubic.segment(t0, t1))
          }
          if !current.isEmpty { pieces.append(current) }
        }
      }
      if wraps && pieces.count == 2 { return [path(pieces[0] + pieces[1])] }
      return pieces.map(path)
    }
  }

  /// A small deterministic generator (the same paths in every run).
  struct Numbers {
    var state: UInt64
    mutating func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
  }

  static func randomPath(_ n: inout Numbers) -> BezierPath {
    let count = Int(n.next() * 7)  // 0...6 vertices
    func point(_ scale: Double) -> Vec2 { Vec2((n.next() - 0.5) * scale, (n.next() - 0.5) * scale) }
    // Some handles are zero (straight segments), some vertices repeat (segments of zero length).
    var vertices: [Vec2] = []
    for _ in 0..<count { vertices.append(n.next() < 0.15 ? (vertices.last ?? .zero) : point(400)) }
    let ins = vertices.map { _ in n.next() < 0.3 ? Vec2.zero : point(80) }
    let outs = vertices.map { _ in n.next() < 0.3 ? Vec2.zero : point(80) }
    return BezierPath(isClosed: n.next() < 0.6, vertices: vertices, inTangents: ins, outTangents: outs)
  }

  static func bits(_ paths: [BezierPath]) -> [[UInt64]] {
    paths.map { p in
      [p.isClosed ? 1 : 0] + (p.vertices + p.inTangents + p.outTangents).flatMap { [$0.x.bitPattern, $0.y.bitPattern] }
    }
  }

  @Test func measuredCutsMatchCuttingAfresh() {
    var n = Numbers(state: 42)
    var cuts = 0
    for _ in 0..<400 {
      let paths = (0..<(1 + Int(n.next() * 3))).map { _ in Self.randomPath(&n) }
      let measured = paths.map(MeasuredPath.init)
      // Each measurement serves many trims, as it does from frame to frame.
      for _ in 0..<6 {
        let start = n.next() < 0.2 ? 0 : n.next() * 110 - 5, end = n.next() < 0.2 ? 100 : n.next() * 110 - 5
        let offset = (n.next() - 0.5) * 900
        guard let ranges = Trim.ranges(start: start, end: end, offset: offset), !ranges.isEmpty else { continue }
        cuts += 1
        // Simultaneously: one outline at a time, as the builder cuts each contour.
        for (path, m) in zip(paths, measured) {
          var out: [BezierPath] = []
          Trim.cut(CollectionOfOne(m), ranges: ranges, into: &out)
          #expect(Self.bits(out) == Self.bits(Reference.cut([path], ranges: ranges)), "\(path) \(ranges)")
        }
        // Several outlines as one.
        #expect(Self.bits(Trim.cut(measured, ranges: ranges)) == Self.bits(Reference.cut(paths, ranges: ranges)))
        #expect(Self.bits(Trim.cut(paths, ranges: ranges)) == Self.bits(Reference.cut(paths, ranges: ranges)))
      }
    }
    #expect(cuts > 1000)
  }

  @Test func measuringAddsTheSegmentsLengthsInOrder() {
    var n = Numbers(state: 7)
    for _ in 0..<200 {
      let path = Self.randomPath(&n)
      let m = MeasuredPath(path)
      #expect(m.cubics.count == path.cubics.count && m.tables.count == m.cubics.count * (Cubic.samples + 1))
      let expected = path.cubics.reduce(0.0) { $0 + Reference.lengthTable($1)[Cubic.samples] }
      #expect(m.length.bitPattern == expected.bitPattern)
    }
  }

  static let keys =
    #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0.3,"y":0},"i":{"x":0.6,"y":1}},{"t":20,"s":[100]},{"t":40,"s":[15]}]}"#
  static let turns = #"{"a":1,"k":[{"t":0,"s":[-200],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":40,"s":[500]}]}"#

  /// An animated trim over still shapes (the measure is reused while the trim moves), over an animated one
  /// (measured again when it changes), both modes, wrapping round the start: cached and uncached agree.
  @Test(arguments: [1, 2])
  func animatedTrimsAgreeWithAndWithoutCaches(mode: Int) throws {
    let layers = """
      [{"ty":4,"nm":"T","ind":1,"ip":0,"op":60,"ks":{},"shapes":[
        {"ty":"gr","it":[
          {"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[60,40]}},
          {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[80,10],[40,90]],"i":[[0,0],[-10,5],[0,0]],"o":[[20,0],[0,0],[0,0]]}}},
          {"ty":"rc","p":{"a":0,"k":[100,100]},"s":{"a":1,"k":[{"t":0,"s":[20,20],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[60,40]}]},"r":{"a":0,"k":4}},
          {"ty":"tm","s":\(Self.keys),"e":{"a":0,"k":70},"o":\(Self.turns),"m":\(mode)},
          {"ty":"st","c":{"a":0,"k":[0,0,0]},"o":{"a":0,"k":100},"w":{"a":0,"k":3},"lc":1,"lj":1,"ml":4},
          {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]},
        {"ty":"tm","s":{"a":0,"k":5},"e":\(Self.keys),"o":{"a":0,"k":30},"m":\(mode)}]}]
      """
    let animation = try SceneTests.parse(layers)
    let cached = AnimationScene(animation: animation),
      fresh = AnimationScene(animation: animation, cachesEnabled: false)
    var pieces = 0
    for frame in [0.0, 1, 2, 3, 10, 19.5, 20, 21, 29, 30, 31, 45, 46, 5, 4, 0, 39, 40] {
      cached.seek(toFrame: frame)
      fresh.seek(toFrame: frame)
      guard case .shapes(let a) = cached.root.layers[0].content, case .shapes(let b) = fresh.root.layers[0].content
      else {
        Issue.record("expected shapes")
        return
      }
      #expect(a.slots.map { Self.bits($0.contours) } == b.slots.map { Self.bits($0.contours) }, "frame \(frame)")
      pieces += a.slots.reduce(0) { $0 + $1.contours.count }
    }
    #expect(pieces > 0)
  }
}
