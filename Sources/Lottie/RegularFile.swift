import Foundation

/// Reads a file an animation names (a sound or font file beside it) without trusting what is there: only a
/// regular file, found through any symbolic links, of at most a given size.
///
/// The file is opened first (non-blocking, so that a FIFO cannot hang the open) and checked on the open
/// descriptor with `fstat`, so what is checked is what is read: there is no window between a check by name
/// and the read in which the name could be pointed elsewhere. FIFOs, devices, sockets and folders are
/// refused, and a file over the limit is refused before anything is read.
public enum RegularFile {
  /// Why a file was not read, as the end of a sentence naming it ("could not be opened", "is not a regular
  /// file").
  public struct Refusal: Error, Equatable, Sendable {
    public var message: String
  }

  /// The bytes of the regular file at `path`, at most `maxBytes` of them.
  public static func read(_ path: String, maxBytes: Int) -> Result<Data, Refusal> {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return .failure(Refusal(message: "could not be opened")) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      return .failure(Refusal(message: "is not a regular file"))
    }
    guard info.st_size <= maxBytes else {
      return .failure(Refusal(message: "is larger than \(Self.size(maxBytes))"))
    }
    var bytes = Data(count: Int(info.st_size))
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return Foundation.read(fd, base + done, buffer.count - done)
      }
      guard n > 0 else { break }
      done += n
    }
    if done < bytes.count { bytes.removeSubrange(done...) }
    return .success(bytes)
  }

  /// "64 MB", or the bytes when they are not whole megabytes.
  private static func size(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
  }
}
