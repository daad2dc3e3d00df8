import Foundation
import TestSupport
import Testing

/// Issue 11 through the binary, as a user types it: a dotLottie made the way macOS Archive Utility makes one
/// (folder entries, data descriptors, `__MACOSX/` forks, `.DS_Store`, no `manifest.json`) is listed by `info`
/// and exported; one whose skipped resource fork climbs out of the archive is still refused. The library's
/// own cases are in `LenientArchiveTests` and `HostileArchiveTests`; this archive comes from a second,
/// independent writer: Python's `zipfile` writing to a pipe, where it cannot seek back, so every entry gets
/// general-purpose bit 3 and a data descriptor after its data.
@Suite("Archive Utility archives through the binary")
struct ArchiveUtilityCLITests {
  /// Writes the zip to a pipe (`| cat >`), entries in Archive Utility's order; argv: animation JSON, fork name.
  static let writer = #"""
    import sys, zipfile
    animation, fork = sys.argv[1], sys.argv[2]
    with zipfile.ZipFile(sys.stdout.buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for folder in ["animations/", "__MACOSX/", "__MACOSX/animations/"]:
            z.writestr(zipfile.ZipInfo(folder), b"")
        z.writestr("animations/mac.json", animation)
        z.writestr(fork, b"\0\x05\x16\x07\0\x02\0\0Mac OS X        " + bytes(64))
        z.writestr(".DS_Store", b"\0\0\0\x01Bud1" + bytes(60))
    """#

  /// A 64x64, 10-frame animation of one red square.
  static let animation = #"""
    {"v":"5.7.0","nm":"mac","w":64,"h":64,"fr":10,"ip":0,"op":10,"layers":[{"ty":4,"ip":0,"op":10,"st":0,"ks":{},
     "shapes":[{"ty":"rc","s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[32,32]},"r":{"a":0,"k":0}},
               {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
    """#

  /// The archive at `directory/name`, with the resource fork named `fork`.
  static func archive(named name: String, fork: String, in directory: URL) async throws -> String {
    let path = directory.appendingPathComponent(name).path
    let result = try await CommandRunner.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", #"python3 -c "$0" "$1" "$2" | cat > "$3""#, Self.writer, Self.animation, fork, path])
    guard result.exited(0) else { throw ToolFailure(description: "python3 could not write the archive: \(result)") }
    // The writer really used data descriptors (bit 3 of every local header's flags), or the test proves less.
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let localHeaders = (0..<max(bytes.count - 8, 0)).filter {
      bytes[$0] == 0x50 && bytes[$0 + 1] == 0x4B && bytes[$0 + 2] == 3 && bytes[$0 + 3] == 4
    }
    #expect(localHeaders.count == 6 && localHeaders.allSatisfy { bytes[$0 + 6] & 8 != 0 }, "\(localHeaders)")
    return path
  }

  @Test func infoListsItAndItExports() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try await Self.archive(named: "mac.lottie", fork: "__MACOSX/animations/._mac.json", in: directory)

    let info = try await CommandRunner.lottie2video(["info", path])
    #expect(info.exited(0), "\(info)")
    #expect(info.stdout.contains("format:      dotLottie\n"), "\(info)")
    // The fork is not a second animation.
    #expect(info.stdout.contains("animations:  mac (shown)\n"), "\(info)")

    let check = try await CommandRunner.lottie2video(["check", path])
    #expect(check.exited(0) && check.stdout == "\(path): ok\n", "\(check)")

    let output = directory.appendingPathComponent("mac.mp4").path
    let export = try await CommandRunner.lottie2video([path, "-o", output, "-q"])
    #expect(export.exited(0), "\(export)")
    let stream = try await CommandRunner.probe(output)
    #expect(stream["codec_name"] as? String == "h264" && stream["width"] as? Int == 64, "\(stream)")
    #expect(stream["nb_read_frames"] as? String == "10", "\(stream)")
  }

  /// Skipping `__MACOSX/` does not skip its names' check: a fork that climbs out refuses the archive.
  @Test func anEscapingForkIsRefused() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try await Self.archive(named: "evil.lottie", fork: "__MACOSX/../../evil", in: directory)
    let output = directory.appendingPathComponent("evil.mp4").path
    let export = try await CommandRunner.lottie2video([path, "-o", output])
    #expect(export.exited(1), "\(export)")
    #expect(export.stderr.contains("\(path): entry '__MACOSX/../../evil' escapes the archive"), "\(export)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
