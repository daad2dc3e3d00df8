import CairoRendering
import Dispatch
import Foundation
import Lottie
import LottieArchive
import Pipeline
import Raster
import VideoEncoding

/// The subcommands other than export: snapshot, render, check, presets, info.
extension CommandLineTool {
  static func snapshot(_ arguments: [String]) throws -> Int32 {
    let allowed = Set<String>([
      "-o", "--output", "--frame", "--width", "--height", "--scale", "--fit", "--background", "--assets",
      "--animation", "--size", "--padding", "--limit", "--fonts",
    ]).union(templateOptions)
    let o = try parse(arguments, command: "snapshot", allowed: allowed)
    guard let output = o.output else { throw UsageError(message: "Missing expected option '-o <output.png>'", command: "snapshot") }
    guard let frame = o.frame else { throw UsageError(message: "Missing expected option '--frame <frame>'", command: "snapshot") }
    guard (output as NSString).pathExtension.lowercased() == "png" else {
      throw UsageError(message: "The output '\(output)' must end in .png", command: "snapshot")
    }
    let (animation, images, _) = try loadWithImages(o.input ?? "", o)
    let (w, h) = try outputSize(o, animation: animation)
    try checkPadding(o, width: w, height: h, command: "snapshot")
    var settings = RenderSettings(
      width: w, height: h, fit: o.fit, background: background(o.background), jobs: 1, images: images)
    settings.padding = o.padding
    try Exporter.snapshot(animation: animation, frame: frame, settings: settings, to: output)
    return 0
  }

  static func renderOnly(_ arguments: [String]) throws -> Int32 {
    let allowed = Set<String>([
      "--width", "--height", "--scale", "--fps", "--fit", "--background", "--jobs", "--max-frames", "--assets",
      "--animation", "--size", "--padding", "--preset", "--limit", "--fonts",
    ]).union(timingOptions).union(templateOptions)
    var o = try parse(arguments, command: "render", allowed: allowed)
    try applyPreset(&o, command: "render")
    let (animation, images, _) = try loadWithImages(o.input ?? "", o)
    let (w, h) = try outputSize(o, animation: animation)
    try checkPadding(o, width: w, height: h, command: "render")
    let timeline = try timeline(o, animation: animation, command: "render")
    var settings = RenderSettings(
      width: w, height: h, fit: o.fit, background: background(o.background), jobs: o.jobs, images: images)
    settings.padding = o.padding
    let (frames, seconds) = try Exporter.renderOnly(
      animation: animation, settings: settings, fps: frameRate(o, animation: animation), maxFrames: o.maxFrames,
      timeline: timeline)
    Console.output(String(format: "frames=%d seconds=%.3f fps=%.1f", frames, seconds, Double(frames) / max(seconds, 1e-9)))
    return 0
  }

  /// Lists what each input uses that is ignored or approximated, without rendering. Exit 1 when an input
  /// cannot be loaded, or (with `--strict`) has warnings.
  static func check(_ arguments: [String]) throws -> Int32 {
    let o = try parse(
      arguments, command: "check", allowed: Set(["--json", "--strict", "--animation", "--assets", "--limit", "--fonts"]).union(templateOptions))
    var failed = false
    var records: [[String: Any]] = []
    for input in o.inputs {
      do {
        let (_, _, diagnostics) = try loadWithImages(input, o)
        let warnings = diagnostics.filter { $0.severity >= .warning }.count
        if o.strict && warnings > 0 { failed = true }
        if o.json {
          records.append([
            "file": input, "ok": true, "warnings": warnings,
            "diagnostics": diagnostics.map {
              ["severity": $0.severity.rawValue, "path": $0.path.description, "message": $0.message]
            },
          ])
        } else {
          Console.output("\(input): \(diagnostics.isEmpty ? "ok" : "\(diagnostics.count) diagnostic\(diagnostics.count == 1 ? "" : "s")")")
          for d in diagnostics { Console.output("  \(d.path): \(d.severity.rawValue): \(d.message)") }
        }
      } catch {
        failed = true
        if o.json {
          records.append(["file": input, "ok": false, "error": "\(error)"])
        } else {
          Console.output("\(input): error: \(error)")
        }
      }
    }
    if o.json {
      let data = try JSONSerialization.data(withJSONObject: records, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      Console.output(String(decoding: data, as: UTF8.self))
    }
    return failed ? 1 : 0
  }

  /// Lists the presets found: name and description, then what each sets.
  static func presets(_ arguments: [String]) throws -> Int32 {
    if let first = arguments.first {
      throw UsageError(
        message: first.hasPrefix("-") ? "Unknown option '\(first)'" : "Unexpected argument '\(first)'", command: "presets")
    }
    let all = Preset.available()
    if all.isEmpty {
      Console.output("No presets found (set L2V_PRESETS to a folder of preset .json files).")
      return 0
    }
    let width = all.map(\.name.count).max() ?? 0
    var lines = ["Presets (use with --preset <name>; options given on the command line win):"]
    for (name, path) in all {
      let padded = name.padding(toLength: width, withPad: " ", startingAt: 0)
      let indent = String(repeating: " ", count: width + 4)
      do {
        let p = try Preset.load(path: path)
        lines.append("  \(padded)  \(p.description ?? "")")
        lines.append("\(indent)\(p.summary)")
      } catch {
        lines.append("  \(padded)  error: \(error)")
      }
    }
    Console.output(lines.joined(separator: "\n"))
    return 0
  }

  static func info(_ arguments: [String]) throws -> Int32 {
    var o = try parse(
      arguments, command: "info", allowed: Set(["--animation", "--keypaths", "--limit"]).union(templateOptions))
    let input = o.input ?? ""
    o.template.listsKeypaths = o.keypaths
    let start = DispatchTime.now()
    let loaded = try load(input, o)
    var animation = loaded.animation
    let parseSeconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    // The font notes `check` lists too: missing fonts and their stand-ins, fallbacks, undrawable characters.
    animation.diagnostics += FontLibrary.prepare(
      animation, embedded: loaded.fontData,
      baseDirectory: loaded.baseDirectory ?? (input as NSString).deletingLastPathComponent, file: loaded.animationFile)
    if o.keypaths {
      // One line per settable property: the keypath to type, then what it takes.
      let keypaths = animation.keypaths ?? []
      if keypaths.isEmpty { Console.output("\(input): no settable properties") }
      let width = min(keypaths.map(\.text.count).max() ?? 0, 60)
      for k in keypaths {
        Console.output(k.text.padding(toLength: max(width, k.text.count), withPad: " ", startingAt: 0) + "  " + k.kind.rawValue)
      }
      return 0
    }
    Console.output(InfoReport.text(animation, file: input, parseSeconds: parseSeconds))
    return 0
  }

  /// Draws a contact sheet: `--count` frames spread evenly over the animation (or the `--frames` range), in
  /// `--columns` columns of `--width`-pixel cells, each labelled with its frame number.
  static func sheet(_ arguments: [String]) throws -> Int32 {
    let allowed = Set<String>([
      "-o", "--output", "--count", "--columns", "--width", "--background", "--assets", "--animation", "--frames",
      "--limit", "--fonts",
    ]).union(templateOptions)
    let o = try parse(arguments, command: "sheet", allowed: allowed)
    guard let output = o.output else { throw UsageError(message: "Missing expected option '-o <sheet.png>'", command: "sheet") }
    guard (output as NSString).pathExtension.lowercased() == "png" else {
      throw UsageError(message: "The output '\(output)' must end in .png", command: "sheet")
    }
    let (animation, images, _) = try loadWithImages(o.input ?? "", o)
    let timeline = try timeline(o, animation: animation, command: "sheet")
    let count = o.count ?? 12
    let first = timeline.start, last = max(timeline.start, timeline.end - 1)
    let frames = (0..<count).map { i in
      count == 1 ? first : (first + (last - first) * Double(i) / Double(count - 1)).rounded()
    }
    let cellWidth = o.width ?? 256
    let cellHeight = max(1, Int((Double(cellWidth) * animation.height / animation.width).rounded()))
    try ContactSheet.write(
      animation: animation, images: images, frames: frames, cellWidth: cellWidth, cellHeight: cellHeight,
      columns: o.columns ?? 4, background: background(o.background), to: output)
    return 0
  }
}
