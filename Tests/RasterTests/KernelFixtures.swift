@testable import Raster

/// Images the kernel tests share.
enum KernelFixtures {
  /// A `width` x `height` image of a few discs and rectangles, opaque inside with soft (partly opaque) edges,
  /// plus scattered single pixels of any alpha, in random colours; nothing within `margin` of the border when
  /// `margin` is given (so that the box the outline works on is smaller than the image).
  static func shapes(width: Int, height: Int, seed: UInt64, margin: Int = 0) -> TestImage {
    let buffer = TestImage(width: width, height: height)
    var random = SplitMix(state: seed)
    let inner = (margin, margin, width - 2 * margin, height - 2 * margin)
    for _ in 0..<3 {
      let cx = inner.0 + random.next(inner.2), cy = inner.1 + random.next(inner.3)
      let radius = Double(2 + random.next(max(inner.2, inner.3) / 4))
      let (r, g, b) = (random.next(256), random.next(256), random.next(256))
      for y in inner.1..<(inner.1 + inner.3) {
        for x in inner.0..<(inner.0 + inner.2) {
          let d = (Double((x - cx) * (x - cx) + (y - cy) * (y - cy))).squareRoot()
          let coverage = min(max(radius - d, 0), 1)
          if coverage > 0 { buffer.set(x, y, r: r, g: g, b: b, a: Int(coverage * 255)) }
        }
      }
    }
    let x = inner.0 + random.next(inner.2 / 2), y = inner.1 + random.next(inner.3 / 2)
    for yy in y..<min(y + 1 + random.next(8), inner.1 + inner.3) {
      for xx in x..<min(x + 1 + random.next(12), inner.0 + inner.2) { buffer.set(xx, yy, r: 200, g: 10, b: 90, a: 255) }
    }
    for _ in 0..<6 {
      buffer.set(
        inner.0 + random.next(inner.2), inner.1 + random.next(inner.3), r: random.next(256), g: random.next(256),
        b: random.next(256), a: 1 + random.next(255))
    }
    return buffer
  }

  /// Squared distance from each pixel to the nearest pixel at least half opaque, by looking at all of them
  /// (nil where there is none).
  static func bruteDistances(_ image: RasterImage) -> [Double?] {
    var shape: [(Int, Int)] = []
    for y in 0..<image.height {
      for x in 0..<image.width where image.data[y * image.stride + x * 4 + 3] >= 128 { shape.append((x, y)) }
    }
    var out = [Double?](repeating: nil, count: image.width * image.height)
    for y in 0..<image.height {
      for x in 0..<image.width {
        var best: Int? = nil
        for (sx, sy) in shape {
          let d = (sx - x) * (sx - x) + (sy - y) * (sy - y)
          if best == nil || d < best! { best = d }
        }
        out[y * image.width + x] = best.map(Double.init)
      }
    }
    return out
  }

  /// The stroke style as it was drawn over the whole image: every pixel's exact distance, then the same band.
  static func referenceOutline(_ image: RasterImage, color: StraightColor, width: Double, opacity: Double) {
    let distance = bruteDistances(image)
    let reach = width + 1
    for y in 0..<image.height {
      let row = image.data + y * image.stride
      for x in 0..<image.width {
        guard let d2 = distance[y * image.width + x], d2 < reach * reach else { continue }
        let coverage = min(max(reach - d2.squareRoot(), 0), 1) * opacity
        if coverage <= 0 { continue }
        let p = row + x * 4
        let under = coverage * (255 - Double(p[3]))
        p[0] = (Double(p[0]) + color.b * under + 0.5).clampedByte()
        p[1] = (Double(p[1]) + color.g * under + 0.5).clampedByte()
        p[2] = (Double(p[2]) + color.r * under + 0.5).clampedByte()
        p[3] = (Double(p[3]) + under + 0.5).clampedByte()
      }
    }
  }
}
