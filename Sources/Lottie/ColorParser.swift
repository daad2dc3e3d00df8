import Foundation

/// Parses colours as users type them, as CSS reads them: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, the CSS
/// colour names, `transparent`, `rgb()`/`rgba()` (0–255 or percentages, commas or spaces, an alpha after `,`
/// or `/`) and `hsl()`/`hsla()` (hue in degrees, `deg`, `turn` or `rad`; saturation and lightness in percent).
public enum ColorParser {
  /// A parsed colour.
  public enum Parsed: Equatable, Sendable {
    case transparent
    case color(RGBA)
  }

  /// The colour `text` names, or nil when it is not a colour.
  public static func parse(_ text: String) -> Parsed? {
    let s = text.trimmingCharacters(in: .whitespaces).lowercased()
    if s == "transparent" || s == "none" { return .transparent }
    if let v = names[s] { return .color(rgb(v)) }
    if s.hasPrefix("#") { return hex(String(s.dropFirst())) }
    for (prefix, isHSL) in [("rgba(", false), ("rgb(", false), ("hsla(", true), ("hsl(", true)]
    where s.hasPrefix(prefix) {
      guard s.hasSuffix(")") else { return nil }
      return function(String(s.dropFirst(prefix.count).dropLast()), hsl: isHSL)
    }
    return nil
  }

  static func hex(_ digits: String) -> Parsed? {
    var hex = digits
    if hex.count == 3 || hex.count == 4 { hex = String(hex.flatMap { [$0, $0] }) }
    guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit), let v = UInt64(hex, radix: 16) else {
      return nil
    }
    if hex.count == 8 {
      let c = rgb(UInt32(v >> 8))
      return .color(RGBA(c.r, c.g, c.b, Double(v & 255) / 255))
    }
    return .color(rgb(UInt32(v)))
  }

  /// The arguments of `rgb(...)` or `hsl(...)`: three components, then an optional alpha.
  static func function(_ arguments: String, hsl: Bool) -> Parsed? {
    // "10, 20, 30, 0.5", "10 20 30 / 50%".
    let separated = arguments.replacingOccurrences(of: "/", with: " / ").replacingOccurrences(of: ",", with: " ")
    var parts = separated.split(separator: " ").map(String.init)
    var alpha = 1.0
    if let slash = parts.firstIndex(of: "/") {
      guard slash == 3, parts.count == 5, let a = fraction(parts[4]) else { return nil }
      alpha = a
      parts = Array(parts[0..<3])
    } else if parts.count == 4 {
      guard let a = fraction(parts[3]) else { return nil }
      alpha = a
      parts.removeLast()
    }
    guard parts.count == 3 else { return nil }
    if hsl {
      guard let h = hue(parts[0]), let sat = percent(parts[1]), let light = percent(parts[2]) else { return nil }
      let c = hslToRGB(h, sat, light)
      return .color(RGBA(c.r, c.g, c.b, alpha))
    }
    // Each channel a number 0–255 or a percentage.
    let channels = parts.map { part -> Double? in
      if part.hasSuffix("%") { return percent(part) }
      return Double(part).flatMap { $0.isFinite ? min(max($0, 0), 255) / 255 : nil }
    }
    guard let r = channels[0], let g = channels[1], let b = channels[2] else { return nil }
    return .color(RGBA(r, g, b, alpha))
  }

  /// An alpha: a number 0–1 or a percentage.
  static func fraction(_ text: String) -> Double? {
    if text.hasSuffix("%") { return percent(text) }
    return Double(text).flatMap { $0.isFinite ? min(max($0, 0), 1) : nil }
  }

  /// "50%" as 0.5 (held to 0...1).
  static func percent(_ text: String) -> Double? {
    guard text.hasSuffix("%"), let v = Double(text.dropLast()), v.isFinite else { return nil }
    return min(max(v, 0), 100) / 100
  }

  /// A hue in degrees: a number, or with `deg`, `turn` or `rad`.
  static func hue(_ text: String) -> Double? {
    for (unit, scale) in [("deg", 1.0), ("turn", 360.0), ("rad", 180 / Double.pi)] where text.hasSuffix(unit) {
      return Double(text.dropLast(unit.count)).flatMap { $0.isFinite ? $0 * scale : nil }
    }
    return Double(text).flatMap { $0.isFinite ? $0 : nil }
  }

  /// CSS's HSL to RGB: hue in degrees, saturation and lightness 0...1.
  static func hslToRGB(_ h: Double, _ s: Double, _ l: Double) -> RGBA {
    func channel(_ n: Double) -> Double {
      let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
      let k12 = k < 0 ? k + 12 : k
      let a = s * min(l, 1 - l)
      return l - a * max(-1, min(k12 - 3, 9 - k12, 1))
    }
    return RGBA(channel(0), channel(8), channel(4))
  }

  static func rgb(_ v: UInt32) -> RGBA {
    RGBA(Double((v >> 16) & 255) / 255, Double((v >> 8) & 255) / 255, Double(v & 255) / 255)
  }
}
