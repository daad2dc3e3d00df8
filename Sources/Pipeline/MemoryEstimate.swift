import Foundation
import Lottie
import Raster
import VideoEncoding

/// How much memory an export will take, estimated before anything is rendered, so that an absurd export
/// (an 8192x8192 WebM, a 4K ProRes at 16 jobs) is refused with a clear message instead of exhausting the
/// machine.
///
/// The estimate is the sum of:
/// - a fixed base for the process, its libraries and the encoder's tables (``baseBytes``);
/// - the frames in flight between the render workers and the encoder (`2 × jobs + 1` BGRA frames, see
///   ``ParallelRenderer``) and each worker's own canvas-size scratch surface;
/// - the encoder's own frames: its lookahead, reference and threading buffers, in bytes per pixel of the
///   coded picture (``encoderBytesPerPixel(codec:settings:)``), measured with FFmpeg 5.1 at 1080p and 2160p;
/// - decoded sound (48 kHz stereo float: 23 MB a minute), added once the sounds are decoded;
/// - decoded images, twice (as decoded, and copied once into the renderers' layout).
/// Measured peaks stay within about 10% of it (e.g. 1080p H.264 veryfast, 2 jobs: 324 MB measured,
/// 350 MB estimated; 2160p VP9 with alpha: 2.21 GB measured, 2.19 GB estimated).
public struct MemoryEstimate: Sendable, Equatable, CustomStringConvertible {
  /// The default limit: 4 GB. Every shipped preset fits at its own size with up to 16 render workers
  /// (youtube-4k, 4K H.264 medium: 1.91 GB with 2 workers, 3.30 GB with 16; webm-alpha on a 2400x2400
  /// animation: 2.5 GB with 16), and so does 4K VP9 with alpha (2.19 GB with 2).
  public static let defaultLimit = 4_000_000_000
  /// Process, libraries and codec tables, independent of the picture size.
  public static let baseBytes = 128 << 20

  /// Frames in flight and the workers' scratch surfaces.
  public var renderBytes: Int
  /// The encoder's frames.
  public var encoderBytes: Int
  /// Decoded sound.
  public var audioBytes: Int = 0
  /// Decoded images: each held twice, as decoded and in the renderers' layout (`SharedImages`).
  public var imageBytes: Int = 0
  /// What the encoder is, for messages ("libx264 (veryfast)").
  public var encoderName: String

  /// Everything, base included.
  public var totalBytes: Int { Self.baseBytes + renderBytes + encoderBytes + audioBytes + imageBytes }

  /// Estimates an export of `render` (size, jobs) encoded with `settings` as `codec`.
  public init(render: RenderSettings, settings: EncoderSettings, codec: VideoCodec) {
    let pixels = Double(render.width) * Double(render.height)
    let jobs = Double(max(1, render.jobs))
    // (2 jobs + 1) pooled frames plus one scratch surface per worker, 4 bytes a pixel each.
    renderBytes = Self.clamped(pixels * 4 * (3 * jobs + 1))
    let coded = Double(settings.codedSize.width) * Double(settings.codedSize.height)
    encoderBytes = Self.clamped(coded * Self.encoderBytesPerPixel(codec: codec, settings: settings))
    encoderName = Self.describe(codec: codec, settings: settings)
    imageBytes = Self.clamped(2 * render.images.values.reduce(0.0) { $0 + Double($1.bytes.count) })
  }

  /// Bytes the encoder holds per pixel of the coded picture.
  static func encoderBytesPerPixel(codec: VideoCodec, settings: EncoderSettings) -> Double {
    switch codec {
    case .h264, .h265:
      // About 3.5 bytes a pixel per frame held (4:2:0 planes with padding, half-resolution planes, motion
      // data): the rate-control lookahead plus about 13 frames of B-frames, threads and references. 4:4:4
      // doubles the planes; x265 holds about twice what x264 does.
      let lookahead: [String: Double] = [
        "ultrafast": 0, "superfast": 0, "veryfast": 10, "faster": 20, "fast": 30, "medium": 40, "slow": 50,
      ]
      let frames = (lookahead[settings.codecPreset] ?? 60) + 13
      let chroma = settings.pixelFormat == .yuv444p ? 2.0 : 1.0
      return frames * 3.5 * chroma * (codec == .h265 ? 2 : 1)
    case .vp9:
      // libvpx's 25-frame lag in good-quality mode; with alpha a second encoder for the alpha plane.
      return settings.alpha ? 220 : 110
    case .av1: return 100
    case .prores, .proresHQ: return 50
    case .gif: return settings.gif.palette == .perFrame ? 16 : 8
    case .webp: return 20
    case .apng: return 25
    case .png, .y4m, .rawvideo: return 8
    }
  }

  private static func describe(codec: VideoCodec, settings: EncoderSettings) -> String {
    switch codec {
    case .h264, .h265: "\(codec.encoderName) (\(settings.codecPreset))"
    case .vp9: settings.alpha ? "libvpx-vp9 with alpha" : "libvpx-vp9"
    default: codec.encoderName
    }
  }

  private static func clamped(_ bytes: Double) -> Int {
    // NaN counts as too much, as infinity does; a negative estimate as nothing.
    bytes.isNaN ? Int.max / 4 : bytes.clampedInt(0...Int.max / 4)
  }

  /// "2.19 GB (frames in flight and render surfaces 0.38 GB, libvpx-vp9 with alpha 1.69 GB, ...)".
  public var description: String {
    var parts = [
      "frames in flight and render surfaces \(Self.format(renderBytes))", "\(encoderName) \(Self.format(encoderBytes))",
    ]
    if audioBytes > 0 { parts.append("decoded sound \(Self.format(audioBytes))") }
    if imageBytes > 0 { parts.append("images \(Self.format(imageBytes))") }
    parts.append("base \(Self.format(Self.baseBytes))")
    return "\(Self.format(totalBytes)) (\(parts.joined(separator: ", ")))"
  }

  /// Bytes in decimal units for people: "512 MB", "2.19 GB".
  public static func format(_ bytes: Int) -> String {
    let value = Double(bytes)
    if value >= 1e9 { return String(format: "%.2f GB", value / 1e9) }
    return String(format: "%.0f MB", value / 1e6)
  }

  /// What one of `files` exports running at once in one process may plan for under `limit`: the process's
  /// base once, and an equal part of the rest.
  public static func share(of limit: Int, files: Int) -> Int {
    files <= 1 || limit <= baseBytes ? limit : baseBytes + (limit - baseBytes) / files
  }

  /// Throws ``ExportError/memoryLimit(estimate:limit:)`` when the total exceeds `limit` bytes.
  public func check(limit: Int?) throws {
    guard let limit, totalBytes > limit else { return }
    throw ExportError.memoryLimit(estimate: self, limit: limit)
  }
}

/// Why an export was refused before it started.
public enum ExportError: Error, CustomStringConvertible, Equatable {
  /// The memory estimate exceeds the limit.
  case memoryLimit(estimate: MemoryEstimate, limit: Int)
  /// The process went over the limit while rendering (``MemoryGuard``): `resident` bytes after frame `frame`
  /// (0-based), against a plan of `estimate` bytes.
  case memoryExceeded(resident: Int, limit: Int, frame: Int, estimate: Int)

  public var description: String {
    switch self {
    case .memoryLimit(let estimate, let limit):
      return "this export would need about \(estimate), more than the memory limit of \(MemoryEstimate.format(limit)); "
        + "make the output smaller, use fewer jobs or a faster preset, or raise the limit (--limit memory=)"
    case .memoryExceeded(let resident, let limit, let frame, let estimate):
      return
        "the process used \(MemoryEstimate.format(resident)) of memory at frame \(frame + 1) of this export (with any "
        + "files exporting beside it), more than the memory limit of \(MemoryEstimate.format(limit)) (this export's plan "
        + "was about \(MemoryEstimate.format(estimate))): make the output smaller, use fewer jobs, or raise the limit "
        + "(--limit memory=)"
    }
  }
}
