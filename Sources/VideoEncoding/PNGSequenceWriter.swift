import CFFmpeg
import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one PNG per frame, named from a printf-style pattern (`frames/%05d.png`: frame 0 is `00000.png`).
///
/// Each picture is encoded by FFmpeg's png encoder (`rgba` straight alpha, or `rgb24` when alpha is not
/// kept) and written into a registered temporary folder next to the frames (``PartialFile``,
/// `.<pattern>.partial-<pid>.png/`); ``finish(frameCount:)`` moves them all to their names (one `rename(2)`
/// each) and removes the folder. So a cancel, a failure, Ctrl-C (``PartialFiles/removeAll()`` deletes the
/// folder) or a kill (the next run sweeps the folder) leaves neither a partial sequence nor a damaged
/// earlier one: the frames of a previous export with the same names are replaced only when this one is
/// complete. Files numbered beyond this run's frames are left alone.
///
/// Why a folder rather than deleting the frames written so far on a cancel: a cancelled re-export would
/// then destroy the complete sequence it was replacing, and a killed one would leave frames that no later
/// run can tell from the user's.
final class PNGSequenceWriter: FrameWriter {
  let codedSize: (width: Int, height: Int)
  private let outputPath: String
  private let directory: String
  private let pattern: FrameNumberPattern
  private let codec: CodecSession
  private let converter: PixelConverter
  private let picture: FrameStorage
  private let packet: PacketStorage
  /// The folder the frames are written to until the sequence is finished.
  private let folder: PartialFile
  /// The file names written so far, in the folder.
  private var written: [String] = []
  private var isFinished = false

  init(settings: EncoderSettings, outputPath: String) throws {
    let slash = outputPath.lastIndex(of: "/")
    let directory = slash.map { String(outputPath[...$0]) } ?? ""
    let fileName = slash.map { String(outputPath[outputPath.index(after: $0)...]) } ?? outputPath
    guard let pattern = FrameNumberPattern(fileName: fileName) else {
      throw VideoEncodingError.invalidSettings(
        "\(outputPath): a PNG sequence needs one frame-number pattern such as %05d in the file name")
    }
    // Fail before rendering when the pictures cannot be created.
    guard access(directory.isEmpty ? "." : directory, W_OK) == 0 else {
      throw VideoEncodingError.io(
        path: outputPath,
        message: "cannot write in \(directory.isEmpty ? "." : directory): "
          + String(cString: strerror(errno)))
    }
    let keepsAlpha = settings.alpha
    let pixelFormat = CodecSession.pixelFormat(for: .png, settings: settings)
    let rate = settings.frameRate
    codec = try CodecSession(
      codec: .png, settings: settings, pixelFormat: pixelFormat, width: settings.width, height: settings.height,
      timeBase: AVRational(num: Int32(rate.denominator), den: Int32(rate.numerator)), globalHeader: false)
    converter = try PixelConverter(
      width: settings.width, height: settings.height, codedWidth: settings.width, codedHeight: settings.height,
      format: pixelFormat, unpremultiply: keepsAlpha, threads: settings.threads)
    picture = try FrameStorage(format: pixelFormat, width: settings.width, height: settings.height)
    packet = try PacketStorage()
    folder = try PartialFile(outputPath: outputPath, kind: .folder)
    codedSize = (settings.width, settings.height)
    self.outputPath = outputPath
    self.directory = directory
    self.pattern = pattern
  }

  deinit {
    close()
  }

  func append(_ frame: PixelBuffer, index: Int) throws {
    try check(av_frame_make_writable(picture.frame), "av_frame_make_writable")
    try converter.convert(frame, into: picture.frame)
    picture.frame.pointee.pts = Int64(index)
    try codec.send(picture.frame)
    try writeReadyPictures()
  }

  func finish(frameCount: Int) throws {
    try codec.send(nil)
    try writeReadyPictures()
    guard written.count == frameCount else {
      throw VideoEncodingError.ffmpeg(
        function: "avcodec_receive_packet", code: CFFmpeg_AVERROR_EINVAL,
        message: "the PNG encoder gave \(written.count) pictures for \(frameCount) frames")
    }
    // Every frame is complete: move them to their names, then drop the folder.
    for name in written {
      guard rename(folder.path + "/" + name, directory + name) == 0 else {
        PartialFiles.waitIfInterrupted()
        throw VideoEncodingError.io(
          path: directory + name,
          message: "cannot move the frame from \(folder.path): \(String(cString: strerror(errno)))")
      }
    }
    try folder.commit()
    isFinished = true
  }

  func close() {
    guard !isFinished else { return }
    isFinished = true
    folder.discard()
    written = []
  }

  /// Writes each encoded picture to its own file; picture `n` is frame `n` (the encoder keeps the order).
  private func writeReadyPictures() throws {
    let packet = self.packet.packet
    while try codec.receive(into: packet) {
      defer { av_packet_unref(packet) }
      let name = pattern.fileName(for: written.count)
      let path = folder.path + "/" + name
      // After Ctrl-C the handler is deleting the folder: add nothing to it.
      PartialFiles.waitIfInterrupted()
      guard let stream = fopen(path, "wb") else {
        // After Ctrl-C the folder is gone: the handler is exiting, do not race it with an error.
        PartialFiles.waitIfInterrupted()
        throw VideoEncodingError.io(
          path: directory + name, message: "cannot create \(path): \(String(cString: strerror(errno)))")
      }
      let size = Int(packet.pointee.size)
      let wrote = packet.pointee.data.map { fwrite($0, 1, size, stream) } ?? 0
      let closed = fclose(stream)
      guard wrote == size, closed == 0 else {
        PartialFiles.waitIfInterrupted()
        throw VideoEncodingError.io(
          path: directory + name, message: "cannot write \(path): \(String(cString: strerror(errno)))")
      }
      written.append(name)
    }
  }
}
