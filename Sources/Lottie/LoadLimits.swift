/// Bounds that keep hostile or broken input from taking unbounded time or memory.
/// Every limit has a documented default (docs/security.md, "Limits"); library callers can raise them.
public struct LoadLimits: Sendable {
  /// Largest input file, in bytes (after decompression).
  public var maxFileBytes: Int = 256 << 20
  /// Largest canvas side, in pixels.
  public var maxCanvasSide: Double = 16384
  /// Most frames in the root composition (`op - ip`).
  public var maxFrames: Double = 1_000_000
  /// Most layers in the whole file, precomps included.
  public var maxLayers: Int = 20_000
  /// Deepest precomp nesting.
  public var maxPrecompDepth: Int = 64
  /// Deepest JSON nesting.
  public var maxJSONDepth: Int = 512
  /// Most layers drawn in a frame once every precomp use is expanded (a precomp used 10 times counts its
  /// layers 10 times): a small file can nest precomps into millions of layers.
  public var maxLayerInstances: Int = 250_000

  /// The defaults.
  public init() {}
}

extension LoadLimits {
  /// The end of a limit error: the command line's `--limit` option that raises it, with the value that would
  /// let this file through.
  package static func hint(_ option: String, needed: Double) -> String {
    let value = needed.isFinite && needed < 1e15 ? String(needed.rounded(.up).clampedInt(0...Int.max)) : "none"
    return " (--limit \(option)=\(value) allows it)"
  }

  /// The end of a limit error whose passing value is not known (counting stopped at the limit).
  package static func hint(_ option: String, _ unit: String) -> String { " (raise it with --limit \(option)=\(unit))" }
}
