import Lottie
import Testing

/// A fill's or stroke's own blend mode (`bm` on `fl`, `st`, `gf`, `gs`): read onto the shape item, numbered as
/// layers' blend modes; other items' `bm` is not a paint's and is left at 0.
@Suite("Paint blend modes")
struct PaintBlendModeTests {
  @Test("bm is read on fills, strokes and gradients")
  func readOnPaints() throws {
    let gradient = #""g": {"p": 1, "k": {"a": 0, "k": [0, 1, 1, 1]}}"#
    let animation = try parse(
      shapeComposition(
        #"""
        [{"ty": "fl", "bm": 1}, {"ty": "st", "bm": 10}, {"ty": "gf", "bm": 16, \#(gradient)},
         {"ty": "gs", "bm": 17, \#(gradient)}, {"ty": "fl"}, {"ty": "rc", "bm": 3}]
        """#))
    let items = shapes(animation)
    #expect(items.map(\.tag) == ["fl", "st", "gf", "gs", "fl", "rc"])
    #expect(items.map(\.blendMode) == [.multiply, .difference, .add, .hardMix, .normal, .normal])
    #expect(animation.diagnostics.isEmpty, "\(animation.diagnostics)")
  }

  @Test("an unknown paint blend mode is drawn as normal, with a warning naming it")
  func unknownMode() throws {
    let animation = try parse(shapeComposition(#"[{"ty": "fl", "bm": 40}]"#))
    #expect(shapes(animation).map(\.blendMode) == [.normal])
    #expect(
      animation.diagnostics.map(\.description) == [
        "test.json: $.layers[0].shapes[0].bm: warning: unknown blend mode 40 drawn as normal"
      ])
  }

  private func shapes(_ animation: Animation) -> [ShapeItem] {
    guard case .shapes(let items) = animation.layers.first?.content else { return [] }
    return items
  }
}
