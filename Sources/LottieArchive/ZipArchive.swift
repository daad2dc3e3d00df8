import CZip
import Foundation

/// A zip archive opened read-only through libzip, from a file or from bytes in memory (a pipe's contents);
/// owns the `zip_t` and discards it in `deinit`.
///
/// Nothing is ever extracted to disk: entries are read into memory, by name, after ``entries(maxEntries:maxEntryBytes:maxTotalBytes:)``
/// has checked every name and declared size. Not `Sendable`: one loader uses it and drops it.
///
/// The archive is opened without libzip's `ZIP_CHECKCONS`, which compares each local header with the central
/// directory field by field and refuses archives that Python's `zipfile`, `unzip -t` and every Lottie player
/// read (macOS Archive Utility's, among others: "Zip archive inconsistent"). Its safety value is kept by checking
/// what is actually used: entries are named, located and sized from the central directory only (libzip reads a
/// local header just for the length of its name and extra field), every central name is checked before anything
/// is read, and reading checks the bytes that come out against the declared size, the entry's CRC-32 and the
/// limits, so no header can make us read more or other than it says.
final class ZipArchive {
  /// One file in the archive, as its central directory describes it.
  struct Entry {
    /// Position in the central directory.
    var index: UInt64
    /// The name, with `\` (written by some Windows tools) turned into `/` and `.` components dropped.
    var name: String
    /// The uncompressed size the central directory declares, or nil when it declares none; reading checks
    /// the real size against it.
    var declaredSize: Int?
  }

  /// The file as the user named it, for messages.
  let file: String
  private let handle: OpaquePointer

  /// Opens the archive at `path`; `file` names it in errors.
  init(path: String, file: String) throws(ArchiveError) {
    var code: Int32 = 0
    guard let handle = zip_open(path, ZIP_RDONLY, &code) else {
      switch code {
      case ZIP_ER_OPEN, ZIP_ER_READ: throw .unreadable(file: file, reason: Self.message(forCode: code))
      default: throw .corrupt(file: file, entry: nil, reason: Self.message(forCode: code))
      }
    }
    self.file = file
    self.handle = handle
  }

  /// Opens the archive in `bytes` (read from a pipe); `file` names it in errors. The same checks apply.
  init(bytes: [UInt8], file: String) throws(ArchiveError) {
    var error = zip_error_t()
    zip_error_init(&error)
    defer { zip_error_fini(&error) }
    // libzip keeps the buffer for as long as the archive is open and frees it (`freep` 1) with the source:
    // a malloc'd copy, since a Swift array's storage cannot be lent beyond a closure.
    guard let copy = malloc(max(bytes.count, 1)) else { throw .unreadable(file: file, reason: "out of memory") }
    bytes.withUnsafeBytes { buffer in
      if let base = buffer.baseAddress { copy.copyMemory(from: base, byteCount: buffer.count) }
    }
    guard let source = zip_source_buffer_create(copy, UInt64(bytes.count), 1, &error) else {
      free(copy)
      throw .unreadable(file: file, reason: String(cString: zip_error_strerror(&error)))
    }
    guard let handle = zip_open_from_source(source, ZIP_RDONLY, &error) else {
      // On failure the source (and with it the copy) is still ours to free.
      zip_source_free(source)
      throw .corrupt(file: file, entry: nil, reason: String(cString: zip_error_strerror(&error)))
    }
    self.file = file
    self.handle = handle
  }

  deinit {
    // Read-only: discard, never `zip_close`, which would try to write changes back.
    zip_discard(handle)
  }

  // MARK: - Listing

  /// Every entry a player would look at, after checking the archive as a whole:
  /// 1. at most `maxEntries` entries;
  /// 2. no name (of any entry, skipped or not) that is absolute, climbs out with `..` or holds a NUL;
  /// 3. folder entries, macOS's `__MACOSX/` resource forks and hidden files (`.DS_Store`, `._name`) are left
  ///    out, as the players' unzippers leave them out: Archive Utility adds them to every archive it makes;
  /// 4. no name twice among the rest;
  /// 5. each declared size at most `maxEntryBytes`, and their sum at most `maxTotalBytes`. Entries left out
  ///    are never read, so they cost nothing and are not counted.
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
      let stored = String(cString: rawName).replacingBackslashes()
      // 2.
      guard Self.isContained(stored) else { throw .entryEscapesArchive(file: file, entry: stored) }
      // 3.
      let name = LoadedAnimation.normalized(stored)
      if stored.hasSuffix("/") || name.isEmpty || Self.isMacOSMetadata(name) { continue }
      // 4. Names that differ only in separators or `./` are the same file to a player.
      guard result[name] == nil else { throw .duplicateEntry(file: file, entry: name) }
      // 5. An entry without a declared size cannot be checked up front; reading still stops at the limit.
      let declared: UInt64? = stat.valid & UInt64(ZIP_STAT_SIZE) != 0 ? stat.size : nil
      guard (declared ?? 0) <= UInt64(maxEntryBytes) else {
        throw .declaredBeyondLimit(
          file: file, what: "entry '\(name)'", declared: Int(clamping: declared ?? 0), limit: maxEntryBytes)
      }
      let (sum, overflow) = total.addingReportingOverflow(Int(declared ?? 0))
      guard !overflow, sum <= maxTotalBytes else {
        throw .declaredBeyondLimit(
          file: file, what: "the archive", declared: overflow ? .max : sum, limit: maxTotalBytes)
      }
      total = sum
      result[name] = Entry(index: index, name: name, declaredSize: declared.map { Int($0) })
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

  /// Whether `name` (normalized) is something macOS adds rather than a file the designer put there: anything
  /// under `__MACOSX/` (AppleDouble resource forks, `._name`), and hidden files such as `.DS_Store`.
  static func isMacOSMetadata(_ name: String) -> Bool {
    let components = name.split(separator: "/")
    return components.first == "__MACOSX" || components.contains { $0.hasPrefix(".") }
  }

  // MARK: - Reading

  /// The bytes of `entry`, decompressed and checked: libzip compares them with the entry's CRC-32 at the
  /// end, and we compare their count with the size the central directory declares.
  ///
  /// Reading throws `overflow` as soon as more than `limit` bytes come out, whatever size the archive
  /// declared: libzip (1.7) goes on decompressing past a declared size that understates the data, so the
  /// check on declared sizes alone would let such a bomb through. An entry with a declared size is read
  /// no further than one byte past it: a 200 KB entry that says 1000 bytes but inflates to 200 MB is
  /// refused after 1001 bytes, not after the limit's worth.
  func read(_ entry: Entry, limit: Int, overflow: ArchiveError) throws(ArchiveError) -> [UInt8] {
    guard let reader = zip_fopen_index(handle, entry.index, 0) else {
      throw .corrupt(file: file, entry: entry.name, reason: archiveErrorMessage())
    }
    defer { zip_fclose(reader) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(entry.declaredSize ?? 0, limit))
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    // One byte past the most that may come out is enough to tell that there is more.
    let stop = min(limit, entry.declaredSize ?? limit, Int.max - 1)
    while bytes.count <= stop {
      let wanted = min(chunk.count, stop + 1 - bytes.count)
      let count = chunk.withUnsafeMutableBytes { buffer -> Int64 in
        guard let base = buffer.baseAddress else { return 0 }
        return zip_fread(reader, base, UInt64(wanted))
      }
      if count < 0 {
        throw .corrupt(file: file, entry: entry.name, reason: String(cString: zip_file_strerror(reader)))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<Int(count)])
    }
    guard bytes.count <= limit else { throw overflow }
    if let declared = entry.declaredSize, bytes.count > declared {
      throw .corrupt(
        file: file, entry: entry.name, reason: "the archive declares \(ArchiveError.bytes(declared)) but it holds more")
    }
    if let declared = entry.declaredSize, declared != bytes.count {
      throw .corrupt(
        file: file, entry: entry.name,
        reason: "the archive declares \(ArchiveError.bytes(declared)) but it holds \(ArchiveError.bytes(bytes.count))")
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
