import Foundation
import TestSupport
import Testing

/// Issue 38, item 6: a crash is loud and quick, and `snapshot` and `sheet` clean up on a signal as an export
/// does. Before, a crash handed the process to the runtime's backtracer, which held the output pipe for minutes
/// while it symbolicated, and a worker's crash under `-q` printed nothing of ours; `snapshot` left its partial
/// file on SIGTERM.
struct CrashAndSignalCLITests {
  static let message =
    "lottie2video: crashed (SIGSEGV, a bad memory access); this is a bug: please report it with the command and "
    + "the input file (SWIFT_BACKTRACE=enable=yes prints a backtrace)\n"

  /// A stack overflow on a render worker says so too (the workers have an alternate signal stack for the
  /// handler; without one the process died with no word of ours).
  @Test(.hangGuard, arguments: ["main", "worker", "worker-overflow"])
  func aCrashSaysSoAndEndsAtOnce(place: String) async throws {
    let result = try await CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["-u", "SWIFT_BACKTRACE", "LOTTIE2VIDEO_CRASH_TEST=\(place)", try CommandRunner.binary().path, "info", "-q"])
    #expect(result.reason == .uncaughtSignal && result.status == SIGSEGV, "\(result)")
    #expect(result.stderr == Self.message, "\(result)")
    #expect(result.stdout == "")
  }

  /// A frame that takes minutes: 3,000 canvas-sized ellipses on a 4000x4000 canvas.
  static let slowFrame: String = {
    let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":50}}"#
    let ellipse = #"{"ty":"el","p":{"a":0,"k":[2000,2000]},"s":{"a":0,"k":[4000,4000]}}"#
    let repeater =
      #"{"ty":"rp","c":{"a":0,"k":3000},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[0.1,0]},"#
      + #""a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
    return #"{"v":"5.7.0","w":4000,"h":4000,"fr":10,"ip":0,"op":10,"layers":[{"ty":4,"ip":0,"op":10,"st":0,"ks":{},"#
      + #""shapes":[\#(ellipse),\#(fill),\#(repeater)]}]}"#
  }()

  @Test(.hangGuard, arguments: [(SIGTERM, 143), (SIGINT, 130)] as [(Int32, Int32)])
  func snapshotCleansUpOnASignal(signal: Int32, status: Int32) async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("slow.json")
    try Data(Self.slowFrame.utf8).write(to: input)
    let output = directory.appendingPathComponent("out.png").path
    let result = try await CommandRunner.run(
      try CommandRunner.binary(), ["snapshot", input.path, "--frame", "0", "-o", output]
    ) {
      pid in
      DispatchQueue.global().async {
        let deadline = Date().addingTimeInterval(HangGuard.childSeconds)
        while Date() < deadline {
          if directoryListing(directory).contains(where: { $0.contains(".partial-") }) { break }
          Thread.sleep(forTimeInterval: 0.01)
        }
        // The partial file is made before the frame is drawn: the process is now drawing.
        Thread.sleep(forTimeInterval: 0.2)
        kill(pid, signal)
      }
    }
    #expect(result.exited(status), "\(result)")
    #expect(result.stderr.hasSuffix("interrupted; no output written\n"), "\(result)")
    #expect(directoryListing(directory) == ["slow.json"])
  }
}
