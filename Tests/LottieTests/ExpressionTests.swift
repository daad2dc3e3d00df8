import Foundation
import Lottie
import Testing

/// The expression subset: compiled or refused, and evaluated as lottie-web evaluates them.
@Suite("Expressions")
struct ExpressionTests {
  /// A null layer whose opacity has keyframes 0 at frame 0 and 100 at frame 10 (linear), with `x`.
  func opacity(_ expression: String, keyframes: Bool = true) throws -> Animation {
    let escaped = expression.replacingOccurrences(of: "\"", with: "\\\"")
    let k =
      keyframes
      ? #"[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100]}]"#
      : "50"
    return try parse(opacityComposition(#"{"a":\#(keyframes ? 1 : 0),"k":\#(k),"x":"\#(escaped)"}"#))
  }

  func values(_ animation: Animation, _ frames: [Double]) -> [Double] {
    frames.map { animation.layers[0].transform.opacity.value(at: $0) }
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
    let animation = try opacity(expression)
    let actual = values(animation, frames)
    for (a, e) in zip(actual, expected) { #expect(abs(a - e) < 1e-6, "\(expression) at \(frames): \(actual)") }
  }

  @Test("time, value and arithmetic")
  func arithmetic() throws {
    // time is frame / 30.
    let t = try opacity("var $bm_rt; $bm_rt = $bm_mul(time, 60);", keyframes: false)
    #expect(values(t, [0, 15, 30]) == [0, 30, 60])
    let v = try opacity("var $bm_rt; $bm_rt = clamp($bm_sum(value, 70), 0, 100);", keyframes: false)
    #expect(values(v, [3]) == [100])
    let ops = try opacity("var s = 2; var $bm_rt; $bm_rt = (value - 10) * s / 4 + Math.abs(-1) % 3;", keyframes: false)
    #expect(values(ops, [0]) == [21])
    let linear = try opacity("var $bm_rt; $bm_rt = linear(time, 0, 1, 0, 100);", keyframes: false)
    #expect(values(linear, [15, 60]) == [50, 100])
    let uiux = try opacity("var $bm_rt; $bm_rt = $bm_sub($bm_sum(loopIn('cycle'), loopOut('cycle')), value);")
    #expect(values(uiux, [5, 12, -2]) == [50, 20, 80])
  }

  @Test("vectors: arrays add to the first component with a number and scale with one")
  func vectors() throws {
    let json = transformComposition(
      #"{"p":{"a":0,"k":[10,20],"x":"var $bm_rt; $bm_rt = $bm_sum($bm_mul(value, 2), [1, 2]);"},"s":{"a":0,"k":[100,100],"x":"var $bm_rt; $bm_rt = $bm_sum(value, 5);"}}"#
    )
    let t = try parse(json).layers[0].transform
    #expect(t.position.value(at: 0) == Vec2(21, 42))
    #expect(t.scale.value(at: 0) == Vec2(105, 100))
  }

  @Test(
    "anything outside the subset keeps the property's own value, with a warning",
    arguments: [
      ("var $bm_rt; $bm_rt = random(2, 30);", "'random' is not supported"),
      (
        "var $bm_rt; $bm_rt = thisComp.layer('A').content('Group 1');",
        "only a layer's transform properties are supported"
      ),
      ("var $bm_rt = 0; for (var i = 0; i < 3; i++) { $bm_rt += 1; }", "'for' is not supported"),
      ("var $bm_rt; function f() { return 1; } $bm_rt = f();", "'function' is not supported"),
      ("var $bm_rt; var a = [1, 2]; a[0] = 3; $bm_rt = a;", "only a name can be assigned"),
      ("var x = 3;", "it never sets $bm_rt"), ("if (time > 1) { 5; }", "it never sets $bm_rt"),
      ("var $bm_rt; $bm_rt = 'a' ^ 2;", "'^' is not supported"),
      ("var $bm_rt; $bm_rt = loopOut('cycle', 1e20) + [1, 2][1e300];", nil),
    ])
  func unsupported(expression: String, reason: String?) throws {
    let animation = try opacity(expression)
    #expect(values(animation, [5, 25]) == [50, 100])
    if let reason {
      #expect(
        diagnosticTexts(animation) == [
          "test.json: $.layers[0].ks.o.x: warning: expression not evaluated (\(reason)); the property's own value is used"
        ])
    }
  }

  @Test(
    "statements and operators: if/else, try/catch, comparisons, logic, ternaries, commas, compound assignment",
    arguments: [
      // Keyframes 0 at frame 0 and 100 at frame 10; time is frame / 30.
      (
        "var $bm_rt; if (time > 0.2) { $bm_rt = 10; } else if (time > 0.1) { $bm_rt = 20; } else $bm_rt = 30;",
        [9.0, 5, 1], [10.0, 20, 30]
      ),
      ("var $bm_rt = 1; try { $bm_rt = 2; $bm_rt = key(7).time; } catch (e) { $bm_rt = $bm_rt + 40; }", [0], [42]),
      (
        "var $bm_rt; try { $bm_rt = nearestKey(time).index; } catch (err) { $bm_rt = value; }", [2, 6, 40, -3],
        [1, 2, 2, 1]
      ),
      ("var $bm_rt = value > 50 ? 1 : value == 50 ? 2 : 3;", [5, 6, 4], [2, 1, 3]),
      ("var n = 0, $bm_rt; 0 < numKeys && (n = 5, n--); $bm_rt = n || 9;", [0], [4]),
      ("var n = 0; var $bm_rt = (n && 7) + (!n && 3) + (n === 0) + ('a' !== 'b') + (1 >= 2);", [0], [5]),
      ("var $bm_rt = 10; $bm_rt *= 3; $bm_rt -= 5; $bm_rt %= 7; $bm_rt /= 2; ++$bm_rt;", [0], [3]),
      ("var a = [1, 2, 3], $bm_rt = a.length + key(2).value + key(2).time * 30 + nearestKey(0.1).time;", [0], [113]),
      ("var $bm_rt = valueAtTime(0.1) + velocityAtTime(0.2);", [0], [330]),
      ("var $bm_rt = 5; if (true) ; else $bm_rt = 6; { $bm_rt += 1; }", [0], [6]),
      ("var $bm_rt; try { $bm_rt = key(0); } catch (e) { $bm_rt = value = value + 1; }", [5], [51]),
      // After Effects' own form: the last statement's value.
      ("loopOut('cycle')", [12], [20]), ("var a = 2; value * a", [5], [100]),
    ])
  func statements(expression: String, frames: [Double], expected: [Double]) throws {
    let animation = try opacity(expression)
    #expect(
      diagnosticTexts(animation).allSatisfy { $0.contains("info: expression evaluated") },
      "\(diagnosticTexts(animation))")
    let actual = values(animation, frames)
    for (a, e) in zip(actual, expected) { #expect(abs(a - e) < 1e-6, "\(expression) at \(frames): \(actual)") }
  }

  /// `wiggle` is random in After Effects and in lottie-web (seeded anew on every load); ours is smooth noise
  /// seeded by the property's path, so a render is repeatable.
  @Test("wiggle moves each component smoothly within its amplitude, the same way every time")
  func wiggle() throws {
    let json = transformComposition(
      #"{"p":{"a":0,"k":[100,100],"x":"var $bm_rt; $bm_rt = wiggle(2, 10);"},"r":{"a":0,"k":0,"x":"var $bm_rt; $bm_rt = wiggle(3, 20, 3, 0.5);"}}"#
    )
    let first = try parse(json).layers[0].transform, second = try parse(json).layers[0].transform
    let frames = (0...300).map(Double.init)
    let positions = frames.map { first.position.value(at: $0) }
    #expect(positions == frames.map { second.position.value(at: $0) }, "the same in every run")
    // Within the amplitude, moving, and the two components apart.
    #expect(positions.allSatisfy { abs($0.x - 100) <= 10 && abs($0.y - 100) <= 10 })
    #expect(positions.map(\.x).max()! - positions.map(\.x).min()! > 5)
    #expect(positions.contains { abs($0.x - $0.y) > 1 })
    // Smooth: 2 wiggles a second at 30 fps move at most a few units a frame.
    #expect(zip(positions, positions.dropFirst()).allSatisfy { abs($0.x - $1.x) < 3 && abs($0.y - $1.y) < 3 })
    // Not back at the value every 1/freq seconds: the components and octaves do not cross zero together.
    #expect([0.0, 15, 30, 45].map { first.position.value(at: $0) }.contains { $0 != Vec2(100, 100) })
    // Octaves add finer motion on top, still bounded by amp × (1 + 0.5 + 0.25).
    let rotations = frames.map { first.rotation.value(at: $0) }
    #expect(rotations.allSatisfy { abs($0) <= 35 })
    #expect(Set(rotations).count > 200)
  }

  @Test("hostile expressions are refused or fail, never crash: long operator chains, non-finite arguments")
  func hostile() throws {
    let chain = "var $bm_rt = value" + String(repeating: "+0", count: 30_000) + ";"
    let long = try opacity(chain)
    #expect(values(long, [5]) == [50])
    #expect(diagnosticTexts(long).first?.contains("it nests too deeply") == true)
    let members = "var k = key(1); var $bm_rt = k" + String(repeating: ".time", count: 30_000) + ";"
    #expect(values(try opacity(members), [5]) == [50])
    let logic = "var $bm_rt = 1" + String(repeating: "&&1<2", count: 20_000) + ";"
    #expect(values(try opacity(logic), [5]) == [50])
    // A long but ordinary chain still evaluates.
    let ordinary = try opacity("var $bm_rt = value" + String(repeating: "+1", count: 150) + ";")
    #expect(values(ordinary, [5]) == [200])
    // Many statements are not nesting.
    let statements = try opacity(
      "var $bm_rt = value;" + String(repeating: "$bm_rt = $bm_rt + 1 - 1 * 1;", count: 1_000))
    #expect(values(statements, [5]) == [50])
    #expect(diagnosticTexts(statements).first?.contains("info: expression evaluated") == true)
    for arguments in ["1/0", "0/0", "-1/0"] {
      let wiggled = try opacity("var $bm_rt = wiggle(2, 10, \(arguments));")
      let finite = values(wiggled, [7]).allSatisfy { $0.isFinite }
      #expect(finite, "\(arguments)")
    }
  }

  /// The inertial bounce rig After Effects users paste everywhere (as Bodymovin exports it): after each
  /// keyframe the value overshoots by the velocity it arrived with and settles in a damped sine.
  @Test("the inertial bounce expression overshoots after the last keyframe and settles")
  func inertialBounce() throws {
    let bounce = """
      var $bm_rt; var n, n, t, t, v, amp, freq, decay;
      $bm_rt = n = 0;
      if (numKeys > 0) { $bm_rt = n = nearestKey(time).index; if (key(n).time > time) { n--; } }
      if (n == 0) { $bm_rt = t = 0; } else { $bm_rt = t = $bm_sub(time, key(n).time); }
      if (n > 0 && t < 1) {
        v = velocityAtTime($bm_sub(key(n).time, $bm_div(thisComp.frameDuration, 10)));
        amp = 0.05; freq = 2; decay = 6;
        $bm_rt = $bm_sum(value, $bm_div($bm_mul($bm_mul($bm_div(v, 100), amp), Math.sin($bm_mul($bm_mul($bm_mul(freq, t), 2), Math.PI))), Math.exp($bm_mul(decay, t))));
      } else { $bm_rt = value; }
      """
    let animation = try opacity(bounce.replacingOccurrences(of: "\n", with: " "))
    #expect(
      diagnosticTexts(animation).allSatisfy { $0.contains("info: expression evaluated") },
      "\(diagnosticTexts(animation))")
    // Before the last keyframe n is the first key (t = time): the rig adds a wave to the linear ramp.
    // Arriving at 300 units per second, the value overshoots: 100 + 3 × 0.05 × sin(2π × 2 × t) / e^(6t).
    let v = 300.0, amp = 0.05, freq = 2.0, decay = 6.0
    for frame in [11.0, 13, 18, 25] {
      let t = (frame - 10) / 30
      let wave: Double = sin(freq * t * 2 * Double.pi) / exp(decay * t)
      let expected: Double = 100 + v / 100 * amp * wave
      let actual = values(animation, [frame])[0]
      #expect(abs(actual - expected) < 1e-3, "frame \(frame): \(actual), expected \(expected)")
    }
    #expect(values(animation, [13])[0] > 100)
    // A second after the keyframe the rig gives the value itself.
    #expect(values(animation, [45]) == [100])
  }

  @Test("a layer's transform is read by name, index or as this layer's, with its own expression; unknown values fail")
  func layerReferences() throws {
    let json = composition(
      layers: #"""
        [{"ty": 3, "nm": "Nose", "ind": 5, "ip": 0, "op": 60, "ks": {
           "p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [100, 50]}]},
           "r": {"a": 0, "k": 30, "x": "var $bm_rt; $bm_rt = $bm_sum(value, 5);"},
           "o": {"a": 0, "k": 30, "x": "var $bm_rt; $bm_rt = random(1, 2);"}}},
         {"ty": 3, "nm": "Follower", "ind": 6, "ip": 0, "op": 60, "ks": {
           "p": {"a": 0, "k": [1, 1], "x": "var $bm_rt; $bm_rt = thisComp.layer('Nose').transform.position;"},
           "r": {"a": 0, "k": 0, "x": "var $bm_rt; $bm_rt = $bm_mul(thisComp.layer(5).rotation, 2);"},
           "o": {"a": 0, "k": 40, "x": "var $bm_rt; $bm_rt = $bm_sum(transform.opacity, thisLayer.transform.scale[0] / 10);"},
           "s": {"a": 0, "k": [200, 200]}}},
         {"ty": 3, "nm": "Lost", "ind": 7, "ip": 0, "op": 60, "ks": {
           "r": {"a": 0, "k": 12, "x": "var $bm_rt; $bm_rt = thisComp.layer('Nobody').rotation;"}}}]
        """#)
    let animation = try parse(json)
    let scope = ExpressionScope(layers: animation.layers)
    let follower = animation.layers[1].transform
    #expect(follower.position.value(at: 5, using: scope) == Vec2(50, 25))
    // The Nose's rotation is read through its own expression (30 + 5).
    #expect(follower.rotation.value(at: 0, using: scope) == 70)
    #expect(follower.opacity.value(at: 0, using: scope) == 60)
    // A layer that does not exist leaves the property's own value.
    #expect(animation.layers[2].transform.rotation.value(at: 0, using: scope) == 12)
    // So does a property whose own expression we cannot evaluate (the Nose's random opacity).
    let wiggled = try parse(
      json.replacingOccurrences(
        of: "$bm_rt = $bm_sum(transform.opacity, thisLayer.transform.scale[0] / 10);",
        with: "$bm_rt = thisComp.layer('Nose').transform.opacity;"))
    #expect(wiggled.layers[1].transform.opacity.value(at: 0, using: ExpressionScope(layers: wiggled.layers)) == 40)
    // The model alone holds no layers to read: references are not resolved there (the property's own value),
    // but reading the property's own transform value is.
    #expect(follower.position.value(at: 5) == Vec2(1, 1))
    #expect(follower.rotation.value(at: 0) == 0)
  }

  @Test("references that loop end: each side is read through the other a few levels deep, then as keyframes")
  func referenceCycle() throws {
    let json = composition(
      layers: #"""
        [{"ty": 3, "nm": "A", "ind": 1, "ip": 0, "op": 60, "ks": {
           "r": {"a": 0, "k": 1, "x": "var $bm_rt; $bm_rt = $bm_sum(thisComp.layer('B').rotation, 1);"}}},
         {"ty": 3, "nm": "B", "ind": 2, "ip": 0, "op": 60, "ks": {
           "r": {"a": 0, "k": 1, "x": "var $bm_rt; $bm_rt = $bm_sum(thisComp.layer('A').rotation, 1);"}}}]
        """#)
    let animation = try parse(json)
    let a = animation.layers[0].transform.rotation.value(at: 0, using: ExpressionScope(layers: animation.layers))
    #expect(a.isFinite && a > 1 && a < 10)
  }

  @Test("expression controls are read by effect and parameter, by name or index, on this layer or another")
  func effectControls() throws {
    let json = composition(
      layers: #"""
        [{"ty": 3, "nm": "Controls", "ind": 1, "ip": 0, "op": 60, "ks": {},
          "ef": [{"ty": 5, "nm": "Size", "mn": "ADBE Slider Control", "ef": [{"ty": 0, "nm": "Slider",
                   "v": {"a": 1, "k": [{"t": 0, "s": [10], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [30]}]}}]},
                 {"ty": 5, "nm": "Tint", "mn": "ADBE Color Control", "ef": [{"ty": 2, "nm": "Color", "v": {"a": 0, "k": [0, 0.5, 1, 1]}}]}]},
         {"ty": 4, "nm": "Dot", "ind": 2, "ip": 0, "op": 60,
          "ef": [{"ty": 5, "nm": "Spin", "mn": "ADBE Angle Control", "ef": [{"ty": 1, "nm": "Angle", "v": {"a": 0, "k": 45}}]}],
          "ks": {"r": {"a": 0, "k": 0, "x": "var $bm_rt; $bm_rt = effect('Spin')('Angle');"},
                 "o": {"a": 0, "k": 100, "x": "var $bm_rt; $bm_rt = thisComp.layer('Controls').effect('Size')(1);"}},
          "shapes": [{"ty": "fl", "nm": "Fill 1", "o": {"k": 100},
                      "c": {"a": 0, "k": [0, 0, 0, 1], "x": "var $bm_rt; $bm_rt = thisComp.layer(1).effect(2).param('Color');"}}]}]
        """#)
    let animation = try parse(json)
    let scope = ExpressionScope(layers: animation.layers)
    let dot = animation.layers[1]
    #expect(dot.transform.rotation.value(at: 0, using: scope) == 45)
    #expect(dot.transform.opacity.value(at: 5, using: scope) == 20)
    guard case .shapes(let items) = dot.content, case .fill(let color, _, _) = items[0].kind else {
      Issue.record("expected the fill")
      return
    }
    #expect(color.value(at: 0, using: scope) == RGBA(0, 0.5, 1))
  }

  @Test("a run-time failure falls back to the property's own value")
  func runtimeFailure() throws {
    // A string result is not a number.
    let animation = try opacity("var $bm_rt; $bm_rt = 'text';")
    #expect(values(animation, [5]) == [50])
    #expect(diagnosticTexts(animation).first?.contains("info: expression evaluated") == true)
  }
}
