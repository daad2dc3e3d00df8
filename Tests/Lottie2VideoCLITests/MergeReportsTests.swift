import Foundation
import TestSupport
import Testing

/// `merge-reports` through the built binary: the reports of `--shard 1/3`, `2/3` and `3/3` make one report
/// with every file once; a shard given twice or left out is an error that writes nothing.
@Suite("merge-reports")
struct MergeReportsTests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json")

  /// A folder of five animations, one of them broken, exported in three shards; returns the reports' paths.
  static func shardedBatch(in directory: URL) async throws -> [String] {
    let input = directory.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input.appendingPathComponent("sub"), withIntermediateDirectories: true)
    for name in ["a", "c", "d", "sub/e"] {
      try FileManager.default.copyItem(at: Self.hello, to: input.appendingPathComponent("\(name).json"))
    }
    try Data(#"{"broken":"#.utf8).write(to: input.appendingPathComponent("b.json"))
    var reports: [String] = []
    for i in 1...3 {
      let report = directory.appendingPathComponent("report-\(i - 1).json").path
      let result = try await CommandRunner.lottie2video([
        input.path, "-o", directory.appendingPathComponent("out").path, "--recursive", "--shard", "\(i)/3",
        "--report", report, "--width", "16", "--max-frames", "2", "-q",
      ])
      // b.json is the second file of the sorted list, so shard 2 fails.
      #expect(result.exited(i == 2 ? 1 : 0), "\(result)")
      reports.append(report)
    }
    return reports
  }

  @Test func mergesShardsIntoOneReport() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let reports = try await Self.shardedBatch(in: directory)
    let merged = directory.appendingPathComponent("report.json").path
    let result = try await CommandRunner.lottie2video(["merge-reports"] + reports + ["-o", merged])
    let input = directory.appendingPathComponent("in").path
    #expect(result.exited(1), "a file failed: \(result)")
    #expect(
      result.stdout.hasPrefix(
        """
        merge-reports: 4 done, 1 failed, 0 skipped (of 5, from 3 reports of 3 shards)
        failed: \(input)/b.json: 
        """), "\(result)")
    #expect(result.stdout.hasSuffix(" (shard 2)\n"), "\(result)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: merged))) as? [String: Any])
    let files = try #require(json["files"] as? [[String: Any]])
    #expect(files.map { $0["input"] as? String } == ["a", "b", "c", "d", "sub/e"].map { "\(input)/\($0).json" })
    let totals = try #require(json["totals"] as? [String: Any])
    #expect(totals["files"] as? Int == 5 && totals["done"] as? Int == 4 && totals["failed"] as? Int == 1)
    #expect(totals["frames"] as? Int == 8)
    #expect((json["failures"] as? [[String: Any]])?.first?["input"] as? String == "\(input)/b.json")
    #expect((json["reports"] as? [String]) == reports)

    // A rerun of shard 1 with --skip-existing skips what it did; its new report still merges, and carries over
    // the records of the files it skips, so the totals are those of the first run.
    let rerun = try await CommandRunner.lottie2video([
      input, "-o", directory.appendingPathComponent("out").path, "--recursive", "--shard", "1/3", "--report",
      reports[0], "--skip-existing", "--width", "16", "--max-frames", "2", "-q",
    ])
    #expect(rerun.exited(0), "\(rerun)")
    let again = try await CommandRunner.lottie2video(["merge-reports", "-q", "-o", "-"] + reports)
    #expect(again.exited(1) && again.stderr.isEmpty, "\(again)")
    let totalsAgain = try #require(
      (try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])?["totals"] as? [String: Any])
    #expect(totalsAgain["skipped"] as? Int == 0 && totalsAgain["done"] as? Int == 4, "\(again)")
    #expect(totalsAgain["frames"] as? Int == 8, "\(again)")
  }

  @Test func overlappingOrMissingShardsWriteNothing() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let reports = try await Self.shardedBatch(in: directory)
    let merged = directory.appendingPathComponent("report.json").path
    let input = directory.appendingPathComponent("in").path

    let overlap = try await CommandRunner.lottie2video([
      "merge-reports", reports[0], reports[1], reports[0], "-o", merged,
    ])
    #expect(overlap.exited(1), "\(overlap)")
    #expect(
      overlap.stderr == """
        Error: shards overlap: '\(input)/a.json' (file 1 of 5) is twice in \(reports[0]); '\(input)/d.json' (file 4 of 5) is twice in \(reports[0]) (was a report given twice, or the same shard run into two reports?); nothing written

        """)
    #expect(!FileManager.default.fileExists(atPath: merged))

    let missing = try await CommandRunner.lottie2video(["merge-reports", reports[0], reports[2], "-o", merged])
    #expect(missing.exited(1), "\(missing)")
    #expect(
      missing.stderr == """
        Error: 2 of 5 files are in no report: shard 2/3 (files 2, 5); give those shards' reports, or run those shards again (with --skip-existing a rerun exports only what is missing); nothing written

        """)
    #expect(!FileManager.default.fileExists(atPath: merged))
  }

  @Test func usageErrors() async throws {
    let noOutput = try await CommandRunner.lottie2video(["merge-reports", "r.json"])
    #expect(noOutput.exited(64), "\(noOutput)")
    #expect(
      noOutput.stderr.hasPrefix("Error: Missing expected option '-o <merged.json>'\nUsage: lottie2video merge-reports"))
    let noReports = try await CommandRunner.lottie2video(["merge-reports", "-o", "x.json"])
    #expect(noReports.exited(64), "\(noReports)")
    let unknown = try await CommandRunner.lottie2video(["merge-reports", "r.json", "-o", "x.json", "--frobnicate"])
    #expect(
      unknown.exited(64)
        && unknown.stderr.hasPrefix(
          "Error: Unknown option '--frobnicate'\nUsage: lottie2video merge-reports <report.json> ... -o <output> [options]\n"
        ),
      "\(unknown)")
    let absent = try await CommandRunner.lottie2video(["merge-reports", "/nonexistent/r.json", "-o", "x.json"])
    #expect(absent.exited(1) && absent.stderr == "Error: /nonexistent/r.json: no such report file\n", "\(absent)")
  }
}
