/// After Effects' Hard Mix blend mode on premultiplied BGRA pixels, which Cairo has no operator for: each
/// colour channel is 1 where the layer's and the backdrop's (straight) values add up to 1 or more, else 0,
/// mixed in with the separable blend formula of the compositing spec (the layer alone where nothing is under
/// it); the alpha is the normal one, sa + ba − sa·ba.
package enum HardMix {
  /// Composites `source` onto `target`, the source's pixel (x, y) over the target's (x + `dx`, y + `dy`), the
  /// source's alpha scaled by `opacity` (0...255). Only where the two overlap; transparent source pixels
  /// leave the target as it is.
  package static func composite(_ source: RasterImage, onto target: RasterImage, dx: Int, dy: Int, opacity k: UInt32) {
    let sw = source.width, sh = source.height, tw = target.width, th = target.height
    // Only where the source and its target overlap (an empty overlap must not make an invalid range).
    let rows = max(0, -dy)..<max(max(0, -dy), min(sh, th - dy))
    let columns = max(0, -dx)..<max(max(0, -dx), min(sw, tw - dx))
    for y in rows {
      let sRow = source.pixels(y)
      let tRow = target.pixels(y + dy)
      for x in columns {
        let s = sRow[x]
        guard s != 0 else { continue }
        let b = tRow[x + dx]
        tRow[x + dx] = pixel(source: s, backdrop: b, opacity: k)
      }
    }
  }

  /// One premultiplied pixel of Hard Mix, the source's alpha scaled by `opacity` (0...255).
  package static func pixel(source s: UInt32, backdrop b: UInt32, opacity k: UInt32) -> UInt32 {
    func channel(_ p: UInt32, _ shift: UInt32) -> Double { Double((p >> shift) & 0xFF) / 255 }
    let scale = Double(k) / 255
    let sa = channel(s, 24) * scale, ba = channel(b, 24)
    guard sa > 0 else { return b }
    let ra = sa + ba - sa * ba
    var out = UInt32((ra * 255).rounded().clampedByte())
    for shift: UInt32 in [16, 8, 0] {
      let sp = channel(s, shift) * scale, bp = channel(b, shift)  // premultiplied
      let cs = sp / sa, cb = ba > 0 ? bp / ba : 0
      let mixed: Double = cs + cb >= 1 - 1e-9 ? 1 : 0
      let r = sp * (1 - ba) + bp * (1 - sa) + sa * ba * mixed
      out = (out << 8) | UInt32((r * 255).rounded().clampedByte())
    }
    return out
  }
}
