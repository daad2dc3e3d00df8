import Foundation
import TestSupport
import Testing

@testable import VideoEncoding

/// Issue 16, item 5: the temporary files of runs that are gone (SIGKILL, a crash) are swept by the next
/// run; those of live runs, here or in another PID namespace (shown by their lock), never are.
struct PartialFilesSweepTests {
  /// A pid no process can have (above Linux's largest `pid_max`, 2^22).
  static let deadPID: Int32 = 2_000_000_000

  static func write(_ path: String) throws {
    try Data(count: 10).write(to: URL(fileURLWithPath: path))
  }

  @Test(arguments: [
    (".out.partial-123.mp4", Int32(123)), (".out.gif.partial-9.spool", 9), (".a.b.partial-77", 77),
    (".%05d.partial-4242.png", 4242), (".x.partial-1.partial-2.mov", 2), (".%05d.partial-4242.png.deleting", 4242),
  ])
  func temporaryNamesGiveTheirOwner(name: String, pid: Int32) {
    #expect(PartialFiles.ownerPID(ofTemporaryName: name) == pid)
  }

  @Test(arguments: [
    "out.partial-123.mp4", ".partial-123.mp4", ".out.partial-.mp4", ".out.partial-12a.mp4", ".out.partial-12.",
    ".out.partial-0.mp4", ".out.partial-99999999999.mp4", ".out.mp4", "out.mp4",
  ])
  func otherNamesAreNotTemporary(name: String) {
    #expect(PartialFiles.ownerPID(ofTemporaryName: name) == nil)
  }

  @Test func staleFilesAndFoldersAreSweptLiveOnesKept() throws {
    let directory = Fixtures.temporaryDirectory().path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let dead = Self.deadPID
    // Stale: a dead owner's video, spool and PNG folder (with frames), and an old file of this pid that this
    // process did not register (a container's pid 1 after a restart), empty or not.
    try Self.write("\(directory)/.video.partial-\(dead).mp4")
    try Self.write("\(directory)/.anim.gif.partial-\(dead).spool")
    let folder = "\(directory)/.%05d.partial-\(dead).png"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    try Self.write("\(folder)/00000.png")
    try Self.write("\(directory)/.mine.partial-\(getpid()).mp4")
    // Kept: a live process's (our parent's pid), one whose lock is held (an owner in another PID namespace),
    // a link, and other names.
    try Self.write("\(directory)/.live.partial-\(getppid()).mp4")
    let locked = "\(directory)/.locked.partial-\(dead).mp4"
    try Self.write(locked)
    // Close-on-exec: a child another test starts meanwhile must not inherit (and hold) the lock.
    let lock = open(locked, O_RDONLY | O_CLOEXEC)
    try #require(flock(lock, LOCK_EX | LOCK_NB) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: "\(directory)/.link.partial-\(dead).mp4", withDestinationPath: "\(directory)/keep.mp4")
    try Self.write("\(directory)/keep.mp4")
    try Self.write("\(directory)/.keep")

    let removed = PartialFiles.sweepStale(in: directory).map { ($0 as NSString).lastPathComponent }.sorted()
    #expect(
      removed == [
        ".%05d.partial-\(dead).png", ".anim.gif.partial-\(dead).spool", ".mine.partial-\(getpid()).mp4",
        ".video.partial-\(dead).mp4",
      ])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [
        ".keep", ".link.partial-\(dead).mp4", ".live.partial-\(getppid()).mp4",
        ".locked.partial-\(dead).mp4", "keep.mp4",
      ])
    // Once its owner lets go of the lock, the locked one is stale too.
    close(lock)
    #expect(
      PartialFiles.sweepStale(in: directory).map { ($0 as NSString).lastPathComponent } == [
        ".locked.partial-\(dead).mp4"
      ])
  }

  /// The first encoder that writes in a folder sweeps it; its own file holds the lock meanwhile, so a sweep
  /// (another process's) leaves it alone.
  @Test func anEncoderSweepsItsFolderAndLocksItsOwnFile() throws {
    let directory = Fixtures.temporaryDirectory().path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Self.write("\(directory)/.killed.partial-\(Self.deadPID).mp4")
    try Self.write("\(directory)/.killed.gif.partial-\(Self.deadPID).spool")
    let encoder = try VideoEncoder(
      outputPath: "\(directory)/out.gif", settings: EncoderSettings(width: 8, height: 8, fps: 10, codec: .gif))
    let own = "\(directory)/.out.partial-\(getpid()).gif"
    // The GIF spool has no name (mkstemp, unlinked at once), so only the video's own file is there.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [".out.partial-\(getpid()).gif"])
    let probe = open(own, O_RDONLY)
    defer { close(probe) }
    #expect(flock(probe, LOCK_EX | LOCK_NB) != 0, "the encoder holds the lock on its file")
    encoder.cancel()
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
  }

  /// A killed process that its parent has not reaped yet is a zombie, which `kill(pid, 0)` still finds: its
  /// files are stale all the same.
  @Test func zombiesAreNotAlive() throws {
    var pid: pid_t = 0
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("true"), nil]
    defer { for argument in arguments { free(argument) } }
    try #require(posix_spawn(&pid, "/bin/true", nil, nil, arguments, environ) == 0)
    defer { waitpid(pid, nil, 0) }
    let deadline = Date().addingTimeInterval(HangGuard.childSeconds)
    while PartialFiles.isAlive(pid), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    #expect(kill(pid, 0) == 0, "not reaped yet: still in the process table")
    #expect(!PartialFiles.isAlive(pid))
    #expect(PartialFiles.isAlive(getpid()))
  }
}

/// ``PartialFile/writeAtomically(_:to:)``, the one writer of our own small files (reports, merged reports):
/// the file is replaced whole, under the temporary name an encoder's file would have, and nothing is left
/// behind, whether it worked or not.
struct AtomicWriteTests {
  @Test func replacesTheFileWholeAndLeavesNothing() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("report.json").path
    #expect(PartialFile.writeAtomically(Data("[1]".utf8), to: path) == nil)
    #expect(PartialFile.writeAtomically(Data("[1,2]".utf8), to: path) == nil)
    #expect(FileManager.default.contents(atPath: path) == Data("[1,2]".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.json"])
    // The temporary name is an encoder's, so a killed writer's leftover is swept like theirs.
    let temporary = PartialFile.temporaryPath(for: path)
    #expect(temporary.hasSuffix("/.report.partial-\(getpid()).json"))
    #expect(PartialFiles.ownerPID(ofTemporaryName: PathComponents.last(temporary)) == getpid())
  }

  @Test func saysWhyItFailedAndCleansUp() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("no/such/folder/r.json").path
    #expect(PartialFile.writeAtomically(Data("x".utf8), to: missing) == "No such file or directory")
    // Over a folder the rename fails; the temporary file goes.
    let folder = directory.appendingPathComponent("taken.json")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    try Data("x".utf8).write(to: folder.appendingPathComponent("inside"))
    #expect(PartialFile.writeAtomically(Data("x".utf8), to: folder.path) != nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["taken.json"])
  }
}

/// The last path component, as the sweep reads names.
enum PathComponents {
  static func last(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
}
