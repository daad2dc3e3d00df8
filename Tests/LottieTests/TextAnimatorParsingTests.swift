import Lottie
import Testing

/// Reading text animators (`t.a[]`) and alignment options (`t.m`) into the model.
@Suite("Text animator parsing")
struct TextAnimatorParsingTests {
  /// A composition with one text layer whose `t` holds `members` besides a one-keyframe document.
  static func textComposition(_ members: String) -> String {
    let document = #"{"k":[{"t":0,"s":{"t":"Hi","f":"F","s":20,"fc":[1,0,0]}}]}"#
    return composition(layers: #"[{"ty":5,"ind":1,"ip":0,"op":60,"ks":{},"t":{"d":\#(document),\#(members)}}]"#)
  }

  static func text(_ animation: Animation) -> TextLayer? {
    guard case .text(let text) = animation.layers.first?.content else { return nil }
    return text
  }

  /// Justification (`j`) is read as its kind; a number After Effects does not write is drawn left, with a
  /// warning at its path.
  @Test(arguments: [(0, Justification.left), (2, .center), (4, .justifyRight), (6, .justifyAll), (9, .left)])
  func justificationIsReadAsItsKind(_ j: Int, _ expected: Justification) throws {
    let json = composition(
      layers:
        #"[{"ty":5,"ind":1,"ip":0,"op":60,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"Hi","f":"F","s":20,"j":\#(j)}}]}}}]"#)
    let animation = try parse(json)
    let document = try #require(Self.text(animation)?.document.initialValue)
    #expect(document.justification == expected)
    let warnings = diagnosticTexts(animation).filter { $0.contains("justification") }
    #expect(
      warnings
        == (j == 9
          ? ["test.json: $.layers[0].t.d.k[0].s.j: warning: justification 9 is none of 0 to 6; drawn left justified"]
          : []),
      "\(warnings)")
    #expect(expected.lineAlignment == [.left, .right, .center, .left, .right, .center, .left][expected.rawValue])
  }

  @Test func selectorAndPropertiesAreRead() throws {
    let animation = try parse(
      Self.textComposition(
        #""a":[{"nm":"Wave","s":{"t":0,"r":2,"b":3,"sh":5,"rn":0,"s":{"a":0,"k":1},"e":{"a":0,"k":3},"o":{"a":0,"k":-1},"a":{"a":0,"k":80},"ne":{"a":0,"k":25},"xe":{"a":0,"k":-50},"sm":{"a":0,"k":60}},"a":{"p":{"a":0,"k":[0,-10,0]},"s":{"a":0,"k":[150,50]},"r":{"a":0,"k":45},"o":{"a":0,"k":20},"fc":{"a":0,"k":[0,0,1,1]},"sw":{"a":0,"k":3},"t":{"a":0,"k":5},"fh":{"a":0,"k":90}}}],"m":{"g":2,"a":{"a":0,"k":[0,-50]}}"#
      ))
    let text = try #require(Self.text(animation))
    #expect(text.grouping == .words)
    #expect(text.alignment.initialValue == Vec2(0, -50))
    let animator = try #require(text.animators.first)
    #expect(animator.name == "Wave")
    let s = animator.selector
    #expect(s.units == .index && s.basedOn == .words && s.shape == .round && !s.randomizeOrder)
    #expect(s.start.initialValue == 1 && s.end?.initialValue == 3 && s.offset.initialValue == -1)
    #expect(s.amount.initialValue == 80 && s.easeLow.initialValue == 25 && s.easeHigh.initialValue == -50)
    #expect(s.smoothness.initialValue == 60)
    let p = animator.properties
    #expect(p.position?.initialValue == Vec2(0, -10))
    #expect(p.scale?.initialValue == Vec2(150, 50))
    #expect(p.rotation?.initialValue == 45 && p.opacity?.initialValue == 20)
    #expect(p.fillColor?.initialValue == RGBA(0, 0, 1))
    #expect(p.strokeWidth?.initialValue == 3 && p.tracking?.initialValue == 5 && p.fillHue?.initialValue == 90)
    #expect(p.anchor == nil && p.skew == nil && p.strokeColor == nil)
    #expect(diagnosticTexts(animation).isEmpty)
  }

  /// Missing selector members take lottie-web's defaults: 0...100 % of the characters, square, amount 100 %.
  @Test func selectorDefaults() throws {
    let animation = try parse(Self.textComposition(#""a":[{"s":{},"a":{"o":{"a":0,"k":0}}}]"#))
    let s = try #require(Self.text(animation)?.animators.first?.selector)
    #expect(s.units == .percent && s.basedOn == .characters && s.shape == .square)
    #expect(
      s.start.initialValue == 0 && s.end == nil && s.amount.initialValue == 100 && s.smoothness.initialValue == 100)
    #expect(Self.text(animation)?.grouping == .characters)
  }

  /// Expression selectors, randomized order and properties that are not drawn are reported.
  @Test func unsupportedBitsAreReported() throws {
    let animation = try parse(
      Self.textComposition(#""a":[{"s":{"t":1,"rn":1,"sh":9},"a":{"rx":{"a":0,"k":30},"bl":{"a":0,"k":2}}}]"#))
    #expect(
      diagnosticTexts(animation) == [
        "test.json: $.layers[0].t.a[0].s: warning: expression text selectors are not evaluated; the selector's range is used",
        "test.json: $.layers[0].t.a[0].s.rn: warning: randomized text selector order is not reproducible (lottie-web uses Math.random); drawn in order",
        "test.json: $.layers[0].t.a[0].s.sh: warning: unknown text selector shape 9; square used",
        "test.json: $.layers[0].t.a[0].a.rx: warning: text animator X rotation is not applied",
        "test.json: $.layers[0].t.a[0].a.bl: warning: text animator blur is not applied",
      ])
  }
}
