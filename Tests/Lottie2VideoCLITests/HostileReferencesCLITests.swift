import Foundation
import TestSupport
import Testing

/// Issue 16, item 1, through the built binary: a file's image references cannot read outside its folder
/// (plain JSON or `.lottie`), and the warnings do not tell whether what they name exists. Before the
/// sandbox the absolute and `..` references were drawn, and only the absent file got a warning ("is
/// missing"), which told the two apart.
struct HostileReferencesCLITests {
  /// `uploads/alice/secret.png` (a red 4x4 PNG) and an upload `uploads/mallory/` whose animation names it.
  struct Uploads {
    let root: URL
    var secret: String { root.appendingPathComponent("alice/secret.png").path }
    var mallory: URL { root.appendingPathComponent("mallory") }
  }

  static func uploads() throws -> Uploads {
    let u = Uploads(root: Fixtures.temporaryDirectory().appendingPathComponent("uploads"))
    try FileManager.default.createDirectory(at: u.mallory, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: u.root.appendingPathComponent("alice"), withIntermediateDirectories: true)
    // A 4x4 opaque red PNG, written by the test support code.
    try CommandRunnerPNG.writeRed(to: u.secret)
    return u
  }

  /// A 4x4 animation showing image asset `s` over the whole canvas; assets named by `references` (u, p).
  static func animation(_ references: [(String, String)]) -> String {
    let assets = references.enumerated().map { i, r in
      #"{"id":"\#(i == 0 ? "s" : "x\(i)")","w":4,"h":4,"u":"\#(r.0)","p":"\#(r.1)","e":0}"#
    }
    return #"""
      {"v":"5.7.0","fr":30,"ip":0,"op":2,"w":4,"h":4,"assets":[\#(assets.joined(separator: ","))],
       "layers":[{"ty":2,"refId":"s","ind":1,"ip":0,"op":2,"st":0,"ks":{}}]}
      """#
  }

  static func outside(_ index: Int, _ id: String, _ reference: String) -> String {
    "  $.assets[\(index)]: warning: image asset '\(id)': '\(reference)' is outside the animation's folder and "
      + "--assets; not read (--allow-external-paths allows it for trusted files); not drawn\n"
  }

  @Test func jsonReferencesStayInTheirFolder() async throws {
    let u = try Self.uploads()
    defer { try? FileManager.default.removeItem(at: u.root.deletingLastPathComponent()) }
    let missing = u.root.appendingPathComponent("alice/nothing.png").path
    let input = u.mallory.appendingPathComponent("anim.json")
    try Data(
      Self.animation([("", u.secret), ("", missing), ("../alice/", "secret.png"), ("../alice/", "nothing.png")]).utf8
    ).write(to: input)
    let check = try await CommandRunner.lottie2video(["check", input.path])
    #expect(check.exited(0), "\(check)")
    // Sorted by asset id: s, x1, x2, x3.
    #expect(
      check.stdout
        == "\(input.path): 4 diagnostics\n" + Self.outside(0, "s", u.secret) + Self.outside(1, "x1", missing)
        + Self.outside(2, "x2", "../alice/secret.png") + Self.outside(3, "x3", "../alice/nothing.png"))
    // And the picture does not show the other upload.
    let frame = u.mallory.appendingPathComponent("frame.png").path
    let snapshot = try await CommandRunner.lottie2video(["snapshot", input.path, "--frame", "0", "-o", frame])
    #expect(snapshot.exited(0), "\(snapshot)")
    #expect(try PNGFile.read(frame).pixel(x: 2, y: 2).a == 0)
  }

  /// A `.lottie` whose asset is not inside it reads nothing beside or above it.
  @Test func dotLottieReferencesStayInTheArchive() async throws {
    let u = try Self.uploads()
    defer { try? FileManager.default.removeItem(at: u.root.deletingLastPathComponent()) }
    let archive = u.mallory.appendingPathComponent("anim.lottie").path
    let json = Self.animation([("../alice/", "secret.png"), ("/", String(u.secret.dropFirst()))])
    let script = """
      import sys, zipfile
      with zipfile.ZipFile(sys.argv[1], "w") as z:
          z.writestr("manifest.json", '{"version":"1.0","animations":[{"id":"anim"}]}')
          z.writestr("animations/anim.json", sys.argv[2])
      """
    let made = try await CommandRunner.run(try CommandRunner.tool("python3"), ["-c", script, archive, json])
    try #require(made.exited(0), "\(made)")
    let check = try await CommandRunner.lottie2video(["check", archive])
    #expect(check.exited(0), "\(check)")
    let name = archive
    #expect(
      check.stdout
        == "\(name): 2 diagnostics\n"
        + "  $.assets[0]: warning: image asset 's': '../alice/secret.png' is not in the archive; not read "
        + "(use --assets DIR for files beside it); not drawn\n" + Self.outside(1, "x1", u.secret))
  }
}

/// Writes small PNGs for these tests.
enum CommandRunnerPNG {
  static func writeRed(to path: String) throws {
    var bytes = [UInt8](repeating: 0, count: 4 * 4 * 4)
    for i in stride(from: 0, to: bytes.count, by: 4) { (bytes[i + 2], bytes[i + 3]) = (255, 255) }
    try PNGFile.write(.init(width: 4, height: 4, stride: 16, bytes: bytes), to: path)
  }
}
