import CFFmpeg
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Owns an input `AVFormatContext`, opened on a path or on a ``MemoryInput``.
final class Demuxer {
  let context: UnsafeMutablePointer<AVFormatContext>
  /// Kept alive while the context reads from it.
  private let input: MemoryInput?

  init(path: String) throws {
    var context: UnsafeMutablePointer<AVFormatContext>?
    try check(avformat_open_input(&context, path, nil, nil), "avformat_open_input")
    self.context = try allocated(context, "avformat_open_input")
    input = nil
  }

  init(input: MemoryInput) throws {
    var context: UnsafeMutablePointer<AVFormatContext>? = try allocated(
      avformat_alloc_context(), "avformat_alloc_context")
    context?.pointee.pb = input.io
    context?.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
    // On failure avformat_open_input frees the context (not our custom I/O).
    try check(avformat_open_input(&context, nil, nil, nil), "avformat_open_input")
    self.context = try allocated(context, "avformat_open_input")
    self.input = input
  }

  deinit {
    var pointer: UnsafeMutablePointer<AVFormatContext>? = context
    avformat_close_input(&pointer)
  }
}

/// An `AVIOContext` reading from bytes in memory (a data URI's payload, a file read by the caller), which it
/// reads in place: no copy of them is made.
final class MemoryInput {
  let bytes: any ContiguousBytes
  let count: Int
  var position = 0
  private(set) var io: UnsafeMutablePointer<AVIOContext>!

  init(_ bytes: any ContiguousBytes) throws {
    self.bytes = bytes
    count = bytes.withUnsafeBytes { $0.count }
    let size: Int32 = 32_768
    let buffer = try allocated(av_malloc(Int(size)), "av_malloc")
    let opaque = Unmanaged.passUnretained(self).toOpaque()
    guard
      let io = avio_alloc_context(
        buffer.assumingMemoryBound(to: UInt8.self), size, 0, opaque,
        { opaque, destination, count in
          guard let opaque, let destination else { return CFFmpeg_AVERROR_EINVAL }
          let input = Unmanaged<MemoryInput>.fromOpaque(opaque).takeUnretainedValue()
          let available = min(Int(count), input.count - input.position)
          guard available > 0 else { return CFFmpeg_AVERROR_EOF }
          input.bytes.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            UnsafeMutableRawPointer(destination).copyMemory(from: base + input.position, byteCount: available)
          }
          input.position += available
          return Int32(available)
        }, nil,
        { opaque, offset, whence in
          guard let opaque else { return Int64(CFFmpeg_AVERROR_EINVAL) }
          let input = Unmanaged<MemoryInput>.fromOpaque(opaque).takeUnretainedValue()
          let size = Int64(input.count)
          let target: Int64
          switch whence & ~Int32(AVSEEK_FORCE) {
          case Int32(AVSEEK_SIZE): return size
          case SEEK_SET: target = offset
          case SEEK_CUR: target = Int64(input.position) + offset
          case SEEK_END: target = size + offset
          default: return Int64(CFFmpeg_AVERROR_EINVAL)
          }
          guard target >= 0, target <= size else { return Int64(CFFmpeg_AVERROR_EINVAL) }
          input.position = Int(target)
          return target
        })
    else {
      av_free(buffer)
      throw VideoEncodingError.ffmpeg(
        function: "avio_alloc_context", code: CFFmpeg_AVERROR_ENOMEM,
        message: ffmpegErrorMessage(CFFmpeg_AVERROR_ENOMEM))
    }
    self.io = io
  }

  deinit {
    // The demuxer may have replaced the buffer; free whichever the context holds now.
    av_freep(&io.pointee.buffer)
    var pointer: UnsafeMutablePointer<AVIOContext>? = io
    avio_context_free(&pointer)
  }
}
