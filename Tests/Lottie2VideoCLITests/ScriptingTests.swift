import Foundation
import TestSupport
import Testing

@testable import Lottie2VideoCLI

/// The command line as scripts see it: help per subcommand, suggestions, completions and the man page from the
/// one option table, and --progress json as a clean event stream.
struct ScriptingTests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path

  // MARK: - One table

  /// The option names an option label line of `--help` shows (`  -o, --output <output>  ...`).
  static func helpOptions(_ help: String) -> Set<String> {
    var names: Set<String> = []
    for line in help.split(separator: "\n") where line.hasPrefix("  -") {
      // The label's names, up to the value or the text.
      for token in line.split(separator: " ") {
        guard token.hasPrefix("-") else { break }
        names.insert(String(token.hasSuffix(",") ? token.dropLast() : token))
      }
    }
    return names
  }

  /// The names bash offers for `command` (its `opts="..."` line).
  static func bashOptions(_ script: String, _ command: String) -> Set<String> {
    guard let line = script.split(separator: "\n").first(where: { $0.hasPrefix("    \(command)) opts=\"") }),
      let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close
    else { return [] }
    return Set(line[line.index(after: open)..<close].split(separator: " ").map(String.init))
  }

  /// The names zsh's `_arguments` block for `command` declares.
  static func zshOptions(_ script: String, _ command: String) -> Set<String> {
    let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0 == "    \(command))" }) else { return [] }
    var names: Set<String> = []
    for line in lines[(start + 1)...] {
      if line.hasPrefix("      ;;") { break }
      if let braces = line.firstMatch(of: /\{([-\w,]+)\}/) {
        for name in braces.1.split(separator: ",") { names.insert(String(name)) }
      } else if let single = line.firstMatch(of: /'\*?(--?[\w-]+)\[/) {
        names.insert(String(single.1))
      }
    }
    return names
  }

  /// The names fish completes under `command`'s condition.
  static func fishOptions(_ script: String, _ command: CommandSpec) -> Set<String> {
    let condition =
      command.isTyped
      ? "'__fish_seen_subcommand_from \(command.name)'"
      : "'not __fish_seen_subcommand_from \(CommandTable.typedNames.joined(separator: " "))'"
    var names: Set<String> = []
    for line in script.split(separator: "\n")
    where line.contains("-n \(condition) -l") || line.contains("-n \(condition) -s") {
      for match in line.matches(of: /\s-l ([\w-]+)/) { names.insert("--" + match.1) }
      for match in line.matches(of: /\s-s (\w)\b/) { names.insert("-" + match.1) }
    }
    return names
  }

  /// The names the man page lists in `command`'s section.
  static func manOptions(_ page: String, _ command: CommandSpec) -> Set<String> {
    let lines = page.split(separator: "\n")
    let start = lines.firstIndex { $0 == (command.isTyped ? ".SS \(command.name)" : ".SH OPTIONS") }
    guard let start else { return [] }
    var names: Set<String> = []
    for line in lines[(start + 1)...] {
      if line.hasPrefix(".SS") || line.hasPrefix(".SH") { break }
      for match in line.matches(of: /\\fB((?:\\-)+[\w\\-]+)\\fR/) {
        names.insert(String(match.1).replacingOccurrences(of: "\\-", with: "-"))
      }
    }
    return names
  }

  /// Help, completions (bash, zsh, fish) and the man page list, for every command, exactly the options the
  /// parser takes for it: all of them are generated from the one table.
  @Test func helpCompletionsAndManComeFromTheTable() throws {
    let bash = CompletionsCommand.bash(), zsh = CompletionsCommand.zsh(), fish = CompletionsCommand.fish()
    let man = ManCommand.page()
    for command in CommandTable.all {
      let parsed = Set(command.options.flatMap(\.names))
      #expect(!parsed.isEmpty)
      #expect(
        Self.helpOptions(Help.help(for: command.isTyped ? command : ExportCommand.spec)) == parsed,
        "help of \(command.name)")
      #expect(Self.bashOptions(bash, command.name) == parsed, "bash, \(command.name)")
      #expect(Self.zshOptions(zsh, command.name) == parsed, "zsh, \(command.name)")
      #expect(Self.fishOptions(fish, command) == parsed, "fish, \(command.name)")
      #expect(Self.manOptions(man, command) == parsed, "man, \(command.name)")
      // And the parser takes each of them for this command, and only for the commands that list it.
      for option in command.options {
        #expect(OptionTable.spec(named: option.name, in: command.options) == option)
      }
    }
    // Every option of the table is taken by some command (through its groups), and the preset-only keys by none.
    let taken = Set(CommandTable.all.flatMap(\.options))
    for option in OptionTable.all { #expect(taken.contains(option), "\(option.name)") }
    for option in OptionTable.presetOptions where option.isPresetOnly {
      #expect(!taken.contains(option), "\(option.name)")
    }
  }

  /// The binary prints what the table generates.
  @Test(arguments: ["bash", "zsh", "fish"])
  func completionsThroughTheBinary(shell: String) async throws {
    let result = try await CommandRunner.lottie2video(["completions", shell])
    #expect(result.exited(0), "\(result)")
    let expected =
      shell == "bash"
      ? CompletionsCommand.bash() : shell == "zsh" ? CompletionsCommand.zsh() : CompletionsCommand.fish()
    #expect(result.stdout == expected + "\n")
    #expect(result.stdout.contains("poster-frame") && result.stdout.contains("snapshot"))
  }

  /// bash accepts the script and completes from it.
  @Test func bashScriptWorks() async throws {
    let bash = try CommandRunner.tool("bash")
    let script =
      CompletionsCommand.bash() + """

        COMP_WORDS=(lottie2video snapshot x.json --fr); COMP_CWORD=3; _lottie2video; echo "${COMPREPLY[*]}"
        COMP_WORDS=(lottie2video a.json --fit ''); COMP_CWORD=3; _lottie2video; echo "${COMPREPLY[*]}"
        COMP_WORDS=(lottie2video sn); COMP_CWORD=1; _lottie2video; echo "${COMPREPLY[*]}"
        """
    let result = try await CommandRunner.run(bash, ["-c", script])
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout == "--frame\ncontain cover fill\nsnapshot\n", "\(result)")
  }

  @Test func manPage() async throws {
    let result = try await CommandRunner.lottie2video(["man"])
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout.hasPrefix(".TH LOTTIE2VIDEO 1 "))
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH COMMANDS", ".SS snapshot", ".SH EXIT STATUS"] {
      #expect(result.stdout.contains("\n\(section)\n"), "\(section)")
    }
    // Hyphens are escaped, and no line starts with a stray control character.
    #expect(result.stdout.contains("\\fB\\-\\-poster\\-frame\\fR"))
    #expect(!result.stdout.split(separator: "\n").contains { $0.hasPrefix("'") })
  }

  static var hasGroff: Bool { (try? CommandRunner.tool("groff")) != nil }

  /// groff reads the page without a warning (the man command formats it with groff).
  @Test(.enabled(if: hasGroff, "groff is not installed (Debian's groff-base)"))
  func manPageFormatsCleanly() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = directory.appendingPathComponent("lottie2video.1")
    try Data((ManCommand.page() + "\n").utf8).write(to: page)
    let result = try await CommandRunner.run(
      try CommandRunner.tool("groff"), ["-man", "-Tutf8", "-ww", "-z", page.path])
    #expect(result.exited(0) && result.stderr == "", "\(result)")
  }

  // MARK: - Help and suggestions

  @Test(arguments: ["snapshot", "info", "check", "sheet", "render", "presets", "merge-reports", "completions", "man"])
  func eachSubcommandHasItsOwnHelp(name: String) async throws {
    let command = try #require(CommandTable.named(name))
    for arguments in [[name, "--help"], ["help", name], [name, "x.json", "-h"]] {
      let result = try await CommandRunner.lottie2video(arguments)
      #expect(result.exited(0), "\(result)")
      #expect(result.stdout == Help.help(for: command).trimmingTrailingNewlines + "\n")
      #expect(result.stdout.hasPrefix(Help.wrap("OVERVIEW: \(command.summary)", indent: 0, first: 0) + "\n"))
    }
  }

  @Test func snapshotHelpListsOnlyItsOptions() {
    let help = Help.help(for: SnapshotCommand.spec)
    #expect(
      help.contains("  --frame <frame>")
        && help.contains("USAGE: lottie2video snapshot <input> --frame <frame> -o <output> [options]"))
    #expect(!help.contains("--fps") && !help.contains("--codec"))
  }

  @Test(
    arguments: [
      (
        ["snapshto", "a.json", "--frame", "1", "-o", "a.png"],
        "Unknown subcommand 'snapshto'; did you mean 'snapshot'?", nil
      ),
      (["infp", "a.json"], "Unknown subcommand 'infp'; did you mean 'info'?", nil),
      (["a.json", "-o", "a.mp4", "--fsp", "60"], "Unknown option '--fsp'; did you mean '--fps'?", nil),
      (
        ["a.json", "-o", "a.mp4", "--backgrond", "red"], "Unknown option '--backgrond'; did you mean '--background'?",
        nil
      ),
      (
        ["info", "a.json", "--frame", "2"], "Unknown option '--frame'; it is an option of snapshot, not of info", "info"
      ),
      (
        ["snapshot", "a.json", "--keypaths"], "Unknown option '--keypaths'; it is an option of info, not of snapshot",
        "snapshot"
      ),
      (
        ["help", "nope"],
        "Unknown subcommand 'nope'; subcommands: snapshot, info, check, sheet, render, presets, merge-reports, completions, man",
        nil
      ),
      (["completions", "tcsh"], "The value 'tcsh' is invalid for '<shell>': use bash, zsh or fish", "completions"),
    ] as [([String], String, String?)])
  func typosGetSuggestions(arguments: [String], message: String, command: String?) async throws {
    let result = try await CommandRunner.lottie2video(arguments)
    #expect(result.exited(64), "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderr == CommandLineTests.usageError(message, command: command))
  }

  @Test func nearestNameUsesEditDistance() {
    #expect(Suggestions.distance("--fsp", "--fps") == 1)
    #expect(Suggestions.distance("kitten", "sitting") == 3)
    #expect(Suggestions.nearest(to: "--bogus", in: ExportCommand.spec.options.flatMap(\.names)) == nil)
    #expect(Suggestions.nearest(to: "--heigth", in: ExportCommand.spec.options.flatMap(\.names)) == "--height")
  }

  // MARK: - JSON events

  /// Every stderr line as a JSON object; fails the test when one is not.
  static func events(_ result: CommandResult) throws -> [[String: Any]] {
    try result.stderr.split(separator: "\n").map { line in
      guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
        throw ToolFailure(description: "not a JSON object on stderr: \(line)")
      }
      #expect(object.keys.contains("event"), "\(line)")
      return object
    }
  }

  /// One export with a diagnostic and a note: stderr is only events, the warning carries its JSON path.
  @Test func singleExportEvents() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try CheckCommandTests.withExpression(in: directory)
    let output = directory.appendingPathComponent("e.mp4").path
    let result = try await CommandRunner.lottie2video([input, "-o", output, "--progress", "json"])
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout == "", "the summary becomes the file-done event")
    let events = try Self.events(result)
    let kinds = events.map { $0["event"] as? String ?? "" }.filter { $0 != "progress" }
    #expect(kinds == ["start", "warning", "warning", "file-done", "done"], "\(kinds)")
    let warning = events[1]
    #expect(warning["severity"] as? String == "warning" && warning["path"] as? String == "$.layers[0].ks.o.x")
    #expect(warning["file"] as? String == input)
    #expect(events[2]["severity"] as? String == "note" && events[2]["path"] == nil)
    #expect((events[2]["message"] as? String)?.hasPrefix("MP4 has no alpha channel") == true)
    let fileDone = events[events.count - 2]
    #expect(
      fileDone["output"] as? String == output && fileDone["frames"] as? Int == 10
        && (fileDone["bytes"] as? Int ?? 0) > 0)
  }

  /// A batch with a broken file: file-failed with the error, then done with the counts; nothing else on stderr.
  @Test func batchEvents() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Self.hello, toPath: input.appendingPathComponent("a.json").path)
    try Data(#"{"broken":"#.utf8).write(to: input.appendingPathComponent("b.json"))
    let out = directory.appendingPathComponent("out").path
    let result = try await CommandRunner.lottie2video([
      input.path, "-o", out, "--width", "16", "--max-frames", "2", "--progress", "json", "--jobs", "1",
    ])
    #expect(result.exited(1), "\(result)")
    let events = try Self.events(result)
    let failed = try #require(events.first { $0["event"] as? String == "file-failed" })
    #expect(
      failed["file"] as? String == input.path + "/b.json" && failed["index"] as? Int == 2
        && failed["count"] as? Int == 2)
    #expect((failed["error"] as? String)?.hasPrefix(input.path + "/b.json: invalid JSON") == true, "\(failed)")
    let done = try #require(events.last)
    #expect(done["event"] as? String == "done")
    #expect(
      done["count"] as? Int == 2 && done["done"] as? Int == 1 && done["failed"] as? Int == 1
        && done["skipped"] as? Int == 0)
    #expect(events.filter { $0["event"] as? String == "start" }.count == 1)
    // The summary stays on stdout.
    #expect(result.stdout.hasPrefix("batch: 1 done, 1 failed, 0 skipped (of 2)\n"))
    // A rerun with --skip-existing reports what it skipped.
    let rerun = try await CommandRunner.lottie2video([
      input.path, "-o", out, "--width", "16", "--max-frames", "2", "--progress", "json", "--skip-existing", "-q",
    ])
    let skipped = try Self.events(rerun).filter { $0["event"] as? String == "file-skipped" }
    #expect(skipped.count == 1 && skipped.first?["output"] as? String == out + "/a.mp4", "\(rerun)")
    #expect(try Self.events(rerun).last?["skipped"] as? Int == 1)
  }

  /// Errors are events too: a usage error, a failed load, --strict.
  @Test func errorsAreEvents() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let usage = try await CommandRunner.lottie2video([Self.hello, "-o", "x.mp4", "--fsp", "2", "--progress", "json"])
    #expect(usage.exited(64), "\(usage)")
    let error = try #require(try Self.events(usage).first)
    #expect(error["event"] as? String == "error" && error["exit"] as? Int == 64)
    #expect(error["message"] as? String == "Unknown option '--fsp'; did you mean '--fps'?")

    let missing = directory.appendingPathComponent("missing.json").path
    let load = try await CommandRunner.lottie2video([
      missing, "-o", directory.appendingPathComponent("x.mp4").path, "--progress=json",
    ])
    #expect(load.exited(1), "\(load)")
    let loadEvents = try Self.events(load)
    #expect(loadEvents.map { $0["event"] as? String } == ["file-failed", "done"])
    #expect(loadEvents.first?["error"] as? String == "\(missing): cannot read: no such file")

    let expr = try CheckCommandTests.withExpression(in: directory)
    let strict = try await CommandRunner.lottie2video([
      expr, "-o", directory.appendingPathComponent("s.mp4").path, "--strict", "--progress", "json",
    ])
    #expect(strict.exited(1), "\(strict)")
    let strictEvents = try Self.events(strict)
    #expect(strictEvents.map { $0["event"] as? String } == ["start", "warning", "file-failed", "done"])
    #expect((strictEvents[2]["error"] as? String)?.contains("--strict: 1 warning") == true)
  }
}
