import CairoRendering
import Lottie
import Pipeline
import VideoEncoding

/// Size, encoding, batch, input and message options (see ``OptionTable``).
extension OptionTable {
  // MARK: - Size and placement

  static let sizeNames: [(name: String, width: Int, height: Int)] = [
    ("480p", 854, 480), ("720p", 1280, 720), ("1080p", 1920, 1080), ("1440p", 2560, 1440), ("4k", 3840, 2160),
    ("2160p", 3840, 2160),
  ]

  static let size = Option<OutputSize>(
    "--size", value: "size",
    help: "480p (854x480), 720p (1280x720), 1080p (1920x1080), 1440p (2560x1440), 4k or 2160p (3840x2160), or WxH "
      + "such as 1080x1350; instead of --width and --height.",
    default: "as --width", section: .size,
    completion: .choices(sizeNames.map(\.name))
  ) { text throws(InvalidValue) in
    guard let size = parseSize(text) else {
      throw InvalidValue("use 480p, 720p, 1080p, 1440p, 4k or WxH (1 to 16384 a side)")
    }
    return size
  }

  static let width = Option<Int>(
    "--width", value: "w", help: "Output width in pixels; with --height alone, derived keeping the aspect.",
    default: "the animation's width", section: .size, preset: true, parse: ValueParser.int(1...16384))

  static let height = Option<Int>(
    "--height", value: "h", help: "Output height in pixels; with --width alone, derived keeping the aspect.",
    default: "as --width", section: .size,
    preset: true, parse: ValueParser.int(1...16384))

  static let scale = Option<Double>(
    "--scale", value: "s", help: "Multiply the animation's size by s; ignored when --width or --height is given.",
    default: "1", section: .size, parse: ValueParser.double(0.01...64))

  static let fit = Option<FitMode>(
    "--fit", value: "mode",
    help: "contain, cover or fill, when the output's aspect ratio differs from the animation's (centred).",
    default: "contain", section: .size,
    completion: .choices(FitMode.allCases.map(\.rawValue)),
    preset: true,
    parse: ValueParser.choice(
      Dictionary(uniqueKeysWithValues: FitMode.allCases.map { ($0.rawValue, $0) }), hint: "use contain, cover or fill"))

  static let textFit = Option<TextFitMode>(
    "--text-fit", value: "mode",
    help: "none, or shrink: text that runs out of its box or off the frame at every frame checked is drawn smaller "
      + "until it fits (box text to its box, point text to the frame, towards its anchor). Without it such text is "
      + "drawn as the file says, with a warning.",
    default: "none", section: .size,
    completion: .choices(TextFitMode.allCases.map(\.rawValue)),
    preset: true,
    parse: ValueParser.choice(
      Dictionary(uniqueKeysWithValues: TextFitMode.allCases.map { ($0.rawValue, $0) }), hint: "use none or shrink"))

  static let padding = Option<Int>(
    "--padding", value: "n",
    help: "Pixels of background on every side; the animation is fitted inside the rest. With --fit cover the crop "
      + "is not clipped to the padded box.",
    default: "0", section: .size, preset: true, parse: ValueParser.int(0...4096))

  static let background = Option<ColorParser.Parsed>(
    "--background", value: "color",
    help: "#RRGGBB, #RRGGBBAA, rgb(r,g,b), rgba(r,g,b,a), hsl(h,s%,l%), hsla(), any CSS colour name or "
      + "'transparent'. MP4 has no alpha, so it is composited over white; WebM (VP9), MOV (ProRes 4444), GIF, WebP "
      + "and APNG keep the transparency.",
    default: "transparent", section: .size, preset: true,
    values: "`#RRGGBB`, `#RRGGBBAA`, `rgb()`, `rgba()`, `hsl()`, `hsla()`, a CSS colour name, `transparent`"
  ) { text throws(InvalidValue) in
    guard let color = ColorParser.parse(text) else {
      throw InvalidValue("use #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla(), a CSS colour name or 'transparent'")
    }
    return color
  }

  static let count = Option<Int>(
    "--count", value: "n", help: "Frames on the sheet, spread over the animation or --frames.", default: "12",
    section: .size, parse: ValueParser.int(1...400))

  static let columns = Option<Int>(
    "--columns", value: "n", help: "Columns of the sheet.", default: "4", section: .size,
    parse: ValueParser.int(1...40))

  /// Parses `--size`: a name such as 1080p, or WxH.
  static func parseSize(_ text: String) -> OutputSize? {
    let lower = text.lowercased()
    if let named = sizeNames.first(where: { $0.name == lower }) {
      return OutputSize(width: named.width, height: named.height)
    }
    let parts = lower.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...16384).contains(w),
      (1...16384).contains(h)
    else { return nil }
    return OutputSize(width: w, height: h)
  }

  // MARK: - Encoding

  static let codecNames: [String: VideoCodec] = [
    "h264": .h264, "h265": .h265, "hevc": .h265, "vp9": .vp9, "av1": .av1, "prores": .prores, "prores-4444": .prores,
    "prores-hq": .proresHQ, "gif": .gif, "webp": .webp, "apng": .apng, "png": .png, "y4m": .y4m,
    "rawvideo": .rawvideo,
  ]

  static let codec = Option<VideoCodec>(
    "--codec", value: "codec",
    help: "h264, h265, vp9, av1, prores, prores-hq or gif, where the container allows it. AV1 has no alpha here "
      + "(libaom in FFmpeg 5.1 takes no alpha plane): an AV1 WebM is composited over the background, with a note.",
    default: "the container's", section: .encoding,
    completion: .choices(["h264", "h265", "vp9", "av1", "prores", "prores-hq", "gif"]),
    preset: true, parse: ValueParser.choice(codecNames, hint: "use h264, h265, vp9, av1, prores, prores-hq or gif"))

  static let crf = Option<Int>(
    "--crf", value: "n",
    help: "Quality: H.264/H.265 0 (lossless) to 51; VP9 and AV1 0 to 63 (their defaults 32 and 35). A preset with "
      + "a size budget (maxBytes) raises it until the file fits.",
    default: "23", section: .encoding, preset: true, parse: ValueParser.int(0...63))

  static let bitrate = Option<Int>(
    "--bitrate", value: "rate", help: "Target bit rate instead of CRF for H.264, H.265 and VP9, e.g. 800k or 5M.",
    default: "CRF", section: .encoding, preset: true, presetValue: .rate,
    values: "`\"800k\"`, `\"5M\"`, or bits per second, 1000 … 2e9"
  ) { text throws(InvalidValue) in
    guard let rate = parseBitrate(text) else { throw InvalidValue("bits per second, e.g. 800k or 5M") }
    return rate
  }

  static let pixelFormat = Option<ChromaFormat>(
    "--pix-fmt", value: "format", help: "yuv420p or yuv444p for H.264 and H.265.", default: "yuv420p",
    section: .encoding, completion: .choices(ChromaFormat.allCases.map(\.rawValue)),
    preset: true,
    parse: ValueParser.choice(
      Dictionary(uniqueKeysWithValues: ChromaFormat.allCases.map { ($0.rawValue, $0) }), hint: "use yuv420p or yuv444p")
  )

  static let quality = Option<Int>(
    "--quality", value: "q", help: "Animated WebP quality, 0 to 100.", default: "80", section: .encoding, preset: true,
    parse: ValueParser.int(0...100))

  static let lossless = Flag(
    "--lossless", help: "Lossless animated WebP.", default: "lossy", section: .encoding, preset: true)

  static let codecPreset = Option<String>(
    "--codec-preset", value: "name", help: "x264/x265 speed preset, ultrafast ... veryslow.", default: "veryfast",
    section: .encoding, completion: .choices(EncoderSettings.x264Presets),
    preset: true,
    parse: ValueParser.choice(
      Dictionary(uniqueKeysWithValues: EncoderSettings.x264Presets.map { ($0, $0) }),
      hint: "use one of \(EncoderSettings.x264Presets.joined(separator: ", "))"))

  static let loop = Option<Int>(
    "--loop", value: "n", help: "GIF, WebP, APNG: 0 loops forever, n plays n+1 times, -1 plays once.",
    default: "0", section: .encoding, preset: true, parse: ValueParser.int(-1...65535))

  static let dither = Option<GIFOptions.Dither>(
    "--dither", value: "mode", help: "GIF: sierra2_4a, bayer or none.", default: "sierra2_4a", section: .encoding,
    completion: .choices(GIFOptions.Dither.allCases.map(\.rawValue)),
    preset: true,
    parse: ValueParser.choice(
      Dictionary(uniqueKeysWithValues: GIFOptions.Dither.allCases.map { ($0.rawValue, $0) }),
      hint: "use sierra2_4a, bayer or none"))

  static let poster = Option<String>(
    "--poster", value: "file.png",
    help: "Also write a poster frame as a PNG at the video's size, composited as the video is (over white for "
      + "MP4; transparent where the video keeps alpha). In a batch or --data run the name is a template: {name} (the "
      + "output's name) or a data column, e.g. 'posters/{name}.png'.",
    default: "none", section: .encoding, completion: .file(["png"])
  ) { text throws(InvalidValue) in
    guard text.lowercased().hasSuffix(".png") else { throw InvalidValue("the poster is a PNG") }
    return text
  }

  static let posterFrame = Option<PosterChoice>(
    "--poster-frame", value: "N|P%|auto",
    help: "Which frame --poster shows: composition frame N, P% through the video, or auto: the marker named "
      + "'poster' when the file has one, else the frame of the video with the most visible ink (the first of "
      + "those nearly as full as the fullest).",
    default: "auto", section: .encoding, completion: .choices(["auto"])
  ) { text throws(InvalidValue) in
    if text == "auto" { return .automatic }
    if text.hasSuffix("%") {
      guard let p = Double(text.dropLast()), p.isFinite, (0...100).contains(p) else {
        throw InvalidValue("a percentage is 0% to 100%")
      }
      return .percent(p)
    }
    guard let frame = Double(text), frame.isFinite, abs(frame) <= 1e7 else {
      throw InvalidValue("use a composition frame, a percentage such as 50%, or auto")
    }
    return .frame(frame)
  }

  /// `800k`, `5M` or a plain number of bits per second, 1000 to 2e9.
  static func parseBitrate(_ text: String) -> Int? {
    let multiplier: Double =
      text.hasSuffix("M") || text.hasSuffix("m") ? 1_000_000 : (text.hasSuffix("k") || text.hasSuffix("K") ? 1000 : 1)
    let digits = multiplier == 1 ? text : String(text.dropLast())
    guard let n = Double(digits), n * multiplier >= 1000, n * multiplier <= 2e9 else { return nil }
    return Int(n * multiplier)  // int-audit: safe: 1000...2e9, checked above
  }

  // MARK: - Batch

  static let recursive = Flag(
    "--recursive",
    help: "Batch: also export the animations in sub-folders, mirroring them under the output folder.",
    default: "the top folder only", section: .batch)

  static let skipExisting = Flag(
    "--skip-existing",
    help: "Batch: skip a file whose outputs all exist (the video, or a PNG sequence's first frame, and its "
      + "poster), so a rerun resumes.",
    default: "overwrite",
    section: .batch)

  static let report = Option<String>(
    "--report", value: "file.json",
    help: "Batch or --data: write a record per file (input, output, status, reason, frames, duration, bytes, "
      + "seconds, diagnostics, and batch: its place in the whole batch and shard, for merge-reports), rewritten "
      + "as files finish and when the run is interrupted; with --skip-existing, a skipped file keeps the "
      + "earlier report's record.",
    default: "none", section: .batch, completion: .file(["json"]), parse: ValueParser.string)

  static let shard = Option<Shard>(
    "--shard", value: "i/n",
    help: "Batch: export only every n-th file of the sorted list, starting with the i-th, so n machines split a "
      + "batch without overlap.",
    default: "all", section: .batch
  ) { text throws(InvalidValue) in
    let parts = text.split(separator: "/").compactMap { Int($0) }
    guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
      throw InvalidValue("use i/n with 1 <= i <= n, e.g. 2/3")
    }
    return Shard(index: parts[0], count: parts[1])
  }

  // MARK: - Input

  static let assets = Option<String>(
    "--assets", value: "dir",
    help: "Folder for external images (where an asset's 'u' path is relative to). Images inside a .lottie archive "
      + "are taken from it.",
    default: "the animation's folder", section: .input, completion: .directory,
    parse: ValueParser.string)

  static let fonts = Option<String>(
    "--fonts", value: "dir",
    help: "Folder of extra fonts for text layers (brand fonts); a .lottie archive's fonts/ are added too.",
    default: "none", section: .input, completion: .directory, parse: ValueParser.string)

  static let allowExternalPaths = Flag(
    "--allow-external-paths",
    help: "Trusted files only: read the images, sounds and fonts (fonts.list[].fPath) an animation names by an "
      + "absolute path or one that climbs out of its folder with '..'. Without it they are refused with one "
      + "warning that does not say whether the file exists, so an uploaded file cannot read or probe the "
      + "machine's files. Only regular files are read either way.",
    default: "off: only the animation's folder, --assets, --fonts and the archive", section: .input)

  static let animation = Option<String>(
    "--animation", value: "id", help: "Which animation of a .lottie archive to use, by its manifest id.",
    default: "the manifest's initial or first", section: .input, parse: ValueParser.string)

  static let limit = Option<LimitSetting>(
    "--limit", value: "name=value", help: LimitSpec.helpText, default: "as listed", section: .input,
    completion: .choices(LimitSpec.all.map { $0.name + "=" }), repeatable: true,
    parse: LimitSpec.parse)

  static let keypaths = Flag(
    "--keypaths", help: "List every settable keypath and the kind of value it takes.", section: .input)

  // MARK: - Messages

  static let json = Flag(
    "--json", help: "Machine-readable output on stdout (a JSON document).", default: "text",
    section: .progress)

  static let dryRun = Flag(
    "--dry-run",
    help: "Decide and check everything, write nothing, and print the plan: the output, format, codec, size, "
      + "frames, duration, audio and estimated memory of each export (with --json, as a JSON document). The "
      + "animation is loaded and checked as for the export; the exit code is the one the export would have "
      + "before rendering.",
    section: .progress)

  static let strict = Flag(
    "--strict",
    help: "Fail (exit 1, nothing written) when the input uses anything we ignore or approximate (warnings).",
    section: .progress)

  static let quiet = Flag(
    "--quiet", "-q",
    help: "No progress, notes or summaries (errors are still printed; JSON events still flow with --progress json).",
    section: .progress)

  /// Every command takes it (``CommandSpec/options`` adds it).
  static let help = Flag("--help", "-h", help: "Show this help.", default: "", section: .progress)

  static let version = Flag(
    "--version", help: "Show the version.", default: "", section: .progress)
}

/// `--size`: an output size.
struct OutputSize: Sendable, Equatable {
  var width: Int
  var height: Int
}

/// `--shard i/n`.
struct Shard: Sendable, Equatable {
  var index: Int
  var count: Int
}
