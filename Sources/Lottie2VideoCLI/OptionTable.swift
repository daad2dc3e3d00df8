import CairoRendering
import Foundation
import Lottie
import Pipeline
import VideoEncoding

/// Every option of every command, declared once (see ``OptionSpec``). ``all`` is the order `--help` lists
/// them in within each section; a test checks that the parser, the help, the completions and the man page
/// all come from it.
///
/// To add an option: declare it here (or in an `OptionTable+Area.swift` file), add it to ``all`` and to the
/// ``OptionGroup`` it belongs to (the commands that take that group get it), and read it in those commands'
/// options structs. `preset: true` lets preset files set it too, under its name in camel case.
enum OptionTable {
  static let all: [OptionSpec] = [
    // General
    output.spec, format.spec, preset.spec, fps.spec, frame.spec, jobs.spec, maxFrames.spec,
    // Timing
    frames.spec, progress.spec, marker.spec, speed.spec, repeatCount.spec, bounce.spec, duration.spec,
    // Templating
    setKeypath.spec, slot.spec, image.spec, theme.spec, data.spec, dataIgnore.spec,
    // Size
    size.spec, width.spec, height.spec, scale.spec, fit.spec, textFit.spec, padding.spec, background.spec, count.spec,
    columns.spec,
    // Encoding
    codec.spec, crf.spec, bitrate.spec, pixelFormat.spec, quality.spec, lossless.spec, codecPreset.spec, loop.spec,
    dither.spec, gifPalette.spec, poster.spec, posterFrame.spec,
    // Sound
    audio.spec, audioOffset.spec, audioLoop.spec, noAudio.spec, audioBitrate.spec,
    // Batch
    recursive.spec, skipExisting.spec, report.spec, shard.spec,
    // Input
    assets.spec, fonts.spec, allowExternalPaths.spec, animation.spec, limit.spec, keypaths.spec,
    // Messages
    json.spec, dryRun.spec, strict.spec, quiet.spec, help.spec, version.spec,
  ]

  /// The option named `name` (any of its names) among `options`.
  static func spec(named name: String, in options: [OptionSpec]) -> OptionSpec? {
    options.first { $0.names.contains(name) }
  }

  // MARK: - General

  static let output = Option<String>(
    "--output", "-o", value: "output",
    help:
      "Output video. The format comes from the extension: .mp4, .m4v (H.264), .webm (VP9, with alpha when the "
      + "background is transparent), .mov (ProRes 4444 with alpha, or ProRes 422 HQ when opaque), .gif (palette from "
      + "the frames, transparency kept), .webp (animated WebP), .apng, .y4m (uncompressed frames for other tools), or a "
      + "PNG sequence: a name with a frame number pattern such as frames/f_%05d.png (the folder is created; a plain "
      + "name.png is numbered name_00000.png, ...). "
      + "'-' writes to standard output with --format: mp4 and m4v as fragmented MP4, mov, webm, gif, y4m or "
      + "rawvideo. Written under a temporary name and renamed when complete: a failure or Ctrl-C leaves no partial "
      + "file. Never an input, nor an existing folder (both refused before anything is written). A batch writes "
      + "into this folder (a PNG sequence gets a folder each: NAME/NAME_00000.png); a --data run fills in {column} "
      + "and {row}.",
    default: "required", section: .general,
    completion: .file(["mp4", "m4v", "mov", "webm", "gif", "webp", "apng", "png", "y4m"]), parse: ValueParser.string)

  static let format = Option<OutputFormat>(
    "--format", value: "name",
    help: "The container when the output's name does not say it (standard output, -o -): "
      + OutputFormat.allCases.map(\.optionName).joined(separator: ", ") + ".",
    default: "from the extension", section: .general,
    completion: .choices(OutputFormat.allCases.map(\.optionName)),
    preset: true,
    parse: ValueParser.choice(
      Dictionary(uniqueKeysWithValues: OutputFormat.allCases.map { ($0.optionName, $0) }),
      hint: "use " + OutputFormat.allCases.map(\.optionName).joined(separator: ", ")))

  static let preset = Option<String>(
    "--preset", value: "name|file",
    help:
      "Settings for a destination, from a JSON file: a name from 'lottie2video presets' (looked up in "
      + "$L2V_PRESETS, then the presets/ folder of the package the binary was built in) or a path to a .json file "
      + "(schema: presets/README.md). Options given on the command line win over the preset's. A preset's width "
      + "and height are the base size that --width, --height and --scale apply to.",
    default: "none", section: .general, completion: .file(["json"]),
    parse: ValueParser.string)

  static let fps = Option<Double>(
    "--fps", value: "fps",
    help: "Output frame rate. The animation is sampled at its own time, so the duration stays the same at any rate.",
    default: "the animation's own", section: .general,
    preset: true, parse: ValueParser.double(0.1...240))

  static let frame = Option<Double>(
    "--frame", value: "frame",
    help: "The composition frame to render, as in the JSON's ip/op (fractional allowed; ip up to op, op excluded).",
    default: "required", section: .general, parse: ValueParser.double(-1e7...1e7))

  static let jobs = Option<Int>(
    "--jobs", value: "n",
    help: "Render workers. A batch or --data run exports up to n files at once, with n divided between them; on "
      + "a terminal one line shows files done and running, frames, fps, ETA.",
    default: "active cores", section: .general, parse: ValueParser.int(1...256))

  static let maxFrames = Option<Int>(
    "--max-frames", value: "n", help: "Stop after n frames.", default: "all", section: .general,
    parse: ValueParser.int(1...10_000_000))

  // MARK: - Timing

  static let frames = Option<FrameSpan>(
    "--frames", value: "a-b",
    help: "Play composition frames a through b, both included (as in the JSON's ip/op).",
    default: "ip through op-1", section: .timing
  ) { text throws(InvalidValue) in
    guard let (a, b) = parseRange(text), a <= b else {
      throw InvalidValue("use first-last composition frames, e.g. 0-59")
    }
    return FrameSpan(first: a, last: b)
  }

  static let progress = Option<ProgressOption>(
    "--progress", value: "from-to",
    help: "Play a portion of ip..op, as lottie-ios fromProgress/toProgress, e.g. 0.25-0.5. '--progress json' "
      + "instead reports progress as JSON lines on stderr (see PROGRESS EVENTS).",
    default: "0-1", section: .timing, completion: .choices(["json"])
  ) { text throws(InvalidValue) in
    if text == "json" { return .json }
    guard let (a, b) = parseRange(text), a >= 0, b <= 1, a < b else {
      throw InvalidValue("use two fractions from 0 to 1, the first smaller, e.g. 0.25-0.5")
    }
    return .range(from: a, to: b)
  }

  static let marker = Option<String>(
    "--marker", value: "name",
    help: "Play a marker's span, tm up to tm+dr. Only one of --frames, --progress, --marker.",
    default: "none", section: .timing, parse: ValueParser.string)

  static let speed = Option<Double>(
    "--speed", value: "x", help: "Playback rate, 0.01 to 100: 2 plays twice as fast (half the frames).",
    default: "1", section: .timing, parse: ValueParser.double(0.01...100))

  static let repeatCount = Option<Int>(
    "--repeat", value: "n", help: "Play the segment n times in the video.", default: "1",
    section: .timing, parse: ValueParser.int(1...10000))

  static let bounce = Flag(
    "--bounce",
    help: "Play forward then backward (lottie-ios autoReverse); doubles the length. For 90 frames at the "
      + "animation's rate, frame 90+k shows 89-k.",
    section: .timing)

  static let duration = Option<Double>(
    "--duration", value: "seconds",
    help: "Loop the segment (with --bounce, the cycle) to fill exactly this long; not with --repeat.",
    default: "as long as the repeats", section: .timing,
    parse: ValueParser.double(0.01...86400))

  // MARK: - Templating

  static let setKeypath = Option<Template.Assignment>(
    "--set", value: "keypath=value",
    help:
      "Set a property by keypath, as lottie-ios names them: layer, group and item names, then the property, joined "
      + "by dots (a dot in a name is \\.; an unnamed layer or item is the empty name, e.g. '.Text'); * matches one "
      + "name, ** any number. Colours take #RRGGBB, #RRGGBBAA (AA sets the fill's or stroke's Opacity), rgb(), "
      + "rgba(), hsl() or a CSS name; numbers and points as numbers; Text a string. E.g. --set "
      + "'**.Fill 1.Color=#FF0000' --set 'Title.Text=Hello'. Repeatable; a keypath that matches nothing is an error "
      + "listing the nearest ones ('info --keypaths' lists them all).",
    default: "none", section: .templating, repeatable: true
  ) { text throws(InvalidValue) in
    try assignment(text, example: "'**.Fill 1.Color=#FF0000'", placeholder: "keypath=value")
  }

  static let slot = Option<Template.Assignment>(
    "--slot", value: "id=value",
    help: "Set a Lottie slot (top-level 'slots') by id; the value is read as the slot's default is shaped.",
    default: "none", section: .templating, repeatable: true
  ) { text throws(InvalidValue) in try assignment(text, example: "brand=#FF0000", placeholder: "id=value") }

  static let image = Option<Template.Assignment>(
    "--image", value: "asset=file",
    help: "Draw an image file instead of an image asset, by asset id (scaled to the asset's w and h).",
    default: "none", section: .templating, completion: .file([]), repeatable: true
  ) { text throws(InvalidValue) in try assignment(text, example: "image_0=logo.png", placeholder: "asset=file") }

  static let theme = Option<String>(
    "--theme", value: "id",
    help: "Apply a dotLottie v2 theme of the archive (its t/<id>.json rules set the slots they name); "
      + "'info' lists the themes.",
    default: "none", section: .templating, parse: ValueParser.string)

  static let data = Option<String>(
    "--data", value: "rows.csv|rows.json",
    help:
      "One export per row: each column whose name is a keypath (has a dot or *) is a --set, 'slot:ID' a --slot, "
      + "'image:ID' an --image (a path from the table's folder, read only there, in the animation's folder "
      + "and --assets unless --allow-external-paths); empty cells keep the file's value. The output is a template: {column} and {row} "
      + "(the row number) are filled in, e.g. -o 'out/{city}.mp4'. Rows run like a batch (in parallel within "
      + "--jobs; --report works).",
    default: "none", section: .templating, completion: .file(["csv", "json"]),
    parse: ValueParser.string)

  static let dataIgnore = Option<[String]>(
    "--data-ignore", value: "column[,column...]",
    help:
      "Columns of --data to leave unused. A column that is neither a keypath, 'slot:ID' nor 'image:ID' and that "
      + "the output name does not use is refused (a header 'text' where 'Title.Text' was meant), unless named here.",
    default: "none", section: .templating, repeatable: true, values: "column names, separated by commas"
  ) { text throws(InvalidValue) in
    text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  // MARK: - Parsing helpers

  /// Parses "a-b" (each side a number; a leading minus belongs to the first number).
  static func parseRange(_ v: String) -> (Double, Double)? {
    guard v.count > 1, let dash = v.dropFirst().firstIndex(of: "-") else { return nil }
    guard let a = Double(v[..<dash]), let b = Double(v[v.index(after: dash)...]), a.isFinite, b.isFinite else {
      return nil
    }
    return (a, b)
  }

  /// Splits `KEY=VALUE` for --set, --slot and --image.
  static func assignment(_ text: String, example: String, placeholder: String) throws(InvalidValue)
    -> Template.Assignment
  {
    guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
      throw InvalidValue("use \(placeholder), e.g. \(example)")
    }
    return Template.Assignment(key: String(text[..<eq]), value: String(text[text.index(after: eq)...]))
  }
}

/// `--frames a-b`: composition frames a through b, both included.
struct FrameSpan: Sendable, Equatable {
  var first: Double
  var last: Double
}

/// `--progress`: a portion of the animation, or JSON progress events.
enum ProgressOption: Sendable, Equatable {
  case range(from: Double, to: Double)
  case json
}

extension OutputFormat {
  /// The name `--format` takes: `png` for a PNG sequence, else the raw value.
  var optionName: String { self == .pngSequence ? "png" : rawValue }

  /// The format `--format` (or a preset's `format`) names.
  init?(optionName: String) {
    guard let format = OutputFormat.allCases.first(where: { $0.optionName == optionName }) else { return nil }
    self = format
  }
}
