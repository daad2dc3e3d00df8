import Dispatch
import Foundation
import Pipeline
import VideoEncoding

/// Batch exports: folders and several inputs, one output per animation, mirroring the folder structure.
extension CommandLineTool {
  static let batchOptions: Set<String> = ["--recursive", "--skip-existing", "--report", "--shard"]
  static let animationExtensions: Set<String> = ["json", "lottie", "tgs"]

  /// A batch is several inputs, or a folder.
  static func isBatch(_ arguments: [String]) throws(UsageError) -> Bool {
    let list = try ArgumentList(arguments, flags: flags, known: exportOptions.union(batchOptions), command: nil)
    if list.positionals.count > 1 { return true }
    var isDirectory: ObjCBool = false
    if let only = list.positionals.first, FileManager.default.fileExists(atPath: only, isDirectory: &isDirectory) {
      return isDirectory.boolValue
    }
    return list.options.contains { batchOptions.contains($0.name) }
  }

  /// Exports every animation found to `-o DIR`, several at once within `--jobs`, going on past failures;
  /// prints a summary and exits 1 when any failed.
  static func batch(_ arguments: [String]) throws -> Int32 {
    let list = try ArgumentList(arguments, flags: flags, known: exportOptions.union(batchOptions), command: nil)
    guard let outputDirectory = list.options.last(where: { $0.name == "-o" || $0.name == "--output" })?.value else {
      throw UsageError(message: "Missing expected option '-o <folder>' for a batch", command: nil)
    }
    let recursive = list.options.contains { $0.name == "--recursive" }
    let skipExisting = list.options.contains { $0.name == "--skip-existing" }
    let quiet = list.options.contains { $0.name == "--quiet" || $0.name == "-q" }
    let formatName = list.options.last(where: { $0.name == "--format" })?.value
    let reportPath = list.options.last(where: { $0.name == "--report" })?.value
    var shard: (index: Int, count: Int)? = nil
    if let value = list.options.last(where: { $0.name == "--shard" })?.value {
      let parts = value.split(separator: "/").compactMap { Int($0) }
      guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
        throw OptionReader(command: nil).invalid(value, "--shard", "i/n", "use i/n with 1 <= i <= n, e.g. 2/3")
      }
      shard = (parts[0], parts[1])
    }
    let ext = formatName.flatMap { OutputFormat(rawValue: $0)?.fileExtension } ?? "mp4"
    // Options passed on to each export: everything but the inputs, the output and the batch's own.
    var passed: [String] = []
    for (name, value) in list.options
    where name != "-o" && name != "--output" && name != "--poster" && !batchOptions.contains(name) {
      passed.append(name)
      if let value { passed.append(value) }
    }
    // 1. Collect the animations, each with its output path under the output folder.
    var jobs: [(input: String, output: String)] = []
    for input in list.positionals {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
        throw UsageError(message: "The input '\(input)' does not exist", command: nil)
      }
      if !isDirectory.boolValue {
        let name = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
        jobs.append((input, outputDirectory + "/" + name + "." + ext))
        continue
      }
      for relative in animations(in: input, recursive: recursive) {
        let stem = (relative as NSString).deletingPathExtension
        jobs.append((input + "/" + relative, outputDirectory + "/" + stem + "." + ext))
      }
    }
    // Two inputs that would write the same output (a.json and a.lottie, or the same name in two input
    // folders) are refused before anything runs: one would overwrite the other.
    var writers: [String: String] = [:]
    for job in jobs {
      if let other = writers[job.output] {
        throw UsageError(
          message: "'\(other)' and '\(job.input)' would both write '\(job.output)'; export them to different folders",
          command: nil)
      }
      writers[job.output] = job.input
    }
    // A shard takes every n-th file of the sorted list (after the check above, made on the whole batch so that
    // every shard refuses a conflict alike): shards never overlap and together cover the batch, whatever
    // machine runs them (a Kubernetes Indexed Job or a Slurm array passes its index). Each record of the
    // report says where its file stands in the whole batch, so merge-reports can check the shards.
    let batch = BatchReport.Batch(inputs: jobs.map(\.input), shard: shard)
    jobs = batch.files.map { jobs[$0 - 1] }
    let workers = try workerCount(list)
    let poster = try posterTemplate(list)
    return try run(
      zip(jobs, batch.files).map { job, file in
        let stem = ((job.output as NSString).lastPathComponent as NSString).deletingPathExtension
        return BatchJob(
          input: job.input, output: job.output,
          arguments: poster.map { ["--poster", fillTemplate($0, row: ["name": stem], number: 0)] } ?? [],
          position: batch.position(ofFile: file))
      }, passed: passed, label: "batch",
      skipExisting: skipExisting, quiet: quiet, jobs: workers, reportPath: reportPath)
  }

  /// `--poster` in a batch or data run: one poster per output, so the name must hold a placeholder.
  static func posterTemplate(_ list: ArgumentList) throws(UsageError) -> String? {
    guard let poster = list.options.last(where: { $0.name == "--poster" })?.value else { return nil }
    guard poster.contains("{") else {
      throw UsageError(
        message: "Every output gets its own poster: put a placeholder in '--poster \(poster)', e.g. 'posters/{name}.png'",
        command: nil)
    }
    return poster
  }

  /// One export of a batch or a data run.
  struct BatchJob {
    var input: String
    var output: String
    /// Options for this export only (a data row's --set, --slot and --image).
    var arguments: [String]
    /// How the summary names it: the input, or a data row.
    var label: String? = nil
    /// Where a folder batch's file stands in the whole batch (its report's "batch" object).
    var position: BatchReport.Position? = nil
  }

  /// Runs exports, going on past failures; writes the report (in input order), prints the summary and
  /// returns 1 when any failed.
  ///
  /// The total work is bounded by `jobs`: with several files, up to `jobs` of them export at once with one
  /// render worker each (small files keep every core busy, and no file waits for another's encoder); a
  /// single file gets all `jobs` workers.
  static func run(
    _ jobs: [BatchJob], passed: [String], label: String, skipExisting: Bool, quiet: Bool, jobs workers: Int,
    reportPath: String?
  ) throws -> Int32 {
    let concurrent = max(1, min(workers, jobs.count))
    let perFile = max(1, workers / concurrent)
    // Per-file options: --jobs is split between the files running at once.
    var shared = passed
    if let i = shared.firstIndex(of: "--jobs"), i + 1 < shared.count { shared.removeSubrange(i...(i + 1)) }
    shared.removeAll { $0.hasPrefix("--jobs=") }
    shared += ["--jobs", String(perFile)]
    let perFileArguments = shared
    let state = BatchState(count: jobs.count)
    // Several files at once on a terminal: one shared line instead of a bar per file.
    let batchLine =
      concurrent > 1 && Console.stderrIsTerminal && !quiet
      ? BatchProgress(fileCount: jobs.count, concurrent: concurrent) : nil
    let interrupt = InterruptHandler.install()
    defer { interrupt.cancel() }
    DispatchQueue.concurrentPerform(iterations: concurrent) { _ in
      while let index = state.next() {
        let job = jobs[index]
        var record: [String: Any] = ["input": job.input, "output": job.output]
        if let label = job.label { record["label"] = label }
        if let position = job.position { record["batch"] = position.jsonObject }
        if skipExisting && FileManager.default.fileExists(atPath: job.output) {
          record["status"] = "skipped"
          state.finish(index, record: record, failure: nil, skipped: true)
          continue
        }
        if !quiet && batchLine == nil { Console.error("[\(index + 1)/\(jobs.count)] \(job.label ?? job.input)") }
        let start = Date()
        var failure: String? = nil
        do {
          try FileManager.default.createDirectory(
            atPath: (job.output as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
          let context = ExportContext(
            position: (index + 1, jobs.count), batchProgress: batchLine, progressBar: concurrent == 1,
            handlesInterrupts: false)
          let outcome = try exportOne([job.input, "-o", job.output] + perFileArguments + job.arguments, context: context)
          record["diagnostics"] = outcome.diagnostics.map(\.description)
          if outcome.status == 0, let result = outcome.result {
            record["status"] = "done"
            record["frames"] = result.frames
            record["duration"] = result.duration
            record["bytes"] = result.bytes
          } else {
            failure = "exit \(outcome.status)"
          }
        } catch {
          failure = "\(error)"
          if !quiet { Console.error("Error: \(error)") }
        }
        if let failure {
          record["status"] = "failed"
          record["reason"] = failure
        }
        record["seconds"] = Date().timeIntervalSince(start)
        batchLine?.finish(index)
        state.finish(index, record: record, failure: failure, skipped: false)
      }
    }
    StatusLine.shared.clear()
    let (records, failures, done, skipped) = state.results()
    if let reportPath {
      let data = try JSONSerialization.data(withJSONObject: records, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      try data.write(to: URL(fileURLWithPath: reportPath))
    }
    // 3. Summary: results on stdout.
    Console.output("\(label): \(done) done, \(failures.count) failed, \(skipped) skipped (of \(jobs.count))")
    for (input, reason) in failures { Console.output("failed: \(input): \(reason)") }
    return failures.isEmpty ? 0 : 1
  }

  /// Animation files under `folder` (relative paths, sorted), descending into sub-folders when `recursive`.
  static func animations(in folder: String, recursive: Bool) -> [String] {
    let manager = FileManager.default
    var result: [String] = []
    if recursive {
      guard let walker = manager.enumerator(atPath: folder) else { return [] }
      while let relative = walker.nextObject() as? String {
        if animationExtensions.contains((relative as NSString).pathExtension.lowercased()) { result.append(relative) }
      }
    } else {
      for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] {
        var isDirectory: ObjCBool = false
        if animationExtensions.contains((name as NSString).pathExtension.lowercased()),
          manager.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue
        {
          result.append(name)
        }
      }
    }
    return result.sorted()
  }
}

/// What a batch has done so far, shared by the files exporting at once.
final class BatchState: @unchecked Sendable {
  private let lock = NSLock()
  private var nextIndex = 0
  private let count: Int
  private var records: [[String: Any]?]
  private var failures: [(index: Int, input: String, reason: String)] = []
  private var done = 0
  private var skipped = 0

  init(count: Int) {
    self.count = count
    records = Array(repeating: nil, count: count)
  }

  /// The next job to run, in order.
  func next() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard nextIndex < count else { return nil }
    nextIndex += 1
    return nextIndex - 1
  }

  func finish(_ index: Int, record: [String: Any], failure: String?, skipped isSkipped: Bool) {
    lock.lock()
    defer { lock.unlock() }
    records[index] = record
    if let failure {
      failures.append((index, record["label"] as? String ?? record["input"] as? String ?? "", failure))
    } else if isSkipped {
      skipped += 1
    } else {
      done += 1
    }
  }

  func results() -> (records: [[String: Any]], failures: [(String, String)], done: Int, skipped: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (
      records.compactMap { $0 }, failures.sorted { $0.index < $1.index }.map { ($0.input, $0.reason) }, done, skipped
    )
  }
}
