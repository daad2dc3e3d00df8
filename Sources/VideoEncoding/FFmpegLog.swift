import CFFmpeg
import Locking

/// Controls FFmpeg's own log messages (libavcodec, libx264, the muxers), which FFmpeg writes to stderr.
///
/// Unless ``level`` was set first, the first ``VideoEncoder`` (or ``AudioDecoder``, ``ImageDecoder``) lowers
/// FFmpeg's level from its default (`info`, which includes x264's statistics) to ``Level/error``.
/// ``route(to:)`` sends every line, from every FFmpeg library and thread, to a sink instead of stderr, so that
/// a command-line tool can turn them into its own messages (a JSON event stream must carry nothing else) or
/// drop them (`-q`). A message FFmpeg logs in pieces (several calls, the last ending the line) reaches the
/// sink as one line.
public enum FFmpegLog {
  /// FFmpeg's log levels, from silent to most verbose.
  public enum Level: Sendable, Comparable, CaseIterable {
    /// Nothing is logged.
    case quiet
    /// Errors after which FFmpeg's state is unknown.
    case panic
    /// Errors after which the operation cannot continue.
    case fatal
    /// Errors; the default set by the first ``VideoEncoder``.
    case error
    /// Warnings.
    case warning
    /// Information, e.g. x264's statistics (FFmpeg's own default).
    case info
    /// More detailed information.
    case verbose
    /// Debugging output.
    case debug
    /// Very verbose debugging output.
    case trace

    /// The `AV_LOG_*` value.
    var rawLevel: Int32 {
      switch self {
      case .quiet: AV_LOG_QUIET
      case .panic: AV_LOG_PANIC
      case .fatal: AV_LOG_FATAL
      case .error: AV_LOG_ERROR
      case .warning: AV_LOG_WARNING
      case .info: AV_LOG_INFO
      case .verbose: AV_LOG_VERBOSE
      case .debug: AV_LOG_DEBUG
      case .trace: AV_LOG_TRACE
      }
    }

    /// The level of an `AV_LOG_*` value (values between two levels round to the more severe one).
    init(rawLevel: Int32) {
      self = Self.allCases.first { rawLevel <= $0.rawLevel } ?? .trace
    }
  }

  /// A function that receives one FFmpeg log line (without its newline), prefixed the way FFmpeg does,
  /// e.g. `[libx264 @ 0x5581...] ...`. It may be called from FFmpeg's worker threads.
  public typealias Sink = @Sendable (_ level: Level, _ line: String) -> Void

  private struct State {
    var isLevelConfigured = false
    var sink: Sink?
    /// av_log_format_line2's memory of whether the previous message ended a line.
    var printPrefix: Int32 = 1
    /// The start of a line whose end has not been logged yet, and its level.
    var pending = ""
    var pendingLevel: Int32 = AV_LOG_QUIET
  }

  private static let state = Locked(State())

  /// The most verbose level FFmpeg reports; more verbose messages are dropped.
  public static var level: Level {
    get { Level(rawLevel: av_log_get_level()) }
    set {
      state.withLock { state in
        state.isLevelConfigured = true
        av_log_set_level(newValue.rawLevel)
      }
    }
  }

  /// Sends FFmpeg's messages to `sink`, or back to FFmpeg's default (stderr) when `sink` is `nil`.
  public static func route(to sink: Sink?) {
    state.withLock { state in
      state.sink = sink
      state.printPrefix = 1
      state.pending = ""
      // The callbacks are closure literals because a C function pointer type with a `va_list` parameter
      // cannot be spelt in Swift; they cannot capture anything, so the sink is read from `state`.
      // av_log_default_callback imports with a non-optional `va_list` but the callback type has an optional
      // one, hence the wrapper.
      if sink == nil {
        av_log_set_callback { context, rawLevel, format, arguments in
          guard let arguments else { return }
          av_log_default_callback(context, rawLevel, format, arguments)
        }
      } else {
        av_log_set_callback { context, rawLevel, format, arguments in
          guard let arguments else { return }
          FFmpegLog.forward(context: context, rawLevel: rawLevel, format: format, arguments: arguments)
        }
      }
    }
  }

  /// Sets the level to ``Level/error`` unless someone set ``level`` already.
  static func applyDefaultLevel() {
    state.withLock { state in
      guard !state.isLevelConfigured else { return }
      state.isLevelConfigured = true
      av_log_set_level(AV_LOG_ERROR)
    }
  }

  // MARK: - Private

  /// Formats one message the way FFmpeg's default callback does and hands each line it completes to the
  /// sink (a piece without a newline waits for the rest of its line).
  private static func forward(
    context: UnsafeMutableRawPointer?, rawLevel: Int32, format: UnsafePointer<CChar>?, arguments: CVaListPointer
  ) {
    guard rawLevel <= av_log_get_level() else { return }
    let capacity: Int32 = 1024
    let ready = withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(capacity)) { buffer in
      state.withLock { state -> (sink: Sink, lines: [(Int32, String)])? in
        guard let sink = state.sink, let base = buffer.baseAddress else { return nil }
        base[0] = 0
        av_log_format_line2(context, rawLevel, format, arguments, base, capacity, &state.printPrefix)
        let text = String(cString: base)
        // A line's level is that of its most severe piece (the lower value).
        state.pendingLevel = state.pending.isEmpty ? rawLevel : min(state.pendingLevel, rawLevel)
        state.pending += text
        var lines: [(Int32, String)] = []
        while let newline = state.pending.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) {
          lines.append((state.pendingLevel, String(state.pending[..<newline])))
          state.pending.removeSubrange(...newline)
          state.pendingLevel = rawLevel
        }
        // A message that never ends its line (a few of FFmpeg's do) is not held back for ever.
        if state.pending.utf8.count >= Int(capacity) {
          lines.append((state.pendingLevel, state.pending))
          state.pending = ""
        }
        return (sink, lines)
      }
    }
    guard let ready else { return }
    // Called outside the lock, so the sink may itself use FFmpegLog.
    for (level, line) in ready.lines where !line.isEmpty {
      ready.sink(Level(rawLevel: level), line)
    }
  }
}
