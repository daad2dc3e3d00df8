import Foundation
import Lottie
import LottieArchive
import Pipeline
import Raster
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 16, item 1: an animation's image references read only inside its folder, `--assets` or its
/// archive; escapes are refused with one message that does not tell whether anything is there; only
/// regular files are opened, with a size cap, and a FIFO cannot block.
///
/// Layout of each test's folder:
///
///     anim/anim.json   anim/images/ok.png   anim/fifo (a FIFO)   anim/inside -> images/ok.png
///     anim/out -> ../outside/secret.png     anim/big.png (2 KB of zeros)
///     outside/secret.png   outside/not-a-png.txt
struct ImageSandboxTests {
  struct Workspace {
    let root: URL
    var anim: String { root.appendingPathComponent("anim").path }
    var outside: String { root.appendingPathComponent("outside").path }
  }

  static func workspace() throws -> Workspace {
    let root = Fixtures.temporaryDirectory()
    let w = Workspace(root: root)
    let manager = FileManager.default
    try manager.createDirectory(atPath: w.anim + "/images", withIntermediateDirectories: true)
    try manager.createDirectory(atPath: w.outside, withIntermediateDirectories: true)
    var red = PixelBuffer(width: 2, height: 2)
    for i in stride(from: 0, to: red.bytes.count, by: 4) {
      red.bytes[i + 2] = 255
      red.bytes[i + 3] = 255
    }
    try PNGFile.write(red, to: w.anim + "/images/ok.png")
    try PNGFile.write(red, to: w.outside + "/secret.png")
    try Data("not a PNG".utf8).write(to: URL(fileURLWithPath: w.outside + "/not-a-png.txt"))
    try Data(count: 2048).write(to: URL(fileURLWithPath: w.anim + "/big.png"))
    try #require(mkfifo(w.anim + "/fifo", 0o600) == 0, "mkfifo failed")
    try manager.createSymbolicLink(atPath: w.anim + "/inside", withDestinationPath: "images/ok.png")
    try manager.createSymbolicLink(atPath: w.anim + "/out", withDestinationPath: "../outside/secret.png")
    return w
  }

  /// An animation with one image asset per (u, p).
  static func animation(_ references: [(u: String, p: String)]) throws -> Animation {
    let assets = references.enumerated().map { i, r in
      #"{"id":"a\#(i)","w":2,"h":2,"u":"\#(r.u)","p":"\#(r.p)","e":0}"#
    }
    let json =
      #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":10,"h":10,"assets":[\#(assets.joined(separator: ","))],"layers":[]}"#
    return try LottieParser.parse(bytes: Array(json.utf8), file: "anim.json")
  }

  /// The one diagnostic's message and whether the image was decoded, for each reference.
  static func load(
    _ references: [(u: String, p: String)], in w: Workspace, allowExternalPaths: Bool = false, maxFileBytes: Int = 1024
  ) throws -> [(drawn: Bool, message: String?)] {
    let (images, notes) = ImageAssets.load(
      try animation(references), baseDirectory: w.anim, file: "anim.json", allowExternalPaths: allowExternalPaths,
      maxFileBytes: maxFileBytes)
    return references.indices.map { i in
      (images["a\(i)"] != nil, notes.first { $0.path.description == "$.assets[\(i)]" }?.message)
    }
  }

  static func outsideMessage(_ id: String, _ reference: String) -> String {
    "image asset '\(id)': '\(reference)' is outside the animation's folder and --assets; not read "
      + "(--allow-external-paths allows it for trusted files); not drawn"
  }

  // MARK: - Inside

  @Test func filesInsideTheFolderAreDrawn() throws {
    let w = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: w.root) }
    let results = try Self.load(
      [("images/", "ok.png"), ("", "images/ok.png"), ("./images/../images/", "ok.png"), ("", "inside")], in: w)
    for (i, result) in results.enumerated() {
      #expect(result.drawn && result.message == nil, "reference \(i): \(result)")
    }
  }

  // MARK: - Escapes

  /// Absolute paths, `..` and links out: one message, the same for a file that exists, one that does not,
  /// one that is not a PNG, a device and a folder.
  @Test func escapesAreRefusedWithoutSayingWhatIsThere() throws {
    let w = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: w.root) }
    let references: [(u: String, p: String)] = [
      ("", w.outside + "/secret.png"),  // exists
      ("", w.outside + "/nothing.png"),  // does not
      ("", w.outside + "/not-a-png.txt"),  // is not a PNG
      ("/dev/", "zero"),  // a device
      ("../outside/", "secret.png"),
      ("../outside/", "nothing.png"),
      ("images/", "../../outside/secret.png"),
      ("images/../../outside/", "not-a-png.txt"),
      ("", "out"),  // a link inside pointing out
      ("file:///", "etc/passwd"),
    ]
    let results = try Self.load(references, in: w)
    for (i, result) in results.enumerated() {
      let reference =
        references[i].p.hasPrefix("/") || references[i].u.isEmpty
        ? references[i].p : references[i].u + references[i].p
      #expect(!result.drawn)
      #expect(result.message == Self.outsideMessage("a\(i)", reference), "reference \(i)")
    }
  }

  /// `--allow-external-paths`: the old behaviour for trusted files, absolute paths and `..` followed.
  @Test func allowExternalPathsFollowsThem() throws {
    let w = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: w.root) }
    let results = try Self.load(
      [("", w.outside + "/secret.png"), ("../outside/", "secret.png"), ("", "out"), ("", w.outside + "/nothing.png")],
      in: w, allowExternalPaths: true)
    #expect(results[0].drawn && results[1].drawn && results[2].drawn)
    #expect(
      results[3].message
        == "image file '\(w.outside)/nothing.png' for asset 'a3' is missing; not drawn (use --assets DIR to point elsewhere)"
    )
  }

  // MARK: - What is opened

  /// A FIFO is never opened in blocking mode nor read: the load returns at once, and says what the file is
  /// (before, a FIFO was reported as missing). The load runs on its own thread, so that a regression fails
  /// after the hang guard instead of hanging the suite.
  @Test(arguments: [false, true])
  func fifosDevicesAndFoldersAreNotRead(allowExternalPaths: Bool) async throws {
    let w = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: w.root) }
    let references: [(u: String, p: String)] = [("", "fifo"), ("", "images"), ("", "big.png")]
    let outcome = try await withThrowingTaskGroup(of: [(drawn: Bool, message: String?)]?.self) { group in
      group.addTask {
        try await Self.onThread { try Self.load(references, in: w, allowExternalPaths: allowExternalPaths) }
      }
      group.addTask {
        try await Task.sleep(for: .seconds(HangGuard.childSeconds))
        return nil
      }
      let first = try await group.next() ?? nil
      group.cancelAll()
      return first
    }
    let results = try #require(outcome, "loading a FIFO reference blocked")
    let anim = try #require(
      realpath(w.anim, nil).map { p in
        defer { free(p) }
        return String(cString: p)
      })
    let folder = allowExternalPaths ? w.anim : anim
    #expect(results[0].message == "image asset 'a0': '\(folder)/fifo' is not a regular file; not drawn")
    #expect(results[1].message == "image asset 'a1': '\(folder)/images' is not a regular file; not drawn")
    #expect(
      results[2].message == "image asset 'a2': '\(folder)/big.png' is 2048 bytes, over the limit of 1024; not drawn")
  }

  static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
  }

  @Test func missingFilesInsideAreNamed() throws {
    let w = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: w.root) }
    let results = try Self.load([("images/", "gone.png")], in: w)
    #expect(
      results[0].message
        == "image file '\(w.anim)/images/gone.png' for asset 'a0' is missing; not drawn (use --assets DIR to point elsewhere)"
    )
  }

  // MARK: - Archives and --assets

  /// A `.lottie` whose asset is not in the archive: nothing outside it is read, `..` or not, unless
  /// `--assets` names a folder (and then only inside it and the animation's own folder).
  @Test func archiveReferencesStayInTheArchiveOrAssets() throws {
    let w = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: w.root) }
    let animation = try Self.animation([("images/", "ok.png"), ("../outside/", "secret.png"), ("/images/", "ok.png")])
    let loaded = LoadedAnimation(
      animation: animation, animationFile: w.anim + "/x.lottie:a/anim.json", format: .dotLottie,
      containerPath: w.anim + "/x.lottie")
    let (images, notes) = try ImageAssets.load(loaded)
    #expect(images.isEmpty)
    #expect(
      notes.map(\.message) == [
        "image asset 'a0': 'images/ok.png' is not in the archive; not read (use --assets DIR for files beside it); not drawn",
        "image asset 'a1': '../outside/secret.png' is not in the archive; not read (use --assets DIR for files beside it); not drawn",
        Self.outsideMessage("a2", "/images/ok.png"),
      ])
    let (withAssets, assetNotes) = try ImageAssets.load(loaded, assets: w.anim)
    #expect(withAssets.keys.sorted() == ["a0"])
    #expect(
      assetNotes.map(\.message) == [
        Self.outsideMessage("a1", "../outside/secret.png"), Self.outsideMessage("a2", "/images/ok.png"),
      ])
  }

  /// `--assets DIR` resolves from DIR, and may reach the animation's own folder, nothing else.
  @Test func assetsFolderAndTheAnimationFolderAreBothInside() throws {
    let w = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: w.root) }
    let assets = w.root.appendingPathComponent("assets").path
    try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
    let animation = try Self.animation([("../anim/images/", "ok.png"), ("../outside/", "secret.png")])
    let loaded = LoadedAnimation(
      animation: animation, animationFile: w.anim + "/anim.json", format: .json, baseDirectory: w.anim)
    let (images, notes) = try ImageAssets.load(loaded, assets: assets)
    #expect(images.keys.sorted() == ["a0"])
    #expect(notes.map(\.message) == [Self.outsideMessage("a1", "../outside/secret.png")])
  }

  /// `--image ID=PATH` is the caller's own path (no sandbox) but still only a regular file.
  @Test func replacementsMustBeRegularFiles() throws {
    let w = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: w.root) }
    let loaded = LoadedAnimation(
      animation: try Self.animation([("images/", "ok.png")]), animationFile: w.anim + "/anim.json", format: .json,
      baseDirectory: w.anim)
    let (images, _) = try ImageAssets.load(loaded, replacements: [("a0", w.outside + "/secret.png")])
    #expect(images["a0"] != nil)
    #expect {
      try ImageAssets.load(loaded, replacements: [("a0", w.anim + "/fifo")])
    } throws: { error in
      "\(error)" == "--image a0: '\(w.anim)/fifo' is not a regular file"
    }
  }
}
