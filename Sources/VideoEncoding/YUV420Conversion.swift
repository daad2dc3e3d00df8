import CFFmpeg

/// Our own opaque BGRA → BT.709 limited-range `yuv420p` conversion, computed the way swscale computes it
/// (``PixelConverter``'s settings) but about four times faster.
///
/// Why not swscale: for this one conversion swscale widens every sample to 15 bits, runs its generic
/// horizontal scaler at 1:1 and a vertical filter, on the encoder's thread; at 1080p that took 6 ms a frame,
/// 28% of a whole H.264 export's CPU time (more than everything but x264 itself). The arithmetic below is
/// what swscale's `SWS_BILINEAR` path produces, measured against it (see `YUV420ConversionTests`):
/// - luma: `Y = 16 + 219/255 (0.2126 R + 0.7152 G + 0.0722 B)`, rounded;
/// - chroma: each pair of columns is averaged first (swscale's "half" RGB input for subsampled chroma), then
///   each chroma row is the `[1, 3, 3, 1] / 8` filter of the four source rows around it (bilinear 2:1
///   with chroma sited between rows 2y and 2y+1), with the first and last row repeated at the edges;
///   `U = 128 + 224/255 (−0.1146 R − 0.3854 G + 0.5 B)`, `V = 128 + 224/255 (0.5 R − 0.4542 G − 0.0458 B)`.
/// Results agree with swscale to within one level (its intermediates are 15-bit integers, ours floats), so
/// the encoded picture is the same picture.
///
/// The width and height must be even (the caller pads odd sizes first); alpha is ignored.
enum YUV420Conversion {
  // MARK: - Coefficients
  //
  // Single-precision floats: SSE2 multiplies four of them in one instruction but has no 32-bit integer
  // multiply, and 24 bits of mantissa keep every intermediate exact to far below one level. Written as
  // literals (static stored properties would be lazily initialised globals, checked on every access).

  /// Luma weights with 219/255 (limited range) folded in: 0.2126, 0.7152 and 0.0722 × 219/255.
  private static var lumaRed: Float { 0.182_585_88 }
  private static var lumaGreen: Float { 0.614_230_59 }
  private static var lumaBlue: Float { 0.062_007_06 }
  /// The black level.
  private static var lumaOffset: Float { 16 }
  /// Chroma weights for sums of two pixels: BT.709's `U` and `V` rows × 224/255, halved for the pair:
  /// U = (−0.114572 R − 0.385428 G + 0.5 B) × 224/255, V = (0.5 R − 0.454153 G − 0.045847 B) × 224/255.
  private static var blueRed: Float { -0.114_572_11 * 224 / 255 / 2 }
  private static var blueGreen: Float { -0.385_427_89 * 224 / 255 / 2 }
  private static var blueBlue: Float { 0.5 * 224 / 255 / 2 }
  private static var redRed: Float { 0.5 * 224 / 255 / 2 }
  private static var redGreen: Float { -0.454_152_91 * 224 / 255 / 2 }
  private static var redBlue: Float { -0.045_847_09 * 224 / 255 / 2 }
  /// Zero chroma.
  private static var chromaOffset: Float { 128 }

  /// Rounds eight floats in `0 ..< 2^22` to the nearest integer and keeps the low byte. Adding 2^23 leaves
  /// the rounded value in the low mantissa bits, which a bit cast reads: Swift's generic `SIMD8<Int32>(_:
  /// rounding:)` converts lane by lane through the standard library, five times slower than the whole
  /// conversion.
  @inline(__always)
  private static func roundedBytes(_ values: SIMD8<Float>) -> SIMD8<UInt8> {
    SIMD8<UInt8>(truncatingIfNeeded: unsafeBitCast(values + 8_388_608, to: SIMD8<UInt32>.self))
  }

  // MARK: - Conversion

  /// Scratch rows for one conversion: the column-pair chroma of four source rows (a ring), kept between
  /// frames so that nothing is allocated per frame.
  final class Scratch {
    fileprivate var rows: [Float] = []
    /// Makes empty scratch space; it grows on first use.
    init() {}
  }

  /// Converts the `width` x `height` BGRA pixels at `source` (`stride` bytes a row) into the planes of the
  /// writable `yuv420p` frame `picture`, which must be at least that large.
  static func convert(
    source: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, into picture: UnsafeMutablePointer<AVFrame>,
    scratch: Scratch
  ) {
    precondition(width % 2 == 0 && height % 2 == 0, "YUV420Conversion needs an even size")
    guard width > 0, height > 0, let lumaPlane = picture.pointee.data.0, let bluePlane = picture.pointee.data.1,
      let redPlane = picture.pointee.data.2
    else { return }
    let lumaStride = Int(picture.pointee.linesize.0)
    let blueStride = Int(picture.pointee.linesize.1)
    let redStride = Int(picture.pointee.linesize.2)
    let chromaWidth = width / 2
    // Ring of 4 rows × (U, V) × chromaWidth.
    let ringSize = 8 * chromaWidth
    if scratch.rows.count < ringSize { scratch.rows = [Float](repeating: 0, count: ringSize) }
    scratch.rows.withUnsafeMutableBufferPointer { ring in
      guard let ringBase = ring.baseAddress else { return }
      func blueRow(_ row: Int) -> UnsafeMutablePointer<Float> { ringBase + (row & 3) * 2 * chromaWidth }
      func redRow(_ row: Int) -> UnsafeMutablePointer<Float> { blueRow(row) + chromaWidth }
      var rowsDone = 0
      for chromaRow in 0..<(height / 2) {
        // 1. Convert source rows up to the last one this chroma row needs (luma and column-pair chroma).
        let last = min(height - 1, 2 * chromaRow + 2)
        while rowsDone <= last {
          convertRow(
            source + rowsDone * stride, width: width, luma: lumaPlane + rowsDone * lumaStride,
            blue: blueRow(rowsDone), red: redRow(rowsDone))
          rowsDone += 1
        }
        // 2. Filter the four rows around it, [1, 3, 3, 1] / 8, repeating the edge rows.
        let above = max(0, 2 * chromaRow - 1)
        let top = 2 * chromaRow
        let bottom = 2 * chromaRow + 1
        filterRows(
          blueRow(above), blueRow(top), blueRow(bottom), blueRow(last), count: chromaWidth,
          into: bluePlane + chromaRow * blueStride)
        filterRows(
          redRow(above), redRow(top), redRow(bottom), redRow(last), count: chromaWidth,
          into: redPlane + chromaRow * redStride)
      }
    }
  }

  /// One source row: luma bytes for every pixel, and chroma sums (not yet offset) for every pair of pixels.
  @inline(__always)
  private static func convertRow(
    _ row: UnsafePointer<UInt8>, width: Int, luma: UnsafeMutablePointer<UInt8>, blue: UnsafeMutablePointer<Float>,
    red: UnsafeMutablePointer<Float>
  ) {
    let pixels = UnsafeRawPointer(row)
    let lumaBytes = UnsafeMutableRawPointer(luma)
    let blueBytes = UnsafeMutableRawPointer(blue)
    let redBytes = UnsafeMutableRawPointer(red)
    var x = 0
    // Eight pixels at a time: BGRA little-endian is 0xAARRGGBB in each 32-bit lane.
    while x + 8 <= width {
      let p = SIMD8<Int32>(truncatingIfNeeded: pixels.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt32>.self))
      let b = SIMD8<Float>(p & 0xFF)
      let g = SIMD8<Float>((p &>> 8) & 0xFF)
      let r = SIMD8<Float>((p &>> 16) & 0xFF)
      let y = roundedBytes(r * lumaRed + g * lumaGreen + b * lumaBlue + lumaOffset)
      lumaBytes.storeBytes(of: y, toByteOffset: x, as: SIMD8<UInt8>.self)
      let r2 = r.evenHalf + r.oddHalf
      let g2 = g.evenHalf + g.oddHalf
      let b2 = b.evenHalf + b.oddHalf
      blueBytes.storeBytes(
        of: r2 * blueRed + g2 * blueGreen + b2 * blueBlue, toByteOffset: x * 2, as: SIMD4<Float>.self)
      redBytes.storeBytes(of: r2 * redRed + g2 * redGreen + b2 * redBlue, toByteOffset: x * 2, as: SIMD4<Float>.self)
      x += 8
    }
    // The last pixels (widths that are not a multiple of 8), two at a time.
    while x < width {
      var r2: Float = 0
      var g2: Float = 0
      var b2: Float = 0
      for offset in 0..<2 {
        let p = pixels.loadUnaligned(fromByteOffset: (x + offset) * 4, as: UInt32.self)
        let b = Float(p & 0xFF)
        let g = Float((p >> 8) & 0xFF)
        let r = Float((p >> 16) & 0xFF)
        luma[x + offset] = UInt8((r * lumaRed + g * lumaGreen + b * lumaBlue + lumaOffset).rounded())  // int-audit: safe: bytes times constant weights, 16...235
        r2 += r
        g2 += g
        b2 += b
      }
      blue[x / 2] = r2 * blueRed + g2 * blueGreen + b2 * blueBlue
      red[x / 2] = r2 * redRed + g2 * redGreen + b2 * redBlue
      x += 2
    }
  }

  /// `(a + 3 b + 3 c + d) / 8` of chroma sums, offset and rounded to bytes.
  @inline(__always)
  private static func filterRows(
    _ a: UnsafeMutablePointer<Float>, _ b: UnsafeMutablePointer<Float>, _ c: UnsafeMutablePointer<Float>,
    _ d: UnsafeMutablePointer<Float>, count: Int, into output: UnsafeMutablePointer<UInt8>
  ) {
    let out = UnsafeMutableRawPointer(output)
    var x = 0
    while x + 8 <= count {
      let va = UnsafeRawPointer(a).loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self)
      let vb = UnsafeRawPointer(b).loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self)
      let vc = UnsafeRawPointer(c).loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self)
      let vd = UnsafeRawPointer(d).loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self)
      let sum = (va + vd + 3 * (vb + vc)) * 0.125 + chromaOffset
      out.storeBytes(of: roundedBytes(sum), toByteOffset: x, as: SIMD8<UInt8>.self)
      x += 8
    }
    while x < count {
      output[x] = UInt8(((a[x] + d[x] + 3 * (b[x] + c[x])) * 0.125 + chromaOffset).rounded())  // int-audit: safe: sums of bytes times constant weights, 16...240
      x += 1
    }
  }
}
