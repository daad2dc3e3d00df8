import CFFmpeg
import Raster

/// Encodes a sequence of frames into a video file: MP4/M4V (H.264, H.265, AV1), MOV (ProRes, H.264, H.265),
/// WebM (VP9, AV1), GIF, animated WebP, APNG, a PNG sequence, or a Y4M / raw RGBA stream (to a file or
/// standard output), chosen by the output path's extension (``OutputFormat/from(path:)``) or an explicit
/// ``OutputFormat``, and ``EncoderSettings/codec``.
///
/// - H.264: libx264 at the settings' CRF and preset, `yuv420p`, BT.709 limited range, index at the front of
///   the file (`+faststart`) so it plays while downloading.
/// - VP9: libvpx-vp9 in constant-quality mode (``VP9Options``); `yuva420p` with the stream tagged
///   `alpha_mode=1` when ``EncoderSettings/alpha`` is set, else `yuv420p`.
/// - ProRes: prores_ks, 4444 (`yuva444p10le`) or 422 HQ (`yuv422p10le`), vendor `apl0`, BT.709.
/// - GIF: frames are spooled to a temporary file as they arrive; ``finish()`` builds one palette for the
///   whole clip (palettegen), then maps every frame to it (paletteuse) and encodes (``GIFOptions``).
///
/// Frame `n` is shown at `n / fps` seconds and the video lasts exactly `framesWritten / fps` seconds (GIF:
/// to the nearest centisecond, see ``EncoderSettings/gifFrameRate(for:)``).
///
/// The encoder writes to a temporary file next to the output, `.<name>.partial-<pid>.<ext>`, and renames it
/// over `outputPath` only when ``finish()`` succeeds, so the output is either complete or untouched.
/// ``cancel()``, a failure, or releasing an unfinished encoder deletes the temporary file (and GIF's spool).
/// PNG sequences write each picture under a temporary name and rename it when it is complete; cancelling
/// or failing deletes the pictures written so far. Standard output is written directly (a pipe cannot be
/// taken back).
///
/// Odd sizes: the YUV formats need an even width and height, so a frame with an odd side is padded to the
/// next even size by repeating its last column and/or row. ``codedSize`` is the padded size, which is what
/// players and ffprobe report. GIF keeps the exact size.
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
  /// The output format: the one passed to `init`, else from the extension of ``outputPath``.
  public let format: OutputFormat
  /// The codec being written: ``EncoderSettings/codec``, or the format's default.
  public let codec: VideoCodec

  /// The number of frames accepted by ``append(_:)`` so far; after ``finish()``, the frames in the file.
  public private(set) var framesWritten = 0

  /// The size of the encoded pictures: for the YUV codecs the settings' size rounded up to even numbers,
  /// padded by repeating the last column and/or row; for GIF the settings' size.
  public var codedSize: (width: Int, height: Int) { writer.codedSize }

  /// Bytes a GIF's frame spool holds so far (0 for everything else), for tests: the spool has no name to
  /// look it up by.
  var spoolBytes: Int { (writer as? GIFWriter)?.spoolBytes ?? 0 }

  /// The temporary file renamed over the output; `nil` for standard output and PNG sequences.
  private let partialFile: PartialFile?
  private let writer: FrameWriter
  private var state = State.open

  /// Creates the temporary file, opens the encoder and writes the container header.
  ///
  /// - Parameters:
  ///   - outputPath: the file to write; ``OutputFormat/standardOutputPath`` (`-`) writes to standard output
  ///     (the formats ``OutputFormat/canWriteToStandardOutput`` allows, with no temporary file); for
  ///     ``OutputFormat/pngSequence`` a path such as `frames/%05d.png`.
  ///   - format: the format to write; `nil` (the default) picks it from `outputPath`'s extension.
  /// - Throws: ``VideoEncodingError/invalidSettings(_:)`` for bad settings, an unknown extension or a codec
  ///   the format cannot hold, ``VideoEncodingError/encoderMissing(name:package:)`` when FFmpeg lacks the
  ///   encoder, ``VideoEncodingError/io(path:message:)`` naming `outputPath` when the file cannot be
  ///   created, and ``VideoEncodingError/ffmpeg(function:code:message:)`` for other FFmpeg failures.
  ///   - audio: sound to mux with the video (MP4, M4V, MOV: AAC; WebM: Opus); other formats refuse it.
  public init(outputPath: String, settings: EncoderSettings, format: OutputFormat? = nil, audio: AudioInput? = nil)
    throws
  {
    let (format, codec) = try settings.validate(outputPath: outputPath, format: format)
    if let audio {
      try audio.validate()
      guard format.supportsAudio else {
        throw VideoEncodingError.invalidSettings("\(format.rawValue) has no sound; leave the audio out")
      }
      if let audioCodec = audio.codec, audioCodec != format.defaultAudioCodec {
        throw VideoEncodingError.invalidSettings(
          "audio codec \(audioCodec.rawValue) cannot go in .\(format.rawValue) files")
      }
    }
    FFmpegLog.applyDefaultLevel()

    // Each object below frees its C resources (and the partial file deletes itself) if a later step throws.
    let partialFile: PartialFile?
    if codec == .gif && outputPath == OutputFormat.standardOutputPath {
      // Straight to the pipe, with the spool in the temporary folder.
      partialFile = nil
      writer = try GIFWriter(
        settings: settings, temporaryPath: "pipe:1", outputPath: "standard output",
        spoolFor: GIFWriter.standardOutputSpoolName)
    } else if codec == .gif {
      let file = try PartialFile(outputPath: outputPath)
      partialFile = file
      writer = try GIFWriter(settings: settings, temporaryPath: file.path, outputPath: outputPath)
    } else if format == .pngSequence {
      // Each picture has its own temporary file, renamed as soon as it is complete.
      partialFile = nil
      writer = try PNGSequenceWriter(settings: settings, outputPath: outputPath)
    } else if outputPath == OutputFormat.standardOutputPath {
      // A pipe cannot be renamed: stream straight to it.
      partialFile = nil
      writer = try StreamWriter(
        format: format, codec: codec, settings: settings, temporaryPath: "pipe:1", outputPath: "standard output",
        audio: audio)
    } else {
      let file = try PartialFile(outputPath: outputPath)
      partialFile = file
      writer = try StreamWriter(
        format: format, codec: codec, settings: settings, temporaryPath: file.path, outputPath: outputPath,
        audio: audio)
    }
    self.settings = settings
    self.outputPath = outputPath
    self.format = format
    self.codec = codec
    self.partialFile = partialFile
  }

  deinit {
    cancel()
  }

  // MARK: - Encoding

  /// Encodes the next frame.
  ///
  /// The buffer must have the settings' width and height. Unless ``EncoderSettings/alpha`` is set it is read
  /// as opaque BGRA: alpha is ignored, so the caller composites any background first.
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
    try write { try writer.append(frame, index: $0) }
  }

  /// The colour conversion the render workers can run themselves, each on its own frames, before passing
  /// them to ``append(_:)-(ConvertedFrame)``; nil when this encoder must convert frames itself (every format
  /// but opaque `yuv420p` of an even size: H.264, H.265, AV1, opaque VP9, Y4M).
  public var workerConversion: WorkerConversion? { (writer as? StreamWriter)?.workerConversion }

  /// Encodes the next frame, converted by ``workerConversion``'s converter; the same as ``append(_:)`` with
  /// the frame it was converted from.
  ///
  /// - Throws: as ``append(_:)``.
  public func append(_ frame: ConvertedFrame) throws {
    try requireOpen("append(_:)")
    guard let writer = writer as? StreamWriter, let conversion = writer.workerConversion else {
      throw VideoEncodingError.invalidState("append(_:) of a converted frame to an encoder that converts itself")
    }
    let picture = frame.picture.frame.pointee
    guard Int(picture.width) == conversion.width, Int(picture.height) == conversion.height else {
      throw VideoEncodingError.frameSizeMismatch(
        expectedWidth: conversion.width, expectedHeight: conversion.height, width: Int(picture.width),
        height: Int(picture.height))
    }
    try write { try writer.append(frame, index: $0) }
  }

  /// Writes the next frame with `body(index)`; a failure cancels the encoder (its temporary file deleted).
  private func write(_ body: (Int) throws -> Void) throws {
    do {
      try body(framesWritten)
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
      // 1. Encode what is pending, write the trailer and close the file.
      try writer.finish(frameCount: framesWritten)
      // 2. Free scratch files (GIF's spool) before publishing.
      writer.close()
      // 3. Atomically replace the output.
      try partialFile?.commit()
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
    writer.close()
    partialFile?.discard()
  }

  // MARK: - Private

  private func requireOpen(_ operation: String) throws {
    switch state {
    case .open: return
    case .finished: throw VideoEncodingError.invalidState("\(operation) called after finish()")
    case .cancelled: throw VideoEncodingError.invalidState("\(operation) called after the encoder was cancelled")
    }
  }
}
