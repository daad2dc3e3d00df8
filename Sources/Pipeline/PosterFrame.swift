import CairoRendering
import Foundation
import Lottie
import Raster

/// Which frame a poster shows.
public enum PosterChoice: Sendable, Equatable {
  /// A composition frame, as in the JSON's ip/op.
  case frame(Double)
  /// A point of the video, 0 to 100 percent of its frames.
  case percent(Double)
  /// The marker named `poster` when the animation has one, else the frame with the most visible ink.
  case automatic
}

/// Poster frames: one still of an export, chosen so that it shows something, composited as the video is.
///
/// The first frame is a poor poster: animations that build in from nothing (the spec's `logo.json`) start
/// empty. `automatic` looks at the video instead and measures, in a thumbnail of each sampled frame, how much
/// it differs from the video's background (what is drawn at all) plus how much it differs from the frame's own
/// dominant colour (what stands out, for animations that paint their own background). Of the frames nearly as
/// full as the fullest, the first is taken, so a logo that builds in and then holds shows the moment it is
/// complete.
public enum PosterFrame {
  /// The longest side of the thumbnails `automatic` compares.
  static let thumbnailSide = 96
  /// At most this many frames of the video are compared.
  static let maxSamples = 48
  /// A frame within this fraction of the fullest one counts as full.
  static let fullFraction = 0.98

  /// The composition frame the poster of an export with `options` shows.
  public static func frame(_ choice: PosterChoice, animation: Animation, options: ExportOptions) throws -> Double {
    let schedule = try (options.timeline ?? Timeline(animation: animation)).schedule(
      fps: options.fps, maxFrames: options.maxFrames)
    switch choice {
    case .frame(let frame):
      return frame
    case .percent(let p):
      let last = max(0, schedule.count - 1)
      return schedule.compositionFrame((p / 100 * Double(last)).roundedClampedInt(0...last))  // NaN gives 0
    case .automatic:
      if let marker = animation.markers.first(where: { $0.name == "poster" }) { return marker.frame }
      return try fullestFrame(animation: animation, schedule: schedule, settings: options.videoRender)
    }
  }

  /// Writes the poster of an export with `options` to `path`: a PNG at the video's size, with the video's
  /// background (over white where the video has no alpha). Returns the composition frame it shows.
  @discardableResult
  public static func write(
    _ choice: PosterChoice, animation: Animation, options: ExportOptions, to path: String
  ) throws -> Double {
    let frame = try self.frame(choice, animation: animation, options: options)
    var still = options.videoRender
    still.jobs = 1
    try Exporter.snapshot(animation: animation, frame: frame, settings: still, to: path)
    return frame
  }

  /// The frame of `schedule` with the most visible ink (see the type's comment).
  static func fullestFrame(animation: Animation, schedule: FrameSchedule, settings: RenderSettings) throws -> Double {
    // 1. Thumbnails at the video's aspect, its placement and background scaled down with it.
    let renderer = try thumbnailRenderer(animation: animation, settings: settings, background: settings.background)
    // 2. Evenly spread samples of the video's frames, first and last included.
    let indexes = sampleIndexes(min(schedule.count, maxSamples), of: schedule)
    // 3. Ink per sample; the first sample nearly as full as the fullest wins.
    let background = premultiplied(settings.background)
    let inks = indexes.map { index -> Int in
      let thumbnail = renderer.render(frame: schedule.compositionFrame(index))
      return ink(thumbnail, against: background) + ink(thumbnail)
    }
    if let exceeded = renderer.workLimitExceeded { throw exceeded }
    let most = inks.max() ?? 0
    let chosen = inks.firstIndex { Double($0) >= fullFraction * Double(most) } ?? 0
    return schedule.compositionFrame(indexes[chosen])
  }

  /// Whether the video would show the transparency that a format without alpha loses: thumbnails of a few
  /// evenly spread frames at the video's placement, over nothing, any pixel less than nearly opaque (a file
  /// whose background layer covers the canvas at every sampled frame is opaque). Stops at the first such frame;
  /// an animation transparent only between the samples is taken as opaque.
  public static func showsTransparency(animation: Animation, schedule: FrameSchedule, settings: RenderSettings)
    throws -> Bool
  {
    let renderer = try thumbnailRenderer(animation: animation, settings: settings, background: nil)
    for index in sampleIndexes(min(schedule.count, transparencySamples), of: schedule) {
      let thumbnail = renderer.render(frame: schedule.compositionFrame(index))
      if let exceeded = renderer.workLimitExceeded { throw exceeded }
      // Alpha is the fourth byte of each BGRA pixel; edges anti-aliased against the canvas border stay above 250.
      let seeThrough = thumbnail.bytes.withUnsafeBufferPointer { bytes in
        (0..<thumbnail.height).contains { y in
          let row = y * thumbnail.stride
          return (0..<thumbnail.width).contains { x in bytes[row + 4 * x + 3] < 250 }
        }
      }
      if seeThrough { return true }
    }
    return false
  }

  /// A renderer of thumbnails at the video's aspect, its placement scaled down with it, over `background`.
  private static func thumbnailRenderer(animation: Animation, settings: RenderSettings, background: RGBA?) throws
    -> FrameRenderer
  {
    let scale = min(1, Double(thumbnailSide) / Double(max(settings.width, settings.height)))
    let width = (Double(settings.width) * scale).roundedClampedInt(1...thumbnailSide)
    let height = (Double(settings.height) * scale).roundedClampedInt(1...thumbnailSide)
    return try FrameRenderer(
      animation: animation, width: width, height: height, fit: settings.fit, background: background,
      images: settings.images, fonts: settings.fonts,
      padding: (Double(settings.padding) * scale).roundedClampedInt(-1_000_000...1_000_000),
      limits: settings.workLimits)
  }

  /// `count` indexes of `schedule`'s frames, evenly spread, first and last included.
  private static func sampleIndexes(_ count: Int, of schedule: FrameSchedule) -> [Int] {
    (0..<count).map { i in
      count == 1
        ? 0 : (Double(i) * Double(schedule.count - 1) / Double(count - 1)).roundedClampedInt(0...schedule.count - 1)
    }
  }

  /// Frames sampled by ``showsTransparency(animation:schedule:settings:)``.
  static let transparencySamples = 8

  /// A colour as a premultiplied BGRA pixel (transparent for nil).
  static func premultiplied(_ color: RGBA?) -> [Int] {
    guard let c = color else { return [0, 0, 0, 0] }
    // Clamped to 0...255; NaN gives 0.
    func level(_ v: Double) -> Int { (v * c.a * 255).roundedClampedInt(0...255) }
    return [level(c.b), level(c.g), level(c.r), (c.a * 255).roundedClampedInt(0...255)]
  }

  /// How much `buffer` differs from `reference` (premultiplied BGRA): for each pixel its largest channel
  /// difference in levels, summed, so a faint frame counts for less than the same frame at full strength.
  static func ink(_ buffer: PixelBuffer, against reference: [Int]) -> Int {
    let (r0, r1, r2, r3) = (reference[0], reference[1], reference[2], reference[3])
    return buffer.bytes.withUnsafeBufferPointer { bytes in
      var total = 0
      for y in 0..<buffer.height {
        var i = y * buffer.stride
        for _ in 0..<buffer.width {
          total += max(
            max(abs(Int(bytes[i]) - r0), abs(Int(bytes[i + 1]) - r1)),
            max(abs(Int(bytes[i + 2]) - r2), abs(Int(bytes[i + 3]) - r3)))
          i += 4
        }
      }
      return total
    }
  }

  /// How much `buffer` stands out from its dominant colour (see ``ink(_:against:)``): 0 for an empty or flat
  /// frame.
  static func ink(_ buffer: PixelBuffer) -> Int {
    // 1. The dominant colour, each channel quantised to 16 levels (a 16-bit key), and one pixel of it to
    //    compare every pixel with at full precision.
    var counts = [Int32](repeating: 0, count: 1 << 16)
    var example = [Int](repeating: 0, count: 1 << 16)
    var best = (count: Int32(0), offset: 0)
    buffer.bytes.withUnsafeBufferPointer { bytes in
      for y in 0..<buffer.height {
        var i = y * buffer.stride
        for _ in 0..<buffer.width {
          let key =
            Int(bytes[i] >> 4) | Int(bytes[i + 1] >> 4) << 4 | Int(bytes[i + 2] >> 4) << 8 | Int(bytes[i + 3] >> 4)
            << 12
          if counts[key] == 0 { example[key] = i }
          counts[key] += 1
          if counts[key] > best.count { best = (counts[key], example[key]) }
          i += 4
        }
      }
    }
    guard best.count > 0 else { return 0 }
    let i = best.offset
    return ink(buffer, against: (0..<4).map { Int(buffer.bytes[i + $0]) })
  }
}

extension ExportOptions {
  /// The render settings as the video shows the frames: where the codec keeps no alpha (or the background is
  /// opaque), the background composited over white first, as the encoder receives them.
  public var videoRender: RenderSettings {
    var render = self.render
    let alpha = resolvedCodec.supportsAlpha && (render.background.map { $0.a < 1 } ?? true)
    if !alpha {
      let bg = render.background ?? RGBA(1, 1, 1, 0)
      render.background = RGBA(bg.r * bg.a + 1 - bg.a, bg.g * bg.a + 1 - bg.a, bg.b * bg.a + 1 - bg.a, 1)
    }
    return render
  }
}
