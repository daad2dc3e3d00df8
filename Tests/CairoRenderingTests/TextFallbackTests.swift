import CairoRendering
import Foundation
import Lottie
import Pipeline
import Raster
import TestSupport
import Testing

@testable import TextLayout

/// Fonts a text layer names but the machine lacks, characters its font lacks, and font files it names:
/// metric-compatible stand-ins, per-character fallback with diagnostics, the `fPath` sandbox, and text
/// animators counting what a reader sees as one character.
@Suite("Text fallback and font files", .heavy)
struct TextFallbackTests {
  static func parse(_ json: String) throws -> Animation {
    try LottieParser.parse(bytes: Array(json.utf8), file: "t.json")
  }

  /// A 400x100 animation with one text layer at (10, 60) in font `family`/`style` (named `Font`).
  static func animation(
    _ text: String, family: String, style: String = "Regular", size: Double = 40, fPath: String? = nil,
    animators: String = "[]", fill: [Double] = [0, 0, 0]
  ) throws -> Animation {
    let path = fPath.map { #","fPath":"\#($0)""# } ?? ""
    let json = #"""
      {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":400,"h":100,
       "fonts":{"list":[{"fName":"Font","fFamily":"\#(family)","fStyle":"\#(style)","ascent":75\#(path)}]},
       "layers":[{"ty":5,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[10,60]}},
         "t":{"d":{"k":[{"t":0,"s":{"t":"\#(text)","f":"Font","s":\#(size),"j":0,"tr":0,"lh":48,"fc":\#(fill)}}]},"a":\#(animators)}}]}
      """#
    return try parse(json)
  }

  // MARK: - Metric-compatible stand-ins (issue 11)

  /// The stand-in's widths are what is drawn: "Helvetica" in Helvetica has the ink of Liberation Sans
  /// (hb-view), where DejaVu Sans would be about 10% wider.
  @Test(.enabled(if: ShapingReferenceTests.hbView != nil, Comment(rawValue: ShapingReferenceTests.noHBView)))
  func helveticaMeasuresLikeLiberationSans() throws {
    let hbView = try #require(ShapingReferenceTests.hbView)
    let ours = try FrameRenderer(
      animation: try Self.animation("Helvetica", family: "Helvetica"), width: 400, height: 100
    )
    .render(frame: 0)
    let liberation = try hbView.hbView(
      "Helvetica",
      arguments: ["--font-file=/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf", "--font-size=40"])
    try InkComparison(ours, liberation).expectMatch(minimumOverlap: 0.88, "Helvetica as Liberation Sans")
  }

  // MARK: - Synthetic styles

  /// Italic asked of a family without an italic face: fontconfig's synthetic oblique (a 0.2 shear), as
  /// hb-view draws it with `--font-slant=0.2`.
  @Test(.enabled(if: ShapingReferenceTests.hbView != nil, Comment(rawValue: ShapingReferenceTests.noHBView)))
  func syntheticObliqueMatchesHBView() throws {
    let hbView = try #require(ShapingReferenceTests.hbView)
    let animation = try Self.animation("สวัสดีครับ", family: "Noto Sans Thai", style: "Italic")
    let ours = try FrameRenderer(animation: animation, width: 400, height: 100).render(frame: 0)
    let file = ShapingReferenceTests.noto + "NotoSansThai-Regular.ttf"
    let slanted = try hbView.hbView(
      "สวัสดีครับ", arguments: ["--font-file=\(file)", "--font-size=40", "--font-slant=0.2"])
    let upright = try hbView.hbView("สวัสดีครับ", arguments: ["--font-file=\(file)", "--font-size=40"])
    try InkComparison(ours, slanted).expectMatch(minimumOverlap: 0.88, "synthetic oblique")
    let comparison = InkComparison(ours, upright)
    let matchesUpright = comparison.matches(minimumOverlap: 0.88)
    #expect(!matchesUpright, "the oblique matches the upright text: \(comparison)")
  }

  /// Bold asked of a family without a bold face: the outlines grow by 1/24 em, as FreeType's emboldening
  /// does (Runic has only a regular face).
  @Test func syntheticBoldIsHeavierAndWider() throws {
    func ink(_ style: String) throws -> (count: Int, width: Int) {
      let frame = try FrameRenderer(
        animation: try Self.animation("ᚠᚢᚦᚨᚱ", family: "Noto Sans Runic", style: style), width: 400, height: 100
      ).render(frame: 0)
      var count = 0, maxX = 0
      for y in 0..<100 {
        for x in 0..<400 where frame.premultipliedPixel(x: x, y: y).a > 128 {
          count += 1
          maxX = max(maxX, x)
        }
      }
      return (count, maxX)
    }
    let regular = try ink("Regular"), bold = try ink("Bold")
    #expect(regular.count > 300)
    #expect(Double(bold.count) > Double(regular.count) * 1.2, "\(bold) against \(regular)")
    // Five glyphs, each 40/24 px wider.
    #expect(bold.width - regular.width >= 6, "\(bold) against \(regular)")
  }

  // MARK: - Per-character fallback

  /// A template puts an Arabic name into a corpus file's text layer (white box text, centred on a red panel,
  /// in Arial): the name is shaped right to left and joined in the fallback font that `prepare` names, as
  /// hb-view draws it in that font.
  @Test(
    .enabled(if: Fixtures.corpus != nil, "needs the shared corpus (L2V_CORPUS)"),
    .enabled(if: ShapingReferenceTests.hbView != nil, Comment(rawValue: ShapingReferenceTests.noHBView)))
  func arabicThroughATemplateIntoACorpusFile() throws {
    let hbView = try #require(ShapingReferenceTests.hbView)
    let corpus = try #require(Fixtures.corpus)
    let name = "lottie-web__test--animations--footage--data"
    let file = corpus.appendingPathComponent("with_assets/\(name)/\(name).json")
    let city = "مرحبا بالعالم"
    let template = Template(sets: [Template.Assignment(key: "City.Text", value: city)])
    let animation = try LottieParser.parse(
      bytes: [UInt8](try Data(contentsOf: file)), file: file.lastPathComponent, template: template)
    let notes = FontLibrary.prepare(animation, file: "footage.json").diagnostics.map(\.description)
    let fallback = try #require(notes.first { $0.contains("are not in Liberation Sans; drawn with ") }, "\(notes)")
    let family = try #require(fallback.components(separatedBy: "drawn with ").last)
    let fontFile = try #require(Self.fontFile(family))
    let frame = try FrameRenderer(animation: animation, width: 720, height: 1280).render(frame: 0)
    // The panel under the text (the layer's box, inset): white text on dark red, made black ink on clear.
    let (x0, y0, width, height) = (100, 900, 515, 140)
    var ink = PixelBuffer(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let p = frame.premultipliedPixel(x: x0 + x, y: y0 + y)
        let whiteness = Double(min(p.r, p.g, p.b)) / 255
        ink.bytes[y * ink.stride + x * 4 + 3] = UInt8(max(0, min(1, (whiteness - 0.55) / 0.45)) * 255)
      }
    }
    let reference = try hbView.hbView(city, arguments: ["--font-file=\(fontFile)", "--font-size=70"])
    // Edges anti-aliased over red turn into less ink than over white: the overlap is lower (0.78) than on
    // a clear background; letters unjoined or in the wrong order overlap by less than 0.4.
    try InkComparison(ink, reference).expectMatch(minimumOverlap: 0.7, "Arabic in footage--data.json")
  }

  /// The file fontconfig has for a family (`fc-match`), for hb-view.
  static func fontFile(_ family: String) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
    process.arguments = ["-f", "%{file}", family]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(data: data, encoding: .utf8).flatMap { $0.isEmpty ? nil : $0 }
  }

  // MARK: - Animators count grapheme clusters

  /// A range selector over the first third of "👨‍👩‍👧ab" hides the family emoji (one character, though
  /// it is five code points) and nothing else.
  @Test func selectorsCountAnEmojiSequenceAsOneCharacter() throws {
    let selector = #""r":1,"b":1,"sh":1,"s":{"a":0,"k":0},"e":{"a":0,"k":33.4},"o":{"a":0,"k":0}"#
    let animators = "[" + TextAnimatorTests.animator(selector, #""o":{"a":0,"k":0}"#) + "]"
    let hidden = try Self.animation("👨‍👩‍👧ab", family: "Noto Sans", animators: animators)
    let shown = try Self.animation("👨‍👩‍👧ab", family: "Noto Sans")
    let a = try FrameRenderer(animation: hidden, width: 400, height: 100).render(frame: 0)
    let b = try FrameRenderer(animation: shown, width: 400, height: 100).render(frame: 0)
    // The emoji advances 50 px from x = 10; the letters follow it.
    func ink(_ frame: PixelBuffer, _ xs: Range<Int>) -> Int {
      var count = 0
      for y in 20..<70 { for x in xs where frame.premultipliedPixel(x: x, y: y).a > 128 { count += 1 } }
      return count
    }
    let letters = (ink(a, 61..<120), ink(b, 61..<120))
    #expect(ink(b, 12..<56) > 300, "the emoji is drawn")
    #expect(ink(a, 12..<56) == 0, "the emoji is hidden")
    #expect(letters.0 == letters.1 && letters.0 > 100, "the letters are drawn: \(letters)")
  }

  /// Workers shape and draw text on their own (faces, fallbacks and layouts per worker): a render on three
  /// workers matches a serial one byte for byte, with right-to-left text, fallback fonts, colour emoji and
  /// a per-character animator.
  @Test(.hangGuard)
  func parallelTextMatchesSerial() throws {
    let selector =
      #""r":1,"b":1,"sh":1,"s":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":29,"s":[100]}]},"e":{"a":0,"k":100}"#
    let animators = "[" + TextAnimatorTests.animator(selector, #""p":{"a":0,"k":[0,-20]}"#) + "]"
    let animation = try Self.animation("Hi مرحبا नमस्ते 👍🏽🇯🇵", family: "Noto Sans", size: 30, animators: animators)
    let schedule = FrameSchedule(startFrame: 0, step: 2, count: 15)
    func render(_ jobs: Int) throws -> [PixelBuffer] {
      var frames: [PixelBuffer] = []
      try ParallelRenderer.run(
        animation: animation, settings: RenderSettings(width: 400, height: 100, jobs: jobs), schedule: schedule
      ) { _, buffer in frames.append(buffer) }
      return frames
    }
    let serial = try render(1)
    let parallel = try render(3)
    try #require(serial.count == 15 && parallel.count == 15)
    for i in 0..<15 { #expect(serial[i] == parallel[i], "frame \(i)") }
    #expect(Set(serial.map(\.bytes)).count > 10, "the frames move")
  }

  // MARK: - The fPath sandbox (issue 16)

  static let outside = "font 'Font': 'fPath' points outside the animation's folder and the font folders; not read"

  /// A folder holding the box test font (`FontTests`) as `Box.ttf`, and a path outside it.
  static func folders() throws -> (inside: URL, outside: URL) {
    let root = Fixtures.temporaryDirectory()
    let inside = root.appendingPathComponent("animation")
    let outside = root.appendingPathComponent("elsewhere")
    for folder in [inside, outside] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    try Data(try FontTests.decode(FontTests.dataBox)).write(to: outside.appendingPathComponent("Box.ttf"))
    return (inside, outside)
  }

  /// Absolute paths and `..` escapes are refused with one message, the same whether the file exists or not.
  @Test(arguments: ["/elsewhere/Box.ttf", "/elsewhere/Missing.ttf", "../elsewhere/Box.ttf", "../elsewhere/Missing.ttf"])
  func pathsOutsideTheFolderAreRefused(_ location: String) throws {
    let (inside, outside) = try Self.folders()
    defer { try? FileManager.default.removeItem(at: inside.deletingLastPathComponent()) }
    let fPath = location.hasPrefix("/") ? outside.deletingLastPathComponent().path + location : location
    let animation = try Self.animation("H", family: "L2V Data Box", style: "Bold", fPath: fPath)
    let notes = FontLibrary.prepare(animation, baseDirectory: inside.path, file: "t.json").diagnostics.map(
      \.description)
    #expect(notes.first == "t.json: $.fonts.list: warning: \(Self.outside)", "\(notes)")
  }

  /// A FIFO named as a font is refused at once (fontconfig would block on it for ever).
  @Test func aFIFOIsNotOpened() throws {
    let (inside, _) = try Self.folders()
    defer { try? FileManager.default.removeItem(at: inside.deletingLastPathComponent()) }
    #expect(mkfifo(inside.appendingPathComponent("pipe.ttf").path, 0o600) == 0)
    let animation = try Self.animation("H", family: "L2V Data Box", style: "Bold", fPath: "pipe.ttf")
    let notes = FontLibrary.prepare(animation, baseDirectory: inside.path, file: "t.json").diagnostics.map(
      \.description)
    #expect(
      notes.first
        == "t.json: $.fonts.list: warning: font file 'pipe.ttf' for font 'Font' is not a regular file; not read")
  }

  /// A symbolic link inside the folder that leads out of it is refused like the path it leads to.
  @Test func aLinkLeadingOutIsRefused() throws {
    let (inside, outside) = try Self.folders()
    defer { try? FileManager.default.removeItem(at: inside.deletingLastPathComponent()) }
    try FileManager.default.createSymbolicLink(
      at: inside.appendingPathComponent("Link.ttf"), withDestinationURL: outside.appendingPathComponent("Box.ttf"))
    let animation = try Self.animation("H", family: "L2V Data Box", style: "Bold", fPath: "Link.ttf")
    let notes = FontLibrary.prepare(animation, baseDirectory: inside.path, file: "t.json").diagnostics.map(
      \.description)
    #expect(notes.first == "t.json: $.fonts.list: warning: \(Self.outside)", "\(notes)")
  }

  /// A file over the size cap is refused from its size, before a byte is read (a sparse file here).
  @Test func aHugeFileIsNotRead() throws {
    let (inside, _) = try Self.folders()
    defer { try? FileManager.default.removeItem(at: inside.deletingLastPathComponent()) }
    let path = inside.appendingPathComponent("Huge.ttf").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(truncate(path, off_t(FontLibrary.maxFontFileBytes + 1)) == 0)
    let animation = try Self.animation("H", family: "L2V Data Box", style: "Bold", fPath: "Huge.ttf")
    let notes = FontLibrary.prepare(animation, baseDirectory: inside.path, file: "t.json").diagnostics.map(
      \.description)
    #expect(
      notes.first
        == "t.json: $.fonts.list: warning: font file 'Huge.ttf' for font 'Font' is larger than 64 MB; not read")
  }

  /// With `allowExternalPaths` (trusted files) an absolute path is read and its font draws.
  @Test func externalPathsCanBeAllowed() throws {
    let (inside, outside) = try Self.folders()
    defer { try? FileManager.default.removeItem(at: inside.deletingLastPathComponent()) }
    let animation = try Self.animation(
      "H", family: "L2V Data Box", style: "Bold", fPath: outside.appendingPathComponent("Box.ttf").path)
    let notes = FontLibrary.prepare(animation, baseDirectory: inside.path, file: "t.json", allowExternalPaths: true)
      .diagnostics
    #expect(notes.isEmpty, "\(notes)")
  }

  /// A font inside the animation's folder is read.
  @Test func fontsInsideTheFolderAreRead() throws {
    let (inside, outside) = try Self.folders()
    defer { try? FileManager.default.removeItem(at: inside.deletingLastPathComponent()) }
    try FileManager.default.copyItem(
      at: outside.appendingPathComponent("Box.ttf"), to: inside.appendingPathComponent("Box.ttf"))
    let animation = try Self.animation("H", family: "L2V Data Box", style: "Bold", fPath: "Box.ttf")
    #expect(FontLibrary.prepare(animation, baseDirectory: inside.path, file: "t.json").diagnostics.isEmpty)
  }

  // MARK: - Colour layers (COLR)

  /// A COLR font (made with fontTools' FontBuilder): "A" is a 500-unit square in palette red under a
  /// 200-unit square in the text's own colour (palette index 0xFFFF), advance 600, 1000 units per em.
  static let colorBox = [
    "AAEAAAAMAIAAAwBAQ09MUgAKACYAAAL0AAAAHENQQUwAAAAQAAADEAAAABJPUy8yRP9E/QAAAUgAAABgY21hcAB0AFwAAAG0AAAA",
    "PGdseWYVyf4EAAAB/AAAAEhoZWFkL3Lb4AAAAMwAAAA2aGhlYQUWAfYAAAEEAAAAJGhtdHgCWACWAAABqAAAAAxsb2NhABgAMAAA",
    "AfAAAAAMbWF4cAAHAAYAAAEoAAAAIG5hbWXPu/uRAAACRAAAAHJwb3N0GU11AgAAArgAAAA7AAEAAAABAAAoVeEEXw889QADA+gA",
    "AAAA5zRMhgAAAADnNEyGAAAAAAH0AfQAAAADAAIAAAAAAAAAAQAAAyD/OAAAAlgAAABkAfQAAQAAAAAAAAAAAAAAAAAAAAEAAQAA",
    "AAUABAABAAAAAAACAAAAAAAAAAAAAAAAAAAAAAADAlgBkAAFAAQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEA",
    "AAAAAAAAAAAAAAA/Pz8/AAAAIABBAyAAAAAAAyAAyAAAAAAAAAAAAAAAAAAAACAAAAJYAAAAAAAAAAAAlgAAAAIAAAADAAAAFAAD",
    "AAEAAAAUAAQAKAAAAAYABAABAAIAIABB//8AAAAgAEH////h/8EAAQAAAAAAAAAAAAAAAAAMABgAJAABAAAAAAH0AfQAAwAAMREh",
    "EQH0AfT+DAABAAAAAAH0AfQAAwAAMREhEQH0AfT+DAABAJYAlgFeAV4AAwAANzUzFZbIlsjIAAAAAAQANgABAAAAAAABAA0AAAAB",
    "AAAAAAACAAcADQADAAEECQABABoAFAADAAEECQACAA4ALkwyViBDb2xvciBCb3hSZWd1bGFyAEwAMgBWACAAQwBvAGwAbwByACAA",
    "QgBvAHgAUgBlAGcAdQBsAGEAcgAAAAIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABQAAAAMAJAECAQMGQS5iYWNrB0Eu",
    "ZnJvbnQAAAAAAQAAAA4AAAAUAAIAAgAAAAIAAwAAAAT//wAAAAEAAQABAAAADgAAAAD//wAA",
  ].joined()

  /// Colour layers keep their palette colours; the foreground layer takes the fill colour. At size 100
  /// from (10, 60): the red square covers x 10...60, y 10...60, the fill-coloured one x 25...45, y 25...45.
  @Test func colorLayersArePaintedInTheirColors() throws {
    let animation = try Self.animation(
      "A", family: "L2V Color Box", size: 100, fPath: "data:font/ttf;base64," + Self.colorBox, fill: [0, 0, 1])
    let prepared = FontLibrary.prepare(animation, file: "t.json")
    #expect(prepared.diagnostics.isEmpty)
    let frame = try FrameRenderer(animation: animation, width: 400, height: 100, fonts: prepared.fonts).render(frame: 0)
    expectPixel(frame, 15, 55, .red)
    expectPixel(frame, 35, 35, .blue)
    expectPixel(frame, 65, 35, .transparent, tolerance: 0)
  }
}
