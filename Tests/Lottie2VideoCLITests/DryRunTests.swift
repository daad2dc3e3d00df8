import Foundation
import TestSupport
import Testing

@testable import Lottie2VideoCLI

/// `--dry-run` plans the export, prints the plan (text, or JSON with `--json`) and writes nothing; the plan is
/// the export's own, so what it says is what the export then does.
struct DryRunTests {
  @Test func printsThePlanAndWritesNothing() async throws {
    let (directory, input) = try TimingAndPresetTests.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("story.mp4").path
    let result = try await CommandRunner.lottie2video([
      input, "-o", output, "--preset", "instagram-story", "--height", "320", "--jobs", "2", "--dry-run",
    ])
    #expect(result.exited(0), "\(result)")
    #expect(result.stderr == "")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "\(input): export planned, nothing written")
    #expect(lines.contains("  output    \(output)"))
    #expect(lines.contains("  encoder   mp4, h264 crf 20, medium, yuv420p"))
    #expect(lines.contains("  size      180x320, fit contain, padding 0, background transparent"))
    #expect(lines.contains("  frames    90 at 30 fps, 3.000 s"))
    #expect(lines.contains("  audio     none"))
    #expect(lines.contains { $0.hasPrefix("  memory    about ") && $0.hasSuffix("; libx264 (medium))") })
    #expect(lines.contains("  note      MP4 has no alpha channel; composited over white (use --background to choose)"))
    // Nothing written.
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func jsonPlanMatchesTheExport() async throws {
    let (directory, input) = try TimingAndPresetTests.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("clip.webm").path
    let arguments = [input, "-o", output, "--fps", "10", "--width", "64", "--bounce", "--jobs", "1"]
    let planned = try await CommandRunner.lottie2video(arguments + ["--dry-run", "--json"])
    #expect(planned.exited(0), "\(planned)")
    let plan = try JSONDecoder().decode(ExportPlan.Document.self, from: Data(planned.stdout.utf8))
    #expect(plan.output == output && plan.format == "webm" && plan.codec == "vp9")
    #expect(plan.width == 64 && plan.height == 64 && plan.fps == 10)
    #expect(plan.frames == 60 && plan.duration == 6, "30 frames at 10 fps, forward then back")
    #expect(plan.audio == nil && plan.poster == nil && plan.sizeBudget == nil)
    #expect(plan.memory.estimatedBytes > 0 && plan.memory.limitBytes == 4_000_000_000)
    #expect(plan.timing.bounce && plan.encoder.vp9Crf == 32 && plan.placement.background == nil)
    #expect(!FileManager.default.fileExists(atPath: output))
    // The export does what the plan said.
    let exported = try await CommandRunner.lottie2video(arguments + ["-q"])
    #expect(exported.exited(0), "\(exported)")
    let stream = try await CommandRunner.probe(output)
    #expect(stream["codec_name"] as? String == "vp9")
    #expect(stream["width"] as? Int == 64 && stream["nb_read_frames"] as? String == "60")
  }

  @Test func refusesWhatTheExportWouldRefuse() async throws {
    let (directory, input) = try TimingAndPresetTests.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    // The encoder's settings are checked: WebM's VP9 takes no 4:4:4 here.
    let settings = try await CommandRunner.lottie2video([
      input, "-o", directory.appendingPathComponent("x.webm").path, "--pix-fmt", "yuv444p", "--dry-run",
    ])
    #expect(settings.exited(1), "\(settings)")
    #expect(settings.stderr.contains("cannot use pixel format yuv444p"), "\(settings)")
    // And the memory estimate against its limit.
    let memory = try await CommandRunner.lottie2video([
      input, "-o", directory.appendingPathComponent("x.mp4").path, "--size", "4k", "--limit", "memory=200M",
      "--dry-run",
    ])
    #expect(memory.exited(1), "\(memory)")
    #expect(memory.stderr.contains("memory"), "\(memory)")
    // --json alone is the plan's format, not the progress's.
    let json = try await CommandRunner.lottie2video([input, "-o", "x.mp4", "--json"])
    #expect(json.exited(64), "\(json)")
    #expect(json.stderr.hasPrefix("Error: --json prints the plan of --dry-run; give --dry-run too"), "\(json)")
  }

  /// The plan says the input's warnings as the export does, and `--strict` fails it as it fails the export
  /// (exit 1), the plan still printed; nothing is written either way.
  @Test func warningsAndStrictAreTheExports() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try CheckCommandTests.withExpression(in: directory)
    let output = directory.appendingPathComponent("e.mp4").path
    let warning =
      "  warning   $.layers[0].ks.o.x: expression not evaluated (syntax error: expected ')', found the end (at character 10)); the property's own value is used"
    let plan = try await CommandRunner.lottie2video([input, "-o", output, "--dry-run"])
    #expect(plan.exited(0), "\(plan)")
    #expect(plan.stdout.contains(warning + "\n"), "\(plan)")
    let strict = try await CommandRunner.lottie2video([input, "-o", output, "--dry-run", "--strict"])
    let export = try await CommandRunner.lottie2video([input, "-o", output, "--strict"])
    #expect(strict.exited(1) && export.exited(1), "\(strict)\n\(export)")
    #expect(strict.stdout.contains(warning), "\(strict)")
    #expect(strict.stderr.contains("--strict: 1 warning (in the plan); an export would write nothing"), "\(strict)")
    let json = try await CommandRunner.lottie2video([input, "-o", output, "--dry-run", "--json"])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(
      (document["warnings"] as? [String])?.first?.hasPrefix("$.layers[0].ks.o.x: expression not evaluated") == true)
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func aBatchPrintsOnePlanPerFile() async throws {
    let (directory, input) = try TimingAndPresetTests.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let second = directory.appendingPathComponent("second.json").path
    try FileManager.default.copyItem(atPath: input, toPath: second)
    let out = directory.appendingPathComponent("out").path
    let result = try await CommandRunner.lottie2video([
      input, second, "-o", out, "--preset", "gif-web", "--format", "gif", "--dry-run", "--json",
    ])
    #expect(result.exited(0), "\(result)")
    let plans = try JSONDecoder().decode([ExportPlan.Document].self, from: Data(result.stdout.utf8))
    #expect(plans.map(\.output) == [out + "/solid.gif", out + "/second.gif"])
    #expect(plans.allSatisfy { $0.width == 480 && $0.fps == 25 && $0.codec == "gif" })
    #expect(!FileManager.default.fileExists(atPath: out), "a dry run makes no folder")
  }
}
