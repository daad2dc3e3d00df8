import Foundation

/// The work one frame may take: geometry after repeaters and modifiers, text glyphs, effect pixels, and wall
/// time. A file of a few hundred bytes can otherwise ask for billions of shapes (nested repeaters multiply) or
/// vertices (a zig-zag over a 10,000-point star), so each is checked where the work is decided, before
/// anything is allocated, and exceeding one fails the export with ``WorkLimitExceeded``.
///
/// The defaults are far above what real files need. Measured over the corpus (124 JSON files, 24 frames each
/// at their own size up to 1024 px, by `WorkBudgetCorpusTests` with `L2V_BUDGET_REPORT=1`, which checks 8 frames
/// at up to 512 px in the suite): at most 694 shapes drawn in one
/// frame (copies) and 7,382 vertices in one frame (both thorvg's ghost.json), 39 glyphs in one text layer,
/// 20.7 million pixel passes for one layer's effects at 1920x1080 (effect work grows with the output's area:
/// 4K is four times that), and 1.2 s for the slowest frame in a debug build. The defaults leave a factor of
/// 100 or more, but for copies (14: Cairo's cost of drawing overlapping shapes, about 0.3 ms a shape for
/// 10,000 stroked ellipses on top of each other at 64 px, sets that one) and the frame time (a last resort, a
/// factor of 50 over a debug build).
public struct WorkLimits: Sendable, Equatable {
  /// Shapes drawn in one frame, repeater copies included (`--limit copies=`).
  public var copies = 10_000
  /// Vertices drawn in one frame, after modifiers and repeaters (`--limit vertices=`).
  public var vertices = 5_000_000
  /// Dashes drawn in one frame: each dashed stroke's length over its pattern, times the dashes in the
  /// pattern (`--limit dashes=`).
  public var dashes = 1_000_000
  /// Glyphs in one text layer (`--limit glyphs=`).
  public var glyphs = 20_000
  /// One effect's work: pixels it covers times the passes it makes over them (`--limit effect-work=`).
  public var effectWork = 2_000_000_000
  /// Wall-clock seconds one frame may take, checked between layers (`--limit frame-time=`).
  public var frameSeconds = 60.0
  /// Steps one expression evaluation may take; a frame's evaluations together twenty times as many
  /// (`--limit expression-steps=`).
  public var expressionSteps = 1_000_000
  /// Bytes one expression evaluation may allocate; they are freed when it ends (`--limit expression-memory=`).
  public var expressionMemory = 16 << 20
  /// The input file, as errors name it.
  public var file: String? = nil

  public init() {}

  /// The defaults.
  public static let defaults = WorkLimits()
}

/// An export asked for more work than ``WorkLimits`` allow: names the file, the JSON path of the element and
/// the limit with its `--limit` name.
public struct WorkLimitExceeded: Error, Sendable, Equatable, CustomStringConvertible {
  /// The input file, or nil when unknown.
  public var file: String?
  /// The element that asks for the work.
  public var path: JSONPath
  /// What it asks for and the limit, e.g. "the repeaters here make 1000000000 copies; the limit is 10000
  /// (--limit copies=N)".
  public var message: String

  public init(file: String?, path: JSONPath, message: String) {
    self.file = file
    self.path = path
    self.message = message
  }

  public var description: String { (file.map { "\($0): " } ?? "") + "\(path): \(message)" }
}
