import CairoRendering
import Foundation
import Lottie
import Raster
import VideoEncoding

/// Everything an export needs besides the animation.
public struct ExportOptions: Sendable {
  /// Where the video goes.
  public var outputPath: String
  /// Size, fit, background and worker count.
  public var render: RenderSettings
  /// Output frames per second.
  public var fps: Double
  /// The codec and its settings, as the encoder takes them (``EncoderSettings/encoding``).
  public var encoding: EncodingChoice
  /// Stop after this many frames (previews, benchmarks).
  public var maxFrames: Int?
  /// The container, or nil to take it from the output path's extension (needed for `-`, standard output).
  public var format: OutputFormat? = nil
  /// Segment, speed, repeats, bounce and length; nil plays the whole animation once.
  public var timeline: Timeline? = nil
  /// Sound: the animation's audio layers, a soundtrack, the audio bit rate (see ``AudioOptions``).
  public var audio = AudioOptions()
  /// The most memory the export may need (``MemoryEstimate``), in bytes, or nil for no limit; checked
  /// before anything is rendered. 4 GB by default (``MemoryEstimate/defaultLimit``, `--limit memory=`).
  public var memoryLimit: Int? = MemoryEstimate.defaultLimit
  /// The process's resident memory the export stops at while it renders (``MemoryGuard``), or nil (the
  /// default) to check only the plan. A batch exporting several files at once checks each plan against its
  /// share of the limit and sets this to the whole.
  public var residentLimit: Int? = nil

  /// Makes options.
  public init(
    outputPath: String, render: RenderSettings, fps: Double, crf: Int = 23, codecPreset: String = "veryfast",
    maxFrames: Int? = nil
  ) {
    self.outputPath = outputPath
    self.render = render
    self.fps = fps
    self.encoding = EncodingChoice(crf: crf, codecPreset: codecPreset)
    self.maxFrames = maxFrames
  }

  // MARK: - The choice's settings, by the same names

  /// ``EncodingChoice/codec``: nil for the format's default (MP4 H.264, WebM VP9, MOV ProRes, GIF).
  public var codec: VideoCodec? {
    get { encoding.codec }
    set { encoding.codec = newValue }
  }
  /// ``EncodingChoice/crf``: libx264's and libx265's constant rate factor.
  public var crf: Int {
    get { encoding.crf }
    set { encoding.crf = newValue }
  }
  /// ``EncodingChoice/codecPreset``: libx264's and libx265's speed preset.
  public var codecPreset: String {
    get { encoding.codecPreset }
    set { encoding.codecPreset = newValue }
  }
  /// ``EncodingChoice/bitrate``: a target bit rate instead of CRF (H.264, H.265, VP9).
  public var bitrate: Int? {
    get { encoding.bitrate }
    set { encoding.bitrate = newValue }
  }
  /// ``EncodingChoice/pixelFormat``: chroma subsampling for H.264 and H.265.
  public var pixelFormat: ChromaFormat {
    get { encoding.pixelFormat }
    set { encoding.pixelFormat = newValue }
  }
  /// ``EncodingChoice/gif``: palette, dithering and loop.
  public var gif: GIFOptions {
    get { encoding.gif }
    set { encoding.gif = newValue }
  }
  /// ``EncodingChoice/webp``.
  public var webp: WebPOptions {
    get { encoding.webp }
    set { encoding.webp = newValue }
  }
  /// ``EncodingChoice/apng``.
  public var apng: APNGOptions {
    get { encoding.apng }
    set { encoding.apng = newValue }
  }
  /// ``EncodingChoice/vp9``: VP9 quality (its CRF scale is 0...63, not x264's).
  public var vp9: VP9Options {
    get { encoding.vp9 }
    set { encoding.vp9 = newValue }
  }
  /// ``EncodingChoice/av1``.
  public var av1: AV1Options {
    get { encoding.av1 }
    set { encoding.av1 = newValue }
  }

  /// The container written: `format`, else the one the output's extension names, else MP4.
  public var resolvedFormat: OutputFormat { format ?? OutputFormat.from(path: outputPath) ?? .mp4 }

  /// The codec used: `codec`, else the container's default (with alpha unless the background is opaque).
  public var resolvedCodec: VideoCodec {
    codec ?? resolvedFormat.defaultCodec(alpha: render.background.map { $0.a < 1 } ?? true)
  }
}

/// What an export produced.
public struct ExportResult: Sendable {
  /// Frames written.
  public var frames: Int
  /// Output frame rate.
  public var fps: Double
  /// Video duration in seconds (`frames / fps`).
  public var duration: Double { Double(frames) / fps }
  /// Wall-clock seconds the export took.
  public var seconds: Double
  /// Size of the output file in bytes.
  public var bytes: Int
  /// Size of the encoded pictures (odd sizes are padded to even).
  public var codedWidth: Int
  public var codedHeight: Int
  /// What the export noticed (sounds left out or not decodable, ...), also given to the `diagnostics`
  /// callback of ``Exporter/export(animation:options:progress:diagnostics:)`` as they arise.
  public var diagnostics: [Diagnostic] = []
  /// The memory estimate the export was checked against.
  public var memoryEstimate: MemoryEstimate? = nil
  /// Whether the file has a sound track.
  public var hasAudio = false
}

/// Progress of a long job: frames done of a total, and time so far.
public struct ProgressReport: Sendable {
  /// Frames finished.
  public var done: Int
  /// Frames in all.
  public var total: Int
  /// Seconds since the start.
  public var elapsed: Double
}

/// Renders animations to video files and frames.
public enum Exporter {
  /// Renders every frame in parallel and encodes them in order into `options.outputPath`, with the sound
  /// `options.audio` describes where the format carries sound.
  /// The output appears only when complete; on failure nothing is left behind.
  ///
  /// Before rendering anything it checks the settings (a canvas larger than the encoder takes is refused
  /// naming the encoder) and the memory estimate against ``ExportOptions/memoryLimit`` (throwing
  /// ``ExportError/memoryLimit(estimate:limit:)``), and decodes the sounds.
  ///
  /// - Parameter diagnostics: called with each diagnostic as it arises (also returned in the result).
  public static func export(
    animation: Animation, options: ExportOptions, progress: ((ProgressReport) -> Void)? = nil,
    diagnostics: ((Diagnostic) -> Void)? = nil
  ) throws -> ExportResult {
    let start = DispatchTime.now()
    let schedule = try (options.timeline ?? Timeline(animation: animation)).schedule(
      fps: options.fps, maxFrames: options.maxFrames)
    let format = options.resolvedFormat
    var notes: [Diagnostic] = []
    func note(_ diagnostic: Diagnostic) {
      notes.append(diagnostic)
      diagnostics?(diagnostic)
    }
    // Keep alpha where the codec carries it and the background is not opaque; otherwise composite over the
    // background, or white (a see-through background is itself put over white first).
    let render = options.videoRender
    let settings = encoderSettings(for: options)
    // 1. Settings and size first (naming the encoder that cannot take the size), then memory.
    try settings.validate(outputPath: options.outputPath, format: format)
    var estimate = memoryEstimate(for: options)
    try estimate.check(limit: options.memoryLimit)
    // 2. Sound: decoded now, so that a bad soundtrack fails before rendering; the memory check counts it first.
    var audio: AudioInput?
    let wantsAudio =
      (options.audio.includesAnimationAudio && animation.hasAudioLayers) || options.audio.soundtrack != nil
    if wantsAudio && !format.supportsAudio {
      let what = options.audio.soundtrack != nil ? "the soundtrack" : "the animation's audio layers"
      note(
        Diagnostic(
          severity: options.audio.soundtrack != nil ? .warning : .info, file: options.audio.animationFile, path: .root,
          message: "\(format.rawValue) has no sound: \(what) left out (MP4, MOV and WebM carry sound)"))
    } else if wantsAudio {
      // The sound's memory is estimated (and the export refused) before any sound is decoded.
      let (mix, audioNotes) = try AudioMix.make(
        animation: animation, schedule: schedule, fps: options.fps, options: options.audio,
        reserve: { bytes in
          estimate.audioBytes = bytes
          try estimate.check(limit: options.memoryLimit)
        })
      audioNotes.forEach(note)
      if let mix {
        estimate.audioBytes = mix.decodedBytes
        audio = AudioInput(source: mix, bitrate: options.audio.bitrate)
      }
    }
    // 3. Render and encode, within the memory limit.
    let memoryGuard = MemoryGuard(limit: options.residentLimit, estimate: estimate.totalBytes)
    let encoder = try VideoEncoder(outputPath: options.outputPath, settings: settings, format: format, audio: audio)
    do {
      func report(_ index: Int) {
        progress?(ProgressReport(done: index + 1, total: schedule.count, elapsed: seconds(since: start)))
      }
      if let conversion = encoder.workerConversion {
        // The workers convert their own frames to the encoder's pictures: in parallel rather than on this
        // thread, which feeds x264, and 3 MB pictures in flight rather than 8 MB frames.
        try ParallelRenderer.run(
          animation: animation, settings: render, schedule: schedule,
          preparing: {
            let converter = conversion.makeConverter()
            return { buffer in try converter.convert(buffer) }
          }
        ) { index, frame in
          try encoder.append(frame)
          try memoryGuard?.check(frame: index)
          report(index)
        }
      } else {
        try ParallelRenderer.run(animation: animation, settings: render, schedule: schedule) { index, buffer in
          try encoder.append(buffer)
          try memoryGuard?.check(frame: index)
          report(index)
        }
      }
      try encoder.finish()
    } catch {
      encoder.cancel()
      throw error
    }
    let bytes: Int
    if format == .pngSequence {
      // One file per frame: the total of the numbered files.
      bytes = (0..<encoder.framesWritten).reduce(0) { total, index in
        // Only the file name is a pattern, as the writer reads it (a folder may hold a '%').
        let name = PathName.sequenceFrame(options.outputPath, index)
        return total + ((try? FileManager.default.attributesOfItem(atPath: name)[.size] as? Int) ?? 0)
      }
    } else {
      bytes = (try? FileManager.default.attributesOfItem(atPath: options.outputPath)[.size] as? Int) ?? 0
    }
    return ExportResult(
      frames: encoder.framesWritten, fps: options.fps, seconds: seconds(since: start), bytes: bytes,
      codedWidth: encoder.codedSize.width, codedHeight: encoder.codedSize.height, diagnostics: notes,
      memoryEstimate: estimate, hasAudio: audio != nil)
  }

  /// The encoder's settings for an export with `options`: the video's size (``ExportOptions/videoRender``),
  /// its rate, the codec and its options, and alpha where the background is not opaque.
  public static func encoderSettings(for options: ExportOptions) -> EncoderSettings {
    let render = options.videoRender
    let alpha = render.background.map { $0.a < 1 } ?? true
    var settings = EncoderSettings(
      width: render.width, height: render.height, fps: options.fps, encoding: options.encoding, alpha: alpha)
    settings.codec = options.resolvedCodec
    return settings
  }

  /// The memory an export with `options` is estimated to need before its sound is decoded (the export adds
  /// the decoded sound and checks again).
  public static func memoryEstimate(for options: ExportOptions) -> MemoryEstimate {
    MemoryEstimate(render: options.videoRender, settings: encoderSettings(for: options), codec: options.resolvedCodec)
  }

  /// Exports into `temporary`, a ``PartialFile`` of `options.outputPath`, rather than into the output itself:
  /// for a caller that renames it into place only once everything that goes with it is done (a poster, a
  /// size budget that must fit). The temporary file is locked again afterwards, and errors name the output,
  /// not the temporary file. Not for PNG sequences (their frames are moved into place one by one).
  public static func export(
    animation: Animation, options: ExportOptions, into temporary: PartialFile,
    progress: ((ProgressReport) -> Void)? = nil, diagnostics: ((Diagnostic) -> Void)? = nil
  ) throws -> ExportResult {
    guard (options.format ?? OutputFormat.from(path: options.outputPath)) != .pngSequence else {
      throw VideoEncodingError.invalidSettings(
        "\(options.outputPath): a PNG sequence is written frame by frame and cannot be held back under a temporary name"
      )
    }
    var held = options
    held.outputPath = temporary.path
    do {
      let result = try export(animation: animation, options: held, progress: progress, diagnostics: diagnostics)
      temporary.lockAgain()
      return result
    } catch {
      throw naming(error, temporary.path, as: options.outputPath)
    }
  }

  /// `error` with the temporary path `temporary` replaced by `output`, for the errors that name a path.
  static func naming(_ error: any Error, _ temporary: String, as output: String) -> any Error {
    func renamed(_ path: String) -> String { path.replacingOccurrences(of: temporary, with: output) }
    switch error {
    case VideoEncodingError.io(let path, let message):
      return VideoEncodingError.io(path: renamed(path), message: renamed(message))
    case VideoEncodingError.invalidSettings(let message):
      return VideoEncodingError.invalidSettings(renamed(message))
    case RenderError.io(let path, let message):
      return RenderError.io(path: renamed(path), message: renamed(message))
    default:
      return error
    }
  }

  /// Renders every frame without encoding (for timing); returns frames and seconds.
  public static func renderOnly(
    animation: Animation, settings: RenderSettings, fps: Double, maxFrames: Int? = nil, timeline: Timeline? = nil
  ) throws -> (frames: Int, seconds: Double) {
    let start = DispatchTime.now()
    let schedule = try (timeline ?? Timeline(animation: animation)).schedule(fps: fps, maxFrames: maxFrames)
    var count = 0
    try ParallelRenderer.run(animation: animation, settings: settings, schedule: schedule) { _, _ in count += 1 }
    return (count, seconds(since: start))
  }

  /// Renders one composition frame to a straight-alpha RGBA PNG, written under a temporary name first.
  public static func snapshot(animation: Animation, frame: Double, settings: RenderSettings, to path: String) throws {
    let renderer = try FrameRenderer(
      animation: animation, width: settings.width, height: settings.height, fit: settings.fit,
      background: settings.background, images: settings.images, fonts: settings.fonts, padding: settings.padding,
      limits: settings.workLimits)
    // A locked `.name.partial-PID.png`, as encoders write: deleted on Ctrl-C, swept after a kill.
    let temporary = try PartialFile(outputPath: path)
    do {
      try renderer.writePNG(frame: frame, to: temporary.path)
    } catch {
      // Name the file the user asked for, not our temporary one.
      let message: String
      switch error {
      case .io(_, let m): message = m
      default: message = "\(error)"
      }
      throw RenderError.io(path: path, message: message)
    }
    // A frame over a work limit is incomplete: the temporary file goes with `temporary`.
    if let exceeded = renderer.workLimitExceeded { throw exceeded }
    try temporary.commit { reason in RenderError.io(path: path, message: reason) }
  }

  static func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
  }
}
