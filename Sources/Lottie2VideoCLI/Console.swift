import Foundation
import Pipeline
import VideoEncoding

/// Writes results to stdout and messages to stderr (Swift 6 forbids touching C's global `stderr`).
enum Console {
  static func output(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  static func error(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  static var stderrIsTerminal: Bool { isatty(2) != 0 }
}

/// Progress on stderr: a one-line bar (file i/n, frames, fps, ETA) on a terminal, or with `--progress json`
/// one JSON object per line for pipelines: `{"event":"progress","file":...,"frame":12,"total":90,...}`, then
/// `{"event":"done",...}`.
final class ProgressLine: @unchecked Sendable {
  let label: String
  let json: Bool
  /// "file i/n" in a batch.
  let position: (index: Int, count: Int)?
  let enabled: Bool
  private var lastDraw = -1.0
  private var last: ProgressReport?

  init(label: String, json: Bool = false, position: (index: Int, count: Int)? = nil, bar: Bool = true) {
    self.label = label
    self.json = json
    self.position = position
    enabled = json || (bar && Console.stderrIsTerminal)
  }

  func update(_ report: ProgressReport) {
    guard enabled else { return }
    last = report
    // Redraw at most ten times a second, and always for the last frame.
    guard report.elapsed - lastDraw >= 0.1 || report.done == report.total else { return }
    lastDraw = report.elapsed
    let fps = Double(report.done) / max(report.elapsed, 1e-9)
    let eta = fps > 0 ? Double(report.total - report.done) / fps : 0
    if json {
      emit("progress", report, fps: fps, eta: eta)
      return
    }
    let width = 24
    let filled = report.total > 0 ? width * report.done / report.total : 0
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    let file = position.map { "file \($0.index)/\($0.count) " } ?? ""
    let line = String(
      format: "\r%@%@ [%@] %d/%d frames  %.1f fps  ETA %@ ", file, label, bar, report.done, report.total, fps,
      formatDuration(eta))
    FileHandle.standardError.write(Data(line.utf8))
  }

  func finish() {
    guard enabled else { return }
    // A later encode (a size budget's retry) starts its own count.
    defer { lastDraw = -1 }
    if json {
      if let last { emit("done", last, fps: Double(last.done) / max(last.elapsed, 1e-9), eta: 0) }
      return
    }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }

  private func emit(_ event: String, _ report: ProgressReport, fps: Double, eta: Double) {
    var record: [String: Any] = [
      "event": event, "file": label, "frame": report.done, "total": report.total,
      "elapsed": (report.elapsed * 1000).rounded() / 1000, "fps": (fps * 10).rounded() / 10,
      "eta": (eta * 10).rounded() / 10,
    ]
    if let position {
      record["index"] = position.index
      record["count"] = position.count
    }
    guard let data = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes])
    else { return }
    FileHandle.standardError.write(data + Data("\n".utf8))
  }

  private func formatDuration(_ s: Double) -> String {
    let t = Int(s.rounded())
    return t >= 60 ? "\(t / 60)m\(t % 60)s" : "\(t)s"
  }
}

/// On Ctrl-C (SIGINT) or SIGTERM: delete the partial output files, then exit 130 / 143.
final class InterruptHandler {
  private let sources: [DispatchSourceSignal]

  private init(sources: [DispatchSourceSignal]) { self.sources = sources }

  static func install() -> InterruptHandler {
    var sources: [DispatchSourceSignal] = []
    for (signo, code) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
      signal(signo, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signo, queue: .global())
      source.setEventHandler {
        PartialFiles.removeAll()
        FileHandle.standardError.write(Data("\ninterrupted; no output written\n".utf8))
        exit(code)
      }
      source.resume()
      sources.append(source)
    }
    return InterruptHandler(sources: sources)
  }

  func cancel() {
    for s in sources { s.cancel() }
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }
}
