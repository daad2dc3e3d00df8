import Foundation
import TestSupport
import Testing

@testable import Lottie2VideoCLI

/// The preset schema in `presets/README.md` is the one the option table generates, and every key it lists
/// is read by the option's own parser.
struct PresetSchemaTests {
  @Test func readmeHoldsTheGeneratedSchema() throws {
    let readme = try String(
      contentsOf: Fixtures.repositoryRoot.appendingPathComponent("presets/README.md"), encoding: .utf8)
    guard let begin = readme.range(of: PresetSchema.begin), let end = readme.range(of: PresetSchema.end) else {
      Issue.record("presets/README.md has no generated schema; paste 'lottie2video presets --schema' there")
      return
    }
    let current = String(readme[begin.lowerBound..<end.upperBound])
    #expect(
      current == PresetSchema.markdown,
      "presets/README.md's schema is stale: replace it with the output of 'lottie2video presets --schema'")
  }

  @Test func everyKeyIsAnOptionInCamelCase() {
    #expect(OptionSpec.presetKey(for: "--codec-preset") == "codecPreset")
    #expect(OptionSpec.presetKey(for: "--pix-fmt") == "pixFmt")
    #expect(OptionSpec.presetKey(for: "--fps") == "fps")
    let keys = OptionTable.presetOptions.compactMap(\.presetKey)
    #expect(Set(keys).count == keys.count, "a key twice: \(keys)")
    // The keys presets have always had, and `textFit` (issue 41).
    #expect(
      Set(keys)
        == [
          "description", "format", "width", "height", "fps", "maxFps", "maxDuration", "background", "fit", "padding",
          "codec", "crf", "codecPreset", "bitrate", "pixFmt", "quality", "lossless", "loop", "dither", "gifPalette",
          "maxBytes", "minFps", "minScale", "audio", "audioOffset", "audioLoop", "noAudio", "audioBitrate", "textFit",
        ])
  }

  @Test func aPresetIsALayerUnderTheCommandLine() throws {
    let object: [String: PresetJSONValue] = ["fps": .number(12), "crf": .number(30), "lossless": .bool(false)]
    let preset = try Preset.parse(object, name: "p", file: "p.json")
    #expect(preset[OptionTable.fps] == 12 && preset[OptionTable.crf] == 30 && !preset[OptionTable.lossless])
    var arguments = ParsedArguments(command: "export")
    arguments.add(24.0, for: OptionTable.fps.spec)
    let layered = arguments.layering(preset)
    #expect(layered[OptionTable.fps] == 24, "the command line wins")
    #expect(layered[OptionTable.crf] == 30, "the preset fills in")
    #expect(layered.preset(OptionTable.fps) == 12 && layered.commandLine(OptionTable.crf) == nil)
    #expect(layered.has(OptionTable.fps.spec) && !layered.has(OptionTable.crf.spec), "given means typed")
  }
}
