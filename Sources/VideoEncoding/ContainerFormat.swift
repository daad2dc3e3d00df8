/// The containers H.264 output can go in, chosen from the output file's extension.
enum ContainerFormat: String {
  case mp4
  /// Apple's `.m4v`: FFmpeg's `ipod` muxer (an MP4 variant), which is what `av_guess_format` picks for it.
  case m4v = "ipod"
  case mov

  /// The container for `path`'s extension (case-insensitive); throws for any other extension.
  init(outputPath path: String) throws {
    let fileName = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    let fileExtension = fileName.lastIndex(of: ".").map { fileName[fileName.index(after: $0)...].lowercased() }
    switch fileExtension {
    case "mp4": self = .mp4
    case "m4v": self = .m4v
    case "mov": self = .mov
    default:
      throw VideoEncodingError.invalidSettings(
        "\(path): the output must end in .mp4, .m4v or .mov to hold H.264 video")
    }
  }

  /// The muxer name for `avformat_alloc_output_context2`.
  var muxerName: String { rawValue }
}
