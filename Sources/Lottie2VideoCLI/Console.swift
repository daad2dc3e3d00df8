import Foundation
import Lottie
import Pipeline
import VideoEncoding

/// Writes results to stdout and messages to stderr (Swift 6 forbids touching C's global `stderr`).
enum Console {
  static func output(_ line: String) {
    StatusLine.shared.clear()
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  static func error(_ line: String) {
    // After Ctrl-C the handler deletes the partial files and exits 130: an error they cause must not race it.
    PartialFiles.waitIfInterrupted()
    StatusLine.shared.clear()
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  static var stderrIsTerminal: Bool { isatty(2) != 0 }
}

/// The one status line a batch draws on a terminal (`\r`, then the text): cleared before any other line is
/// written, so results and messages never land in the middle of it.
///
/// `@unchecked Sendable`: `drawn` is read and written only with `lock` held.
final class StatusLine: @unchecked Sendable {
  static let shared = StatusLine()
  private let lock = NSLock()
  private var drawn = false

  func draw(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    FileHandle.standardError.write(Data(("\r" + text + "\u{1B}[K").utf8))
    drawn = true
  }

  func clear() {
    lock.lock()
    defer { lock.unlock() }
    guard drawn else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    drawn = false
  }
}

/// One progress line for a batch whose files export at once: files done and running, frames, fps and an
/// estimate of the time left (from the files finished so far), redrawn at most ten times a second.
///
/// `@unchecked Sendable`: every mutable property is read and written only with `lock` held.
final class BatchProgress: @unchecked Sendable {
  private let lock = NSLock()
  private let fileCount: Int
  private let concurrent: Int
  private let start = Date()
  private var running: [Int: (done: Int, total: Int)] = [:]
  private var finishedFiles = 0
  private var finishedFrames = 0
  private var lastDraw = -1.0

  init(fileCount: Int, concurrent: Int) {
    self.fileCount = fileCount
    self.concurrent = concurrent
  }

  func update(_ index: Int, _ report: ProgressReport) {
    lock.lock()
    running[index] = (report.done, report.total)
    lock.unlock()
    draw()
  }

  func finish(_ index: Int) {
    lock.lock()
    if let r = running.removeValue(forKey: index) { finishedFrames += r.done }
    finishedFiles += 1
    lock.unlock()
    draw(force: true)
  }

  private func draw(force: Bool = false) {
    lock.lock()
    let elapsed = Date().timeIntervalSince(start)
    guard force || elapsed - lastDraw >= 0.1 else {
      lock.unlock()
      return
    }
    lastDraw = elapsed
    let frames = finishedFrames + running.values.reduce(0) { $0 + $1.done }
    let fps = Double(frames) / max(elapsed, 1e-9)
    let left = fileCount - finishedFiles
    // Time left: the average time a file has taken per slot, for the files still to come.
    let eta: String
    if finishedFiles > 0 && left > 0 {
      let perFile = elapsed * Double(min(concurrent, fileCount)) / Double(finishedFiles)
      eta = "  ETA ~\((perFile * Double(left) / Double(max(1, min(concurrent, left)))).roundedClampedInt(0...Int.max))s"
    } else {
      eta = ""
    }
    let text = String(
      format: "batch: %d/%d files done, %d running  %d frames  %.1f fps%@", finishedFiles, fileCount, running.count,
      frames, fps, eta)
    lock.unlock()
    StatusLine.shared.draw(text)
  }
}

/// Progress on stderr: a one-line bar (file i/n, frames, fps, ETA) on a terminal, or with `--progress json`
/// `progress` events through the ``Reporter``.
///
/// `@unchecked Sendable`: the encoder thread updates it while an export's diagnostics (from any thread) end
/// the bar; `lastDraw` and every write go through `lock`, the other properties never change.
final class ProgressLine: @unchecked Sendable {
  let label: String
  let file: String
  let reporter: Reporter
  /// "file i/n" in a batch.
  let position: BatchPosition?
  let enabled: Bool
  private let lock = NSLock()
  private var lastDraw = -1.0

  init(label: String, file: String, reporter: Reporter, position: BatchPosition? = nil, bar: Bool = true) {
    self.label = label
    self.file = file
    self.reporter = reporter
    self.position = position
    enabled = reporter.isJSON || (bar && !reporter.isQuiet && Console.stderrIsTerminal)
  }

  func update(_ report: ProgressReport) {
    guard enabled else { return }
    lock.lock()
    defer { lock.unlock() }
    // Redraw at most ten times a second, and always for the last frame.
    guard report.elapsed - lastDraw >= 0.1 || report.done == report.total else { return }
    lastDraw = report.elapsed
    let fps = Double(report.done) / max(report.elapsed, 1e-9)
    let eta = fps > 0 ? Double(report.total - report.done) / fps : 0
    if reporter.isJSON {
      reporter.event(
        "progress",
        [("file", .text(file))] + (position ?? BatchPosition()).fields + [
          ("frame", .int(report.done)), ("total", .int(report.total)), ("fps", .number(fps, digits: 1)),
          ("eta", .number(eta, digits: 1)), ("elapsed", .number(report.elapsed, digits: 3)),
        ])
      return
    }
    let width = 24
    let filled = report.total > 0 ? width * report.done / report.total : 0
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    let prefix = position.map { $0.count > 1 ? "file \($0.index)/\($0.count) " : "" } ?? ""
    let line = String(
      format: "\r%@%@ [%@] %d/%d frames  %.1f fps  ETA %@ ", prefix, label, bar, report.done, report.total, fps,
      formatDuration(eta))
    FileHandle.standardError.write(Data(line.utf8))
  }

  /// Ends the bar; a later encode (a size budget's retry) starts its own count.
  func finish() {
    guard enabled else { return }
    lock.lock()
    defer {
      lastDraw = -1
      lock.unlock()
    }
    if !reporter.isJSON { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
  }

  private func formatDuration(_ s: Double) -> String {
    let t = s.roundedClampedInt(0...Int.max)
    return t >= 60 ? "\(t / 60)m\(t % 60)s" : "\(t)s"
  }
}

/// On Ctrl-C (SIGINT), SIGTERM, SIGHUP or SIGQUIT: delete the partial output files, then exit 128 + the
/// signal (130, 143, 129, 131); see `PartialFiles.installSignalHandlers`.
final class InterruptHandler {
  private let handlers: PartialFiles.SignalHandlers

  private init(handlers: PartialFiles.SignalHandlers) { self.handlers = handlers }

  /// With `json`, the message is an `error` event (stderr carries only events then). `onSignal` runs first
  /// (after the partial files are deleted) and returns the message: what the run keeps (a batch's finished
  /// outputs); by default "interrupted; no output written".
  static func install(json: Bool = false, onSignal: (@Sendable () -> String)? = nil) -> InterruptHandler {
    InterruptHandler(
      handlers: PartialFiles.installSignalHandlers { signo in
        let text = onSignal?() ?? "interrupted; no output written"
        let message =
          json
          ? JSONValue.object([
            ("event", .string("error")), ("message", .string(text)), ("exit", .int(128 + Int(signo))),
          ]).text + "\n"
          : "\n\(text)\n"
        // `try?`: after SIGHUP the terminal may be gone, and FileHandle.write(_:) would trap.
        try? FileHandle.standardError.write(contentsOf: Data(message.utf8))
      })
  }

  func cancel() {
    handlers.cancel()
  }
}
