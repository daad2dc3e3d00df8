import Testing

@testable import Raster

/// The one rectangle type and the solid fill over it.
struct PixelRectTests {
  @Test func intersectionAndUnion() {
    let a = PixelRect(x: 0, y: 0, width: 10, height: 10), b = PixelRect(x: 5, y: -3, width: 10, height: 6)
    #expect(a.intersection(b) == PixelRect(x: 5, y: 0, width: 5, height: 3))
    #expect(a.union(b) == PixelRect(x: 0, y: -3, width: 15, height: 13))
    // Touching edges do not meet.
    #expect(a.intersection(PixelRect(x: 10, y: 0, width: 4, height: 4)) == nil)
    #expect(a.intersection(PixelRect(x: 2, y: 2, width: 0, height: 4)) == nil)
  }

  /// The fill sets exactly the pixels of the rectangle cut to the image, rows with padding or without, and
  /// says which part it set.
  static let fills: [(UInt32, Int)] = [(0, 52), (0x8040_2010, 52), (0xFFFF_FFFF, 60), (0, 56)]

  @Test(arguments: fills)
  func fillSetsTheRectangleOnly(pixel: UInt32, stride: Int) {
    let rects = [
      PixelRect(x: 0, y: 0, width: 13, height: 7), PixelRect(x: 2, y: 1, width: 5, height: 4),
      PixelRect(x: 12, y: 6, width: 9, height: 9), PixelRect(x: -4, y: -4, width: 6, height: 5),
      PixelRect(x: 20, y: 0, width: 3, height: 3),
    ]
    for rect in rects {
      let test = TestImage(width: 13, height: 7, stride: stride)
      for i in 0..<(stride * 7) { test.image.data[i] = UInt8(truncatingIfNeeded: i &* 7 &+ 3) }
      let before = test.bytes
      let area = test.image.fill(rect, with: pixel)
      #expect(area == rect.intersection(PixelRect(x: 0, y: 0, width: 13, height: 7)))
      let after = test.bytes
      var wrong = 0
      for y in 0..<7 {
        for i in 0..<stride {
          let x = i / 4
          var inside = false
          if let area, i < 13 * 4 {
            inside = x >= area.x && x < area.x + area.width && y >= area.y && y < area.y + area.height
          }
          let want = inside ? UInt8(truncatingIfNeeded: pixel >> (8 * UInt32(i % 4))) : before[y * stride + i]
          if after[y * stride + i] != want { wrong += 1 }
        }
      }
      #expect(wrong == 0, "\(rect), stride \(stride)")
    }
  }
}
