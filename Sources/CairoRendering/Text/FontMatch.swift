import CCairo
import Lottie
import TextLayout

extension FontLibrary {
  /// The fallback font (`fallbackFamily`, or whatever fontconfig substitutes for it), found once.
  static let fallback = FontMatch(family: fallbackFamily, style: "")
}

/// A font fontconfig found for a family and an After Effects style name, as a Cairo font face (for the
/// contact sheet's labels; text layers are shaped by `TextShaper`). Immutable; Cairo font faces are
/// reference counted atomically and may be used from any thread.
final class FontMatch: @unchecked Sendable {
  /// The Cairo font face (owned).
  let face: OpaquePointer?

  /// Looks up `family` with the weight and slant `style` names.
  init(family: String, style: String) {
    face = FontLibrary.fontconfig.withLock { _ in
      let (weight, italic) = FontPattern.weightAndSlant(style)
      guard let pattern = FontPattern.make(family: family, weight: weight, italic: italic) else { return nil }
      defer { FcPatternDestroy(pattern) }
      guard let found = FontPattern.match(pattern) else { return nil }
      defer { FcPatternDestroy(found) }
      // A matched pattern names its file, so Cairo opens it directly and never goes back to fontconfig.
      return cairo_ft_font_face_create_for_pattern(found)
    }
  }

  deinit {
    if let face { cairo_font_face_destroy(face) }
  }
}
