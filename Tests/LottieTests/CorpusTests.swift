import Foundation
import Lottie
import TestSupport
import Testing

/// Every file of the shared corpus: the valid ones load, the broken ones fail cleanly or load.
@Suite("Corpus", .enabled(if: Fixtures.corpus != nil, "the shared corpus is absent"))
struct CorpusTests {
  /// `*.json` names in `folder` (relative to the corpus), sorted; empty when the corpus is absent.
  static func jsonFiles(in folder: String) -> [String] {
    guard let corpus = Fixtures.corpus else { return [] }
    let url = folder.isEmpty ? corpus : corpus.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.isEmpty ? $0 : folder + "/" + $0 }
  }

  /// Valid animations: the top level and `with_assets/*/`.
  static let validFiles: [String] = {
    guard let corpus = Fixtures.corpus else { return [] }
    let withAssets = corpus.appendingPathComponent("with_assets")
    let folders = ((try? FileManager.default.contentsOfDirectory(atPath: withAssets.path)) ?? []).sorted()
    return jsonFiles(in: "") + folders.flatMap { jsonFiles(in: "with_assets/" + $0) }
  }()

  /// Deliberately broken inputs.
  static let badFiles: [String] = jsonFiles(in: "bad")

  static func path(_ name: String) throws -> String {
    try #require(Fixtures.corpus).appendingPathComponent(name).path
  }

  @Test("the corpus has the files its README lists")
  func inventory() {
    // 124 at the top level and 3 with assets; 8 broken ones.
    #expect(Self.validFiles.count == 127)
    #expect(Self.validFiles.filter { $0.hasPrefix("with_assets/") }.count == 3)
    #expect(Self.badFiles.count == 8)
  }

  @Test("valid animations parse", .hangGuard, arguments: validFiles)
  func valid(name: String) throws {
    let path = try Self.path(name)
    let animation = try LottieParser.load(contentsOf: path)
    #expect(animation.width >= 1 && animation.height >= 1)
    #expect(animation.frameCount > 0)
    #expect(animation.diagnostics.allSatisfy { $0.file == path })
  }

  /// What each broken input does today: nil where it parses, else the error text after the file name.
  /// Either outcome is acceptable; update the table when a parser change moves a file from one to the other.
  static let badOutcomes: [String: String?] = [
    "bad/dotlottie-js__packages--dotlottie-js--src--__tests__--__fixtures__--simple--animation--manifest.json":
      "$: missing required member 'w': not a Lottie animation",
    // `"a": 2` on the anchor is read as "animated" (non-zero), and the static `k` is used.
    "bad/lottie-spec__tests--animations--invalid--invalid-animated-val.json": nil,
    // The malformed data URL is only decoded when the image is drawn.
    "bad/lottie-spec__tests--animations--invalid--malformed-embedded-image.json": nil,
    "bad/rlottie__example--resource--test--repro_infinite_loop.json": nil,
    "bad/rlottie__example--resource--test--repro_propertyhelper_type_confusion1.json": nil,
    "bad/rlottie__example--resource--test--repro_propertyhelper_type_confusion2.json":
      "$.layers[0].ks.o.k[0]: keyframe has no value ('s')",
    "bad/rlottie__example--resource--test--repro_sbof.json":
      "$.op: 29140721 frames exceeds the limit of 1000000 (--limit frames=29140721 allows it)",
    "bad/rlottie__example--resource--test--repro_shapeproperty_type_confusion1.json": nil,
  ]

  @Test(
    "broken inputs throw a LottieError naming the file, or parse; never crash or hang", .hangGuard,
    arguments: badFiles)
  func bad(name: String) throws {
    let path = try Self.path(name)
    let outcome: String?
    do {
      let animation = try LottieParser.load(contentsOf: path)
      #expect(animation.frameCount > 0)
      outcome = nil
    } catch {
      let prefix = path + ": "
      #expect(error.description.hasPrefix(prefix))
      outcome = String(error.description.dropFirst(prefix.count))
    }
    let recorded = try #require(Self.badOutcomes[name], "\(name) is missing from badOutcomes")
    #expect(outcome == recorded, "the outcome of \(name) changed; update badOutcomes if that is intended")
  }
}
