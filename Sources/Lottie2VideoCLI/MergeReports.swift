import Foundation
import Pipeline
import VideoEncoding

/// `lottie2video merge-reports report-*.json -o report.json`: the reports of a sharded batch (a Kubernetes
/// Indexed Job, a Slurm array) merged into one report for the whole batch, checked to hold every file exactly
/// once (``BatchReport/merge(_:)``).
///
/// One entry in ``CommandTable``: it takes report files, and `-o` (`-` for standard output) and `-q` from the
/// option table.
enum MergeReportsCommand {
  static let spec = CommandSpec(
    name: "merge-reports",
    summary:
      "Merge the --report files of a sharded batch into one: every file once, in order, with the failures and totals.",
    discussion: "An error, writing nothing, when shards overlap, miss files or come from different batches. Exit 1 "
      + "when a file failed.",
    arguments: [
      ArgumentSpec("<report.json>", help: "The shards' --report files.", repeatable: true, completion: .file(["json"]))
    ],
    required: ["-o"], groups: [.output, OptionGroup(OptionTable.quiet.spec)],
    helpFor: ["--output": ("The merged report; '-' writes it to standard output.", "required")], run: run)

  /// Writes the merged report and prints a summary like a batch's; exits 1 when a file failed or the reports
  /// do not make one batch (nothing written then), 64 on a usage error.
  static func run(_ p: ParsedArguments) throws -> Int32 {
    let reports = p.positionals
    let quiet = p[OptionTable.quiet]
    guard let output = p[OptionTable.output], !output.isEmpty else {
      throw UsageError(message: "Missing expected option '-o <merged.json>'", command: p.command)
    }
    guard !reports.isEmpty else {
      throw UsageError(message: "Missing expected argument '<report.json>': the shards' reports", command: p.command)
    }
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
      for failure in merged.failures {
        summary("failed: \(FileMessage.naming(failure.input, failure.reason)) (shard \(failure.shard))")
      }
    }
    return merged.failures.isEmpty ? 0 : 1
  }

  /// Writes `data` to a hidden file beside `path` and renames it over `path`, so a reader never sees half a
  /// report; returns what went wrong (with the system's reason), or nil.
  static func writeAtomically(_ data: Data, to path: String) -> String? {
    PartialFile.writeAtomically(data, to: path).map { "cannot write the report (\($0))" }
  }
}
