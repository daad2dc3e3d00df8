import Foundation
import Lottie
import TestSupport
import Testing

/// The root object: canvas, timing, limits, assets, markers, and loading from files.
@Suite("Composition")
struct CompositionTests {
  @Test("w, h, fr, ip, op, v, nm and markers are read")
  func basics() throws {
    let animation = try parse(
      #"""
      {"v": "5.9.0", "nm": "Hero", "fr": 24, "ip": 10, "op": 58.5, "w": 640, "h": 360, "layers": [],
       "markers": [{"cm": "intro", "tm": 10, "dr": 12}, {"cm": 7, "tm": 30}]}
      """#)
    #expect(animation.version == "5.9.0")
    #expect(animation.name == "Hero")
    #expect(animation.width == 640)
    #expect(animation.height == 360)
    #expect(animation.frameRate == 24)
    #expect(animation.inPoint == 10)
    #expect(animation.outPoint == 58.5)
    #expect(animation.frameCount == 48.5)
    #expect(close(animation.duration, 48.5 / 24))
    #expect(animation.layers.isEmpty)
    #expect(animation.precomps.isEmpty)
    #expect(animation.images.isEmpty)
    #expect(animation.diagnostics.isEmpty)
    #expect(animation.markers.map(\.name) == ["intro", "7"])
    #expect(animation.markers.map(\.frame) == [10, 30])
    #expect(animation.markers.map(\.duration) == [12, 0])
  }

  @Test("v and nm are optional")
  func optionalMembers() throws {
    let animation = try parse(#"{"fr": 30, "ip": 0, "op": 1, "w": 1, "h": 1, "layers": []}"#)
    #expect(animation.version == "")
    #expect(animation.name == "")
  }

  static let requiredMembers = ["w", "h", "fr", "ip", "op", "layers"]

  @Test("a missing required member is named", arguments: requiredMembers)
  func missingRequiredMember(key: String) {
    let members = ["\"w\": 100", "\"h\": 100", "\"fr\": 30", "\"ip\": 0", "\"op\": 60", "\"layers\": []"]
      .filter { !$0.hasPrefix("\"\(key)\"") }
    expectParseError(
      "{" + members.joined(separator: ", ") + "}",
      "x.json: $: missing required member '\(key)': not a Lottie animation", file: "x.json")
  }

  @Test("a document that is not an object, or a dotLottie manifest, is not a Lottie")
  func notAnAnimation() {
    expectParseError("[]", "x.json: $: expected an object, found an array", file: "x.json")
    expectParseError(#""hi""#, "x.json: $: expected an object, found a string", file: "x.json")
    expectParseError(
      #"{"version": "1", "animations": [{"id": "a"}]}"#,
      "x.json: $: missing required member 'w': not a Lottie animation", file: "x.json")
  }

  @Test("required members of the wrong type or null")
  func wrongTypes() {
    expectParseError(
      #"{"w": "100", "h": 100, "fr": 30, "ip": 0, "op": 60, "layers": []}"#,
      "x.json: $.w: expected a number, found a string", file: "x.json")
    expectParseError(
      #"{"w": 100, "h": 100, "fr": null, "ip": 0, "op": 60, "layers": []}"#,
      "x.json: $: missing required member 'fr'", file: "x.json")
    expectParseError(
      #"{"w": 100, "h": 100, "fr": 30, "ip": 0, "op": 60, "layers": {}}"#,
      "x.json: $.layers: expected an array, found an object", file: "x.json")
  }

  @Test(
    "empty canvas",
    arguments: [
      (#""w": 0, "h": 100"#, "x.json: $: canvas size 0.0x100.0 is empty"),
      (#""w": 100, "h": -5"#, "x.json: $: canvas size 100.0x-5.0 is empty"),
      (#""w": 0.5, "h": 0.5"#, "x.json: $: canvas size 0.5x0.5 is empty"),
    ])
  func emptyCanvas(size: String, message: String) {
    let error = expectParseError(
      #"{"# + size + #", "fr": 30, "ip": 0, "op": 60, "layers": []}"#, message, file: "x.json")
    #expect(error?.kind == "invalid")
  }

  @Test("a canvas larger than the limit is a limit error")
  func absurdCanvas() throws {
    let error = expectParseError(
      #"{"w": 20000, "h": 100, "fr": 30, "ip": 0, "op": 60, "layers": []}"#,
      "x.json: $: canvas 20000x100 exceeds the limit of 16384 pixels a side (--limit canvas=20000 allows it)",
      file: "x.json")
    #expect(error?.kind == "limitExceeded")
    // Exactly at the limit is fine; the limit can be lowered.
    #expect(try parse(#"{"w": 16384, "h": 16384, "fr": 30, "ip": 0, "op": 60, "layers": []}"#).width == 16384)
    var limits = LoadLimits()
    limits.maxCanvasSide = 256
    expectParseError(
      composition().replacingOccurrences(of: #""h": 100"#, with: #""h": 257"#),
      "test.json: $: canvas 100x257 exceeds the limit of 256 pixels a side (--limit canvas=257 allows it)",
      limits: limits)
  }

  @Test
  func hugeCanvasDoesNotTrap() {
    let error = #expect(throws: LottieError.self) {
      try parse(#"{"w": 1e20, "h": 100, "fr": 30, "ip": 0, "op": 60, "layers": []}"#)
    }
    #expect(error?.kind == "limitExceeded")
  }

  @Test(
    "frame rate out of range",
    arguments: [
      ("0", "0.0"), ("-30", "-30.0"), ("1000.5", "1000.5"), ("1e6", "1000000.0"), ("1e-300", "1e-300"),
      ("0.0009", "0.0009"),
    ])
  func frameRateOutOfRange(fr: String, printed: String) {
    expectParseError(
      #"{"w": 100, "h": 100, "fr": "# + fr + #", "ip": 0, "op": 60, "layers": []}"#,
      "x.json: $.fr: frame rate \(printed) is out of range", file: "x.json")
  }

  @Test("frame rates at the ends of the range are accepted", arguments: [0.001, 1000])
  func frameRateInRange(fr: Double) throws {
    let animation = try parse(#"{"w": 100, "h": 100, "fr": \#(fr), "ip": 0, "op": 60, "layers": []}"#)
    #expect(animation.frameRate == fr)
  }

  @Test(
    "out point not after in point",
    arguments: [
      (#""ip": 10, "op": 10"#, "x.json: $.op: out point 10.0 is not after in point 10.0"),
      (#""ip": 10, "op": 5"#, "x.json: $.op: out point 5.0 is not after in point 10.0"),
      (#""ip": 0, "op": -1"#, "x.json: $.op: out point -1.0 is not after in point 0.0"),
    ])
  func outPointNotAfterInPoint(times: String, message: String) {
    expectParseError(#"{"w": 100, "h": 100, "fr": 30, "# + times + #", "layers": []}"#, message, file: "x.json")
  }

  @Test("too many frames is a limit error")
  func tooManyFrames() throws {
    let error = expectParseError(
      #"{"w": 100, "h": 100, "fr": 30, "ip": 0, "op": 1000001, "layers": []}"#,
      "x.json: $.op: 1000001 frames exceeds the limit of 1000000 (--limit frames=1000001 allows it)", file: "x.json")
    #expect(error?.kind == "limitExceeded")
    #expect(try parse(#"{"w": 100, "h": 100, "fr": 30, "ip": 0, "op": 1000000, "layers": []}"#).frameCount == 1_000_000)
    var limits = LoadLimits()
    limits.maxFrames = 100
    expectParseError(
      composition().replacingOccurrences(of: #""op": 60"#, with: #""op": 101"#),
      "test.json: $.op: 101 frames exceeds the limit of 100 (--limit frames=101 allows it)", limits: limits)
  }

  @Test
  func hugeOutPointDoesNotTrap() {
    let error = #expect(throws: LottieError.self) {
      try parse(#"{"w": 100, "h": 100, "fr": 30, "ip": 0, "op": 1e300, "layers": []}"#)
    }
    #expect(error?.kind == "limitExceeded")
  }

  @Test("more layers than the limit, precomp layers included")
  func tooManyLayers() {
    var limits = LoadLimits()
    limits.maxLayers = 2
    expectParseError(
      composition(layers: #"[{"ty": 3}, {"ty": 3}, {"ty": 3}]"#),
      "test.json: $.layers[2]: more than 2 layers (raise it with --limit layers=N)",
      limits: limits)
    // Assets are read first, so the root's first layer is the third one.
    expectParseError(
      composition(
        layers: #"[{"ty": 0, "refId": "a"}]"#, extra: #""assets": [{"id": "a", "layers": [{"ty": 3}, {"ty": 3}]}]"#),
      "test.json: $.layers[0]: more than 2 layers (raise it with --limit layers=N)", limits: limits)
  }

  @Test("image and precomp assets; assets without id or of an unknown kind become diagnostics")
  func assets() throws {
    let animation = try parse(
      composition(
        extra: #"""
          "assets": [
            {"id": "img_0", "w": 64, "h": 32, "u": "images/", "p": "img_0.png", "e": 0},
            {"id": "img_1", "w": 1, "h": 1, "u": "", "p": "data:image/png;base64,iVBORw0KGgo="},
            {"id": "img_2", "p": "AAAA", "e": 1},
            {"id": "comp_0", "layers": [{"ty": 3, "ind": 1}]},
            {"w": 5, "p": "orphan.png"},
            {"id": "snd", "nm": "sound"}
          ]
          """#))
    #expect(animation.images.count == 3)
    let image = try #require(animation.images["img_0"])
    #expect(image.id == "img_0")
    #expect(image.width == 64)
    #expect(image.height == 32)
    #expect(image.directory == "images/")
    #expect(image.fileName == "img_0.png")
    #expect(!image.isEmbedded)
    #expect(image.path.description == "$.assets[0]")
    #expect(animation.images["img_1"]?.isEmbedded == true)
    #expect(animation.images["img_2"]?.isEmbedded == true)
    #expect(animation.images["img_2"]?.width == 0)
    #expect(animation.precomps["comp_0"]?.count == 1)
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.assets[4]: warning: asset without 'id' ignored",
        "test.json: $.assets[5]: info: asset 'snd' of an unknown kind ignored",
      ])
  }

  @Test("fonts are read without diagnostics; a property with a slot id takes the slot's value")
  func fontsAndSlots() throws {
    let layers = #"[{"ty": 3, "ind": 1, "ip": 0, "op": 60, "ks": {"o": {"a": 0, "k": 100, "sid": "fade"}}}]"#
    let animation = try parse(
      composition(layers: layers, extra: #""fonts": {"list": []}, "slots": {"fade": {"p": {"a": 0, "k": 40}}}"#))
    #expect(diagnosticTexts(animation) == [])
    #expect(animation.layers[0].transform.opacity.value(at: 0) == 40)
  }

  @Test("the same diagnostic is listed five times, then counted once")
  func repeatedDiagnostics() throws {
    let layers = "[" + Array(repeating: #"{"ty": 5}"#, count: 8).joined(separator: ", ") + "]"
    let animation = try parse(composition(layers: layers))
    #expect(animation.layers.count == 8)
    #expect(
      diagnosticTexts(animation)
        == (0..<5).map {
          "test.json: $.layers[\($0)]: warning: text layer without a text document ('t.d'); nothing drawn"
        } + [
          "test.json: $.layers[5]: info: further occurrences of 'text layer without a text document ('t.d'); nothing drawn' not listed"
        ])
  }

  // MARK: - Loading files

  @Test("load(contentsOf:) reads a file and names it in diagnostics")
  func loadFile() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("hero.json")
    try Data(composition(layers: #"[{"ty": 5}]"#).utf8).write(to: url)
    let animation = try LottieParser.load(contentsOf: url.path)
    #expect(animation.layers.count == 1)
    #expect(
      diagnosticTexts(animation) == [
        "\(url.path): $.layers[0]: warning: text layer without a text document ('t.d'); nothing drawn"
      ])
  }

  @Test("load(contentsOf:) errors: missing file, directory, file over the size limit, bad JSON")
  func loadErrors() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("nope.json").path
    #expect(throws: LottieError.unreadable(file: missing, reason: "no such file")) {
      try LottieParser.load(contentsOf: missing)
    }
    let isDirectory = #expect(throws: LottieError.self) { try LottieParser.load(contentsOf: directory.path) }
    #expect(isDirectory?.kind == "unreadable")
    #expect(isDirectory?.description.hasPrefix("\(directory.path): cannot read: ") == true)

    let big = directory.appendingPathComponent("big.json")
    try Data(composition().utf8).write(to: big)
    var limits = LoadLimits()
    limits.maxFileBytes = 10
    #expect(
      throws: LottieError.limitExceeded(
        file: big.path, path: .root, message: "file is larger than 10 bytes (raise it with --limit file-size=MB)")
    ) {
      try LottieParser.load(contentsOf: big.path, limits: limits)
    }

    limits.maxFileBytes = 1 << 20
    #expect(try LottieParser.load(contentsOf: big.path, limits: limits).width == 100)

    let broken = directory.appendingPathComponent("broken.json")
    try Data(#"{"w": "#.utf8).write(to: broken)
    let error = #expect(throws: LottieError.self) { try LottieParser.load(contentsOf: broken.path) }
    #expect(
      error?.description
        == "\(broken.path): invalid JSON at line 1, column 7 (byte 6): unexpected end of input (truncated JSON?)")
  }

  @Test
  func unlimitedFileSize() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("a.json")
    try Data(composition().utf8).write(to: url)
    var limits = LoadLimits()
    limits.maxFileBytes = .max
    #expect(try LottieParser.load(contentsOf: url.path, limits: limits).width == 100)
  }
}
