import Foundation
import Lottie
import Raster
import TestSupport
import Testing

@testable import CairoRendering
@testable import TextLayout

/// The fonts an animation brings serve it alone: a batch, a `--data` run or `check` over several files
/// draws each one exactly as it would be drawn alone; animations that bring the same fonts share one set.
/// Serialized: `preparingWhileOthersDrawIsSafe` makes dozens of sets, which push the sets of the sharing test
/// out of the few kept (`FontSet.recentLimit`) when both run at once.
@Suite("Font sets", .serialized)
struct FontSetTests {
  /// A text layer asking for "L2VArchiveBox" (the archive test font), as a fresh load each time.
  static func boxText() throws -> Animation {
    try FontTests.parse(FontTests.animation(family: "L2VArchiveBox", name: "L2VArchiveBox-Bold"))
  }

  @Test func fontsOfOneAnimationDoNotServeAnother() throws {
    // B alone: the font is missing.
    let alone = try Self.boxText()
    let aloneNotes = FontLibrary.prepare(alone, file: "b.json").diagnostics.map(\.description)
    #expect(
      aloneNotes.first?.hasPrefix("b.json: $.fonts.list: warning: font 'L2VArchiveBox Bold' not found; drawn with ")
        == true)
    let aloneFrame = try FontTests.render(alone)
    // A brings the font: A draws with it.
    let a = try Self.boxText()
    let box = try FontTests.decode(FontTests.archiveBox)
    let aFonts = FontLibrary.prepare(a, embedded: ["fonts/ArchiveBox.ttf": box], file: "a.lottie")
    #expect(aFonts.diagnostics.isEmpty)
    FontTests.expectBox(try FontTests.render(a, fonts: aFonts.fonts))
    // B after A: as alone (it used to find A's font: fonts were added for the whole process).
    let after = try Self.boxText()
    let afterFonts = FontLibrary.prepare(after, file: "b.json")
    #expect(afterFonts.diagnostics.map(\.description) == aloneNotes)
    #expect(try FontTests.render(after, fonts: afterFonts.fonts).bytes == aloneFrame.bytes)
    // A, drawn again after B, still has its font.
    FontTests.expectBox(try FontTests.render(a, fonts: aFonts.fonts))
  }

  /// The rows of a `--data` run load the animation afresh, with the same data-URI font: they share one font
  /// set, so the font is written and registered once, not once a row.
  @Test func animationsThatBringTheSameFontsShareASet() throws {
    let uri = "data:font/ttf;base64," + FontTests.folderBox
    func row() throws -> Animation {
      try FontTests.parse(FontTests.animation(family: "L2V Folder Box", name: "L2VFolderBox-Bold", fPath: uri))
    }
    // A set is made anew when a process font was added in between, or when tests of other suites running in
    // parallel made more than the few sets kept (FontSet.recentLimit) in between: try pairs until one shares
    // (a loaded machine once spoilt 8 in a row). Without sharing, every pair differs.
    var (first, second) = (FontLibrary.prepare(try row()), FontLibrary.prepare(try row()))
    for _ in 0..<50 {
      (first, second) = (FontLibrary.prepare(try row()), FontLibrary.prepare(try row()))
      #expect(first.diagnostics.isEmpty)
      #expect(second.diagnostics.isEmpty)
      if first.fonts === second.fonts { break }
    }
    #expect(first.fonts === second.fonts)
    #expect(first.fonts !== FontSet.shared)
    FontTests.expectBox(try FontTests.render(try row(), fonts: second.fonts))
    // An animation that brings nothing draws with the shared set.
    #expect(FontLibrary.prepare(try Self.boxText()).fonts === FontSet.shared)
  }

  /// Animations preparing their own fonts while others draw: fontconfig calls stay under the one lock (its
  /// configuration crashed when changed under a matcher), and each draws with its own fonts.
  @Test func preparingWhileOthersDrawIsSafe() throws {
    let fonts = [
      ("L2V Folder Box", "L2VFolderBox-Bold", try FontTests.decode(FontTests.folderBox)),
      ("L2VArchiveBox", "L2VArchiveBox-Bold", try FontTests.decode(FontTests.archiveBox)),
    ]
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 3) { worker in
      for round in 0..<12 {
        do {
          if worker < fonts.count {
            let (family, name, bytes) = fonts[worker]
            let animation = try FontTests.parse(FontTests.animation(family: family, name: name))
            // A new name each round: a new set each round, made while the other workers match.
            let prepared = FontLibrary.prepare(animation, embedded: ["fonts/\(round)-\(worker).ttf": bytes])
            if !prepared.diagnostics.isEmpty { failures.add("\(name): \(prepared.diagnostics)") }
            let frame = try FontTests.render(animation, fonts: prepared.fonts)
            if !frame.probe(15, 41).isClose(to: .red, tolerance: 4) {
              failures.add("\(name) round \(round) is not its box")
            }
          } else {
            let animation = try Self.boxText()
            let frame = try FontTests.render(animation, fonts: FontLibrary.prepare(animation).fonts)
            if frame.probe(15, 41).isClose(to: .red, tolerance: 4)
              && frame.probe(15, 49).isClose(to: .red, tolerance: 4)
              && frame.probe(11, 45).isClose(to: .red, tolerance: 4)
            {
              failures.add("round \(round): an animation without fonts drew another's box")
            }
          }
        } catch {
          failures.add("\(error)")
        }
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all)")
  }
}

/// Messages collected from several threads.
private final class Failures: @unchecked Sendable {
  // @unchecked: `messages` is only touched under `lock`.
  private let lock = NSLock()
  private var messages: [String] = []

  func add(_ message: String) { lock.withLock { messages.append(message) } }
  var all: [String] { lock.withLock { messages } }
}
