import Foundation
import Lottie

/// `--data rows.csv|rows.json`: one export per row, each column a keypath (`--set`), a slot (`slot:ID`) or an
/// image (`image:ID`), the output named from a template (`-o 'out/{city}.mp4'`). Each row becomes a typed
/// ``ExportJob`` whose values are applied after the command line's.
extension ExportCommand {
  static func dataRun(_ o: ExportCommandOptions, table dataPath: String, reporter: Reporter) throws -> Int32 {
    let input = o.inputs[0]
    let outputTemplate = o.output ?? ""
    let table = try readDataTable(dataPath)
    guard !table.rows.isEmpty else { throw TemplateOptionError(message: "\(dataPath): no rows") }
    // Every {name} in the output template must be a column (or {row}).
    let placeholders = templatePlaceholders(outputTemplate)
    for name in placeholders where name != "row" && !table.columns.contains(name) {
      throw UsageError(
        message:
          "The output template '\(outputTemplate)' uses {\(name)}, which is not a column of \(dataPath) (columns: \(table.columns.joined(separator: ", ")); {row} is the row number)",
        command: nil)
    }
    if table.rows.count > 1 && placeholders.isEmpty {
      throw UsageError(
        message:
          "\(table.rows.count) rows would all write '\(outputTemplate)': put a column in the name, e.g. -o 'out/{row}.mp4'",
        command: nil)
    }
    if let poster = o.poster {
      for name in templatePlaceholders(poster) where name != "row" && !table.columns.contains(name) {
        throw UsageError(
          message: "The poster template '\(poster)' uses {\(name)}, which is not a column of \(dataPath)", command: nil)
      }
    }
    // Columns that would change nothing, or match nothing, refuse the table before a row is drawn.
    let named = Set(placeholders + (o.poster.map(templatePlaceholders) ?? []))
    // The animation's keypaths are listed only when a column must be matched with them: a keypath, or a name
    // no output uses (the error suggests keypaths).
    let needsKeypaths = table.columns.contains { column in
      switch classify(column) {
      case .keypath: return !o.dataIgnore.contains(column)
      case .name: return !named.contains(column) && !o.dataIgnore.contains(column)
      default: return false
      }
    }
    let keypaths = needsKeypaths ? try o.input.load(input, listsKeypaths: true).animation.keypaths ?? [] : []
    try checkColumns(table, path: dataPath, keypaths: keypaths, named: named, ignored: o.dataIgnore)
    var jobs: [ExportJob] = []
    var seen: [String: Int] = [:]
    for (i, row) in table.rows.enumerated() {
      let output = fillTemplate(outputTemplate, row: row, number: i + 1)
      if let first = seen[output] {
        throw UsageError(
          message:
            "Rows \(first) and \(i + 1) of \(dataPath) would both write '\(output)'; make the output template unique",
          command: nil)
      }
      seen[output] = i + 1
      let values = rowValues(
        row, columns: table.columns, tableFolder: PathName.folder(of: dataPath), ignored: o.dataIgnore)
      jobs.append(
        ExportJob(
          input: input, output: output, poster: o.poster.map { fillTemplate($0, row: row, number: i + 1) },
          values: values, label: "row \(i + 1) (\(output))",
          position: BatchPosition(index: i + 1, count: table.rows.count)))
    }
    return try run(jobs, o, label: "data", reporter: reporter)
  }
}
