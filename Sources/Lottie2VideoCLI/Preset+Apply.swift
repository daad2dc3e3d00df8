import CairoRendering
import Lottie
import VideoEncoding

/// What a preset fills in: everything the command line left unset (`given` holds the canonical names of the
/// options the user typed; those win).
extension Preset {
  /// Size, placement, frame rate and length (export and render).
  func apply(size: inout SizeOptions, timing: inout TimingOptions, given: Set<String>) {
    func isGiven(_ option: OptionSpec) -> Bool { given.contains(option.name) }
    // Size: both sides are the base size; a single side applies only when no size option is given.
    if let w = width, let h = height {
      size.baseSize = OutputSize(width: w, height: h)
    } else if ![OptionTable.width.spec, OptionTable.height.spec, OptionTable.scale.spec, OptionTable.size.spec]
      .contains(where: isGiven)
    {
      if let w = width { size.width = w }
      if let h = height { size.height = h }
    }
    if !isGiven(OptionTable.fps.spec) {
      if let fps { timing.fps = fps }
      timing.maxFps = maxFps
    }
    if !isGiven(OptionTable.duration.spec) { timing.maxDuration = maxDuration }
    if !isGiven(OptionTable.background.spec), let bg = background { size.background = ColorParser.parse(bg) }
    if !isGiven(OptionTable.fit.spec), let fit = fit.flatMap(FitMode.init(rawValue:)) { size.fit = fit }
    if !isGiven(OptionTable.padding.spec), let padding { size.padding = padding }
  }

  /// Codec and encoder settings (export).
  func apply(encoding: inout EncodingOptions, given: Set<String>) {
    func isGiven(_ option: OptionSpec) -> Bool { given.contains(option.name) }
    if !isGiven(OptionTable.codec.spec), let codec = codec.flatMap({ Preset.codecByName[$0] }) {
      encoding.codec = codec
    }
    if !isGiven(OptionTable.crf.spec), let crf {
      encoding.crf = crf
      encoding.isCRFChosen = true
    }
    if !isGiven(OptionTable.codecPreset.spec), let codecPreset { encoding.codecPreset = codecPreset }
    if !isGiven(OptionTable.bitrate.spec), let bitrate { encoding.bitrate = bitrate }
    if !isGiven(OptionTable.pixelFormat.spec), let format = pixelFormat.flatMap(ChromaFormat.init(rawValue:)) {
      encoding.pixelFormat = format
    }
    if !isGiven(OptionTable.quality.spec), let quality { encoding.quality = quality }
    if !isGiven(OptionTable.lossless.spec), let lossless { encoding.lossless = lossless }
    if !isGiven(OptionTable.loop.spec), let loop { encoding.loop = loop }
    if !isGiven(OptionTable.dither.spec), let dither = dither.flatMap(GIFOptions.Dither.init(rawValue:)) {
      encoding.dither = dither
    }
    if !isGiven(OptionTable.gifPalette.spec), let palette = gifPalette.flatMap(GIFOptions.Palette.init(rawValue:)) {
      encoding.gifPalette = palette
    }
  }

  /// Sound (export). A soundtrack given with --audio replaces the preset's, with its own offset and loop.
  func apply(sound: inout SoundOptions, given: Set<String>) {
    func isGiven(_ option: OptionSpec) -> Bool { given.contains(option.name) }
    if !isGiven(OptionTable.audio.spec), let audio {
      sound.soundtrack = audio
      if !isGiven(OptionTable.audioOffset.spec) { sound.offset = audioOffset }
      if !isGiven(OptionTable.audioLoop.spec), let audioLoop { sound.loops = audioLoop }
    }
    if !isGiven(OptionTable.noAudio.spec), let noAudio { sound.dropsAnimationAudio = noAudio }
    if !isGiven(OptionTable.audioBitrate.spec), let audioBitrate { sound.bitrate = audioBitrate }
  }
}
