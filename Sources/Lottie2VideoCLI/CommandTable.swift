/// Every command of the tool, in the order help lists them.
///
/// Adding a subcommand is one entry here: a ``CommandSpec`` (usually a `static let spec` in the command's own
/// file) with its name, summary, arguments, option groups and run function. Its options are those of its
/// ``OptionGroup``s, plus the `ownOptions` it declares; help, usage lines, "did you mean",
/// completions and the man page pick it up from here.
enum CommandTable {
  static let all: [CommandSpec] = [
    ExportCommand.spec, SnapshotCommand.spec, InfoCommand.spec, CheckCommand.spec, SheetCommand.spec,
    RenderCommand.spec, PresetsCommand.spec, MergeReportsCommand.spec, CompletionsCommand.spec, ManCommand.spec,
  ]

  /// The command called `name`.
  static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }

  /// The names the user types.
  static var typedNames: [String] { all.filter(\.isTyped).map(\.name) }
}
