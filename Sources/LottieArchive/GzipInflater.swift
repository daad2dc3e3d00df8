import CZip

/// Decompresses gzip data (a Telegram `.tgs` sticker) with zlib; owns one `z_stream` and ends it in `deinit`.
///
/// The stream lives in its own allocation because zlib keeps a pointer back to it and refuses a stream that
/// has moved; a Swift struct in a local variable has no stable address. Not `Sendable`: one loader uses it.
final class GzipInflater {
  /// The file as the user named it, for messages.
  let file: String
  private let stream: UnsafeMutablePointer<z_stream>

  /// Prepares zlib for gzip input. The stream is set up in a local first so that a failure frees it
  /// before any stored property (and so `deinit`) exists.
  init(file: String) throws(ArchiveError) {
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    // 15 + 16: the largest window, and expect a gzip header and trailer rather than raw zlib data.
    let status = CZip_inflateInit2(stream, 15 + 16)
    guard status == Z_OK else {
      let reason = Self.message(stream, status)
      stream.deinitialize(count: 1)
      stream.deallocate()
      throw .corrupt(file: file, entry: nil, reason: "cannot start zlib: \(reason)")
    }
    self.file = file
    self.stream = stream
  }

  deinit {
    inflateEnd(stream)
    stream.deinitialize(count: 1)
    stream.deallocate()
  }

  /// The decompressed bytes of `input`. Concatenated gzip members (allowed by RFC 1952) are joined; bytes
  /// after the last member that do not start another one are ignored, as `gzip -d` does.
  ///
  /// - Throws: ``ArchiveError/expandsBeyondLimit(file:what:limit:)`` as soon as more than `limit` bytes come
  ///   out (a gzip bomb stops there, whatever it would expand to), and ``ArchiveError/corrupt(file:entry:reason:)``
  ///   for damaged or truncated data.
  func inflate(_ input: [UInt8], limit: Int) throws(ArchiveError) -> [UInt8] {
    let result = input.withUnsafeBufferPointer { buffer in inflate(buffer, limit: limit) }
    // The input pointer was valid only inside the closure: forget it.
    stream.pointee.next_in = nil
    stream.pointee.avail_in = 0
    return try result.get()
  }

  /// The loop behind ``inflate(_:limit:)``, on borrowed input.
  ///
  /// 1. Hand zlib as much input as `avail_in` holds (32 bits; larger input goes in slices).
  /// 2. Inflate into a 64 KB chunk and append what came out, refusing more than `limit` bytes in total.
  /// 3. At the end of a member, go on if another gzip header follows; otherwise stop.
  private func inflate(_ input: UnsafeBufferPointer<UInt8>, limit: Int) -> Result<[UInt8], ArchiveError> {
    guard let base = input.baseAddress, !input.isEmpty else {
      return .failure(.corrupt(file: file, entry: nil, reason: "the file is empty"))
    }
    var consumed = 0
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      // 1. Refill the input window.
      if stream.pointee.avail_in == 0 && consumed < input.count {
        let slice = min(input.count - consumed, Int(UInt32.max))
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base + consumed)
        stream.pointee.avail_in = UInt32(slice)
        consumed += slice
      }
      // 2. Inflate one chunk.
      let status = chunk.withUnsafeMutableBufferPointer { out -> Int32 in
        stream.pointee.next_out = out.baseAddress
        stream.pointee.avail_out = UInt32(out.count)
        let status = CZip.inflate(stream, Z_NO_FLUSH)
        stream.pointee.next_out = nil
        return status
      }
      let produced = chunk.count - Int(stream.pointee.avail_out)
      guard output.count + produced <= limit else {
        return .failure(.expandsBeyondLimit(file: file, what: "gzip data", limit: limit))
      }
      output.append(contentsOf: chunk[0..<produced])
      let remaining = Int(stream.pointee.avail_in) + (input.count - consumed)
      switch status {
      case Z_OK:
        continue
      case Z_STREAM_END:
        // 3. Another member follows only if its magic bytes do.
        let next = input.count - remaining
        guard remaining >= 2, input[next] == 0x1F, input[next + 1] == 0x8B else { return .success(output) }
        guard inflateReset(stream) == Z_OK else {
          return .failure(.corrupt(file: file, entry: nil, reason: Self.message(stream, Z_STREAM_ERROR)))
        }
      case Z_BUF_ERROR where remaining == 0:
        return .failure(.corrupt(file: file, entry: nil, reason: "the gzip data ends before its last block"))
      case Z_BUF_ERROR:
        continue
      default:
        return .failure(.corrupt(file: file, entry: nil, reason: "invalid gzip data: \(Self.message(stream, status))"))
      }
    }
  }

  /// zlib's message for the stream's last error, or a description of `status` when it left none.
  private static func message(_ stream: UnsafeMutablePointer<z_stream>, _ status: Int32) -> String {
    if let text = stream.pointee.msg { return String(cString: text) }
    switch status {
    case Z_MEM_ERROR: return "out of memory"
    case Z_VERSION_ERROR: return "incompatible zlib version"
    case Z_DATA_ERROR: return "invalid data"
    case Z_NEED_DICT: return "a preset dictionary is required"
    default: return "zlib error \(status)"
    }
  }
}
