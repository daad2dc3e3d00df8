import Foundation
import Lottie
import LottieScene
import Testing

/// Expressions evaluated in a scene's scope, as lottie-web evaluates them: the language on real properties
/// and each name of the object model.
@Suite("Expression binding")
struct ExpressionBindingTests {
  static func parse(_ json: String) throws -> Animation {
    try LottieParser.parse(bytes: Array(json.utf8), file: "test.json", limits: LoadLimits())
  }

  static func composition(_ layers: String, extra: String = "") -> String {
    #"{"v": "5.7.4", "nm": "Main", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 100, "#
      + (extra.isEmpty ? "" : extra + ", ")
      + #""layers": "# + layers + "}"
  }

  static func escaped(_ s: String) -> String {
    s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n")
  }

  /// A null layer whose opacity has keyframes 0 at frame 0 and 100 at frame 10 (linear), with `expression`.
  static func opacity(_ expression: String, keyframes: Bool = true) throws -> (Animation, ExpressionScope) {
    let k =
      keyframes ? #"[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100]}]"# : "50"
    let json = composition(
      #"[{"ty": 3, "nm": "L", "ind": 1, "ip": 0, "op": 60, "ks": {"o": {"a": \#(keyframes ? 1 : 0), "k": \#(k), "x": "\#(escaped(expression))"}}}]"#
    )
    let animation = try parse(json)
    return (animation, scope(animation))
  }

  static func scope(_ animation: Animation, engine: ExpressionEngine = ExpressionEngine()) -> ExpressionScope {
    ExpressionScope(layers: animation.layers, animation: animation, engine: engine)
  }

  static func values(_ expression: String, _ frames: [Double], keyframes: Bool = true) throws -> [Double] {
    let (animation, scope) = try opacity(expression, keyframes: keyframes)
    return frames.map { animation.layers[0].transform.opacity.value(at: $0, using: scope) }
  }

  @Test(
    "loopOut and loopIn types, as lottie-web computes them",
    arguments: [
      ("var $bm_rt; $bm_rt = loopOut();", [5.0, 10, 12, 25, 31], [50.0, 100, 20, 50, 10]),
      ("var $bm_rt; $bm_rt = loopOut('cycle');", [12, 20], [20, 0]),
      ("var $bm_rt; $bm_rt = loopOut('pingpong');", [12, 18, 22], [80, 20, 20]),
      ("var $bm_rt; $bm_rt = loopOut('offset');", [12, 25], [120, 250]),
      ("var $bm_rt; $bm_rt = loopOut('continue');", [12], [120]),
      ("var $bm_rt; $bm_rt = loopIn('cycle');", [-2, -10, 5], [80, 100, 50]),
      ("var $bm_rt; $bm_rt = loopIn('offset');", [-2], [-20]),
      ("var $bm_rt; $bm_rt = loopIn('continue');", [-2], [-20]),
    ])
  func loops(expression: String, frames: [Double], expected: [Double]) throws {
    let actual = try Self.values(expression, frames)
    for (a, e) in zip(actual, expected) { #expect(abs(a - e) < 1e-6, "\(expression) at \(frames): \(actual)") }
  }

  @Test("time, value, key, nearestKey, numKeys, valueAtTime, posterizeTime")
  func propertyNames() throws {
    #expect(try Self.values("var $bm_rt; $bm_rt = $bm_mul(time, 60);", [0, 15, 30], keyframes: false) == [0, 30, 60])
    #expect(try Self.values("value + 1", [5]) == [51])
    #expect(try Self.values("numKeys * 10 + key(2).value / 10 + key(1).time", [0]) == [30])
    #expect(try Self.values("nearestKey(0.3).index", [0]) == [2])
    #expect(abs(try Self.values("valueAtTime(time + 0.1)", [2])[0] - 50) < 1e-6)
    #expect(try Self.values("thisProperty.valueAtTime(0.2) + thisProperty.numKeys", [0]) == [62])
    #expect(try Self.values("posterizeTime(10); value", [4]) == [30])
  }

  /// Issue 39: `temporalWiggle` samples the property at a wiggled time, the same in every run, within `amp`
  /// seconds of the time asked.
  @Test("temporalWiggle samples the property at a wiggled time")
  func temporalWiggle() throws {
    #expect(try Self.values("temporalWiggle(2, 0)", [5]) == [50])
    let frames: [Double] = [2, 4, 6, 8]
    let a = try Self.values("temporalWiggle(3, 0.05)", frames)
    #expect(a == (try Self.values("temporalWiggle(3, 0.05)", frames)))
    // 0.05 s is 1.5 frames: the value of a frame at most 1.5 frames away (10 a frame on this ramp).
    for (v, f) in zip(a, frames) { #expect(abs(v - f * 10) <= 15 + 1e-9, "\(f): \(v)") }
    #expect(zip(a, frames).contains { abs($0 - $1 * 10) > 1e-9 }, "\(a)")
  }

  @Test("the language on a property: functions, loops, switch, try/catch, arrays")
  func language() throws {
    let source = """
      function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
      var total = 0;
      for (var i = 0; i < 5; i++) { total += fib(i); }
      var words = 'a,b,c'.split(',');
      switch (words.length) { case 3: total += 10; break; default: total = -1; }
      try { throw new Error('x'); } catch (e) { total += e.message.length; }
      [total, 0].map(function (v) { return v * 2; })[0];
      """
    #expect(try Self.values(source, [0]) == [36])
  }

  @Test("wiggle and random are the same in every run and for any worker, and differ between frames")
  func deterministic() throws {
    let a = try Self.values("wiggle(2, 20)", [3, 4, 17])
    let b = try Self.values("wiggle(2, 20)", [17, 3, 4])
    #expect(a == [b[1], b[2], b[0]])
    #expect(a[0] != a[1])
    for (v, base) in zip(a, [30.0, 40, 100]) { #expect(abs(v - base) <= 30) }
    let r = try Self.values("seedRandom(5, true); random(10, 20)", [1, 2])
    #expect(r[0] == r[1] && r[0] >= 10 && r[0] < 20)
    let s = try Self.values("random(10, 20)", [1, 2])
    #expect(s[0] != s[1])
  }

  /// Three layers: a parent, a child with shapes and a slider, a follower reading them.
  static let rig = composition(
    #"""
    [{"ty": 3, "nm": "Parent", "ind": 1, "ip": 0, "op": 60, "ks": {"p": {"a": 0, "k": [50, 20]}, "s": {"a": 0, "k": [200, 200]}}},
     {"ty": 4, "nm": "Child", "ind": 2, "parent": 1, "ip": 0, "op": 60,
      "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [10, 5]}]},
             "r": {"a": 0, "k": 30, "x": "value + 5"}},
      "ef": [{"ty": 5, "nm": "Size", "mn": "ADBE Slider Control", "ix": 1, "ef": [{"ty": 0, "nm": "Slider", "mn": "ADBE Slider Control-0001", "ix": 1, "v": {"a": 0, "k": 7}}]},
             {"ty": 5, "nm": "Pick", "mn": "ADBE Layer Control", "ix": 2, "ef": [{"ty": 10, "nm": "Layer", "mn": "ADBE Layer Control-0001", "ix": 1, "v": {"a": 0, "k": 1}}]},
             {"ty": 5, "nm": "Wiggle - position", "mn": "ADBE CM WigglePosition", "ix": 3, "en": 0, "ef": [{"ty": 0, "nm": "Wiggle Speed", "mn": "ADBE CM WigglePosition-0001", "ix": 1, "v": {"a": 0, "k": 2}}]}],
      "shapes": [{"ty": "gr", "nm": "Group 1", "it": [
        {"ty": "rc", "nm": "Rect", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [40, 30]}, "r": {"a": 0, "k": 0}},
        {"ty": "sh", "nm": "Path 1", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}},
        {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}},
        {"ty": "tr", "p": {"a": 0, "k": [0, 0], "x": "[propertyIndex, thisProperty.propertyGroup(1).name.length + thisProperty.propertyGroup(2).numProperties]"}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]},
     {"ty": 3, "nm": "Follower", "ind": 3, "ip": 5, "op": 60, "ks": {"o": {"a": 0, "k": 0, "x": "0"}}}]
    """#, extra: #""markers": [{"cm": "go", "tm": 15, "dr": 0}]"#)

  /// The follower's opacity with `expression`, at `frame`.
  static func follower(_ expression: String, at frame: Double = 0) throws -> Double {
    let json = rig.replacingOccurrences(of: #""x": "0""#, with: #""x": "\#(escaped(expression))""#)
    let animation = try parse(json)
    return animation.layers[2].transform.opacity.value(at: frame, using: scope(animation))
  }

  @Test(
    "object-model names resolve as in lottie-web",
    arguments: [
      ("thisLayer.index * 10 + index", 33.0),
      ("thisLayer.name == 'Follower' ? 1 : 0", 1),
      ("thisLayer.inPoint * 30 + thisLayer.outPoint + thisLayer.startTime", 7),
      ("thisComp.numLayers + thisComp.width / 100 + thisComp.height / 100", 6),
      ("thisComp.duration + thisComp.frameDuration * 30", 3),
      ("thisComp.layer('Child').transform.rotation", 35),
      ("thisComp.layer(2).rotation.value - 30", 5),
      ("thisComp.layer('Child').transform.position.valueAtTime(1 / 6)[0]", 5),
      ("thisComp.layer('Child').hasParent + hasParent * 10", 1),
      ("thisComp.layer('Child').parent.name.length", 6),
      ("thisComp.layer('Child').content('Group 1').content('Rect').size[0]", 40),
      ("thisComp.layer('Child').content('Group 1')('Rect').size[1]", 30),
      ("thisComp.layer('Child').content('Group 1').content('Path 1').path.points().length", 3),
      ("thisComp.layer('Child').content('Group 1').content('Path 1').path.isClosed() ? 1 : 0", 1),
      ("thisComp.layer('Child').content('Group 1').content('Fill 1').color[0]", 1),
      ("thisComp.layer('Child').content('Group 1').transform.scale[0]", 100),
      ("thisComp.layer('Child').effect('Size')('Slider') + thisComp.layer(2).effect(1)(1)", 14),
      ("thisComp.layer('Child').effect('Size').param('Slider')", 7),
      // After Effects' index of Rotation in a layer's transform (Bodymovin writes it as `ix`).
      ("thisComp.layer('Child').transform.rotation.propertyIndex", 10),
      ("thisComp.layer('Child').transform.rotation.propertyGroup(1).name.length", 9),
      ("thisComp.layer('Child').transform.rotation.propertyGroup(2).name.length", 5),
      ("thisComp.layer('Child').toComp([0, 0])[0]", 50),
      ("thisComp.layer('Child').toComp([5, 0])[0]", 50 + 10 * cos(35 * Double.pi / 180)),
      ("thisComp.layer('Child').fromComp([60, 20])[0]", 5 * cos(35 * Double.pi / 180)),
      ("comp('Main').numLayers", 3),
      ("thisComp.marker.numKeys + thisComp.marker.key(1).time", 1.5),
      ("thisComp.marker.nearestKey(0).comment == 'go' ? 2 : 0", 2),
      ("timeToFrames(1) + framesToTime(15)", 30.5),
      ("length([0, 0], [3, 4]) + dot([1, 0], [2, 0])", 7),
      ("ease(0.5, 0, 1, 0, 10) > 4 && ease(0.5, 0, 1, 0, 10) < 6 ? 1 : 0", 1),
      ("var p = createPath([[0, 0], [4, 0]], [], [], false); p.points()[1][0]", 4),
    ])
  func objectModel(expression: String, expected: Double) throws {
    let actual = try Self.follower(expression)
    #expect(abs(actual - expected) < 1e-6, "\(expression): \(actual)")
  }

  /// Issue 39: what exported rigs write: groups called with After Effects' match names and indices (the `ix`
  /// Bodymovin writes), every effect (drawn, disabled, not an expression control) by name, match name or
  /// index, a layer control's layer, the path helpers and the lowercase aliases, as lottie-web resolves them.
  @Test(
    "match names, indices and aliases resolve as in lottie-web",
    arguments: [
      ("thisComp.layer('Child')('ADBE Transform Group')('ADBE Rotate Z')", 35.0),
      ("thisComp.layer('Child')(1)(10) + thisComp.layer('Child')(6)('Rotation')", 70),
      ("thisComp.layer('Child')('transform')('ADBE Position')[0]", 0),
      ("thisComp.layer('Child')(2)('Group 1')(2)('Rect')('ADBE Vector Rect Size')[0]", 40),
      ("thisComp.layer('Child')(2)(1)(2)(1)(2)[1]", 30),
      ("thisComp.layer('Child')('ADBE Root Vectors Group')(1)('ADBE Vectors Group')('Fill 1')(4)[0]", 1),
      (
        "thisComp.layer('Child')('ADBE Root Vectors Group')(1)('ADBE Vector Transform Group')('ADBE Vector Scale')[0]",
        100
      ),
      ("thisComp.layer('Child').content('Group 1')(3)(3)[1]", 100),
      (
        "thisComp.layer('Child').content('Group 1').propertyIndex + thisComp.layer('Child').content('Group 1')._name.length",
        8
      ),
      ("thisComp.layer('Child')._name.length", 5),
      ("thisComp.layer('Child')(4)('ADBE Slider Control')('ADBE Slider Control-0001')", 7),
      ("thisComp.layer('Child')('ADBE Effect Parade')(1)(1) + thisComp.layer('Child').effect(1).numProperties", 8),
      ("thisComp.layer('Child').effect('Pick')('ADBE Layer Control-0001').name.length", 6),
      ("thisComp.layer('Child').effect('Pick')('Layer').transform.position[0]", 50),
      ("thisComp.layer('Child').effect('Wiggle - position')('Wiggle Speed')", 2),
      ("thisComp.layer('Child').effect('ADBE CM WigglePosition')(1) + thisComp.layer('Child').effect(3).active", 2),
      ("thisComp.layer('Child').effect('Size').active ? 1 : 0", 1),
      (
        "thisComp.layer('Child').content('Group 1')('Path 1')('ADBE Vector Shape').pointOnPath(0.5)[1]",
        7.0710678118654755
      ),
      ("thisComp.layer('Child').content('Group 1')('Path 1').path.pointOnPath(0)[0]", 0),
      ("thisComp.layer('Child').content('Group 1')('Path 1')('Path').tangentOnPath(0.1)[0]", 1),
      ("thisComp.layer('Child').content('Group 1')('Path 1')('Shape').normalOnPath(0.1)[1]", 1),
      ("var p = createPath([[0, 0], [4, 0]], [], [], false); p.pointOnPath(0.5)[0]", 2),
      ("loop_out('cycle') + loop_in() + 3", 3),
      ("fromCompToSurface([60, 20])[0]", 60),
      // A shape group's transform property: its index (position 2) and its groups (the transform, then the
      // group: "Transform" is 9 letters, the group holds 3 items besides it).
      ("thisComp.layer('Child').content('Group 1').transform.position[0]", 2),
      ("thisComp.layer('Child').content('Group 1').transform.position[1]", 12),
      // The layer itself called by index, Bodymovin's anchor_point, the source rect.
      ("thisLayer(1)('ADBE Anchor Point')[0] + thisLayer(6)('ADBE Opacity').numKeys + 4", 4),
      ("thisComp.layer('Child').anchor_point[0] + 9", 9),
      ("thisComp.layer('Child').sourceRectAtTime(0).width", 200),
    ])
  func matchNamesAndIndices(expression: String, expected: Double) throws {
    let actual = try Self.follower(expression)
    // The path helpers measure lengths on 64 samples a segment, as lottie-web samples them.
    #expect(abs(actual - expected) < 1e-3, "\(expression): \(actual)")
  }

  /// Issue 39: an expression on a text document (`sourceText`) gives the text: a counter (Bodymovin's
  /// `$bm_sum('', n)` makes a string), a number shown as After Effects shows it, words from another layer's
  /// slider; the style stays the document's own, and `value` is the document's text.
  @Test(
    "sourceText expressions give the document's text",
    arguments: [
      ("$bm_sum($bm_sum('', Math.round(linear(time, 0, 1, 0, 10))), '+')", 15.0, "5+"),
      ("Math.round(time * 30)", 12, "12"),
      ("time / 4", 15, "0.125"),
      ("value + ' ' + thisComp.layer('Child').effect('Size')('Slider')", 0, "Hello 7"),
      ("value.toUpperCase().split('').reverse().join('')", 0, "OLLEH"),
    ])
  func sourceText(expression: String, frame: Double, expected: String) throws {
    let text =
      #"{"ty": 5, "nm": "Label", "ind": 4, "ip": 0, "op": 60, "ks": {}, "t": {"d": {"x": "\#(Self.escaped(expression))", "#
      + #""k": [{"s": {"s": 40, "f": "Sans", "t": "Hello", "j": 0, "tr": 0, "lh": 48, "ls": 0, "fc": [1, 0, 0]}, "t": 0}]}, "#
      + #""a": [], "m": {"a": {"a": 0, "k": [0, 0]}}, "p": {}}}"#
    let json = Self.rig.replacingOccurrences(of: #""x": "0"}}}]"#, with: #""x": "0"}}}, "# + text + "]")
    let animation = try Self.parse(json)
    guard case .text(let layer)? = animation.layers.last?.content else {
      Issue.record("no text layer")
      return
    }
    let document = layer.document.value(at: frame, using: Self.scope(animation))
    #expect(document.text == expected, "\(expression)")
    #expect(document.size == 40 && document.fillColor == RGBA(1, 0, 0))
  }

  /// Issue 39: another layer's text, as lottie-web gives it (a string with `value`), with that layer's own
  /// sourceText expression evaluated; by name and by After Effects' match names.
  @Test(
    "another layer's text is read through text.sourceText",
    arguments: [
      ("thisComp.layer('Label').text.sourceText + '!'", "HELLO!"),
      ("thisComp.layer('Label').text.sourceText.value.length", "5"),
      ("thisComp.layer('Label')('ADBE Text Properties')('ADBE Text Document').toLowerCase()", "hello"),
      ("thisComp.layer('Label').text('Source Text').split('L').length", "3"),
      ("try { thisComp.layer('Child').text.sourceText } catch (e) { 'none' }", "none"),
    ])
  func anotherLayersText(expression: String, expected: String) throws {
    func textLayer(_ name: String, _ index: Int, _ expression: String) -> String {
      #"{"ty": 5, "nm": "\#(name)", "ind": \#(index), "ip": 0, "op": 60, "ks": {}, "t": {"d": {"x": "\#(Self.escaped(expression))", "#
        + #""k": [{"s": {"s": 40, "f": "Sans", "t": "Hello", "j": 0, "tr": 0, "lh": 48, "ls": 0, "fc": [1, 0, 0]}, "t": 0}]}, "#
        + #""a": [], "m": {"a": {"a": 0, "k": [0, 0]}}, "p": {}}}"#
    }
    let layers = textLayer("Label", 4, "value.toUpperCase()") + ", " + textLayer("Echo", 5, expression)
    let json = Self.rig.replacingOccurrences(of: #""x": "0"}}}]"#, with: #""x": "0"}}}, "# + layers + "]")
    let animation = try Self.parse(json)
    guard case .text(let layer)? = animation.layers.last?.content else {
      Issue.record("no text layer")
      return
    }
    #expect(layer.document.value(at: 0, using: Self.scope(animation)).text == expected, "\(expression)")
  }

  /// Issue 39: `comp("name")` finds a precomposition by its own name (`nm`, as After Effects names it) and
  /// gives its size as the precomp layer that shows it has it; a layer has no markers (Bodymovin writes none).
  @Test("comp() by a precomposition's name, and a layer's markers")
  func compByNameAndLayerMarkers() throws {
    let json = Self.composition(
      #"""
      [{"ty": 0, "nm": "Shown", "refId": "pre_1", "ind": 1, "w": 120, "h": 80, "ip": 0, "op": 60, "ks": {}},
       {"ty": 3, "nm": "L", "ind": 2, "ip": 0, "op": 60, "ks": {"o": {"a": 0, "k": 0, "x":
        "comp('Pre').layer('Inner').transform.rotation + comp('Pre').width + comp('pre_1').height + thisLayer.marker.numKeys"}}}]
      """#,
      extra:
        #""assets": [{"id": "pre_1", "nm": "Pre", "layers": [{"ty": 3, "nm": "Inner", "ind": 1, "ip": 0, "op": 60, "ks": {"r": {"a": 0, "k": 45}}}]}]"#
    )
    let animation = try Self.parse(json)
    #expect(animation.layers[1].transform.opacity.value(at: 0, using: Self.scope(animation)) == 245)
  }

  /// Issue 39, item 4: masks by name and match name, a pseudo effect's match names, and a stroke's and a trim's
  /// properties by the index After Effects writes.
  @Test(
    "masks, pseudo effects and paint items by name, match name and index",
    arguments: [
      ("thisComp.layer('M').mask('Edge').maskOpacity", 40.0),
      (
        "thisComp.layer('M')('ADBE Mask Parade')('Edge')('ADBE Mask Opacity') + thisComp.layer('M').mask(1).maskExpansion",
        43
      ),
      ("thisComp.layer('M').effect('Pseudo/ab12')('Pseudo/ab12-0002')", 9),
      ("thisComp.layer('M')('ADBE Effect Parade')('Rig')(2) + thisComp.layer('M').effect('Rig')('Speed')", 18),
      ("thisComp.layer('M').content('Stroke 1')(5) + thisComp.layer('M').content('Stroke 1').strokeWidth", 12),
      (
        "thisComp.layer('M').content('Trim Paths 1')(2) + thisComp.layer('M').content('Trim Paths 1')('ADBE Vector Trim Start')",
        80
      ),
    ])
  func masksPseudoEffectsAndItems(expression: String, expected: Double) throws {
    let json = Self.composition(
      #"""
      [{"ty": 4, "nm": "M", "ind": 1, "ip": 0, "op": 60, "ks": {},
        "masksProperties": [{"nm": "Edge", "mode": "a", "pt": {"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}, "o": {"a": 0, "k": 40}, "x": {"a": 0, "k": 3}}],
        "ef": [{"ty": 5, "nm": "Rig", "mn": "Pseudo/ab12", "ix": 1, "ef": [{"ty": 0, "nm": "Size", "mn": "Pseudo/ab12-0001", "ix": 1, "v": {"a": 0, "k": 4}}, {"ty": 0, "nm": "Speed", "mn": "Pseudo/ab12-0002", "ix": 2, "v": {"a": 0, "k": 9}}]}],
        "shapes": [{"ty": "rc", "nm": "Box", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
          {"ty": "st", "nm": "Stroke 1", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 6}, "lc": 1, "lj": 1},
          {"ty": "tm", "nm": "Trim Paths 1", "s": {"a": 0, "k": 30}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "m": 1}]},
       {"ty": 3, "nm": "Reader", "ind": 2, "ip": 0, "op": 60, "ks": {"o": {"a": 0, "k": 0, "x": "\#(Self.escaped(expression))"}}}]
      """#)
    let animation = try Self.parse(json)
    let actual = animation.layers[1].transform.opacity.value(at: 0, using: Self.scope(animation))
    #expect(abs(actual - expected) < 1e-9, "\(expression): \(actual)")
  }

  @Test("references that loop end: each side is read through the other a few levels deep, then as keyframes")
  func referenceCycle() throws {
    let json = Self.composition(
      #"""
      [{"ty": 3, "nm": "A", "ind": 1, "ip": 0, "op": 60, "ks": {
         "r": {"a": 0, "k": 1, "x": "var $bm_rt; $bm_rt = $bm_sum(thisComp.layer('B').rotation, 1);"}}},
       {"ty": 3, "nm": "B", "ind": 2, "ip": 0, "op": 60, "ks": {
         "r": {"a": 0, "k": 1, "x": "var $bm_rt; $bm_rt = $bm_sum(thisComp.layer('A').rotation, 1);"}}}]
      """#)
    let animation = try Self.parse(json)
    let a = animation.layers[0].transform.rotation.value(at: 0, using: Self.scope(animation))
    #expect(a.isFinite && a > 1 && a < 10)
  }

  @Test("a failing expression keeps the property's own value, and the engine records why")
  func failures() throws {
    for (source, kind) in [
      ("'text'", "not a value"), ("while (true) {}", "steps"), ("function f() { f() } f()", "nested"),
      ("eval('1')", "eval"), ("var s = 'ab'; for (var i = 0; i < 40; i++) s += s; 1", "allocated"),
      ("thisComp.layer('Nobody').rotation", "no such layer"),
    ] {
      let (animation, scope) = try Self.opacity(source)
      #expect(animation.layers[0].transform.opacity.value(at: 5, using: scope) == 50, "\(source)")
      let reason = scope.engine.failures.values.first?.description ?? ""
      #expect(reason.contains(kind), "\(source): \(reason)")
    }
  }
}
