import Foundation
import Lottie
import Testing

@testable import LottieArchive

/// dotLottie v2 themes: rules turned into slot properties, applied by the loader on request; archives read
/// from memory (a pipe) as from a file.
struct DotLottieThemeTests {
  /// A 10x10 square whose fill colour is the slot `body` (red by default) and whose opacity is the slot `fade`.
  static let animation = #"""
    {"v":"5.7.0","nm":"themed","w":10,"h":10,"fr":30,"ip":0,"op":30,"assets":[],
     "slots":{"body":{"p":{"a":0,"k":[1,0,0,1]}},"fade":{"p":{"a":0,"k":100}}},
     "layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{"o":{"sid":"fade","k":100}},
       "shapes":[{"ty":"rc","p":{"k":[5,5]},"s":{"k":[10,10]},"r":{"k":0}},
                 {"ty":"fl","nm":"Fill","c":{"sid":"body","k":[1,0,0,1]},"o":{"k":100}}]}]}
    """#

  static func archive(in scratch: Scratch, themes: [String: String]) throws -> String {
    let ids = themes.keys.sorted().map { #"{"id":"\#($0)"}"# }.joined(separator: ",")
    return try ArchiveMaker.zip(
      [
        ArchiveEntry(
          name: "manifest.json", content: .text(#"{"version":"2","animations":[{"id":"main"}],"themes":[\#(ids)]}"#)),
        ArchiveEntry(name: "a/main.json", content: .text(animation)),
      ] + themes.sorted { $0.key < $1.key }.map { ArchiveEntry(name: "t/\($0.key).json", content: .text($0.value)) },
      named: "themed.lottie", in: scratch.directory)
  }

  /// The fill colour and the layer opacity's first value.
  static func look(_ loaded: LoadedAnimation) throws -> (RGBA, Double) {
    let layer = try #require(loaded.animation.layers.first)
    guard case .shapes(let items) = layer.content, case .fill(let color, _, _)? = items.last?.kind else {
      throw ArchiveError.noAnimations(file: "no fill")
    }
    return (color.initialValue, layer.transform.opacity.initialValue)
  }

  @Test func themeSetsTheSlotsItNames() throws {
    let scratch = Scratch()
    let path = try Self.archive(
      in: scratch,
      themes: [
        "blue": #"{"rules":[{"id":"body","type":"Color","value":[0,0,1]},{"id":"missing","type":"Scalar","value":5}]}"#,
        "fading":
          #"{"rules":[{"id":"fade","type":"Scalar","keyframes":[{"frame":0,"value":0,"outTangent":{"x":0,"y":0},"inTangent":{"x":1,"y":1}},{"frame":10,"value":50,"hold":true}]}]}"#,
        "other": #"{"rules":[{"id":"body","type":"Color","value":[0,1,0],"animations":["not-main"]}]}"#,
      ])
    let plain = try AnimationSource.load(path: path)
    #expect(plain.availableThemes == ["blue", "fading", "other"] && plain.themeID == nil)
    #expect(try Self.look(plain).0 == RGBA(1, 0, 0, 1))
    let blue = try AnimationSource.load(path: path, themeID: "blue")
    #expect(blue.themeID == "blue")
    #expect(try Self.look(blue).0 == RGBA(0, 0, 1))
    // A rule for another animation does not apply.
    #expect(try Self.look(try AnimationSource.load(path: path, themeID: "other")).0 == RGBA(1, 0, 0, 1))
    // Keyframes: the opacity animates 0 → 50, then holds.
    let fading = try AnimationSource.load(path: path, themeID: "fading")
    let opacity = try #require(fading.animation.layers.first).transform.opacity
    #expect(opacity.value(at: 0) == 0 && abs(opacity.value(at: 5) - 25) < 1e-6 && opacity.value(at: 20) == 50)
    // An explicit --slot still wins over the theme.
    var template = Template()
    template.slots = [Template.Assignment(key: "body", value: "#00FF00")]
    #expect(try Self.look(try AnimationSource.load(path: path, template: template, themeID: "blue")).0 == RGBA(0, 1, 0))
  }

  @Test func unknownAndBrokenThemes() throws {
    let scratch = Scratch()
    let path = try Self.archive(in: scratch, themes: ["dark": #"{"rules":"nope"}"#])
    #expect(throws: ArchiveError.unknownTheme(file: path, id: "light", available: ["dark"])) {
      try AnimationSource.load(path: path, themeID: "light")
    }
    let broken = #expect(throws: ArchiveError.self) { try AnimationSource.load(path: path, themeID: "dark") }
    #expect(broken?.description == "\(path): theme 'dark': expected an object with a 'rules' array")
    let json = try ArchiveMaker.plain(Self.animation, named: "plain.json", in: scratch.directory)
    let plain = #expect(throws: ArchiveError.self) { try AnimationSource.load(path: json, themeID: "dark") }
    #expect(plain?.description == "\(json): no theme 'dark' (the file has no themes)")
  }

  /// Gradient stops as Lottie's flat list (colours, then alphas when one has alpha); a text rule replaces only
  /// the document members it names.
  @Test func gradientAndTextRules() throws {
    let gradient = try #require(
      DotLottieTheme.override(
        .object([
          "value": .array([
            .object(["offset": .number(0), "color": .array([.number(1), .number(0), .number(0), .number(0.5)])]),
            .object(["offset": .number(1), "color": .array([.number(0), .number(0), .number(1)])]),
          ])
        ]), type: "Gradient"))
    let flat: [Double] = [0, 1, 0, 0, 1, 0, 0, 1, 0, 0.5, 1, 1]
    #expect(
      gradient(.null)
        == .object(["k": .object(["a": .number(0), "k": .array(flat.map(JSON.number))]), "p": .number(2)]))
    let text = try #require(
      DotLottieTheme.override(
        .object(["value": .object(["text": .string("Hi"), "fontSize": .number(20), "justify": .string("Center")])]),
        type: "Text"))
    let current = JSON.object([
      "k": .array([
        .object(["t": .number(0), "s": .object(["t": .string("Old"), "f": .string("Sans"), "s": .number(10)])])
      ])
    ])
    let expected = JSON.object([
      "k": .array([
        .object([
          "t": .number(0),
          "s": .object(["t": .string("Hi"), "f": .string("Sans"), "s": .number(20), "j": .number(2)]),
        ])
      ])
    ])
    #expect(text(current) == expected)
  }

  /// The bytes of an archive (from a pipe) load as the file does, named as the caller says.
  @Test func archiveFromMemory() throws {
    let scratch = Scratch()
    let path = try Self.archive(
      in: scratch, themes: ["blue": #"{"rules":[{"id":"body","type":"Color","value":[0,0,1]}]}"#])
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let loaded = try AnimationSource.load(bytes: bytes, name: "<stdin>", themeID: "blue")
    #expect(loaded.format == .dotLottie && loaded.animationFile == "<stdin>:a/main.json")
    #expect(try Self.look(loaded).0 == RGBA(0, 0, 1))
    let truncated = #expect(throws: ArchiveError.self) {
      try AnimationSource.load(bytes: Array(bytes.prefix(bytes.count / 2)), name: "<stdin>")
    }
    #expect(truncated?.description.hasPrefix("<stdin>: ") == true, "\(String(describing: truncated))")
  }
}
