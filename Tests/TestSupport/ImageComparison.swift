import Raster

/// How two same-size images differ, compared per premultiplied channel (so that colour under near-zero alpha,
/// which nobody sees, cannot fail a test).
public struct ImageComparison: Sendable {
  /// Largest difference a channel may show before its pixel counts as different.
  public let tolerance: Int
  /// Pixels with some channel more than `tolerance` apart.
  public private(set) var differingPixels = 0
  /// The largest channel difference anywhere.
  public private(set) var largestDifference = 0
  /// The first differing pixel, for the message.
  public private(set) var firstDifference: (x: Int, y: Int)?
  /// An opaque picture of the differences: differing pixels red, the rest a faded grey of the expected image.
  public private(set) var diffImage: PixelBuffer
  /// Whether the sizes differ (then nothing else is compared).
  public let sizesDiffer: Bool

  public init(actual: PixelBuffer, expected: PixelBuffer, tolerance: Int) {
    self.tolerance = tolerance
    sizesDiffer = actual.width != expected.width || actual.height != expected.height
    diffImage = PixelBuffer(width: expected.width, height: expected.height)
    guard !sizesDiffer else { return }
    for y in 0..<expected.height {
      for x in 0..<expected.width {
        let a = actual.premultipliedPixel(x: x, y: y), e = expected.premultipliedPixel(x: x, y: y)
        let delta = max(
          abs(Int(a.r) - Int(e.r)), abs(Int(a.g) - Int(e.g)), abs(Int(a.b) - Int(e.b)), abs(Int(a.a) - Int(e.a)))
        largestDifference = max(largestDifference, delta)
        let i = y * diffImage.stride + x * 4
        if delta > tolerance {
          differingPixels += 1
          if firstDifference == nil { firstDifference = (x, y) }
          diffImage.bytes[i + 2] = 255
          diffImage.bytes[i + 1] = 0
          diffImage.bytes[i] = 0
        } else {
          // The expected pixel over white, as grey, faded three quarters of the way to white.
          let over = { (c: UInt8) in Int(c) + (255 - Int(e.a)) }
          let grey = (over(e.r) * 3 + over(e.g) * 6 + over(e.b)) / 10
          let faded = UInt8(min(255, 191 + grey / 4))
          diffImage.bytes[i + 2] = faded
          diffImage.bytes[i + 1] = faded
          diffImage.bytes[i] = faded
        }
        diffImage.bytes[i + 3] = 255
      }
    }
  }
}
