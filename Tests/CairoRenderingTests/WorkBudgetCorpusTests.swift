import Foundation
import Lottie
import LottieScene
import Pipeline
import Raster
import TestSupport
import Testing

@testable import CairoRendering

/// The work budget's defaults (``WorkLimits``) leave real files far behind: every corpus file, rendered at its
/// own size (at most 512 pixels a side) on frames spread over its length, stays under a tenth of each
/// default, effect work scaled to 1920x1080. Work is counted in units, never in seconds: the frame time limit
/// (`WorkLimits.frameSeconds`) is a guard against a runaway frame, and speed is `scripts/bench`'s to show. `L2V_BUDGET_REPORT=1` prints the maxima (the numbers in
/// `WorkLimits`' comment and the limits table of docs/security.md).
@Suite(.enabled(if: Fixtures.corpus != nil, "the shared corpus is absent (set L2V_CORPUS)"))
struct WorkBudgetCorpusTests {
  static let files: [String] = {
    guard let corpus = Fixtures.corpus else { return [] }
    let manager = FileManager.default
    let top = ((try? manager.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { $0.hasSuffix(".json") }
    let assets = ((try? manager.contentsOfDirectory(atPath: corpus.appendingPathComponent("with_assets").path)) ?? [])
      .filter { $0.hasSuffix(".json") }.map { "with_assets/" + $0 }
    return (top + assets).sorted()
  }()

  struct Peaks {
    var copies = (0, "")
    var vertices = (0, "")
    var glyphs = (0, "")
    var effectWork = (0.0, "")
    var dashes = (0.0, "")
  }

  @Test(.heavy, .hangGuard)
  func corpusStaysFarBelowTheDefaults() throws {
    guard let corpus = Fixtures.corpus else { return }
    var peaks = Peaks()
    for name in Self.files {
      let path = corpus.appendingPathComponent(name).path
      guard let animation = try? LottieParser.load(contentsOf: path) else { continue }
      let scale = min(1, 512 / max(animation.width, animation.height, 1))
      let w = max(1, (animation.width * scale).clampedInt(1...512)),
        h = max(1, (animation.height * scale).clampedInt(1...512))
      let assets = ImageAssets.load(animation, baseDirectory: (path as NSString).deletingLastPathComponent, file: path)
      let renderer = try FrameRenderer(animation: animation, width: w, height: h, images: assets.images)
      var buffer = PixelBuffer(width: w, height: h)
      let first = animation.inPoint, count = max(1, animation.outPoint - animation.inPoint)
      for k in 0..<8 {
        renderer.render(frame: (first + count * Double(k) / 8).rounded(.down), into: &buffer)
      }
      #expect(renderer.workLimitExceeded == nil, "\(name): \(renderer.workLimitExceeded.map { "\($0)" } ?? "")")
      let budget = renderer.scene.graph.budget.peaks
      if budget.copies > peaks.copies.0 { peaks.copies = (budget.copies, name) }
      if budget.vertices > peaks.vertices.0 { peaks.vertices = (budget.vertices, name) }
      if budget.glyphs > peaks.glyphs.0 { peaks.glyphs = (budget.glyphs, name) }
      let effectWork = budget.effectWork * 1920 * 1080 / Double(w * h)
      if effectWork > peaks.effectWork.0 { peaks.effectWork = (effectWork, name) }
      if budget.dashes > peaks.dashes.0 { peaks.dashes = (budget.dashes, name) }
    }
    if ProcessInfo.processInfo.environment["L2V_BUDGET_REPORT"] == "1" {
      print(
        """
        work budget over \(Self.files.count) corpus files:
          copies \(peaks.copies.0) (\(peaks.copies.1))
          vertices \(peaks.vertices.0) (\(peaks.vertices.1))
          glyphs \(peaks.glyphs.0) (\(peaks.glyphs.1))
          effect work at 1080p \(Int(peaks.effectWork.0)) (\(peaks.effectWork.1))
          dashes \(Int(peaks.dashes.0)) (\(peaks.dashes.1))
        """)
    }
    let limits = WorkLimits.defaults
    #expect(peaks.copies.0 * 10 < limits.copies)
    #expect(peaks.vertices.0 * 10 < limits.vertices)
    #expect(peaks.glyphs.0 * 10 < limits.glyphs)
    #expect(peaks.effectWork.0 * 10 < Double(limits.effectWork))
    #expect(peaks.dashes.0 * 10 < Double(limits.dashes))
    // The test measured something: the corpus has repeaters, text and effects.
    #expect(peaks.copies.0 > 0 && peaks.vertices.0 > 0 && peaks.glyphs.0 > 0 && peaks.effectWork.0 > 0)
  }
}
