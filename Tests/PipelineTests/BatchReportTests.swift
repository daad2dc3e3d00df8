import Foundation
import Pipeline
import Testing

/// Shard reports merge into one report that holds every file of the batch once; overlaps, missing files and
/// mixed batches are errors that say what to do.
@Suite("batch reports")
struct BatchReportTests {
  static let inputs = ["in/a.json", "in/b.json", "in/c.json", "in/d.json", "in/e.json"]

  /// The records shard `shard` of `shards` writes for `inputs`, as the batch does; `status` picks each file's.
  static func report(
    shard: Int, of shards: Int, inputs: [String] = inputs, duration: Double = 0.5, ext: String = "mp4",
    codec: String? = nil, status: (String) -> String = { _ in "done" }
  ) throws -> Data {
    let batch = BatchReport.Batch(inputs: inputs, shard: (shard, shards))
    let records: [[String: Any]] = batch.files.map { file in
      let input = inputs[file - 1]
      var record: [String: Any] = [
        "input": input, "output": "out/" + input.dropFirst(3).replacingOccurrences(of: ".json", with: "." + ext),
        "batch": batch.position(ofFile: file).jsonObject, "status": status(input), "seconds": 0.5,
      ]
      if record["status"] as? String == "done" {
        record["frames"] = 10
        record["duration"] = duration
        record["bytes"] = 1000
      }
      if record["status"] as? String == "failed" { record["reason"] = "invalid JSON" }
      if let codec, record["status"] as? String == "done" { record["codec"] = codec }
      return record
    }
    return try JSONSerialization.data(withJSONObject: records)
  }

  static func shards(_ count: Int, names: String = "report-%d.json") throws -> [BatchReport.Shard] {
    try (1...count).map {
      BatchReport.Shard(name: String(format: names, $0 - 1), data: try report(shard: $0, of: count))
    }
  }

  static func failure(_ shards: [BatchReport.Shard]) -> String {
    do {
      _ = try BatchReport.merge(shards)
      return "merged"
    } catch {
      return error.description
    }
  }

  @Test func shardsTakeEveryNthFile() {
    #expect(BatchReport.Batch(inputs: Self.inputs, shard: (2, 3)).files == [2, 5])
    #expect(BatchReport.Batch(inputs: Self.inputs, shard: (3, 3)).files == [3])
    #expect(BatchReport.Batch(inputs: Self.inputs, shard: nil).files == [1, 2, 3, 4, 5])
    #expect(BatchReport.Batch(inputs: ["x"], shard: (4, 4)).files == [])
    let position = BatchReport.Batch(inputs: Self.inputs, shard: (2, 3)).position(ofFile: 5)
    #expect(position == .init(file: 5, files: 5, shard: 2, shards: 3, list: BatchReport.listDigest(Self.inputs)))
  }

  @Test func listDigestIsFNV1aOfTheInputs() {
    #expect(BatchReport.listDigest([]) == "fnv1a64:cbf29ce484222325")
    #expect(BatchReport.listDigest(["in/a.json", "in/b.json"]) == "fnv1a64:a5febccee729e364")
    #expect(BatchReport.listDigest(["a"]) == "fnv1a64:089be207b544f1e4")
    // Each input is ended, so moving a character across the boundary changes the digest.
    #expect(BatchReport.listDigest(["ab", "c"]) != BatchReport.listDigest(["a", "bc"]))
  }

  @Test func mergesEveryFileOnceInBatchOrder() throws {
    var shards = try Self.shards(3)
    shards[1].data = try Self.report(shard: 2, of: 3) { $0 == "in/e.json" ? "failed" : "done" }
    shards[2].data = try Self.report(shard: 3, of: 3) { _ in "skipped" }
    // The order the reports are given in does not matter.
    let merged = try BatchReport.merge(shards.reversed())
    #expect(merged.records.map { $0["input"] as? String } == Self.inputs)
    #expect(merged.files == 5 && merged.shards == 3)
    var expected = BatchReport.Totals()
    (expected.files, expected.done, expected.failed, expected.skipped) = (5, 3, 1, 1)
    (expected.frames, expected.duration, expected.bytes, expected.seconds) = (30, 1.5, 3000, 2.5)
    #expect(merged.totals == expected)
    #expect(merged.failures == [.init(input: "in/e.json", reason: "invalid JSON", shard: 2)])
    #expect(merged.reports == ["report-2.json", "report-1.json", "report-0.json"])
    let json = try #require(try JSONSerialization.jsonObject(with: merged.jsonData()) as? [String: Any])
    #expect(Set(json.keys) == ["batch", "totals", "failures", "files", "reports"])
    let totals = try #require(json["totals"] as? [String: Any])
    #expect(totals["done"] as? Int == 3 && totals["files"] as? Int == 5 && totals["bytes"] as? Int == 3000)
    #expect((json["files"] as? [Any])?.count == 5)
    let failures = try #require(json["failures"] as? [[String: Any]])
    #expect(failures.first?["input"] as? String == "in/e.json" && failures.first?["shard"] as? Int == 2)
  }

  @Test func totalsCarryNoBinaryNoise() throws {
    // 0.1 + 0.1 + 0.1 is 0.30000000000000004 in binary; the report says 0.3.
    let shards = try (1...3).map {
      BatchReport.Shard(
        name: "r\($0).json", data: try Self.report(shard: $0, of: 3, inputs: ["a", "b", "c"], duration: 0.1))
    }
    let merged = try BatchReport.merge(shards)
    #expect(merged.totals.duration != 0.3)  // the sum itself is noisy; only the report rounds it
    let json = try #require(try JSONSerialization.jsonObject(with: merged.jsonData()) as? [String: Any])
    let totals = try #require(json["totals"] as? [String: Any])
    #expect(totals["duration"] as? Double == 0.3)
    #expect(totals["seconds"] as? Double == 1.5)
  }

  @Test func moreShardsThanFiles() throws {
    // Shards 3 and 4 of two files have nothing to do and write empty reports.
    let inputs = ["in/a.json", "in/b.json"]
    let shards = try (1...4).map {
      BatchReport.Shard(name: "r\($0)", data: try Self.report(shard: $0, of: 4, inputs: inputs))
    }
    #expect(try BatchReport.merge(shards).totals.done == 2)
    #expect(try BatchReport.merge([shards[2], shards[3]]).totals.files == 0)
  }

  @Test func overlapIsAnError() throws {
    let shards = try Self.shards(2)
    #expect(
      Self.failure(shards + [shards[0]]) == """
        shards overlap: 'in/a.json' (file 1 of 5) is twice in report-0.json; 'in/c.json' (file 3 of 5) is twice in report-0.json; 'in/e.json' (file 5 of 5) is twice in report-0.json (was a report given twice, or the same shard run into two reports?)
        """)
    let copy = BatchReport.Shard(name: "copy.json", data: shards[1].data)
    #expect(
      Self.failure(shards + [copy]) == """
        shards overlap: 'in/b.json' (file 2 of 5) is in both report-1.json and copy.json; 'in/d.json' (file 4 of 5) is in both report-1.json and copy.json (was a report given twice, or the same shard run into two reports?)
        """)
  }

  @Test func missingFilesAreAnErrorNamingTheirShards() throws {
    let shards = try Self.shards(3)
    #expect(
      Self.failure([shards[0]]) == """
        3 of 5 files are in no report: shard 2/3 (files 2, 5), shard 3/3 (file 3); give those shards' reports, or run those shards again (with --skip-existing a rerun exports only what is missing)
        """)
    // A shard stopped before it finished (Ctrl-C, a killed pod): its report lacks the files it did not reach.
    var records = try #require(try JSONSerialization.jsonObject(with: shards[1].data) as? [Any])
    records.removeLast()
    let partial = BatchReport.Shard(name: "report-1.json", data: try JSONSerialization.data(withJSONObject: records))
    #expect(
      Self.failure([shards[0], partial, shards[2]]) == """
        1 of 5 files is in no report: shard 2/3 (file 5); give those shards' reports, or run those shards again (with --skip-existing a rerun exports only what is missing)
        """)
  }

  @Test func reportsOfDifferentBatchesAreRefused() throws {
    let shards = try Self.shards(2)
    let other = BatchReport.Shard(
      name: "other.json", data: try Self.report(shard: 2, of: 2, inputs: Self.inputs + ["in/f.json"]))
    let digest = BatchReport.listDigest(Self.inputs)
    let otherDigest = BatchReport.listDigest(Self.inputs + ["in/f.json"])
    #expect(
      Self.failure([shards[0], other]) == """
        other.json is from another batch than report-0.json (6 files in 2 shards, list \(otherDigest), against 5 files in 2 shards, list \(digest)): every shard must be run with the same inputs and the same --shard count
        """)
    let threeWay = BatchReport.Shard(name: "r3.json", data: try Self.report(shard: 2, of: 3))
    #expect(
      Self.failure([shards[0], threeWay]).hasPrefix(
        "r3.json is from another batch than report-0.json (5 files in 3 shards"))
  }

  /// Shards of one batch export alike: an MP4 shard and a WebM shard (or an H.264 and an H.265 one) make no
  /// one batch's report. A file a signal interrupted counts as in no report.
  @Test func shardsOfOtherFormatsOrCodecsAreRefused() throws {
    let mp4 = BatchReport.Shard(name: "r1.json", data: try Self.report(shard: 1, of: 2))
    let webm = BatchReport.Shard(name: "r2.json", data: try Self.report(shard: 2, of: 2, ext: "webm"))
    #expect(
      Self.failure([mp4, webm]) == """
        r2.json exports 'in/b.json' as .webm where r1.json exports 'in/a.json' as .mp4: every shard of a batch must be run with the same output format (-o, --format, --codec, --preset)
        """)
    let h264 = BatchReport.Shard(name: "r1.json", data: try Self.report(shard: 1, of: 2, codec: "h264"))
    let h265 = BatchReport.Shard(name: "r2.json", data: try Self.report(shard: 2, of: 2, codec: "h265"))
    #expect(Self.failure([h264, h265]).hasPrefix("r2.json exports 'in/b.json' as h265 where r1.json exports"))
    let alike = BatchReport.Shard(name: "r2.json", data: try Self.report(shard: 2, of: 2, codec: "h264"))
    #expect(Self.failure([h264, alike]) == "merged")
    let interrupted = BatchReport.Shard(
      name: "r2.json", data: try Self.report(shard: 2, of: 2) { $0 == "in/d.json" ? "interrupted" : "done" })
    #expect(Self.failure([mp4, interrupted]).hasPrefix("1 of 5 files is in no report: shard 2/2 (file 4)"))
  }

  @Test func reportsThatAreNotShardReports() {
    func shard(_ json: String) -> [BatchReport.Shard] { [.init(name: "r.json", data: Data(json.utf8))] }
    #expect(Self.failure(shard("{")) == "r.json: not a batch shard report: not valid JSON")
    #expect(
      Self.failure(shard(#"{"files":[]}"#))
        == "r.json: not a batch shard report: not a JSON array of records, as --report writes")
    #expect(Self.failure(shard("[1]")) == "r.json: not a batch shard report: record 1 is not a JSON object")
    #expect(
      Self.failure(shard(#"[{"input":"x.json","status":"done"}]"#))
        == "r.json: not a batch shard report: record 1 ('x.json') has no 'batch' position; merge-reports takes the reports of a folder batch written by this version (not --data reports)"
    )
    #expect(
      Self.failure(
        shard(#"[{"input":"x.json","status":"done","batch":{"file":2,"files":3,"shard":1,"shards":3,"list":"l"}}]"#))
        == "r.json: not a batch shard report: record 1 ('x.json') has an impossible position: file 2 of 3 in shard 1/3")
    #expect(
      Self.failure(
        shard(#"[{"input":"x.json","status":"odd","batch":{"file":1,"files":1,"shard":1,"shards":1,"list":"l"}}]"#))
        == "r.json: not a batch shard report: record 1 ('x.json') has an unknown status 'odd'")
    #expect(Self.failure([]) == "no reports to merge")
  }
}
