import CFFmpeg
import Foundation
import Raster
import Testing

@testable import VideoEncoding

/// Our BGRA → yuv420p conversion must give the picture swscale gives (what every export used before it):
/// every sample within one level, and almost all of them equal.
struct YUV420ConversionTests {
  /// Frames that exercise every term: noise (chroma filter, rounding), hard-edged colour blocks (the edge
  /// rows of the [1, 3, 3, 1] filter), smooth gradients; even and odd sizes (odd ones are padded first).
  static let frames: [(label: String, width: Int, height: Int, pixel: @Sendable (Int, Int) -> (UInt8, UInt8, UInt8))] =
    [
      (
        "noise", 70, 38,
        { x, y in
          var state = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663) | 1
          state ^= state << 13
          state ^= state >> 17
          state ^= state << 5
          return (
            UInt8(truncatingIfNeeded: state), UInt8(truncatingIfNeeded: state >> 8),
            UInt8(truncatingIfNeeded: state >> 16)
          )
        }
      ),
      (
        "blocks", 64, 48,
        { x, y in
          let colours: [(UInt8, UInt8, UInt8)] = [
            (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (0, 0, 0), (255, 200, 0),
          ]
          return colours[(x / 5 + y / 3) % colours.count]
        }
      ),
      ("gradient", 96, 54, { x, y in (UInt8(x * 255 / 95), UInt8(y * 255 / 53), UInt8((x + y) * 255 / 148)) }),
      ("odd size", 33, 17, { x, y in (UInt8(x * 7 % 256), UInt8(y * 15 % 256), UInt8((x * y) % 256)) }),
    ]

  static func frame(width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) -> PixelBuffer {
    var buffer = PixelBuffer(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let (r, g, b) = pixel(x, y)
        let offset = y * buffer.stride + x * 4
        buffer.bytes[offset] = b
        buffer.bytes[offset + 1] = g
        buffer.bytes[offset + 2] = r
        buffer.bytes[offset + 3] = 255
      }
    }
    return buffer
  }

  /// The three planes of a converted frame, row by row without padding.
  static func planes(_ buffer: PixelBuffer, own: Bool) throws -> [[UInt8]] {
    let codedWidth = buffer.width + (buffer.width & 1)
    let codedHeight = buffer.height + (buffer.height & 1)
    let converter = try PixelConverter(
      width: buffer.width, height: buffer.height, codedWidth: codedWidth, codedHeight: codedHeight, threads: 1,
      ownConversion: own)
    let picture = try FrameStorage(format: AV_PIX_FMT_YUV420P, width: codedWidth, height: codedHeight)
    try converter.convert(buffer, into: picture.frame)
    let frame = picture.frame.pointee
    let sizes = [(codedWidth, codedHeight), (codedWidth / 2, codedHeight / 2), (codedWidth / 2, codedHeight / 2)]
    let data = [frame.data.0, frame.data.1, frame.data.2]
    let strides = [frame.linesize.0, frame.linesize.1, frame.linesize.2]
    return (0..<3).map { plane in
      guard let base = data[plane] else { return [] }
      let (w, h) = sizes[plane]
      return (0..<h).flatMap { y in (0..<w).map { x in base[y * Int(strides[plane]) + x] } }
    }
  }

  @Test(arguments: 0..<frames.count)
  func matchesSwscale(index: Int) throws {
    let spec = Self.frames[index]
    let buffer = Self.frame(width: spec.width, height: spec.height, pixel: spec.pixel)
    let ours = try Self.planes(buffer, own: true)
    let reference = try Self.planes(buffer, own: false)
    for (plane, name) in ["Y", "U", "V"].enumerated() {
      #expect(ours[plane].count == reference[plane].count)
      let differences = zip(ours[plane], reference[plane]).map { abs(Int($0) - Int($1)) }
      let largest = differences.max() ?? 0
      let unequal = Double(differences.filter { $0 != 0 }.count) / Double(max(1, differences.count))
      #expect(largest <= 1, "\(spec.label) \(name): a sample differs from swscale's by \(largest)")
      // Rounding at different precisions moves a sample by one now and then (measured: at most 11% of chroma
      // samples and 1.3% of luma samples on these frames); a wrong filter or matrix moves most of them.
      #expect(unequal < (plane == 0 ? 0.03 : 0.2), "\(spec.label) \(name): \(unequal * 100)% of samples differ")
    }
  }

  /// A wrong chroma filter (a plain 2x2 average) is far from swscale: the check above can fail.
  @Test func boxFilterWouldFail() throws {
    let spec = Self.frames[0]
    let buffer = Self.frame(width: spec.width, height: spec.height, pixel: spec.pixel)
    let reference = try Self.planes(buffer, own: false)
    var box: [UInt8] = []
    for y in 0..<(spec.height / 2) {
      for x in 0..<(spec.width / 2) {
        var sum = 0.0
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
          let (r, g, b) = spec.pixel(2 * x + dx, 2 * y + dy)
          sum += -0.1146 * Double(r) - 0.3854 * Double(g) + 0.5 * Double(b)
        }
        box.append(UInt8((128 + sum / 4 * 224 / 255).rounded()))
      }
    }
    let largest = zip(box, reference[1]).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(largest > 1)
  }
}
