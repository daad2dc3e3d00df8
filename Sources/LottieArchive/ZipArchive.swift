import CZip

#if canImport(Glibc)
  import Glibc
#endif

/// A zip archive opened read-only through libzip; owns the `zip_t` and discards it in `deinit`.
///
/// Nothing is ever extracted to disk: entries are read into memory, by name, after ``entries()`` has checked
/// every name and declared size. Not `Sendable`: one loader uses it and drops it.
final class ZipArchive {
  /// One file in the archive, as its central directory describes it.
  struct Entry {
    /// Position in the central directory.
    var index: UInt64
    /// The name, with `\` (written by some Windows tools) turned into `/`.
    var name: String
    /// The uncompressed size the archive declares; reading checks the real size too.
    var declaredSize: Int
  }

  /// The file as the user named it, for messages.
  let file: String
  private let handle: OpaquePointer

  /// Opens `path`; `file` names it in errors.
  ///
  /// `ZIP_CHECKCONS` makes libzip compare each local header with the central directory, so an archive whose
  /// two copies of a name or size disagree (a way to smuggle a different entry past a checker) is refused.
  init(path: String, file: String) throws(ArchiveError) {
    var code: Int32 = 0
    guard let handle = zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &code) else {
      switch code {
      // libzip refuses duplicate names itself, without saying which.
      case ZIP_ER_EXISTS: throw .duplicateEntry(file: file, entry: nil)
      case ZIP_ER_OPEN, ZIP_ER_READ: throw .unreadable(file: file, reason: Self.message(forCode: code))
      default: throw .corrupt(file: file, entry: nil, reason: Self.message(forCode: code))
      }
    }
    self.file = file
    self.handle = handle
  }

  /// Opens an archive held in memory (read from a pipe); `file` names it in errors. The same checks apply.
  init(bytes: [UInt8], file: String) throws(ArchiveError) {
    // libzip frees the copy with free() when the source goes (freep = 1), after the archive is discarded.
    guard let copy = malloc(max(1, bytes.count)) else { throw .unreadable(file: file, reason: "out of memory") }
    bytes.withUnsafeBytes { if let base = $0.baseAddress { copy.copyMemory(from: base, byteCount: bytes.count) } }
    var error = zip_error_t()
    zip_error_init(&error)
    defer { zip_error_fini(&error) }
    guard let source = zip_source_buffer_create(copy, UInt64(bytes.count), 1, &error) else {
      free(copy)
      throw .unreadable(file: file, reason: String(cString: zip_error_strerror(&error)))
    }
    guard let handle = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) else {
      // Not taken over by an archive: ours to free (with the copy).
      zip_source_free(source)
      let code = zip_error_code_zip(&error)
      if code == ZIP_ER_EXISTS { throw .duplicateEntry(file: file, entry: nil) }
      throw .corrupt(file: file, entry: nil, reason: Self.message(forCode: code))
    }
    self.file = file
    self.handle = handle
  }

  deinit {
    // Read-only: discard, never `zip_close`, which would try to write changes back.
    zip_discard(handle)
  }

  // MARK: - Listing

  /// Every file entry (directories left out), after checking the archive as a whole:
  /// 1. at most `maxEntries` entries;
  /// 2. no name that is absolute or climbs out with `..`, and no name twice;
  /// 3. each declared size at most `maxEntryBytes`, and their sum at most `maxTotalBytes`.
  func entries(maxEntries: Int, maxEntryBytes: Int, maxTotalBytes: Int) throws(ArchiveError) -> [String: Entry] {
    let count = zip_get_num_entries(handle, 0)
    guard count >= 0 else { throw .corrupt(file: file, entry: nil, reason: archiveErrorMessage()) }
    guard count <= maxEntries else { throw .tooManyEntries(file: file, count: Int(count), limit: maxEntries) }
    var result: [String: Entry] = [:]
    var total = 0
    for index in 0..<UInt64(count) {
      var stat = zip_stat_t()
      zip_stat_init(&stat)
      guard zip_stat_index(handle, index, 0, &stat) == 0, let rawName = stat.name else {
        throw .corrupt(file: file, entry: nil, reason: archiveErrorMessage())
      }
      let name = String(cString: rawName).replacingBackslashes()
      guard Self.isContained(name) else { throw .entryEscapesArchive(file: file, entry: name) }
      if name.hasSuffix("/") { continue }
      // libzip has refused exact duplicates already; these differ only in their separators.
      guard result[name] == nil else { throw .duplicateEntry(file: file, entry: name) }
      // An entry without a declared size cannot be checked up front; reading still stops at the limit.
      let declared = stat.valid & UInt64(ZIP_STAT_SIZE) != 0 ? stat.size : 0
      guard declared <= UInt64(maxEntryBytes) else {
        throw .declaredBeyondLimit(
          file: file, what: "entry '\(name)'", declared: Int(clamping: declared), limit: maxEntryBytes)
      }
      let (sum, overflow) = total.addingReportingOverflow(Int(declared))
      guard !overflow, sum <= maxTotalBytes else {
        throw .declaredBeyondLimit(
          file: file, what: "the archive", declared: overflow ? .max : sum, limit: maxTotalBytes)
      }
      total = sum
      result[name] = Entry(index: index, name: name, declaredSize: Int(declared))
    }
    return result
  }

  /// Whether `name` stays inside the archive: relative, no `..` component, no drive letter, no NUL.
  static func isContained(_ name: String) -> Bool {
    if name.isEmpty || name.hasPrefix("/") || name.contains("\0") { return false }
    let components = name.split(separator: "/", omittingEmptySubsequences: false)
    if components.contains("..") { return false }
    // "C:" as the first component is an absolute Windows path.
    if let first = components.first, first.count == 2, first.last == ":", first.first?.isLetter == true {
      return false
    }
    return true
  }

  // MARK: - Reading

  /// The bytes of `entry`, decompressed; libzip checks them against the entry's CRC-32 at the end.
  ///
  /// Reading throws `overflow` as soon as more than `limit` bytes come out, whatever size the archive
  /// declared: libzip (1.7) goes on decompressing past a declared size that understates the data, so the
  /// check on declared sizes alone would let such a bomb through.
  func read(_ entry: Entry, limit: Int, overflow: ArchiveError) throws(ArchiveError) -> [UInt8] {
    guard let reader = zip_fopen_index(handle, entry.index, 0) else {
      throw .corrupt(file: file, entry: entry.name, reason: archiveErrorMessage())
    }
    defer { zip_fclose(reader) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(entry.declaredSize, limit))
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer -> Int64 in
        guard let base = buffer.baseAddress else { return 0 }
        return zip_fread(reader, base, UInt64(buffer.count))
      }
      if count < 0 {
        throw .corrupt(file: file, entry: entry.name, reason: String(cString: zip_file_strerror(reader)))
      }
      if count == 0 { break }
      guard bytes.count + Int(count) <= limit else { throw overflow }
      bytes.append(contentsOf: chunk[0..<Int(count)])
    }
    return bytes
  }

  // MARK: - Messages

  /// libzip's text for the archive's last error.
  private func archiveErrorMessage() -> String {
    String(cString: zip_error_strerror(zip_get_error(handle)))
  }

  /// libzip's text for an error code from `zip_open` ("Not a zip archive", "Premature end of file"...).
  static func message(forCode code: Int32) -> String {
    var error = zip_error_t()
    zip_error_init_with_code(&error, code)
    defer { zip_error_fini(&error) }
    return String(cString: zip_error_strerror(&error))
  }
}

extension String {
  /// The name with Windows separators turned into `/`, as some zip tools write them.
  func replacingBackslashes() -> String {
    String(map { $0 == "\\" ? "/" : $0 })
  }
}
