@testable import Raster

/// A pixel buffer owned by a test, seen through a `RasterImage` (four bytes a pixel unless told otherwise).
final class TestImage {
  let image: RasterImage

  init(width: Int, height: Int, bytesPerPixel: Int = 4, stride: Int? = nil) {
    let stride = stride ?? width * bytesPerPixel
    let data = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * height)
    data.initialize(repeating: 0, count: stride * height)
    image = RasterImage(data: data, width: width, height: height, stride: stride)
  }

  deinit { image.data.deallocate() }

  /// Every byte, padding included.
  var bytes: [UInt8] { Array(UnsafeBufferPointer(start: image.data, count: image.stride * image.height)) }

  func copy() -> TestImage {
    let other = TestImage(width: image.width, height: image.height, stride: image.stride)
    other.image.data.update(from: image.data, count: image.stride * image.height)
    return other
  }

  /// Sets a four-byte pixel from straight colour bytes and alpha (premultiplied here).
  func set(_ x: Int, _ y: Int, r: Int, g: Int, b: Int, a: Int) {
    let p = image.data + y * image.stride + x * 4
    p[0] = UInt8(b * a / 255)
    p[1] = UInt8(g * a / 255)
    p[2] = UInt8(r * a / 255)
    p[3] = UInt8(a)
  }
}

/// A repeatable generator (SplitMix64).
struct SplitMix {
  var state: UInt64
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
