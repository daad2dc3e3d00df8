import Foundation
import Lottie

/// A 2D affine transform mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty), Cairo's layout.
struct Affine: Equatable {
  var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

  static let identity = Affine()

  static func translation(_ x: Double, _ y: Double) -> Affine { Affine(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
  static func scale(_ x: Double, _ y: Double) -> Affine { Affine(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }
  /// Rotation by `radians`, clockwise on screen (y points down).
  static func rotation(_ radians: Double) -> Affine {
    let cs = cos(radians), sn = sin(radians)
    return Affine(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
  }

  /// The transform that applies `self` first, then `next`.
  func then(_ next: Affine) -> Affine {
    Affine(
      a: next.a * a + next.c * b, b: next.b * a + next.d * b,
      c: next.a * c + next.c * d, d: next.b * c + next.d * d,
      tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
  }

  @inline(__always) func apply(_ p: Vec2) -> Vec2 { Vec2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
  @inline(__always) func applyVector(_ p: Vec2) -> Vec2 { Vec2(a * p.x + c * p.y, b * p.x + d * p.y) }

  var isIdentity: Bool { self == .identity }
  var determinant: Double { a * d - b * c }

  /// The matrix of a Lottie transform at `frame`, as lottie-web builds it: move the anchor to the origin,
  /// scale, skew along the skew axis, rotate, then move to the position.
  static func make(_ t: Transform, at frame: Double, extraRotation: Double = 0) -> Affine {
    let anchor = t.anchor.value(at: frame)
    let position = t.position.value(at: frame)
    let scale = t.scale.value(at: frame)
    let rotation = (t.rotation.value(at: frame) + extraRotation) * .pi / 180
    var m = Affine.translation(-anchor.x, -anchor.y).then(.scale(scale.x / 100, scale.y / 100))
    let skew = t.skew.value(at: frame)
    if skew != 0 {
      let axis = t.skewAxis.value(at: frame) * .pi / 180
      // lottie-web's skewFromAxis(-sk, sa): rotate by the axis, shear, rotate back.
      let shear = Affine(a: 1, b: 0, c: tan(-skew * .pi / 180), d: 1, tx: 0, ty: 0)
      m = m.then(.rotation(axis)).then(shear).then(.rotation(-axis))
    }
    if rotation != 0 { m = m.then(.rotation(rotation)) }
    return m.then(.translation(position.x, position.y))
  }
}

extension Affine {
  /// The largest factor by which the transform stretches a length (for stroke padding).
  var maxScale: Double {
    let sx = (a * a + b * b).squareRoot(), sy = (c * c + d * d).squareRoot()
    return max(sx, sy)
  }
}

/// An axis-aligned box in device pixels.
struct DeviceBox {
  var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

  var isValid: Bool { minX <= maxX && minY <= maxY && minX.isFinite && maxX.isFinite }

  mutating func add(_ p: Vec2, pad: Double) {
    guard p.x.isFinite, p.y.isFinite else { return }
    minX = min(minX, p.x - pad)
    minY = min(minY, p.y - pad)
    maxX = max(maxX, p.x + pad)
    maxY = max(maxY, p.y + pad)
  }

  mutating func addRect(w: Double, h: Double, _ m: Affine) {
    for p in [Vec2(0, 0), Vec2(w, 0), Vec2(0, h), Vec2(w, h)] { add(m.apply(p), pad: 1) }
  }

  /// Whether the box misses `other` entirely.
  func isEmpty(within other: DeviceBox) -> Bool {
    !isValid || maxX <= other.minX || maxY <= other.minY || minX >= other.maxX || minY >= other.maxY
  }
}
