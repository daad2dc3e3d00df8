import Foundation
import TestSupport
import Testing

/// A tool or file the tests need is missing, or a tool did not behave; the description says what to do.
struct ToolFailure: Error, CustomStringConvertible {
  let description: String
}

/// What one run of a program did.
struct CommandResult: CustomStringConvertible {
  var arguments: [String]
  var reason: Process.TerminationReason
  /// Exit status, or the signal number when `reason` is `.uncaughtSignal`.
  var status: Int32
  var stdout: String
  var stderr: String
  var seconds: Double
  var timedOut: Bool

  /// True when the program exited by itself (no signal, no timeout) with `code`.
  func exited(_ code: Int32) -> Bool { reason == .exit && status == code && !timedOut }

  var description: String {
    let how = timedOut ? "timed out" : reason == .exit ? "exit \(status)" : "signal \(status)"
    return "`\(arguments.joined(separator: " "))`: \(how) after \(String(format: "%.2f", seconds)) s\n"
      + "stdout: \(stdout.prefix(2000))\nstderr: \(stderr.prefix(2000))"
  }
}

/// Runs the built `lottie2video` binary and FFmpeg's tools as child processes.
enum CommandRunner {
  /// `$L2V_BINARY`, else `<repo>/.build/debug/lottie2video`; throws, with what to do, when it is missing.
  static func binary() throws -> URL {
    let environment = ProcessInfo.processInfo.environment
    let url: URL
    if let path = environment["L2V_BINARY"], !path.isEmpty {
      url = URL(fileURLWithPath: path)
    } else {
      url = Fixtures.repositoryRoot.appendingPathComponent(".build/debug/lottie2video")
    }
    guard FileManager.default.isExecutableFile(atPath: url.path) else {
      throw ToolFailure(
        description: "the lottie2video binary is missing at \(url.path): run `swift build` first (or set L2V_BINARY)")
    }
    return url
  }

  /// The first executable called `name` on `$PATH`; throws, with what to do, when there is none.
  static func tool(_ name: String) throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw ToolFailure(
      description: "\(name) is not on PATH: install the ffmpeg package (scripts/test does) to run this test")
  }

  /// Runs `lottie2video arguments...`; `stdin` is written to its standard input through a pipe; `directory`
  /// is its current folder (the test runner's when nil).
  static func lottie2video(
    _ arguments: [String], stdin: Data? = nil, timeout: Double = HangGuard.childSeconds,
    stdoutTo stdoutPath: String? = nil,
    in directory: URL? = nil
  ) async throws -> CommandResult {
    try await run(try binary(), arguments, timeout: timeout, stdin: stdin, stdoutTo: stdoutPath, in: directory)
  }

  /// Runs `executable` with `arguments`, stdin from /dev/null (or a pipe fed with `stdin`), and waits for it
  /// without blocking a thread. After `timeout` seconds the child is killed and the result says `timedOut`: a
  /// hang guard (``HangGuard/childSeconds``), never a measure of speed. With `stdoutPath` its standard output goes
  /// to that file (`/dev/full`) and the result's `stdout` is empty. At most ``ChildProcesses/gate``'s width of
  /// children run at once; a run waiting for its turn holds no thread.
  static func run(
    _ executable: URL, _ arguments: [String], timeout: Double = HangGuard.childSeconds, stdin: Data? = nil,
    stdoutTo stdoutPath: String? = nil, started: (@Sendable (Int32) -> Void)? = nil, in workingDirectory: URL? = nil
  ) async throws -> CommandResult {
    try await ChildProcesses.gate.withSlot {
      try await runNow(
        executable, arguments, timeout: timeout, stdin: stdin, stdoutTo: stdoutPath, started: started,
        in: workingDirectory)
    }
  }

  private static func runNow(
    _ executable: URL, _ arguments: [String], timeout: Double, stdin: Data?,
    stdoutTo stdoutPath: String?, started: (@Sendable (Int32) -> Void)?, in workingDirectory: URL?
  ) async throws -> CommandResult {
    // Output goes to files, not pipes: a chatty child can never block on a full pipe.
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let outputURL = directory.appendingPathComponent("stdout")
    let errorURL = directory.appendingPathComponent("stderr")
    guard FileManager.default.createFile(atPath: outputURL.path, contents: nil),
      FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    else { throw ToolFailure(description: "cannot create output files in \(directory.path)") }
    if let stdoutPath, !FileManager.default.fileExists(atPath: stdoutPath) {
      guard FileManager.default.createFile(atPath: stdoutPath, contents: nil) else {
        throw ToolFailure(description: "cannot create \(stdoutPath)")
      }
    }
    let outputHandle = try FileHandle(forWritingTo: stdoutPath.map { URL(fileURLWithPath: $0) } ?? outputURL)
    let errorHandle = try FileHandle(forWritingTo: errorURL)

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    // A child that exits without reading must not kill the test runner with SIGPIPE.
    if stdin != nil { signal(SIGPIPE, SIG_IGN) }
    let input = stdin.map { _ in Pipe() }
    process.standardInput = input ?? FileHandle.nullDevice
    process.standardOutput = outputHandle
    process.standardError = errorHandle
    let child = ChildProcess(process)
    let start = DispatchTime.now()
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      process.terminationHandler = { _ in continuation.resume() }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
        return
      }
      started?(process.processIdentifier)
      child.startWatchdog(after: timeout)
      if let input, let stdin {
        // Fed from another thread: a pipe holds only 64 KB, and the child reads while we write.
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async {
          try? writer.write(contentsOf: stdin)
          try? writer.close()
        }
      }
    }
    try? outputHandle.close()
    try? errorHandle.close()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    return CommandResult(
      arguments: [executable.lastPathComponent] + arguments, reason: process.terminationReason,
      status: process.terminationStatus,
      stdout: String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self),
      stderr: String(decoding: (try? Data(contentsOf: errorURL)) ?? Data(), as: UTF8.self), seconds: seconds,
      timedOut: child.timedOut)
  }

  /// What `ffprobe -v error -count_frames -show_streams -of json` says about the first video stream.
  static func probe(_ path: String) async throws -> [String: Any] {
    let result = try await run(
      try tool("ffprobe"), ["-v", "error", "-count_frames", "-show_streams", "-of", "json", path])
    guard result.exited(0) else { throw ToolFailure(description: "ffprobe failed: \(result)") }
    guard let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      let streams = json["streams"] as? [[String: Any]],
      let video = streams.first(where: { $0["codec_type"] as? String == "video" })
    else { throw ToolFailure(description: "ffprobe found no video stream in \(path): \(result.stdout)") }
    return video
  }

  /// Decodes an image, or a video's first frame, with ffmpeg into `pixelFormat` bytes (`rgba`: straight RGBA,
  /// `rgb24`: RGB), row by row.
  static func decodeFirstFrame(_ path: String, pixelFormat: String = "rgba") async throws -> [UInt8] {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let raw = directory.appendingPathComponent("pixels.raw").path
    let result = try await run(
      try tool("ffmpeg"),
      ["-v", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", pixelFormat, "-y", raw])
    guard result.exited(0) else { throw ToolFailure(description: "ffmpeg could not decode \(path): \(result)") }
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
  }
}

/// A started child process and its timeout. `Process` is not Sendable; this wrapper only reads the pid and
/// sends signals, which are safe from any thread.
private final class ChildProcess: @unchecked Sendable {
  private let process: Process
  private let lock = NSLock()
  private var expired = false

  init(_ process: Process) { self.process = process }

  var timedOut: Bool { lock.withLock { expired } }

  func startWatchdog(after seconds: Double) {
    let pid = process.processIdentifier
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
      guard process.isRunning else { return }
      lock.withLock { expired = true }
      kill(pid, SIGKILL)
    }
  }
}

/// The width and height in a PNG's IHDR chunk.
func pngSize(_ path: String) throws -> (width: Int, height: Int) {
  let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  guard bytes.count > 24, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
    throw ToolFailure(description: "\(path) is not a PNG")
  }
  func bigEndianUInt32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
  return (bigEndianUInt32(16), bigEndianUInt32(20))
}

/// The names in `directory`, hidden ones included, sorted.
func directoryListing(_ directory: URL) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}
