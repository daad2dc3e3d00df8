/// A 2D point or vector in Lottie units (pixels of the composition).
public struct Vec2: Sendable, Hashable {
  public var x: Double
  public var y: Double
  /// Makes a vector.
  @inlinable public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }
  /// The zero vector.
  public static let zero = Vec2(0, 0)
  @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
  @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
  @inlinable public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
  /// Euclidean length.
  @inlinable public var length: Double { (x * x + y * y).squareRoot() }
}

/// A colour with straight alpha, each channel in 0...1.
public struct RGBA: Sendable, Hashable {
  public var r: Double
  public var g: Double
  public var b: Double
  public var a: Double
  /// Makes a colour.
  public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }
}

/// A cubic Bézier path as Lottie stores it: vertices with in/out tangents relative to each vertex.
public struct BezierPath: Sendable, Hashable {
  /// Whether the last vertex joins the first.
  public var isClosed: Bool
  /// Vertex positions.
  public var vertices: [Vec2]
  /// Incoming tangent of each vertex, relative to it.
  public var inTangents: [Vec2]
  /// Outgoing tangent of each vertex, relative to it.
  public var outTangents: [Vec2]

  /// Makes a path; the three arrays have the same length.
  public init(isClosed: Bool, vertices: [Vec2], inTangents: [Vec2], outTangents: [Vec2]) {
    self.isClosed = isClosed
    self.vertices = vertices
    self.inTangents = inTangents
    self.outTangents = outTangents
  }
}

/// Values that keyframes can interpolate between.
public protocol Interpolatable: Sendable {
  /// The value between `a` and `b`; `progress(i)` is the eased progress of component `i`
  /// (Lottie eases each dimension of a vector with its own curve).
  static func interpolate(_ a: Self, _ b: Self, progress: (Int) -> Double) -> Self
}

extension Double: Interpolatable {
  @inlinable public static func interpolate(_ a: Double, _ b: Double, progress: (Int) -> Double) -> Double {
    a + (b - a) * progress(0)
  }
}

extension Vec2: Interpolatable {
  @inlinable public static func interpolate(_ a: Vec2, _ b: Vec2, progress: (Int) -> Double) -> Vec2 {
    Vec2(a.x + (b.x - a.x) * progress(0), a.y + (b.y - a.y) * progress(1))
  }
}

extension RGBA: Interpolatable {
  @inlinable public static func interpolate(_ a: RGBA, _ b: RGBA, progress: (Int) -> Double) -> RGBA {
    let p = progress(0)
    return RGBA(a.r + (b.r - a.r) * p, a.g + (b.g - a.g) * p, a.b + (b.b - a.b) * p, a.a + (b.a - a.a) * p)
  }
}

extension BezierPath: Interpolatable {
  @inlinable public static func interpolate(_ a: BezierPath, _ b: BezierPath, progress: (Int) -> Double) -> BezierPath {
    // Paths with different vertex counts cannot be blended vertex by vertex; lottie-web keeps the first.
    guard a.vertices.count == b.vertices.count, a.inTangents.count == b.inTangents.count,
      a.outTangents.count == b.outTangents.count
    else { return a }
    let p = progress(0)
    func mix(_ u: [Vec2], _ v: [Vec2]) -> [Vec2] {
      var out = u
      for i in 0..<u.count { out[i] = Vec2(u[i].x + (v[i].x - u[i].x) * p, u[i].y + (v[i].y - u[i].y) * p) }
      return out
    }
    return BezierPath(
      isClosed: a.isClosed, vertices: mix(a.vertices, b.vertices), inTangents: mix(a.inTangents, b.inTangents),
      outTangents: mix(a.outTangents, b.outTangents))
  }
}

/// A list of numbers animated together (gradient colour stops): interpolated element-wise.
public struct NumberList: Sendable, Hashable, Interpolatable {
  /// The numbers.
  public var values: [Double]
  /// Wraps numbers.
  public init(_ values: [Double]) { self.values = values }
  @inlinable public static func interpolate(_ a: NumberList, _ b: NumberList, progress: (Int) -> Double) -> NumberList {
    guard a.values.count == b.values.count else { return a }
    let p = progress(0)
    return NumberList(zip(a.values, b.values).map { $0 + ($1 - $0) * p })
  }
}
