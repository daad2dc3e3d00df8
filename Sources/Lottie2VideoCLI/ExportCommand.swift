import Foundation
import Pipeline
import VideoEncoding

/// The export, the default command: `lottie2video <input> -o <output>`, a batch, or a --data run.
enum ExportCommand {
  static let spec = CommandSpec(
    name: "export",
    summary: "Render an animation to a video, a GIF, WebP, APNG or PNG frames (the default: no name to type).",
    discussion:
      "With several inputs or a folder, a batch: one output per animation in the -o folder (mirroring sub-folders "
      + "with --recursive), several at once within --jobs, going on past failures, with a summary and exit 1 when "
      + "any failed. With --data, one export per row of a CSV or JSON table.",
    arguments: [.input(repeatable: true, batch: true)], required: ["-o"],
    otherForms: [
      "lottie2video <folder|input ...> -o <folder> [--recursive] [--skip-existing] [options]",
      "lottie2video <input> --data <rows.csv> -o 'out/{column}.mp4' [options]",
    ],
    groups: [
      .output, .playback, .segment, .templating, .canvas, .placement, .encoding, .sound, .batch, .input,
      OptionGroup(
        OptionTable.json.spec, OptionTable.dryRun.spec, OptionTable.strict.spec, OptionTable.quiet.spec,
        OptionTable.version.spec),
    ],
    helpFor: ["--json": ("With --dry-run: the plan as a JSON document on stdout.", "text")],
    run: run)

  static func run(_ p: ParsedArguments) throws -> Int32 {
    if p[OptionTable.version] {
      Console.output(Help.version)
      return 0
    }
    let o = try ExportCommandOptions(p)
    let reporter = Reporter(json: o.json, quiet: o.quiet)
    // FFmpeg's own log lines (a resampler refusing a sound's layout) are the reporter's notes: `warning` events
    // in JSON mode (stderr carries nothing else), "note: ..." lines in text mode, nothing with -q.
    FFmpegLog.route { _, line in reporter.note("FFmpeg: " + line, file: nil, once: "FFmpeg: " + line) }
    switch o.mode {
    case .single: return try single(o, reporter: reporter)
    case .batch: return try batch(o, reporter: reporter)
    case .data(let path): return try dataRun(o, table: path, reporter: reporter)
    }
  }

  /// One export. Its failure is the run's: thrown to ``CommandLineTool`` (exit 1, or 64 for a usage error),
  /// after the `file-failed` and `done` events in JSON mode.
  static func single(_ o: ExportCommandOptions, reporter: Reporter) throws -> Int32 {
    let start = Date()
    let job = ExportJob(input: o.inputs[0], output: o.output ?? "")
    if o.dryRun { return try dryRun([job], o) }
    let name = InputOptions.name(of: job.input)
    do {
      let outcome = try exportOne(job, o, context: ExportContext(jobs: o.jobs), reporter: reporter)
      if let failure = outcome.failure {
        reporter.fileFailed(failure, file: name, output: job.output, position: job.position)
      }
      let failed = outcome.failure == nil ? 0 : 1
      reporter.done(count: 1, done: 1 - failed, failed: failed, skipped: 0, seconds: Date().timeIntervalSince(start))
      return Int32(failed)
    } catch let error as UsageError {
      throw error
    } catch {
      guard reporter.isJSON else { throw error }
      reporter.fileFailed("\(error)", file: name, output: job.output, position: job.position)
      reporter.done(count: 1, done: 0, failed: 1, skipped: 0, seconds: Date().timeIntervalSince(start))
      throw ReportedFailure(status: 1)
    }
  }
}

extension ExportCommand {
  /// `--dry-run`: plans each job and prints the plans (text, or one JSON document: an object for one export,
  /// an array for a batch or data run); writes nothing. A plan that fails fails as the export would: one
  /// export stops with its error; in a batch or data run, as the export goes on with the other files, the
  /// others are planned and the failure is printed naming its file or row, and the run exits 1.
  static func dryRun(_ jobs: [ExportJob], _ o: ExportCommandOptions, single: Bool = true) throws -> Int32 {
    var documents: [ExportPlan.Document] = []
    var texts: [String] = []
    var failed = false
    var strictFailure: StrictFailure?
    // A batch's files share --jobs and --limit memory as the export shares them (see `run`).
    let concurrent = single ? 1 : max(1, min(o.jobs, jobs.count))
    let context = ExportContext(jobs: max(1, o.jobs / concurrent), createsFolders: !single, filesAtOnce: concurrent)
    for job in jobs {
      do {
        let plan = try plan(job, o, context: context)
        // What the export checks before rendering: the encoder's settings and size, then the memory.
        _ = try Exporter.encoderSettings(for: plan.options).validate(
          outputPath: plan.output, format: plan.options.resolvedFormat)
        do {
          try plan.memory.check(limit: plan.options.memoryLimit)
        } catch {
          throw ExportFailure.wrap(
            error, output: plan.output, filesAtOnce: o.input.load.memoryLimitIsGiven ? concurrent : 1)
        }
        documents.append(plan.document)
        texts.append(plan.text)
        // --strict fails the plan as it would fail the export, on the input's warnings; the plan is still shown.
        if o.strict && !plan.warnings.isEmpty {
          let count = plan.warnings.count
          let failure = StrictFailure(
            description:
              "\(plan.name): --strict: \(count) warning\(count == 1 ? "" : "s") (in the plan); an export would write nothing"
          )
          if single {
            strictFailure = failure
          } else {
            failed = true
            Console.error("Error: " + (job.label.map { "\($0): \(failure)" } ?? "\(failure)"))
          }
        }
      } catch {
        if single { throw error }
        failed = true
        Console.error("Error: " + (job.label.map { "\($0): \(error)" } ?? "\(error)"))
      }
    }
    if o.printsPlanAsJSON {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data = single && documents.count == 1 ? try encoder.encode(documents[0]) : try encoder.encode(documents)
      Console.output(String(decoding: data, as: UTF8.self))
    } else {
      Console.output(texts.joined(separator: "\n\n"))
    }
    if let strictFailure { throw strictFailure }
    return failed ? 1 : 0
  }
}

/// A failure already reported (as events); the run exits with `status` and prints nothing more.
struct ReportedFailure: Error {
  let status: Int32
}
