import Testing

@testable import Raster

/// The coverage kernels against the per-pixel formulas they replaced.
struct CoverageTests {
  static let combinations: [Coverage.Combination] = [.lighten, .darken, .difference]

  /// The combining loop before it was split per mode (session 21), on one pair of bytes.
  static func reference(_ a: UInt8, _ s: UInt8, _ combination: Coverage.Combination, scale: Int) -> UInt8 {
    let c = (Int(s) * scale + 127) / 255
    let a = Int(a)
    let v: Int
    switch combination {
    case .lighten: v = max(a, c)
    case .darken: v = min(a, c)
    case .difference: v = abs(a - c)
    }
    return UInt8(truncatingIfNeeded: v)
  }

  @Test func divisionIdentityIsExactOverTheRangeUsed() {
    // t = x + 128 for x = s * scale up to 255 * 255 (the loops use it up to 255 * 254).
    for x in 0...65025 {
      let t = x + 128
      #expect((t + (t >> 8)) >> 8 == (x + 127) / 255, "x = \(x)")
    }
    var wrong = 0
    for scale in 0...254 {
      for s in 0...255 where Int(Coverage.scaledCoverage(UInt8(s), UInt16(scale))) != (s * scale + 127) / 255 {
        wrong += 1
      }
    }
    #expect(wrong == 0)
  }

  /// Widths that leave a vector loop's tail, strides wider than the rows: every byte of a row combined, the
  /// padding between rows untouched, for every scale 0...255.
  @Test(arguments: combinations)
  func rowTailsAndPadding(combination: Coverage.Combination) {
    let width = 37, height = 7, fromStride = 41, toStride = 45
    let source = TestImage(width: width, height: height, bytesPerPixel: 1, stride: fromStride)
    let target = TestImage(width: width, height: height, bytesPerPixel: 1, stride: toStride)
    let from = source.image.data, to = target.image.data
    var wrong = 0
    for scale in 0...255 {
      for i in 0..<fromStride * height { from[i] = UInt8(truncatingIfNeeded: i &* 89 &+ scale) }
      for i in 0..<toStride * height { to[i] = UInt8(truncatingIfNeeded: i &* 53 &+ 7) }
      Coverage.combine(source.image, into: target.image, combination, scale: scale)
      for y in 0..<height {
        for x in 0..<toStride {
          let before = UInt8(truncatingIfNeeded: (y * toStride + x) &* 53 &+ 7)
          let expected =
            x < width ? Self.reference(before, from[y * fromStride + x], combination, scale: scale) : before
          if to[y * toStride + x] != expected { wrong += 1 }
        }
      }
    }
    #expect(wrong == 0, "\(combination)")
  }

  @Test func invertComplementsEveryByteOfTheRowsOnly() {
    let test = TestImage(width: 259, height: 3, bytesPerPixel: 1, stride: 264)
    for i in 0..<(264 * 3) { test.image.data[i] = UInt8(truncatingIfNeeded: i) }
    Coverage.invert(test.image)
    var wrong = 0
    for y in 0..<3 {
      for x in 0..<264 {
        let before = UInt8(truncatingIfNeeded: y * 264 + x)
        if test.image.data[y * 264 + x] != (x < 259 ? 255 - before : before) { wrong += 1 }
      }
    }
    #expect(wrong == 0)
  }

  /// Luma in every channel, BT.709 weights in 8-bit fixed point, rounded; inverted, its complement.
  @Test(arguments: [false, true])
  func lumaOfEveryGrey(inverted: Bool) {
    let test = TestImage(width: 256, height: 4)
    for a in 0..<256 {
      test.set(a, 0, r: 255, g: 255, b: 255, a: a)
      test.set(a, 1, r: a, g: 0, b: 0, a: 255)
      test.set(a, 2, r: 0, g: a, b: 0, a: 255)
      test.set(a, 3, r: 0, g: 0, b: a, a: 255)
    }
    let before = test.bytes
    Coverage.convertToLuma(test.image, inverted: inverted)
    var wrong = 0
    for i in 0..<(256 * 4) {
      let p = i * 4
      let luma = min(255, (Int(before[p + 2]) * 54 + Int(before[p + 1]) * 183 + Int(before[p]) * 19 + 128) >> 8)
      let want = UInt8(inverted ? 255 - luma : luma)
      for c in 0..<4 where test.bytes[p + c] != want { wrong += 1 }
    }
    #expect(wrong == 0)
    // White is 255, black 0.
    #expect(test.bytes[255 * 4] == (inverted ? 0 : 255))
  }
}
