import Pipeline
import VideoEncoding

/// Sound and GIF palette options (see ``OptionTable``).
extension OptionTable {
  // MARK: - Sound

  static let audio = Option<String>(
    "--audio", value: "file",
    help: "Lay a sound file under the video: any format FFmpeg reads (MP3, AAC/M4A, WAV, Ogg, Opus, FLAC, a "
      + "video's sound), mixed with the animation's own audio layers, played once from --audio-offset and cut at "
      + "the video's end. A file that cannot be decoded is an error before anything is rendered.",
    default: "none", section: .sound,
    completion: .file(["mp3", "m4a", "aac", "wav", "ogg", "opus", "flac"]), preset: true,
    values: "a sound file FFmpeg reads, relative to the preset file", parse: { $0 })

  static let audioOffset = Option<Double>(
    "--audio-offset", value: "seconds",
    help: "Start --audio this many seconds into the video; a negative offset starts the video that many seconds "
      + "into the sound file.",
    default: "0", section: .sound, preset: true, parse: ValueParser.double(-86400...86400))

  static let audioLoop = Flag(
    "--audio-loop", help: "Repeat --audio until the video ends.", default: "played once", section: .sound, preset: true)

  static let noAudio = Flag(
    "--no-audio",
    help: "Leave out the animation's own audio layers (ty 6); an --audio file still plays.",
    default: "the animation's sound plays", section: .sound, preset: true)

  static let audioBitrate = Option<Int>(
    "--audio-bitrate", value: "rate", help: "Audio bit rate, 8k to 512k, e.g. 96k or 192000.",
    default: "AAC 160k, Opus 128k", section: .sound, preset: true, presetValue: .rate,
    values: "`\"96k\"`, or bits per second, 8000 … 512000"
  ) { text throws(InvalidValue) in
    guard let rate = parseAudioBitrate(text) else { throw InvalidValue("bits per second from 8k to 512k, e.g. 96k") }
    return rate
  }

  /// `96k`, `192000`: 8000 to 512000 bits per second (what the AAC and Opus encoders take).
  static func parseAudioBitrate(_ text: String) -> Int? {
    guard let rate = parseBitrate(text), (8_000...512_000).contains(rate) else { return nil }
    return rate
  }

  // MARK: - GIF palette

  static let gifPalette = Option<GIFOptions.Palette>(
    "--gif-palette", value: "mode",
    help: "GIF: global (one palette made from every frame) or per-frame (a palette for each frame: gradients "
      + "and colour changes keep more shades; each frame carries its own colour table, up to 768 bytes).",
    default: "global", section: .encoding,
    completion: .choices(GIFOptions.Palette.allCases.map(\.rawValue)),
    preset: true,
    parse: ValueParser.choice(
      Dictionary(uniqueKeysWithValues: GIFOptions.Palette.allCases.map { ($0.rawValue, $0) }),
      hint: "use global or per-frame"))
}
