import Lottie
import Testing

/// A solid layer's `sc` as the players read it (see `solidColor` in `Parser.swift`): lottie-web hands the
/// string to the canvas's `fillStyle` and the SVG rect's `fill`, so any CSS colour draws; what no CSS parser
/// reads is black in lottie-ios and in an SVG fill, never a refused file.
@Suite("Solid colour leniency")
struct SolidColourLeniencyTests {
  /// The colour and the animation of a solid whose `sc` is the string `sc`.
  func solid(_ sc: String) throws -> (RGBA, Animation) {
    let animation = try parse(composition(layers: #"[{"ty": 1, "sc": ""# + sc + #"", "sw": 10, "sh": 10}]"#))
    guard case .solid(let color, let width, let height) = animation.layers.first?.content else {
      Issue.record("not a solid layer")
      return (RGBA(0, 0, 0, 0), animation)
    }
    #expect(width == 10 && height == 10)
    return (color, animation)
  }

  @Test(
    "CSS colours, as lottie-web's fillStyle reads them",
    arguments: [
      ("red", RGBA(1, 0, 0)),
      ("#f80", RGBA(1, 136.0 / 255, 0)),
      ("RebeccaPurple", RGBA(102.0 / 255, 51.0 / 255, 153.0 / 255)),
      ("rgb(0, 128, 255)", RGBA(0, 128.0 / 255, 1)),
      ("transparent", RGBA(0, 0, 0, 0)),
    ])
  func cssColours(sc: String, expected: RGBA) throws {
    let (color, animation) = try solid(sc)
    #expect(close(color, expected), "\(sc) read as \(color)")
    #expect(animation.diagnostics.isEmpty)
  }

  @Test("what is no colour draws black, with a warning", arguments: ["#12345", "blurple", ""])
  func noColourIsBlack(sc: String) throws {
    let (color, animation) = try solid(sc)
    #expect(color == RGBA(0, 0, 0))
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[0].sc: warning: '\(sc)' is not a colour; the solid is drawn black, as the players draw it"
      ])
  }

  /// Bodymovin's own form is unchanged and says nothing.
  @Test func bodymovinHexIsReadAsBefore() throws {
    let (color, animation) = try solid("#ff8000")
    #expect(close(color, RGBA(1, 128.0 / 255, 0)))
    #expect(animation.diagnostics.isEmpty)
  }

  /// A number reads as its text (names and ids may be numbers), so it is no colour either; an object is not
  /// text at all and is still an error with its path.
  @Test func aNumberIsBlackAndAnObjectAnError() throws {
    let animation = try parse(composition(layers: #"[{"ty": 1, "sc": 5}]"#))
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[0].sc: warning: '5' is not a colour; the solid is drawn black, as the players draw it"
      ])
    expectParseError(
      composition(layers: #"[{"ty": 1, "sc": {}}]"#), "test.json: $.layers[0].sc: expected a string, found an object")
  }
}
