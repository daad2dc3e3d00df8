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
    if t.rotationX != nil || t.rotationY != nil || t.orientation != nil {
      return make3D(t, at: frame, extraRotation: extraRotation)
    }
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
  /// A 3D layer's transform as lottie-web's canvas renderer draws it: the 4x4 matrix built in lottie-web's
  /// order (anchor, scale, skew, rotate Z, Y, X, orientation Z, Y, X, position; row vectors), then its x and y
  /// rows and columns taken as a 2D transform, which is an orthographic projection onto the screen.
  static func make3D(_ t: Transform, at frame: Double, extraRotation: Double) -> Affine {
    typealias M = [Double]
    func multiply(_ a: M, _ b: M) -> M {
      var r = M(repeating: 0, count: 16)
      for i in 0..<4 {
        for j in 0..<4 {
          var s = 0.0
          for k in 0..<4 { s += a[i * 4 + k] * b[k * 4 + j] }
          r[i * 4 + j] = s
        }
      }
      return r
    }
    func translate(_ x: Double, _ y: Double) -> M { [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, 0, 1] }
    func rotateZ(_ degrees: Double) -> M {
      let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
      return [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    }
    func rotateY(_ degrees: Double) -> M {
      let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
      return [c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0, 0, 0, 0, 1]
    }
    func rotateX(_ degrees: Double) -> M {
      let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
      return [1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0, 0, 0, 0, 1]
    }
    func from(_ a: Affine) -> M { [a.a, a.b, 0, 0, a.c, a.d, 0, 0, 0, 0, 1, 0, a.tx, a.ty, 0, 1] }
    let anchor = t.anchor.value(at: frame)
    let scale = t.scale.value(at: frame)
    var m = from(Affine.translation(-anchor.x, -anchor.y).then(.scale(scale.x / 100, scale.y / 100)))
    let skew = t.skew.value(at: frame)
    if skew != 0 {
      let axis = t.skewAxis.value(at: frame) * .pi / 180
      let shear = Affine(a: 1, b: 0, c: tan(-skew * .pi / 180), d: 1, tx: 0, ty: 0)
      m = multiply(m, from(Affine.rotation(axis).then(shear).then(.rotation(-axis))))
    }
    m = multiply(m, rotateZ(-(t.rotation.value(at: frame) + extraRotation)))
    m = multiply(m, rotateY(t.rotationY?.value(at: frame) ?? 0))
    m = multiply(m, rotateX(t.rotationX?.value(at: frame) ?? 0))
    if let o = t.orientation?.value(at: frame).values, o.count >= 3 {
      m = multiply(multiply(multiply(m, rotateZ(-o[2])), rotateY(o[1])), rotateX(o[0]))
    }
    let position = t.position.value(at: frame)
    m = multiply(m, translate(position.x, position.y))
    return Affine(a: m[0], b: m[1], c: m[4], d: m[5], tx: m[12], ty: m[13])
  }

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
  /// The part of both boxes (invalid when they do not meet).
  func intersection(_ other: DeviceBox) -> DeviceBox {
    var box = DeviceBox()
    box.minX = max(minX, other.minX)
    box.minY = max(minY, other.minY)
    box.maxX = min(maxX, other.maxX)
    box.maxY = min(maxY, other.maxY)
    return box
  }

  func isEmpty(within other: DeviceBox) -> Bool {
    !isValid || maxX <= other.minX || maxY <= other.minY || minX >= other.maxX || minY >= other.maxY
  }
}
