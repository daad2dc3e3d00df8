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
    case "render": return try renderOnly(Array(arguments.dropFirst()))
    default: return try export(arguments)
    }
  }

  // MARK: - Shared options

  static let flags: Set<String> = ["--quiet", "-q", "--strict", "--json", "--lossless"]

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
    var animation: String?
    var strict = false
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
      case "--crf": o.crf = try reader.int(v, name, "n", range: 0...51)
      case "--codec-preset":
        guard EncoderSettings.x264Presets.contains(v) else {
          throw reader.invalid(v, name, "name", "use one of \(EncoderSettings.x264Presets.joined(separator: ", "))")
        }
        o.codecPreset = v
      case "--max-frames": o.maxFrames = try reader.int(v, name, "n", range: 1...10_000_000)
      case "--frame": o.frame = try reader.double(v, name, "frame", range: -1e7...1e7)
      case "--quiet", "-q": o.quiet = true
      case "--strict": o.strict = true
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
      case "--animation": o.animation = v
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
    return o
  }

  /// The output size: explicit sides, one side keeping the aspect ratio, or the animation's size times scale.
  static func outputSize(_ o: RenderOptions, animation: Animation) throws(UsageError) -> (Int, Int) {
    let aspect = animation.width / animation.height
    var w: Int, h: Int
    switch (o.width, o.height) {
    case (let width?, let height?): (w, h) = (width, height)
    case (let width?, nil): (w, h) = (width, max(1, Int((Double(width) / aspect).rounded())))
    case (nil, let height?): (w, h) = (max(1, Int((Double(height) * aspect).rounded())), height)
    case (nil, nil):
      let s = o.scale ?? 1
      (w, h) = (max(1, Int((animation.width * s).rounded())), max(1, Int((animation.height * s).rounded())))
    }
    guard w <= 16384, h <= 16384 else {
      throw UsageError(message: "The output size \(w)x\(h) exceeds 16384 pixels a side", command: nil)
    }
    return (w, h)
  }

  /// Loads a `.json`, `.lottie` or `.tgs` file; `animationID` picks an animation of a dotLottie archive.
  static func load(_ path: String, animationID: String? = nil) throws -> Animation {
    try AnimationSource.load(path: path, animationID: animationID).animation
  }

  /// Loads the animation and decodes its images: those a dotLottie archive holds from the archive, the rest
  /// (data URIs, external files) from `assets` or the animation's folder.
  static func loadWithImages(_ path: String, assets: String?, animationID: String? = nil) throws -> (
    Animation, [String: PixelBuffer], [Diagnostic]
  ) {
    let loaded = try AnimationSource.load(path: path, animationID: animationID)
    var images: [String: PixelBuffer] = [:]
    var notes: [Diagnostic] = []
    var rest = loaded.animation
    // 1. Images inside the archive, named `archive.lottie:images/x.png` in messages.
    for (id, asset) in loaded.animation.images.sorted(by: { $0.key < $1.key }) {
      guard let entry = loaded.embeddedPath(for: asset), let bytes = loaded.embeddedFiles[entry] else { continue }
      rest.images[id] = nil
      do {
        images[id] = try ImageDecoder.decode(bytes, name: "\(path):\(entry)")
      } catch {
        notes.append(
          Diagnostic(severity: .warning, file: loaded.animationFile, path: asset.path, message: "\(error); not drawn"))
      }
    }
    // 2. Everything else as for plain JSON.
    let base = assets ?? loaded.baseDirectory ?? (path as NSString).deletingLastPathComponent
    let (external, externalNotes) = ImageAssets.load(rest, baseDirectory: base, file: loaded.animationFile)
    images.merge(external) { archived, _ in archived }
    return (loaded.animation, images, loaded.animation.diagnostics + notes + externalNotes)
  }

  static func background(_ parsed: ColorParser.Parsed?) -> RGBA? {
    if case .color(let c) = parsed { return c }
    return nil
  }

  // MARK: - Commands

  static func export(_ arguments: [String]) throws -> Int32 {
    let allowed: Set<String> = [
      "-o", "--output", "--width", "--height", "--scale", "--fps", "--fit", "--background", "--jobs", "--crf",
      "--codec-preset", "--max-frames", "--quiet", "--assets", "--strict", "--codec", "--loop", "--dither",
      "--format", "--bitrate", "--pix-fmt", "--quality", "--lossless", "--animation",
    ]
    let o = try parse(arguments, command: nil, allowed: allowed)
    guard let output = o.output else { throw UsageError(message: "Missing expected option '-o <output>'", command: nil) }
    let ext = (output as NSString).pathExtension.lowercased()
    let toStandardOutput = output == OutputFormat.standardOutputPath
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
    let input = o.input ?? ""
    let (animation, images, diagnostics) = try loadWithImages(input, assets: o.assets, animationID: o.animation)
    let (w, h) = try outputSize(o, animation: animation)
    var fps = o.fps ?? animation.frameRate
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
      return 1
    }
    if o.background == nil && !o.quiet && !format.supportsAlpha && !toStandardOutput {
      Console.error("note: \(ext.uppercased()) has no alpha channel; composited over white (use --background to choose)")
    }
    let render = RenderSettings(
      width: w, height: h, fit: o.fit, background: background(o.background), jobs: o.jobs, images: images)
    var options = ExportOptions(
      outputPath: output, render: render, fps: fps, crf: o.crf, codecPreset: o.codecPreset, maxFrames: o.maxFrames)
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
    let interrupt = InterruptHandler.install()
    defer { interrupt.cancel() }
    let progress = o.quiet ? nil : ProgressLine(label: (input as NSString).lastPathComponent)
    let result = try Exporter.export(animation: animation, options: options) { report in progress?.update(report) }
    progress?.finish()
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
    return 0
  }

  static func snapshot(_ arguments: [String]) throws -> Int32 {
    let allowed: Set<String> = [
      "-o", "--output", "--frame", "--width", "--height", "--scale", "--fit", "--background", "--assets",
      "--animation",
    ]
    let o = try parse(arguments, command: "snapshot", allowed: allowed)
    guard let output = o.output else { throw UsageError(message: "Missing expected option '-o <output.png>'", command: "snapshot") }
    guard let frame = o.frame else { throw UsageError(message: "Missing expected option '--frame <frame>'", command: "snapshot") }
    guard (output as NSString).pathExtension.lowercased() == "png" else {
      throw UsageError(message: "The output '\(output)' must end in .png", command: "snapshot")
    }
    let (animation, images, _) = try loadWithImages(o.input ?? "", assets: o.assets, animationID: o.animation)
    let (w, h) = try outputSize(o, animation: animation)
    let settings = RenderSettings(
      width: w, height: h, fit: o.fit, background: background(o.background), jobs: 1, images: images)
    try Exporter.snapshot(animation: animation, frame: frame, settings: settings, to: output)
    return 0
  }

  static func renderOnly(_ arguments: [String]) throws -> Int32 {
    let allowed: Set<String> = [
      "--width", "--height", "--scale", "--fps", "--fit", "--background", "--jobs", "--max-frames", "--assets",
      "--animation",
    ]
    let o = try parse(arguments, command: "render", allowed: allowed)
    let (animation, images, _) = try loadWithImages(o.input ?? "", assets: o.assets, animationID: o.animation)
    let (w, h) = try outputSize(o, animation: animation)
    let settings = RenderSettings(
      width: w, height: h, fit: o.fit, background: background(o.background), jobs: o.jobs, images: images)
    let (frames, seconds) = try Exporter.renderOnly(
      animation: animation, settings: settings, fps: o.fps ?? animation.frameRate, maxFrames: o.maxFrames)
    Console.output(String(format: "frames=%d seconds=%.3f fps=%.1f", frames, seconds, Double(frames) / max(seconds, 1e-9)))
    return 0
  }

  /// Lists what each input uses that is ignored or approximated, without rendering. Exit 1 when an input
  /// cannot be loaded, or (with `--strict`) has warnings.
  static func check(_ arguments: [String]) throws -> Int32 {
    let o = try parse(arguments, command: "check", allowed: ["--json", "--strict", "--animation", "--assets"])
    var failed = false
    var records: [[String: Any]] = []
    for input in o.inputs {
      do {
        let (_, _, diagnostics) = try loadWithImages(input, assets: o.assets, animationID: o.animation)
        let warnings = diagnostics.filter { $0.severity >= .warning }.count
        if o.strict && warnings > 0 { failed = true }
        if o.json {
          records.append([
            "file": input, "ok": true, "warnings": warnings,
            "diagnostics": diagnostics.map {
              ["severity": $0.severity.rawValue, "path": $0.path.description, "message": $0.message]
            },
          ])
        } else {
          Console.output("\(input): \(diagnostics.isEmpty ? "ok" : "\(diagnostics.count) diagnostic\(diagnostics.count == 1 ? "" : "s")")")
          for d in diagnostics { Console.output("  \(d.path): \(d.severity.rawValue): \(d.message)") }
        }
      } catch {
        failed = true
        if o.json {
          records.append(["file": input, "ok": false, "error": "\(error)"])
        } else {
          Console.output("\(input): error: \(error)")
        }
      }
    }
    if o.json {
      let data = try JSONSerialization.data(withJSONObject: records, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      Console.output(String(decoding: data, as: UTF8.self))
    }
    return failed ? 1 : 0
  }

  static func info(_ arguments: [String]) throws -> Int32 {
    let o = try parse(arguments, command: "info", allowed: ["--animation"])
    let input = o.input ?? ""
    let start = DispatchTime.now()
    let animation = try load(input, animationID: o.animation)
    let parseSeconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    Console.output(InfoReport.text(animation, file: input, parseSeconds: parseSeconds))
    return 0
  }
}
