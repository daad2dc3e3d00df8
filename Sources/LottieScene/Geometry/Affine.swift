import Foundation
import Lottie

/// A 2D affine transform mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty), Cairo's layout.
package struct Affine: Equatable {
  package var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

  package static let identity = Affine()

  package init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, tx: Double = 0, ty: Double = 0) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  package static func translation(_ x: Double, _ y: Double) -> Affine { Affine(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
  package static func scale(_ x: Double, _ y: Double) -> Affine { Affine(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }
  /// Rotation by `radians`, clockwise on screen (y points down).
  package static func rotation(_ radians: Double) -> Affine {
    let cs = cos(radians), sn = sin(radians)
    return Affine(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
  }

  /// The transform that applies `self` first, then `next`.
  package func then(_ next: Affine) -> Affine {
    Affine(
      a: next.a * a + next.c * b, b: next.b * a + next.d * b,
      c: next.a * c + next.c * d, d: next.b * c + next.d * d,
      tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
  }

  @inline(__always) package func apply(_ p: Vec2) -> Vec2 { Vec2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
  @inline(__always) package func applyVector(_ p: Vec2) -> Vec2 { Vec2(a * p.x + c * p.y, b * p.x + d * p.y) }

  package var isIdentity: Bool { self == .identity }
  package var determinant: Double { a * d - b * c }

  /// The matrix of a Lottie transform at `frame` (see `make(_ values:)`).
  package static func make(_ t: Transform, at frame: Double, extraRotation: Double = 0) -> Affine {
    make(TransformValues(t, at: frame), extraRotation: extraRotation)
  }

  /// The matrix of a Lottie transform, as lottie-web builds it: move the anchor to the origin, scale, skew
  /// along the skew axis, rotate, then move to the position. 3D layers go through `make3D`.
  package static func make(_ t: TransformValues, extraRotation: Double = 0) -> Affine {
    if t.is3D { return make3D(t, extraRotation: extraRotation) }
    let rotation = (t.rotation + extraRotation) * .pi / 180
    var m = Affine.translation(-t.anchor.x, -t.anchor.y).then(.scale(t.scale.x / 100, t.scale.y / 100))
    if t.skew != 0 {
      let axis = t.skewAxis * .pi / 180
      // lottie-web's skewFromAxis(-sk, sa): rotate by the axis, shear, rotate back.
      let shear = Affine(a: 1, b: 0, c: tan(-t.skew * .pi / 180), d: 1, tx: 0, ty: 0)
      m = m.then(.rotation(axis)).then(shear).then(.rotation(-axis))
    }
    if rotation != 0 { m = m.then(.rotation(rotation)) }
    return m.then(.translation(t.position.x, t.position.y))
  }
}

/// A transform's values at one frame.
package struct TransformValues: Equatable {
  package var anchor = Vec2.zero
  package var position = Vec2.zero
  package var scale = Vec2(100, 100)
  package var rotation = 0.0
  package var skew = 0.0
  package var skewAxis = 0.0
  /// 3D layers only.
  package var rotationX: Double? = nil
  package var rotationY: Double? = nil
  package var orientation: [Double]? = nil

  package var is3D: Bool { rotationX != nil || rotationY != nil || orientation != nil }

  package init() {}

  /// The model's transform at `frame`.
  package init(_ t: Transform, at frame: Double) {
    anchor = t.anchor.value(at: frame)
    position = t.position.value(at: frame)
    scale = t.scale.value(at: frame)
    rotation = t.rotation.value(at: frame)
    skew = t.skew.value(at: frame)
    skewAxis = t.skewAxis.value(at: frame)
    if t.rotationX != nil || t.rotationY != nil || t.orientation != nil {
      rotationX = t.rotationX?.value(at: frame) ?? 0
      rotationY = t.rotationY?.value(at: frame) ?? 0
      orientation = t.orientation?.value(at: frame).values
    }
  }
}

extension Affine {
  /// A 3D layer's transform as lottie-web's canvas renderer draws it: the 4x4 matrix built in lottie-web's
  /// order (anchor, scale, skew, rotate Z, Y, X, orientation Z, Y, X, position; row vectors), then its x and y
  /// rows and columns taken as a 2D transform, which is an orthographic projection onto the screen.
  package static func make3D(_ t: TransformValues, extraRotation: Double) -> Affine {
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
    var m = from(Affine.translation(-t.anchor.x, -t.anchor.y).then(.scale(t.scale.x / 100, t.scale.y / 100)))
    if t.skew != 0 {
      let axis = t.skewAxis * .pi / 180
      let shear = Affine(a: 1, b: 0, c: tan(-t.skew * .pi / 180), d: 1, tx: 0, ty: 0)
      m = multiply(m, from(Affine.rotation(axis).then(shear).then(.rotation(-axis))))
    }
    m = multiply(m, rotateZ(-(t.rotation + extraRotation)))
    m = multiply(m, rotateY(t.rotationY ?? 0))
    m = multiply(m, rotateX(t.rotationX ?? 0))
    if let o = t.orientation, o.count >= 3 {
      m = multiply(multiply(multiply(m, rotateZ(-o[2])), rotateY(o[1])), rotateX(o[0]))
    }
    m = multiply(m, translate(t.position.x, t.position.y))
    return Affine(a: m[0], b: m[1], c: m[4], d: m[5], tx: m[12], ty: m[13])
  }

  /// The inverse transform, or nil when the transform flattens the plane.
  package func inverted() -> Affine? {
    let det = determinant
    guard abs(det) > 1e-12 else { return nil }
    let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
    return Affine(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
  }

  /// The largest factor by which the transform stretches a length (for stroke padding).
  package var maxScale: Double {
    let sx = (a * a + b * b).squareRoot(), sy = (c * c + d * d).squareRoot()
    return max(sx, sy)
  }
}

/// An axis-aligned box in device pixels.
package struct DeviceBox {
  package var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

  /// An empty box (nothing added yet).
  package init() {}

  package var isValid: Bool { minX <= maxX && minY <= maxY && minX.isFinite && maxX.isFinite }

  package mutating func add(_ p: Vec2, pad: Double) {
    guard p.x.isFinite, p.y.isFinite else { return }
    minX = min(minX, p.x - pad)
    minY = min(minY, p.y - pad)
    maxX = max(maxX, p.x + pad)
    maxY = max(maxY, p.y + pad)
  }

  package mutating func addRect(w: Double, h: Double, _ m: Affine) {
    for p in [Vec2(0, 0), Vec2(w, 0), Vec2(0, h), Vec2(w, h)] { add(m.apply(p), pad: 1) }
  }

  /// The part of both boxes (invalid when they do not meet).
  package func intersection(_ other: DeviceBox) -> DeviceBox {
    var box = DeviceBox()
    box.minX = max(minX, other.minX)
    box.minY = max(minY, other.minY)
    box.maxX = min(maxX, other.maxX)
    box.maxY = min(maxY, other.maxY)
    return box
  }

  /// The smallest box holding both (both valid).
  package func union(_ other: DeviceBox) -> DeviceBox {
    var box = DeviceBox()
    box.minX = min(minX, other.minX)
    box.minY = min(minY, other.minY)
    box.maxX = max(maxX, other.maxX)
    box.maxY = max(maxY, other.maxY)
    return box
  }

  /// Whether the box misses `other` entirely.
  package func isEmpty(within other: DeviceBox) -> Bool {
    !isValid || maxX <= other.minX || maxY <= other.minY || minX >= other.maxX || minY >= other.maxY
  }
}
