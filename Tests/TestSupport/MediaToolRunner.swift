import Foundation

/// Runs FFmpeg's command-line tools (`ffprobe`, `ffmpeg`) for tests, and synthesises test sounds.
///
/// The tools come with the `ffmpeg` package that `scripts/test` installs. A missing tool is an error that
/// fails the test with a clear message; a test never passes without the check it came for.
public enum MediaToolRunner {
  /// A tool could not be found or did not succeed.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
    /// Makes a failure with its message.
    public init(description: String) { self.description = description }
  }

  /// Runs `tool` (found on PATH) with `arguments`; returns its stdout, or throws with its stderr.
  public static func run(_ tool: String, _ arguments: [String]) throws -> Data {
    let executable = try locate(tool)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let standardOutput = Pipe()
    let standardError = Pipe()
    process.standardOutput = standardOutput
    process.standardError = standardError
    try process.run()
    // Read both pipes while the tool runs, so that neither can fill up and block it.
    let errorData = Handoff<Data>()
    let errorReader = Thread { errorData.set(standardError.fileHandleForReading.readDataToEndOfFile()) }
    errorReader.start()
    let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errors = errorData.waitForValue()
    guard process.terminationStatus == 0 else {
      throw Failure(
        description: "\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): "
          + String(decoding: errors, as: UTF8.self))
    }
    return output
  }

  /// The full path of `tool` on PATH, or a failure explaining how to install it.
  public static func locate(_ tool: String) throws -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(tool)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw Failure(
      description: "\(tool) is not on PATH; it is needed to check encoded videos. "
        + "Install it with `apt-get install ffmpeg` (scripts/test does this).")
  }

  // MARK: - Sound

  /// Every stream ffprobe reports in `path` (`-show_streams -of json`), as dictionaries.
  public static func streams(_ path: String) throws -> [[String: Any]] {
    let output = try run("ffprobe", ["-v", "error", "-show_streams", "-of", "json", path])
    guard let json = try JSONSerialization.jsonObject(with: output) as? [String: Any],
      let streams = json["streams"] as? [[String: Any]]
    else { throw Failure(description: "ffprobe printed no streams for \(path)") }
    return streams
  }

  /// The first audio stream ffprobe reports in `path`, or nil.
  public static func audioStream(_ path: String) throws -> [String: Any]? {
    try streams(path).first { $0["codec_type"] as? String == "audio" }
  }

  /// Decodes the audio of `path` with the `ffmpeg` binary to interleaved stereo 32-bit float at 48 kHz.
  public static func decodeAudio(_ path: String) throws -> [Float] {
    let data = try run("ffmpeg", ["-v", "error", "-i", path, "-vn", "-f", "f32le", "-ac", "2", "-ar", "48000", "-"])
    return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
  }

  /// A 16-bit PCM WAV file: `channels` channels at `sampleRate`, `seconds` long, silent until
  /// `startSeconds`, then a sine of `frequency` Hz at `amplitude` (of full scale).
  public static func toneWAV(
    sampleRate: Int = 48_000, channels: Int = 2, seconds: Double, startSeconds: Double = 0, frequency: Double = 440,
    amplitude: Double = 0.5
  ) -> [UInt8] {
    let frames = Int((seconds * Double(sampleRate)).rounded())
    let start = Int((startSeconds * Double(sampleRate)).rounded())
    var bytes: [UInt8] = []
    func append(_ value: UInt32, _ count: Int) {
      for i in 0..<count { bytes.append(UInt8((value >> (8 * UInt32(i))) & 0xFF)) }
    }
    let dataSize = frames * channels * 2
    bytes += Array("RIFF".utf8)
    append(UInt32(36 + dataSize), 4)
    bytes += Array("WAVEfmt ".utf8)
    append(16, 4)
    append(1, 2)  // PCM
    append(UInt32(channels), 2)
    append(UInt32(sampleRate), 4)
    append(UInt32(sampleRate * channels * 2), 4)
    append(UInt32(channels * 2), 2)
    append(16, 2)
    bytes += Array("data".utf8)
    append(UInt32(dataSize), 4)
    for frame in 0..<frames {
      let value =
        frame < start ? 0 : amplitude * sin(2 * Double.pi * frequency * Double(frame - start) / Double(sampleRate))
      let sample = UInt32(UInt16(bitPattern: Int16((value * 32_767).rounded())))
      for _ in 0..<channels { append(sample, 2) }
    }
    return bytes
  }

  /// The first sample frame of interleaved stereo `samples` whose left or right magnitude reaches
  /// `threshold`, or nil.
  public static func firstLoudFrame(_ samples: [Float], threshold: Float) -> Int? {
    samples.indices.first { abs(samples[$0]) >= threshold }.map { $0 / 2 }
  }

  /// The last such sample frame, or nil.
  public static func lastLoudFrame(_ samples: [Float], threshold: Float) -> Int? {
    samples.indices.last { abs(samples[$0]) >= threshold }.map { $0 / 2 }
  }

  /// A value handed from a reader thread to the waiting test, guarded by a condition lock.
  private final class Handoff<Value: Sendable>: @unchecked Sendable {
    // @unchecked: every access to `value` happens under `condition`.
    private let condition = NSCondition()
    private var value: Value?

    func set(_ newValue: Value) {
      condition.lock()
      value = newValue
      condition.signal()
      condition.unlock()
    }

    func waitForValue() -> Value {
      condition.lock()
      defer { condition.unlock() }
      while true {
        if let value { return value }
        condition.wait()
      }
    }
  }
}
