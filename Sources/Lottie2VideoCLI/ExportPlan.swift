import Foundation
import Lottie
import Pipeline
import VideoEncoding

/// Everything one export decided and checked before anything is written: the output and its format, the
/// codec, the loaded animation, its size, timeline and rate, the library's options, the notes to say, the
/// size budget and the memory estimate. ``ExportCommand/plan(_:_:context:)`` makes it (reading files, writing
/// none), ``ExportCommand/run(_:_:context:reporter:)`` carries it out, and `--dry-run` prints it.
struct ExportPlan {
  /// The job planned.
  var job: ExportJob
  /// How messages name the input.
  var name: String
  /// The output, numbered when a plain `name.png` asks for frames.
  var output: String
  var format: OutputFormat
  var codec: VideoCodec
  var toStandardOutput: Bool
  /// The poster to write, and which frame it shows.
  var poster: String?
  var posterFrame: PosterChoice
  /// The animation with its images and the diagnostics of loading it.
  var loaded: InputOptions.Loaded
  /// The library's options: size, rate, timeline, encoder, sound.
  var options: ExportOptions
  /// Output frames.
  var frames: Int
  /// Notes to say as the export starts, each with a key (a batch says each one once).
  var notes: [(message: String, key: String?)]
  /// A preset's size budget (not on standard output, which cannot be encoded again), and the preset's name.
  var budget: (budget: SizeBudget, preset: String)?
  /// The memory estimate before the sound is decoded.
  var memory: MemoryEstimate

  var animation: Animation { loaded.animation }
  /// The input's warnings (expressions that do not give their value included): the export says them and
  /// `--strict` fails on them, so the plan does too.
  var warnings: [Diagnostic] { loaded.diagnostics.filter { $0.severity >= .warning } }
  var width: Int { options.render.width }
  var height: Int { options.render.height }
  /// Seconds of video.
  var duration: Double { Double(frames) / options.fps }

  /// The sound the file will carry: its codec, bit rate and sources, or nil for none.
  var audio: PlannedAudio? {
    guard let codec = format.defaultAudioCodec else { return nil }
    let animationAudio = options.audio.includesAnimationAudio && animation.hasAudioLayers
    guard animationAudio || options.audio.soundtrack != nil else { return nil }
    return PlannedAudio(
      codec: codec.rawValue, bitrate: options.audio.bitrate ?? codec.defaultBitrate, animationAudio: animationAudio,
      soundtrack: options.audio.soundtrack?.path, soundtrackOffset: options.audio.soundtrack?.offset,
      soundtrackLoops: options.audio.soundtrack?.loops)
  }
}

/// The sound of a planned export.
struct PlannedAudio: Codable, Equatable {
  var codec: String
  var bitrate: Int
  /// Whether the animation's own audio layers play.
  var animationAudio: Bool
  var soundtrack: String?
  var soundtrackOffset: Double?
  var soundtrackLoops: Bool?
}

// MARK: - Printing

extension ExportPlan {
  /// The plan as `--dry-run --json` prints it.
  struct Document: Codable, Equatable {
    struct Encoder: Codable, Equatable {
      var crf: Int
      var codecPreset: String
      var bitrate: Int?
      var pixelFormat: String
      var vp9Crf: Int
      var av1Crf: Int
      var webpQuality: Int
      var webpLossless: Bool
      var webpLoop: Int
      var apngPlays: Int
      var gifLoop: Int
      var gifDither: String
      var gifPalette: String
    }
    struct Placement: Codable, Equatable {
      var fit: String
      var padding: Int
      /// `#RRGGBBAA`, or nil for transparent.
      var background: String?
      /// `--text-fit`: none or shrink.
      var textFit: String
    }
    struct Timing: Codable, Equatable {
      /// Composition frames played, start included, end excluded.
      var start: Double
      var end: Double
      var speed: Double
      var repeatCount: Int
      var bounce: Bool
      var duration: Double?
      var maxDuration: Double?
    }
    struct Memory: Codable, Equatable {
      var estimatedBytes: Int
      var limitBytes: Int?
      var encoder: String
    }
    struct Budget: Codable, Equatable {
      var preset: String
      var maxBytes: Int
      var minFps: Double?
      var minScale: Double
    }
    var input: String
    var output: String
    var format: String
    var codec: String
    var width: Int
    var height: Int
    var frames: Int
    var fps: Double
    var duration: Double
    var audio: PlannedAudio?
    var memory: Memory
    var poster: String?
    var sizeBudget: Budget?
    var encoder: Encoder
    var placement: Placement
    var timing: Timing
    var jobs: Int
    var notes: [String]
    /// The input's warnings, as the export says them (`path: message`): what `--strict` fails on.
    var warnings: [String] = []
  }

  var document: Document {
    let o = options
    let timeline = o.timeline ?? Timeline(animation: animation)
    let background = o.render.background.map { c in
      String(
        format: "#%02X%02X%02X%02X", Self.byte(c.r), Self.byte(c.g), Self.byte(c.b), Self.byte(c.a))
    }
    return Document(
      input: job.input, output: output, format: format.optionName, codec: codec.rawValue, width: width,
      height: height, frames: frames, fps: o.fps, duration: duration, audio: audio,
      memory: .init(estimatedBytes: memory.totalBytes, limitBytes: o.memoryLimit, encoder: memory.encoderName),
      poster: poster,
      sizeBudget: budget.map {
        .init(preset: $0.preset, maxBytes: $0.budget.maxBytes, minFps: $0.budget.minFPS, minScale: $0.budget.minScale)
      },
      encoder: .init(
        crf: o.crf, codecPreset: o.codecPreset, bitrate: o.bitrate, pixelFormat: o.pixelFormat.rawValue,
        vp9Crf: o.vp9.crf, av1Crf: o.av1.crf, webpQuality: o.webp.quality, webpLossless: o.webp.lossless,
        webpLoop: o.webp.loopCount, apngPlays: o.apng.plays, gifLoop: o.gif.loopCount,
        gifDither: o.gif.dither.rawValue, gifPalette: o.gif.palette.rawValue),
      placement: .init(
        fit: o.render.fit.rawValue, padding: o.render.padding, background: background,
        textFit: o.render.textFit.rawValue),
      timing: .init(
        start: timeline.start, end: timeline.end, speed: timeline.speed, repeatCount: timeline.repeatCount,
        bounce: timeline.bounce, duration: timeline.duration, maxDuration: timeline.maxDuration),
      jobs: o.render.jobs, notes: notes.map(\.message), warnings: warnings.map { "\($0.path): \($0.message)" })
  }

  /// A colour channel, 0...1, as a byte.
  static func byte(_ channel: Double) -> Int {
    Int((min(max(channel, 0), 1) * 255).rounded())  // int-audit: safe: held to 0...255
  }

  /// The plan as `--dry-run` prints it: one line per decision.
  var text: String {
    let d = document
    let f = InfoReport.fmt
    var lines = ["\(name): export planned, nothing written"]
    func add(_ label: String, _ value: String) {
      lines.append("  " + label.padding(toLength: 10, withPad: " ", startingAt: 0) + value)
    }
    add("output", toStandardOutput ? "standard output" : output)
    var encoder = "\(d.format), \(d.codec)"
    if [VideoCodec.h264, .h265].contains(codec) {
      encoder += d.encoder.bitrate.map { " at \($0) bit/s" } ?? " crf \(d.encoder.crf)"
      encoder += ", \(d.encoder.codecPreset), \(d.encoder.pixelFormat)"
    } else if codec == .vp9 || codec == .av1 {
      encoder +=
        d.encoder.bitrate.map { " at \($0) bit/s" } ?? " crf \(codec == .vp9 ? d.encoder.vp9Crf : d.encoder.av1Crf)"
    } else if codec == .webp {
      encoder += d.encoder.webpLossless ? ", lossless" : ", quality \(d.encoder.webpQuality)"
    } else if codec == .gif {
      encoder += ", \(d.encoder.gifPalette) palette, dither \(d.encoder.gifDither), loop \(d.encoder.gifLoop)"
    }
    add("encoder", encoder)
    add(
      "size",
      "\(width)x\(height), fit \(d.placement.fit), padding \(d.placement.padding), background "
        + (d.placement.background ?? "transparent")
        + (d.placement.textFit == TextFitMode.none.rawValue ? "" : ", text fit \(d.placement.textFit)"))
    add("frames", "\(frames) at \(f(d.fps)) fps, \(String(format: "%.3f", d.duration)) s")
    add(
      "timing",
      "composition frames \(f(d.timing.start)) to \(f(d.timing.end)) (end excluded), speed \(f(d.timing.speed)), "
        + "repeat \(d.timing.repeatCount)\(d.timing.bounce ? ", bounce" : "")"
        + (d.timing.duration.map { ", filling \(f($0)) s" } ?? "")
        + (d.timing.maxDuration.map { ", at most \(f($0)) s" } ?? ""))
    if let audio = d.audio {
      var sources: [String] = []
      if audio.animationAudio { sources.append("the animation's audio layers") }
      if let soundtrack = audio.soundtrack {
        sources.append(
          "soundtrack \(soundtrack) from \(f(audio.soundtrackOffset ?? 0)) s"
            + (audio.soundtrackLoops == true ? ", looped" : ""))
      }
      add("audio", "\(audio.codec) at \(audio.bitrate / 1000) kb/s: " + sources.joined(separator: "; "))
    } else {
      add("audio", "none")
    }
    add(
      "memory",
      "about \(MemoryEstimate.format(d.memory.estimatedBytes)) with \(d.jobs) worker\(d.jobs == 1 ? "" : "s") ("
        + (d.memory.limitBytes.map { "limit \(MemoryEstimate.format($0))" } ?? "no limit")
        + "; \(d.memory.encoder))")
    if let poster = d.poster { add("poster", poster) }
    if let budget = d.sizeBudget {
      add(
        "budget",
        "at most \(budget.maxBytes) bytes (preset '\(budget.preset)'; frame rate down to "
          + (budget.minFps.map { "\(f($0)) fps" } ?? "the same") + ", sides down to \(f(budget.minScale * 100))%)")
    }
    for note in d.notes { add("note", note) }
    // As the export lists them: expressions five at a time, then a count.
    let expressions = warnings.filter { $0.path.description.hasSuffix(".x") }
    for w in warnings where !w.path.description.hasSuffix(".x") { add("warning", "\(w.path): \(w.message)") }
    for w in expressions.prefix(5) { add("warning", "\(w.path): \(w.message)") }
    if expressions.count > 5 {
      add(
        "warning",
        "\(expressions.count - 5) more expressions did not give their value (`lottie2video check` lists each)")
    }
    return lines.joined(separator: "\n")
  }
}
