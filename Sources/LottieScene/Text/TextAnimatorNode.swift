import Lottie

/// One text animator (`t.a[i]`) as a scene node: the properties it changes as tracks, and its range
/// selector, whose own tracks say which characters it changes and how much. Values are in the units the
/// layout uses (scale and percentages as fractions, angles in degrees), as lottie-web's
/// `TextAnimatorDataProperty` holds them.
package final class TextAnimatorNode {
  // Stored state marked `@exclusivity(unchecked)`: see "Exclusivity" at `AnimationScene`.
  @exclusivity(unchecked) private var anchorTrack: Track<Vec2>?
  @exclusivity(unchecked) private var positionTrack: Track<Vec2>?
  @exclusivity(unchecked) private var scaleTrack: Track<Vec2>?
  @exclusivity(unchecked) private var rotationTrack: Track<Double>?
  @exclusivity(unchecked) private var skewTrack: Track<Double>?
  @exclusivity(unchecked) private var skewAxisTrack: Track<Double>?
  @exclusivity(unchecked) private var opacityTrack: Track<Double>?
  @exclusivity(unchecked) private var fillColorTrack: Track<RGBA>?
  @exclusivity(unchecked) private var fillHueTrack: Track<Double>?
  @exclusivity(unchecked) private var fillSaturationTrack: Track<Double>?
  @exclusivity(unchecked) private var fillBrightnessTrack: Track<Double>?
  @exclusivity(unchecked) private var fillOpacityTrack: Track<Double>?
  @exclusivity(unchecked) private var strokeColorTrack: Track<RGBA>?
  @exclusivity(unchecked) private var strokeHueTrack: Track<Double>?
  @exclusivity(unchecked) private var strokeSaturationTrack: Track<Double>?
  @exclusivity(unchecked) private var strokeBrightnessTrack: Track<Double>?
  @exclusivity(unchecked) private var strokeOpacityTrack: Track<Double>?
  @exclusivity(unchecked) private var strokeWidthTrack: Track<Double>?
  @exclusivity(unchecked) private var trackingTrack: Track<Double>?
  /// The range selector.
  package let selector: TextRangeSelectorNode
  /// Whether any property or the selector can change.
  package let isAnimated: Bool

  init(_ animator: TextAnimator) {
    let p = animator.properties
    anchorTrack = p.anchor.map { Track($0) }
    positionTrack = p.position.map { Track($0, spatial: true) }
    scaleTrack = p.scale.map { Track($0) }
    rotationTrack = p.rotation.map { Track($0) }
    skewTrack = p.skew.map { Track($0) }
    skewAxisTrack = p.skewAxis.map { Track($0) }
    opacityTrack = p.opacity.map { Track($0) }
    fillColorTrack = p.fillColor.map { Track($0) }
    fillHueTrack = p.fillHue.map { Track($0) }
    fillSaturationTrack = p.fillSaturation.map { Track($0) }
    fillBrightnessTrack = p.fillBrightness.map { Track($0) }
    fillOpacityTrack = p.fillOpacity.map { Track($0) }
    strokeColorTrack = p.strokeColor.map { Track($0) }
    strokeHueTrack = p.strokeHue.map { Track($0) }
    strokeSaturationTrack = p.strokeSaturation.map { Track($0) }
    strokeBrightnessTrack = p.strokeBrightness.map { Track($0) }
    strokeOpacityTrack = p.strokeOpacity.map { Track($0) }
    strokeWidthTrack = p.strokeWidth.map { Track($0) }
    trackingTrack = p.tracking.map { Track($0) }
    selector = TextRangeSelectorNode(animator.selector)
    let vectors = [anchorTrack, positionTrack, scaleTrack].contains { $0?.isAnimated ?? false }
    let colors = [fillColorTrack, strokeColorTrack].contains { $0?.isAnimated ?? false }
    let scalars = [
      rotationTrack, skewTrack, skewAxisTrack, opacityTrack, fillHueTrack, fillSaturationTrack, fillBrightnessTrack,
      fillOpacityTrack, strokeHueTrack, strokeSaturationTrack, strokeBrightnessTrack, strokeOpacityTrack,
      strokeWidthTrack, trackingTrack,
    ].contains { $0?.isAnimated ?? false }
    isAnimated = vectors || colors || scalars || selector.isAnimated
  }

  /// Brings every track to `frame`; true when any value changed.
  func update(at frame: Double) -> Bool {
    guard isAnimated else { return false }
    var changed = false
    func tick<Value>(_ track: inout Track<Value>?) {
      if track?.update(at: frame) == true { changed = true }
    }
    tick(&anchorTrack)
    tick(&positionTrack)
    tick(&scaleTrack)
    tick(&rotationTrack)
    tick(&skewTrack)
    tick(&skewAxisTrack)
    tick(&opacityTrack)
    tick(&fillColorTrack)
    tick(&fillHueTrack)
    tick(&fillSaturationTrack)
    tick(&fillBrightnessTrack)
    tick(&fillOpacityTrack)
    tick(&strokeColorTrack)
    tick(&strokeHueTrack)
    tick(&strokeSaturationTrack)
    tick(&strokeBrightnessTrack)
    tick(&strokeOpacityTrack)
    tick(&strokeWidthTrack)
    tick(&trackingTrack)
    if selector.update(at: frame) { changed = true }
    return changed
  }

  // MARK: - Values at the last update

  package var anchor: Vec2? { anchorTrack?.value }
  package var position: Vec2? { positionTrack?.value }
  /// Scale as a factor (1 = 100 %).
  package var scale: Vec2? { scaleTrack.map { $0.value * 0.01 } }
  /// Degrees.
  package var rotation: Double? { rotationTrack?.value }
  package var skew: Double? { skewTrack?.value }
  package var skewAxis: Double { skewAxisTrack?.value ?? 0 }
  /// Fractions (1 = 100 %).
  package var opacity: Double? { opacityTrack.map { $0.value / 100 } }
  package var fillColor: RGBA? { fillColorTrack?.value }
  package var fillHue: Double? { fillHueTrack?.value }
  package var fillSaturation: Double? { fillSaturationTrack.map { $0.value / 100 } }
  package var fillBrightness: Double? { fillBrightnessTrack.map { $0.value / 100 } }
  package var fillOpacity: Double? { fillOpacityTrack.map { $0.value / 100 } }
  package var strokeColor: RGBA? { strokeColorTrack?.value }
  package var strokeHue: Double? { strokeHueTrack?.value }
  package var strokeSaturation: Double? { strokeSaturationTrack.map { $0.value / 100 } }
  package var strokeBrightness: Double? { strokeBrightnessTrack.map { $0.value / 100 } }
  package var strokeOpacity: Double? { strokeOpacityTrack.map { $0.value / 100 } }
  package var strokeWidth: Double? { strokeWidthTrack?.value }
  package var tracking: Double? { trackingTrack?.value }

  /// Whether the animator changes the fill colour.
  package var changesFill: Bool {
    fillColorTrack != nil || fillHueTrack != nil || fillSaturationTrack != nil || fillBrightnessTrack != nil
  }
  /// Whether the animator changes the stroke colour.
  package var changesStroke: Bool {
    strokeColorTrack != nil || strokeHueTrack != nil || strokeSaturationTrack != nil || strokeBrightnessTrack != nil
  }
}

/// A range selector (`t.a[i].s`): start, end, offset, amount, ease and smoothness as tracks, and the
/// options that say what it counts and how its amount ramps.
package final class TextRangeSelectorNode {
  @exclusivity(unchecked) private var startTrack: Track<Double>
  @exclusivity(unchecked) private var endTrack: Track<Double>?
  @exclusivity(unchecked) private var offsetTrack: Track<Double>
  @exclusivity(unchecked) private var amountTrack: Track<Double>
  @exclusivity(unchecked) private var easeLowTrack: Track<Double>
  @exclusivity(unchecked) private var easeHighTrack: Track<Double>
  @exclusivity(unchecked) private var smoothnessTrack: Track<Double>
  /// Percent of the count, or indices.
  package let units: TextRangeUnits
  /// What one index counts: characters (with or without spaces), words or lines.
  package let basedOn: TextRangeBasis
  package let shape: TextRangeShape
  let isAnimated: Bool

  init(_ s: TextRangeSelector) {
    startTrack = Track(s.start)
    endTrack = s.end.map { Track($0) }
    offsetTrack = Track(s.offset)
    amountTrack = Track(s.amount)
    easeLowTrack = Track(s.easeLow)
    easeHighTrack = Track(s.easeHigh)
    smoothnessTrack = Track(s.smoothness)
    units = s.units
    basedOn = s.basedOn
    shape = s.shape
    isAnimated =
      startTrack.isAnimated || (endTrack?.isAnimated ?? false) || offsetTrack.isAnimated || amountTrack.isAnimated
      || easeLowTrack.isAnimated || easeHighTrack.isAnimated || smoothnessTrack.isAnimated
  }

  func update(at frame: Double) -> Bool {
    guard isAnimated else { return false }
    var changed = startTrack.update(at: frame)
    if endTrack?.update(at: frame) == true { changed = true }
    if offsetTrack.update(at: frame) { changed = true }
    if amountTrack.update(at: frame) { changed = true }
    if easeLowTrack.update(at: frame) { changed = true }
    if easeHighTrack.update(at: frame) { changed = true }
    if smoothnessTrack.update(at: frame) { changed = true }
    return changed
  }

  /// The selection over a text whose selector counts `count` units (characters, words...), at the last
  /// update.
  package func selection(count: Int) -> TextSelection {
    TextSelection(
      count: count, units: units, shape: shape, start: startTrack.value, end: endTrack?.value,
      offset: offsetTrack.value, amount: amountTrack.value, easeLow: easeLowTrack.value,
      easeHigh: easeHighTrack.value, smoothness: smoothnessTrack.value)
  }
}
