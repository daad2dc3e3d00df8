import Foundation
import TestSupport
import Testing

/// `scripts/test --busy N` keeps N CPU-bound processes beside the suite for its whole run and stops them after,
/// whatever way the run ends; `--quick` leaves out the end-to-end and corpus tests. Run here with a stand-in
/// for `swift` (`$SWIFT`), so nothing is built: the stand-in's `test` step counts the busy processes that run
/// beside it, prints the arguments it was given, and ends as the test asks.
struct ScriptsTestBusyTests {
  static let script = Fixtures.repositoryRoot.appendingPathComponent("scripts/test")

  /// A `swift` that builds nothing; `swift test` writes the number of busy processes beside it and its own
  /// arguments into `$L2V_FAKE_REPORT`, then sleeps `$L2V_FAKE_SLEEP` seconds and exits `$L2V_FAKE_STATUS`.
  static let fakeSwift = #"""
    #!/usr/bin/env bash
    case $1 in
      build)
        [[ ${2:-} == --show-bin-path ]] && echo /nonexistent/bin
        exit 0
        ;;
      test)
        shift
        count=0
        for cmdline in /proc/[0-9]*/cmdline; do
          tr '\0' ' ' <"$cmdline" 2>/dev/null | grep -q "^bash -c .* l2v-busy $PPID $" && count=$((count + 1))
        done
        { echo "busy $count"; echo "args $*"; } >"$L2V_FAKE_REPORT"
        sleep "${L2V_FAKE_SLEEP:-0}"
        exit "${L2V_FAKE_STATUS:-0}"
        ;;
    esac
    exit 0
    """#

  /// The busy processes of script `pid` still running: their command lines name it.
  static func busyProcesses(of pid: Int32) -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.filter { $0.allSatisfy(\.isNumber) }.filter { name in
      guard let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { return false }
      let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      return words.count >= 4 && words[0] == "bash" && Array(words.suffix(2)) == ["l2v-busy", "\(pid)"]
    }.count
  }

  /// The script's process id, set from the runner's `started` callback.
  final class ScriptPID: @unchecked Sendable {
    private let lock = NSLock()
    private var pid: Int32 = 0
    func set(_ value: Int32) { lock.withLock { pid = value } }
    func get() -> Int32 { lock.withLock { pid } }
  }

  struct Outcome {
    var result: CommandResult
    var report: String
    var busyAfter: Int
  }

  /// Runs scripts/test with the stand-in; `signal` is sent to the script once the stand-in's `test` has started.
  static func run(_ arguments: [String], status: Int = 0, sleep: Int = 0, signal: Int32? = nil) async throws
    -> Outcome
  {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let swift = directory.appendingPathComponent("swift")
    try Data(fakeSwift.utf8).write(to: swift)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
    let report = directory.appendingPathComponent("report")
    let pid = ScriptPID()
    // Through perl, which unblocks every signal and gives SIGTERM, SIGINT, SIGHUP and SIGQUIT their default
    // actions back: the test runner's threads block most signals, and a child started from them inherits that
    // mask, so the script would never see the SIGTERM a user's shell would deliver.
    let result = try await CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "SWIFT=\(swift.path)", "L2V_FAKE_REPORT=\(report.path)", "L2V_FAKE_STATUS=\(status)",
        "L2V_FAKE_SLEEP=\(sleep)", "perl", "-e",
        #"use POSIX; sigprocmask(SIG_SETMASK, POSIX::SigSet->new); $SIG{$_} = "DEFAULT" for qw(TERM INT HUP QUIT); exec @ARGV or die"#,
        script.path,
      ] + arguments
    ) { started in
      pid.set(started)
      guard let signal else { return }
      DispatchQueue.global().async {
        let deadline = Date().addingTimeInterval(HangGuard.childSeconds)
        while !FileManager.default.fileExists(atPath: report.path), Date() < deadline {
          Thread.sleep(forTimeInterval: 0.05)
        }
        kill(started, signal)
      }
    }
    let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
    return Outcome(result: result, report: text, busyAfter: busyProcesses(of: pid.get()))
  }

  @Test(.hangGuard)
  func busyProcessesRunBesideTheSuiteAndStopAfter() async throws {
    let outcome = try await Self.run(["--busy", "3", "--filter", "Nothing"])
    #expect(outcome.result.exited(0), "\(outcome.result)")
    #expect(outcome.report == "busy 3\nargs --filter Nothing\n", "\(outcome.result)")
    #expect(outcome.busyAfter == 0)
    #expect(outcome.result.stderr.contains("scripts/test: 3 CPU-bound processes run beside the suite (--busy 3)"))
  }

  @Test(.hangGuard)
  func aFailingSuiteStopsThemAndKeepsItsStatus() async throws {
    let outcome = try await Self.run(["--busy=2"], status: 3)
    #expect(outcome.result.exited(3), "\(outcome.result)")
    #expect(outcome.report == "busy 2\nargs \n")
    #expect(outcome.busyAfter == 0)
  }

  @Test(.hangGuard)
  func anInterruptedRunStopsThem() async throws {
    let outcome = try await Self.run(["--busy", "2"], sleep: 2, signal: SIGTERM)
    #expect(outcome.result.exited(143), "\(outcome.result)")
    #expect(outcome.report.hasPrefix("busy 2\n"))
    #expect(outcome.busyAfter == 0)
  }

  @Test(.hangGuard)
  func withoutBusyNoneRun() async throws {
    let outcome = try await Self.run([])
    #expect(outcome.result.exited(0), "\(outcome.result)")
    #expect(outcome.report == "busy 0\nargs \n")
  }

  @Test(.hangGuard)
  func quickSkipsTheEndToEndAndCorpusTests() async throws {
    let outcome = try await Self.run(["--quick"])
    #expect(outcome.result.exited(0), "\(outcome.result)")
    #expect(
      outcome.report.contains("--skip ^Lottie2VideoCLITests\\. --skip ^LottieTests\\.CorpusTests"), "\(outcome.report)")
  }

  @Test(arguments: [["--busy"], ["--busy", "many"], ["--busy", "-1"], ["--busy=1000"]])
  func aBadBusyCountIsRefused(arguments: [String]) async throws {
    let outcome = try await Self.run(arguments)
    #expect(outcome.result.exited(1), "\(outcome.result)")
    #expect(outcome.result.stderr.hasPrefix("error: --busy "), "\(outcome.result)")
    #expect(outcome.report == "")
  }
}
