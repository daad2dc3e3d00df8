/// `--help`, generated from ``CommandTable`` and ``OptionTable``: the main help (the export's options and
/// the list of subcommands) and one help per subcommand, with USAGE, ARGUMENTS and OPTIONS sections and one
/// entry per option that gives its default.
enum Help {
  /// `--version` and the man page: VERSION's version and the commit built (BuildInfo.swift: scripts/build-info).
  static let version = "lottie2video \(BuildInfo.version) (commit \(BuildInfo.commit))"
  static let overview = "Render Lottie animations (Bodymovin JSON, dotLottie, .tgs) to video."
  /// Width of the text, and where the help column starts.
  static let width = 80
  static let column = 26

  /// The one-line usage shown after a usage error.
  static func usage(_ command: String?) -> String {
    "Usage: " + (CommandTable.named(command ?? "export") ?? ExportCommand.spec).usage
  }

  /// `lottie2video --help`.
  static var main: String {
    let export = ExportCommand.spec
    var text = "OVERVIEW: \(overview)\n\n"
    let forms = [export.usage] + export.otherForms + CommandTable.all.filter(\.isTyped).map(\.usage)
    text += "USAGE: " + forms.joined(separator: "\n       ") + "\n\n"
    text += arguments(export)
    text += options(export)
    text += "SUBCOMMANDS:\n"
    for command in CommandTable.all where command.isTyped {
      text += entry(command.name, command.summary)
    }
    text += "\n  See 'lottie2video <subcommand> --help' for what each one takes.\n\n"
    text +=
      wrap(
        "PROGRESS EVENTS (--progress json): stderr carries only JSON lines, one object each: start, progress, "
          + "warning, file-done, file-failed, file-skipped, then done with the counts; error for a usage error "
          + "(docs/cli.md: Progress events).", indent: 0, first: 0) + "\n\n"
    text += "EXIT CODES: 0 success, 1 failure, 64 usage error.\n"
    return text
  }

  /// `lottie2video <command> --help`.
  static func help(for command: CommandSpec) -> String {
    guard command.isTyped else { return main }
    var text = wrap("OVERVIEW: \(command.summary)", indent: 0, first: 0) + "\n\n"
    if !command.discussion.isEmpty { text += wrap(command.discussion, indent: 0, first: 0) + "\n\n" }
    text += "USAGE: " + ([command.usage] + command.otherForms).joined(separator: "\n       ") + "\n\n"
    text += arguments(command)
    text += options(command)
    return text
  }

  /// The ARGUMENTS section.
  static func arguments(_ command: CommandSpec) -> String {
    guard !command.arguments.isEmpty else { return "" }
    return "ARGUMENTS:\n" + command.arguments.map { entry($0.name, $0.help) }.joined() + "\n"
  }

  /// The options, section by section (OPTIONS first).
  static func options(_ command: CommandSpec) -> String {
    var text = ""
    let options = command.options
    for section in HelpSection.allCases {
      let here = options.filter { $0.section == section }
      guard !here.isEmpty else { continue }
      text += "\(section.title):\n"
      for option in here { text += entry(option.helpLabel, describe(option, in: command.name)) }
      text += "\n"
    }
    return text
  }

  /// An option's help with its default: "... (default: 23)."; required options say so.
  static func describe(_ option: OptionSpec, in command: String) -> String {
    let help = option.help(for: command)
    let value = option.defaultText(for: command)
    switch value {
    case "": return help
    case "required": return help + " (required)"
    default: return help + " (default: \(value))"
    }
  }

  /// One entry: the label in the left column, the text wrapped in the right one (below when the label is wide).
  static func entry(_ label: String, _ text: String) -> String {
    let left = "  " + label
    if left.count <= column - 2 {
      return left.padding(toLength: column, withPad: " ", startingAt: 0) + wrap(text, indent: column, first: column)
        + "\n"
    }
    return left + "\n" + String(repeating: " ", count: column) + wrap(text, indent: column, first: column) + "\n"
  }

  /// `text` wrapped at ``width``, later lines indented by `indent`; the first line starts at column `first`.
  static func wrap(_ text: String, indent: Int, first: Int) -> String {
    var lines: [String] = []
    var line = ""
    var start = first
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if !line.isEmpty && start + line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
        start = indent
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(line)
    return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
  }
}
