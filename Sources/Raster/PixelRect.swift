/// A rectangle of whole pixels: its left, top, width and height.
package struct PixelRect: Equatable {
  package var x: Int, y: Int, width: Int, height: Int

  package init(x: Int, y: Int, width: Int, height: Int) {
    (self.x, self.y, self.width, self.height) = (x, y, width, height)
  }

  /// The part in both; nil when they do not meet.
  package func intersection(_ other: PixelRect) -> PixelRect? {
    let x0 = max(x, other.x), y0 = max(y, other.y)
    let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
    return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
  }

  /// The smallest rectangle holding both.
  package func union(_ other: PixelRect) -> PixelRect {
    let x0 = min(x, other.x), y0 = min(y, other.y)
    let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}
