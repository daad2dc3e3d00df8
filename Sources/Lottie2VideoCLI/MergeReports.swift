import Foundation
import Pipeline

/// `lottie2video merge-reports report-*.json -o report.json`: the reports of a sharded batch (a Kubernetes
/// Indexed Job, a Slurm array) merged into one report for the whole batch, checked to hold every file exactly
/// once (``BatchReport/merge(_:)``).
///
/// Its own small argument reader, so it is one self-contained command: it takes report files, `-o`/`--output`
/// (`-` for standard output) and `-q`/`--quiet`.
extension CommandLineTool {
  static let mergeReportsUsage = "Usage: lottie2video merge-reports <report.json> ... -o <merged.json> [--quiet]"

  /// Writes the merged report and prints a summary like a batch's; exits 1 when a file failed or the reports
  /// do not make one batch (nothing written then), 64 on a usage error.
  static func mergeReports(_ arguments: [String]) -> Int32 {
    var reports: [String] = []
    var output: String? = nil
    var quiet = false
    var index = 0
    func usage(_ message: String) -> Int32 {
      Console.error("Error: \(message)")
      Console.error(mergeReportsUsage)
      return 64
    }
    var onlyReports = false
    while index < arguments.count {
      let token = arguments[index]
      index += 1
      if onlyReports || token == "-" || !token.hasPrefix("-") {
        reports.append(token)
      } else if token == "--" {
        onlyReports = true
      } else if token == "-o" || token == "--output" {
        guard index < arguments.count else { return usage("Missing value for '\(token) <merged.json>'") }
        output = arguments[index]
        index += 1
      } else if token.hasPrefix("--output=") {
        output = String(token.dropFirst("--output=".count))
      } else if token == "-q" || token == "--quiet" {
        quiet = true
      } else {
        return usage("Unknown option '\(token)' for merge-reports")
      }
    }
    guard let output, !output.isEmpty else { return usage("Missing expected option '-o <merged.json>'") }
    guard !reports.isEmpty else { return usage("Missing expected argument '<report.json>': the shards' reports") }
    var shards: [BatchReport.Shard] = []
    for path in reports {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
        Console.error("Error: \(path): no such report file")
        return 1
      }
      guard let data = FileManager.default.contents(atPath: path) else {
        Console.error("Error: \(path): cannot read the report")
        return 1
      }
      shards.append(BatchReport.Shard(name: path, data: data))
    }
    let merged: BatchReport.Merged
    let json: Data
    do {
      merged = try BatchReport.merge(shards)
      json = try merged.jsonData()
    } catch {
      Console.error("Error: \(error); nothing written")
      return 1
    }
    let toStandardOutput = output == "-"
    if toStandardOutput {
      FileHandle.standardOutput.write(json + Data("\n".utf8))
    } else if let failure = writeAtomically(json + Data("\n".utf8), to: output) {
      Console.error("Error: \(output): \(failure)")
      return 1
    }
    if !quiet {
      let summary: (String) -> Void = { toStandardOutput ? Console.error($0) : Console.output($0) }
      let t = merged.totals
      summary(
        "merge-reports: \(t.done) done, \(t.failed) failed, \(t.skipped) skipped (of \(t.files), from \(reports.count) report\(reports.count == 1 ? "" : "s")\(merged.shards > 0 ? " of \(merged.shards) shard\(merged.shards == 1 ? "" : "s")" : ""))"
      )
      for failure in merged.failures { summary("failed: \(failure.input): \(failure.reason) (shard \(failure.shard))") }
    }
    return merged.failures.isEmpty ? 0 : 1
  }

  /// Writes `data` to a hidden file beside `path` and renames it over `path`, so a reader never sees half a
  /// report; returns what went wrong, or nil.
  static func writeAtomically(_ data: Data, to path: String) -> String? {
    let url = URL(fileURLWithPath: path)
    let partial = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())")
    do {
      try data.write(to: partial)
    } catch {
      return "cannot write the report (\(error.localizedDescription))"
    }
    guard rename(partial.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(partial.path)
      return "cannot write the report (\(reason))"
    }
    return nil
  }
}
