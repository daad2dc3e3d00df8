import Foundation
import Lottie
import VideoEncoding

#if canImport(Glibc)
import Glibc
#endif

/// A batch's `--report`, kept up to date while the batch runs: its folder is made and checked before any
/// file exports, and it is rewritten atomically (``PartialFile/writeAtomically(_:to:)``, the writer of every
/// file of ours) as files finish, at most
/// once a second, at the end, and when a signal ends the run. So a killed shard (SIGTERM from Kubernetes, a
/// Slurm time limit) leaves the records of the files it finished, and an OOM kill those up to a second
/// before.
///
/// A rerun with `--skip-existing` carries over the earlier report's record of an output it skips (marked
/// `"resumed": true`), so the merged totals (frames, bytes, seconds) still count the files the earlier run
/// exported.
///
/// `@unchecked Sendable`: `lastWrite` and every write go through `lock` (the files of a batch finish on
/// several threads, and the signal handler writes from a Dispatch queue).
final class ReportFile: @unchecked Sendable {
  let path: String
  /// The earlier report's `done` records, by output.
  private let previous: [String: [String: Any]]
  private let lock = NSLock()
  private var lastWrite: Double = -.infinity

  /// Reads the earlier report at `path`, if any, makes its folder and checks that the folder can be written.
  init(path: String) throws {
    self.path = path
    var previous: [String: [String: Any]] = [:]
    if let data = FileManager.default.contents(atPath: path),
      let records = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
    {
      for record in records where record["status"] as? String == "done" {
        if let output = record["output"] as? String { previous[output] = record }
      }
    }
    self.previous = previous
    let folder = PathName.folder(of: path)
    _ = try ExportCommand.makeFolder(folder)
    // A file made and removed again: an unwritable place is said now, not after the whole batch.
    let probe = PartialFile.temporaryPath(for: path)
    let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else {
      throw ExportFailure(description: "\(path): cannot write the report: \(String(cString: strerror(errno)))")
    }
    close(descriptor)
    unlink(probe)
  }

  /// The earlier run's record of `output` from `input`, when it exported it: for a file skipped now.
  func carriedRecord(input: String, output: String) -> [String: Any]? {
    guard let record = previous[output], record["input"] as? String == input else { return nil }
    return record
  }

  /// Writes `records` (evaluated only then) when `force` or a second has passed since the last write;
  /// returns why it failed.
  @discardableResult
  func write(_ records: @autoclosure () -> [[String: Any]], force: Bool) -> String? {
    lock.lock()
    defer { lock.unlock() }
    let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    guard force || now - lastWrite >= 1 else { return nil }
    lastWrite = now
    let data: Data
    do {
      data = try JSONSerialization.data(
        withJSONObject: records(), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    } catch {
      return "cannot encode the report: \(error)"
    }
    return PartialFile.writeAtomically(data, to: path)
  }
}
