import Foundation
import TestSupport
import Testing

/// Every relative link in `README.md`, `presets/README.md` and `docs/` resolves: the file exists, and an
/// `#anchor` names a heading of the page it points to (GitHub's anchors: the heading in lower case, spaces as
/// hyphens, punctuation dropped).
struct DocumentationLinksTests {
  /// The Markdown pages checked: the README, the presets' README, and every page under `docs/`.
  static func pages() -> [URL] {
    let root = Fixtures.repositoryRoot
    var pages = [root.appendingPathComponent("README.md"), root.appendingPathComponent("presets/README.md")]
    let docs = root.appendingPathComponent("docs")
    if let walker = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil) {
      for case let url as URL in walker where url.pathExtension == "md" { pages.append(url) }
    }
    return pages.sorted { $0.path < $1.path }
  }

  @Test func everyRelativeLinkResolves() throws {
    let pages = Self.pages()
    #expect(pages.count >= 10, "the docs/ pages are missing: \(pages.map(\.lastPathComponent))")
    var broken: [String] = []
    for page in pages {
      let text = try String(contentsOf: page, encoding: .utf8)
      for target in Self.links(in: text) {
        if let problem = Self.check(target, from: page, text: text) {
          broken.append("\(Self.relative(page)): (\(target)): \(problem)")
        }
      }
    }
    #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
  }

  @Test func linksAndAnchorsAreFound() {
    let text = """
      # A title, with `code`
      See [cli](docs/cli.md#the-command-line) and [here](#a-title-with-code), not `[code](x.md)`.
      ```
      [inside a fence](nowhere.md)
      ```
      [web](https://example.com) [mail](mailto:a@b.c)
      """
    #expect(Self.links(in: text) == ["docs/cli.md#the-command-line", "#a-title-with-code"])
    #expect(Self.anchors(in: text) == ["a-title-with-code"])
    #expect(Self.slug("Shards and merge-reports") == "shards-and-merge-reports")
    #expect(Self.slug("Speed (`scripts/bench`, 2-core machine)") == "speed-scriptsbench-2-core-machine")
  }

  // MARK: - Reading Markdown

  /// The relative link targets of `text`, outside fenced blocks and inline code, in order.
  static func links(in text: String) -> [String] {
    var result: [String] = []
    for line in prose(text) {
      let pattern = #/\[[^\]]*\]\(([^)\s]+)\)/#
      for match in line.matches(of: pattern) {
        let target = String(match.output.1)
        if target.contains("://") || target.hasPrefix("mailto:") { continue }
        result.append(target)
      }
    }
    return result
  }

  /// The anchors of `text`'s headings.
  static func anchors(in text: String) -> Set<String> {
    var result: Set<String> = []
    var inFence = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inFence.toggle() }
      guard !inFence, line.hasPrefix("#") else { continue }
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      result.insert(slug(title))
    }
    return result
  }

  /// GitHub's anchor for a heading.
  static func slug(_ title: String) -> String {
    let lower = title.lowercased()
    let kept = lower.unicodeScalars.filter {
      CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
    }
    return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
  }

  /// The lines of `text` outside fenced blocks, with inline code removed.
  static func prose(_ text: String) -> [String] {
    var result: [String] = []
    var inFence = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inFence.toggle()
        continue
      }
      if inFence { continue }
      result.append(String(line.replacing(#/`[^`]*`/#, with: "")))
    }
    return result
  }

  /// Why `target`, linked from `page`, does not resolve, or nil.
  static func check(_ target: String, from page: URL, text: String) -> String? {
    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0])
    let anchor = parts.count > 1 ? String(parts[1]) : nil
    let file = path.isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(path).standardized
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) else {
      return "no such file \(relative(file))"
    }
    guard let anchor, !anchor.isEmpty else { return nil }
    guard !isFolder.boolValue, file.pathExtension == "md" else { return "an anchor into a file that is not Markdown" }
    let targetText = path.isEmpty ? text : ((try? String(contentsOf: file, encoding: .utf8)) ?? "")
    return anchors(in: targetText).contains(anchor) ? nil : "no heading for #\(anchor) in \(relative(file))"
  }

  /// `url` relative to the repository.
  static func relative(_ url: URL) -> String {
    let root = Fixtures.repositoryRoot.standardized.path + "/"
    let path = url.standardized.path
    return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
  }
}
