import Dispatch
import Foundation
import Lottie
import Pipeline
import VideoEncoding

/// Batch exports: folders and several inputs, one output per animation, mirroring the folder structure. Each
/// file is a typed ``ExportJob``; the command line is parsed once.
extension ExportCommand {
  static let animationExtensions: Set<String> = ["json", "lottie", "tgs"]

  /// Exports every animation found to `-o DIR`, several at once within `--jobs`, going on past failures;
  /// prints a summary and exits 1 when any failed.
  static func batch(_ o: ExportCommandOptions, reporter: Reporter) throws -> Int32 {
    // `-o out/` and `-o out` name the same folder: outputs are `out/a.mp4`, never `out//a.mp4`.
    let outputFolder = o.output ?? ""
    let outputDirectory =
      outputFolder.count > 1 && outputFolder.hasSuffix("/") ? String(outputFolder.dropLast()) : outputFolder
    // The format: --format, else the preset's, else MP4.
    let format = o.format ?? o.preset?.format ?? .mp4
    // 1. Collect the animations, each with its output path under the output folder.
    var found: [(input: String, output: String)] = []  // the whole batch, before sharding
    for input in o.inputs {
      var isDirectory: ObjCBool = false
      guard input != "-" else {
        throw UsageError(message: "A batch reads files; standard input ('-') is for one export", command: nil)
      }
      guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
        throw UsageError(message: "The input '\(input)' does not exist", command: nil)
      }
      if !isDirectory.boolValue {
        found.append((input, outputDirectory + "/" + outputName(PathName.stem(of: input), format: format)))
        continue
      }
      let inFolder = animations(in: input, recursive: o.recursive)
      if inFolder.isEmpty {
        // A folder named like a file (x.json), or an empty one: nothing would be exported, which is never what
        // was meant.
        let kind =
          animationExtensions.contains(PathName.fileExtension(of: input))
          ? "a folder, not an animation file," : "a folder"
        throw UsageError(
          message:
            "The input '\(input)' is \(kind) and holds no animations (.json, .lottie or .tgs files\(o.recursive ? "" : "; --recursive looks in sub-folders"))",
          command: nil)
      }
      for relative in inFolder {
        found.append(
          (
            input + "/" + relative,
            outputDirectory + "/" + outputName(PathName.deletingExtension(relative), format: format)
          ))
      }
    }
    // Two inputs that would write the same output (a.json and a.lottie, or the same name in two input
    // folders) are refused before anything runs: one would overwrite the other.
    var writers: [String: String] = [:]
    for job in found {
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
    let batch = BatchReport.Batch(inputs: found.map(\.input), shard: o.shard.map { ($0.index, $0.count) })
    let files = batch.files
    let jobs = files.enumerated().map { i, file in
      let job = found[file - 1]
      let stem = PathName.stem(of: job.output)
      return ExportJob(
        input: job.input, output: job.output,
        poster: o.poster.map { fillTemplate($0, row: ["name": stem], number: i + 1) },
        position: BatchPosition(index: i + 1, count: files.count), place: batch.position(ofFile: file))
    }
    return try run(jobs, o, label: "batch", reporter: reporter)
  }

  /// Runs exports, going on past failures; writes the report (in input order), prints the summary and
  /// returns 1 when any failed.
  ///
  /// The total work is bounded by `--jobs`: with several files, up to that many of them export at once with
  /// one render worker each (small files keep every core busy, and no file waits for another's encoder); a
  /// single file gets all the workers.
  static func run(_ jobs: [ExportJob], _ o: ExportCommandOptions, label: String, reporter: Reporter) throws -> Int32 {
    if o.dryRun { return try dryRun(jobs, o, single: false) }
    let start = Date()
    // The report: refused now, before any work, when it would overwrite an input or cannot be written.
    let reportFile: ReportFile?
    if let report = o.report {
      try OutputPaths.checkReport(report, inputs: jobs.flatMap(o.protectedInputs))
      reportFile = try ReportFile(path: report)
    } else {
      reportFile = nil
    }
    // What killed runs left in the output folders (`.name.partial-PID.ext`, whose process is gone and whose
    // lock nobody holds) is swept now: a rerun that skips every file there would never sweep it otherwise.
    var folders: Set<String> = []
    for job in jobs where job.output != OutputFormat.standardOutputPath {
      let folder = PathName.folder(of: numberedOutput(job.output, o))
      if folders.insert(folder).inserted, OutputPaths.isFolder(folder.isEmpty ? "." : folder) {
        _ = PartialFiles.sweepStale(in: folder.isEmpty ? "." : folder)
      }
    }
    let concurrent = max(1, min(o.jobs, jobs.count))
    let perFile = max(1, o.jobs / concurrent)
    let state = BatchState(count: jobs.count)
    // Several files at once on a terminal: one shared line instead of a bar per file.
    let batchLine =
      concurrent > 1 && Console.stderrIsTerminal && !reporter.isQuiet && !reporter.isJSON
      ? BatchProgress(fileCount: jobs.count, concurrent: concurrent) : nil
    // A signal: the report keeps what finished and marks what was under way as interrupted (what had not
    // started is in no record: a rerun with --skip-existing, or merge-reports, says it is missing), and the
    // message says what is left.
    let interrupt = InterruptHandler.install(json: reporter.isJSON) {
      reportFile?.write(
        state.recordsOnInterrupt { index in
          let job = jobs[index]
          var record: [String: Any] = [
            "input": job.input, "output": job.output, "status": "interrupted",
            "reason": "interrupted by a signal before it finished",
          ]
          if let label = job.label { record["label"] = label }
          if let place = job.place { record["batch"] = place.jsonObject }
          return record
        }, force: true)
      let (kept, running) = state.progress()
      return Self.interruptMessage(kept: kept, running: running)
    }
    defer { interrupt.cancel() }
    DispatchQueue.concurrentPerform(iterations: concurrent) { _ in
      while let index = state.next() {
        let job = jobs[index]
        let name = InputOptions.name(of: job.input)
        var record: [String: Any] = ["input": job.input, "output": job.output]
        if let label = job.label { record["label"] = label }
        if let place = job.place { record["batch"] = place.jsonObject }
        if o.skipExisting && artefactsExist(job, o) {
          record["status"] = "skipped"
          if var carried = reportFile?.carriedRecord(input: job.input, output: job.output) {
            // The earlier run's record of the file, so that the totals still count it.
            carried["resumed"] = true
            if let place = job.place { carried["batch"] = place.jsonObject }
            record = carried
          }
          reporter.event("file-skipped", [("file", .text(name)), ("output", .text(job.output))] + job.position.fields)
          state.finish(index, record: record, failure: nil, skipped: true)
          reportFile?.write(state.results().records, force: false)
          continue
        }
        if batchLine == nil { reporter.line("[\(index + 1)/\(jobs.count)] \(job.label ?? job.input)") }
        let started = Date()
        var failure: String? = nil
        do {
          let context = ExportContext(
            batchProgress: batchLine, progressBar: concurrent == 1, handlesInterrupts: false, jobs: perFile,
            createsFolders: true, filesAtOnce: concurrent)
          let outcome = try exportOne(job, o, context: context, reporter: reporter)
          record["diagnostics"] = outcome.diagnostics.map(\.description)
          record["frames"] = outcome.result.frames
          record["duration"] = outcome.result.duration
          record["bytes"] = outcome.result.bytes
          record["codec"] = outcome.codec
          failure = outcome.failure
          if failure == nil { record["status"] = "done" }
        } catch {
          failure = "\(error)"
        }
        if let failure {
          record["status"] = "failed"
          record["reason"] = failure
          // A data row's error names its row: every row reads the same file.
          reporter.fileFailed(
            job.label.map { "\($0): \(failure)" } ?? failure, file: name, output: job.output, position: job.position)
        }
        record["seconds"] = Date().timeIntervalSince(started)
        MemoryGuard.trimHeap()
        batchLine?.finish(index)
        state.finish(index, record: record, failure: failure, skipped: false)
        reportFile?.write(state.results().records, force: false)
      }
    }
    StatusLine.shared.clear()
    let (records, failures, done, skipped) = state.results()
    let reportFailure = reportFile?.write(records, force: true)
    reporter.done(
      count: jobs.count, done: done, failed: failures.count, skipped: skipped, seconds: Date().timeIntervalSince(start))
    // The summary: results on stdout (not with -q, which leaves the "Error:" lines on stderr).
    if !reporter.isQuiet {
      Console.output("\(label): \(done) done, \(failures.count) failed, \(skipped) skipped (of \(jobs.count))")
      for (input, reason) in failures { Console.output("failed: \(FileMessage.naming(input, reason))") }
    }
    if let reportFailure, let report = o.report {
      throw ExportFailure(description: "\(report): cannot write the report: \(reportFailure)")
    }
    return failures.isEmpty ? 0 : 1
  }

  /// What a signal leaves of a batch: "interrupted; 2 finished outputs kept, the one in progress removed".
  static func interruptMessage(kept: Int, running: Int) -> String {
    let finished =
      kept == 0 ? "no finished output" : "\(kept) finished output\(kept == 1 ? "" : "s") kept"
    let removed =
      running == 0 ? "" : running == 1 ? ", the one in progress removed" : ", the \(running) in progress removed"
    return "interrupted; \(finished)\(removed)"
  }

  /// Where a batch writes the animation `stem` (a path relative to the output folder, without extension):
  /// `stem.mp4`, ..., or for a PNG sequence a folder of its own, `stem/name_00000.png` and on (a `%` in the
  /// name is written `%%`, the pattern's literal percent sign).
  static func outputName(_ stem: String, format: OutputFormat) -> String {
    switch format {
    case .pngSequence:
      let name = PathName.fileName(of: stem).replacingOccurrences(of: "%", with: "%%")
      return stem + "/" + name + "_%05d.png"
    case .rawvideo: return stem + ".rgba"
    default: return stem + "." + (format.fileExtension ?? format.rawValue)
    }
  }

  /// Whether everything `job` writes is there already (`--skip-existing`): the video, or a PNG sequence's
  /// first frame, and the poster when one is asked for. A batch whose posters failed exports those files again.
  static func artefactsExist(_ job: ExportJob, _ o: ExportCommandOptions) -> Bool {
    let output = numberedOutput(job.output, o)
    let isSequence = (o.format ?? OutputFormat.from(path: output)) == .pngSequence
    let video = isSequence ? PathName.sequenceFrame(output, 0) : output
    let manager = FileManager.default
    return manager.fileExists(atPath: video) && (job.poster ?? o.poster).map { manager.fileExists(atPath: $0) } ?? true
  }

  /// Animation files under `folder` (relative paths, sorted), descending into sub-folders when `recursive`.
  static func animations(in folder: String, recursive: Bool) -> [String] {
    let manager = FileManager.default
    var result: [String] = []
    if recursive {
      guard let walker = manager.enumerator(atPath: folder) else { return [] }
      while let relative = walker.nextObject() as? String {
        if animationExtensions.contains(PathName.fileExtension(of: relative)) { result.append(relative) }
      }
    } else {
      for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] {
        var isDirectory: ObjCBool = false
        if animationExtensions.contains(PathName.fileExtension(of: name)),
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
///
/// `@unchecked Sendable`: every mutable property is read and written only with `lock` held.
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

  /// Outputs finished or skipped as existing (both kept), and files started but not finished.
  func progress() -> (kept: Int, running: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (done + skipped, nextIndex - done - skipped - failures.count)
  }

  /// The records of the files finished, and for each file started but not finished the record `interrupted`
  /// makes, in batch order.
  func recordsOnInterrupt(_ interrupted: (Int) -> [String: Any]) -> [[String: Any]] {
    lock.lock()
    defer { lock.unlock() }
    return (0..<nextIndex).map { records[$0] ?? interrupted($0) }
  }

  func results() -> (records: [[String: Any]], failures: [(String, String)], done: Int, skipped: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (
      records.compactMap { $0 }, failures.sorted { $0.index < $1.index }.map { ($0.input, $0.reason) }, done, skipped
    )
  }
}
