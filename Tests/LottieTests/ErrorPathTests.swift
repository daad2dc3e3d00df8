import Lottie
import Testing

/// Every type mismatch names the file and the exact JSON path of the offending value.
@Suite("Error paths")
struct ErrorPathTests {
  @Test("a string where a keyframe time is expected")
  func keyframeTimeString() {
    let json = #"""
      {"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [
        {"ty": 4, "ind": 1, "ip": 0, "op": 60, "shapes": [], "ks": {
          "o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": "10", "s": [100]}]}
        }}
      ]}
      """#
    let error = expectParseError(
      json, "hero.json: $.layers[0].ks.o.k[1].t: expected a number, found a string", file: "hero.json")
    #expect(
      error
        == .invalid(
          file: "hero.json",
          path: JSONPath(components: [
            .key("layers"), .index(0), .key("ks"), .key("o"), .key("k"), .index(1), .key("t"),
          ]), message: "expected a number, found a string"))
  }

  /// Documents whose single broken value sits at the given path, with the message printed there.
  static let cases: [(String, String)] = [
    // Keyframes and properties.
    (
      opacityComposition(#"{"a": 1, "k": [{"t": 0, "s": [0]}, {"s": [5]}]}"#),
      "$.layers[0].ks.o.k[1]: missing required member 't'"
    ),
    (
      opacityComposition(#"{"a": 1, "k": [{"t": 0}, {"t": 5, "s": [5]}]}"#),
      "$.layers[0].ks.o.k[0]: keyframe has no value ('s')"
    ),
    (
      opacityComposition(#"{"a": 1, "k": [{"t": 0, "s": [0]}, 7]}"#),
      "$.layers[0].ks.o.k[1]: expected an object, found a number"
    ),
    (
      opacityComposition(#"{"a": 1, "k": [{"t": 0, "s": ["x"]}]}"#),
      "$.layers[0].ks.o.k[0].s[0]: expected a number, found a string"
    ),
    (
      opacityComposition(#"{"a": 1, "k": [{"t": 0, "s": [0], "e": {}}]}"#),
      "$.layers[0].ks.o.k[0].e: expected a number, found an object"
    ),
    (
      opacityComposition(#"{"a": 1, "k": [{"t": 0, "s": 0, "h": "yes"}]}"#),
      "$.layers[0].ks.o.k[0].h: expected a boolean, found a string"
    ),
    (
      opacityComposition(#"{"a": 1, "k": [{"t": 0, "s": 0, "o": {"x": "a", "y": 0}}]}"#),
      "$.layers[0].ks.o.k[0].o.x: expected a number or an array of numbers, found a string"
    ),
    (
      opacityComposition(#"{"a": 1, "k": [{"t": 0, "s": 0, "i": {"x": [1], "y": [true]}}]}"#),
      "$.layers[0].ks.o.k[0].i.y[0]: expected a number, found a boolean"
    ),
    (opacityComposition(#"{"a": 0}"#), "$.layers[0].ks.o: missing required member 'k'"),
    (opacityComposition(#"{"a": 1, "k": []}"#), "$.layers[0].ks.o.k: an animated property needs at least one keyframe"),
    (opacityComposition(#"{"a": 0, "k": {"a": 1}}"#), "$.layers[0].ks.o.k: expected a number, found an object"),
    (opacityComposition(#"{"a": 0, "k": ["x"]}"#), "$.layers[0].ks.o.k[0]: expected a number, found a string"),
    (opacityComposition(#""50""#), "$.layers[0].ks.o: expected a number, found a string"),
    (
      transformComposition(#"{"p": {"a": 0, "k": [1, "x"]}}"#),
      "$.layers[0].ks.p.k[1]: expected a number, found a string"
    ),
    (
      transformComposition(#"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "to": "up"}]}}"#),
      "$.layers[0].ks.p.k[0].to: expected a number or an array of numbers, found a string"
    ),
    (
      transformComposition(#"{"p": {"s": true, "x": {"k": 1}, "y": {"k": null}}}"#),
      "$.layers[0].ks.p.y.k: expected a number, found null"
    ),
    (
      transformComposition(#"{"p": {"s": "yes", "x": 1, "y": 2}}"#),
      "$.layers[0].ks.p.s: expected a boolean, found a string"
    ),
    (transformComposition(#"[]"#), "$.layers[0].ks: expected an object, found an array"),
    // Layers.
    (composition(layers: "[5]"), "$.layers[0]: expected an object, found a number"),
    (composition(layers: #"[{"ty": 3}, {"ty": "4"}]"#), "$.layers[1].ty: expected a number, found a string"),
    (composition(layers: #"[{"ty": 3, "nm": ["a"]}]"#), "$.layers[0].nm: expected a string, found an array"),
    (composition(layers: #"[{"ty": 3, "hd": "no"}]"#), "$.layers[0].hd: expected a boolean, found a string"),
    (composition(layers: #"[{"ty": 3, "ind": 1e10}]"#), "$.layers[0].ind: number 10000000000.0 is out of range"),
    (composition(layers: #"[{"ty": 3, "ip": {}}]"#), "$.layers[0].ip: expected a number, found an object"),
    // A solid's colour that is no colour is drawn black with a warning (SolidColourLeniencyTests).
    (composition(layers: #"[{"ty": 4, "shapes": {}}]"#), "$.layers[0].shapes: expected an array, found an object"),
    (
      composition(layers: #"[{"ty": 3, "masksProperties": [{"mode": "a", "pt": {"k": {"v": [[1]]}}}]}]"#),
      "$.layers[0].masksProperties[0].pt.k.v[0]: expected a point of 2 numbers"
    ),
    (
      composition(layers: #"[{"ty": 3, "masksProperties": [{"mode": "a", "inv": "x"}]}]"#),
      "$.layers[0].masksProperties[0].inv: expected a boolean, found a string"
    ),
    // Shapes.
    (
      shapeComposition(#"[{"ty": "gr", "it": [{"ty": "rc"}, {"ty": "el", "s": {"k": [1, {}]}}]}]"#),
      "$.layers[0].shapes[0].it[1].s.k[1]: expected a number, found an object"
    ),
    (
      shapeComposition(#"[{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [{"v": [[0, 0], [1]]}]}]}}]"#),
      "$.layers[0].shapes[0].ks.k[0].s[0].v[1]: expected a point of 2 numbers"
    ),
    (
      shapeComposition(#"[{"ty": "sh", "ks": {"k": {"v": 3}}}]"#),
      "$.layers[0].shapes[0].ks.k.v: expected an array, found a number"
    ),
    (shapeComposition(#"[{"ty": "gf", "o": {"k": 100}}]"#), "$.layers[0].shapes[0].g: missing gradient colours 'g'"),
    (
      shapeComposition(#"[{"ty": "st", "d": [{"n": "d", "v": {"k": "1"}}]}]"#),
      "$.layers[0].shapes[0].d[0].v.k: expected a number, found a string"
    ),
    (shapeComposition(#"[{"ty": "rp", "tr": 1}]"#), "$.layers[0].shapes[0].tr: expected an object, found a number"),
    (
      shapeComposition(#"[{"ty": ["fl"]}]"#),
      "$.layers[0].shapes[0].ty: expected a string, found an array"
    ),
    // Root members.
    (composition(extra: #""assets": {}"#), "$.assets: expected an array, found an object"),
    (
      composition(extra: #""assets": [{"id": "a", "layers": 3}]"#),
      "$.assets[0].layers: expected an array, found a number"
    ),
    (composition(extra: #""markers": [3]"#), "$.markers[0]: expected an object, found a number"),
  ]

  @Test("mismatches name the exact path", arguments: cases)
  func mismatchPaths(json: String, message: String) {
    expectParseError(json, "test.json: " + message)
  }

  @Test("paths print member names that are not identifiers in brackets")
  func pathDescriptions() {
    let path = JSONPath.root.appending("layers").appending(3).appending("ks").appending("my key").appending("")
      .appending("a_1")
    #expect(path.description == #"$.layers[3].ks["my key"][""].a_1"#)
    #expect(JSONPath.root.description == "$")
    #expect(
      Diagnostic(severity: .info, path: .root.appending("fr"), message: "note").description == "$.fr: info: note")
    #expect(
      Diagnostic(severity: .error, file: "a.json", path: .root, message: "bad").description == "a.json: $: error: bad")
    #expect(Severity.info < .warning && Severity.warning < .error)
    #expect(
      LottieError.unreadable(file: "a.json", reason: "no such file").description == "a.json: cannot read: no such file")
  }
}
