import CFFmpeg
import Raster

/// Encodes a sequence of frames into an H.264 video in an MP4 (`.mp4`, `.m4v`) or QuickTime (`.mov`) file.
///
/// The video is libx264 at the settings' CRF and preset, `yuv420p`, tagged BT.709 with limited range, with
/// the index at the front of the file (`+faststart`) so it plays while downloading. Frame `n` is shown at
/// `n / fps` seconds and the video lasts exactly `framesWritten / fps` seconds.
///
/// The encoder writes to a temporary file next to the output, `.<name>.partial-<pid>.<ext>`, and renames it
/// over `outputPath` only when ``finish()`` succeeds, so the output is either complete or untouched.
/// ``cancel()``, a failure, or releasing an unfinished encoder deletes the temporary file.
///
/// Odd sizes: yuv420p needs an even width and height, so a frame with an odd side is padded to the next
/// even size by repeating its last column and/or row. ``codedSize`` is the padded size, which is what players
/// and ffprobe report.
///
/// An encoder is not `Sendable`: create it, append frames in order and finish it on one serial queue.
public final class VideoEncoder {
  // MARK: - Lifecycle

  private enum State {
    case open
    case finished
    case cancelled
  }

  /// The settings this encoder was created with.
  public let settings: EncoderSettings
  /// The path the finished video is renamed to.
  public let outputPath: String

  /// The number of frames accepted by ``append(_:)`` so far; after ``finish()``, the frames in the file.
  public private(set) var framesWritten = 0

  /// The size of the encoded pictures: the settings' size rounded up to even numbers, padded by repeating
  /// the last column and/or row (yuv420p has one chroma sample per 2x2 block).
  public var codedSize: (width: Int, height: Int) { settings.codedSize }

  private let partialFile: PartialFile
  private let muxer: Muxer
  private let codec: H264Codec
  private let converter: PixelConverter
  private let picture: FrameStorage
  private let packet: PacketStorage
  private var state = State.open

  /// Creates the temporary file, opens the encoder and writes the container header.
  ///
  /// - Throws: ``VideoEncodingError/invalidSettings(_:)`` for bad settings or an unknown extension,
  ///   ``VideoEncodingError/encoderMissing(name:package:)`` when FFmpeg lacks libx264,
  ///   ``VideoEncodingError/io(path:message:)`` naming `outputPath` when the file cannot be created, and
  ///   ``VideoEncodingError/ffmpeg(function:code:message:)`` for other FFmpeg failures.
  public init(outputPath: String, settings: EncoderSettings) throws {
    try settings.validate()
    let container = try ContainerFormat(outputPath: outputPath)
    FFmpegLog.applyDefaultLevel()
    let coded = settings.codedSize

    // Each object below frees its C resources (and the partial file deletes itself) if a later step throws.
    let partialFile = try PartialFile(outputPath: outputPath)
    let muxer = try Muxer(formatName: container.muxerName, path: partialFile.path)
    // Create the file first, so that an unwritable output fails before x264 is set up.
    do {
      try muxer.openFile()
    } catch VideoEncodingError.ffmpeg(_, _, let message) {
      throw VideoEncodingError.io(
        path: outputPath, message: "cannot create the temporary file \(partialFile.path): \(message)")
    }
    let codec = try H264Codec(settings: settings, globalHeader: muxer.wantsGlobalHeader)
    try muxer.addVideoStream(from: codec)
    // +faststart: write the index (moov) before the media data, so playback can start while downloading.
    try muxer.writeHeader(options: [("movflags", "+faststart")])

    self.settings = settings
    self.outputPath = outputPath
    self.partialFile = partialFile
    self.muxer = muxer
    self.codec = codec
    self.converter = try PixelConverter(
      width: settings.width, height: settings.height, codedWidth: coded.width, codedHeight: coded.height,
      threads: settings.threads)
    self.picture = try FrameStorage(format: AV_PIX_FMT_YUV420P, width: coded.width, height: coded.height)
    self.packet = try PacketStorage()
  }

  deinit {
    cancel()
  }

  // MARK: - Encoding

  /// Encodes the next frame.
  ///
  /// The buffer must have the settings' width and height. It is read as opaque BGRA: alpha is ignored, so
  /// the caller composites any background first.
  ///
  /// - Throws: ``VideoEncodingError/frameSizeMismatch(expectedWidth:expectedHeight:width:height:)`` (the
  ///   encoder stays usable), ``VideoEncodingError/invalidState(_:)`` after ``finish()`` or ``cancel()``,
  ///   or an FFmpeg error, after which the encoder is cancelled and its temporary file deleted.
  public func append(_ frame: PixelBuffer) throws {
    try requireOpen("append(_:)")
    guard frame.width == settings.width, frame.height == settings.height else {
      throw VideoEncodingError.frameSizeMismatch(
        expectedWidth: settings.width, expectedHeight: settings.height, width: frame.width, height: frame.height)
    }
    do {
      // 1. Make the reused picture writable (a no-op unless the encoder still holds a reference to it).
      try check(av_frame_make_writable(picture.frame), "av_frame_make_writable")
      // 2. Convert BGRA to yuv420p in place.
      try converter.convert(frame, into: picture.frame)
      // 3. Number the frame: the codec time base is one tick per frame.
      picture.frame.pointee.pts = Int64(framesWritten)
      // 4. Encode it and write whatever packets the encoder has ready.
      try codec.send(picture.frame)
      try writeReadyPackets()
      framesWritten += 1
    } catch {
      cancel()
      throw error
    }
  }

  /// Flushes the encoder, writes the trailer, closes the file and renames it over ``outputPath``.
  ///
  /// On failure the temporary file is deleted and the output is left as it was.
  ///
  /// - Throws: ``VideoEncodingError/invalidState(_:)`` when no frame was appended or the encoder is closed,
  ///   ``VideoEncodingError/io(path:message:)`` when the rename fails, or an FFmpeg error.
  public func finish() throws {
    try requireOpen("finish()")
    do {
      guard framesWritten > 0 else {
        throw VideoEncodingError.invalidState("finish() called before any frame was appended")
      }
      // 1. Drain the encoder: x264 holds frames back for lookahead and B-frames.
      try codec.send(nil)
      try writeReadyPackets()
      // 2. Write the trailer (with faststart, this rewrites the file with the index first) and close it.
      try muxer.finish()
      // 3. Atomically replace the output.
      try partialFile.commit()
      state = .finished
    } catch {
      cancel()
      throw error
    }
  }

  /// Stops encoding and deletes the temporary file; the output path is not touched.
  ///
  /// Does nothing after a successful ``finish()`` or a previous cancel. Also done when an unfinished
  /// encoder is released.
  public func cancel() {
    guard state == .open else { return }
    state = .cancelled
    muxer.close()
    partialFile.discard()
  }

  // MARK: - Private

  private func requireOpen(_ operation: String) throws {
    switch state {
    case .open: return
    case .finished: throw VideoEncodingError.invalidState("\(operation) called after finish()")
    case .cancelled: throw VideoEncodingError.invalidState("\(operation) called after the encoder was cancelled")
    }
  }

  /// Moves every packet the encoder has ready into the muxer.
  private func writeReadyPackets() throws {
    let packet = self.packet.packet
    while try codec.receive(into: packet) {
      // libx264 (FFmpeg 5.1) leaves duration 0. The muxer would then guess it from the stream's frame rate
      // (set in Muxer.addVideoStream); without either, the last frame has no length, the duration comes out
      // one frame short and the average frame rate wrong. Set it here: one frame is one tick.
      if packet.pointee.duration == 0 {
        packet.pointee.duration = 1
      }
      packet.pointee.stream_index = muxer.streamIndex
      // The muxer chose its own time base in avformat_write_header (e.g. 1/15360 for 30 fps MP4).
      av_packet_rescale_ts(packet, codec.timeBase, muxer.streamTimeBase)
      try muxer.write(packet)
    }
  }
}
