import Raster

/// One straight-alpha pixel, 8 bits per channel, for readable probe assertions.
public struct ProbePixel: Equatable, Sendable, CustomStringConvertible {
  public var r: Int
  public var g: Int
  public var b: Int
  public var a: Int

  public init(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  public static let transparent = ProbePixel(0, 0, 0, 0)
  public static let red = ProbePixel(255, 0, 0)
  public static let green = ProbePixel(0, 255, 0)
  public static let blue = ProbePixel(0, 0, 255)
  public static let white = ProbePixel(255, 255, 255)
  public static let black = ProbePixel(0, 0, 0)

  /// True when every channel is within `tolerance` of `other`'s.
  public func isClose(to other: ProbePixel, tolerance: Int) -> Bool {
    abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
      && abs(a - other.a) <= tolerance
  }

  public var description: String { "rgba(\(r), \(g), \(b), \(a))" }
}

extension PixelBuffer {
  /// The straight-alpha pixel at (x, y) as a `ProbePixel`.
  public func probe(_ x: Int, _ y: Int) -> ProbePixel {
    let p = pixel(x: x, y: y)
    return ProbePixel(Int(p.r), Int(p.g), Int(p.b), Int(p.a))
  }
}
