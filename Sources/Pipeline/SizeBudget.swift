import Foundation
import Lottie
import VideoEncoding

/// A file size budget for an export (a preset's `maxBytes`: Telegram stickers, Slack emoji): the export is
/// encoded again at lower quality until the file fits, or until the quality cannot go lower.
///
/// Each attempt goes to a hidden file next to the output and replaces the output only when it is smaller, so
/// the output is always the smallest encode so far (a lower quality is not always a smaller file). When even
/// the lowest quality is too big, the smallest file is kept and ``Outcome/fits`` is false.
public struct SizeBudget: Sendable {
  /// The largest file, in bytes, that fits.
  public var maxBytes: Int
  /// How many encodes may follow the first one.
  public var maxAttempts = 8

  /// Makes a budget of `maxBytes`.
  public init(maxBytes: Int) {
    self.maxBytes = maxBytes
  }

  /// What a budgeted export did.
  public struct Outcome: Sendable {
    /// The export kept at the output path: the smallest one.
    public var result: ExportResult
    /// How many encodes followed the first (0 when the first fitted).
    public var attempts: Int
    /// The quality setting of the kept export, as text ("crf 38", "64 colours").
    public var setting: String
    /// Whether the kept export fits the budget.
    public var fits: Bool
  }

  /// One more encode is about to start: the last encode's size, and the setting the next one tries.
  public struct Retry: Sendable {
    public var bytes: Int
    public var setting: String
  }

  /// Exports `animation` with `options`, then again at lower quality while the file is over the budget.
  ///
  /// - Parameters:
  ///   - progress: frames done, for every encode in turn (each one counts from zero).
  ///   - willRetry: called before each further encode, with the size that was too big and the next setting.
  /// - Throws: what ``Exporter/export(animation:options:progress:)`` throws, and
  ///   ``VideoEncodingError/io(path:message:)`` when a smaller encode cannot replace the output.
  public func export(
    animation: Animation, options: ExportOptions, progress: ((ProgressReport) -> Void)? = nil,
    willRetry: ((Retry) -> Void)? = nil
  ) throws -> Outcome {
    var options = options
    let output = options.outputPath
    var result = try Exporter.export(animation: animation, options: options, progress: progress)
    var setting = Self.setting(of: options)
    var attempts = 0
    guard result.bytes > maxBytes else { return Outcome(result: result, attempts: 0, setting: setting, fits: true) }
    let directory = (output as NSString).deletingLastPathComponent
    let name = (output as NSString).lastPathComponent
    let side = (directory.isEmpty ? "" : directory + "/") + ".budget-\(getpid())-" + name
    defer { unlink(side) }
    while result.bytes > maxBytes, attempts < maxAttempts, let step = Self.lowerQuality(&options) {
      attempts += 1
      willRetry?(Retry(bytes: result.bytes, setting: step))
      var retry = options
      retry.outputPath = side
      let candidate = try Exporter.export(animation: animation, options: retry, progress: progress)
      if candidate.bytes < result.bytes {
        guard rename(side, output) == 0 else {
          throw VideoEncodingError.io(path: output, message: "cannot replace it: \(String(cString: strerror(errno)))")
        }
        result = candidate
        setting = step
      }
    }
    return Outcome(result: result, attempts: attempts, setting: setting, fits: result.bytes <= maxBytes)
  }

  /// One step down in quality; returns what it set ("crf 40"), or nil at the bottom.
  public static func lowerQuality(_ options: inout ExportOptions) -> String? {
    switch options.resolvedCodec {
    case .vp9:
      guard options.vp9.crf < 63 else { return nil }
      options.vp9.crf = min(63, options.vp9.crf + 6)
    case .av1:
      guard options.av1.crf < 63 else { return nil }
      options.av1.crf = min(63, options.av1.crf + 6)
    case .h264, .h265:
      guard options.crf < 51 else { return nil }
      options.crf = min(51, options.crf + 5)
    case .gif:
      guard options.gif.maxColors > 16 else { return nil }
      options.gif.maxColors /= 2
    case .webp:
      guard options.webp.quality > 10 else { return nil }
      options.webp.quality = max(10, options.webp.quality - 15)
      options.webp.lossless = false
    default:
      return nil
    }
    return setting(of: options)
  }

  /// The quality setting a budget changes, as text.
  public static func setting(of options: ExportOptions) -> String {
    switch options.resolvedCodec {
    case .vp9: return "crf \(options.vp9.crf)"
    case .av1: return "crf \(options.av1.crf)"
    case .gif: return "\(options.gif.maxColors) colours"
    case .webp: return "quality \(options.webp.quality)"
    default: return "crf \(options.crf)"
    }
  }
}
