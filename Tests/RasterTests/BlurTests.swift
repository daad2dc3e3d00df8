import Testing

@testable import Raster

/// The blur's running sums and multiplicative averages against box averages summed pixel by pixel, byte for
/// byte: widths under and over the radius, rows with padding, both axes and one alone.
struct BlurTests {
  /// One box pass of `radius` along rows (`horizontal`) or columns, straight from its definition: each channel
  /// the rounded mean of the `2r + 1` values around it, transparent outside the image.
  static func box(_ image: RasterImage, radius r: Int, horizontal: Bool) {
    let w = image.width, h = image.height
    var source = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      for i in 0..<(w * 4) { source[y * w * 4 + i] = image.data[y * image.stride + i] }
    }
    let div = 2 * r + 1
    for y in 0..<h {
      for x in 0..<w {
        for c in 0..<4 {
          var sum = 0
          for k in -r...r {
            let (sx, sy) = horizontal ? (x + k, y) : (x, y + k)
            if sx >= 0, sx < w, sy >= 0, sy < h { sum += Int(source[(sy * w + sx) * 4 + c]) }
          }
          image.data[y * image.stride + x * 4 + c] = UInt8((sum + div / 2) / div)
        }
      }
    }
  }

  static let cases: [(Double, Double, Int, Int)] = [
    (0.8, 0.8, 31, 23), (2.5, 0.0, 40, 12), (0.0, 4.0, 9, 30), (6.0, 3.3, 12, 7), (20.0, 20.0, 50, 45),
  ]

  @Test(arguments: cases)
  func blurMatchesBoxesSummedPixelByPixel(sigmaX: Double, sigmaY: Double, width: Int, height: Int) {
    let buffer = KernelFixtures.shapes(width: width, height: height, seed: UInt64(width * height))
    let padded = TestImage(width: width, height: height, stride: width * 4 + 12)
    for y in 0..<height {
      (padded.image.data + y * padded.image.stride).update(from: buffer.image.data + y * width * 4, count: width * 4)
    }
    let reference = buffer.copy()
    Blur.gaussian(buffer.image, sigmaX: sigmaX, sigmaY: sigmaY)
    Blur.gaussian(padded.image, sigmaX: sigmaX, sigmaY: sigmaY)
    if sigmaX >= 0.3 {
      for r in Blur.boxRadii(sigma: sigmaX) where r > 0 { Self.box(reference.image, radius: r, horizontal: true) }
    }
    if sigmaY >= 0.3 {
      for r in Blur.boxRadii(sigma: sigmaY) where r > 0 { Self.box(reference.image, radius: r, horizontal: false) }
    }
    #expect(buffer.bytes == reference.bytes)
    var wrong = 0
    for y in 0..<height {
      for i in 0..<(width * 4) where padded.image.data[y * padded.image.stride + i] != buffer.bytes[y * width * 4 + i] {
        wrong += 1
      }
    }
    #expect(wrong == 0, "rows with padding")
    #expect(buffer.bytes != KernelFixtures.shapes(width: width, height: height, seed: UInt64(width * height)).bytes)
  }

  /// Three boxes whose variance is near the Gaussian's (12σ² = Σ (w² - 1) for box widths w = 2r + 1).
  @Test(arguments: [0.5, 1.0, 2.7, 10.0, 55.5])
  func boxRadiiApproximateTheSigma(sigma: Double) {
    let radii = Blur.boxRadii(sigma: sigma)
    #expect(radii.count == 3)
    let variance = radii.map { Double((2 * $0 + 1) * (2 * $0 + 1) - 1) / 12 }.reduce(0, +)
    #expect(abs(variance.squareRoot() - sigma) < 0.5 + 0.05 * sigma, "\(radii)")
  }
}
