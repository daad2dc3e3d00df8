import CairoRendering
import Lottie
import Pipeline
import Raster
import TextLayout

/// The output size and placement options (export, snapshot, render).
struct SizeOptions: Sendable {
  var width: Int?
  var height: Int?
  var scale: Double?
  var size: OutputSize?
  var fit = FitMode.contain
  /// `--text-fit`: what becomes of text that does not fit (see `TextFit`).
  var textFit = TextFitMode.none
  var padding = 0
  var background: ColorParser.Parsed?
  /// A preset's width and height: the base size that --width, --height and --scale apply to.
  var baseSize: OutputSize?

  init(_ p: ParsedArguments) {
    let sizeGiven = [OptionTable.width.spec, OptionTable.height.spec, OptionTable.scale.spec, OptionTable.size.spec]
      .contains(where: p.has)
    if let w = p.preset(OptionTable.width), let h = p.preset(OptionTable.height) {
      // A preset's width and height are the base size the command line's sides and scale apply to.
      baseSize = OutputSize(width: w, height: h)
      width = p.commandLine(OptionTable.width)
      height = p.commandLine(OptionTable.height)
    } else if sizeGiven {
      // A preset's single side applies only when the command line gives no size.
      width = p.commandLine(OptionTable.width)
      height = p.commandLine(OptionTable.height)
    } else {
      width = p[OptionTable.width]
      height = p[OptionTable.height]
    }
    scale = p[OptionTable.scale]
    size = p[OptionTable.size]
    fit = p[OptionTable.fit] ?? .contain
    textFit = p[OptionTable.textFit] ?? .none
    padding = p[OptionTable.padding] ?? 0
    background = p[OptionTable.background]
  }

  func validate(command: String) throws(UsageError) {
    if size != nil && (width != nil || height != nil) {
      throw UsageError(message: "Use either --size or --width/--height", command: command)
    }
  }

  /// The background colour, or nil for transparent.
  var backgroundColor: RGBA? {
    if case .color(let c) = background { return c }
    return nil
  }

  /// The output size: explicit sides, one side keeping the aspect ratio, or the base size times scale.
  func outputSize(animation: Animation, command: String) throws(UsageError) -> (width: Int, height: Int) {
    if let size { return (size.width, size.height) }
    // A preset's width and height are the base size, else the animation's.
    let (baseWidth, baseHeight) =
      baseSize.map { (Double($0.width), Double($0.height)) } ?? (animation.width, animation.height)
    let aspect = baseWidth / baseHeight
    var w: Int, h: Int
    switch (width, height) {
    case (let width?, let height?): (w, h) = (width, height)
    case (let width?, nil): (w, h) = (width, max(1, clamped(Double(width) / aspect)))
    case (nil, let height?): (w, h) = (max(1, clamped(Double(height) * aspect)), height)
    case (nil, nil):
      let s = scale ?? 1
      (w, h) = (max(1, clamped(baseWidth * s)), max(1, clamped(baseHeight * s)))
    }
    guard w <= 16384, h <= 16384 else {
      throw UsageError(message: "The output size \(w)x\(h) exceeds 16384 pixels a side", command: command)
    }
    if padding > 0 && (2 * padding >= w || 2 * padding >= h) {
      throw UsageError(message: "The padding \(padding) leaves no room in a \(w)x\(h) output", command: command)
    }
    return (w, h)
  }

  /// Render settings at `size` with these placement options.
  func renderSettings(width: Int, height: Int, jobs: Int, images: [String: PixelBuffer], fonts: FontSet)
    -> RenderSettings
  {
    var settings = RenderSettings(
      width: width, height: height, fit: fit, background: backgroundColor, jobs: jobs, images: images)
    settings.fonts = fonts
    settings.padding = padding
    settings.textFit = textFit
    return settings
  }

  /// `value` rounded to an Int, held to a range that cannot trap.
  private func clamped(_ value: Double) -> Int {
    value.isFinite ? Int(min(max(value.rounded(), -1e9), 1e9)) : 1  // int-audit: safe: finite, clamped to ±1e9
  }
}

/// What part of the animation plays and how (export, render; sheet takes --frames).
struct TimingOptions: Sendable {
  var frames: FrameSpan?
  var progress: (from: Double, to: Double)?
  var marker: String?
  var speed = 1.0
  var repeatCount = 1
  var bounce = false
  var duration: Double?
  var fps: Double?
  /// A preset's caps (only when --fps or --duration is not given).
  var maxFps: Double?
  var maxDuration: Double?

  init(_ p: ParsedArguments) {
    frames = p[OptionTable.frames]
    if case .range(let from, let to)? = p[OptionTable.progress] { progress = (from, to) }
    marker = p[OptionTable.marker]
    speed = p[OptionTable.speed] ?? 1
    repeatCount = p[OptionTable.repeatCount] ?? 1
    bounce = p[OptionTable.bounce]
    duration = p[OptionTable.duration]
    fps = p[OptionTable.fps]
    // A preset's caps give way to the command line's rate and length.
    maxFps = p.has(OptionTable.fps.spec) ? nil : p[OptionTable.maxFps]
    maxDuration = p.has(OptionTable.duration.spec) ? nil : p[OptionTable.maxDuration]
  }

  func validate(_ p: ParsedArguments, command: String) throws(UsageError) {
    if [frames != nil, progress != nil, marker != nil].filter({ $0 }).count > 1 {
      throw UsageError(message: "Use only one of --frames, --progress and --marker", command: command)
    }
    if p.has(OptionTable.repeatCount.spec) && duration != nil {
      throw UsageError(message: "Use only one of --repeat and --duration", command: command)
    }
  }

  /// The output frame rate: --fps, else the preset's, else the animation's; capped by a preset's maxFps.
  func frameRate(animation: Animation) -> Double {
    var rate = fps ?? animation.frameRate
    if let maxFps { rate = min(rate, maxFps) }
    return rate
  }

  /// The part of the animation to play and how, held to `frameLimit` output frames (`--limit frames`).
  func timeline(animation: Animation, command: String, frameLimit: Double = LoadLimits().maxFrames) throws(UsageError)
    -> Timeline
  {
    var t = Timeline(animation: animation)
    let (ip, op) = (animation.inPoint, animation.outPoint)
    if let frames {
      guard frames.first >= ip, frames.last <= op - 1 else {
        throw UsageError(
          message:
            "The frames \(ValueParser.format(frames.first))-\(ValueParser.format(frames.last)) are outside the animation's frames \(ValueParser.format(ip))-\(ValueParser.format(op - 1))",
          command: command)
      }
      (t.start, t.end) = (frames.first, frames.last + 1)
    } else if let (from, to) = progress {
      (t.start, t.end) = (ip + from * (op - ip), ip + to * (op - ip))
    } else if let name = marker {
      guard let marker = animation.markers.first(where: { $0.name == name }) else {
        let list = animation.markers.map { "'\($0.name)'" }.joined(separator: ", ")
        throw UsageError(
          message: animation.markers.isEmpty
            ? "Unknown marker '\(name)'; the animation has no markers" : "Unknown marker '\(name)'; markers: \(list)",
          command: command)
      }
      // A marker without a length plays its one frame.
      (t.start, t.end) = (marker.frame, marker.frame + max(marker.duration, 1))
    }
    t.speed = speed
    t.repeatCount = repeatCount
    t.bounce = bounce
    t.duration = duration
    t.maxDuration = maxDuration
    t.frameLimit = frameLimit
    return t
  }

  /// Refuses a composition frame outside `ip ..< op` (a snapshot's or a poster's), and returns it held inside:
  /// exporters write in and out points with float noise (ip 4.00000016), which `info` shows as 4, so a frame
  /// within a thousandth of a frame of ip counts as ip.
  static func checkFrame(_ frame: Double, animation: Animation, what: String, command: String) throws(UsageError)
    -> Double
  {
    let (ip, op) = (animation.inPoint, animation.outPoint)
    guard frame >= ip - 1e-3 && frame < op else {
      let f = InfoReport.fmt
      throw UsageError(
        message:
          "The \(what) \(f(frame)) is outside the animation's frames \(f(ip))-\(f(op - 1)) (ip \(f(ip)) up to op \(f(op)), op excluded)",
        command: command)
    }
    return max(frame, ip)
  }
}
