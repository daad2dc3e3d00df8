import Foundation
import TestSupport
import Testing

/// Issue 39, item 4: over every corpus file with expressions, an expression that fails or falls back does so
/// only where it fails in lottie-web (and in After Effects, given the exported file) too: it names a
/// composition, layer or effect the file does not have, or it calls `eval`, which we refuse by design. Any
/// other failure (a lookup form we do not resolve, a built-in we lack) fails this test with its message.
@Suite(.enabled(if: Fixtures.corpus != nil, "the shared corpus is absent (set L2V_CORPUS)"))
struct CorpusExpressionCheckTests {
  /// Every string a file gives as a name, match name or id (`nm`, `mn`, `id`), at any depth.
  static func names(in json: Any) -> Set<String> {
    var out: Set<String> = []
    var stack = [json]
    while let next = stack.popLast() {
      if let object = next as? [String: Any] {
        for key in ["nm", "mn", "id"] { if let s = object[key] as? String { out.insert(s) } }
        stack.append(contentsOf: object.values)
      } else if let array = next as? [Any] {
        stack.append(contentsOf: array)
      }
    }
    return out
  }

  /// The name a failure says is missing, or nil when it says something else.
  static func missingName(_ message: String) -> String? {
    for (start, end) in [
      ("no composition named '", "'"), ("thisComp.layer(", "): no such layer"), ("('", "'): no such item"),
    ] {
      guard let from = message.range(of: start),
        let to = message.range(of: end, range: from.upperBound..<message.endIndex)
      else { continue }
      return String(message[from.upperBound..<to.lowerBound])
    }
    return nil
  }

  @Test(.heavy, .hangGuard)
  func failuresNameWhatTheFileLacks() async throws {
    guard let corpus = Fixtures.corpus else { return }
    let files = ExpressionWorkerCLITests.corpusFilesWithExpressions
    #expect(files.count >= 20)
    let result = try await CommandRunner.lottie2video(
      ["check", "--json"] + files.map { corpus.appendingPathComponent($0).path })
    let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(records.count == files.count)
    var evaluated = 0, explained = 0
    for (file, record) in zip(files, records) {
      let data = try Data(contentsOf: corpus.appendingPathComponent(file))
      let present = Self.names(in: try JSONSerialization.jsonObject(with: data))
      for diagnostic in record["diagnostics"] as? [[String: Any]] ?? [] {
        let message = diagnostic["message"] as? String ?? ""
        if message == "expression evaluated" { evaluated += 1 }
        guard message.hasPrefix("expression failed") || message.hasPrefix("expression fell back") else { continue }
        if message.contains("'eval' is not allowed") {
          explained += 1
          continue
        }
        guard let name = Self.missingName(message) else {
          Issue.record("\(file): \(diagnostic["path"] ?? ""): \(message)")
          continue
        }
        #expect(!present.contains(name), "\(file): \(diagnostic["path"] ?? ""): '\(name)' is in the file: \(message)")
        explained += 1
      }
    }
    // The corpus's rigs evaluate: most of its expressions give their value.
    #expect(evaluated > explained * 3, "\(evaluated) evaluated, \(explained) failed or fell back")
  }
}
