import Foundation

/// The `lottie2video` command: picks the command, parses its arguments against the option table, runs it,
/// reports, and returns the exit code.
public enum CommandLineTool {
  /// Runs with `arguments` (without the program name) and returns the process exit code.
  public static func run(_ arguments: [String]) -> Int32 {
    // With --progress json every line on stderr is an event, errors included.
    let json = wantsJSONEvents(arguments)
    do {
      return try dispatch(arguments)
    } catch let error as UsageError {
      let command = CommandTable.named(error.command ?? "export") ?? ExportCommand.spec
      if json {
        Reporter(json: true, quiet: false).event(
          "error", [("message", .text(error.message)), ("usage", .text(command.usage)), ("exit", .int(64))])
      } else {
        Console.error("Error: \(error.message)")
        Console.error("Usage: " + command.usage)
        Console.error(command.helpHint)
      }
      return 64
    } catch let error as PresetError {
      // A preset that does not load is a bad option value (exit 64), but its message needs no usage line.
      if json {
        Reporter(json: true, quiet: false).event("error", [("message", .text(error.description)), ("exit", .int(64))])
      } else {
        Console.error("Error: \(error.description)")
      }
      return 64
    } catch let reported as ReportedFailure {
      return reported.status
    } catch {
      if json {
        Reporter(json: true, quiet: false).event("error", [("message", .text("\(error)")), ("exit", .int(1))])
      } else {
        Console.error("Error: \(error)")
      }
      return 1
    }
  }

  static func dispatch(_ arguments: [String]) throws -> Int32 {
    guard let first = arguments.first else {
      throw UsageError(message: "Missing expected argument '<input>'", command: nil)
    }
    if first == "help" {
      // `lottie2video help snapshot`
      if arguments.count > 1 {
        guard let command = CommandTable.named(arguments[1]), command.isTyped || command.name == ExportCommand.spec.name
        else {
          throw UsageError(message: unknownCommandMessage(arguments[1]), command: nil)
        }
        Console.output(Help.help(for: command).trimmingTrailingNewlines)
      } else {
        Console.output(Help.main.trimmingTrailingNewlines)
      }
      return 0
    }
    let (command, rest) = try select(arguments)
    // --help anywhere before `--` shows this command's help.
    if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
      Console.output(Help.help(for: command).trimmingTrailingNewlines)
      return 0
    }
    return try command.run(try ArgumentParser.parse(rest, for: command))
  }

  /// The command the arguments name (the export unless the first is a subcommand), and the rest.
  ///
  /// A first word that is not a file, has no extension and is close to a subcommand's name is a typo of it
  /// (`snapshto`, `infp`), not an input.
  static func select(_ arguments: [String]) throws(UsageError) -> (CommandSpec, [String]) {
    let first = arguments[0]
    if let command = CommandTable.named(first), command.isTyped { return (command, Array(arguments.dropFirst())) }
    // The export may be named as the other commands are (`lottie2video export in.json -o out.mp4`), as users of
    // other exporters type it; like theirs, the name wins over a file of that name (`./export` is the file).
    if first == ExportCommand.spec.name { return (ExportCommand.spec, Array(arguments.dropFirst())) }
    if !first.hasPrefix("-"), !first.contains("."), !first.contains("/"),
      !FileManager.default.fileExists(atPath: first),
      Suggestions.nearest(to: first, in: CommandTable.typedNames) != nil
    {
      throw UsageError(message: unknownCommandMessage(first), command: nil)
    }
    return (ExportCommand.spec, arguments)
  }

  static func unknownCommandMessage(_ name: String) -> String {
    let base = "Unknown subcommand '\(name)'"
    if let near = Suggestions.nearest(to: name, in: CommandTable.typedNames) {
      return base + "; did you mean '\(near)'?"
    }
    return base + "; subcommands: " + CommandTable.typedNames.joined(separator: ", ")
  }

  /// Whether `--progress json` is among the options (before `--`).
  static func wantsJSONEvents(_ arguments: [String]) -> Bool {
    let options = arguments.prefix(while: { $0 != "--" })
    if options.contains("--progress=json") { return true }
    return zip(options, options.dropFirst()).contains { $0 == "--progress" && $1 == "json" }
  }
}

extension String {
  /// Without the newlines at the end (help texts end their last section with one).
  var trimmingTrailingNewlines: String {
    var s = Substring(self)
    while s.hasSuffix("\n") { s = s.dropLast() }
    return String(s)
  }
}
