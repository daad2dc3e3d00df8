import Lottie
import Testing

/// Audio layers (`ty 6`) and sound assets: read into the model without diagnostics, and never mistaken
/// for images.
struct AudioParsingTests {
  static let assets = #"""
    "assets": [
      {"id": "tone", "e": 1, "u": "", "p": "data:audio/mpeg;base64,AAAA"},
      {"id": "file", "u": "sounds/", "p": "clap.WAV"},
      {"id": "bare", "e": 1, "u": "", "p": "data:application/octet-stream;base64,AAAA"},
      {"id": "picture", "u": "", "p": "data:image/png;base64,AAAA"}
    ]
    """#

  @Test func audioLayerSettingsAreRead() throws {
    let animation = try parse(
      composition(
        layers: #"""
          [{"ty": 6, "ind": 1, "ip": 15, "op": 45, "st": 10, "sr": 2, "refId": "tone",
            "au": {"lv": {"a": 1, "k": [{"t": 0, "s": [100, 100]}, {"t": 30, "s": [50, 50]}]}}},
           {"ty": 6, "ind": 2, "ip": 0, "op": 60, "refId": "bare", "tm": {"a": 0, "k": 1.5}}]
          """#, extra: Self.assets))
    #expect(diagnosticTexts(animation) == [])
    let first = try #require(animation.layers[0].audio)
    #expect(first.soundID == "tone")
    #expect(close(first.gain(at: 0), 1))
    #expect(close(first.gain(at: 15), 0.75))
    #expect(first.timeRemap == nil)
    #expect(
      animation.layers[0].inPoint == 15 && animation.layers[0].startTime == 10 && animation.layers[0].stretch == 2)
    let second = try #require(animation.layers[1].audio)
    #expect(close(second.gain(at: 0), 1), "no au: full level")
    #expect(second.timeRemap?.value(at: 0) == 1.5)
  }

  @Test func soundAssetsAreNotImages() throws {
    let animation = try parse(
      composition(layers: #"[{"ty": 6, "ind": 1, "ip": 0, "op": 60, "refId": "bare"}]"#, extra: Self.assets))
    // By MIME type, by extension (any case), and by being an audio layer's asset.
    #expect(animation.sounds.keys.sorted() == ["bare", "file", "tone"])
    #expect(animation.images.keys.sorted() == ["picture"])
    #expect(animation.sounds["file"]?.directory == "sounds/")
    #expect(animation.sounds["tone"]?.isEmbedded == true)
    #expect(animation.hasAudioLayers)
  }

  @Test func wrongTypesNameThePath() {
    expectParseError(
      composition(layers: #"[{"ty": 6, "ip": 0, "op": 60, "refId": "tone", "au": {"lv": {"a": 0, "k": "loud"}}}]"#),
      "test.json: $.layers[0].au.lv.k: expected a number or an array of numbers, found a string")
  }
}
