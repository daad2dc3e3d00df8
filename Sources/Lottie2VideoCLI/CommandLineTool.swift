import CairoRendering
import Dispatch
import Foundation
import Lottie
import LottieArchive
import Pipeline
import Raster
import VideoEncoding

/// The `lottie2video` command: parses arguments, runs the job, reports, and returns the exit code.
public enum CommandLineTool {
  /// Runs with `arguments` (without the program name) and returns the process exit code.
  public static func run(_ arguments: [String]) -> Int32 {
    do {
      return try dispatch(arguments)
    } catch let error as UsageError {
      Console.error("Error: \(error.message)")
      Console.error(Help.usage(error.command))
      Console.error("See 'lottie2video --help'.")
      return 64
    } catch {
      Console.error("Error: \(error)")
      return 1
    }
  }

  static func dispatch(_ arguments: [String]) throws -> Int32 {
    if arguments.isEmpty {
      throw UsageError(message: "Missing expected argument '<input>'", command: nil)
    }
    if arguments.contains("--help") || arguments.contains("-h") || arguments.first == "help" {
      Console.output(Help.main)
      return 0
    }
    if arguments.first == "--version" {
      Console.output(Help.version)
      return 0
    }
    switch arguments[0] {
    case "snapshot": return try snapshot(Array(arguments.dropFirst()))
    case "info": return try info(Array(arguments.dropFirst()))
    case "check": return try check(Array(arguments.dropFirst()))
    case "sheet": return try sheet(Array(arguments.dropFirst()))
    case "render": return try renderOnly(Array(arguments.dropFirst()))
    case "presets": return try presets(Array(arguments.dropFirst()))
    case "merge-reports": return mergeReports(Array(arguments.dropFirst()))
    default: return try export(arguments)
    }
  }

  // MARK: - Shared options

  static let flags: Set<String> = [
    "--quiet", "-q", "--strict", "--json", "--lossless", "--bounce", "--recursive", "--skip-existing", "--keypaths",
  ]

  /// Templating options, taken by export, snapshot, sheet and render.
  static let templateOptions: Set<String> = ["--set", "--slot", "--image"]

  /// The timing options, accepted by export and render.
  static let timingOptions: Set<String> = [
    "--frames", "--progress", "--marker", "--speed", "--repeat", "--bounce", "--duration",
  ]

  /// Options common to every command that renders.
  struct RenderOptions {
    var input: String?
    var output: String?
    var width: Int?
    var height: Int?
    var scale: Double?
    var fps: Double?
    var fit = FitMode.contain
    var background: ColorParser.Parsed?
    var jobs = RenderSettings.defaultJobs
    var crf = 23
    var codecPreset = "veryfast"
    var maxFrames: Int?
    var frame: Double?
    var quiet = false
    var assets: String?
    var fonts: String?
    var animation: String?
    var strict = false
    var poster: String?
    var count: Int?
    var columns: Int?
    var json = false
    var codec: VideoCodec?
    var format: OutputFormat?
    var bitrate: Int?
    var pixelFormat: ChromaFormat?
    var quality: Int?
    var lossless = false
    var loop: Int?
    var dither: GIFOptions.Dither?
    var inputs: [String] = []
    // Timing (issue #5).
    /// `--frames a-b`: composition frames a through b, both included.
    var frames: (first: Double, last: Double)?
    /// `--progress from-to`: fractions of ip..op.
    var progress: (from: Double, to: Double)?
    var marker: String?
    var speed: Double = 1
    var repeatCount: Int = 1
    var bounce = false
    var duration: Double?
    // Size (issue #5).
    /// `--size`: the output size, instead of --width/--height.
    var size: (width: Int, height: Int)?
    var padding = 0
    // Presets (issue #5).
    var preset: String?
    /// The preset applied by ``applyPreset(_:command:)``.
    var appliedPreset: Preset?
    /// A preset's width and height: the base size that --width, --height and --scale apply to.
    var baseSize: (width: Int, height: Int)?
    /// A preset's fps cap (only when --fps is not given).
    var maxFps: Double?
    /// A preset's length cap in seconds (only when --duration is not given).
    var maxDuration: Double?
    /// A preset's file size budget.
    var maxBytes: Int?
    /// The options given on the command line (long names), which win over a preset's values.
    var explicit: Set<String> = []
    // Templating (issue #5).
    /// `--set` and `--slot`.
    var template = Template()
    /// `--image ID=PATH`, in order.
    var imageReplacements: [(id: String, path: String)] = []
    /// `--data rows.csv|rows.json`.
    var data: String?
    /// `info --keypaths`.
    var keypaths = false
    /// `--progress json`: JSON lines on stderr instead of the progress bar.
    var jsonProgress = false
    // Limits (`--limit NAME=VALUE`).
    var limits = LoadLimits()
    var maxArchiveBytes = AnimationSource.defaultMaxArchiveBytes
    var maxImagePixels = ImageAssets.defaultMaxPixels
  }

  /// `--limit` names: what each sets, its unit, and the range it accepts.
  static let limitNames: [(name: String, unit: String, help: String)] = [
    ("file-size", "MB", "input file, after decompression"),
    ("archive-size", "MB", "all of a dotLottie archive's entries together"),
    ("canvas", "px", "canvas side"),
    ("frames", "frames", "frames in the root composition"),
    ("layers", "layers", "layers in the file, precomps included"),
    ("precomp-depth", "levels", "precomp nesting"),
    ("layer-instances", "layers", "layers drawn per frame with every precomp use expanded"),
    ("image-size", "megapixels", "decoded image"),
  ]

  /// Applies one `--limit NAME=VALUE`.
  static func applyLimit(_ v: String, to o: inout RenderOptions, reader: OptionReader) throws(UsageError) {
    let names = limitNames.map(\.name).joined(separator: ", ")
    guard let eq = v.firstIndex(of: "="), let n = Double(v[v.index(after: eq)...]), n.isFinite, n >= 1, n <= 1e12
    else {
      throw reader.invalid(v, "--limit", "name=value", "use a limit name (\(names)) and a positive number, e.g. frames=5000")
    }
    let name = String(v[..<eq])
    switch name {
    case "file-size": o.limits.maxFileBytes = Int(min(n, 1_048_576) * 1_048_576)
    case "archive-size": o.maxArchiveBytes = Int(min(n, 1_048_576) * 1_048_576)
    case "canvas": o.limits.maxCanvasSide = min(n, 1e6)
    case "frames": o.limits.maxFrames = n
    case "layers": o.limits.maxLayers = Int(min(n, 1e9))
    case "precomp-depth": o.limits.maxPrecompDepth = Int(min(n, 1000))
    case "layer-instances": o.limits.maxLayerInstances = Int(min(n, 1e9))
    case "image-size": o.maxImagePixels = Int(min(n, 1_048_576) * 1_048_576)
    default: throw reader.invalid(v, "--limit", "name=value", "unknown limit '\(name)'; use \(names)")
    }
  }

  /// `--jobs` of a batch or data run (parsed there before the per-file exports see it), or the default.
  static func workerCount(_ list: ArgumentList) throws(UsageError) -> Int {
    guard let value = list.options.last(where: { $0.name == "--jobs" })?.value else { return RenderSettings.defaultJobs }
    return try OptionReader(command: nil).int(value, "--jobs", "n", range: 1...256)
  }

  /// Splits `KEY=VALUE` for --set, --slot and --image.
  static func assignment(_ v: String, _ name: String, _ placeholder: String, reader: OptionReader) throws(UsageError)
    -> Template.Assignment
  {
    guard let eq = v.firstIndex(of: "="), eq != v.startIndex else {
      throw reader.invalid(v, name, placeholder, "use \(placeholder), e.g. \(name == "--image" ? "image_0=logo.png" : name == "--slot" ? "brand=#FF0000" : "'**.Fill 1.Color=#FF0000'")")
    }
    return Template.Assignment(key: String(v[..<eq]), value: String(v[v.index(after: eq)...]))
  }

  static let sizeNames: [String: (width: Int, height: Int)] = [
    "480p": (854, 480), "720p": (1280, 720), "1080p": (1920, 1080), "1440p": (2560, 1440), "4k": (3840, 2160),
    "2160p": (3840, 2160),
  ]

  /// Parses "a-b" (each side a number; a leading minus belongs to the first number).
  static func parseRange(_ v: String) -> (Double, Double)? {
    guard v.count > 1, let dash = v.dropFirst().firstIndex(of: "-") else { return nil }
    guard let a = Double(v[..<dash]), let b = Double(v[v.index(after: dash)...]), a.isFinite, b.isFinite else {
      return nil
    }
    return (a, b)
  }

  /// Parses `--size`: a name such as 1080p, or WxH.
  static func parseSize(_ v: String) -> (width: Int, height: Int)? {
    let lower = v.lowercased()
    if let named = sizeNames[lower] { return named }
    let parts = lower.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...16384).contains(w),
      (1...16384).contains(h)
    else { return nil }
    return (w, h)
  }

  static func parse(_ arguments: [String], command: String?, allowed: Set<String>) throws(UsageError) -> RenderOptions {
    let list = try ArgumentList(arguments, flags: flags, known: allowed, command: command)
    let reader = OptionReader(command: command)
    var o = RenderOptions()
    for (name, value) in list.options {
      let flagAllowed = (name == "--quiet" || name == "-q") ? allowed.contains("--quiet") : allowed.contains(name)
      guard allowed.contains(name) || flags.contains(name) && flagAllowed else {
        throw UsageError(message: "Unknown option '\(name)'", command: command)
      }
      let v = value ?? ""
      o.explicit.insert(name == "-o" ? "--output" : (name == "-q" ? "--quiet" : name))
      switch name {
      case "-o", "--output": o.output = v
      case "--width": o.width = try reader.int(v, name, "w", range: 1...16384)
      case "--height": o.height = try reader.int(v, name, "h", range: 1...16384)
      case "--scale": o.scale = try reader.double(v, name, "s", range: 0.01...64)
      case "--fps": o.fps = try reader.double(v, name, "fps", range: 0.1...240)
      case "--fit":
        guard let fit = FitMode(rawValue: v) else { throw reader.invalid(v, name, "mode", "use contain, cover or fill") }
        o.fit = fit
      case "--background":
        guard let c = ColorParser.parse(v) else {
          throw reader.invalid(v, name, "color", "use #RRGGBB, #RRGGBBAA, a CSS colour name or 'transparent'")
        }
        o.background = c
      case "--jobs": o.jobs = try reader.int(v, name, "n", range: 1...256)
      case "--crf": o.crf = try reader.int(v, name, "n", range: 0...63)
      case "--codec-preset":
        guard EncoderSettings.x264Presets.contains(v) else {
          throw reader.invalid(v, name, "name", "use one of \(EncoderSettings.x264Presets.joined(separator: ", "))")
        }
        o.codecPreset = v
      case "--max-frames": o.maxFrames = try reader.int(v, name, "n", range: 1...10_000_000)
      case "--frame": o.frame = try reader.double(v, name, "frame", range: -1e7...1e7)
      case "--quiet", "-q": o.quiet = true
      case "--strict": o.strict = true
      case "--count": o.count = try reader.int(v, name, "n", range: 1...400)
      case "--columns": o.columns = try reader.int(v, name, "n", range: 1...40)
      case "--poster":
        guard (v as NSString).pathExtension.lowercased() == "png" else {
          throw reader.invalid(v, name, "file.png", "the poster is a PNG")
        }
        o.poster = v
      case "--codec":
        guard let c = Preset.codecByName[v] else {
          throw reader.invalid(v, name, "codec", "use h264, h265, vp9, av1, prores, prores-hq or gif")
        }
        o.codec = c
      case "--format":
        guard let f = OutputFormat(rawValue: v == "png" ? "pngSequence" : v) else {
          throw reader.invalid(
            v, name, "format", "use \(OutputFormat.allCases.map { $0 == .pngSequence ? "png" : $0.rawValue }.joined(separator: ", "))")
        }
        o.format = f
      case "--bitrate":
        let multiplier: Double = v.hasSuffix("M") || v.hasSuffix("m") ? 1_000_000 : (v.hasSuffix("k") || v.hasSuffix("K") ? 1000 : 1)
        let digits = multiplier == 1 ? v : String(v.dropLast())
        guard let n = Double(digits), n * multiplier >= 1000, n * multiplier <= 2e9 else {
          throw reader.invalid(v, name, "rate", "bits per second, e.g. 800k or 5M")
        }
        o.bitrate = Int(n * multiplier)
      case "--pix-fmt":
        guard let p = ChromaFormat(rawValue: v) else { throw reader.invalid(v, name, "format", "use yuv420p or yuv444p") }
        o.pixelFormat = p
      case "--quality": o.quality = try reader.int(v, name, "q", range: 0...100)
      case "--lossless": o.lossless = true
      case "--loop": o.loop = try reader.int(v, name, "n", range: -1...65535)
      case "--dither":
        guard let d = v == "sierra2_4a" ? .sierraLite : GIFOptions.Dither(rawValue: v) else {
          throw reader.invalid(v, name, "mode", "use sierra2_4a, bayer or none")
        }
        o.dither = d
      case "--json": o.json = true
      case "--assets": o.assets = v
      case "--fonts": o.fonts = v
      case "--animation": o.animation = v
      case "--frames":
        guard let (a, b) = parseRange(v), a <= b else {
          throw reader.invalid(v, name, "a-b", "use first-last composition frames, e.g. 0-59")
        }
        o.frames = (a, b)
      case "--progress" where v == "json":
        o.jsonProgress = true
        o.explicit.remove("--progress")
      case "--progress":
        guard let (a, b) = parseRange(v), a >= 0, b <= 1, a < b else {
          throw reader.invalid(v, name, "from-to", "use two fractions from 0 to 1, the first smaller, e.g. 0.25-0.5")
        }
        o.progress = (a, b)
      case "--marker": o.marker = v
      case "--speed": o.speed = try reader.double(v, name, "x", range: 0.01...100)
      case "--repeat": o.repeatCount = try reader.int(v, name, "n", range: 1...10000)
      case "--bounce": o.bounce = true
      case "--duration": o.duration = try reader.double(v, name, "seconds", range: 0.01...86400)
      case "--size":
        guard let size = parseSize(v) else {
          throw reader.invalid(v, name, "size", "use 480p, 720p, 1080p, 1440p, 4k or WxH (1 to 16384 a side)")
        }
        o.size = size
      case "--padding": o.padding = try reader.int(v, name, "n", range: 0...4096)
      case "--preset": o.preset = v
      case "--set": o.template.sets.append(try assignment(v, name, "keypath=value", reader: reader))
      case "--slot": o.template.slots.append(try assignment(v, name, "id=value", reader: reader))
      case "--image":
        let a = try assignment(v, name, "asset=file", reader: reader)
        o.imageReplacements.append((a.key, a.value))
      case "--data": o.data = v
      case "--keypaths": o.keypaths = true
      case "--limit": try applyLimit(v, to: &o, reader: reader)
      default: throw UsageError(message: "Unknown option '\(name)'", command: command)
      }
    }
    guard let input = list.positionals.first else {
      throw UsageError(message: "Missing expected argument '<input>'", command: command)
    }
    o.inputs = list.positionals
    if list.positionals.count > 1 && command != "check" {
      throw UsageError(message: "Unexpected argument '\(list.positionals[1])'", command: command)
    }
    o.input = input
    if [o.frames != nil, o.progress != nil, o.marker != nil].filter({ $0 }).count > 1 {
      throw UsageError(message: "Use only one of --frames, --progress and --marker", command: command)
    }
    if o.explicit.contains("--repeat") && o.explicit.contains("--duration") {
      throw UsageError(message: "Use only one of --repeat and --duration", command: command)
    }
    if o.size != nil && (o.width != nil || o.height != nil) {
      throw UsageError(message: "Use either --size or --width/--height", command: command)
    }
    return o
  }

  /// Loads `--preset` (when given) and fills in what the command line left unset. A preset that cannot be
  /// loaded throws ``PresetError`` (exit 1); an unknown name or missing file, a ``UsageError``.
  static func applyPreset(_ o: inout RenderOptions, command: String?) throws {
    guard let value = o.preset else { return }
    let p = try Preset.resolve(value, command: command)
    o.appliedPreset = p
    func given(_ name: String) -> Bool { o.explicit.contains(name) }
    // Size: both sides are the base size; a single side applies only when no size option is given.
    if let w = p.width, let h = p.height {
      o.baseSize = (w, h)
    } else if !given("--width") && !given("--height") && !given("--scale") && !given("--size") {
      if let w = p.width { o.width = w }
      if let h = p.height { o.height = h }
    }
    if !given("--fps"), let fps = p.fps { o.fps = fps }
    if !given("--fps") { o.maxFps = p.maxFps }
    if !given("--duration") { o.maxDuration = p.maxDuration }
    if !given("--background"), let bg = p.background { o.background = ColorParser.parse(bg) }
    if !given("--fit"), let fit = p.fit.flatMap(FitMode.init(rawValue:)) { o.fit = fit }
    if !given("--padding"), let padding = p.padding { o.padding = padding }
    if !given("--codec"), let codec = p.codec.flatMap({ Preset.codecByName[$0] }) { o.codec = codec }
    if !given("--crf"), let crf = p.crf { o.crf = crf }
    if !given("--codec-preset"), let codecPreset = p.codecPreset { o.codecPreset = codecPreset }
    if !given("--loop"), let loop = p.loop { o.loop = loop }
    if !given("--dither"), let dither = p.dither {
      o.dither = dither == "sierra2_4a" ? .sierraLite : GIFOptions.Dither(rawValue: dither)
    }
    o.maxBytes = p.maxBytes
  }

  /// The output frame rate: --fps, else the preset's, else the animation's; capped by a preset's maxFps.
  static func frameRate(_ o: RenderOptions, animation: Animation) -> Double {
    var fps = o.fps ?? animation.frameRate
    if let maxFps = o.maxFps { fps = min(fps, maxFps) }
    return fps
  }

  /// The part of the animation to play and how, from the timing options (and a preset's maxDuration).
  static func timeline(_ o: RenderOptions, animation: Animation, command: String?) throws(UsageError) -> Timeline {
    var t = Timeline(animation: animation)
    let (ip, op) = (animation.inPoint, animation.outPoint)
    if let (a, b) = o.frames {
      guard a >= ip, b <= op - 1 else {
        throw UsageError(
          message: "The frames \(Preset.g(a))-\(Preset.g(b)) are outside the animation's frames \(Preset.g(ip))-\(Preset.g(op - 1))",
          command: command)
      }
      (t.start, t.end) = (a, b + 1)
    } else if let (from, to) = o.progress {
      (t.start, t.end) = (ip + from * (op - ip), ip + to * (op - ip))
    } else if let name = o.marker {
      guard let marker = animation.markers.first(where: { $0.name == name }) else {
        let list = animation.markers.map { "'\($0.name)'" }.joined(separator: ", ")
        throw UsageError(
          message: animation.markers.isEmpty
            ? "Unknown marker '\(name)'; the animation has no markers" : "Unknown marker '\(name)'; markers: \(list)",
          command: command)
      }
      // A marker without a length plays its one frame.
      (t.start, t.end) = (marker.frame, marker.frame + max(marker.duration, 1))
    }
    t.speed = o.speed
    t.repeatCount = o.repeatCount
    t.bounce = o.bounce
    t.duration = o.duration
    t.maxDuration = o.maxDuration
    return t
  }

  /// Checks that `--padding` leaves at least one pixel each way.
  static func checkPadding(_ o: RenderOptions, width: Int, height: Int, command: String?) throws(UsageError) {
    if o.padding > 0 && (2 * o.padding >= width || 2 * o.padding >= height) {
      throw UsageError(message: "The padding \(o.padding) leaves no room in a \(width)x\(height) output", command: command)
    }
  }

  /// The output size: explicit sides, one side keeping the aspect ratio, or the animation's size times scale.
  static func outputSize(_ o: RenderOptions, animation: Animation) throws(UsageError) -> (Int, Int) {
    if let size = o.size { return (size.width, size.height) }
    // A preset's width and height are the base size, else the animation's.
    let (baseWidth, baseHeight) = o.baseSize.map { (Double($0.width), Double($0.height)) } ?? (animation.width, animation.height)
    let aspect = baseWidth / baseHeight
    var w: Int, h: Int
    switch (o.width, o.height) {
    case (let width?, let height?): (w, h) = (width, height)
    case (let width?, nil): (w, h) = (width, max(1, Int((Double(width) / aspect).rounded())))
    case (nil, let height?): (w, h) = (max(1, Int((Double(height) * aspect).rounded())), height)
    case (nil, nil):
      let s = o.scale ?? 1
      (w, h) = (max(1, Int((baseWidth * s).rounded())), max(1, Int((baseHeight * s).rounded())))
    }
    guard w <= 16384, h <= 16384 else {
      throw UsageError(message: "The output size \(w)x\(h) exceeds 16384 pixels a side", command: nil)
    }
    return (w, h)
  }

  /// Loads a `.json`, `.lottie` or `.tgs` file with the options' animation id, limits and template.
  static func load(_ path: String, _ o: RenderOptions) throws -> LoadedAnimation {
    try AnimationSource.load(
      path: path, animationID: o.animation, limits: o.limits, maxArchiveBytes: o.maxArchiveBytes, template: o.template)
  }

  /// Loads the animation and decodes its images: `--image` replacements first, then those a dotLottie archive
  /// holds from the archive, the rest (data URIs, external files) from `--assets` or the animation's folder.
  static func loadWithImages(_ path: String, _ o: RenderOptions) throws -> (
    Animation, [String: PixelBuffer], [Diagnostic]
  ) {
    let loaded = try load(path, o)
    let (images, notes) = try ImageAssets.load(
      loaded, assets: o.assets, replacements: o.imageReplacements, maxPixels: o.maxImagePixels)
    // Fonts: `--fonts DIR`, the archive's font files, `fPath`; missing ones are reported.
    let base = o.assets ?? loaded.baseDirectory ?? (path as NSString).deletingLastPathComponent
    let fontNotes = FontLibrary.prepare(
      loaded.animation, directories: o.fonts.map { [$0] } ?? [], embedded: loaded.fontData, baseDirectory: base,
      file: loaded.animationFile)
    return (loaded.animation, images, loaded.animation.diagnostics + notes + fontNotes)
  }

  static func background(_ parsed: ColorParser.Parsed?) -> RGBA? {
    if case .color(let c) = parsed { return c }
    return nil
  }

  // MARK: - Commands

  /// Options an export takes (a batch takes these too, plus its own).
  static let exportOptions = Set<String>([
    "-o", "--output", "--width", "--height", "--scale", "--fps", "--fit", "--background", "--jobs", "--crf",
    "--codec-preset", "--max-frames", "--quiet", "--assets", "--strict", "--codec", "--loop", "--dither",
    "--format", "--bitrate", "--pix-fmt", "--quality", "--lossless", "--animation", "--size", "--padding",
    "--preset", "--poster", "--data", "--limit", "--fonts",
  ]).union(timingOptions).union(templateOptions)

  static func export(_ arguments: [String]) throws -> Int32 {
    if arguments.contains(where: { $0 == "--data" || $0.hasPrefix("--data=") }) { return try dataExport(arguments) }
    if try isBatch(arguments) { return try batch(arguments) }
    return try exportOne(arguments).status
  }

  /// What one export did, for the exit code and batch reports.
  struct ExportOutcome {
    var status: Int32
    var result: ExportResult?
    var diagnostics: [Diagnostic]
  }

  /// How an export runs inside a batch.
  struct ExportContext {
    /// "file i/n" for progress.
    var position: (index: Int, count: Int)? = nil
    /// A batch's shared progress line, fed instead of this export's own bar.
    var batchProgress: BatchProgress? = nil
    /// Whether to draw a progress bar (off when several files export at once).
    var progressBar = true
    /// Whether this export installs the Ctrl-C handler (a batch installs one for all).
    var handlesInterrupts = true
  }

  static func exportOne(_ arguments: [String], context: ExportContext = ExportContext()) throws -> ExportOutcome {
    let allowed = exportOptions
    var o = try parse(arguments, command: nil, allowed: allowed)
    guard var output = o.output else { throw UsageError(message: "Missing expected option '-o <output>'", command: nil) }
    let ext = (output as NSString).pathExtension.lowercased()
    let toStandardOutput = output == OutputFormat.standardOutputPath
    if ext == "png", o.format == nil, OutputFormat.from(path: output) == nil {
      // A plain name.png asks for frames: number them name_00000.png, name_00001.png, ...
      output = String(output.dropLast(4)) + "_%05d.png"
      if !o.quiet {
        Console.error("note: writing a PNG sequence \(output) (use a %05d pattern to choose the names, or 'snapshot' for one frame)")
      }
    }
    try applyPreset(&o, command: nil)
    if let preset = o.appliedPreset, let presetFormat = preset.format, presetFormat != ext {
      throw UsageError(
        message: "The preset '\(preset.name)' makes .\(presetFormat) files; the output '\(output)' ends in .\(ext)",
        command: nil)
    }
    guard let format = o.format ?? OutputFormat.from(path: output) else {
      throw UsageError(
        message: toStandardOutput
          ? "Writing to standard output ('-o -') needs '--format y4m' or '--format rawvideo'"
          : "The output '\(output)' has an unsupported extension; use .mp4, .m4v, .mov, .webm, .gif, .webp, .apng, or a .png name with a frame number pattern such as frames/f_%05d.png",
        command: nil)
    }
    if toStandardOutput && !format.canWriteToStandardOutput {
      throw UsageError(message: "Only y4m and rawvideo can be written to standard output", command: nil)
    }
    if let codec = o.codec, !format.codecs.contains(codec) {
      throw UsageError(
        message: "The codec '\(codec.rawValue)' cannot go in a .\(ext) file; use \(format.codecs.map(\.rawValue).joined(separator: ", "))",
        command: nil)
    }
    let codec = o.codec ?? format.defaultCodec(alpha: background(o.background).map { $0.a < 1 } ?? true)
    if o.crf > 51 && (codec == .h264 || codec == .h265) {
      throw UsageError(
        message: "The value '\(o.crf)' is invalid for '--crf <n>': \(codec.rawValue) takes 0 to 51 (VP9 and AV1 take 0 to 63)",
        command: nil)
    }
    let input = o.input ?? ""
    let (animation, images, diagnostics) = try loadWithImages(input, o)
    let (w, h) = try outputSize(o, animation: animation)
    try checkPadding(o, width: w, height: h, command: nil)
    let timeline = try timeline(o, animation: animation, command: nil)
    var fps = frameRate(o, animation: animation)
    if format == .gif {
      // GIF frame delays are whole centiseconds: use the nearest rate that keeps every delay exact.
      let snapped = EncoderSettings.gifFrameRate(for: fps)
      if abs(snapped - fps) > 1e-9 && !o.quiet {
        Console.error(String(format: "note: GIF delays are whole centiseconds; %g fps becomes %.4g fps", fps, snapped))
      }
      fps = snapped
    }
    for d in diagnostics where d.severity >= .warning && !o.quiet { Console.error(d.description) }
    if o.strict, diagnostics.contains(where: { $0.severity >= .warning }) {
      let count = diagnostics.filter { $0.severity >= .warning }.count
      Console.error("Error: \(input): --strict: \(count) warning\(count == 1 ? "" : "s") (listed above); nothing written")
      return ExportOutcome(status: 1, result: nil, diagnostics: diagnostics)
    }
    if o.background == nil && !o.quiet && !format.supportsAlpha && !toStandardOutput {
      Console.error("note: \(ext.uppercased()) has no alpha channel; composited over white (use --background to choose)")
    }
    var render = RenderSettings(
      width: w, height: h, fit: o.fit, background: background(o.background), jobs: o.jobs, images: images)
    render.padding = o.padding
    var options = ExportOptions(
      outputPath: output, render: render, fps: fps, crf: min(o.crf, 51), codecPreset: o.codecPreset, maxFrames: o.maxFrames)
    options.timeline = timeline
    options.codec = o.codec
    options.format = o.format
    options.bitrate = o.bitrate
    if let p = o.pixelFormat { options.pixelFormat = p }
    if let q = o.quality { options.webp.quality = q }
    options.webp.lossless = o.lossless
    if let loop = o.loop {
      options.gif.loopCount = loop
      // WebP and APNG count plays (0 = forever); --loop counts repeats as GIF does (-1 = play once).
      let plays = loop == 0 ? 0 : (loop < 0 ? 1 : loop + 1)
      options.webp.loopCount = plays
      options.apng.plays = plays
    }
    if let dither = o.dither { options.gif.dither = dither }
    if o.explicit.contains("--crf") || o.appliedPreset?.crf != nil {
      options.vp9.crf = o.crf
      options.av1.crf = o.crf
    }
    let interrupt = context.handlesInterrupts ? InterruptHandler.install() : nil
    defer { interrupt?.cancel() }
    let progress =
      o.quiet && !o.jsonProgress
      ? nil
      : ProgressLine(
        label: o.jsonProgress ? input : (input as NSString).lastPathComponent, json: o.jsonProgress,
        position: context.position, bar: context.progressBar)
    let batchProgress = o.jsonProgress ? nil : context.batchProgress
    let index = (context.position?.index ?? 1) - 1
    let report: @Sendable (ProgressReport) -> Void = { report in
      if let batchProgress { batchProgress.update(index, report) } else { progress?.update(report) }
    }
    let result: ExportResult
    var status: Int32 = 0
    if let maxBytes = o.maxBytes, let preset = o.appliedPreset {
      // A size budget (telegram-sticker, slack-emoji): encoded again at lower quality until the file fits.
      let outcome = try SizeBudget(maxBytes: maxBytes).export(
        animation: animation, options: options, progress: report
      ) { retry in
        progress?.finish()
        if !o.quiet {
          Console.error(
            "note: \(output) is \(retry.bytes) bytes, over the preset '\(preset.name)' budget of \(maxBytes); encoding again at \(retry.setting)")
        }
      }
      progress?.finish()
      result = outcome.result
      if !outcome.fits {
        Console.error(
          "Error: \(output) is still \(result.bytes) bytes at the lowest quality, over the preset '\(preset.name)' budget of \(maxBytes) bytes (kept; try a shorter --duration or a smaller --size)")
        status = 1
      } else if outcome.attempts > 0 && !o.quiet {
        Console.error("note: \(output) fits the \(maxBytes)-byte budget at \(outcome.setting)")
      }
    } else {
      result = try Exporter.export(animation: animation, options: options, progress: report)
      progress?.finish()
    }
    if let poster = o.poster {
      // The poster is the first frame the video shows, as a straight-alpha PNG at the video's size.
      var still = render
      still.jobs = 1
      try Exporter.snapshot(animation: animation, frame: timeline.start, settings: still, to: poster)
    }
    if !o.quiet {
      let padded = result.codedWidth != w || result.codedHeight != h ? " (coded \(result.codedWidth)x\(result.codedHeight))" : ""
      // The summary goes to stderr when stdout carries the video.
      let report: (String) -> Void = { line in
        if toStandardOutput { Console.error(line) } else { Console.output(line) }
      }
      report(
        String(
          format: "%@: %d frames at %g fps, %.3f s, %dx%d%@, %d bytes, in %.2f s (%.1f fps)", output, result.frames,
          result.fps, result.duration, w, h, padded, result.bytes, result.seconds,
          Double(result.frames) / max(result.seconds, 1e-9)))
    }
    return ExportOutcome(status: status, result: result, diagnostics: diagnostics)
  }
}
