import Foundation
import Lottie

/// A range selector's selection over one text: its start and end in selector indices, and how much each
/// index is selected, as lottie-web's `TextSelectorProp` computes it.
package struct TextSelection {
  /// Start and end in selector indices (start <= end), offset included.
  package var start: Double
  package var end: Double
  /// Amount as a fraction.
  package var amount: Double
  /// Smoothness as a fraction.
  package var smoothness: Double
  package var shape: TextRangeShape
  /// The ease curve built from ease low and high.
  package var easeOut: EasingHandle
  package var easeIn: EasingHandle

  /// The selection of a selector with these values (start, end, offset in `units`; amount, ease and
  /// smoothness in percent) over `count` units.
  init(
    count: Int, units: TextRangeUnits, shape: TextRangeShape, start: Double, end: Double?, offset: Double,
    amount: Double, easeLow: Double, easeHigh: Double, smoothness: Double
  ) {
    let total = Double(count)
    // Percent units scale to the count; index units are taken as they are.
    let factor = units == .index ? 1 : total / 100
    let offset = offset * factor
    var a = start * factor + offset
    var b = (end ?? (units == .index ? total : 100)) * factor + offset
    if a > b { swap(&a, &b) }
    self.start = a
    self.end = b
    self.amount = amount / 100
    self.smoothness = smoothness / 100
    self.shape = shape
    // Ease low pulls the curve's first handle right (positive) or up (negative); ease high the second.
    let low = easeLow / 100
    let high = easeHigh / 100
    easeOut = low > 0 ? EasingHandle(x: [low], y: [0]) : EasingHandle(x: [0], y: [-low])
    easeIn = high > 0 ? EasingHandle(x: [1 - high], y: [1]) : EasingHandle(x: [1], y: [1 + high])
  }

  /// How much the character (word, line) with selector index `index` is selected: 0...amount.
  package func amount(at index: Double) -> Double {
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
