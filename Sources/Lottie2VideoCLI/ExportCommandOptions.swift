import Foundation
import Lottie
import LottieArchive
import Pipeline
import VideoEncoding

/// The encoder options of an export: the command line's (over a preset's) as the library's
/// ``EncodingChoice``, the value `ExportOptions` and `EncoderSettings` hold too.
struct EncodingOptions: Sendable {
  /// What the options choose.
  var choice = EncodingChoice()
  /// `--crf` (or a preset's crf) as given: x264 and x265 take 0 to 51, VP9 and AV1 0 to 63. A CRF given
  /// applies to VP9 and AV1 too; without one they keep their own defaults (32, 35).
  var crf: Int?
  /// The codec asked for, or nil for the format's.
  var codec: VideoCodec? { choice.codec }

  init(_ p: ParsedArguments) {
    choice.codec = p[OptionTable.codec]
    crf = p[OptionTable.crf]
    if let crf {
      choice.crf = min(crf, 51)
      choice.vp9.crf = crf
      choice.av1.crf = crf
    }
    if let codecPreset = p[OptionTable.codecPreset] { choice.codecPreset = codecPreset }
    choice.bitrate = p[OptionTable.bitrate]
    if let pixelFormat = p[OptionTable.pixelFormat] { choice.pixelFormat = pixelFormat }
    if let quality = p[OptionTable.quality] { choice.webp.quality = quality }
    choice.webp.lossless = p[OptionTable.lossless]
    if let loop = p[OptionTable.loop] {
      choice.gif.loopCount = loop
      // WebP and APNG count plays (0 = forever); --loop counts repeats as GIF does (-1 = play once).
      let plays = loop == 0 ? 0 : (loop < 0 ? 1 : loop + 1)
      choice.webp.loopCount = plays
      choice.apng.plays = plays
    }
    if let dither = p[OptionTable.dither] { choice.gif.dither = dither }
    if let palette = p[OptionTable.gifPalette] { choice.gif.palette = palette }
  }
}

/// The sound of an export: a soundtrack, the animation's own audio layers, the audio bit rate.
struct SoundOptions: Sendable {
  /// `--audio FILE`.
  var soundtrack: String?
  var offset: Double?
  var loops = false
  /// `--no-audio`: the animation's audio layers are left out.
  var dropsAnimationAudio = false
  var bitrate: Int?

  init(_ p: ParsedArguments) {
    if p.has(OptionTable.audio.spec) {
      // A soundtrack on the command line replaces the preset's, with its own offset and loop.
      soundtrack = p.commandLine(OptionTable.audio)
      offset = p.commandLine(OptionTable.audioOffset)
      loops = p.has(OptionTable.audioLoop.spec)
    } else {
      soundtrack = p[OptionTable.audio]
      offset = p[OptionTable.audioOffset]
      loops = p[OptionTable.audioLoop]
    }
    dropsAnimationAudio = p[OptionTable.noAudio]
    bitrate = p[OptionTable.audioBitrate]
  }

  /// `--audio-offset` and `--audio-loop` say how the soundtrack plays: without one they mean nothing. A
  /// soundtrack that is not there is a mistake in the command (or the preset, `fromPreset`), said before
  /// anything is loaded; one that is there but not sound fails when it is opened, naming it.
  func validate(fromPreset: Bool = false) throws(UsageError) {
    if let soundtrack {
      // A URL is FFmpeg's to open.
      guard !soundtrack.contains("://") else { return }
      let what = fromPreset ? "The preset's audio file" : "The --audio file"
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: soundtrack, isDirectory: &isFolder) else {
        throw UsageError(message: "\(what) '\(soundtrack)' does not exist", command: nil)
      }
      guard !isFolder.boolValue else {
        throw UsageError(message: "\(what) '\(soundtrack)' is a folder, not a sound file", command: nil)
      }
      return
    }
    for (given, name) in [(offset != nil, "--audio-offset"), (loops, "--audio-loop")] where given {
      throw UsageError(message: "\(name) places the --audio <file> soundtrack; give --audio too", command: nil)
    }
  }

  /// Puts these settings into the library's export options; `loaded` says where the animation's own sound
  /// files are (`assets`: --assets, and whether they may be outside it) and which file diagnostics name.
  func configure(_ options: inout ExportOptions, loaded: LoadedAnimation, assets: String?, allowsExternalPaths: Bool) {
    options.audio = AudioOptions(for: loaded, assets: assets)
    options.audio.includesAnimationAudio = !dropsAnimationAudio
    options.audio.allowsExternalPaths = allowsExternalPaths
    options.audio.bitrate = bitrate
    if let soundtrack { options.audio.soundtrack = Soundtrack(path: soundtrack, offset: offset ?? 0, loops: loops) }
  }

  /// Whether the export has anything to hear.
  func wantsSound(_ animation: Animation) -> Bool {
    soundtrack != nil || (!dropsAnimationAudio && animation.hasAudioLayers)
  }
}

/// The options of the export (the default command): one file, a batch (several inputs or a folder), or a
/// `--data` run (one export per row).
struct ExportCommandOptions: Sendable {
  /// How the run goes.
  enum Mode: Sendable {
    case single
    case batch
    case data(String)
  }

  /// The `--data` table's path, in a data run.
  var dataTable: String? {
    if case .data(let path) = mode { path } else { nil }
  }

  var inputs: [String]
  var output: String?
  var format: OutputFormat?
  var presetName: String?
  /// The preset whose values lie under the command line's.
  var preset: Preset?
  /// A preset's file size budget.
  var maxBytes: Int?
  var input: InputOptions
  var size: SizeOptions
  var timing: TimingOptions
  var encoding: EncodingOptions
  var sound: SoundOptions
  var jobs: Int
  var isJobsGiven: Bool
  var maxFrames: Int?
  var poster: String?
  var posterFrame: PosterChoice
  var strict: Bool
  var quiet: Bool
  var json: Bool
  /// `--dry-run`: plan every export and print the plans (as JSON with `--json`), writing nothing.
  var dryRun: Bool
  var printsPlanAsJSON: Bool
  var recursive: Bool
  var skipExisting: Bool
  var report: String?
  /// `--data-ignore`: columns of the table that do nothing, on purpose.
  var dataIgnore: [String]
  var shard: Shard?
  var mode: Mode
  /// The canonical names of the options given (they win over a preset's values).
  var given: Set<String>

  /// Reads the command line over the preset it names. A preset that cannot be loaded throws ``PresetError``
  /// (exit 64, without a usage line); an unknown name or a missing file, a ``UsageError``.
  init(_ arguments: ParsedArguments) throws {
    presetName = arguments[OptionTable.preset]
    preset = try presetName.map { try Preset.resolve($0, command: nil) }
    let p = preset.map(arguments.layering) ?? arguments
    maxBytes = p[OptionTable.maxBytes]
    inputs = p.positionals
    output = p[OptionTable.output]
    format = p[OptionTable.format]
    input = InputOptions(p)
    size = SizeOptions(p)
    timing = TimingOptions(p)
    encoding = EncodingOptions(p)
    sound = SoundOptions(p)
    jobs = p[OptionTable.jobs] ?? RenderSettings.defaultJobs
    isJobsGiven = p[OptionTable.jobs] != nil
    maxFrames = p[OptionTable.maxFrames]
    poster = p[OptionTable.poster]
    posterFrame = p[OptionTable.posterFrame] ?? .automatic
    strict = p[OptionTable.strict]
    quiet = p[OptionTable.quiet]
    json = p[OptionTable.progress] == .json
    dryRun = p[OptionTable.dryRun]
    printsPlanAsJSON = p[OptionTable.json]
    recursive = p[OptionTable.recursive]
    skipExisting = p[OptionTable.skipExisting]
    report = p[OptionTable.report]
    dataIgnore = p.all(OptionTable.dataIgnore).flatMap { $0 }
    shard = p[OptionTable.shard]
    given = p.given
    // A data run, a batch (several inputs, a folder, or a batch option), or one export.
    let batchOptions = [
      OptionTable.recursive.spec, OptionTable.skipExisting.spec, OptionTable.shard.spec, OptionTable.report.spec,
    ]
    if let data = p[OptionTable.data] {
      mode = .data(data)
    } else if inputs.count > 1 || batchOptions.contains(where: p.has) || inputs.first.map(Self.isDirectory) == true {
      mode = .batch
    } else {
      mode = .single
    }
    try validate(p)
    try sound.validate(fromPreset: sound.soundtrack != nil && !p.has(OptionTable.audio.spec))
  }

  /// Checks what parsing alone cannot: an input, combinations, what each mode needs.
  func validate(_ p: ParsedArguments) throws(UsageError) {
    guard !inputs.isEmpty else { throw UsageError(message: "Missing expected argument '<input>'", command: nil) }
    if printsPlanAsJSON && !dryRun {
      throw UsageError(
        message:
          "--json prints the plan of --dry-run; give --dry-run too (--progress json reports an export's progress)",
        command: nil)
    }
    try size.validate(command: "export")
    try timing.validate(p, command: "export")
    if p.has(OptionTable.posterFrame.spec) && poster == nil {
      throw UsageError(
        message: "--poster-frame chooses the frame of --poster <file.png>; give --poster too", command: nil)
    }
    if !dataIgnore.isEmpty && dataTable == nil {
      throw UsageError(message: "--data-ignore names columns of a --data table: give --data too", command: nil)
    }
    switch mode {
    case .single:
      guard output != nil else { throw UsageError(message: "Missing expected option '-o <output>'", command: nil) }
    case .batch:
      guard let output else {
        throw UsageError(message: "Missing expected option '-o <folder>' for a batch", command: nil)
      }
      if output == OutputFormat.standardOutputPath {
        throw UsageError(message: "A batch writes one file per input: give a folder to -o, not '-'", command: nil)
      }
      try checkPosterTemplate()
    case .data:
      guard inputs.count == 1 else {
        throw UsageError(message: "--data renders one animation per row: give exactly one input file", command: nil)
      }
      guard output != nil else {
        throw UsageError(message: "Missing expected option '-o <template>', e.g. -o 'out/{name}.mp4'", command: nil)
      }
      try checkPosterTemplate()
    }
  }

  /// In a batch or data run every output gets its own poster, so the name must hold a placeholder.
  private func checkPosterTemplate() throws(UsageError) {
    guard let poster, !poster.contains("{") else { return }
    throw UsageError(
      message: "Every output gets its own poster: put a placeholder in '--poster \(poster)', e.g. 'posters/{name}.png'",
      command: nil)
  }

  /// The files `job` reads, which none of its outputs may overwrite: the animation, the data table, the
  /// soundtrack, the `--image` files and the preset.
  func protectedInputs(_ job: ExportJob) -> [String] {
    var paths = [job.input]
    if case .data(let table) = mode { paths.append(table) }
    if let soundtrack = sound.soundtrack { paths.append(soundtrack) }
    paths += (input.images + job.values.images).map(\.value)
    let tableFolder = job.values.tableFolder.map { $0.isEmpty ? "." : $0 } ?? "."
    paths += job.values.tableImages.map { $0.value.hasPrefix("/") ? $0.value : tableFolder + "/" + $0.value }
    if let file = preset?.file { paths.append(file) }
    return paths
  }

  static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}
