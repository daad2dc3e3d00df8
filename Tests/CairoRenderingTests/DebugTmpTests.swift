import Foundation
import Lottie
import Pipeline
import Raster
import TestSupport
import Testing

@testable import CairoRendering

struct DebugTmpTests {
  @Test func debugOne() throws {
    let path = "/work/shared/corpus/lottie-converter__test-files--01.json"
    let animation = try LottieParser.load(contentsOf: path)
    let a = try FrameRenderer(animation: animation, width: 1920, height: 1080, caches: true)
    var buffer = PixelBuffer(width: 1920, height: 1080)
    var previous: [BackdropCache.Step] = []
    for frame in 0..<6 {
      a.render(frame: Double(frame), into: &buffer)
      let walk = BackdropCache.walk(a.scene.graph.root, matrix: a.rootMatrix)
      let changed = walk.steps.indices.filter { previous.count == walk.steps.count && previous[$0] != walk.steps[$0] }
      print("DEBUG \(frame): region \(String(describing: a.lastRegion)) restored \(a.scene.backdrop.restoredSteps) hits \(a.scene.layerGroups.hits) steps \(walk.layers.map(\.model.name)) changed \(changed) bytes \(a.scene.caches.bytesHeld)")
      previous = walk.steps
    }
  }
}
