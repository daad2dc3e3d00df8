import TextLayout

/// What a renderer draws an animation with besides the animation itself, prepared once by the pipeline and
/// shared by every worker: the decoded images (see `SharedImages`) and the fonts (see `FontLibrary.prepare`:
/// the system's fonts and those the animation brought, for it alone).
public struct RenderResources: Sendable {
  public var images: SharedImages
  public var fonts: FontSet

  /// Resources of `images` and `fonts`; none at all draws with the system's fonts and no images.
  public init(images: SharedImages = .none, fonts: FontSet = .shared) {
    self.images = images
    self.fonts = fonts
  }
}
