import Foundation
import Lottie
import Pipeline

/// `--data rows.csv|rows.json`: one export per row, each column a keypath (`--set`), a slot (`slot:ID`) or an
/// image (`image:ID`), the output named from a template (`-o 'out/{city}.mp4'`).
extension CommandLineTool {
  /// A table of rows: column names and, per row, a value per column (nil where the row has none).
  struct DataTable: Equatable {
    var columns: [String]
    var rows: [[String: String]]
  }

  /// What a column does.
  enum DataColumn: Equatable {
    /// `--set COLUMN=VALUE`: the header is a keypath (it has a dot or a wildcard).
    case keypath(String)
    /// `slot:ID`.
    case slot(String)
    /// `image:ID`: the value is an image file.
    case image(String)
    /// Only for the output name.
    case name
  }

  static func classify(_ header: String) -> DataColumn {
    if header.hasPrefix("slot:") { return .slot(String(header.dropFirst(5))) }
    if header.hasPrefix("image:") { return .image(String(header.dropFirst(6))) }
    if header.contains(".") || header.contains("*") { return .keypath(header) }
    return .name
  }

  static func dataExport(_ arguments: [String]) throws -> Int32 {
    let known = exportOptions.union(["--report"])
    let list = try ArgumentList(arguments, flags: flags, known: known, command: nil)
    guard let dataPath = list.options.last(where: { $0.name == "--data" })?.value else { return 64 }
    guard list.positionals.count == 1, let input = list.positionals.first else {
      throw UsageError(message: "--data renders one animation per row: give exactly one input file", command: nil)
    }
    guard let outputTemplate = list.options.last(where: { $0.name == "-o" || $0.name == "--output" })?.value else {
      throw UsageError(message: "Missing expected option '-o <template>', e.g. -o 'out/{name}.mp4'", command: nil)
    }
    let table = try readDataTable(dataPath)
    guard !table.rows.isEmpty else { throw TemplateOptionError(message: "\(dataPath): no rows") }
    // Every {name} in the output template must be a column (or {row}).
    let placeholders = templatePlaceholders(outputTemplate)
    for name in placeholders where name != "row" && !table.columns.contains(name) {
      throw UsageError(
        message: "The output template '\(outputTemplate)' uses {\(name)}, which is not a column of \(dataPath) (columns: \(table.columns.joined(separator: ", ")); {row} is the row number)",
        command: nil)
    }
    if table.rows.count > 1 && placeholders.isEmpty {
      throw UsageError(
        message: "\(table.rows.count) rows would all write '\(outputTemplate)': put a column in the name, e.g. -o 'out/{row}.mp4'",
        command: nil)
    }
    let reportPath = list.options.last(where: { $0.name == "--report" })?.value
    let quiet = list.options.contains { $0.name == "--quiet" || $0.name == "-q" }
    let poster = try posterTemplate(list)
    if let poster {
      for name in templatePlaceholders(poster) where name != "row" && !table.columns.contains(name) {
        throw UsageError(
          message: "The poster template '\(poster)' uses {\(name)}, which is not a column of \(dataPath)", command: nil)
      }
    }
    var passed: [String] = []
    for (name, value) in list.options where !["-o", "--output", "--data", "--report", "--poster"].contains(name) {
      passed.append(name)
      if let value { passed.append(value) }
    }
    var jobs: [BatchJob] = []
    var seen: [String: Int] = [:]
    for (i, row) in table.rows.enumerated() {
      let output = fillTemplate(outputTemplate, row: row, number: i + 1)
      if let first = seen[output] {
        throw UsageError(
          message: "Rows \(first) and \(i + 1) of \(dataPath) would both write '\(output)'; make the output template unique",
          command: nil)
      }
      seen[output] = i + 1
      var extra: [String] = []
      if let poster { extra += ["--poster", fillTemplate(poster, row: row, number: i + 1)] }
      for column in table.columns {
        // An empty cell keeps the animation's own value.
        guard let value = row[column], !value.isEmpty else { continue }
        switch classify(column) {
        case .keypath(let keypath): extra += ["--set", keypath + "=" + value]
        case .slot(let id): extra += ["--slot", id + "=" + value]
        case .image(let id): extra += ["--image", id + "=" + value]
        case .name: break
        }
      }
      jobs.append(BatchJob(input: input, output: output, arguments: extra, label: "row \(i + 1) (\(output))"))
    }
    let workers = try workerCount(list)
    return try run(
      jobs, passed: passed, label: "data", skipExisting: false, quiet: quiet, jobs: workers, reportPath: reportPath)
  }

  /// The `{name}` placeholders of an output template.
  static func templatePlaceholders(_ template: String) -> [String] {
    var names: [String] = []
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      names.append(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return names
  }

  /// The template with each `{column}` replaced by the row's value (path separators made safe) and `{row}`
  /// by the row number.
  static func fillTemplate(_ template: String, row: [String: String], number: Int) -> String {
    // One pass over the template, so a value holding "{row}" stays as it is.
    var out = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      out += rest[..<open]
      let name = String(rest[rest.index(after: open)..<close])
      var value = name == "row" ? String(number) : (row[name] ?? "")
      // Path separators and control characters (newlines in a cell) become "_".
      value = String(value.unicodeScalars.map { $0 == "/" || $0.value < 0x20 || $0.value == 0x7F ? "_" : Character($0) })
      if value.isEmpty || value == "." || value == ".." { value = "_" }
      out += value
      rest = rest[rest.index(after: close)...]
    }
    return out + rest
  }

  /// Reads `.csv` (RFC 4180: quotes, doubled quotes, newlines in quotes; the first row names the columns) or
  /// `.json` (an array of objects whose values are strings, numbers or booleans).
  static func readDataTable(_ path: String) throws -> DataTable {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw TemplateOptionError(message: "\(path): cannot read the --data file")
    }
    let text = String(decoding: data, as: UTF8.self)
    if (path as NSString).pathExtension.lowercased() == "json" {
      return try jsonTable(text, path: path)
    }
    return try csvTable(text, path: path)
  }

  static func jsonTable(_ text: String, path: String) throws -> DataTable {
    guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8)), let array = value as? [Any] else {
      throw TemplateOptionError(message: "\(path): expected a JSON array of objects, one per output")
    }
    var columns: [String] = []
    var rows: [[String: String]] = []
    for (i, item) in array.enumerated() {
      guard let object = item as? [String: Any] else {
        throw TemplateOptionError(message: "\(path): $[\(i)]: expected an object")
      }
      var row: [String: String] = [:]
      for key in object.keys.sorted() {
        let cell: String
        switch object[key] {
        case let s as String: cell = s
        case let n as NSNumber:
          // Numbers without a trailing .0.
          cell = Preset.g(n.doubleValue)
        case is NSNull: continue
        default: throw TemplateOptionError(message: "\(path): $[\(i)].\(key): expected a string or a number")
        }
        row[key] = cell
        if !columns.contains(key) { columns.append(key) }
      }
      rows.append(row)
    }
    return DataTable(columns: columns, rows: rows)
  }

  static func csvTable(_ text: String, path: String) throws -> DataTable {
    var records: [[String]] = []
    var field = ""
    var record: [String] = []
    var inQuotes = false
    var line = 1
    var chars = Array(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
    chars.append("\n")
    var i = 0
    while i < chars.count {
      let c = chars[i]
      if inQuotes {
        if c == "\"" {
          if i + 1 < chars.count && chars[i + 1] == "\"" {
            field.append("\"")
            i += 1
          } else {
            inQuotes = false
          }
        } else {
          if c == "\n" || c == "\r\n" { line += 1 }
          field.append(c)
        }
      } else if c == "\"" && field.isEmpty {
        inQuotes = true
      } else if c == "," {
        record.append(field)
        field = ""
      } else if c == "\n" || c == "\r\n" || c == "\r" {
        record.append(field)
        field = ""
        if !(record.count == 1 && record[0].isEmpty) { records.append(record) }
        record = []
        line += 1
      } else {
        field.append(c)
      }
      i += 1
    }
    if inQuotes { throw TemplateOptionError(message: "\(path): a quoted field is not closed") }
    guard let header = records.first else { throw TemplateOptionError(message: "\(path): empty CSV file") }
    let columns = header.map { $0.trimmingCharacters(in: .whitespaces) }
    if let duplicate = columns.first(where: { name in columns.filter { $0 == name }.count > 1 }) {
      throw TemplateOptionError(message: "\(path): the column '\(duplicate)' appears twice")
    }
    var rows: [[String: String]] = []
    for (n, fields) in records.dropFirst().enumerated() {
      guard fields.count == columns.count else {
        throw TemplateOptionError(
          message: "\(path): row \(n + 1) has \(fields.count) fields, the header has \(columns.count)")
      }
      rows.append(Dictionary(uniqueKeysWithValues: zip(columns, fields)))
    }
    return DataTable(columns: columns, rows: rows)
  }
}

/// A `--data` file that cannot be used (unreadable, malformed, no rows). Exit 1.
struct TemplateOptionError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
