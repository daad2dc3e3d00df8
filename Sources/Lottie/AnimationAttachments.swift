import Locking

/// State that another module keeps for one loaded animation, shared by every copy of that `Animation` value
/// (it is a class, and an animation is made once per load).
///
/// CairoRendering keeps here the fonts the animation brought along (its archive's fonts, `fPath` data and
/// files: see `FontLibrary.prepare`), so that those fonts serve this animation and no other: in a batch,
/// file B is drawn exactly as it would be alone, whatever file A brought before it.
public final class AnimationAttachments: Sendable {
  private let fontsSlot = Locked<(any Sendable)?>(nil)

  /// Makes an empty set of attachments.
  public init() {}

  /// The renderer's font set for this animation; nil until fonts are prepared for it.
  public var fonts: (any Sendable)? {
    get { fontsSlot.withLock { $0 } }
    set {
      // The old value is released after the lock (its deinit may take other locks).
      let old = fontsSlot.withLock { slot in
        defer { slot = newValue }
        return slot
      }
      _ = old
    }
  }
}
