import Foundation
import TestSupport
import Testing

@testable import Lottie2VideoCLI

/// Every shipped preset, alone and under the command-line options that combine with presets, resolves to the
/// settings it resolved to before presets were read through the option table: the `--dry-run --json` plan of
/// each case must equal the one in ``PresetResolutionFixture``, which was recorded by running this test
/// against the code that still had the hand-written preset parser and merge (`L2V_RECORD_PRESET_FIXTURE=1`
/// rewrites it; do that only on purpose, when a resolution is meant to change).
struct PresetResolutionTests {
  /// The shipped presets and the extension of the output each makes.
  static let presets: [(name: String, ext: String)] = [
    ("gif-web", "gif"), ("instagram-post", "mp4"), ("instagram-story", "mp4"), ("linkedin", "mp4"),
    ("prores-alpha", "mov"), ("slack-emoji", "gif"), ("telegram-sticker", "webm"), ("webm-alpha", "webm"),
    ("x-video", "mp4"), ("youtube-1080p", "mp4"), ("youtube-4k", "mp4"),
  ]

  /// The options tried with every preset: each side of the size rules, the rate and length caps, and the
  /// encoder and sound options a preset can also set.
  static let variants: [[String]] = [
    [], ["--width", "320"], ["--height", "320"], ["--scale", "0.5"], ["--size", "720p"],
    ["--width", "300", "--height", "200"], ["--fps", "24"], ["--fps", "90"], ["--duration", "2"], ["--crf", "30"],
    ["--background", "red"], ["--fit", "cover"], ["--padding", "4"], ["--codec-preset", "slow"],
    ["--audio", "jingle.wav"], ["--no-audio"], ["--loop", "3"], ["--dither", "bayer"],
    ["--gif-palette", "per-frame"], ["--pix-fmt", "yuv444p"], ["--repeat", "3"],
  ]

  /// Presets of our own beside the shipped ones, for the keys none of those sets: a soundtrack beside the
  /// preset, its offset and loop, the audio rate, one side only, fit and padding, WebP and the encoder's speed.
  static let ownPresets: [String: String] = [
    "presets/brand.json":
      #"{"format":"mp4","audio":"jingle.wav","audioOffset":1.5,"audioLoop":true,"audioBitrate":"96k","background":"white","codecPreset":"slow","pixFmt":"yuv444p"}"#,
    "presets/quiet.json": #"{"format":"webm","noAudio":true,"audioBitrate":64000,"crf":40,"bitrate":"2M"}"#,
    "presets/wide.json": #"{"width":640,"fit":"cover","padding":10,"maxFps":20,"maxDuration":1.5}"#,
    "presets/tall.json": #"{"height":480,"fps":12}"#,
    "presets/webp.json": #"{"format":"webp","quality":60,"lossless":false,"loop":2,"width":200,"height":100}"#,
    "presets/apng.json": #"{"format":"apng","loop":-1,"lossless":true}"#,
    "presets/budget.json": #"{"format":"gif","maxBytes":50000,"minFps":10,"gifPalette":"per-frame","dither":"none"}"#,
  ]

  static let ownVariants: [(preset: String, ext: String, options: [String])] = [
    ("brand", "mp4", []), ("brand", "mp4", ["--audio", "other.wav"]), ("brand", "mp4", ["--audio-offset", "3"]),
    ("brand", "mp4", ["--audio-loop"]), ("brand", "mp4", ["--no-audio"]),
    ("brand", "mp4", ["--audio-bitrate", "192k"]),
    ("brand", "mp4", ["--codec-preset", "fast", "--pix-fmt", "yuv420p"]), ("brand", "mov", []),
    ("quiet", "webm", []), ("quiet", "webm", ["--audio", "jingle.wav"]), ("quiet", "webm", ["--crf", "20"]),
    ("quiet", "webm", ["--bitrate", "500k"]), ("wide", "mp4", []), ("wide", "mp4", ["--height", "100"]),
    ("wide", "mp4", ["--fps", "60"]), ("wide", "mp4", ["--duration", "2"]), ("wide", "gif", ["--fit", "fill"]),
    ("tall", "mp4", []), ("tall", "mp4", ["--scale", "2"]), ("tall", "mp4", ["--width", "50"]),
    ("webp", "webp", []), ("webp", "webp", ["--lossless"]), ("webp", "webp", ["--quality", "90", "--loop", "0"]),
    ("webp", "webp", ["--width", "100"]), ("apng", "apng", []), ("apng", "apng", ["--loop", "5"]),
    ("budget", "gif", []), ("budget", "gif", ["--width", "64"]), ("budget", "gif", ["--dither", "bayer"]),
  ]

  /// Every case: the arguments after the input.
  static var cases: [[String]] {
    var result: [[String]] = []
    for (name, ext) in presets {
      for variant in variants { result.append(["-o", "out.\(ext)", "--preset", name] + variant) }
    }
    for (preset, ext, options) in ownVariants {
      result.append(["-o", "out.\(ext)", "--preset", "presets/\(preset).json"] + options)
    }
    // A preset's format must match the output; standard output needs --format.
    result.append(["-o", "out.mp4", "--preset", "telegram-sticker"])
    result.append(["-o", "-", "--preset", "slack-emoji"])
    result.append(["-o", "-", "--preset", "slack-emoji", "--format", "gif"])
    return result
  }

  /// What a case resolves to: the plan as one line of JSON, or the exit code and the error.
  static func resolve(_ arguments: [String], in directory: URL) async throws -> String {
    let result = try await CommandRunner.lottie2video(
      ["solid.json"] + arguments + ["--dry-run", "--json", "--jobs", "2"], in: directory)
    guard result.exited(0) else { return "exit \(result.status): \(result.stderr)" }
    let document = try JSONDecoder().decode(ExportPlan.Document.self, from: Data(result.stdout.utf8))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(document), as: UTF8.self)
  }

  @Test func everyPresetResolvesAsBefore() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(TimingAndPresetTests.solidJSON.utf8).write(to: directory.appendingPathComponent("solid.json"))
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("presets"), withIntermediateDirectories: true)
    for (path, text) in Self.ownPresets { try Data(text.utf8).write(to: directory.appendingPathComponent(path)) }
    // The plan only checks that a soundtrack exists; it is decoded by the export.
    for name in ["jingle.wav", "other.wav", "presets/jingle.wav"] {
      try Data("RIFF".utf8).write(to: directory.appendingPathComponent(name))
    }
    var resolved: [(arguments: [String], plan: String)] = []
    for arguments in Self.cases { resolved.append((arguments, try await Self.resolve(arguments, in: directory))) }

    if ProcessInfo.processInfo.environment["L2V_RECORD_PRESET_FIXTURE"] == "1" {
      try Self.record(resolved)
      return
    }
    let expected = Dictionary(
      PresetResolutionFixture.expected.map { ($0.arguments.joined(separator: " "), $0.plan) },
      uniquingKeysWith: { a, _ in a })
    #expect(expected.count == Self.cases.count, "the fixture should hold every case once")
    for (arguments, plan) in resolved {
      let key = arguments.joined(separator: " ")
      guard let before = expected[key] else {
        Issue.record("no recorded resolution for \(key)")
        continue
      }
      if before.hasPrefix("exit ") || plan.hasPrefix("exit ") {
        #expect(plan == before, "\(key)")
      } else {
        let decoder = JSONDecoder()
        let old = try decoder.decode(ExportPlan.Document.self, from: Data(before.utf8))
        let new = try decoder.decode(ExportPlan.Document.self, from: Data(plan.utf8))
        #expect(new == old, "\(key):\nbefore \(before)\nnow    \(plan)")
      }
    }
  }

  /// Writes ``PresetResolutionFixture`` from `resolved`.
  static func record(_ resolved: [(arguments: [String], plan: String)]) throws {
    // A raw string: the plans hold quotes and `"#` (colours); a line break is written as an escape.
    func literal(_ text: String) -> String {
      "##\"" + text.replacingOccurrences(of: "\n", with: "\\##n") + "\"##"
    }
    var lines = [
      "// Recorded by PresetResolutionTests with L2V_RECORD_PRESET_FIXTURE=1; do not edit by hand.",
      "",
      "/// What each case of ``PresetResolutionTests`` resolved to when it was recorded.",
      "enum PresetResolutionFixture {",
      "  static let expected: [(arguments: [String], plan: String)] = [",
    ]
    for (arguments, plan) in resolved {
      let list = arguments.map { "\"\($0)\"" }.joined(separator: ", ")
      lines.append("    (")
      lines.append("      [\(list)],")
      lines.append("      \(literal(plan))")
      lines.append("    ),")
    }
    lines += ["  ]", "}", ""]
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("PresetResolutionFixture.swift")
    try Data(lines.joined(separator: "\n").utf8).write(to: url)
  }
}
