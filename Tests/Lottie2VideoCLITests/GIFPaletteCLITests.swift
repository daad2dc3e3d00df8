import Foundation
import TestSupport
import Testing

/// `--gif-palette` and a preset's `gifPalette` reach the GIF encoder: a clip whose colours change gives a
/// different file with a palette per frame, with local colour tables in its frames.
struct GIFPaletteCLITests {
  /// A 32x32 square fading from red to blue over 10 frames.
  static let fading =
    #"{"v":"5.7.0","fr":10,"ip":0,"op":10,"w":32,"h":32,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"#
    + #""shapes":[{"ty":"rc","p":{"a":0,"k":[16,16]},"s":{"a":0,"k":[32,32]},"r":{"a":0,"k":0}},"#
    + #"{"ty":"fl","c":{"a":1,"k":[{"t":0,"s":[1,0,0,1]},{"t":9,"s":[0,0,1,1]}]},"o":{"a":0,"k":100}}]}]}"#

  /// How many image descriptors of a GIF carry a local colour table (packed field bit 0x80), found by walking
  /// its blocks.
  static func localColourTables(_ bytes: [UInt8]) -> Int {
    guard bytes.count > 13 else { return 0 }
    var i = 13
    if bytes[10] & 0x80 != 0 { i += 3 << (Int(bytes[10] & 7) + 1) }
    var count = 0
    func skipSubBlocks() {
      while i < bytes.count, bytes[i] != 0 { i += Int(bytes[i]) + 1 }
      i += 1
    }
    while i < bytes.count {
      switch bytes[i] {
      case 0x21:
        i += 2
        skipSubBlocks()
      case 0x2C:
        guard i + 9 < bytes.count else { return count }
        let packed = bytes[i + 9]
        i += 10
        if packed & 0x80 != 0 {
          count += 1
          i += 3 << (Int(packed & 7) + 1)
        }
        i += 1  // LZW minimum code size
        skipSubBlocks()
      default:
        return count
      }
    }
    return count
  }

  @Test func perFramePalettesFromTheFlagAndThePreset() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("fade.json").path
    try Data(Self.fading.utf8).write(to: URL(fileURLWithPath: input))
    let preset = directory.appendingPathComponent("frames.json").path
    try Data(#"{"format":"gif","gifPalette":"per-frame"}"#.utf8).write(to: URL(fileURLWithPath: preset))
    var files: [String: [UInt8]] = [:]
    for (name, options) in [
      ("global", [String]()), ("flag", ["--gif-palette", "per-frame"]), ("preset", ["--preset", preset]),
    ] {
      let output = directory.appendingPathComponent(name + ".gif").path
      let result = try await CommandRunner.lottie2video([input, "-o", output, "-q"] + options)
      #expect(result.exited(0), "\(result)")
      files[name] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
    }
    // FFmpeg writes one palette: a global table, or a local one on the first frame.
    #expect(Self.localColourTables(files["global"] ?? []) <= 1)
    #expect(Self.localColourTables(files["flag"] ?? []) >= 9, "a palette for (nearly) every frame")
    #expect(files["flag"] == files["preset"])
    let bad = try await CommandRunner.lottie2video([input, "-o", directory.path + "/x.gif", "--gif-palette", "local"])
    #expect(
      bad.exited(64) && bad.stderr.contains("is invalid for '--gif-palette <mode>': use global or per-frame"), "\(bad)")
  }
}
