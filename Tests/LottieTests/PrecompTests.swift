import Lottie
import Testing

/// Precomposition references: cycles are refused, missing assets are reported, nesting is bounded.
@Suite("Precomps")
struct PrecompTests {
  /// A precomp asset `id` whose layers reference the given ids.
  static func asset(_ id: String, referencing refs: [String]) -> String {
    let layers = refs.map { #"{"ty": 0, "refId": ""# + $0 + #"", "w": 10, "h": 10}"# }
    return #"{"id": ""# + id + #"", "layers": ["# + layers.joined(separator: ", ") + "]}"
  }

  /// A composition whose root layers reference `root` and whose assets are `assets`.
  static func document(root: [String], assets: [String]) -> String {
    composition(
      layers: "[" + root.map { #"{"ty": 0, "refId": ""# + $0 + #""}"# }.joined(separator: ", ") + "]",
      extra: #""assets": ["# + assets.joined(separator: ", ") + "]")
  }

  @Test("A -> B -> A is refused with the cycle and the path of the reference that closes it")
  func twoStepCycle() {
    let error = expectParseError(
      Self.document(root: ["A"], assets: [Self.asset("A", referencing: ["B"]), Self.asset("B", referencing: ["A"])]),
      "test.json: $.assets[1].layers[0].refId: precomp cycle: A -> B -> A")
    #expect(error?.kind == "invalid")
  }

  @Test("a precomp that includes itself")
  func selfCycle() {
    expectParseError(
      Self.document(root: ["A"], assets: [Self.asset("A", referencing: ["A"])]),
      "test.json: $.assets[0].layers[0].refId: precomp cycle: A -> A")
  }

  @Test("the message lists only the cycle, not the path that led to it")
  func cycleBelowTheRoot() {
    expectParseError(
      Self.document(
        root: ["X"],
        assets: [
          Self.asset("X", referencing: ["A"]), Self.asset("A", referencing: ["B"]), Self.asset("B", referencing: ["C"]),
          Self.asset("C", referencing: ["A"]),
        ]),
      "test.json: $.assets[3].layers[0].refId: precomp cycle: A -> B -> C -> A")
  }

  @Test("shared precomps (a diamond) are not a cycle")
  func diamond() throws {
    let animation = try parse(
      Self.document(
        root: ["A", "B"],
        assets: [
          Self.asset("A", referencing: ["C", "C"]), Self.asset("B", referencing: ["C"]),
          Self.asset("C", referencing: []),
        ]))
    #expect(animation.precomps.keys.sorted() == ["A", "B", "C"])
    #expect(animation.precomps["A"]?.count == 2)
    #expect(animation.diagnostics.isEmpty)
  }

  @Test("a missing precomp is a warning, at the root and inside a precomp")
  func missingReference() throws {
    let animation = try parse(
      Self.document(root: ["nope", "A"], assets: [Self.asset("A", referencing: ["gone"])]))
    #expect(animation.layers.count == 2)
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[0].refId: warning: precomp asset 'nope' does not exist; layer not drawn",
        "test.json: $.assets[0].layers[0].refId: warning: precomp asset 'gone' does not exist; layer not drawn",
      ])
    #expect(animation.diagnostics.allSatisfy { $0.severity == .warning })
  }

  @Test("a precomp layer without refId refers to the empty id")
  func missingRefId() throws {
    let animation = try parse(composition(layers: #"[{"ty": 0}]"#))
    guard case .precomp(let id, let w, let h, let tm) = animation.layers.first?.content else {
      Issue.record("not a precomp layer")
      return
    }
    #expect(id == "" && w == 0 && h == 0 && tm == nil)
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[0].refId: warning: precomp asset '' does not exist; layer not drawn"
      ])
  }

  @Test("nesting deeper than the limit is a limit error")
  func nestingLimit() throws {
    var limits = LoadLimits()
    limits.maxPrecompDepth = 2
    let chain = [
      Self.asset("A", referencing: ["B"]), Self.asset("B", referencing: ["C"]), Self.asset("C", referencing: []),
    ]
    let error = expectParseError(
      Self.document(root: ["A"], assets: chain),
      "test.json: $.assets[1].layers[0].refId: precomps nested deeper than 2 (raise it with --limit precomp-depth=N)",
      limits: limits)
    #expect(error?.kind == "limitExceeded")
    // Two levels are fine.
    limits.maxPrecompDepth = 3
    #expect(try parse(Self.document(root: ["A"], assets: chain), limits: limits).precomps.count == 3)
  }

  @Test("a long chain within the default limit parses")
  func longChain() throws {
    let assets = (0..<60).map { Self.asset("p\($0)", referencing: $0 == 59 ? [] : ["p\($0 + 1)"]) }
    let animation = try parse(Self.document(root: ["p0"], assets: assets))
    #expect(animation.precomps.count == 60)
  }
}
