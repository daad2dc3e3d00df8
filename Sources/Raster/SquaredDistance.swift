/// A squared distance between pixels, as the stroke style's distance transform holds it: a whole number no
/// larger than a cap (the band's reach squared, rounded up), so exact in either type.
///
/// `columns` turns row distances (each pixel's squared distance along its row to the row's nearest shape
/// pixel, capped) into Euclidean ones: exact below the cap, the cap or more above it. A narrow band does it in
/// 16-bit integers (`Int16`), each pixel taking the least over the rows within reach, sixteen pixels at a time;
/// a wide one in `Float`, by Felzenszwalb and Huttenlocher's lower envelope of parabolas down each column,
/// whose work does not grow with the reach.
protocol SquaredDistance: Comparable {
  /// `distance`, a whole number from 0 to the cap.
  init(distance: Int)
  var value: Double { get }
  /// `written[y]` holds the columns of row `y` that may be under the cap (every other one is the cap): empty
  /// (`first > last`) for a row with no shape pixel.
  static func columns(
    _ rows: UnsafeMutablePointer<Self>, width: Int, height: Int, shapeRows: ClosedRange<Int>, cap: Int,
    written: UnsafePointer<(first: Int, last: Int)>, into out: UnsafeMutablePointer<Self>)
}

extension Int16: SquaredDistance {
  /// The widest reach (in pixels, rounded up) drawn in `Int16`: its cap and a row's offset squared, added,
  /// stay under `Int16.max`, and up to here the rows within reach cost less than the parabolas.
  static let narrowestReach = 40

  @inline(__always) init(distance: Int) { self.init(truncatingIfNeeded: distance) }
  @inline(__always) var value: Double { Double(self) }

  static func columns(
    _ rows: UnsafeMutablePointer<Int16>, width w: Int, height h: Int, shapeRows: ClosedRange<Int>, cap: Int,
    written: UnsafePointer<(first: Int, last: Int)>, into out: UnsafeMutablePointer<Int16>
  ) {
    let capped = Int16(truncatingIfNeeded: cap)
    // Rows `dy` away with dy² at or over the cap cannot bring a distance under it.
    var reach = 0
    while (reach + 1) * (reach + 1) < cap { reach += 1 }
    let vectors = w / 16
    for y in 0..<h {
      let o = out + y * w
      let lo = Swift.max(y - reach, shapeRows.lowerBound), hi = Swift.min(y + reach, shapeRows.upperBound)
      guard lo <= hi else {
        o.initialize(repeating: capped, count: w)
        continue
      }
      // Outside the columns any row within reach wrote, every row holds the cap, and so does the result.
      var first = w, last = -1
      for sy in lo...hi {
        first = Swift.min(first, written[sy].first)
        last = Swift.max(last, written[sy].last)
      }
      o.initialize(repeating: capped, count: w)
      guard first <= last else { continue }
      let ov = UnsafeMutableRawPointer(o)
      for i in stride(from: first / 16, to: Swift.min(last / 16 + 1, vectors), by: 1) {
        var m = SIMD16<Int16>(repeating: capped)
        for sy in lo...hi {
          let dy = Int16(truncatingIfNeeded: (sy - y) * (sy - y))
          let s = UnsafeRawPointer(rows + sy * w).loadUnaligned(fromByteOffset: i * 32, as: SIMD16<Int16>.self)
          m = pointwiseMin(m, s &+ SIMD16(repeating: dy))
        }
        ov.storeBytes(of: m, toByteOffset: i * 32, as: SIMD16<Int16>.self)
      }
      for x in stride(from: Swift.max(vectors * 16, first), through: last, by: 1) {
        var m = capped
        for sy in lo...hi { m = Swift.min(m, rows[sy * w + x] &+ Int16(truncatingIfNeeded: (sy - y) * (sy - y))) }
        o[x] = m
      }
    }
  }
}

extension Float: SquaredDistance {
  @inline(__always) init(distance: Int) { self.init(distance) }
  @inline(__always) var value: Double { Double(self) }

  static func columns(
    _ rows: UnsafeMutablePointer<Float>, width w: Int, height h: Int, shapeRows: ClosedRange<Int>, cap: Int,
    written: UnsafePointer<(first: Int, last: Int)>, into out: UnsafeMutablePointer<Float>
  ) {
    guard w > 0, h > 0 else { return }
    let capped = Double(cap)
    // Working columns in unchecked buffers: this runs over every pixel of the box.
    let f = UnsafeMutablePointer<Double>.allocate(capacity: h), d = UnsafeMutablePointer<Double>.allocate(capacity: h)
    let v = UnsafeMutablePointer<Int>.allocate(capacity: h), z = UnsafeMutablePointer<Double>.allocate(capacity: h + 1)
    defer {
      f.deallocate()
      d.deallocate()
      v.deallocate()
      z.deallocate()
    }
    for x in 0..<w {
      for y in 0..<h { f[y] = Double(rows[y * w + x]) }
      var k = 0
      v[0] = 0
      z[0] = -.infinity
      z[1] = .infinity
      if h > 1 {
        for q in 1..<h {
          let fq = f[q] + Double(q * q)
          var s = (fq - (f[v[k]] + Double(v[k] * v[k]))) / Double(2 * q - 2 * v[k])
          while s <= z[k] && k > 0 {
            k -= 1
            s = (fq - (f[v[k]] + Double(v[k] * v[k]))) / Double(2 * q - 2 * v[k])
          }
          k += 1
          v[k] = q
          z[k] = s
          z[k + 1] = .infinity
        }
      }
      k = 0
      for q in 0..<h {
        while z[k + 1] < Double(q) { k += 1 }
        let dq = Double(q - v[k])
        d[q] = dq * dq + f[v[k]]
      }
      for y in 0..<h { out[y * w + x] = Float(Swift.min(d[y], capped)) }
    }
  }
}
