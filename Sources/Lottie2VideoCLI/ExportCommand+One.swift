import Foundation
import Lottie
import LottieScene
import Pipeline
import VideoEncoding

/// One export of a run: an input, its output, and what a batch or data row adds.
struct ExportJob: Sendable {
  var input: String
  var output: String
  /// The poster to write, already filled in from a template.
  var poster: String?
  /// A data row's --set, --slot and --image values, applied after the command line's.
  var values = TemplateValues()
  /// How the summary names it: the input, or a data row.
  var label: String?
  /// Where it stands in the run.
  var position = BatchPosition()
  /// Where a folder batch's file stands in the whole batch, all shards together (its report's "batch").
  var place: BatchReport.Position? = nil
}

/// How an export runs inside a batch.
struct ExportContext {
  /// A batch's shared progress line, fed instead of this export's own bar.
  var batchProgress: BatchProgress? = nil
  /// Whether to draw a progress bar (off when several files export at once).
  var progressBar = true
  /// Whether this export installs the Ctrl-C handler (a batch installs one for all).
  var handlesInterrupts = true
  /// Render workers for this file (a batch divides --jobs between the files running at once).
  var jobs: Int
  /// Whether to create the output's folder (a batch mirrors folders; PNG sequences always get theirs).
  var createsFolders = false
  /// How many files export at once: each plan is checked against that share of `--limit memory`, and
  /// the frames of every one against the whole (``ExportOptions/residentLimit``).
  var filesAtOnce = 1
}

/// What one export did.
struct ExportOutcome {
  var result: ExportResult
  var diagnostics: [Diagnostic]
  /// Why the export counts as failed although a file was written (a size budget it could not meet).
  var failure: String?
  /// The codec it wrote (`h264`), which the batch report records so that `merge-reports` can tell shards of
  /// another codec.
  var codec: String
}

/// `--strict` found warnings: nothing was written.
struct StrictFailure: Error, CustomStringConvertible {
  let description: String
}

extension ExportCommand {
  /// Runs one export: its plan (``plan(_:_:context:)``), then the plan carried out (``run(_:_:context:reporter:)``).
  static func exportOne(_ job: ExportJob, _ o: ExportCommandOptions, context: ExportContext, reporter: Reporter) throws
    -> ExportOutcome
  {
    try run(try plan(job, o, context: context), o, context: context, reporter: reporter)
  }

  /// Decides and checks everything about one export without writing anything: the output, its format and
  /// codec (never over an input), the animation loaded with its images, the size, timeline and rate, the
  /// library's options, the notes, the size budget and the memory estimate. Throws what the export would
  /// throw before rendering.
  static func plan(_ job: ExportJob, _ o: ExportCommandOptions, context: ExportContext) throws -> ExportPlan {
    let name = InputOptions.name(of: job.input)
    // Notes, each with a key: a batch says each one once.
    var notes: [(message: String, key: String?)] = []
    // 1. The output: its format, the codec, what standard output can take; never over an input.
    let output = numberedOutput(job.output, o)
    let ext = PathName.fileExtension(of: output)
    let toStandardOutput = output == OutputFormat.standardOutputPath
    if output != job.output {
      notes.append(
        (
          "writing a PNG sequence \(output) (use a %05d pattern to choose the names, or 'snapshot' for one frame)",
          output
        ))
    }
    if let preset = o.preset, let presetFormat = preset.format?.optionName, presetFormat != ext, !toStandardOutput {
      throw UsageError(
        message: "The preset '\(preset.name)' makes .\(presetFormat) files; the output '\(output)' ends in .\(ext)",
        command: nil)
    }
    let format = try outputFormat(output, o)
    if let codec = o.encoding.codec, !format.codecs.contains(codec) {
      throw UsageError(
        message:
          "The codec '\(codec.rawValue)' cannot go in a .\(format.optionName) file; use \(format.codecs.map(\.rawValue).joined(separator: ", "))",
        command: nil)
    }
    let codec = o.encoding.codec ?? format.defaultCodec(alpha: o.size.backgroundColor.map { $0.a < 1 } ?? true)
    if let crf = o.encoding.crf, crf > 51, codec == .h264 || codec == .h265 {
      throw UsageError(
        message:
          "The value '\(crf)' is invalid for '--crf <n>': \(codec.rawValue) takes 0 to 51 (VP9 and AV1 take 0 to 63)",
        command: nil)
    }
    let poster = job.poster ?? o.poster
    try OutputPaths.check(
      output: toStandardOutput ? nil : output, isSequence: format == .pngSequence, poster: poster,
      inputs: o.protectedInputs(job))
    // 2. The animation, its size, timeline and rate.
    var loaded = try o.input.loadWithImages(job.input, extra: job.values)
    // What `check` says of the expressions that do not give their value (failed, fell back, not reached): said
    // with the input's warnings, so --strict fails on them as `check --strict` does (issue 41).
    if !loaded.animation.expressions.isEmpty {
      loaded.diagnostics += ExpressionReport.diagnostics(
        loaded.animation, file: name, limits: o.input.load.workLimits(for: job.input)
      ).filter { $0.severity == .warning }
    }
    let animation = loaded.animation
    let (w, h) = try o.size.outputSize(animation: animation, command: "export")
    let timeline = try o.timing.timeline(
      animation: animation, command: "export", frameLimit: o.input.load.limits.maxFrames)
    var fps = o.timing.frameRate(animation: animation)
    if format == .gif {
      // GIF frame delays are whole centiseconds: use the nearest rate that keeps every delay exact.
      let snapped = EncoderSettings.gifFrameRate(for: fps)
      if abs(snapped - fps) > 1e-9 {
        notes.append(
          (String(format: "GIF delays are whole centiseconds; %g fps becomes %.4g fps", fps, snapped), "gif \(fps)"))
      }
      fps = snapped
    }
    var posterFrame = o.posterFrame
    if case .frame(let frame) = posterFrame, poster != nil {
      posterFrame = .frame(
        try TimingOptions.checkFrame(frame, animation: animation, what: "poster frame", command: "export"))
    }
    var render = o.size.renderSettings(
      width: w, height: h, jobs: context.jobs, images: loaded.images, fonts: loaded.fonts)
    render.workLimits = o.input.load.workLimits(for: job.input)
    // Text that runs out of its box or off the frame: a warning, and with --text-fit shrink drawn smaller (what
    // the video, the poster and the thumbnails below draw). A data row's own text: the row is named.
    let fit = try TextFit.apply(
      o.size.textFit, to: animation, settings: render, file: name,
      context: job.label.flatMap { $0.hasPrefix("row ") ? $0 : nil })
    loaded.loaded.animation = fit.animation
    loaded.diagnostics += fit.diagnostics.filter { $0.severity >= .warning }
    for d in fit.diagnostics where d.severity < .warning { notes.append(("\(d.path): \(d.message)", nil)) }
    var options = ExportOptions(outputPath: output, render: render, fps: fps, maxFrames: o.maxFrames)
    options.timeline = timeline
    options.format = o.format ?? (toStandardOutput ? format : nil)
    // A --limit memory given holds the process while it renders, and a batch's files at once share it (the
    // process's base counted once); the default only refuses absurd plans.
    options.memoryLimit = o.input.load.memoryLimit
    if o.input.load.memoryLimitIsGiven, let limit = o.input.load.memoryLimit {
      options.memoryLimit = MemoryEstimate.share(of: limit, files: context.filesAtOnce)
      options.residentLimit = limit
    }
    options.encoding = o.encoding.choice
    o.sound.configure(
      &options, loaded: loaded.loaded, assets: o.input.assets, allowsExternalPaths: o.input.allowsExternalPaths)
    if o.sound.wantsSound(animation) && !format.supportsAudio {
      // Said once per batch, here rather than by the library, which would say it for every file.
      let what = o.sound.soundtrack != nil ? "the --audio soundtrack" : "the animation's audio layers"
      notes.append(
        (
          "\(format.optionName.uppercased()) has no sound: \(what) left out (MP4, M4V, MOV and WebM carry sound)",
          "no sound \(format) \(what)"
        ))
      options.audio.soundtrack = nil
      options.audio.includesAnimationAudio = false
    }
    let total = try timeline.schedule(fps: fps, maxFrames: o.maxFrames).count
    // A single video's folder is not created (a typo there should not make a folder): once the options are
    // known to be right, and before anything is rendered, say which folder is missing rather than naming the
    // temporary file the encoder could not open.
    let outputFolder = PathName.folder(of: output)
    if !toStandardOutput && format != .pngSequence && !context.createsFolders && !outputFolder.isEmpty
      && !FileManager.default.fileExists(atPath: outputFolder)
    {
      throw VideoEncodingError.io(
        path: output,
        message: "the folder '\(outputFolder)' does not exist (a video's folder is not created; make it first)")
    }
    // Said after the input's diagnostics, once --strict has had its say.
    // Only where there is transparency to lose: not over an opaque --background, nor for an animation whose
    // sampled frames cover the canvas.
    // Not looked for (its thumbnails rendered) when --strict is to refuse the export for its warnings.
    let background = o.size.backgroundColor
    let refused = o.strict && loaded.diagnostics.contains { $0.severity >= .warning }
    if (background?.a ?? 0) < 1, !refused, let note = alphaNote(format: format, codec: codec),
      try background != nil
        || PosterFrame.showsTransparency(
          animation: loaded.animation, schedule: try timeline.schedule(fps: fps, maxFrames: o.maxFrames),
          settings: render)
    {
      notes.append((note, "alpha \(format) \(codec)"))
    }
    for note in ignoredOptionNotes(given: o.given, format: format, codec: codec) { notes.append((note, note)) }
    if o.maxBytes != nil && toStandardOutput {
      notes.append(
        ("the preset's size budget is not checked on standard output (a pipe cannot be encoded again)", "budget"))
    }
    var budget: (budget: SizeBudget, preset: String)?
    if let maxBytes = o.maxBytes, let preset = o.preset, !toStandardOutput {
      budget = (
        SizeBudget(
          maxBytes: maxBytes, minFPS: preset[OptionTable.minFps] ?? 8, minScale: preset[OptionTable.minScale] ?? 0.5),
        preset.name
      )
    }
    return ExportPlan(
      job: job, name: name, output: output, format: format, codec: codec, toStandardOutput: toStandardOutput,
      poster: poster, posterFrame: posterFrame, loaded: loaded, options: options, frames: total, notes: notes,
      budget: budget, memory: Exporter.memoryEstimate(for: options))
  }

  /// Carries out `plan`: the start event, the input's diagnostics and `--strict`, the notes, then the video
  /// (within the size budget when there is one) and the poster, and the summary or `file-done` event.
  static func run(_ plan: ExportPlan, _ o: ExportCommandOptions, context: ExportContext, reporter: Reporter) throws
    -> ExportOutcome
  {
    let job = plan.job
    let name = plan.name
    let output = plan.output
    let format = plan.format
    let codec = plan.codec
    let toStandardOutput = plan.toStandardOutput
    let poster = plan.poster
    let posterFrame = plan.posterFrame
    let loaded = plan.loaded
    let animation = plan.animation
    let options = plan.options
    let (w, h, fps, total) = (plan.width, plan.height, options.fps, plan.frames)
    // 3. Start: the event, then the input's diagnostics and our notes.
    reporter.event(
      "start",
      [("file", .text(name)), ("output", .text(output))] + job.position.fields + [
        ("frames", .int(total)), ("fps", .number(fps, digits: 4)), ("width", .int(w)), ("height", .int(h)),
        ("format", .text(format.optionName)), ("codec", .text(codec.rawValue)),
      ])
    // Expressions' warnings are listed five at a time (a rig has hundreds): the rest are counted, and `check`
    // lists them; the report and --strict have them all.
    var expressionWarnings = 0
    for d in loaded.diagnostics where d.severity >= .warning {
      if d.path.description.hasSuffix(".x") {
        expressionWarnings += 1
        if expressionWarnings > 5 { continue }
      }
      reporter.diagnostic(d, file: name)
    }
    if expressionWarnings > 5 {
      reporter.diagnostic(
        Diagnostic(
          severity: .warning, file: name, path: .root,
          message:
            "\(expressionWarnings - 5) more expressions did not give their value (`lottie2video check` lists each)"),
        file: name)
    }
    let warnings = loaded.diagnostics.filter { $0.severity >= .warning }.count
    if o.strict && warnings > 0 {
      throw StrictFailure(
        description:
          "\(name): --strict: \(warnings) warning\(warnings == 1 ? "" : "s") (\(strictWhere(loaded.diagnostics.filter { $0.severity >= .warning }, reporter))); nothing written"
      )
    }
    for note in plan.notes { reporter.note(note.message, file: name, once: note.key) }
    // 4. Render and encode, into a new folder for a PNG sequence (removed again if the export fails).
    let folder = PathName.folder(of: output)
    let created = (format == .pngSequence || context.createsFolders) && !toStandardOutput ? try makeFolder(folder) : nil
    // A batch leaves the folders it made: another file of the batch may be writing into them.
    let createdFolder = context.createsFolders ? nil : created
    // The poster's folder, made and checked before anything is rendered: a poster that cannot be written
    // fails the export at once, not after the video.
    let createdPosterFolder = try poster.map { try posterFolder(for: $0) } ?? nil
    let removeCreatedFolders = {
      if let createdFolder { try? FileManager.default.removeItem(atPath: createdFolder) }
      if !context.createsFolders, let createdPosterFolder {
        try? FileManager.default.removeItem(atPath: createdPosterFolder)
      }
    }
    let interrupt = context.handlesInterrupts ? InterruptHandler.install(json: reporter.isJSON) : nil
    defer { interrupt?.cancel() }
    let progress = ProgressLine(
      label: PathName.fileName(of: name), file: name, reporter: reporter, position: job.position,
      bar: context.progressBar)
    let batchProgress = reporter.isJSON ? nil : context.batchProgress
    let index = job.position.index - 1
    let report: @Sendable (ProgressReport) -> Void = { report in
      if let batchProgress { batchProgress.update(index, report) } else { progress.update(report) }
    }
    // What the export says as it goes (a sound it cannot play): shown at once, kept for the report.
    let exportNotes = DiagnosticLog()
    let onDiagnostic: @Sendable (Diagnostic) -> Void = { d in
      exportNotes.append(d)
      progress.finish()
      if d.severity >= .warning { reporter.diagnostic(d, file: name) } else { reporter.note(d.message, file: name) }
    }
    // The poster, composited as the video is, at the video's size (a size budget may have shrunk it). It is
    // written before the video is renamed into place: an output that exists is complete (--skip-existing).
    let writePoster = { (encoded: ExportOptions) throws -> Void in
      guard let poster else { return }
      do {
        try PosterFrame.write(posterFrame, animation: animation, options: encoded, to: poster)
      } catch {
        throw ExportFailure.wrap(error, output: poster)
      }
    }
    var failure: String?
    let result: ExportResult
    var encoded = options
    // How many times the video was encoded (a size budget encodes it again until it fits).
    var encodes = 1
    do {
      if let (budget, preset) = plan.budget {
        // A size budget (telegram-sticker, slack-emoji): encoded again, one change at a time, until it fits.
        let maxBytes = budget.maxBytes
        let outcome = try budget.export(
          animation: animation, options: options, progress: report, diagnostics: onDiagnostic,
          willRetry: { retry in
            progress.finish()
            reporter.note(
              "\(output) is \(retry.bytes) bytes, over the preset '\(preset)' budget of \(maxBytes); encoding again with \(retry.change): \(retry.setting)",
              file: name)
          },
          beforeCommit: { outcome in try writePoster(outcome.options) })
        result = outcome.result
        encoded = outcome.options
        encodes = outcome.attempts + 1
        if !outcome.fits {
          failure =
            "\(output) is still \(result.bytes) bytes at \(outcome.setting), the last step, over the preset '\(preset)' budget of \(maxBytes) bytes; nothing written (try a shorter --duration or a smaller --size)"
        } else if let changes = outcome.changes {
          reporter.note("\(output) fits the \(maxBytes)-byte budget at \(changes)", file: name)
        }
      } else if poster != nil && format != .pngSequence && !toStandardOutput {
        // The video waits under its temporary name until the poster is written.
        let held = try PartialFile(outputPath: output)
        result = try Exporter.export(
          animation: animation, options: options, into: held, progress: report, diagnostics: onDiagnostic)
        progress.finish()
        try writePoster(options)
        try held.commit()
      } else {
        result = try Exporter.export(
          animation: animation, options: options, progress: report, diagnostics: onDiagnostic)
        if poster != nil {
          // Standard output or a PNG sequence: the frames are out already; the poster follows.
          progress.finish()
          try writePoster(options)
        }
      }
      let late = exportNotes.all.filter { $0.severity >= .warning }
      if o.strict && !late.isEmpty {
        // Warnings that only the export finds (a sound it cannot decode): nothing is kept.
        removeOutput(output, format: format, frames: result.frames)
        if let poster { unlink(poster) }
        throw StrictFailure(
          description:
            "\(name): --strict: \(late.count) warning\(late.count == 1 ? "" : "s") while exporting (\(strictWhere(late, reporter))); nothing written"
        )
      }
    } catch {
      progress.finish()
      removeCreatedFolders()
      throw ExportFailure.wrap(
        error, output: output, filesAtOnce: o.input.load.memoryLimitIsGiven ? context.filesAtOnce : 1)
    }
    progress.finish()
    if failure != nil { removeCreatedFolders() }
    // 5. The summary: on stdout (stderr when stdout carries the video), or a file-done event (the caller
    //    reports a failure).
    if failure == nil {
      reporter.event(
        "file-done",
        [("file", .text(name)), ("output", .text(output))] + job.position.fields + [
          ("frames", .int(result.frames)), ("duration", .number(result.duration, digits: 3)),
          ("bytes", toStandardOutput ? .null : .int(result.bytes)), ("seconds", .number(result.seconds, digits: 3)),
          ("sound", .bool(result.hasAudio)),
        ])
    }
    if !reporter.isJSON && !reporter.isQuiet {
      let line = summary(
        output: output, result: result, width: encoded.render.width, height: encoded.render.height,
        toStandardOutput: toStandardOutput, encodes: encodes)
      if toStandardOutput { Console.error(line) } else { Console.output(line) }
    }
    return ExportOutcome(
      result: result, diagnostics: loaded.diagnostics + exportNotes.all, failure: failure, codec: codec.rawValue)
  }

  /// The output's name, with a plain `name.png` numbered `name_%05d.png`: it asks for frames.
  static func numberedOutput(_ output: String, _ o: ExportCommandOptions) -> String {
    guard PathName.fileExtension(of: output) == "png", o.format == nil || o.format == .pngSequence,
      OutputFormat.from(path: output) == nil
    else {
      return output
    }
    return String(output.dropLast(4)) + "_%05d.png"
  }

  /// Deletes what an export wrote (`--strict` found warnings only the export could see).
  static func removeOutput(_ output: String, format: OutputFormat, frames: Int) {
    guard output != OutputFormat.standardOutputPath else { return }
    if format == .pngSequence {
      for index in 0..<frames { unlink(PathName.sequenceFrame(output, index)) }
    } else {
      unlink(output)
    }
  }

  /// The container: --format, else the output's extension; standard output needs a format that streams.
  static func outputFormat(_ output: String, _ o: ExportCommandOptions) throws(UsageError) -> OutputFormat {
    let streaming = OutputFormat.allCases.filter(\.canWriteToStandardOutput).map(\.optionName).joined(separator: ", ")
    if output == OutputFormat.standardOutputPath {
      guard let format = o.format else {
        throw UsageError(
          message:
            "Writing to standard output ('-o -') needs '--format <name>': \(streaming) (mp4, m4v and mov as fragmented MP4)",
          command: nil)
      }
      guard format.canWriteToStandardOutput else {
        throw UsageError(
          message:
            "\(format.optionName) cannot be written to standard output: it seeks back to finish the file; write it to a file with -o, or use --format \(streaming)",
          command: nil)
      }
      return format
    }
    guard let format = o.format ?? OutputFormat.from(path: output) else {
      throw UsageError(
        message:
          "The output '\(output)' has an unsupported extension; use .mp4, .m4v, .mov, .webm, .gif, .webp, .apng, .y4m, or a .png name with a frame number pattern such as frames/f_%05d.png",
        command: nil)
    }
    return format
  }

  /// The encoder options given on the command line that this output does not use (a preset's are not
  /// listed: a preset sets what its format takes).
  static func ignoredOptionNotes(given: Set<String>, format: OutputFormat, codec: VideoCodec) -> [String] {
    let takesCRF =
      [OutputFormat.mp4, .m4v, .mov, .webm].contains(format) && [VideoCodec.h264, .h265, .vp9, .av1].contains(codec)
    let output =
      [OutputFormat.mp4, .m4v, .mov, .webm].contains(format)
      ? "\(codec.rawValue) in .\(format.optionName)" : ".\(format.optionName)"
    var notes: [String] = []
    if given.contains("--crf") && !takesCRF {
      notes.append("--crf sets H.264, H.265, VP9 and AV1 quality; ignored for \(output)")
    }
    for option in ["--quality", "--lossless"] where given.contains(option) && format != .webp {
      notes.append("\(option) is for animated WebP; ignored for \(output)")
    }
    return notes
  }

  /// Where `--strict`'s warnings are to be read: above, in the events, or (under `-q`, which prints no
  /// warning) in the failure itself, the first five and a count.
  static func strictWhere(_ warnings: [Diagnostic], _ reporter: Reporter) -> String {
    if reporter.isJSON { return "in the warning events" }
    if !reporter.isQuiet { return "listed above" }
    let shown = warnings.prefix(5).map { "\($0.path): \($0.message)" }.joined(separator: "; ")
    return shown + (warnings.count > 5 ? "; and \(warnings.count - 5) more (`lottie2video check` lists each)" : "")
  }

  /// Why the frames lose their transparency, when they do and no background was chosen.
  static func alphaNote(format: OutputFormat, codec: VideoCodec) -> String? {
    if !format.supportsAlpha {
      return
        "\(format.optionName.uppercased()) has no alpha channel; composited over white (use --background to choose)"
    }
    guard !codec.supportsAlpha else { return nil }
    let keeping =
      format.codecs.first(where: \.supportsAlpha).map { "--codec \($0.rawValue) to keep the transparency, or " } ?? ""
    let why = codec == .av1 ? " here (libaom in FFmpeg 5.1 takes no alpha plane)" : ""
    let names: [VideoCodec: String] = [.h264: "H.264", .h265: "H.265", .av1: "AV1", .proresHQ: "ProRes 422 HQ"]
    let container = [OutputFormat.webm: "WebM", .mov: "MOV"][format] ?? format.optionName.uppercased()
    return
      "\(names[codec] ?? codec.rawValue) in \(container) has no alpha channel\(why); composited over white (use \(keeping)--background to choose)"
  }

  /// "out.mp4: 90 frames at 30 fps, 3.000 s, 512x512, 51234 bytes, in 1.02 s (88.2 fps)".
  static func summary(
    output: String, result: ExportResult, width: Int, height: Int, toStandardOutput: Bool, encodes: Int = 1
  ) -> String {
    // The video's own size (what players show), and the size asked for when even sides padded it.
    let size =
      result.codedWidth != width || result.codedHeight != height
      ? "\(result.codedWidth)x\(result.codedHeight) (\(width)x\(height) padded to even sides)"
      : "\(width)x\(height)"
    let bytes =
      (toStandardOutput ? "to standard output" : "\(result.bytes) bytes") + (result.hasAudio ? ", with sound" : "")
    // After several encodes the time is theirs together, so a rate per frame would mean nothing.
    let speed =
      encodes > 1
      ? "\(encodes) encodes" : String(format: "%.1f fps", Double(result.frames) / max(result.seconds, 1e-9))
    return String(
      format: "%@: %d frames at %g fps, %.3f s, %@, %@, in %.2f s (%@)", output, result.frames, result.fps,
      result.duration, size, bytes, result.seconds, speed)
  }

  /// Makes the folder of `poster` when missing and checks that it can be written; returns the topmost folder
  /// it created (see ``makeFolder(_:)``).
  static func posterFolder(for poster: String) throws -> String? {
    let folder = PathName.folder(of: poster)
    let created: String?
    do {
      created = try makeFolder(folder)
    } catch {
      throw ExportFailure.wrap(error, output: poster)
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw VideoEncodingError.io(path: poster, message: "cannot write the poster: '\(folder)' is not a folder")
    }
    guard access(folder.isEmpty ? "." : folder, W_OK) == 0 else {
      throw VideoEncodingError.io(
        path: poster,
        message:
          "cannot write the poster: the folder '\(folder.isEmpty ? "." : folder)' is not writable (\(String(cString: strerror(errno))))"
      )
    }
    return created
  }

  /// Creates `folder` and its parents when missing; returns the topmost folder it created (to remove on
  /// failure), or nil when it already existed.
  static func makeFolder(_ folder: String) throws -> String? {
    guard !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) else { return nil }
    var top = folder
    while true {
      let parent = PathName.folder(of: top)
      guard !parent.isEmpty, parent != top, !FileManager.default.fileExists(atPath: parent) else { break }
      top = parent
    }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw VideoEncodingError.io(path: folder, message: "cannot create the folder: \(error.localizedDescription)")
    }
    return top
  }
}
