/// Tells common files that are not animations by their first bytes, so that a PNG, a video or a web page
/// given as the input is named for what it is instead of failing as JSON at byte 0 ("unexpected byte 0x89").
/// Only signatures that cannot begin a JSON document are listed; a file that starts like JSON is never
/// sniffed.
enum FileSniffer {
  /// How many bytes of the file the signatures look at.
  static let headBytes = 512

  /// What `head` (the file's first bytes) is, with its article ("a PNG image"), or nil for anything else.
  static func what(_ head: [UInt8]) -> String? {
    func starts(_ s: String) -> Bool { head.starts(with: Array(s.utf8)) }
    func at(_ offset: Int, _ s: String) -> Bool {
      let bytes = Array(s.utf8)
      return head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
    }
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "a PNG image" }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
    if starts("GIF87a") || starts("GIF89a") { return "a GIF image" }
    if starts("RIFF") && at(8, "WEBP") { return "a WebP image" }
    if starts("RIFF") && at(8, "WAVE") { return "a WAV sound" }
    if at(4, "ftyp") {
      if at(8, "qt  ") { return "a QuickTime (MOV) video" }
      if at(8, "avif") || at(8, "avis") { return "an AVIF image" }
      if at(8, "heic") || at(8, "mif1") { return "a HEIF image" }
      if at(8, "M4A ") { return "an M4A sound" }
      return "an MP4 video"
    }
    if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return "a WebM or Matroska video" }
    if starts("ID3") || head.starts(with: [0xFF, 0xFB]) || head.starts(with: [0xFF, 0xF3]) { return "an MP3 sound" }
    if starts("OggS") { return "an Ogg file (sound or video)" }
    if starts("%PDF") { return "a PDF document" }
    if starts("BM") && head.count >= 14 && head[6] == 0 && head[7] == 0 { return "a BMP image" }
    if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
      return "a TIFF image"
    }
    if head.starts(with: [0x7F, 0x45, 0x4C, 0x46]) { return "an executable (ELF)" }
    // Markup: after a byte-order mark and white space, case-insensitively.
    var text = head[...]
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
    let lower = String(decoding: text.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }, as: UTF8.self).lowercased()
    if lower.hasPrefix("<!doctype html") || lower.hasPrefix("<html") || lower.hasPrefix("<head")
      || (lower.hasPrefix("<!--") && lower.contains("<html"))
    {
      return "an HTML page (a saved web page rather than the animation file it shows)"
    }
    if lower.hasPrefix("<svg") || (lower.hasPrefix("<?xml") && lower.contains("<svg")) { return "an SVG image" }
    if lower.hasPrefix("<?xml") { return "an XML document" }
    return nil
  }
}
