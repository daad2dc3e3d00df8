/// Why shard reports cannot be merged into one report for the batch.
public enum BatchReportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A file listed by more than one report.
  public struct Overlap: Sendable, Equatable {
    public var input: String
    /// Its number in the batch, 1...files.
    public var file: Int
    public var files: Int
    /// The reports that list it.
    public var reports: [String]
  }

  /// The files of one shard that no report lists.
  public struct MissingFiles: Sendable, Equatable {
    public var shard: Int
    /// Their numbers in the batch, 1...files.
    public var files: [Int]
  }

  case noReports
  /// Not a report of a folder batch: not JSON, not an array of records, or records without a position.
  case notABatchReport(report: String, reason: String)
  /// Two reports of different batches (other inputs, or another shard count).
  case differentBatches(first: String, firstBatch: String, other: String, otherBatch: String)
  case overlap([Overlap])
  /// Two records whose outputs differ in format (extension) or codec.
  case differentOutputs(
    what: String, first: String, firstInput: String, firstValue: String, other: String, otherInput: String,
    otherValue: String)
  /// Files in no report, grouped by the shard that should have exported them.
  case missing(files: Int, shards: Int, byShard: [MissingFiles])

  /// How many overlaps or shards a message names before it says "and N more".
  static let listed = 5

  public var description: String {
    switch self {
    case .noReports:
      return "no reports to merge"
    case .notABatchReport(let report, let reason):
      return "\(report): not a batch shard report: \(reason)"
    case .differentBatches(let first, let firstBatch, let other, let otherBatch):
      return
        "\(other) is from another batch than \(first) (\(otherBatch), against \(firstBatch)): every shard must be run with the same inputs and the same --shard count"
    case .differentOutputs(
      let what, let first, let firstInput, let firstValue, let other, let otherInput, let otherValue):
      return
        "\(other) exports '\(otherInput)' as \(otherValue) where \(first) exports '\(firstInput)' as \(firstValue): every shard of a batch must be run with the same output \(what) (-o, --format, --codec, --preset)"
    case .overlap(let overlaps):
      let named = overlaps.prefix(Self.listed).map { overlap in
        let where_ =
          Set(overlap.reports).count == 1
          ? "twice in \(overlap.reports[0])" : "in both \(overlap.reports.joined(separator: " and "))"
        return "'\(overlap.input)' (file \(overlap.file) of \(overlap.files)) is \(where_)"
      }
      let more = overlaps.count > Self.listed ? "; and \(overlaps.count - Self.listed) more" : ""
      return
        "shards overlap: \(named.joined(separator: "; "))\(more) (was a report given twice, or the same shard run into two reports?)"
    case .missing(let files, let shards, let byShard):
      let count = byShard.reduce(0) { $0 + $1.files.count }
      let named = byShard.prefix(Self.listed).map { missing in
        let (shard, numbers) = (missing.shard, missing.files)
        let list = numbers.prefix(8).map(String.init).joined(separator: ", ") + (numbers.count > 8 ? ", ..." : "")
        return "shard \(shard)/\(shards) (file\(numbers.count == 1 ? "" : "s") \(list))"
      }
      let more = byShard.count > Self.listed ? " and \(byShard.count - Self.listed) more shards" : ""
      return
        "\(count) of \(files) files \(count == 1 ? "is" : "are") in no report: \(named.joined(separator: ", "))\(more); give those shards' reports, or run those shards again (with --skip-existing a rerun exports only what is missing)"
    }
  }
}
