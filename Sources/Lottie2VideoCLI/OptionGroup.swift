/// Options that go together, as swift-argument-parser's `@OptionGroup`: a command lists the groups it takes
/// (``CommandSpec/groups``), and an option belongs to the commands whose groups hold it.
struct OptionGroup: Sendable {
  let options: [OptionSpec]

  init(_ options: OptionSpec...) { self.options = options }
}

extension OptionGroup {
  /// `-o`: the file a command writes.
  static let output = OptionGroup(OptionTable.output.spec)
  /// A preset, the frame rate, the workers and which part of the animation plays how (export, render).
  static let playback = OptionGroup(
    OptionTable.preset.spec, OptionTable.fps.spec, OptionTable.jobs.spec, OptionTable.maxFrames.spec,
    OptionTable.progress.spec, OptionTable.marker.spec, OptionTable.speed.spec, OptionTable.repeatCount.spec,
    OptionTable.bounce.spec, OptionTable.duration.spec)
  /// `--frames a-b` (export, render, sheet).
  static let segment = OptionGroup(OptionTable.frames.spec)
  /// Keypaths, slots, images and themes: every command that loads an animation.
  static let templating = OptionGroup(
    OptionTable.setKeypath.spec, OptionTable.slot.spec, OptionTable.image.spec, OptionTable.theme.spec)
  /// Where external files come from, which animation of an archive, the limits: every command that loads one.
  static let input = OptionGroup(
    OptionTable.assets.spec, OptionTable.fonts.spec, OptionTable.allowExternalPaths.spec, OptionTable.animation.spec,
    OptionTable.limit.spec)
  /// The width and the background: every command that draws.
  static let canvas = OptionGroup(OptionTable.width.spec, OptionTable.background.spec)
  /// The rest of the size and placement (export, snapshot, render).
  static let placement = OptionGroup(
    OptionTable.size.spec, OptionTable.height.spec, OptionTable.scale.spec, OptionTable.fit.spec,
    OptionTable.textFit.spec, OptionTable.padding.spec)
  /// The container, the codec and its settings, the poster (export).
  static let encoding = OptionGroup(
    OptionTable.format.spec, OptionTable.codec.spec, OptionTable.crf.spec, OptionTable.bitrate.spec,
    OptionTable.pixelFormat.spec, OptionTable.quality.spec, OptionTable.lossless.spec, OptionTable.codecPreset.spec,
    OptionTable.loop.spec, OptionTable.dither.spec, OptionTable.gifPalette.spec, OptionTable.poster.spec,
    OptionTable.posterFrame.spec)
  /// The soundtrack and the audio (export).
  static let sound = OptionGroup(
    OptionTable.audio.spec, OptionTable.audioOffset.spec, OptionTable.audioLoop.spec, OptionTable.noAudio.spec,
    OptionTable.audioBitrate.spec)
  /// Data runs and batches (export).
  static let batch = OptionGroup(
    OptionTable.data.spec, OptionTable.dataIgnore.spec, OptionTable.recursive.spec, OptionTable.skipExisting.spec,
    OptionTable.report.spec,
    OptionTable.shard.spec)
}
