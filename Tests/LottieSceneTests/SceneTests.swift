import Foundation
import Lottie
import Testing

@testable import LottieScene

/// The retained scene: built once, ticked per frame, its nodes keeping what did not change.
@Suite("Scene")
struct SceneTests {
  static func parse(_ layers: String, assets: String = "[]") throws -> Animation {
    let json = #"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":\#(assets),"layers":\#(layers)}"#
    return try LottieParser.parse(bytes: Array(json.utf8), file: "scene.json")
  }

  static let moving = #"{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[100,50]}]}"#

  /// A parent, a child following it, and a static layer.
  static let family = """
    [{"ty":3,"nm":"Parent","ind":1,"ip":0,"op":60,"ks":{"p":\(moving),"r":{"a":0,"k":90}}},
     {"ty":4,"nm":"Child","ind":2,"parent":1,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[10,0]}},
      "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}]},
     {"ty":4,"nm":"Still","ind":3,"ip":0,"op":30,"ks":{},
      "shapes":[{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[20,20]}},{"ty":"fl","c":{"a":0,"k":[0,0,1]},"o":{"a":0,"k":100}}]}]
    """

  @Test func childrenShareTheirParentsMatrixOncePerFrame() throws {
    let animation = try Self.parse(Self.family)
    let scene = AnimationScene(animation: animation)
    for frame in [0.0, 5, 10, 3] {
      scene.seek(toFrame: frame)
      let parent = scene.root.layers[0], child = scene.root.layers[1]
      let expected = Affine.make(animation.layers[1].transform, at: frame)
        .then(Affine.make(animation.layers[0].transform, at: frame))
      #expect(child.parentedMatrix == expected, "frame \(frame)")
      #expect(child.parentedMatrix == Affine.make(animation.layers[1].transform, at: frame).then(parent.parentedMatrix))
      #expect(parent.isInRange && child.isDrawn)
    }
  }

  /// One frame's expression steps are shared by every expression the frame evaluates, also by the instances
  /// of a precomp at other start times, whose own times differ (each got a whole frame's steps: scripts/fuzz).
  @Test func precompInstancesShareOneFramesExpressionSteps() throws {
    let loop = #"var k = 0; for (var i = 0; i < 500; i++) { k++ }; 50"#
    let assets = """
      [{"id":"p","layers":[{"ty":4,"ind":1,"ip":0,"op":600,"ks":{"o":{"a":0,"k":100,"x":"\(loop)"}},
        "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                  {"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}]}]}]
      """
    var limits = WorkLimits()
    limits.expressionSteps = 10_000  // a frame: 200,000
    func failures(instances: Int) throws -> [String] {
      let layers = (0..<instances).map { i in
        #"{"ty":0,"refId":"p","ind":\#(i + 1),"ip":0,"op":60,"st":\#(-i),"w":200,"h":200,"ks":{}}"#
      }
      let scene = AnimationScene(
        animation: try Self.parse("[" + layers.joined(separator: ",") + "]", assets: assets), limits: limits)
      scene.seek(toFrame: 0)
      return scene.expressions.failures.values.map(\.message)
    }
    // A few thousand steps an evaluation: 20 instances fit in a frame, 60 do not.
    #expect(try failures(instances: 20).isEmpty)
    let over = try failures(instances: 60)
    #expect(over == ["the frame's expressions used up their 200000 steps (--limit expression-steps=N)"], "\(over)")
  }

  @Test func aStaticLayerKeepsItsVersionAndItsGeometry() throws {
    let scene = AnimationScene(animation: try Self.parse(Self.family))
    scene.seek(toFrame: 0)
    let still = scene.root.layers[2]
    guard case .shapes(let shapes) = still.content else {
      Issue.record("expected shapes")
      return
    }
    let version = still.version, shapesVersion = shapes.version
    let stamp = shapes.slots.first?.stamp
    for frame in [1.0, 2, 20, 5] {
      #expect(scene.seek(toFrame: frame))  // the parent moves, so the frame changed
      #expect(still.version == version && shapes.version == shapesVersion)
      #expect(shapes.slots.first?.stamp == stamp)
    }
    // Leaving its range is a change of the composition; coming back is another.
    scene.seek(toFrame: 40)
    #expect(!still.isDrawn)
  }

  @Test func nothingChangesBetweenFramesOfAStillComposition() throws {
    let scene = AnimationScene(animation: try Self.parse(Self.family))
    scene.seek(toFrame: 12)
    // The parent's keyframes ended at 10: frames after it are the same picture.
    #expect(scene.seek(toFrame: 13) == false)
    #expect(scene.seek(toFrame: 20) == false)
    #expect(scene.seek(toFrame: 30) == true)  // the still layer left
  }

  /// Modifiers reuse their outlines for unchanged inputs: the same contours as rebuilding every frame.
  @Test func cachedAndUncachedShapesAgree() throws {
    let shapes = """
      [{"ty":4,"nm":"S","ind":1,"ip":0,"op":60,"ks":{},"shapes":[
        {"ty":"gr","it":[
          {"ty":"sr","sy":1,"p":{"a":0,"k":[50,50]},"pt":{"a":0,"k":5},"r":{"a":0,"k":0},"or":{"a":0,"k":40},"ir":{"a":0,"k":20},"os":{"a":0,"k":0},"is":{"a":0,"k":0}},
          {"ty":"rc","p":{"a":0,"k":[100,100]},"s":{"a":1,"k":[{"t":0,"s":[20,20],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[60,40]}]},"r":{"a":0,"k":0}},
          {"ty":"rd","r":{"a":0,"k":5}},
          {"ty":"zz","r":{"a":0,"k":3},"s":{"a":0,"k":4},"pt":{"a":0,"k":1}},
          {"ty":"tm","s":{"a":0,"k":10},"e":{"a":1,"k":[{"t":0,"s":[20],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":20,"s":[90]}]},"o":{"a":0,"k":0},"m":2},
          {"ty":"st","c":{"a":0,"k":[0,0,0]},"o":{"a":0,"k":100},"w":{"a":0,"k":3},"lc":1,"lj":1,"ml":4},
          {"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,"tr":{"p":{"a":0,"k":[10,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":10},"so":{"a":0,"k":100},"eo":{"a":0,"k":50}}},
          {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}]
      """
    let animation = try Self.parse(shapes)
    let cached = AnimationScene(animation: animation),
      fresh = AnimationScene(animation: animation, cachesEnabled: false)
    for frame in [0.0, 1, 2, 25, 26, 40, 41, 3, 0] {
      cached.seek(toFrame: frame)
      fresh.seek(toFrame: frame)
      guard case .shapes(let a) = cached.root.layers[0].content, case .shapes(let b) = fresh.root.layers[0].content
      else {
        Issue.record("expected shapes")
        return
      }
      #expect(a.slots.map(\.contours) == b.slots.map(\.contours), "frame \(frame)")
      #expect(a.slots.map(\.matrix) == b.slots.map(\.matrix), "frame \(frame)")
      #expect(a.operations.map(\.paint) == b.operations.map(\.paint), "frame \(frame)")
      #expect(a.operations.map(\.slots) == b.operations.map(\.slots), "frame \(frame)")
      #expect(a.operations.map(\.opacity) == b.operations.map(\.opacity), "frame \(frame)")
      #expect(
        a.slots.count == 2 + 3 * 2 && a.operations.count == 3,
        "\(a.slots.count) slots, \(a.operations.count) operations")
    }
  }

  /// Expressions that read other layers are bound to each scene's own scope: two scenes evaluated on two
  /// threads at once give the same values as one alone, with nothing shared but the model.
  @Test func expressionsAreBoundPerScene() async throws {
    let layers = """
      [{"ty":3,"nm":"Leader","ind":1,"ip":0,"op":60,"ks":{"p":\(Self.moving)}},
       {"ty":3,"nm":"Follower","ind":2,"ip":0,"op":60,"ks":{
         "p":{"a":0,"k":[0,0],"x":"var $bm_rt; $bm_rt = thisComp.layer('Leader').transform.position;"},
         "r":{"a":0,"k":1,"x":"var $bm_rt; $bm_rt = $bm_sum(thisComp.layer('Follower').rotation, 1);"}}}]
      """
    let animation = try Self.parse(layers)
    func positions(_ scene: AnimationScene) -> [Affine] {
      (0..<30).map { frame in
        scene.seek(toFrame: Double(frame))
        return scene.root.layers[1].parentedMatrix
      }
    }
    let alone = positions(AnimationScene(animation: animation))
    #expect(alone[5].tx == 50 && alone[5].ty == 25)
    let together = await withTaskGroup(of: [Affine].self) { group in
      for _ in 0..<2 { group.addTask { positions(AnimationScene(animation: animation)) } }
      var all: [[Affine]] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(together.allSatisfy { $0 == alone })
  }
}
