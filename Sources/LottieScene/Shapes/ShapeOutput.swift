import Foundation
import Lottie

/// How one paint item covers the geometry before it: the outcome of walking a shape layer's items at a frame.
package struct PaintOperation {
  package enum Paint: Equatable {
    case fill(RGBA, FillRule)
    case stroke(RGBA, StrokeParameters)
    case gradientFill(GradientParameters, FillRule)
    case gradientStroke(GradientParameters, StrokeParameters)
  }
  package var paint: Paint
  /// Opacity 0...1 including the enclosing groups' opacity.
  package var opacity: Double
  /// From the paint's group to layer space (strokes are as wide as the group's space says).
  package var matrix: Affine
  /// The geometry slots the paint covers.
  package var slots: [Int]
  /// The paint's own blend mode (`bm`, numbered as layers'; 0 normal): After Effects blends it with what the
  /// paints below it in its group drew, not with the rest of the layer or the layers under it.
  package var blendMode: BlendMode = .normal
  /// The groups the paint is in, outermost first (the layer's root items first of all), each numbered
  /// uniquely within the layer.
  package var groups: [Int] = []
}

package struct StrokeParameters: Equatable {
  package var width: Double
  package var cap: LineCap
  package var join: LineJoin
  package var miterLimit: Double
  package var dashes: [Double]
  package var dashOffset: Double
}

package struct GradientParameters: Equatable {
  package var isRadial: Bool
  package var start: Vec2
  package var end: Vec2
  package var highlightLength: Double
  package var highlightAngle: Double
  /// Colour stops in order, with straight alpha.
  package var stops: [GradientStop]
}

/// One colour stop of a gradient: its offset (0...1) and colour, with straight alpha.
package struct GradientStop: Hashable {
  package var offset: Double
  package var color: RGBA

  package init(_ offset: Double, _ color: RGBA) {
    self.offset = offset
    self.color = color
  }
}

/// A piece of geometry created by one shape item, later changed by the modifiers after it.
package struct GeometrySlot {
  package var contours: [BezierPath]
  /// From the shape's group to layer space.
  package var matrix: Affine
  /// Set for the result of merge paths (add, subtract, intersect, exclude intersections); `contours` is then
  /// empty and the geometry is the operands' coverage combined in order.
  package var merge: MergedGeometry? = nil
  /// Names the contours' content: slots with the same stamp hold the same contours (copies made by a repeater
  /// keep it), so a modifier's result can be reused for them (see `ShapeBuilder`).
  package var stamp: UInt64 = 0

  /// The slots holding contours that `ids` stand for: merged slots give their operands' leaves.
  package static func leaves(_ ids: [Int], in slots: [GeometrySlot]) -> [Int] {
    // Mostly no slot is merged: the ids are their own leaves (and no list is made per id).
    if !ids.contains(where: { slots[$0].merge != nil }) { return ids }
    return ids.flatMap { id in
      guard let merge = slots[id].merge else { return [id] }
      return leaves(merge.operands.flatMap { $0 }, in: slots)
    }
  }
}

/// The operands of a merge paths item. Cairo has no path booleans: the painter combines the operands'
/// coverage with compositing operators instead of computing the merged outline.
package struct MergedGeometry {
  /// Add, subtract, intersect or exclude intersections (never `.merge`).
  package var mode: MergeMode
  /// In item order; each operand is a list of slots drawn together as one compound path (the shapes of a
  /// nested group, or the paths an earlier merge (mode 1) joined).
  package var operands: [[Int]]
}

extension GradientParameters {
  static func interpolateColor(_ stops: [(Double, RGBA)], at offset: Double) -> RGBA {
    guard let first = stops.first, let last = stops.last else { return RGBA(0, 0, 0) }
    if offset <= first.0 { return first.1 }
    if offset >= last.0 { return last.1 }
    for k in 1..<stops.count where stops[k].0 >= offset {
      let (o0, c0) = stops[k - 1], (o1, c1) = stops[k]
      let t = o1 > o0 ? (offset - o0) / (o1 - o0) : 0
      return RGBA.interpolate(c0, c1) { _ in t }
    }
    return last.1
  }

  static func interpolateAlpha(_ stops: [(Double, Double)], at offset: Double) -> Double {
    guard let first = stops.first, let last = stops.last else { return 1 }
    if offset <= first.0 { return first.1 }
    if offset >= last.0 { return last.1 }
    for k in 1..<stops.count where stops[k].0 >= offset {
      let (o0, a0) = stops[k - 1], (o1, a1) = stops[k]
      let t = o1 > o0 ? (offset - o0) / (o1 - o0) : 0
      return a0 + (a1 - a0) * t
    }
    return last.1
  }

  /// The colour stops of a gradient's flat list (`g.k`: offset, r, g, b per colour stop, then offset, alpha
  /// per opacity stop): colour and opacity stops merged, every offset of either list getting both values.
  static func stops(_ flat: [Double], colorCount count: Int) -> [GradientStop] {
    var colors: [(Double, RGBA)] = []
    var i = 0
    while i + 3 < flat.count && colors.count < count {
      colors.append((flat[i], RGBA(flat[i + 1], flat[i + 2], flat[i + 3])))
      i += 4
    }
    var alphas: [(Double, Double)] = []
    while i + 1 < flat.count {
      alphas.append((flat[i], flat[i + 1]))
      i += 2
    }
    if alphas.isEmpty { return colors.map { GradientStop($0.0, $0.1) } }
    let offsets = Array(Set(colors.map { $0.0 } + alphas.map { $0.0 })).sorted()
    return offsets.map { offset in
      var c = interpolateColor(colors, at: offset)
      c.a = interpolateAlpha(alphas, at: offset)
      return GradientStop(offset, c)
    }
  }
}
