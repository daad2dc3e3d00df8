import Dispatch
import Foundation
import Lottie
import LottieArchive
import LottieScene
import Pipeline

/// `info`: what is in a file; with --keypaths, what --set can change; with --json, as a JSON document.
struct InfoCommand {
  var input: String
  var inputOptions: InputOptions
  var keypaths: Bool
  var json: Bool

  static let spec = CommandSpec(
    name: "info",
    summary:
      "Print size, frame rate, frames, duration, layers, markers, sounds, a .lottie's animations and themes, diagnostics.",
    discussion: "With --keypaths, every settable keypath and the kind of value it takes; with --json, the same as a "
      + "JSON document on stdout.",
    arguments: [.input()],
    groups: [.templating, .input, OptionGroup(OptionTable.keypaths.spec, OptionTable.json.spec)]
  ) { p in try InfoCommand(p).run() }

  init(_ p: ParsedArguments) throws(UsageError) {
    input = try CommandArguments.oneInput(p)
    inputOptions = InputOptions(p)
    keypaths = p[OptionTable.keypaths]
    json = p[OptionTable.json]
  }

  func run() throws -> Int32 {
    let start = DispatchTime.now()
    var loaded: LoadedAnimation
    do {
      loaded = try inputOptions.load(input, listsKeypaths: keypaths)
    } catch {
      guard json else { throw error }
      // With --json, a file that does not load is a document too, as `check --json` gives it.
      let object: [String: Any] = ["file": InputOptions.name(of: input), "error": "\(error)"]
      let data = try JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      Console.output(String(decoding: data, as: UTF8.self))
      return 1
    }
    let parseSeconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    // The font notes `check` lists too: missing fonts and their stand-ins, fallbacks, undrawable characters.
    loaded.animation.diagnostics += inputOptions.prepareFonts(loaded, path: input).diagnostics
    // Each expression's outcome: evaluated, or why not (issue 24).
    let expressions = ExpressionReport.report(
      loaded.animation, file: InputOptions.name(of: input), limits: inputOptions.load.workLimits(for: input))
    loaded.animation.diagnostics += expressions.diagnostics
    let name = InputOptions.name(of: input)
    let sounds = InfoReport.sounds(
      loaded, assets: inputOptions.assets, allowsExternalPaths: inputOptions.allowsExternalPaths)
    if json {
      Console.output(
        InfoReport.json(
          loaded, file: name, parseSeconds: parseSeconds, keypaths: keypaths, sounds: sounds,
          expressions: expressions.outcomes))
      return 0
    }
    if keypaths {
      // One line per settable property: the keypath to type, then what it takes.
      let list = loaded.animation.keypaths ?? []
      if list.isEmpty { Console.output("\(name): no settable properties") }
      let width = min(list.map(\.text.count).max() ?? 0, 60)
      for k in list {
        Console.output(
          k.text.padding(toLength: max(width, k.text.count), withPad: " ", startingAt: 0) + "  " + k.kind.rawValue)
      }
      return 0
    }
    Console.output(InfoReport.text(loaded, file: name, parseSeconds: parseSeconds, sounds: sounds))
    return 0
  }
}

/// `check`: what each input uses that is ignored or approximated, without rendering; with `--data`, the
/// template under every row of the table.
struct CheckCommand {
  var inputs: [String]
  var inputOptions: InputOptions
  var json: Bool
  var strict: Bool
  var data: String?
  var dataIgnore: [String]
  /// `--text-fit`: checked as the export would draw the text (at the animation's size).
  var textFit: TextFitMode

  static let spec = CommandSpec(
    name: "check",
    summary: "List, for each input, what is ignored or approximated, with JSON paths, without rendering.",
    discussion:
      "Exit 1 when an input cannot be loaded (with --data: when a row cannot be applied), or with --strict when "
      + "one has warnings.",
    arguments: [ArgumentSpec.input(repeatable: true)],
    groups: [
      .templating, .input,
      OptionGroup(
        OptionTable.json.spec, OptionTable.strict.spec, OptionTable.data.spec, OptionTable.dataIgnore.spec,
        OptionTable.textFit.spec),
    ],
    helpFor: [
      "--strict": ("Exit 1 when an input has warnings.", "off"),
      "--data": (
        "Check the animation under every row of the table (its columns as export reads them), without rendering.",
        "none"
      ),
    ]
  ) { p in try CheckCommand(p).run() }

  init(_ p: ParsedArguments) throws(UsageError) {
    guard !p.positionals.isEmpty else {
      throw UsageError(message: "Missing expected argument '<input>'", command: p.command)
    }
    inputs = p.positionals
    inputOptions = InputOptions(p)
    json = p[OptionTable.json]
    strict = p[OptionTable.strict]
    data = p[OptionTable.data]
    dataIgnore = p.all(OptionTable.dataIgnore).flatMap { $0 }
    textFit = p[OptionTable.textFit] ?? .none
    if data != nil && inputs.count != 1 {
      throw UsageError(
        message: "--data checks one animation under every row: give exactly one input", command: p.command)
    }
    if data == nil && !dataIgnore.isEmpty {
      throw UsageError(message: "--data-ignore names columns of a --data table: give --data too", command: p.command)
    }
  }

  /// One animation checked: an input, or the input under one row of the table.
  private struct Subject {
    var input: String
    var name: String
    var values = TemplateValues()
    var row: Int?
  }

  func run() throws -> Int32 {
    var failed = false
    var records: [[String: Any]] = []
    var subjects = inputs.map { Subject(input: $0, name: InputOptions.name(of: $0)) }
    if let data {
      let input = inputs[0]
      let table = try ExportCommand.readDataTable(data)
      guard !table.rows.isEmpty else { throw TemplateOptionError(message: "\(data): no rows") }
      let keypaths = try inputOptions.load(input, listsKeypaths: true).animation.keypaths ?? []
      let unused = try ExportCommand.checkColumns(
        table, path: data, keypaths: keypaths, named: nil, ignored: dataIgnore)
      for column in unused {
        let note =
          "the column '\(column)' changes nothing in the animation: an export needs it in the output's name "
          + "(-o 'out/{\(column)}.mp4') or in --data-ignore"
        if json {
          records.append([
            "file": data, "ok": true, "warnings": 0,
            "diagnostics": [["severity": "info", "path": "$", "message": note]],
          ])
        } else {
          Console.output("\(data): note: \(note)")
        }
      }
      subjects = table.rows.enumerated().map { i, row in
        Subject(
          input: input, name: "\(InputOptions.name(of: input)) row \(i + 1)",
          values: ExportCommand.rowValues(
            row, columns: table.columns, tableFolder: PathName.folder(of: data), ignored: dataIgnore),
          row: i + 1)
      }
    }
    for subject in subjects {
      let name = subject.name
      let file = InputOptions.name(of: subject.input)
      do {
        let loadedInput = try inputOptions.loadWithImages(subject.input, extra: subject.values)
        let limits = inputOptions.load.workLimits(for: subject.input)
        // Each expression's outcome: evaluated, or why not (issue 24).
        let expressions = ExpressionReport.report(loadedInput.animation, file: file, limits: limits)
        var diagnostics = loadedInput.diagnostics + expressions.diagnostics
        let animation = loadedInput.animation
        let longTexts = animation.textsLonger(than: limits.glyphs)
        for (path, count) in longTexts {
          diagnostics.append(
            Diagnostic(
              severity: .error, file: file, path: path,
              message:
                "the text here has \(count) characters, over the glyph limit of \(limits.glyphs) (--limit glyphs=N); "
                + "an export refuses it"))
        }
        if longTexts.isEmpty {
          // Text that runs out of its box or off the frame, measured at the animation's own size (issue 41).
          var settings = RenderSettings(
            width: animation.width.roundedClampedInt(1...16384), height: animation.height.roundedClampedInt(1...16384),
            jobs: 1, images: loadedInput.images)
          settings.fonts = loadedInput.fonts
          settings.workLimits = limits
          diagnostics += try TextFit.apply(
            textFit, to: animation, settings: settings, file: file
          ).diagnostics
        }
        if animation.drawsNothing {
          diagnostics.append(
            Diagnostic(
              severity: .warning, file: file, path: JSONPath.root.appending("layers"),
              message:
                "nothing is drawn: no shown layer with content of its own is in range between frames "
                + "\(ValueParser.format(animation.inPoint)) and \(ValueParser.format(animation.outPoint)); "
                + "an export is blank"))
        }
        let warnings = diagnostics.filter { $0.severity >= .warning }.count
        // An error is what the export refuses (a frame over a work limit): check fails as the export would.
        if strict && warnings > 0 || diagnostics.contains(where: { $0.severity == .error }) { failed = true }
        if json {
          var record: [String: Any] = [
            "file": file, "ok": true, "warnings": warnings,
            "diagnostics": diagnostics.map {
              ["severity": $0.severity.rawValue, "path": $0.path.description, "message": $0.message]
            },
            "expressions": expressions.outcomes.map(\.json),
          ]
          if let row = subject.row { record["row"] = row }
          records.append(record)
        } else {
          Console.output(
            "\(name): \(diagnostics.isEmpty ? "ok" : "\(diagnostics.count) diagnostic\(diagnostics.count == 1 ? "" : "s")")"
          )
          for d in diagnostics { Console.output("  \(d.path): \(d.severity.rawValue): \(d.message)") }
        }
      } catch {
        failed = true
        if json {
          var record: [String: Any] = ["file": file, "ok": false, "error": "\(error)"]
          if let row = subject.row { record["row"] = row }
          records.append(record)
        } else {
          Console.output("\(name): error: \(FileMessage.dropping(file, from: "\(error)"))")
        }
      }
    }
    if json {
      let data = try JSONSerialization.data(
        withJSONObject: records, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      Console.output(String(decoding: data, as: UTF8.self))
    }
    return failed ? 1 : 0
  }
}

/// `presets`: the presets found, with what each sets; `--schema` prints the keys a preset file may hold.
enum PresetsCommand {
  static let schema = Flag(
    "--schema", help: "Print the keys a preset file may hold, as the Markdown table of presets/README.md.",
    section: .general)

  static let spec = CommandSpec(
    name: "presets", summary: "List the presets found, with what each sets.", arguments: [],
    ownOptions: [schema.spec]
  ) { p in
    if let first = p.positionals.first {
      throw UsageError(message: "Unexpected argument '\(first)'", command: p.command)
    }
    if p[schema] {
      Console.output(PresetSchema.markdown)
      return 0
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
        let preset = try Preset.load(path: path)
        lines.append("  \(padded)  \(preset.description ?? "")")
        lines.append("\(indent)\(preset.summary)")
      } catch {
        lines.append("  \(padded)  error: \(error)")
      }
    }
    Console.output(lines.joined(separator: "\n"))
    return 0
  }
}
