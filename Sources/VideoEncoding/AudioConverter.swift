import CFFmpeg

/// `abuffer → aformat (48 kHz, stereo, interleaved float) → abuffersink`, set up for one input format (a
/// decoded frame's sample rate, sample format and channel layout). libavfilter inserts the resampler
/// (libswresample) and up- or down-mixes channels. A stream whose format changes on the way (chained Ogg,
/// some MP3 and AAC streams) needs a new converter from there on: see ``accepts(_:)``.
final class AudioConverter {
  private let graph: FilterGraph
  private let source: UnsafeMutablePointer<AVFilterContext>
  private let sink: UnsafeMutablePointer<AVFilterContext>
  /// The input format it was set up for.
  private let sampleRate: Int32
  private let sampleFormat: Int32
  private var layout = AVChannelLayout()

  /// Sets up the graph for frames like `frame`, stamped in `timeBase` (the stream's).
  init(input frame: UnsafeMutablePointer<AVFrame>, timeBase: AVRational) throws {
    let graph = try FilterGraph()
    let rate = frame.pointee.sample_rate
    guard rate > 0 else {
      throw VideoEncodingError.ffmpeg(
        function: "avcodec_receive_frame", code: CFFmpeg_AVERROR_EINVAL, message: "the decoder gave no sample rate")
    }
    let format =
      av_get_sample_fmt_name(AVSampleFormat(rawValue: frame.pointee.format)).map { String(cString: $0) } ?? "flt"
    let layoutName = Self.layoutDescription(frame.pointee.ch_layout)
    let timeBase = timeBase.num > 0 && timeBase.den > 0 ? timeBase : AVRational(num: 1, den: rate)
    let source = try graph.add(
      "abuffer", name: "decoded",
      options:
        "time_base=\(timeBase.num)/\(timeBase.den):sample_rate=\(rate):sample_fmt=\(format):channel_layout=\(layoutName)"
    )
    let aformat = try graph.add(
      "aformat", name: "format",
      options: "sample_fmts=flt:sample_rates=\(AudioFormat.sampleRate):channel_layouts=stereo")
    let sink = try graph.add("abuffersink", name: "converted")
    try graph.link(source, to: aformat)
    try graph.link(aformat, to: sink)
    try graph.configure()
    self.graph = graph
    self.source = source
    self.sink = sink
    sampleRate = rate
    sampleFormat = frame.pointee.format
    try check(av_channel_layout_copy(&layout, &frame.pointee.ch_layout), "av_channel_layout_copy")
  }

  deinit {
    av_channel_layout_uninit(&layout)
  }

  /// Whether `frame` has the format this converter was set up for.
  func accepts(_ frame: UnsafeMutablePointer<AVFrame>) -> Bool {
    frame.pointee.sample_rate == sampleRate && frame.pointee.format == sampleFormat
      && av_channel_layout_compare(&layout, &frame.pointee.ch_layout) == 0
  }

  /// Feeds a decoded frame (`nil`: the end).
  func push(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
    try FilterGraph.push(frame, into: source)
  }

  /// Takes the next converted frame; `false` when more input is needed.
  func pull(into frame: UnsafeMutablePointer<AVFrame>) throws -> Bool {
    try FilterGraph.pull(from: sink, into: frame)
  }

  /// A layout name abuffer accepts: the layout's own ("stereo", "5.1"), or the default layout for its
  /// channel count when the file only says how many channels it has.
  private static func layoutDescription(_ layout: AVChannelLayout) -> String {
    var layout = layout
    var owned = AVChannelLayout()
    defer { av_channel_layout_uninit(&owned) }
    if layout.order == AV_CHANNEL_ORDER_UNSPEC {
      av_channel_layout_default(&owned, max(1, layout.nb_channels))
      layout = owned
    }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer in
      guard let base = buffer.baseAddress, av_channel_layout_describe(&layout, base, 128) > 0 else { return "stereo" }
      return String(cString: base)
    }
  }
}
