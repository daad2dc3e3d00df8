import Foundation
import TestSupport
import Testing

/// Figures with provenance (docs/performance.md, "Quoting a figure"): every line of README.md or docs/ that
/// links a file in docs/measurements/ quotes only numbers that file holds, and each such file says the commit,
/// date and machine it was measured on.
struct MeasurementQuoteTests {
  static let root = Fixtures.repositoryRoot

  /// One quoting line that does not match its file: the document, the line number and what is wrong.
  struct Mismatch: CustomStringConvertible, Equatable {
    var document: String
    var line: Int
    var problem: String
    var description: String { "\(document):\(line): \(problem)" }
  }

  /// The numbers a text holds: 88.1, 599, 680, 1.49, 2026-12-02's parts; "1,000" counts as 1000.
  static func numbers(in text: String) -> [String] {
    text.matches(of: /[0-9]+(?:,[0-9]{3})*(?:\.[0-9]+)?/).map { $0.output.replacingOccurrences(of: ",", with: "") }
  }

  /// Checks `text` (the document at `path`, relative to the repository) against the measurement files it
  /// links: `read` gives a linked file's text (nil when it does not exist).
  static func check(document path: String, text: String, read: (String) -> String?) -> [Mismatch] {
    var mismatches: [Mismatch] = []
    let folder = (path as NSString).deletingLastPathComponent
    for (index, whole) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      // Code spans are examples, not quotes: `[x](measurements/x.md)` in backquotes is left out.
      let line = whole.replacing(/`[^`]*`/, with: "")
      let links = line.matches(of: /\]\(([^)\s]*measurements\/[A-Za-z0-9_.-]+\.md)(?:#[^)]*)?\)/)
      guard !links.isEmpty else { continue }
      // The quoted figures: the line without its link targets.
      var quoted = String(line)
      for link in links { quoted = quoted.replacingOccurrences(of: String(link.output.0), with: "]") }
      let figures = numbers(in: quoted)
      if figures.isEmpty {
        mismatches.append(
          Mismatch(document: path, line: index + 1, problem: "links a measurement but quotes no number"))
      }
      var sources: [String] = []
      for link in links {
        let target = String(link.output.1)
        let resolved = ((folder.isEmpty ? target : folder + "/" + target) as NSString).standardizingPath
        guard let file = read(resolved) else {
          mismatches.append(Mismatch(document: path, line: index + 1, problem: "\(target) does not exist"))
          continue
        }
        sources.append(file)
      }
      guard !sources.isEmpty else { continue }
      let held = Set(sources.flatMap { numbers(in: $0) })
      for figure in figures where !held.contains(figure) {
        mismatches.append(
          Mismatch(document: path, line: index + 1, problem: "\(figure) is not in \(links.map { String($0.output.1) })")
        )
      }
    }
    return mismatches
  }

  static func documents() throws -> [String] {
    var paths = ["README.md"]
    let docs = root.appendingPathComponent("docs")
    if let walker = FileManager.default.enumerator(atPath: docs.path) {
      for case let name as String in walker where name.hasSuffix(".md") && !name.hasPrefix("measurements/") {
        paths.append("docs/" + name)
      }
    }
    return paths.sorted()
  }

  @Test func everyQuotedFigureIsInItsMeasurementFile() throws {
    var all: [Mismatch] = []
    var quoting = 0
    for path in try Self.documents() {
      let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
      if text.contains("measurements/") { quoting += 1 }
      all += Self.check(document: path, text: text) { relative in
        try? String(contentsOf: Self.root.appendingPathComponent(relative), encoding: .utf8)
      }
    }
    #expect(all.isEmpty, "\(all.map(\.description).joined(separator: "\n"))")
    #expect(quoting > 0, "no document quotes docs/measurements/ (docs/performance.md does)")
  }

  @Test func everyMeasurementFileSaysWhereItCameFrom() throws {
    let folder = Self.root.appendingPathComponent("docs/measurements")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
    #expect(!names.isEmpty)
    for name in names {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      for field in ["- commit: ", "- date: ", "- machine: ", "- command: `scripts/"] {
        #expect(text.contains("\n" + field), "\(name) has no '\(field)' line")
      }
    }
  }

  /// The check can fail: a figure the file does not hold, a line quoting nothing, a missing file.
  @Test func aWrongFigureIsNamed() {
    let file = "any: frames matched 599/680 = 88.1%\n"
    let read: (String) -> String? = { $0 == "docs/measurements/fidelity.md" ? file : nil }
    let good = "Frames matching a reference: 599/680 = 88.1% ([measured](measurements/fidelity.md))."
    #expect(Self.check(document: "docs/x.md", text: good, read: read) == [])
    let example = "Write `[...](measurements/other.md)` on the line."
    #expect(Self.check(document: "docs/x.md", text: example, read: read) == [])
    let text = [
      "Frames matching a reference: 88.2% ([measured](measurements/fidelity.md)).",
      "See [the run](measurements/fidelity.md).",
      "Speed: 1.5x ([bench](measurements/bench.md)).",
    ].joined(separator: "\n")
    #expect(
      Self.check(document: "docs/x.md", text: text, read: read).map(\.description) == [
        "docs/x.md:1: 88.2 is not in [\"measurements/fidelity.md\"]",
        "docs/x.md:2: links a measurement but quotes no number",
        "docs/x.md:3: measurements/bench.md does not exist",
      ])
    // From README.md the path is docs/measurements/...; "1,000" is 1000.
    let readme = "Copies: 1,000 ([file](docs/measurements/fidelity.md))"
    #expect(
      Self.check(document: "README.md", text: readme) { $0 == "docs/measurements/fidelity.md" ? "1000" : nil } == [])
  }
}
