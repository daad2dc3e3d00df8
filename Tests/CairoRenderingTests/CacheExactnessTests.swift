import Foundation
import Lottie
import Pipeline
import Raster
import TestSupport
import Testing

@testable import CairoRendering

/// Every cache gives what computing again would: each top-level corpus file rendered at 256x256 by a renderer
/// with its caches and by one without (`caches: false`, as `L2V_RENDER_CACHES=0`), frame by frame, must match
/// byte for byte. The frames run forward one by one (where caches are reused), jump, and go back.
@Suite(.heavy, .enabled(if: Fixtures.corpus != nil, "the shared corpus is absent (set L2V_CORPUS)"))
struct CacheExactnessTests {
  static let size = 256

  static let files: [String] = {
    guard let corpus = Fixtures.corpus else { return [] }
    return ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { $0.hasSuffix(".json") }
      .sorted()
  }()

  /// Frames to render, in this order: the first four, a run in the middle, the last, and back to the start.
  static func frames(_ animation: Animation) -> [Double] {
    let first = animation.inPoint, count = max(1, animation.outPoint - animation.inPoint)
    let middle = (first + count / 2).rounded(.down)
    return [first, first + 1, first + 2, first + 3, middle, middle + 1, middle + 1.5, first + count - 1, first + 1]
      .filter { $0 < animation.outPoint }
  }

  @Test(arguments: files)
  func cachedFramesMatchUncachedOnes(_ name: String) throws {
    guard let corpus = Fixtures.corpus else { return }
    let path = corpus.appendingPathComponent(name).path
    let animation: Animation
    do {
      animation = try LottieParser.load(contentsOf: path)
    } catch {
      return  // Files we refuse draw nothing to compare.
    }
    let assets = ImageAssets.load(animation, baseDirectory: corpus.path, file: path)
    let cached = try FrameRenderer(
      animation: animation, width: Self.size, height: Self.size, images: assets.images, caches: true)
    let uncached = try FrameRenderer(
      animation: animation, width: Self.size, height: Self.size, images: assets.images, caches: false)
    var buffer = PixelBuffer(width: Self.size, height: Self.size)
    for frame in Self.frames(animation) {
      cached.render(frame: frame, into: &buffer)
      let expected = uncached.render(frame: frame)
      guard buffer.bytes != expected.bytes else { continue }
      let differing = zip(buffer.bytes, expected.bytes).filter { $0 != $1 }.count
      Issue.record("\(name) frame \(frame): \(differing) bytes differ between the cached and the uncached render")
      return
    }
  }
}
