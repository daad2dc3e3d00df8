import Foundation
import Lottie
import Pipeline
import VideoEncoding

/// Checks made on an export's output paths before anything is loaded or rendered: an output is never an
/// existing folder, and never the same file as one of the run's inputs (the animation, a data table, a
/// soundtrack, an `--image` file), however it is named (`./a.json`, a symbolic or hard link).
enum OutputPaths {
  /// Refuses `output` (nil: standard output) and `poster` when one is a folder or would overwrite one of
  /// `inputs`. A PNG sequence's pattern is checked through its first frame's name.
  static func check(output: String?, isSequence: Bool, poster: String?, inputs: [String]) throws(UsageError) {
    var outputs: [(path: String, what: String)] = []
    if let output { outputs.append((isSequence ? PathName.sequenceFrame(output, 0) : output, "output")) }
    if let poster { outputs.append((poster, "poster")) }
    for (path, what) in outputs {
      if isFolder(path) {
        throw UsageError(
          message:
            "The \(what) '\(path)' is a folder; give a file name, e.g. '\(path.hasSuffix("/") ? path : path + "/")\(what == "poster" ? "poster.png" : "video.mp4")'",
          command: nil)
      }
      if let input = inputs.first(where: { sameFile(path, $0) }) {
        throw UsageError(
          message:
            "The \(what) '\(path)' is the input '\(input)'; writing it would destroy the input: choose another name",
          command: nil)
      }
    }
  }

  /// Refuses a report that would overwrite one of `inputs`, or that is a folder.
  static func checkReport(_ report: String, inputs: [String]) throws(UsageError) {
    if isFolder(report) {
      throw UsageError(
        message: "The report '\(report)' is a folder; give a file name, e.g. 'report.json'", command: nil)
    }
    if let input = inputs.first(where: { sameFile(report, $0) }) {
      throw UsageError(
        message:
          "The report '\(report)' is the input '\(input)'; writing it would destroy the input: choose another name",
        command: nil)
    }
  }

  /// Whether `path` is an existing folder (following links).
  static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether writing `output` would write `input`: the same device and inode when `output` exists (hard and
  /// symbolic links included), else the same real path once `output`'s folder is resolved.
  static func sameFile(_ output: String, _ input: String) -> Bool {
    guard output != OutputFormat.standardOutputPath, input != "-" else { return false }
    var a = stat()
    var b = stat()
    guard stat(input, &b) == 0 else { return false }
    if stat(output, &a) == 0 { return a.st_dev == b.st_dev && a.st_ino == b.st_ino }
    // A new file: the same path as the input once its folder is resolved (`out/../a.json`).
    guard let inputPath = realPath(input) else { return false }
    let folder = PathName.folder(of: output)
    guard let resolvedFolder = realPath(folder.isEmpty ? "." : folder) else { return false }
    return (resolvedFolder == "/" ? "" : resolvedFolder) + "/" + PathName.fileName(of: output) == inputPath
  }

  /// `realpath(3)`, or nil when the path does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

/// An export's failure, naming the file it concerns: FFmpeg's errors name only the call that failed
/// ("av_write_trailer failed: No space left on device"), and the memory limit says how to raise it.
struct ExportFailure: Error, CustomStringConvertible {
  let description: String

  /// `error` with the output named, when it does not say which file already.
  static func wrap(_ error: any Error, output: String, filesAtOnce: Int = 1) -> any Error {
    let file = output == OutputFormat.standardOutputPath ? "standard output" : output
    switch error {
    case VideoEncodingError.ffmpeg(let function, let code, let message):
      // AVERROR(ENOSPC) and friends: say plainly why the file could not be written.
      let causes: [Int32: String] = [
        ENOSPC: "the disk is full", EDQUOT: "the disk quota is used up",
        EFBIG: "the file is larger than the file system allows", EIO: "the disk failed",
        EPIPE: "the reader closed the pipe",
      ]
      let left = output == OutputFormat.standardOutputPath ? "" : "; nothing was kept"
      guard let cause = causes[-code] else {
        return ExportFailure(description: "\(file): \(function) failed: \(message) (FFmpeg error \(code))\(left)")
      }
      return ExportFailure(
        description: "\(file): cannot write: \(cause) (\(message); \(function), FFmpeg error \(code))\(left)")
    case ExportError.memoryLimit(let estimate, let limit):
      // With n files at once the process needs its base once and n times the rest.
      let base = Double(MemoryEstimate.baseBytes)
      let total = Double(estimate.totalBytes)
      let bytes = filesAtOnce > 1 ? base + (total - base) * Double(filesAtOnce) : total
      let needed = Int((bytes / 1e9).rounded(.up))  // int-audit: a byte count (< 2^62) over 1e9
      return ExportFailure(
        description: "\(file): this export would need about \(estimate), more than the memory limit of "
          + "\(MemoryEstimate.format(limit))\(filesAtOnce > 1 ? " (its share of --limit memory with \(filesAtOnce) files exporting at once)" : ""); make the output smaller, use fewer --jobs or a faster --codec-preset, "
          + "or raise the limit with --limit memory=\(needed)G")
    default:
      return error
    }
  }
}

/// Diagnostics collected from another thread (an export's callback).
///
/// `@unchecked Sendable`: `items` is read and written only with `lock` held.
final class DiagnosticLog: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [Diagnostic] = []

  func append(_ d: Diagnostic) { lock.withLock { items.append(d) } }
  var all: [Diagnostic] { lock.withLock { items } }
}
