/// One command of the tool: its name, what help says about it, its arguments and how it runs. Its options are
/// those of the ``OptionGroup``s it lists, plus any it declares itself.
struct CommandSpec: Sendable {
  /// What the user types (`snapshot`); `export` is the default command and is never typed.
  let name: String
  /// One line for the SUBCOMMANDS list.
  let summary: String
  /// More about it, for its own `--help` and the man page.
  let discussion: String
  /// Its positional arguments.
  let arguments: [ArgumentSpec]
  /// Options its usage line names because they are required, by canonical name (`-o` is shown as such).
  let required: [String]
  /// Further forms for its help's USAGE section (a batch, a data run), after the generated one.
  let otherForms: [String]
  /// The groups of options it takes.
  let groups: [OptionGroup]
  /// Options declared with the command rather than in ``OptionTable`` (a new subcommand in its own file).
  let ownOptions: [OptionSpec]
  /// What an option means here when it means something else (`--width` of a contact sheet's cells), and its
  /// default here, by the option's canonical name.
  let helpFor: [String: (help: String, default: String)]
  /// Runs it with the parsed arguments and returns the exit code.
  let run: @Sendable (ParsedArguments) throws -> Int32

  init(
    name: String, summary: String, discussion: String = "", arguments: [ArgumentSpec], required: [String] = [],
    otherForms: [String] = [], groups: [OptionGroup] = [], ownOptions: [OptionSpec] = [],
    helpFor: [String: (help: String, default: String)] = [:], run: @escaping @Sendable (ParsedArguments) throws -> Int32
  ) {
    self.name = name
    self.summary = summary
    self.discussion = discussion
    self.arguments = arguments
    self.required = required
    self.otherForms = otherForms
    self.groups = groups
    self.ownOptions = ownOptions
    self.helpFor = helpFor
    self.run = run
  }

  /// Whether the user types its name (every command but the export).
  var isTyped: Bool { name != "export" }

  /// Every option it takes, in the table's order, then its own; `--help` always, `--version` for the export.
  var options: [OptionSpec] {
    let taken = Set(groups.flatMap(\.options))
    return OptionTable.all.filter(taken.contains) + ownOptions + [OptionTable.help.spec]
  }

  /// `lottie2video snapshot <input> --frame <frame> -o <output> [options]`: the arguments, the required
  /// options, then `[options]` when there are others.
  var usage: String {
    var parts = ["lottie2video"] + (isTyped ? [name] : [])
    parts += arguments.map(\.usage)
    for name in required {
      guard let spec = OptionTable.spec(named: name, in: options) else { continue }
      parts.append(spec.valueName.map { "\(name) <\($0)>" } ?? name)
    }
    if options.count > required.count + 1 { parts.append("[options]") }
    return parts.joined(separator: " ")
  }

  /// Where a usage error points: this command's help.
  var helpHint: String { isTyped ? "See 'lottie2video \(name) --help'." : "See 'lottie2video --help'." }
}

/// A positional argument of a command.
struct ArgumentSpec: Sendable {
  /// `<input>`.
  let name: String
  /// What it is.
  let help: String
  /// Whether several may be given (`<input> ...`).
  let isRepeatable: Bool
  /// Whether it may be left out.
  let isOptional: Bool
  /// What a shell offers for it.
  let completion: ValueCompletion
  /// Whether the usage line shows the repeat (`<input> ...`); the export's shows its batch form separately.
  let showsRepeat: Bool

  init(
    _ name: String, help: String, repeatable: Bool = false, optional: Bool = false, showsRepeat: Bool = true,
    completion: ValueCompletion
  ) {
    self.name = name
    self.help = help
    self.isRepeatable = repeatable
    self.isOptional = optional
    self.showsRepeat = showsRepeat
    self.completion = completion
  }

  /// `<input>`, `<input> ...`, `[<input>]`.
  var usage: String {
    let base = name + (isRepeatable && showsRepeat ? " ..." : "")
    return isOptional ? "[\(base)]" : base
  }

  /// A Lottie input: a file, a folder of them, or `-` for standard input.
  static func input(repeatable: Bool = false, batch: Bool = false) -> ArgumentSpec {
    ArgumentSpec(
      "<input>",
      help: "A Lottie JSON file (.json), a dotLottie archive (.lottie, versions 1 and 2) or a Telegram sticker (.tgs); "
        + "the format is found from the content. '-' (or a pipe) reads standard input once."
        + (batch ? " Several inputs, or a folder, make a batch." : ""),
      repeatable: repeatable, showsRepeat: !batch, completion: .file(["json", "lottie", "tgs"]))
  }
}
