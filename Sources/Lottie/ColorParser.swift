/// Parses colours as users type them: `#RGB`, `#RRGGBB`, `#RRGGBBAA`, CSS colour names, `transparent`.
public enum ColorParser {
  /// nil result (with `true`) means transparent; throws nothing: returns `.none` when unknown.
  public enum Parsed: Equatable, Sendable {
    case transparent
    case color(RGBA)
  }

  static let names: [String: UInt32] = [
    "black": 0x000000, "white": 0xFFFFFF, "red": 0xFF0000, "lime": 0x00FF00, "green": 0x008000,
    "blue": 0x0000FF, "yellow": 0xFFFF00, "cyan": 0x00FFFF, "aqua": 0x00FFFF, "magenta": 0xFF00FF,
    "fuchsia": 0xFF00FF, "gray": 0x808080, "grey": 0x808080, "silver": 0xC0C0C0, "maroon": 0x800000,
    "olive": 0x808000, "purple": 0x800080, "teal": 0x008080, "navy": 0x000080, "orange": 0xFFA500,
    "pink": 0xFFC0CB, "brown": 0xA52A2A, "gold": 0xFFD700, "indigo": 0x4B0082, "violet": 0xEE82EE,
    "coral": 0xFF7F50, "salmon": 0xFA8072, "tomato": 0xFF6347, "crimson": 0xDC143C, "khaki": 0xF0E68C,
    "beige": 0xF5F5DC, "ivory": 0xFFFFF0, "lavender": 0xE6E6FA, "turquoise": 0x40E0D0, "tan": 0xD2B48C,
    "chocolate": 0xD2691E, "darkgray": 0xA9A9A9, "darkgrey": 0xA9A9A9, "lightgray": 0xD3D3D3,
    "lightgrey": 0xD3D3D3, "darkblue": 0x00008B, "darkgreen": 0x006400, "darkred": 0x8B0000,
    "lightblue": 0xADD8E6, "lightgreen": 0x90EE90, "skyblue": 0x87CEEB, "hotpink": 0xFF69B4,
    "steelblue": 0x4682B4, "slategray": 0x708090, "midnightblue": 0x191970, "rebeccapurple": 0x663399,
  ]

  /// The colour `text` names, or nil when it is not a colour.
  public static func parse(_ text: String) -> Parsed? {
    let s = text.lowercased()
    if s == "transparent" || s == "none" { return .transparent }
    if let v = names[s] { return .color(rgb(v)) }
    guard s.hasPrefix("#") else { return nil }
    var hex = String(s.dropFirst())
    if hex.count == 3 || hex.count == 4 { hex = String(hex.flatMap { [$0, $0] }) }
    guard hex.count == 6 || hex.count == 8, let v = UInt64(hex, radix: 16) else { return nil }
    if hex.count == 8 {
      let c = rgb(UInt32(v >> 8))
      return .color(RGBA(c.r, c.g, c.b, Double(v & 255) / 255))
    }
    return .color(rgb(UInt32(v)))
  }

  static func rgb(_ v: UInt32) -> RGBA {
    RGBA(Double((v >> 16) & 255) / 255, Double((v >> 8) & 255) / 255, Double(v & 255) / 255)
  }
}
