#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Owns the temporary file an encode writes: `<dir>/.<name>.partial-<pid>.<ext>` next to the output.
///
/// It is listed in ``PartialFiles`` while it exists. ``commit()`` renames it over the output with
/// `rename(2)`, which is atomic within one file system, so readers never see a half-written video;
/// otherwise ``discard()`` (or `deinit`) deletes it.
final class PartialFile {
  /// The final output path.
  let outputPath: String
  /// The temporary path, in the output's directory so that the rename stays on one file system.
  let path: String
  private var isSettled = false

  /// Registers the temporary name for `outputPath`; throws when another encoder in this process is
  /// already writing it.
  init(outputPath: String) throws {
    self.outputPath = outputPath
    self.path = Self.temporaryPath(for: outputPath)
    guard PartialFiles.register(path) else {
      // The name belongs to the other encoder: deinit must not unregister or delete it.
      isSettled = true
      throw VideoEncodingError.io(
        path: outputPath, message: "another encoder in this process is already writing \(path)")
    }
  }

  deinit {
    discard()
  }

  /// Renames the temporary file over the output.
  func commit() throws {
    guard !isSettled else {
      throw VideoEncodingError.invalidState("the temporary file \(path) was already renamed or removed")
    }
    isSettled = true
    let wasRegistered = PartialFiles.unregister(path)
    guard wasRegistered else {
      throw VideoEncodingError.io(
        path: outputPath, message: "the temporary file \(path) was removed before it could be renamed")
    }
    guard rename(path, outputPath) == 0 else {
      let message = String(cString: strerror(errno))
      unlink(path)
      throw VideoEncodingError.io(path: outputPath, message: "cannot rename \(path) to it: \(message)")
    }
  }

  /// Deletes the temporary file, if it is still there; does nothing after ``commit()``.
  func discard() {
    guard !isSettled else { return }
    isSettled = true
    // After PartialFiles.removeAll() the file is already gone (and may belong to nobody by now).
    if PartialFiles.unregister(path) {
      unlink(path)
    }
  }

  /// `dir/name.ext` becomes `dir/.name.partial-<pid>.ext`.
  static func temporaryPath(for outputPath: String) -> String {
    let slash = outputPath.lastIndex(of: "/")
    let directory = slash.map { String(outputPath[...$0]) } ?? ""
    let fileName = slash.map { String(outputPath[outputPath.index(after: $0)...]) } ?? outputPath
    let dot = fileName.lastIndex(of: ".").flatMap { $0 == fileName.startIndex ? nil : $0 }
    let stem = dot.map { String(fileName[..<$0]) } ?? fileName
    let fileExtension = dot.map { String(fileName[$0...]) } ?? ""
    return "\(directory).\(stem).partial-\(getpid())\(fileExtension)"
  }
}
