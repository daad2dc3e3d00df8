import Foundation
import Lottie

/// A layer effect's or style's values at one frame (lengths still in layer pixels).
package enum EffectValues: Equatable {
  case fill(color: RGBA, opacity: Double)
  case tint(black: RGBA, white: RGBA, amount: Double)
  case tritone(bright: RGBA, mid: RGBA, dark: RGBA)
  case gaussianBlur(sigma: Double, dimensions: Double)
  case stroke(
    maskIndex: Int, allMasks: Bool, color: RGBA, size: Double, opacity: Double, start: Double, end: Double,
    spacing: Double, paintStyle: StrokePaintStyle)
  case dropShadow(color: RGBA, opacity: Double, direction: Double, distance: Double, sigma: Double, shadowOnly: Bool)
  case layerStroke(color: RGBA, size: Double, opacity: Double)
  case innerShadow(
    color: RGBA, opacity: Double, direction: Double, distance: Double, sigma: Double, blendMode: BlendMode)
  case gradientRamp(start: Vec2, startColor: RGBA, end: Vec2, endColor: RGBA, shape: Double, blend: Double)
  /// Transform effects are part of the layer's matrix (`SceneLayer.contentMatrix`): drawn as nothing here.
  case transform
}

/// One effect or style of a layer: its properties as tracks (numbers, colours and points, in the order of the
/// effect's case), its values rebuilt when one moved.
package final class EffectNode {
  private var numbers: [Track<Double>]
  private var colors: [Track<RGBA>]
  private var points: [Track<Vec2>]
  private let assemble: ([Double], [RGBA], [Vec2]) -> EffectValues
  package let isAnimated: Bool
  /// The values at the last update.
  package private(set) var values: EffectValues

  init(
    numbers: [Animatable<Double>], colors: [Animatable<RGBA>] = [], points: [Animatable<Vec2>] = [],
    scope: ExpressionScope?, assemble: @escaping ([Double], [RGBA], [Vec2]) -> EffectValues
  ) {
    self.numbers = numbers.map { Track($0, scope: scope) }
    self.colors = colors.map { Track($0, scope: scope) }
    self.points = points.map { Track($0, scope: scope) }
    self.assemble = assemble
    isAnimated =
      self.numbers.contains { $0.isAnimated } || self.colors.contains { $0.isAnimated }
      || self.points.contains { $0.isAnimated }
    values = assemble(self.numbers.map(\.value), self.colors.map(\.value), self.points.map(\.value))
  }

  func update(at frame: Double) -> Bool {
    guard isAnimated else { return false }
    var changed = false
    for i in numbers.indices where numbers[i].update(at: frame) { changed = true }
    for i in colors.indices where colors[i].update(at: frame) { changed = true }
    for i in points.indices where points[i].update(at: frame) { changed = true }
    if changed { values = assemble(numbers.map(\.value), colors.map(\.value), points.map(\.value)) }
    return changed
  }

  /// The node for a model effect.
  static func make(_ effect: LayerEffect, scope: ExpressionScope?) -> EffectNode {
    switch effect {
    case .fill(let color, let opacity):
      return EffectNode(numbers: [opacity], colors: [color], scope: scope) { n, c, _ in
        .fill(color: c[0], opacity: n[0])
      }
    case .tint(let black, let white, let amount):
      return EffectNode(numbers: [amount], colors: [black, white], scope: scope) { n, c, _ in
        .tint(black: c[0], white: c[1], amount: n[0])
      }
    case .tritone(let bright, let mid, let dark):
      return EffectNode(numbers: [], colors: [bright, mid, dark], scope: scope) { _, c, _ in
        .tritone(bright: c[0], mid: c[1], dark: c[2])
      }
    case .gaussianBlur(let sigma, let dimensions):
      return EffectNode(numbers: [sigma, dimensions], scope: scope) { n, _, _ in
        .gaussianBlur(sigma: n[0], dimensions: n[1])
      }
    case .stroke(let index, let all, let color, let size, let opacity, let start, let end, let spacing, let style):
      return EffectNode(numbers: [size, opacity, start, end, spacing], colors: [color], scope: scope) { n, c, _ in
        .stroke(
          maskIndex: index, allMasks: all, color: c[0], size: n[0], opacity: n[1], start: n[2], end: n[3],
          spacing: n[4], paintStyle: style)
      }
    case .dropShadow(let color, let opacity, let direction, let distance, let sigma, let shadowOnly):
      return EffectNode(numbers: [opacity, direction, distance, sigma], colors: [color], scope: scope) { n, c, _ in
        .dropShadow(
          color: c[0], opacity: n[0], direction: n[1], distance: n[2], sigma: n[3], shadowOnly: shadowOnly)
      }
    case .layerStroke(let color, let size, let opacity):
      return EffectNode(numbers: [size, opacity], colors: [color], scope: scope) { n, c, _ in
        .layerStroke(color: c[0], size: n[0], opacity: n[1])
      }
    case .innerShadow(let color, let opacity, let direction, let distance, let sigma, let blendMode):
      return EffectNode(numbers: [opacity, direction, distance, sigma], colors: [color], scope: scope) { n, c, _ in
        .innerShadow(
          color: c[0], opacity: n[0], direction: n[1], distance: n[2], sigma: n[3], blendMode: blendMode)
      }
    case .gradientRamp(let start, let startColor, let end, let endColor, let shape, let blend):
      return EffectNode(numbers: [shape, blend], colors: [startColor, endColor], points: [start, end], scope: scope) {
        n, c, p in
        .gradientRamp(start: p[0], startColor: c[0], end: p[1], endColor: c[1], shape: n[0], blend: n[1])
      }
    case .transform:
      return EffectNode(numbers: [], scope: scope) { _, _, _ in .transform }
    }
  }
}

/// A Transform effect (`ADBE Geometry2`): a matrix applied to the layer's own content before its transform,
/// and an opacity, as lottie-web's TransformEffect.
final class TransformEffectNode {
  private var anchor: Track<Vec2>
  private var position: Track<Vec2>
  private var uniformScale: Track<Double>
  private var scaleHeight: Track<Double>
  private var scaleWidth: Track<Double>
  private var skew: Track<Double>
  private var skewAxis: Track<Double>
  private var rotation: Track<Double>
  private var opacityTrack: Track<Double>
  let isAnimated: Bool
  /// The matrix and opacity (0...1) at the last update.
  private(set) var matrix = Affine.identity
  private(set) var opacity = 1.0

  init?(_ effect: LayerEffect, scope: ExpressionScope?) {
    guard case .transform(let a, let p, let uniform, let sh, let sw, let sk, let sa, let r, let o) = effect else {
      return nil
    }
    anchor = Track(a, scope: scope)
    position = Track(p, scope: scope)
    uniformScale = Track(uniform, scope: scope)
    scaleHeight = Track(sh, scope: scope)
    scaleWidth = Track(sw, scope: scope)
    skew = Track(sk, scope: scope)
    skewAxis = Track(sa, scope: scope)
    rotation = Track(r, scope: scope)
    opacityTrack = Track(o, scope: scope)
    isAnimated =
      anchor.isAnimated || position.isAnimated || uniformScale.isAnimated || scaleHeight.isAnimated
      || scaleWidth.isAnimated || skew.isAnimated || skewAxis.isAnimated || rotation.isAnimated
      || opacityTrack.isAnimated
    make()
  }

  func update(at frame: Double) -> Bool {
    guard isAnimated else { return false }
    var changed = anchor.update(at: frame)
    changed = position.update(at: frame) || changed
    changed = uniformScale.update(at: frame) || changed
    changed = scaleHeight.update(at: frame) || changed
    changed = scaleWidth.update(at: frame) || changed
    changed = skew.update(at: frame) || changed
    changed = skewAxis.update(at: frame) || changed
    changed = rotation.update(at: frame) || changed
    changed = opacityTrack.update(at: frame) || changed
    if changed { make() }
    return changed
  }

  /// Anchor, scale (width follows height when uniform), rotation, skew along its axis (turned a quarter),
  /// position.
  private func make() {
    let height = scaleHeight.value / 100
    let width = uniformScale.value != 0 ? height : scaleWidth.value / 100
    var m = Affine.translation(-anchor.value.x, -anchor.value.y).then(.scale(width, height))
    if rotation.value != 0 { m = m.then(.rotation(rotation.value * .pi / 180)) }
    if skew.value != 0 {
      let axis = (skewAxis.value + 90) * .pi / 180
      let shear = Affine(a: 1, b: 0, c: tan(-skew.value * .pi / 180), d: 1, tx: 0, ty: 0)
      m = m.then(.rotation(axis)).then(shear).then(.rotation(-axis))
    }
    matrix = m.then(.translation(position.value.x, position.value.y))
    opacity = min(max(opacityTrack.value, 0), 1)
  }
}

/// A layer mask: its path, opacity and expansion as tracks.
package final class MaskNode {
  package let mode: MaskMode
  package let isInverted: Bool
  private var pathTrack: Track<BezierPath>
  private var opacityTrack: Track<Double>
  private var expansionTrack: Track<Double>
  let isAnimated: Bool

  /// The path in layer space at the last update.
  package var path: BezierPath { pathTrack.value }
  /// Opacity 0...100.
  package var opacity: Double { opacityTrack.value }
  /// Expansion in layer pixels.
  package var expansion: Double { expansionTrack.value }

  init(_ mask: Mask, scope: ExpressionScope?) {
    mode = mask.mode
    isInverted = mask.isInverted
    pathTrack = Track(mask.path, scope: scope)
    opacityTrack = Track(mask.opacity, scope: scope)
    expansionTrack = Track(mask.expansion, scope: scope)
    isAnimated = pathTrack.isAnimated || opacityTrack.isAnimated || expansionTrack.isAnimated
  }

  func update(at frame: Double) -> Bool {
    guard isAnimated else { return false }
    var changed = pathTrack.update(at: frame)
    changed = opacityTrack.update(at: frame) || changed
    changed = expansionTrack.update(at: frame) || changed
    return changed
  }
}
