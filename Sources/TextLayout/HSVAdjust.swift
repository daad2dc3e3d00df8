import Lottie

/// Colour offsets in HSV, as lottie-web's `addHueToRGB`, `addSaturationToRGB` and `addBrightnessToRGB`.
enum HSVAdjust {
  /// Turns the hue by `degrees`.
  static func hue(_ c: RGBA, _ degrees: Double) -> RGBA {
    var (h, s, v) = hsv(c)
    h += degrees / 360
    h -= h.rounded(.down)
    return rgb(h, s, v, alpha: c.a)
  }

  /// Adds `amount` (a fraction) to the saturation.
  static func saturation(_ c: RGBA, _ amount: Double) -> RGBA {
    let (h, s, v) = hsv(c)
    return rgb(h, min(max(s + amount, 0), 1), v, alpha: c.a)
  }

  /// Adds `amount` (a fraction) to the brightness (value).
  static func brightness(_ c: RGBA, _ amount: Double) -> RGBA {
    let (h, s, v) = hsv(c)
    return rgb(h, s, min(max(v + amount, 0), 1), alpha: c.a)
  }

  static func hsv(_ c: RGBA) -> (Double, Double, Double) {
    let mx = max(c.r, c.g, c.b), mn = min(c.r, c.g, c.b)
    let d = mx - mn
    let s = mx == 0 ? 0 : d / mx
    var h = 0.0
    if d > 0 {
      if mx == c.r {
        h = (c.g - c.b) / d + (c.g < c.b ? 6 : 0)
      } else if mx == c.g {
        h = (c.b - c.r) / d + 2
      } else {
        h = (c.r - c.g) / d + 4
      }
      h /= 6
    }
    return (h, s, mx)
  }

  static func rgb(_ h: Double, _ s: Double, _ v: Double, alpha: Double) -> RGBA {
    let i = (h * 6).rounded(.down)
    let f = h * 6 - i
    let p = v * (1 - s), q = v * (1 - f * s), t = v * (1 - (1 - f) * s)
    // The sector as `Int(i) % 6` (negative for negative hues), without trapping on a NaN or huge hue.
    switch i.truncatingRemainder(dividingBy: 6).clampedInt(-5...5) {
    case 0: return RGBA(v, t, p, alpha)
    case 1: return RGBA(q, v, p, alpha)
    case 2: return RGBA(p, v, t, alpha)
    case 3: return RGBA(p, q, v, alpha)
    case 4: return RGBA(t, p, v, alpha)
    default: return RGBA(v, p, q, alpha)
    }
  }
}
