import CFFmpeg

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file of frames, written once and read back in order, compressed losslessly with FFmpeg's
/// QuickTime Animation (`qtrle`) codec.
///
/// GIF with one palette for the whole clip needs every frame twice (the palette is known only after the
/// last one), but frames arrive once. Keeping them in memory costs 8 MB per 1080p frame, and spooling them
/// raw cost as much on disk (4.6 GB after 8 s at 1080p60). `qtrle` run-length codes each row and skips the
/// rows that did not change since the previous frame, which is what Lottie frames mostly are (flat colour,
/// a few moving parts): 30 frames of `bacon` at 1080p take 1 MB instead of 249 MB, and coding costs less
/// than the GIF encoder itself. It is lossless with 8-bit alpha, so the frames come back exactly.
///
/// Frames are straight BGRA (`AV_PIX_FMT_RGB32`) `AVFrame`s of the spool's size on both sides; `qtrle`
/// stores ARGB, so bytes are reordered on the way in and out. On disk each frame is a 4-byte little-endian
/// length and the packet.
///
/// The file is created beside the output (for standard output, in the temporary folder) under a name no
/// one can have prepared (`mkstemp`: a new random name, `O_EXCL`, mode 0600, so a planted symbolic link is
/// never followed), and that name is deleted at once: the open file is all there is, so nothing is left
/// behind however the process ends (a crash, SIGKILL, or a pipe that closed early).
final class FrameSpool {
  let width: Int
  let height: Int
  private let outputPath: String
  /// The name the file was created under, for messages; already deleted.
  private let name: String
  private var stream: UnsafeMutablePointer<FILE>?
  private let encoder: CodecContext
  /// Made by ``rewind()``, fresh each time.
  private var decoder: CodecContext?
  /// ARGB staging frame for the codec, both ways.
  private let argb: FrameStorage
  private let packet: PacketStorage
  /// Bytes written to the file so far.
  private(set) var bytesWritten = 0
  /// Frames written.
  private(set) var framesWritten = 0

  /// Creates the spool file for `outputPath` and the encoder.
  init(outputPath: String, width: Int, height: Int) throws {
    self.width = width
    self.height = height
    self.outputPath = outputPath
    let codec = try requireEncoder(named: "qtrle", package: "FFmpeg's built-in encoders (a full libavcodec59)")
    encoder = try CodecContext(codec: codec, name: "qtrle") { context in
      context.pointee.width = Int32(width)
      context.pointee.height = Int32(height)
      context.pointee.pix_fmt = AV_PIX_FMT_ARGB
      context.pointee.time_base = AVRational(num: 1, den: 100)
      // A key frame every 250 frames: rows unchanged since the previous frame are skipped in between.
      context.pointee.gop_size = 250
    }
    argb = try FrameStorage(format: AV_PIX_FMT_ARGB, width: width, height: height)
    packet = try PacketStorage()
    (stream, name) = try Self.createNamelessFile(beside: outputPath)
  }

  /// Creates `<folder>/.<name>.spool-XXXXXX` with `mkstemp` and deletes the name, returning the open file.
  private static func createNamelessFile(beside outputPath: String) throws -> (UnsafeMutablePointer<FILE>, String) {
    let slash = outputPath.lastIndex(of: "/")
    let folder = slash.map { String(outputPath[...$0]) } ?? ""
    let fileName = slash.map { String(outputPath[outputPath.index(after: $0)...]) } ?? outputPath
    var template = Array("\(folder).\(fileName).spool-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    let name = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard descriptor >= 0 else {
      let message = String(cString: strerror(errno))
      throw VideoEncodingError.io(path: outputPath, message: "cannot create the frame spool \(name): \(message)")
    }
    unlink(name)
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    guard let stream = fdopen(descriptor, "w+b") else {
      let message = String(cString: strerror(errno))
      closeDescriptor(descriptor)
      throw VideoEncodingError.io(path: outputPath, message: "cannot open the frame spool \(name): \(message)")
    }
    return (stream, name)
  }

  deinit {
    close()
  }

  /// Appends one straight-BGRA frame of the spool's size.
  func write(_ frame: UnsafeMutablePointer<AVFrame>) throws {
    guard let stream else { throw VideoEncodingError.invalidState("the frame spool \(name) is closed") }
    try check(av_frame_make_writable(argb.frame), "av_frame_make_writable")
    Self.swapBytes(from: frame, to: argb.frame, width: width, height: height)
    argb.frame.pointee.pts = Int64(framesWritten)
    try encoder.send(argb.frame)
    while try encoder.receive(into: packet.packet) {
      defer { av_packet_unref(packet.packet) }
      let size = Int(packet.packet.pointee.size)
      var header = UInt32(size).littleEndian
      guard fwrite(&header, 4, 1, stream) == 1, let data = packet.packet.pointee.data,
        fwrite(data, 1, size, stream) == size
      else { throw writeError() }
      bytesWritten += 4 + size
    }
    framesWritten += 1
  }

  /// Flushes what was written and moves back to the first frame, for ``read(into:)``; a fresh decoder
  /// starts from the first key frame.
  func rewind() throws {
    guard let stream, fflush(stream) == 0, fseek(stream, 0, SEEK_SET) == 0 else { throw writeError() }
    decoder = nil
    let codec = try allocated(avcodec_find_decoder(AV_CODEC_ID_QTRLE), "avcodec_find_decoder(qtrle)")
    decoder = try CodecContext(codec: codec, name: "qtrle decoder") { [width, height] context in
      context.pointee.width = Int32(width)
      context.pointee.height = Int32(height)
      // The container normally says this: 32 bits per pixel is qtrle's ARGB mode.
      context.pointee.bits_per_coded_sample = 32
    }
  }

  /// Reads the next frame into `frame`, a writable straight-BGRA `AVFrame` of the spool's size; returns
  /// `false` at the end of the file.
  func read(into frame: UnsafeMutablePointer<AVFrame>) throws -> Bool {
    guard let stream, let decoder else { return false }
    var header: UInt32 = 0
    guard fread(&header, 4, 1, stream) == 1 else {
      if feof(stream) != 0 { return false }
      throw truncated()
    }
    let size = Int(UInt32(littleEndian: header))
    guard size > 0, size <= bytesWritten else { throw truncated() }
    let packet = self.packet.packet
    av_packet_unref(packet)
    try check(av_new_packet(packet, Int32(size)), "av_new_packet")
    defer { av_packet_unref(packet) }
    guard let data = packet.pointee.data, fread(data, 1, size, stream) == size else { throw truncated() }
    try check(decoder.sendPacket(packet), "avcodec_send_packet(qtrle)")
    let decoded = try FrameStorage()
    guard try decoder.receive(into: decoded.frame) else { throw truncated() }
    guard decoded.frame.pointee.width == Int32(width), decoded.frame.pointee.height == Int32(height),
      decoded.frame.pointee.format == AV_PIX_FMT_ARGB.rawValue
    else { throw truncated() }
    Self.swapBytes(from: decoded.frame, to: frame, width: width, height: height)
    return true
  }

  /// Closes the spool file, which frees it (its name is gone already).
  func close() {
    if let stream {
      fclose(stream)
      self.stream = nil
    }
  }

  // MARK: - Private

  /// Copies `width` x `height` 32-bit pixels reversing each pixel's bytes: BGRA ↔ ARGB.
  private static func swapBytes(
    from source: UnsafeMutablePointer<AVFrame>, to destination: UnsafeMutablePointer<AVFrame>, width: Int, height: Int
  ) {
    guard let from = source.pointee.data.0, let to = destination.pointee.data.0 else { return }
    let fromStride = Int(source.pointee.linesize.0)
    let toStride = Int(destination.pointee.linesize.0)
    for y in 0..<height {
      let input = UnsafeRawPointer(from + y * fromStride)
      let output = UnsafeMutableRawPointer(to + y * toStride)
      var x = 0
      while x + 4 <= width {
        let v = input.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt32>.self)
        let reversed = (v &>> 24) | ((v &>> 8) & 0xFF00) | ((v &<< 8) & 0xFF_0000) | (v &<< 24)
        output.storeBytes(of: reversed, toByteOffset: x * 4, as: SIMD4<UInt32>.self)
        x += 4
      }
      while x < width {
        let pixel = input.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
        output.storeBytes(of: pixel.byteSwapped, toByteOffset: x * 4, as: UInt32.self)
        x += 1
      }
    }
  }

  private func writeError() -> VideoEncodingError {
    VideoEncodingError.io(
      path: outputPath, message: "cannot write the frame spool \(name): \(String(cString: strerror(errno)))")
  }

  private func truncated() -> VideoEncodingError {
    VideoEncodingError.io(path: outputPath, message: "the frame spool \(name) is truncated")
  }
}

/// `close(2)`, out of reach inside ``FrameSpool``, whose own `close()` hides it.
private func closeDescriptor(_ descriptor: Int32) {
  close(descriptor)
}
