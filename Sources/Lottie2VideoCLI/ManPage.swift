import Foundation

/// `lottie2video man`: the manual page in roff, generated from ``CommandTable`` and ``OptionTable``.
enum ManCommand {
  static let spec = CommandSpec(
    name: "man", summary: "Print the manual page in roff (read it with: lottie2video man | man -l -).",
    discussion: "Install it with: lottie2video man > ~/.local/share/man/man1/lottie2video.1", arguments: []
  ) { p in
    if let first = p.positionals.first {
      throw UsageError(message: "Unexpected argument '\(first)'", command: p.command)
    }
    Console.output(page())
    return 0
  }

  static func page() -> String {
    var s = [
      ".TH LOTTIE2VIDEO 1 \"\" \"\(Help.version)\" \"User Commands\"",
      ".SH NAME",
      "lottie2video \\- render Lottie animations (Bodymovin JSON, dotLottie, .tgs) to video",
      ".SH SYNOPSIS",
    ]
    let export = ExportCommand.spec
    for form in [export.usage] + export.otherForms + CommandTable.all.filter(\.isTyped).map(\.usage) {
      s += [".br", escape(form)]
    }
    s += [".SH DESCRIPTION", escape(Help.overview + " " + export.discussion)]
    s += arguments(export)
    s += [".SH OPTIONS"]
    s += options(export)
    s += [".SH COMMANDS"]
    for command in CommandTable.all where command.isTyped {
      s += [
        ".SS \(command.name)", escape(command.summary + (command.discussion.isEmpty ? "" : " " + command.discussion)),
      ]
      s += [".PP", "Usage: " + escape(command.usage)]
      s += arguments(command)
      s += options(command)
    }
    s += [
      ".SH PROGRESS EVENTS",
      escape(
        "With --progress json, stderr carries only JSON lines, one object each: start, progress, warning (diagnostics "
          + "with their JSON path, and notes), file-done, file-failed, file-skipped, then done with the counts; error "
          + "for a usage error. docs/cli.md shows the fields."),
      ".SH ENVIRONMENT", ".TP", "\\fBL2V_PRESETS\\fR", "A folder of preset .json files, searched first.",
      ".SH EXIT STATUS", "0 success, 1 failure, 64 usage error.",
    ]
    return s.joined(separator: "\n")
  }

  static func arguments(_ command: CommandSpec) -> [String] {
    command.arguments.flatMap { [".TP", "\\fI\(escape($0.name))\\fR", escape($0.help)] }
  }

  static func options(_ command: CommandSpec) -> [String] {
    command.options.flatMap { option -> [String] in
      let names = option.names.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
      let value = option.valueName.map { " \\fI<\(escape($0))>\\fR" } ?? ""
      return [".TP", names + value, escape(Help.describe(option, in: command.name))]
    }
  }

  /// Text as roff reads it literally: backslashes and hyphens escaped, no line starting with a control character.
  static func escape(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
  }
}
