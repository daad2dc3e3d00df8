import CairoRendering
import Foundation
import Lottie
import Raster
import TestSupport
import Testing

@testable import TextLayout

/// System fonts through fontconfig and FreeType: fonts added from a folder, from data and from an archive's
/// font files render; a missing font falls back with a diagnostic.
@Suite("Fonts")
struct FontTests {
  /// One text layer at (10, 50) showing "H" at size 20 in red with the font `family`/`style` named `name`;
  /// `fPath` is the font's `fPath` member, if any.
  static func animation(family: String, style: String = "Bold", name: String, fPath: String? = nil) -> String {
    let path = fPath.map { #","fPath":"\#($0)""# } ?? ""
    let fonts =
      #""fonts":{"list":[{"fName":"\#(name)","fFamily":"\#(family)","fStyle":"\#(style)","ascent":75\#(path)}]}"#
    let layer =
      #"{"ty":5,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[10,50]}},"t":{"d":{"k":[{"t":0,"s":{"t":"H","f":"\#(name)","s":20,"j":0,"tr":0,"lh":24,"fc":[1,0,0]}}]},"a":[]}}"#
    return #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,\#(fonts),"layers":[\#(layer)]}"#
  }

  static func parse(_ json: String) throws -> Animation {
    try LottieParser.parse(bytes: Array(json.utf8), file: "font.json")
  }

  static func render(_ animation: Animation, fonts: FontSet = .shared) throws -> PixelBuffer {
    try FrameRenderer(animation: animation, width: 100, height: 100, fonts: fonts).render(frame: 0)
  }

  /// The test fonts draw "H" as a square 500 units wide on the baseline (advance 600, 1000 units per em): at
  /// size 20 a 10x10 square over x 10...20, y 40...50. The middle of its top and bottom edges is filled, where
  /// any real "H" has the gap between its stems.
  static func expectBox(_ frame: PixelBuffer, sourceLocation: SourceLocation = #_sourceLocation) {
    expectPixel(frame, 15, 41, .red, tolerance: 4, sourceLocation: sourceLocation)
    expectPixel(frame, 15, 49, .red, tolerance: 4, sourceLocation: sourceLocation)
    expectPixel(frame, 11, 45, .red, tolerance: 4, sourceLocation: sourceLocation)
    expectPixel(frame, 23, 45, .transparent, tolerance: 0, sourceLocation: sourceLocation)
    expectPixel(frame, 15, 37, .transparent, tolerance: 0, sourceLocation: sourceLocation)
  }

  static func decode(_ base64: String) throws -> [UInt8] {
    [UInt8](try #require(Data(base64Encoded: base64)))
  }

  @Test func fontFromAFolderRenders() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("l2v-fonts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(try Self.decode(Self.folderBox)).write(to: folder.appendingPathComponent("FolderBox.ttf"))
    let animation = try Self.parse(Self.animation(family: "L2V Folder Box", name: "L2VFolderBox-Bold"))
    let prepared = FontLibrary.prepare(animation, directories: [folder.path])
    #expect(prepared.diagnostics.isEmpty, "\(prepared.diagnostics)")
    Self.expectBox(try Self.render(animation, fonts: prepared.fonts))
  }

  @Test func fontFromADataURIRenders() throws {
    let uri = "data:font/ttf;base64," + Self.dataBox
    let animation = try Self.parse(Self.animation(family: "L2V Data Box", name: "L2VDataBox-Bold", fPath: uri))
    let prepared = FontLibrary.prepare(animation)
    #expect(prepared.diagnostics.isEmpty)
    Self.expectBox(try Self.render(animation, fonts: prepared.fonts))
  }

  /// Fonts inside a `.lottie` archive come as bytes; the document names the font by its PostScript name and a
  /// family spelt without spaces, as some exporters write it.
  @Test func embeddedFontRenders() throws {
    let animation = try Self.parse(Self.animation(family: "L2VArchiveBox", name: "L2VArchiveBox-Bold"))
    let prepared = FontLibrary.prepare(animation, embedded: ["fonts/ArchiveBox.ttf": try Self.decode(Self.archiveBox)])
    #expect(prepared.diagnostics.isEmpty, "\(prepared.diagnostics)")
    Self.expectBox(try Self.render(animation, fonts: prepared.fonts))
  }

  @Test func missingFontFallsBackWithADiagnostic() throws {
    let animation = try Self.parse(Self.animation(family: "Brand Sans", name: "BrandSans-Bold"))
    let notes = FontLibrary.prepare(animation, file: "font.json").diagnostics.map(\.description)
    #expect(notes.count == 1)
    let prefix = "font.json: $.fonts.list: warning: font 'Brand Sans Bold' not found; drawn with "
    #expect(notes.first?.hasPrefix(prefix) == true, "\(notes)")
    #expect((notes.first?.count ?? 0) > prefix.count)
    // The fallback still draws: some red right of the origin.
    let frame = try Self.render(animation)
    var red = 0
    for y in 30..<55 { for x in 10..<30 where frame.probe(x, y).isClose(to: .red, tolerance: 8) { red += 1 } }
    #expect(red > 20, "only \(red) red pixels")
  }

  /// A folder that does not exist is reported.
  @Test func unreadableFolderIsReported() throws {
    let animation = try Self.parse(Self.animation(family: "DejaVu Sans", style: "Book", name: "DejaVuSans"))
    let notes = FontLibrary.prepare(animation, directories: ["/nonexistent/l2v-fonts"], file: "font.json").diagnostics
      .map(
        \.description)
    #expect(notes == ["font.json: $: warning: font folder '/nonexistent/l2v-fonts' could not be read"])
  }

  // Test fonts made with fontTools' FontBuilder: glyph "H" a 500x500 square on the baseline, advance 600,
  // space 300, 1000 units per em, family "L2V ... Box", style Bold (weight 700).

  /// "L2VFolderBox-Bold".
  /// Fonts added while other threads match and draw fonts: fontconfig's configuration changes under the
  /// matchers, which crashed inside libfontconfig (seen on CI) before every fontconfig call took one lock.
  @Test func addingFontsWhileOthersRenderIsSafe() throws {
    let font = try Self.decode(Self.dataBox)
    let animation = try Self.parse(Self.animation(family: "DejaVu Sans", style: "Book", name: "DejaVuSans"))
    let missing = try Self.parse(Self.animation(family: "L2V Nowhere", name: "L2VNowhere-Bold"))
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for round in 0..<300 {
        if worker == 0 {
          // Font data stays on disk for the life of the process, so no other test finds a deleted file.
          FontLibrary.addFontData(font, name: "ConcurrentBox\(round).ttf")
        } else {
          // A new renderer each round looks its fonts up again.
          _ = try? FrameRenderer(animation: round % 2 == 0 ? animation : missing, width: 60, height: 60).render(
            frame: 0)
        }
      }
    }
    Self.expectBox(try Self.render(try Self.parse(Self.animation(family: "L2V Data Box", name: "L2VDataBox-Bold"))))
  }

  static let folderBox = [
    "AAEAAAAKAIAAAwAgT1MvMkYsQ/gAAAEoAAAAYGNtYXAAggBVAAABlAAAADxnbHlmJPszCAAAAdgAAAAYaGVhZC9ucaoAAACsAAAANmhoZWEFFg",
    "H4AAAA5AAAACRobXR4BdwAAAAAAYgAAAAMbG9jYQAAAAwAAAHQAAAACG1heHAABQAGAAABCAAAACBuYW1lKtXmDAAAAfAAAAEIcG9zdAAIACsA",
    "AAL4AAAAKAABAAAAAQAAA774zV8PPPUAAwPoAAAAAOcyF2sAAAAA5zIXawAAAAAB9AH0AAAAAwACAAAAAAAAAAEAAAMg/zgAAAJYAAAAZAH0AA",
    "EAAAAAAAAAAAAAAAAAAAADAAEAAAADAAQAAQAAAAAAAgAAAAAAAAAAAAAAAAAAAAAAAwH0ArwABQAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "AAAAAAAAAAAAAAABAAAAAAAAAAAAAAAAPz8/PwAgACAASAMg/zgAAAMgAMgAAAAAAAAAAAAAAAAAAAAgAAACWAAAASwAAAJYAAAAAAACAAAAAw",
    "AAABQAAwABAAAAFAAEACgAAAAGAAQAAQACACAASP//AAAAIABI////4f+6AAEAAAAAAAAAAAAAAAAADAABAAAAAAH0AfQAAwAAMREhEQH0AfT+",
    "DAAAAAgAZgABAAAAAAABAA4AAAABAAAAAAACAAQADgABAAAAAAAEABMAEgABAAAAAAAGABEAJQADAAEECQABABwANgADAAEECQACAAgAUgADAA",
    "EECQAEACYAWgADAAEECQAGACIAgEwyViBGb2xkZXIgQm94Qm9sZEwyViBGb2xkZXIgQm94IEJvbGRMMlZGb2xkZXJCb3gtQm9sZABMADIAVgAg",
    "AEYAbwBsAGQAZQByACAAQgBvAHgAQgBvAGwAZABMADIAVgAgAEYAbwBsAGQAZQByACAAQgBvAHgAIABCAG8AbABkAEwAMgBWAEYAbwBsAGQAZQ",
    "ByAEIAbwB4AC0AQgBvAGwAZAACAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAMAAAADACs=",
  ].joined()

  /// "L2VDataBox-Bold".
  static let dataBox = [
    "AAEAAAAKAIAAAwAgT1MvMkYsQ/gAAAEoAAAAYGNtYXAAggBVAAABlAAAADxnbHlmJPszCAAAAdgAAAAYaGVhZC9ucaoAAACsAAAANmhoZWEFFg",
    "H4AAAA5AAAACRobXR4BdwAAAAAAYgAAAAMbG9jYQAAAAwAAAHQAAAACG1heHAABQAGAAABCAAAACBuYW1l5PgKdwAAAfAAAAD2cG9zdAAIACsA",
    "AALoAAAAKAABAAAAAQAAj3qwGV8PPPUAAwPoAAAAAOcyF2sAAAAA5zIXawAAAAAB9AH0AAAAAwACAAAAAAAAAAEAAAMg/zgAAAJYAAAAZAH0AA",
    "EAAAAAAAAAAAAAAAAAAAADAAEAAAADAAQAAQAAAAAAAgAAAAAAAAAAAAAAAAAAAAAAAwH0ArwABQAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "AAAAAAAAAAAAAAABAAAAAAAAAAAAAAAAPz8/PwAgACAASAMg/zgAAAMgAMgAAAAAAAAAAAAAAAAAAAAgAAACWAAAASwAAAJYAAAAAAACAAAAAw",
    "AAABQAAwABAAAAFAAEACgAAAAGAAQAAQACACAASP//AAAAIABI////4f+6AAEAAAAAAAAAAAAAAAAADAABAAAAAAH0AfQAAwAAMREhEQH0AfT+",
    "DAAAAAgAZgABAAAAAAABAAwAAAABAAAAAAACAAQADAABAAAAAAAEABEAEAABAAAAAAAGAA8AIQADAAEECQABABgAMAADAAEECQACAAgASAADAA",
    "EECQAEACIAUAADAAEECQAGAB4AckwyViBEYXRhIEJveEJvbGRMMlYgRGF0YSBCb3ggQm9sZEwyVkRhdGFCb3gtQm9sZABMADIAVgAgAEQAYQB0",
    "AGEAIABCAG8AeABCAG8AbABkAEwAMgBWACAARABhAHQAYQAgAEIAbwB4ACAAQgBvAGwAZABMADIAVgBEAGEAdABhAEIAbwB4AC0AQgBvAGwAZA",
    "AAAAIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAwAAAAMAKw==",
  ].joined()

  /// "L2VArchiveBox-Bold".
  static let archiveBox = [
    "AAEAAAAKAIAAAwAgT1MvMkYsQ/gAAAEoAAAAYGNtYXAAggBVAAABlAAAADxnbHlmJPszCAAAAdgAAAAYaGVhZC9ucaoAAACsAAAANmhoZWEFFg",
    "H4AAAA5AAAACRobXR4BdwAAAAAAYgAAAAMbG9jYQAAAAwAAAHQAAAACG1heHAABQAGAAABCAAAACBuYW1ljM31IAAAAfAAAAERcG9zdAAIACsA",
    "AAMEAAAAKAABAAAAAQAAP87akF8PPPUAAwPoAAAAAOcyF2sAAAAA5zIXawAAAAAB9AH0AAAAAwACAAAAAAAAAAEAAAMg/zgAAAJYAAAAZAH0AA",
    "EAAAAAAAAAAAAAAAAAAAADAAEAAAADAAQAAQAAAAAAAgAAAAAAAAAAAAAAAAAAAAAAAwH0ArwABQAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "AAAAAAAAAAAAAAABAAAAAAAAAAAAAAAAPz8/PwAgACAASAMg/zgAAAMgAMgAAAAAAAAAAAAAAAAAAAAgAAACWAAAASwAAAJYAAAAAAACAAAAAw",
    "AAABQAAwABAAAAFAAEACgAAAAGAAQAAQACACAASP//AAAAIABI////4f+6AAEAAAAAAAAAAAAAAAAADAABAAAAAAH0AfQAAwAAMREhEQH0AfT+",
    "DAAAAAgAZgABAAAAAAABAA8AAAABAAAAAAACAAQADwABAAAAAAAEABQAEwABAAAAAAAGABIAJwADAAEECQABAB4AOQADAAEECQACAAgAVwADAA",
    "EECQAEACgAXwADAAEECQAGACQAh0wyViBBcmNoaXZlIEJveEJvbGRMMlYgQXJjaGl2ZSBCb3ggQm9sZEwyVkFyY2hpdmVCb3gtQm9sZABMADIA",
    "VgAgAEEAcgBjAGgAaQB2AGUAIABCAG8AeABCAG8AbABkAEwAMgBWACAAQQByAGMAaABpAHYAZQAgAEIAbwB4ACAAQgBvAGwAZABMADIAVgBBAH",
    "IAYwBoAGkAdgBlAEIAbwB4AC0AQgBvAGwAZAAAAAACAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAMAAAADACs=",
  ].joined()
}
