import CFFmpeg

/// Owns a libavfilter graph and the filters in it (the graph frees them together).
///
/// Used for GIF: swscale cannot make palettised pictures, so the palette comes from `palettegen` and the
/// mapping from `paletteuse`.
final class FilterGraph {
  private let graph: UnsafeMutablePointer<AVFilterGraph>

  /// Allocates an empty graph.
  init() throws {
    graph = try allocated(avfilter_graph_alloc(), "avfilter_graph_alloc")
  }

  deinit {
    var pointer: UnsafeMutablePointer<AVFilterGraph>? = graph
    avfilter_graph_free(&pointer)
  }

  /// Adds an instance of the filter `filterName` called `name`, with options in FFmpeg's `key=value:...`
  /// syntax; an unknown option or value throws.
  func add(_ filterName: String, name: String, options: String? = nil) throws -> UnsafeMutablePointer<AVFilterContext> {
    guard let filter = avfilter_get_by_name(filterName) else {
      throw VideoEncodingError.ffmpeg(
        function: "avfilter_get_by_name", code: CFFmpeg_AVERROR_EINVAL,
        message: "this FFmpeg has no '\(filterName)' filter (libavfilter built without it)")
    }
    var context: UnsafeMutablePointer<AVFilterContext>?
    try check(
      avfilter_graph_create_filter(&context, filter, name, options, nil, graph),
      "avfilter_graph_create_filter(\(filterName)=\(options ?? ""))")
    return try allocated(context, "avfilter_graph_create_filter")
  }

  /// Adds a `buffer` source that accepts frames of the given size and format, timed in `timeBase`.
  func addSource(
    name: String, width: Int, height: Int, format: AVPixelFormat, timeBase: AVRational
  ) throws -> UnsafeMutablePointer<AVFilterContext> {
    try add(
      "buffer", name: name,
      options: "video_size=\(width)x\(height):pix_fmt=\(format.rawValue):"
        + "time_base=\(timeBase.num)/\(timeBase.den):pixel_aspect=1/1")
  }

  /// Connects output pad `outputPad` of `source` to input pad `inputPad` of `destination`.
  func link(
    _ source: UnsafeMutablePointer<AVFilterContext>, _ outputPad: UInt32 = 0,
    to destination: UnsafeMutablePointer<AVFilterContext>, _ inputPad: UInt32 = 0
  ) throws {
    try check(avfilter_link(source, outputPad, destination, inputPad), "avfilter_link")
  }

  /// Checks the links and negotiates formats; call once, after every filter is added and linked.
  func configure() throws {
    try check(avfilter_graph_config(graph, nil), "avfilter_graph_config")
  }

  /// Feeds `frame` to the `buffer` source `source` and runs the filters on it now, keeping the caller's
  /// reference (the frame stays usable; make it writable before changing it). `nil` marks the end of that
  /// input.
  ///
  /// Without `AV_BUFFERSRC_FLAG_PUSH` the frame would only be queued on the source's output link until
  /// something asks the sink for a frame: palettegen's pass, which asks once at the end, then held every
  /// frame of the clip in memory (8 MB each at 1080p).
  static func push(_ frame: UnsafeMutablePointer<AVFrame>?, into source: UnsafeMutablePointer<AVFilterContext>)
    throws
  {
    let flags = Int32(AV_BUFFERSRC_FLAG_KEEP_REF) | Int32(AV_BUFFERSRC_FLAG_PUSH)
    try check(av_buffersrc_add_frame_flags(source, frame, flags), "av_buffersrc_add_frame_flags")
  }

  /// Moves the next output frame of the `buffersink` `sink` into `frame` (which must be blank); returns
  /// `false` when the graph needs more input or has finished.
  static func pull(from sink: UnsafeMutablePointer<AVFilterContext>, into frame: UnsafeMutablePointer<AVFrame>)
    throws -> Bool
  {
    let status = av_buffersink_get_frame(sink, frame)
    if status == CFFmpeg_AVERROR_EAGAIN || status == CFFmpeg_AVERROR_EOF { return false }
    try check(status, "av_buffersink_get_frame")
    return true
  }
}
