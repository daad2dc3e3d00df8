import Foundation
import Lottie

/// Batch reports: the records a batch (`--report`) writes, one per file, and the merge of the reports of a
/// sharded batch (a Kubernetes Indexed Job, a Slurm array) into one report for the whole batch.
///
/// A batch numbers its files 1...N in its sorted list before taking its shard, and writes into each record
/// where the file stands in the whole batch (``Position``). That is what lets ``merge(_:)`` prove that the
/// shards' reports cover every file exactly once: a file in two reports is an overlap, a number in no report
/// is a missing file (a shard whose report was not given, or that stopped early), and reports whose batches
/// differ (other inputs, another shard count) are refused.
public enum BatchReport {
  /// Where one file of a batch stands: written as a record's `"batch"` object.
  public struct Position: Sendable, Equatable {
    /// The file's number in the whole batch's sorted list, 1...files.
    public var file: Int
    /// Files in the whole batch, all shards together.
    public var files: Int
    /// The shard that exports it, 1...shards.
    public var shard: Int
    public var shards: Int
    /// ``listDigest(_:)`` of the whole batch's inputs: shards of one batch have the same.
    public var list: String

    public init(file: Int, files: Int, shard: Int, shards: Int, list: String) {
      (self.file, self.files, self.shard, self.shards, self.list) = (file, files, shard, shards, list)
    }

    /// The record's `"batch"` object.
    public var jsonObject: [String: Any] {
      ["file": file, "files": files, "shard": shard, "shards": shards, "list": list]
    }

    init?(jsonObject: Any?) {
      guard let object = jsonObject as? [String: Any], let file = object["file"] as? Int,
        let files = object["files"] as? Int, let shard = object["shard"] as? Int,
        let shards = object["shards"] as? Int, let list = object["list"] as? String
      else { return nil }
      self.init(file: file, files: files, shard: shard, shards: shards, list: list)
    }
  }

  /// The whole batch's list of inputs, and which of them one shard exports.
  public struct Batch: Sendable {
    /// Every input of the batch, in its sorted order, before sharding.
    public let inputs: [String]
    public let shard: Int
    public let shards: Int
    public let list: String

    /// `shard` is `(i, n)` for `--shard i/n`, nil for the whole batch (shard 1 of 1).
    public init(inputs: [String], shard: (index: Int, count: Int)?) {
      self.inputs = inputs
      (self.shard, self.shards) = shard ?? (1, 1)
      list = BatchReport.listDigest(inputs)
    }

    /// The numbers (1-based) of the files this shard exports: every n-th file of the sorted list, starting
    /// with the i-th, so shards never overlap and together cover the batch whatever machine runs them.
    public var files: [Int] { Array(stride(from: shard, through: inputs.count, by: shards)) }

    public func position(ofFile file: Int) -> Position {
      Position(file: file, files: inputs.count, shard: shard, shards: shards, list: list)
    }
  }

  /// A digest of the batch's input list that tells batches apart: 64-bit FNV-1a over the inputs, each ended
  /// by a NUL byte (which no path holds). Not a security measure: it only has to differ when shards were
  /// given different inputs, and 64 bits are plenty for that; Foundation on Linux has no SHA-2, and the
  /// modules that link a library with one (FFmpeg's) are not for this.
  public static func listDigest(_ inputs: [String]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for input in inputs {
      for byte in input.utf8 + [0] {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
      }
    }
    let hex = String(hash, radix: 16)
    return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// One report to merge: its name (for messages) and its bytes.
  public struct Shard: Sendable {
    public var name: String
    public var data: Data
    public init(name: String, data: Data) { (self.name, self.data) = (name, data) }
  }

  /// A file that failed, as the merged report lists it.
  public struct Failure: Sendable, Equatable {
    public var input: String
    public var reason: String
    public var shard: Int

    public init(input: String, reason: String, shard: Int) {
      (self.input, self.reason, self.shard) = (input, reason, shard)
    }
  }

  /// What the whole batch did.
  public struct Totals: Sendable, Equatable {
    public var files = 0
    public var done = 0
    public var failed = 0
    public var skipped = 0
    /// Frames, seconds of video and bytes written by the files exported in these runs (skipped files add nothing).
    public var frames = 0
    public var duration = 0.0
    public var bytes = 0
    /// Export time of every file added up (the shards ran in parallel, so the batch took less).
    public var seconds = 0.0

    public init() {}
  }

  /// The merged report: every file once, in batch order.
  public struct Merged {
    public var files: Int
    public var shards: Int
    public var list: String
    public var totals: Totals
    public var failures: [Failure]
    /// The shard reports' records, ordered by their file number.
    public var records: [[String: Any]]
    public var reports: [String]

    /// `seconds` to the millisecond the records give them in: a sum of them carries binary noise
    /// (0.1 + 0.2 is 0.30000000000000004), which a report should not show.
    static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    /// The merged report as JSON: `batch`, `totals`, `failures`, `files` (the records), `reports`.
    public func jsonData() throws -> Data {
      let object: [String: Any] = [
        "batch": ["files": files, "shards": shards, "list": list],
        "totals": [
          "files": totals.files, "done": totals.done, "failed": totals.failed, "skipped": totals.skipped,
          "frames": totals.frames, "duration": Self.milliseconds(totals.duration), "bytes": totals.bytes,
          "seconds": Self.milliseconds(totals.seconds),
        ],
        "failures": failures.map { ["input": $0.input, "reason": $0.reason, "shard": $0.shard] },
        "files": records,
        "reports": reports,
      ]
      return try JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }
  }

  /// Merges shard reports into one. Throws when a report is not a batch report, when the reports come from
  /// different batches, when a file is in two reports, or when files are in none; the error says which.
  public static func merge(_ shards: [Shard]) throws(BatchReportError) -> Merged {
    guard !shards.isEmpty else { throw .noReports }
    // 1. Read every record with its position.
    var entries: [(record: [String: Any], position: Position, report: String)] = []
    var identity: (position: Position, report: String)? = nil
    // The output's kind (its extension, and the codec where the record has it): shards of one batch are
    // exported alike, and a merged report of MP4s and WebMs describes no one batch.
    var kinds: [String: (value: String, report: String, input: String)] = [:]
    for shard in shards {
      let parsed = try? JSONSerialization.jsonObject(with: shard.data)
      guard let records = parsed as? [Any] else {
        throw .notABatchReport(
          report: shard.name,
          reason: parsed == nil ? "not valid JSON" : "not a JSON array of records, as --report writes")
      }
      for (offset, element) in records.enumerated() {
        guard let record = element as? [String: Any] else {
          throw .notABatchReport(report: shard.name, reason: "record \(offset + 1) is not a JSON object")
        }
        let input = record["input"] as? String ?? "?"
        guard let position = Position(jsonObject: record["batch"]) else {
          throw .notABatchReport(
            report: shard.name,
            reason:
              "record \(offset + 1) ('\(input)') has no 'batch' position; merge-reports takes the reports of a folder batch written by this version (not --data reports)"
          )
        }
        guard position.files >= 1, position.shards >= 1, (1...position.files).contains(position.file),
          (1...position.shards).contains(position.shard), (position.file - 1) % position.shards == position.shard - 1
        else {
          throw .notABatchReport(
            report: shard.name,
            reason:
              "record \(offset + 1) ('\(input)') has an impossible position: file \(position.file) of \(position.files) in shard \(position.shard)/\(position.shards)"
          )
        }
        if let status = record["status"] as? String, !["done", "failed", "skipped", "interrupted"].contains(status) {
          throw .notABatchReport(
            report: shard.name, reason: "record \(offset + 1) ('\(input)') has an unknown status '\(status)'")
        }
        if let (first, firstReport) = identity {
          if first.files != position.files || first.shards != position.shards || first.list != position.list {
            throw .differentBatches(
              first: firstReport, firstBatch: describe(first), other: shard.name, otherBatch: describe(position))
          }
        } else {
          identity = (position, shard.name)
        }
        let output = record["output"] as? String ?? ""
        for (what, value) in [
          ("format", output.isEmpty ? nil : "." + PathName.fileExtension(of: output).lowercased()),
          ("codec", record["codec"] as? String),
        ] {
          guard let value else { continue }
          if let first = kinds[what] {
            if first.value != value {
              throw .differentOutputs(
                what: what, first: first.report, firstInput: first.input, firstValue: first.value, other: shard.name,
                otherInput: input, otherValue: value)
            }
          } else {
            kinds[what] = (value, shard.name, input)
          }
        }
        entries.append((record, position, shard.name))
      }
    }
    guard let (batch, _) = identity else {
      // Only empty reports (an empty input folder, or more shards than files): nothing to check or list.
      return Merged(
        files: 0, shards: 0, list: listDigest([]), totals: Totals(), failures: [], records: [],
        reports: shards.map(\.name))
    }
    // 2. Every file exactly once.
    var byFile: [Int: (record: [String: Any], report: String)] = [:]
    var overlaps: [BatchReportError.Overlap] = []
    // A file a signal interrupted counts as in no report (its shard must run again), unless another lists it.
    for entry in entries where entry.record["status"] as? String != "interrupted" {
      if let earlier = byFile[entry.position.file] {
        overlaps.append(
          .init(
            input: entry.record["input"] as? String ?? "?", file: entry.position.file, files: batch.files,
            reports: [earlier.report, entry.report]))
      } else {
        byFile[entry.position.file] = (entry.record, entry.report)
      }
    }
    if !overlaps.isEmpty { throw .overlap(overlaps) }
    let missing = (1...batch.files).filter { byFile[$0] == nil }
    if !missing.isEmpty {
      let byShard = Dictionary(grouping: missing) { ($0 - 1) % batch.shards + 1 }
      throw .missing(
        files: batch.files, shards: batch.shards,
        byShard: byShard.keys.sorted().map { .init(shard: $0, files: byShard[$0] ?? []) })
    }
    // 3. Totals and failures, in batch order.
    var totals = Totals()
    var failures: [Failure] = []
    var records: [[String: Any]] = []
    for file in 1...batch.files {
      guard let (record, _) = byFile[file] else { continue }
      records.append(record)
      totals.files += 1
      switch record["status"] as? String {
      case "done":
        totals.done += 1
        totals.frames += record["frames"] as? Int ?? 0
        totals.duration += record["duration"] as? Double ?? 0
        totals.bytes += record["bytes"] as? Int ?? 0
      case "skipped":
        totals.skipped += 1
      default:
        totals.failed += 1
        failures.append(
          Failure(
            input: record["input"] as? String ?? "?", reason: record["reason"] as? String ?? "no reason recorded",
            shard: (file - 1) % batch.shards + 1))
      }
      totals.seconds += record["seconds"] as? Double ?? 0
    }
    return Merged(
      files: batch.files, shards: batch.shards, list: batch.list, totals: totals, failures: failures,
      records: records, reports: shards.map(\.name))
  }

  static func describe(_ position: Position) -> String {
    "\(position.files) files in \(position.shards) shard\(position.shards == 1 ? "" : "s"), list \(position.list)"
  }
}
