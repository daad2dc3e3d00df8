/// The Gradient Ramp effect over premultiplied BGRA images (four bytes a pixel): each pixel keeps its alpha and
/// takes the colour of a linear or radial ramp at its centre (taken to the layer's space), mixed with its own
/// by a blend amount. Colours are interpolated straight and clamped before the start and after the end.
package enum GradientRamp {
  /// Gradient Ramp over `image`, whose pixel (x, y) is at device point (x, y) - `offset`.
  package static func paint(
    _ image: RasterImage, offset: (x: Double, y: Double), toLayer: PixelTransform, start: (x: Double, y: Double),
    end: (x: Double, y: Double), startColor: StraightColor, endColor: StraightColor, radial: Bool, blend: Double
  ) {
    let ox = offset.x, oy = offset.y
    let d = (x: end.x - start.x, y: end.y - start.y)
    let length2 = d.x * d.x + d.y * d.y
    let radius = length2.squareRoot()
    func unit(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
    // The per-pixel arithmetic of `toLayer.apply(pixel) - start` and of the colour mix, with what depends only on
    // the row or on the effect taken out of the loop (the same operations in the same order: the same values).
    let m = toLayer
    let (r0, g0, b0) = (startColor.r, startColor.g, startColor.b)
    let (dr, dg, db) = (endColor.r - startColor.r, endColor.g - startColor.g, endColor.b - startColor.b)
    let keep = 1 - blend
    // Without blending a pixel is the ramp's colour at its alpha: at t = 0 and t = 1, one of 256 pixels.
    let unblended = blend == 0
    func table(_ t: Double) -> [UInt32] {
      (0..<256).map { a in
        let limit = UInt8(a), alpha = Double(a)
        func pure(_ c: Double, _ delta: Double) -> UInt32 {
          UInt32((unit(c + delta * t) * alpha + 0.5).clampedByte(upTo: limit))
        }
        return pure(b0, db) | pure(g0, dg) << 8 | pure(r0, dr) << 16 | UInt32(a) << 24
      }
    }
    let starts = unblended ? table(0) : [], ends = unblended ? table(1) : []
    // A row's ramp positions are found first, in a loop of arithmetic alone that the compiler vectorises: the
    // division (or square root) of each pixel then no longer holds up the branches that colour it.
    let divisor = radial ? radius : length2
    let raw = UnsafeMutablePointer<Double>.allocate(capacity: image.width)
    defer { raw.deallocate() }
    // A pixel's x in device space depends on its column alone: found once, not once per row.
    let columns = UnsafeMutablePointer<Double>.allocate(capacity: image.width)
    defer { columns.deallocate() }
    for x in 0..<image.width { columns[x] = Double(x) + 0.5 - ox }
    // Each channel of an unblended pixel is a monotonic function of t (every floating-point step is: rounding
    // keeps order), so two positions at the same alpha that give the same pixel give it to every t between
    // them too. `known` is such a span: where the ramp's colour changes slowly it is looked up, not computed.
    var known: (limit: UInt8, low: Double, high: Double, pixel: UInt32) = (0, 1, 0, 0)
    for y in 0..<image.height {
      let pixels = UnsafeMutableRawPointer(image.data + y * image.stride).assumingMemoryBound(to: UInt32.self)
      let py = Double(y) + 0.5 - oy
      let cy = m.c * py, dy = m.d * py
      if divisor > 0 {
        if radial {
          for x in 0..<image.width {
            let px = columns[x]
            let qx = m.a * px + cy + m.tx - start.x, qy = m.b * px + dy + m.ty - start.y
            raw[x] = (qx * qx + qy * qy).squareRoot() / divisor
          }
        } else {
          for x in 0..<image.width {
            let px = columns[x]
            let qx = m.a * px + cy + m.tx - start.x, qy = m.b * px + dy + m.ty - start.y
            raw[x] = (qx * d.x + qy * d.y) / divisor
          }
        }
      }
      for x in 0..<image.width {
        let pixel = pixels[x]
        let limit = UInt8(truncatingIfNeeded: pixel >> 24)
        if limit == 0 { continue }
        // A ramp of no length is at its end (radial) or its start (linear) everywhere.
        let t = divisor > 0 ? unit(raw[x]) : (radial ? 1 : 0)
        if unblended, limit == known.limit, t >= known.low, t <= known.high {
          pixels[x] = known.pixel
          continue
        }
        if unblended {
          let out: UInt32
          if t == 0 || t == 1 {
            // At either end the colour is the end's: its pixel depends on the alpha alone.
            out = (t == 0 ? starts : ends)[Int(limit)]
          } else {
            let alpha = Double(limit)
            // `original * 0 + ramp * 1` is `ramp`.
            @inline(__always) func pure(_ a: Double, _ delta: Double) -> UInt32 {
              UInt32((unit(a + delta * t) * alpha + 0.5).clampedByte(upTo: limit))
            }
            out = pure(b0, db) | pure(g0, dg) << 8 | pure(r0, dr) << 16 | pixel & 0xFF00_0000
          }
          if limit == known.limit, out == known.pixel {
            known.low = min(known.low, t)
            known.high = max(known.high, t)
          } else {
            known = (limit, t, t, out)
          }
          pixels[x] = out
          continue
        }
        let alpha = Double(limit)
        @inline(__always) func mixed(_ original: UInt32, _ a: Double, _ delta: Double) -> UInt32 {
          let ramp = unit(a + delta * t) * alpha
          return UInt32((Double(original & 0xFF) * blend + ramp * keep + 0.5).clampedByte(upTo: limit))
        }
        let r = mixed(pixel >> 16, r0, dr), g = mixed(pixel >> 8, g0, dg), b = mixed(pixel, b0, db)
        pixels[x] = b | g << 8 | r << 16 | pixel & 0xFF00_0000
      }
    }
  }
}
