import Foundation
import Lottie

/// A fill, stroke, gradient fill or gradient stroke, its paint rebuilt when a property changed.
final class PaintNode {
  private enum Kind {
    case fill(Track<RGBA>, FillRule)
    case stroke(Track<RGBA>, StrokeTracks)
    case gradientFill(GradientTracks, FillRule)
    case gradientStroke(GradientTracks, StrokeTracks)
  }
  // Stored state marked `@exclusivity(unchecked)`: see "Exclusivity" at `AnimationScene`.
  @exclusivity(unchecked) private var kind: Kind
  @exclusivity(unchecked) private var opacityTrack: Track<Double>
  let isAnimated: Bool
  /// The paint at the last update.
  @exclusivity(unchecked) private(set) var paint: PaintOperation.Paint
  /// Opacity 0...100 at the last update.
  var opacity: Double { opacityTrack.value }
  /// The paint's own blend mode (`bm`, numbered as layers'; 0 normal).
  let blendMode: BlendMode

  init?(_ item: ShapeItem, scope: ExpressionScope?) {
    blendMode = item.blendMode
    switch item.kind {
    case .fill(let c, let o, let rule):
      kind = .fill(Track(c, scope: scope), rule)
      opacityTrack = Track(o, scope: scope)
    case .stroke(let c, let o, let style):
      kind = .stroke(Track(c, scope: scope), StrokeTracks(style, scope: scope))
      opacityTrack = Track(o, scope: scope)
    case .gradientFill(let g, let o, let rule):
      kind = .gradientFill(GradientTracks(g, scope: scope), rule)
      opacityTrack = Track(o, scope: scope)
    case .gradientStroke(let g, let o, let style):
      kind = .gradientStroke(GradientTracks(g, scope: scope), StrokeTracks(style, scope: scope))
      opacityTrack = Track(o, scope: scope)
    default:
      return nil
    }
    switch kind {
    case .fill(let c, _): isAnimated = c.isAnimated || opacityTrack.isAnimated
    case .stroke(let c, let s): isAnimated = c.isAnimated || s.isAnimated || opacityTrack.isAnimated
    case .gradientFill(let g, _): isAnimated = g.isAnimated || opacityTrack.isAnimated
    case .gradientStroke(let g, let s): isAnimated = g.isAnimated || s.isAnimated || opacityTrack.isAnimated
    }
    paint = .fill(RGBA(0, 0, 0), .nonZero)
    paint = makePaint()
  }

  func update(at frame: Double) -> Bool {
    guard isAnimated else { return false }
    var changed = opacityTrack.update(at: frame)
    var repaint = false
    switch kind {
    case .fill(var c, let rule):
      repaint = c.update(at: frame)
      kind = .fill(c, rule)
    case .stroke(var c, var s):
      repaint = c.update(at: frame)
      repaint = s.update(at: frame) || repaint
      kind = .stroke(c, s)
    case .gradientFill(var g, let rule):
      repaint = g.update(at: frame)
      kind = .gradientFill(g, rule)
    case .gradientStroke(var g, var s):
      repaint = g.update(at: frame)
      repaint = s.update(at: frame) || repaint
      kind = .gradientStroke(g, s)
    }
    if repaint {
      paint = makePaint()
      changed = true
    }
    return changed
  }

  private func makePaint() -> PaintOperation.Paint {
    switch kind {
    case .fill(let c, let rule): return .fill(c.value, rule)
    case .stroke(let c, let s): return .stroke(c.value, s.parameters)
    case .gradientFill(let g, let rule): return .gradientFill(g.parameters, rule)
    case .gradientStroke(let g, let s): return .gradientStroke(g.parameters, s.parameters)
    }
  }
}

/// A stroke's width and dashes.
struct StrokeTracks {
  let cap: LineCap
  let join: LineJoin
  let miterLimit: Double
  var width: Track<Double>
  /// (`d`, `g` or `o`, length) in order.
  var dashes: [(kind: String, length: Track<Double>)]
  private(set) var parameters: StrokeParameters

  init(_ s: StrokeStyle, scope: ExpressionScope?) {
    cap = s.cap
    join = s.join
    miterLimit = s.miterLimit
    width = Track(s.width, scope: scope)
    dashes = s.dashes.map { ($0.kind, Track($0.length, scope: scope)) }
    parameters = StrokeParameters(
      width: 0, cap: s.cap, join: s.join, miterLimit: s.miterLimit, dashes: [], dashOffset: 0)
    parameters = makeParameters()
  }

  var isAnimated: Bool { width.isAnimated || dashes.contains { $0.length.isAnimated } }

  mutating func update(at frame: Double) -> Bool {
    var changed = width.update(at: frame)
    // Only animated dashes are updated in place: a change through the list copies it (the paint's enum still
    // holds it), which every frame would do for nothing when the dashes stand still.
    for i in dashes.indices where dashes[i].length.isAnimated && dashes[i].length.update(at: frame) { changed = true }
    if changed { parameters = makeParameters() }
    return changed
  }

  private func makeParameters() -> StrokeParameters {
    var pattern: [Double] = []
    var dashOffset = 0.0
    for d in dashes {
      let v = d.length.value
      if d.kind == "o" { dashOffset = v } else { pattern.append(max(0, v)) }
    }
    if pattern.count % 2 == 1 { pattern += pattern }
    if pattern.allSatisfy({ $0 == 0 }) { pattern = [] }
    StrokeTracks.lengthenEmptyDashes(&pattern)
    return StrokeParameters(
      width: width.value, cap: cap, join: join, miterLimit: miterLimit, dashes: pattern, dashOffset: dashOffset)
  }

  /// Cairo draws a zero-length dash (a dot with round or square caps) only when it starts the pattern; later
  /// ones vanish (`[4, 0, 5]` shows no dots, where canvas and ThorVG draw them). A dash of a hundred-thousandth
  /// of the pattern, taken from the gap after it, is drawn and looks the same.
  package static func lengthenEmptyDashes(_ dashes: inout [Double]) {
    let epsilon = dashes.reduce(0, +) * 1e-5
    guard epsilon > 0 else { return }
    for i in stride(from: 2, to: dashes.count - 1, by: 2) where dashes[i] == 0 && dashes[i + 1] >= 2 * epsilon {
      dashes[i] = epsilon
      dashes[i + 1] -= epsilon
    }
  }
}

/// A gradient's tracks, with its stops merged once per change.
struct GradientTracks {
  let isRadial: Bool
  let colorStopCount: Int
  var stops: Track<NumberList>
  var start: Track<Vec2>
  var end: Track<Vec2>
  var highlightLength: Track<Double>
  var highlightAngle: Track<Double>
  private(set) var parameters: GradientParameters

  init(_ g: Gradient, scope: ExpressionScope?) {
    isRadial = g.isRadial
    colorStopCount = g.colorStopCount
    stops = Track(g.stops, scope: scope)
    start = Track(g.start, scope: scope)
    end = Track(g.end, scope: scope)
    highlightLength = Track(g.highlightLength, scope: scope)
    highlightAngle = Track(g.highlightAngle, scope: scope)
    parameters = GradientParameters(
      isRadial: g.isRadial, start: .zero, end: .zero, highlightLength: 0, highlightAngle: 0, stops: [])
    parameters = makeParameters(restops: true)
  }

  var isAnimated: Bool {
    stops.isAnimated || start.isAnimated || end.isAnimated || highlightLength.isAnimated || highlightAngle.isAnimated
  }

  mutating func update(at frame: Double) -> Bool {
    let restops = stops.update(at: frame)
    var changed = start.update(at: frame) || restops
    changed = end.update(at: frame) || changed
    changed = highlightLength.update(at: frame) || changed
    changed = highlightAngle.update(at: frame) || changed
    if changed { parameters = makeParameters(restops: restops) }
    return changed
  }

  private func makeParameters(restops: Bool) -> GradientParameters {
    GradientParameters(
      isRadial: isRadial, start: start.value, end: end.value, highlightLength: highlightLength.value,
      highlightAngle: highlightAngle.value,
      stops: restops ? GradientParameters.stops(stops.value.values, colorCount: colorStopCount) : parameters.stops)
  }
}

extension ShapeContent {
  /// Whether a paint has a blend mode of its own (`bm`): the painter then draws the layer as a group of its
  /// own, and the paint's group too, so that the paint blends with the paints of its group only.
  package var hasBlendedPaint: Bool { operations.contains { $0.blendMode != .normal } }
}
