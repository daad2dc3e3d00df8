import Lottie
import LottieScene
import Testing

@testable import TextLayout

/// The layout of a scene's text node (`TextShaper.layout`, one shaper per scene as one per worker): kept on
/// the node and made again only when the node's version moves, and equal to a layout made afresh.
struct NodeLayoutTests {
  static let turning = #"""
    [{"nm":"Turn","s":{"t":0,"r":1,"b":1,"sh":1,"s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":0}},
      "a":{"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":12,"s":[90]}]}}}]
    """#.replacingOccurrences(of: "\n", with: "")

  /// The scene of `animation` and its text node.
  static func node(_ animation: Animation) throws -> (AnimationScene, TextNode) {
    let scene = AnimationScene(animation: animation)
    guard case .text(let node) = scene.root.layers[0].content else { throw CancellationError() }
    return (scene, node)
  }

  /// What a layout places, comparable: each unit's text, matrix and paints.
  static func summary(_ layout: LaidOutText?) -> [String] {
    (layout?.placed ?? []).map {
      "\($0.unit.text) \($0.style.matrix) \($0.style.opacity) \(String(describing: $0.style.fill))"
    }
  }

  @Test func staticTextIsLaidOutOnce() throws {
    let animation = try TextSamples.animation("Hello", family: "Liberation Sans")
    let (scene, node) = try Self.node(animation)
    let shaper = TextShaper(animation: animation)
    var layouts: [[String]] = []
    for frame in [0.0, 3, 10, 29, 1] {
      scene.seek(toFrame: frame)
      layouts.append(Self.summary(shaper.layout(node, keepsPolylines: true)))
    }
    #expect(shaper.layoutsMade == 1)
    #expect(Set(layouts).count == 1 && layouts[0].count == 5)
  }

  /// Animated text is laid out again when (and only when) its node changed, and each layout is what a new
  /// shaper makes of the node then.
  @Test func animatedTextIsLaidOutWhenItsNodeChanges() throws {
    let animation = try TextSamples.animation(
      "Hi", family: "Liberation Sans", animators: Self.turning, documents: [(0, "Hi"), (20, "Bye")])
    let (scene, node) = try Self.node(animation)
    let shaper = TextShaper(animation: animation)
    var made: [Int] = []
    for frame in [0.0, 6, 12, 15, 20, 25] {
      scene.seek(toFrame: frame)
      let layout = Self.summary(shaper.layout(node, keepsPolylines: true))
      // A scene of its own brought straight to this frame, laid out by a shaper of its own.
      let (freshScene, freshNode) = try Self.node(animation)
      freshScene.seek(toFrame: frame)
      #expect(layout == Self.summary(TextShaper(animation: animation).layout(freshNode, keepsPolylines: false)))
      #expect(!layout.isEmpty)
      made.append(shaper.layoutsMade)
    }
    // Turning until 12, still from 12 to 20, the document changes at 20, still after.
    #expect(made == [1, 2, 3, 3, 4, 4])
  }
}
