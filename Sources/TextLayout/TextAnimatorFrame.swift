import Foundation
import Lottie
import LottieScene

/// A text animator's values at one frame, its range selector reduced to a start and an end in selector
/// indices, as lottie-web's `TextAnimatorDataProperty` and `TextSelectorProp` hold them.
struct TextAnimatorFrame {
  var anchor: Vec2?
  var position: Vec2?
  /// Scale as a factor (1 = 100 %).
  var scale: Vec2?
  /// Degrees.
  var rotation: Double?
  var skew: Double?
  var skewAxis: Double
  /// Fractions (1 = 100 %).
  var opacity: Double?
  var fillColor: RGBA?
  var fillHue: Double?
  var fillSaturation: Double?
  var fillBrightness: Double?
  var fillOpacity: Double?
  var strokeColor: RGBA?
  var strokeHue: Double?
  var strokeSaturation: Double?
  var strokeBrightness: Double?
  var strokeOpacity: Double?
  var strokeWidth: Double?
  var tracking: Double?
  var selector: TextSelectorFrame

  /// Evaluates `animator` at `frame` for a text whose selector counts `count` units (characters, words...).
  init(_ animator: TextAnimator, frame: Double, count: Int) {
    let p = animator.properties
    anchor = p.anchor?.value(at: frame)
    position = p.position?.spatialValue(at: frame)
    scale = p.scale.map { $0.value(at: frame) * 0.01 }
    rotation = p.rotation?.value(at: frame)
    skew = p.skew?.value(at: frame)
    skewAxis = p.skewAxis?.value(at: frame) ?? 0
    opacity = p.opacity.map { $0.value(at: frame) / 100 }
    fillColor = p.fillColor?.value(at: frame)
    fillHue = p.fillHue?.value(at: frame)
    fillSaturation = p.fillSaturation.map { $0.value(at: frame) / 100 }
    fillBrightness = p.fillBrightness.map { $0.value(at: frame) / 100 }
    fillOpacity = p.fillOpacity.map { $0.value(at: frame) / 100 }
    strokeColor = p.strokeColor?.value(at: frame)
    strokeHue = p.strokeHue?.value(at: frame)
    strokeSaturation = p.strokeSaturation.map { $0.value(at: frame) / 100 }
    strokeBrightness = p.strokeBrightness.map { $0.value(at: frame) / 100 }
    strokeOpacity = p.strokeOpacity.map { $0.value(at: frame) / 100 }
    strokeWidth = p.strokeWidth?.value(at: frame)
    tracking = p.tracking?.value(at: frame)
    selector = TextSelectorFrame(animator.selector, frame: frame, count: count)
  }

  /// Whether the animator changes the fill colour.
  var changesFill: Bool { fillColor != nil || fillHue != nil || fillSaturation != nil || fillBrightness != nil }
  /// Whether the animator changes the stroke colour.
  var changesStroke: Bool {
    strokeColor != nil || strokeHue != nil || strokeSaturation != nil || strokeBrightness != nil
  }
}

/// A range selector at one frame.
struct TextSelectorFrame {
  /// Start and end in selector indices (start <= end), offset included.
  var start: Double
  var end: Double
  /// Amount as a fraction.
  var amount: Double
  /// Smoothness as a fraction.
  var smoothness: Double
  var shape: TextRangeShape
  /// The ease curve built from ease low and high.
  var easeOut: EasingHandle
  var easeIn: EasingHandle

  init(_ s: TextRangeSelector, frame: Double, count: Int) {
    let total = Double(count)
    // Percent units scale to the count; index units are taken as they are.
    let factor = s.units == .index ? 1 : total / 100
    let offset = s.offset.value(at: frame) * factor
    var a = s.start.value(at: frame) * factor + offset
    var b = (s.end?.value(at: frame) ?? (s.units == .index ? total : 100)) * factor + offset
    if a > b { swap(&a, &b) }
    start = a
    end = b
    amount = s.amount.value(at: frame) / 100
    smoothness = s.smoothness.value(at: frame) / 100
    shape = s.shape
    // Ease low pulls the curve's first handle right (positive) or up (negative); ease high the second.
    let low = s.easeLow.value(at: frame) / 100
    let high = s.easeHigh.value(at: frame) / 100
    easeOut = low > 0 ? EasingHandle(x: [low], y: [0]) : EasingHandle(x: [0], y: [-low])
    easeIn = high > 0 ? EasingHandle(x: [1 - high], y: [1]) : EasingHandle(x: [1], y: [1 + high])
  }

  /// How much the character (word, line) with selector index `index` is selected: 0...amount.
  func amount(at index: Double) -> Double {
    let s = start, e = end
    var ind = index
    var m = 0.0
    // Where the index falls in the range, 0...1, measured at the unit's centre.
    func ramp() -> Double { max(0, min(0.5 / (e - s) + (ind - s) / (e - s), 1)) }
    switch shape {
    case .rampUp:
      m = e == s ? (ind >= e ? 1 : 0) : ramp()
    case .rampDown:
      m = e == s ? (ind >= e ? 0 : 1) : 1 - ramp()
    case .triangle:
      if e != s {
        m = ramp()
        m = m < 0.5 ? m * 2 : 1 - 2 * (m - 0.5)
      }
    case .round:
      if e != s {
        let total = e - s
        ind = min(max(0, ind + 0.5 - s), total)
        let x = -total / 2 + ind
        let r = total / 2
        m = (max(0, 1 - (x * x) / (r * r))).squareRoot()
      }
    case .smooth:
      if e != s {
        ind = min(max(0, ind + 0.5 - s), e - s)
        m = (1 + cos(.pi + .pi * 2 * ind / (e - s))) / 2
      }
    case .square:
      if ind >= s.rounded(.down) {
        m = ind - s < 0 ? max(0, min(min(e, 1) - (s - ind), 1)) : max(0, min(e - ind, 1))
      }
    }
    m = Easing.progress(m, out: easeOut, in: easeIn, dimension: 0)
    // Smoothness narrows the 0...1 ramp around its middle.
    if smoothness != 1 {
      let width = smoothness == 0 ? 1e-8 : smoothness
      let threshold = 0.5 - width * 0.5
      m = m < threshold ? 0 : min((m - threshold) / width, 1)
    }
    return m * amount
  }
}

/// Colour offsets in HSV, as lottie-web's `addHueToRGB`, `addSaturationToRGB` and `addBrightnessToRGB`.
enum HSVAdjust {
  /// Turns the hue by `degrees`.
  static func hue(_ c: RGBA, _ degrees: Double) -> RGBA {
    var (h, s, v) = hsv(c)
    h += degrees / 360
    h -= h.rounded(.down)
    return rgb(h, s, v, alpha: c.a)
  }

  /// Adds `amount` (a fraction) to the saturation.
  static func saturation(_ c: RGBA, _ amount: Double) -> RGBA {
    let (h, s, v) = hsv(c)
    return rgb(h, min(max(s + amount, 0), 1), v, alpha: c.a)
  }

  /// Adds `amount` (a fraction) to the brightness (value).
  static func brightness(_ c: RGBA, _ amount: Double) -> RGBA {
    let (h, s, v) = hsv(c)
    return rgb(h, s, min(max(v + amount, 0), 1), alpha: c.a)
  }

  static func hsv(_ c: RGBA) -> (Double, Double, Double) {
    let mx = max(c.r, c.g, c.b), mn = min(c.r, c.g, c.b)
    let d = mx - mn
    let s = mx == 0 ? 0 : d / mx
    var h = 0.0
    if d > 0 {
      if mx == c.r {
        h = (c.g - c.b) / d + (c.g < c.b ? 6 : 0)
      } else if mx == c.g {
        h = (c.b - c.r) / d + 2
      } else {
        h = (c.r - c.g) / d + 4
      }
      h /= 6
    }
    return (h, s, mx)
  }

  static func rgb(_ h: Double, _ s: Double, _ v: Double, alpha: Double) -> RGBA {
    let i = (h * 6).rounded(.down)
    let f = h * 6 - i
    let p = v * (1 - s), q = v * (1 - f * s), t = v * (1 - (1 - f) * s)
    // The sector as `Int(i) % 6` (negative for negative hues), without trapping on a NaN or huge hue.
    switch i.truncatingRemainder(dividingBy: 6).clampedInt(-5...5) {
    case 0: return RGBA(v, t, p, alpha)
    case 1: return RGBA(q, v, p, alpha)
    case 2: return RGBA(p, v, t, alpha)
    case 3: return RGBA(p, q, v, alpha)
    case 4: return RGBA(t, p, v, alpha)
    default: return RGBA(v, p, q, alpha)
    }
  }
}

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

  /// The path at `frame`; nil when it has no length to put text on. `polylines` keeps the polylines of
  /// paths met before (a text path rarely moves while its margins animate); nil measures the path again.
  init?(_ p: TextPath, frame: Double, polylines: TextPathPolylines? = nil) {
    let path = p.path.value(at: frame)
    let reversed = p.reversed.value(at: frame) != 0
    guard let line = polylines?.polyline(path, reversed: reversed) ?? Self.polyline(path, reversed: reversed)
    else { return nil }
    points = line.points
    lengths = line.lengths
    isClosed = path.isClosed
    firstMargin = p.firstMargin.value(at: frame)
    forceAlignment = p.forceAlignment.value(at: frame) != 0
    perpendicular = p.perpendicular.value(at: frame) != 0
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
