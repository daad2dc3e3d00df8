import Foundation
import Lottie
import VideoEncoding

/// A file size budget for an export (a preset's `maxBytes`: Telegram stickers, Slack emoji): the export is
/// encoded again, one change at a time, until the file fits.
///
/// The changes come in this order, cheapest for the eye first (``steps(from:)``):
/// 1. lower quality down to a floor that still looks right: GIF 128 then 64 colours; VP9 and AV1 crf +6 up
///    to 50; H.264 and H.265 crf +5 up to 38; WebP quality −15 down to 35;
/// 2. a lower frame rate: two thirds, a half, then a third of the rate asked for (never below ``minFPS``);
///    GIF rates snap to whole centiseconds;
/// 3. a smaller picture: three quarters, a half, three eighths, then a quarter of each side (never below
///    ``minScale``, by default a half);
/// 4. the rest of the quality range: GIF 32 then 16 colours; crf up to 63 (VP9, AV1) or 51; WebP down to 10.
/// A GIF that does not fit at 256 colours and 25 fps is thus tried at 64 colours and 12.5 fps before 16
/// colours, which band every gradient.
///
/// Nothing reaches the output until it fits: the first encode and each attempt are written under the
/// output's temporary names (`.name.partial-PID.ext` for the smallest so far, `.name.attempt.partial-PID.ext`
/// for the next one; locked, deleted on Ctrl-C, swept after a kill, as every encoder's), and the smallest so
/// far is kept (a lower quality is not always a smaller file). Only when it fits is it renamed over the
/// output, after ``export(animation:options:progress:diagnostics:willRetry:beforeCommit:)``'s `beforeCommit`
/// has written what goes with it (a poster). When even the last step is too big, nothing is written and
/// ``Outcome/fits`` is false: a file over its budget would pass for a finished one (`--skip-existing`).
public struct SizeBudget: Sendable {
  /// The largest file, in bytes, that fits.
  public var maxBytes: Int
  /// How many encodes may follow the first one (every step of the longest ladder: VP9 with every size).
  public var maxAttempts = 14
  /// The lowest frame rate the loop may go down to; nil keeps the frame rate.
  public var minFPS: Double? = 8
  /// The smallest fraction of each side the loop may shrink the picture to; 1 keeps the size (Telegram
  /// stickers must be 512 pixels a side).
  public var minScale = 0.5

  /// Makes a budget of `maxBytes`.
  public init(maxBytes: Int, minFPS: Double? = 8, minScale: Double = 0.5) {
    self.maxBytes = maxBytes
    self.minFPS = minFPS
    self.minScale = minScale
  }

  /// What a budgeted export did.
  public struct Outcome: Sendable {
    /// The encode written to the output path, the first that fits; when none fits, the smallest one (not
    /// written). Its `seconds` are the whole loop's, every encode included.
    public var result: ExportResult
    /// The options it was encoded with (frame rate and size may differ from those given).
    public var options: ExportOptions
    /// How many encodes followed the first (0 when the first fitted).
    public var attempts: Int
    /// The settings of the kept export, as text ("64 colours, 12.5 fps, 128x128").
    public var setting: String
    /// What differs from the first encode, as text ("64 colours, 12.5 fps (was 256 colours, 25 fps)"),
    /// or nil when the first encode was kept.
    public var changes: String?
    /// Whether the kept export fits the budget (when false, nothing was written).
    public var fits: Bool
  }

  /// One more encode is about to start: the last encode's size, the one change it tries and all its settings.
  public struct Retry: Sendable {
    public var bytes: Int
    /// The step it takes.
    public var step: Step
    /// What the step changes, in words: "fewer colours", "a lower frame rate", "a smaller picture".
    public var change: String
    /// Every setting the loop changes, as they will be: "64 colours, 12.5 fps, 128x128".
    public var setting: String
  }

  /// What the loop changes: one of these per step.
  public enum Step: Sendable, Equatable {
    /// GIF colours, crf or WebP quality, as the codec counts.
    case quality(Int)
    /// Frames per second.
    case frameRate(Double)
    /// Output width and height.
    case size(width: Int, height: Int)
  }

  /// Exports `animation` with `options`, then again, one step at a time, while the file is over the budget;
  /// renames the first encode that fits over `options.outputPath` (see the type's comment).
  ///
  /// - Parameters:
  ///   - progress: frames done, for every encode in turn (each one counts from zero).
  ///   - diagnostics: the diagnostics of the first encode, as they arise (later encodes repeat them).
  ///   - willRetry: called before each further encode, with the size that was too big and the next setting.
  ///   - beforeCommit: called with the outcome once an encode fits, before it is renamed into place; what it
  ///     throws is thrown, and nothing is written.
  /// - Returns: the outcome; when ``Outcome/fits`` is false, nothing was written and the outcome describes
  ///   the smallest encode.
  /// - Throws: what ``Exporter/export(animation:options:progress:diagnostics:)`` throws, and
  ///   ``VideoEncodingError/io(path:message:)`` when the encode that fits cannot be renamed into place.
  public func export(
    animation: Animation, options: ExportOptions, progress: ((ProgressReport) -> Void)? = nil,
    diagnostics: ((Diagnostic) -> Void)? = nil, willRetry: ((Retry) -> Void)? = nil,
    beforeCommit: ((Outcome) throws -> Void)? = nil
  ) throws -> Outcome {
    let output = options.outputPath
    let start = DispatchTime.now()
    // The smallest encode so far, and the next attempt; each encode writes (and renames) a temporary file of
    // its own, then the name is locked again.
    var smallest = try PartialFile(outputPath: output)
    var result = try Exporter.export(
      animation: animation, options: options, into: smallest, progress: progress, diagnostics: diagnostics)
    let firstSetting = Self.setting(of: options)
    var kept = options
    var attempts = 0
    var scratch: PartialFile? = nil
    defer { scratch?.discard() }
    var current = options
    for step in steps(from: options) {
      guard result.bytes > maxBytes, attempts < maxAttempts else { break }
      Self.apply(step, to: &current)
      attempts += 1
      willRetry?(
        Retry(
          bytes: result.bytes, step: step, change: Self.describe(step, in: current), setting: Self.setting(of: current))
      )
      let attempt = try scratch ?? PartialFile(outputPath: output, variant: ".attempt")
      var candidate = try Exporter.export(animation: animation, options: current, into: attempt, progress: progress)
      candidate.diagnostics = result.diagnostics
      if candidate.bytes < result.bytes {
        // The attempt becomes the smallest; the old smallest is overwritten by the next attempt.
        scratch = smallest
        smallest = attempt
        result = candidate
        kept = current
      } else {
        scratch = attempt
      }
    }
    kept.outputPath = output
    result.seconds = Exporter.seconds(since: start)
    let setting = Self.setting(of: kept)
    let outcome = Outcome(
      result: result, options: kept, attempts: attempts, setting: setting,
      changes: setting == firstSetting ? nil : "\(setting) (was \(firstSetting))", fits: result.bytes <= maxBytes)
    guard outcome.fits else {
      smallest.discard()
      return outcome
    }
    do {
      try beforeCommit?(outcome)
    } catch {
      smallest.discard()
      throw error
    }
    try smallest.commit()
    return outcome
  }

  // MARK: - The steps

  /// Every step the loop may take from `options`, in order (see the type's comment).
  public func steps(from options: ExportOptions) -> [Step] {
    let codec = options.resolvedCodec
    let ladder = Self.qualityLadder(codec: codec, options: options)
    var steps = ladder.gentle.map(Step.quality)
    // Frame rates: two thirds, a half, then a third of the rate asked for, not below minFPS.
    if let minFPS {
      var last = options.fps
      for fraction in [2.0 / 3, 0.5, 1.0 / 3] {
        var fps = options.fps * fraction
        if codec == .gif { fps = EncoderSettings.gifFrameRate(for: fps) }
        guard fps >= minFPS - 1e-9, fps < last - 1e-9 else { continue }
        steps.append(.frameRate(fps))
        last = fps
      }
    }
    // Sizes: three quarters, a half, three eighths, then a quarter of each side, not below minScale.
    let (width, height) = (options.render.width, options.render.height)
    var last = (width, height)
    for fraction in [0.75, 0.5, 0.375, 0.25] where fraction >= minScale - 1e-9 {
      let size = (
        (Double(width) * fraction).rounded().clampedInt(1...width),
        (Double(height) * fraction).rounded().clampedInt(1...height)
      )
      guard size.0 < last.0 || size.1 < last.1 else { continue }
      steps.append(.size(width: size.0, height: size.1))
      last = size
    }
    return steps + ladder.rest.map(Step.quality)
  }

  /// The quality values a codec steps through from the options' own: those down to the floor that still
  /// looks right, and the rest down to the bottom.
  static func qualityLadder(codec: VideoCodec, options: ExportOptions) -> (gentle: [Int], rest: [Int]) {
    // (start, step, floor, bottom): the value rises (crf) or falls (colours, quality) by `step`.
    func ladder(from start: Int, step: Int, floor: Int, bottom: Int) -> (gentle: [Int], rest: [Int]) {
      var gentle: [Int] = []
      var rest: [Int] = []
      var value = start
      let rising = bottom > start
      while rising ? value < bottom : value > bottom {
        value = rising ? min(bottom, value + step) : max(bottom, value - step)
        if rising ? value <= floor : value >= floor { gentle.append(value) } else { rest.append(value) }
      }
      return (gentle, rest)
    }
    switch codec {
    case .vp9: return ladder(from: options.vp9.crf, step: 6, floor: 50, bottom: 63)
    case .av1: return ladder(from: options.av1.crf, step: 6, floor: 50, bottom: 63)
    case .h264, .h265: return ladder(from: options.crf, step: 5, floor: 38, bottom: 51)
    case .webp: return ladder(from: options.webp.quality, step: 15, floor: 35, bottom: 10)
    case .gif:
      // Halving colours: 128, 64 | 32, 16.
      var gentle: [Int] = []
      var rest: [Int] = []
      var colours = options.gif.maxColors
      while colours > 16 {
        colours = max(16, colours / 2)
        if colours >= 64 { gentle.append(colours) } else { rest.append(colours) }
      }
      return (gentle, rest)
    default: return ([], [])
    }
  }

  /// Sets `step` in `options`.
  public static func apply(_ step: Step, to options: inout ExportOptions) {
    switch step {
    case .quality(let value):
      switch options.resolvedCodec {
      case .vp9: options.vp9.crf = value
      case .av1: options.av1.crf = value
      case .gif: options.gif.maxColors = value
      case .webp:
        options.webp.quality = value
        options.webp.lossless = false
      default: options.crf = value
      }
    case .frameRate(let fps):
      options.fps = fps
    case .size(let width, let height):
      options.render.width = width
      options.render.height = height
    }
  }

  /// What a step changes, in words: "fewer colours", "a higher crf", "a lower frame rate", "a smaller picture".
  static func describe(_ step: Step, in options: ExportOptions) -> String {
    switch step {
    case .quality:
      switch options.resolvedCodec {
      case .gif: return "fewer colours"
      case .webp: return "a lower quality"
      default: return "a higher crf"
      }
    case .frameRate: return "a lower frame rate"
    case .size: return "a smaller picture"
    }
  }

  /// The settings a budget changes, as text: "crf 38, 30 fps, 512x512", "64 colours, 12.5 fps, 128x128".
  public static func setting(of options: ExportOptions) -> String {
    "\(qualityText(of: options)), \(number(options.fps)) fps, \(options.render.width)x\(options.render.height)"
  }

  /// The quality setting alone: "crf 38", "64 colours", "quality 50".
  static func qualityText(of options: ExportOptions) -> String {
    switch options.resolvedCodec {
    case .vp9: return "crf \(options.vp9.crf)"
    case .av1: return "crf \(options.av1.crf)"
    case .gif: return "\(options.gif.maxColors) colours"
    case .webp: return options.webp.lossless ? "lossless" : "quality \(options.webp.quality)"
    default: return "crf \(options.crf)"
    }
  }

  /// `12.5`, `16.67`, `25`.
  static func number(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(rounded.clampedInt(-1_000_000...1_000_000)) : String(rounded)
  }
}
