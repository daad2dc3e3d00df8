import CairoRendering
import Foundation
import Lottie
import Pipeline
import TextLayout
import VideoEncoding

/// `snapshot`: one frame to a straight-alpha PNG.
struct SnapshotCommand {
  var input: String
  var output: String
  var frame: Double
  var inputOptions: InputOptions
  var size: SizeOptions
  var quiet: Bool

  static let spec = CommandSpec(
    name: "snapshot", summary: "Render one frame to a straight-alpha RGBA PNG.",
    discussion: "The frame is a composition frame as in the JSON's ip/op (fractional allowed); a frame outside the "
      + "animation is an error. Transparent unless --background is given.",
    arguments: [.input()], required: ["--frame", "-o"],
    groups: [
      .output, OptionGroup(OptionTable.frame.spec), .templating, .canvas, .placement, .input,
      OptionGroup(OptionTable.quiet.spec),
    ],
    helpFor: ["--output": ("The PNG to write (straight alpha).", "required")]
  ) { p in try SnapshotCommand(p).run() }

  init(_ p: ParsedArguments) throws(UsageError) {
    input = try CommandArguments.oneInput(p)
    guard let output = p[OptionTable.output] else {
      throw UsageError(message: "Missing expected option '-o <output.png>'", command: p.command)
    }
    guard let frame = p[OptionTable.frame] else {
      throw UsageError(message: "Missing expected option '--frame <frame>'", command: p.command)
    }
    guard PathName.fileExtension(of: output) == "png" else {
      throw UsageError(message: "The output '\(output)' must end in .png", command: p.command)
    }
    self.output = output
    self.frame = frame
    quiet = p[OptionTable.quiet]
    inputOptions = InputOptions(p)
    size = SizeOptions(p)
    try size.validate(command: p.command)
  }

  func run() throws -> Int32 {
    // Ctrl-C, SIGTERM, SIGHUP and SIGQUIT delete the partial PNG and exit 128 + the signal, as an export does,
    // also while the frame renders.
    let interrupt = InterruptHandler.install()
    defer { interrupt.cancel() }
    let loaded = try inputOptions.loadWithImages(input)
    RenderingMessages.diagnostics(loaded, input: input, quiet: quiet)
    // The frame equal to op is where a player stops (progress 1): it shows the last frame, and so do we.
    var asked = self.frame
    let (ip, op) = (loaded.animation.inPoint, loaded.animation.outPoint)
    if abs(asked - op) < 1e-3 {
      asked = max(ip, op - 1)
      if !quiet {
        Console.error(
          "note: frame \(InfoReport.fmt(op)) is op, the end of the animation (excluded); drawing its last frame "
            + "\(InfoReport.fmt(asked)), as players show at progress 1")
      }
    }
    let frame = try TimingOptions.checkFrame(asked, animation: loaded.animation, what: "frame", command: "snapshot")
    let (w, h) = try size.outputSize(animation: loaded.animation, command: "snapshot")
    var settings = size.renderSettings(width: w, height: h, jobs: 1, images: loaded.images, fonts: loaded.fonts)
    settings.workLimits = inputOptions.load.workLimits(for: input)
    let animation = try size.fittingText(loaded.animation, settings: settings, input: input, quiet: quiet)
    try Exporter.snapshot(animation: animation, frame: frame, settings: settings, to: output)
    if !quiet { Console.output("\(output): frame \(InfoReport.fmt(frame)), \(w)x\(h)") }
    return 0
  }
}

/// `render`: every frame without encoding, for timing.
struct RenderCommand {
  var input: String
  var inputOptions: InputOptions
  var size: SizeOptions
  var timing: TimingOptions
  var presetName: String?
  var given: Set<String>
  var jobs: Int
  var maxFrames: Int?

  static let spec = CommandSpec(
    name: "render", summary: "Render every frame without encoding and print 'frames=N seconds=S fps=F' (for timing).",
    arguments: [.input()], groups: [.playback, .segment, .templating, .canvas, .placement, .input]
  ) { p in try RenderCommand(p).run() }

  init(_ arguments: ParsedArguments) throws {
    presetName = arguments[OptionTable.preset]
    // The preset's size and timing lie under the command line's (its encoder settings mean nothing here).
    let p = try presetName.map { arguments.layering(try Preset.resolve($0, command: "render")) } ?? arguments
    input = try CommandArguments.oneInput(p)
    inputOptions = InputOptions(p)
    size = SizeOptions(p)
    timing = TimingOptions(p)
    given = p.given
    jobs = p[OptionTable.jobs] ?? RenderSettings.defaultJobs
    maxFrames = p[OptionTable.maxFrames]
    if p[OptionTable.progress] == .json {
      throw UsageError(message: "render reports no progress; --progress json is for exports", command: p.command)
    }
    try size.validate(command: p.command)
    try timing.validate(p, command: p.command)
  }

  func run() throws -> Int32 {
    let loaded = try inputOptions.loadWithImages(input)
    let (w, h) = try size.outputSize(animation: loaded.animation, command: "render")
    let timeline = try timing.timeline(
      animation: loaded.animation, command: "render", frameLimit: inputOptions.load.limits.maxFrames)
    var settings = size.renderSettings(width: w, height: h, jobs: jobs, images: loaded.images, fonts: loaded.fonts)
    settings.workLimits = inputOptions.load.workLimits(for: input)
    let (frames, seconds) = try Exporter.renderOnly(
      animation: try size.fittingText(loaded.animation, settings: settings, input: input, quiet: true),
      settings: settings, fps: timing.frameRate(animation: loaded.animation),
      maxFrames: maxFrames, timeline: timeline)
    Console.output(
      String(format: "frames=%d seconds=%.3f fps=%.1f", frames, seconds, Double(frames) / max(seconds, 1e-9)))
    return 0
  }
}

/// `sheet`: a contact sheet of labelled frames.
struct SheetCommand {
  var input: String
  var output: String
  var count: Int
  var columns: Int
  var cellWidth: Int
  var background: ColorParser.Parsed?
  var inputOptions: InputOptions
  var timing: TimingOptions
  var quiet: Bool

  static let spec = CommandSpec(
    name: "sheet", summary: "Draw a contact sheet of labelled frames for review.",
    discussion: "--count frames spread over the animation or --frames, in --columns columns of --width-pixel cells, "
      + "each labelled with its frame number; transparency shows as a checkerboard unless --background is given.",
    arguments: [.input()], required: ["-o"],
    groups: [
      .output, .segment, .templating, .canvas, OptionGroup(OptionTable.count.spec, OptionTable.columns.spec), .input,
      OptionGroup(OptionTable.quiet.spec),
    ],
    helpFor: [
      "--output": ("The contact sheet PNG to write.", "required"),
      "--frames": ("Spread the sheet's frames over a through b, both included.", "ip through op-1"),
      "--width": ("Width of each cell in pixels.", "256"),
      "--background": ("The cells' background; transparency shows as a checkerboard without it.", "checkerboard"),
    ]
  ) { p in try SheetCommand(p).run() }

  init(_ p: ParsedArguments) throws(UsageError) {
    input = try CommandArguments.oneInput(p)
    guard let output = p[OptionTable.output] else {
      throw UsageError(message: "Missing expected option '-o <sheet.png>'", command: p.command)
    }
    guard PathName.fileExtension(of: output) == "png" else {
      throw UsageError(message: "The output '\(output)' must end in .png", command: p.command)
    }
    self.output = output
    count = p[OptionTable.count] ?? 12
    columns = p[OptionTable.columns] ?? 4
    cellWidth = p[OptionTable.width] ?? 256
    background = p[OptionTable.background]
    inputOptions = InputOptions(p)
    timing = TimingOptions(p)
    quiet = p[OptionTable.quiet]
  }

  func run() throws -> Int32 {
    let interrupt = InterruptHandler.install()
    defer { interrupt.cancel() }
    let loaded = try inputOptions.loadWithImages(input)
    RenderingMessages.diagnostics(loaded, input: input, quiet: quiet)
    let animation = loaded.animation
    let timeline = try timing.timeline(animation: animation, command: "sheet")
    let first = timeline.start, last = max(timeline.start, timeline.end - 1)
    let frames = (0..<count).map { i in
      count == 1 ? first : (first + (last - first) * Double(i) / Double(count - 1)).rounded()
    }
    let cellHeight = (Double(cellWidth) * animation.height / animation.width).roundedClampedInt(1...16384)
    var color: RGBA? = nil
    if case .color(let c) = background { color = c }
    // Written as a locked `.name.partial-PID.png` and renamed at the end, as `snapshot` writes: a sheet that
    // fails (a frame over a work limit, a full disk) leaves nothing behind.
    let temporary = try PartialFile(outputPath: output)
    do {
      try ContactSheet.write(
        animation: animation, images: loaded.images, fonts: loaded.fonts, frames: frames, cellWidth: cellWidth,
        cellHeight: cellHeight,
        columns: columns, background: color, limits: inputOptions.load.workLimits(for: input), to: temporary.path)
    } catch RenderError.io(_, let message) {
      throw RenderError.io(path: output, message: message)  // the file asked for, not the temporary one
    }
    try temporary.commit { reason in RenderError.io(path: output, message: reason) }
    if !quiet {
      Console.output(
        "\(output): \(frames.count) frame\(frames.count == 1 ? "" : "s") in cells of \(cellWidth)x\(cellHeight)")
    }
    return 0
  }
}

/// What `snapshot` and `sheet` say besides their picture.
enum RenderingMessages {
  /// The input's warnings (a missing font or image, characters no font has) on stderr, as an export gives
  /// them, unless `quiet`.
  static func diagnostics(_ loaded: InputOptions.Loaded, input: String, quiet: Bool) {
    let reporter = Reporter(json: false, quiet: quiet)
    for d in loaded.diagnostics where d.severity >= .warning {
      reporter.diagnostic(d, file: InputOptions.name(of: input))
    }
  }
}

extension SizeOptions {
  /// The animation as `--text-fit` draws it with `settings`: with `shrink`, its text fitted (what that found
  /// said on stderr unless `quiet`); otherwise as it is (`check` and the export warn of text that does not fit).
  func fittingText(_ animation: Animation, settings: RenderSettings, input: String, quiet: Bool) throws -> Animation {
    guard textFit == .shrink else { return animation }
    let fit = try TextFit.apply(textFit, to: animation, settings: settings, file: InputOptions.name(of: input))
    let reporter = Reporter(json: false, quiet: quiet)
    for d in fit.diagnostics {
      if d.severity >= .warning {
        reporter.diagnostic(d, file: InputOptions.name(of: input))
      } else if !quiet {
        Console.error("\(InputOptions.name(of: input)): \(d.path): note: \(d.message)")
      }
    }
    return fit.animation
  }
}

/// Argument checks the commands share.
enum CommandArguments {
  /// The one input a command takes.
  static func oneInput(_ p: ParsedArguments) throws(UsageError) -> String {
    guard let input = p.positionals.first else {
      throw UsageError(message: "Missing expected argument '<input>'", command: p.command)
    }
    if p.positionals.count > 1 {
      throw UsageError(message: "Unexpected argument '\(p.positionals[1])'", command: p.command)
    }
    return input
  }
}
