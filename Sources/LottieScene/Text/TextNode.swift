import Lottie

/// A text layer's content as a scene node: its document, grouping alignment and text path as tracks, its
/// animators as nodes of their own, and a version that changes whenever any of them changes.
///
/// The layout (shaping, lines, each character's place and paints: `TextLayout`) depends only on these
/// values, so the renderer keeps it on the node (``cached(_:)``) and makes it again only when the version
/// moves: static text is laid out once.
package final class TextNode {
  // Stored state marked `@exclusivity(unchecked)`: see "Exclusivity" at `AnimationScene`.
  /// The document (`t.d`): text, font, size, paints, justification, box. Documents hold, never blend.
  @exclusivity(unchecked) private var documentTrack: Track<TextDocument>
  /// The anchor grouping alignment (`t.m.a`), in percent of the group's width and of the line's height.
  @exclusivity(unchecked) private var alignmentTrack: Track<Vec2>
  /// What the animators' anchor points group (`t.m.g`).
  package let grouping: TextGrouping
  /// The animators (`t.a`), in order.
  package let animators: [TextAnimatorNode]
  /// The text path (`t.p`), when the text follows a mask's path.
  package let path: TextPathNode?
  /// Whether anything here can change from frame to frame.
  package let isAnimated: Bool
  /// Changes whenever the document, alignment, an animator or the path changed.
  @exclusivity(unchecked) package private(set) var version: UInt64

  private let clock: SceneClock
  /// What a module above derived from the values at `version` (see ``cached(_:)``).
  @exclusivity(unchecked) private var kept: (version: UInt64, value: Any)?

  /// The node for `text`. The document's expression (`sourceText`) is evaluated in the composition's scope and
  /// the text laid out again when its value changes; other text properties as the model evaluates them.
  init(_ text: TextLayer, context: BuildContext) {
    documentTrack = Track(text.document, scope: context.scope)
    alignmentTrack = Track(text.alignment)
    grouping = text.grouping
    animators = text.animators.map(TextAnimatorNode.init)
    path = text.path.map(TextPathNode.init)
    isAnimated =
      documentTrack.isAnimated || alignmentTrack.isAnimated || animators.contains { $0.isAnimated }
      || (path?.isAnimated ?? false)
    clock = context.clock
    version = context.clock.next()
  }

  /// The document at the last update.
  package var document: TextDocument { documentTrack.value }
  /// The grouping alignment at the last update.
  package var alignment: Vec2 { alignmentTrack.value }

  /// Brings every track to `frame`; true (and a new version) when anything changed.
  @discardableResult
  package func update(at frame: Double) -> Bool {
    guard isAnimated else { return false }
    var changed = documentTrack.update(at: frame)
    if alignmentTrack.update(at: frame) { changed = true }
    for animator in animators where animator.update(at: frame) { changed = true }
    if let path, path.update(at: frame) { changed = true }
    if changed { version = clock.next() }
    return changed
  }

  /// The value `make` derives from this node's current values, made once per version and kept: the
  /// renderer keeps the text's layout here, which a scene cannot make (it sees no fonts). One slot: a scene
  /// belongs to one worker, whose one shaper fills it.
  package func cached<Value>(_ make: () -> Value) -> Value {
    if let kept, kept.version == version, let value = kept.value as? Value { return value }
    let made = make()
    kept = (version, made)
    return made
  }
}

/// A text path (`t.p`): the mask path the text follows and its options, as tracks.
package final class TextPathNode {
  @exclusivity(unchecked) private var pathTrack: Track<BezierPath>
  @exclusivity(unchecked) private var reversedTrack: Track<Double>
  @exclusivity(unchecked) private var firstMarginTrack: Track<Double>
  @exclusivity(unchecked) private var forceAlignmentTrack: Track<Double>
  @exclusivity(unchecked) private var perpendicularTrack: Track<Double>
  /// Whether any option can change (the last margin is not applied, as lottie-web ignores it).
  package let isAnimated: Bool

  init(_ path: TextPath) {
    pathTrack = Track(path.path)
    reversedTrack = Track(path.reversed)
    firstMarginTrack = Track(path.firstMargin)
    forceAlignmentTrack = Track(path.forceAlignment)
    perpendicularTrack = Track(path.perpendicular)
    isAnimated =
      pathTrack.isAnimated || reversedTrack.isAnimated || firstMarginTrack.isAnimated
      || forceAlignmentTrack.isAnimated || perpendicularTrack.isAnimated
  }

  /// The mask's path (layer space).
  package var path: BezierPath { pathTrack.value }
  /// Whether the text runs the other way along it.
  package var isReversed: Bool { reversedTrack.value != 0 }
  /// Where the first line starts along the path.
  package var firstMargin: Double { firstMarginTrack.value }
  /// Whether the groups spread evenly over the whole path.
  package var forceAlignment: Bool { forceAlignmentTrack.value != 0 }
  /// Whether characters turn to the path's direction.
  package var isPerpendicular: Bool { perpendicularTrack.value != 0 }

  /// Brings the options to `frame`; true when any changed.
  func update(at frame: Double) -> Bool {
    guard isAnimated else { return false }
    var changed = pathTrack.update(at: frame)
    if reversedTrack.update(at: frame) { changed = true }
    if firstMarginTrack.update(at: frame) { changed = true }
    if forceAlignmentTrack.update(at: frame) { changed = true }
    if perpendicularTrack.update(at: frame) { changed = true }
    return changed
  }
}
