import Foundation
import Lottie

/// `--data rows.csv|rows.json`: the table, what its columns do, and output name templates.
extension ExportCommand {
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

  /// A row's values: each keypath cell a `--set`, each `slot:ID` a `--slot`, each `image:ID` an image read from
  /// the table's folder; an empty cell keeps the animation's own value, and an `ignored` column does nothing.
  static func rowValues(_ row: [String: String], columns: [String], tableFolder: String, ignored: [String] = [])
    -> TemplateValues
  {
    var values = TemplateValues()
    values.tableFolder = tableFolder
    for column in columns where !ignored.contains(column) {
      guard let value = row[column], !value.isEmpty else { continue }
      switch classify(column) {
      case .keypath(let keypath): values.sets.append(Template.Assignment(key: keypath, value: value))
      case .slot(let id): values.slots.append(Template.Assignment(key: id, value: value))
      case .image(let id): values.tableImages.append(Template.Assignment(key: id, value: value))
      case .name: break
      }
    }
    return values
  }

  /// The table's columns checked against the animation before any row is drawn, so that a table that would
  /// silently change nothing is refused whole rather than giving the file's own text in every video. Refused:
  /// a name `--data-ignore` gives that is no column; a keypath column that matches nothing in the animation
  /// (with the nearest keypaths it has); and, when `named` is given (the columns the output and poster names
  /// use), a column that is neither a keypath, `slot:ID` nor `image:ID`, nor used by the names, nor ignored.
  /// Returns the columns of that last kind when `named` is nil (`check`, which names no outputs).
  @discardableResult
  static func checkColumns(
    _ table: DataTable, path: String, keypaths: [Keypath], named: Set<String>?, ignored: [String]
  ) throws -> [String] {
    for name in ignored where !table.columns.contains(name) {
      throw UsageError(
        message:
          "--data-ignore names '\(name)', which is not a column of \(path) (columns: \(table.columns.joined(separator: ", ")))",
        command: nil)
    }
    let texts = keypaths.map(\.text)
    func nearest(_ header: String) -> String {
      let near = Keypaths.nearest(to: header, in: texts, count: 3)
      return near.isEmpty ? "the animation has no settable properties" : "nearest: " + near.joined(separator: ", ")
    }
    var unused: [String] = []
    for column in table.columns where !ignored.contains(column) {
      switch classify(column) {
      case .keypath(let keypath):
        let pattern = Keypaths.split(keypath)
        guard keypaths.contains(where: { Keypaths.matches(pattern, $0.components) }) else {
          throw TemplateOptionError(
            message:
              "\(path): the column '\(column)' matches no keypath of the animation; \(nearest(column)) "
              + "(see 'lottie2video info --keypaths'; --data-ignore \(column) leaves it unused)")
        }
      case .name where named?.contains(column) != true:
        unused.append(column)
      default: break
      }
    }
    if named != nil, let column = unused.first {
      throw UsageError(
        message:
          "The column '\(column)' of \(path) would change nothing: it is no keypath (a header with a dot, as in "
          + "'Layer.Property'), 'slot:ID' or 'image:ID', and the output name does not use it; \(nearest(column)) "
          + "(or --data-ignore \(column))",
        command: nil)
    }
    return unused
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
      value = String(
        value.unicodeScalars.map { $0 == "/" || $0.value < 0x20 || $0.value == 0x7F ? "_" : Character($0) })
      if value.isEmpty || value == "." || value == ".." { value = "_" }
      // A value that starts a file or folder name must not hide it (`../x` became `.._x`, which ls hides).
      if value.hasPrefix(".") && (out.isEmpty || out.hasSuffix("/")) { value = "_" + value.dropFirst() }
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
    if PathName.fileExtension(of: path) == "json" {
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
          cell = ValueParser.format(n.doubleValue)
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
