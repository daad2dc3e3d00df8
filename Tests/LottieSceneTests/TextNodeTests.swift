import Foundation
import Lottie
import Testing

@testable import LottieScene

/// Text layers as scene nodes (`TextNode`, `TextAnimatorNode`): their tracks hold what the model evaluates
/// to at each frame, and their version moves only when one of them changed, so the layout kept on the node
/// is made again only then.
struct TextNodeTests {
  static let rising = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[90]}]}"#

  /// A text layer with documents at `documents` (frame, text), and `animators`; `alignment` and `path` as
  /// given (JSON of `t.m.a` and `t.p`, empty for none).
  static func layer(
    documents: [(Double, String)] = [(0, "Hi")], animators: String = "[]", alignment: String = "",
    path: String = "", masks: String = ""
  ) -> String {
    let keys = documents.map { t, text in
      #"{"t":\#(t),"s":{"t":"\#(text)","f":"F","s":20,"j":0,"tr":0,"lh":24,"fc":[1,0,0]}}"#
    }
    let m = alignment.isEmpty ? "" : #","m":{"g":1,"a":\#(alignment)}"#
    let p = path.isEmpty ? "" : #","p":\#(path)"#
    let maskList = masks.isEmpty ? "" : #","masksProperties":\#(masks)"#
    return
      #"[{"ty":5,"ind":1,"ip":0,"op":60,"st":0,"ks":{}\#(maskList),"t":{"d":{"k":[\#(keys.joined(separator: ","))]},"a":\#(animators)\#(m)\#(p)}}]"#
  }

  static func animator(rotation: String, start: String = #"{"a":0,"k":0}"#) -> String {
    #"[{"nm":"A","s":{"t":0,"r":1,"b":1,"sh":1,"s":\#(start),"e":{"a":0,"k":100},"o":{"a":0,"k":0}},"a":{"r":\#(rotation)}}]"#
  }

  /// The scene and its text node.
  static func scene(_ layers: String) throws -> (AnimationScene, TextNode) {
    let scene = AnimationScene(animation: try SceneTests.parse(layers))
    guard case .text(let node) = scene.root.layers[0].content else {
      Issue.record("not a text layer")
      throw CancellationError()
    }
    return (scene, node)
  }

  @Test func staticTextKeepsItsVersion() throws {
    let (scene, node) = try Self.scene(Self.layer(animators: Self.animator(rotation: #"{"a":0,"k":45}"#)))
    #expect(!node.isAnimated)
    scene.seek(toFrame: 0)
    let version = node.version
    for frame in [1.0, 5, 30, 2] {
      scene.seek(toFrame: frame)
      #expect(node.version == version, "frame \(frame)")
    }
    #expect(node.animators.first?.rotation == 45)
    #expect(node.document.text == "Hi")
  }

  /// Documents hold: the version moves when the document shown changes, not in between.
  @Test func aDocumentChangeMovesTheVersionOnce() throws {
    let (scene, node) = try Self.scene(Self.layer(documents: [(0, "One"), (10, "Two")]))
    #expect(node.isAnimated)
    scene.seek(toFrame: 0)
    let first = node.version
    scene.seek(toFrame: 5)
    #expect(node.version == first && node.document.text == "One")
    scene.seek(toFrame: 10)
    let second = node.version
    #expect(second != first && node.document.text == "Two")
    scene.seek(toFrame: 20)
    #expect(node.version == second)
  }

  /// An animator's property and its selector's start are tracks: the version moves while they move and
  /// stops when they stop (the keyframes end at 10), and their values are the model's.
  @Test func animatorsAndSelectorsAreTracks() throws {
    let (scene, node) = try Self.scene(Self.layer(animators: Self.animator(rotation: Self.rising, start: Self.rising)))
    let model = try SceneTests.parse(Self.layer(animators: Self.animator(rotation: Self.rising, start: Self.rising)))
    guard case .text(let text) = model.layers[0].content, let animator = text.animators.first else {
      Issue.record("no animator")
      return
    }
    var versions: [UInt64] = []
    for frame in [0.0, 2.5, 5, 10, 12, 20] {
      scene.seek(toFrame: frame)
      versions.append(node.version)
      let animated = try #require(node.animators.first)
      #expect(animated.rotation == animator.properties.rotation?.value(at: frame))
      let selection = animated.selector.selection(count: 10)
      #expect(selection.start == animator.selector.start.value(at: frame) * (10.0 / 100))
    }
    // 0 -> 2.5 -> 5 -> 10 move; 10 -> 12 -> 20 do not.
    #expect(Set(versions[0...3]).count == 4)
    #expect(versions[3] == versions[4] && versions[4] == versions[5])
  }

  /// The derived-value slot (the renderer keeps the layout there) is made once per version.
  @Test func theCachedValueIsMadeOncePerVersion() throws {
    let (scene, node) = try Self.scene(Self.layer(documents: [(0, "One"), (10, "Two")]))
    var made = 0
    func layout() -> String {
      node.cached { () -> String in
        made += 1
        return node.document.text
      }
    }
    for frame in [0.0, 1, 2, 9] {
      scene.seek(toFrame: frame)
      #expect(layout() == "One")
      #expect(layout() == "One")
    }
    #expect(made == 1)
    scene.seek(toFrame: 10)
    #expect(layout() == "Two")
    scene.seek(toFrame: 11)
    #expect(layout() == "Two")
    #expect(made == 2)
  }

  /// Alignment and the text path's options are tracks too.
  @Test func alignmentAndPathAreTracks() throws {
    let mask =
      #"[{"mode":"n","pt":{"a":0,"k":{"c":false,"v":[[0,0],[100,0]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}},"o":{"a":0,"k":100}}]"#
    let path = #"{"m":0,"f":\#(Self.rising)}"#
    let alignment = #"{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[50,0]}]}"#
    let (scene, node) = try Self.scene(Self.layer(alignment: alignment, path: path, masks: mask))
    #expect(node.isAnimated)
    scene.seek(toFrame: 5)
    #expect(node.alignment == Vec2(25, 0))
    #expect(node.path?.firstMargin == 45)
    #expect(node.path?.isPerpendicular == true && node.path?.isReversed == false)
    let version = node.version
    scene.seek(toFrame: 15)
    #expect(node.version != version && node.path?.firstMargin == 90)
    let settled = node.version
    scene.seek(toFrame: 25)
    #expect(node.version == settled)
  }
}
