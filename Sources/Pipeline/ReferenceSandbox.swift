import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the files an animation names (image assets' `u` + `p`) may be read from, and how they are read.
///
/// An uploaded file is hostile: its references must not make us read another customer's upload or block on
/// a FIFO. So, unless ``allowsExternalPaths`` is set (trusted local files):
/// 1. a reference resolves relative to ``base``; absolute paths, URLs and `..` that climb out of every root
///    are refused before the file system is touched, with one message whatever is there;
/// 2. the resolved path, symbolic links followed, must lie inside one of ``roots`` (the animation's folder,
///    `--assets`), else it is refused with the same message;
/// 3. only a regular file is read (never a FIFO, device, socket or folder): it is opened non-blocking, so a
///    FIFO cannot stall the open, and checked with `fstat` on the open descriptor, size included, before any
///    byte is read.
///
/// With ``allowsExternalPaths`` references resolve as they always did (absolute paths and `..` allowed), and
/// step 3 still applies.
public struct ReferenceSandbox: Sendable {
  /// The largest referenced file by default: 256 MB, as the animation file itself (`LoadLimits.maxFileBytes`).
  public static let defaultMaxFileBytes = 256 << 20

  /// The folder relative references start from; nil when there is none (an archive without `--assets`),
  /// and then every external reference is refused unless ``allowsExternalPaths`` is set.
  public var base: String?
  /// The folders a resolved reference may lie in (``base`` is always one of them).
  public var roots: [String]
  /// Whether absolute paths and `..` escapes are followed (`--allow-external-paths`, for trusted files).
  public var allowsExternalPaths: Bool
  /// The largest file read, in bytes.
  public var maxFileBytes: Int

  /// A sandbox resolving from `base`, which may read inside `base` and `otherRoots`.
  public init(
    base: String?, otherRoots: [String] = [], allowsExternalPaths: Bool = false,
    maxFileBytes: Int = defaultMaxFileBytes
  ) {
    // An empty folder (the folder of `anim.json`) is the working directory.
    let base = base.map { $0.isEmpty ? "." : $0 }
    self.base = base
    self.roots = (base.map { [$0] } ?? []) + otherRoots.map { $0.isEmpty ? "." : $0 }
    self.allowsExternalPaths = allowsExternalPaths
    self.maxFileBytes = maxFileBytes
  }

  /// Why a reference was not read. Each message names the reference as the file wrote it and, where the
  /// file is inside the sandbox, the path that was tried.
  public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// Absolute, a URL, climbing out with `..`, or resolving (through links) outside every root. The message
    /// is the same whether or not anything exists there.
    case outside(reference: String)
    /// No folder to resolve from (an archive's reference to a file it does not hold, without `--assets`).
    case noBase(reference: String)
    /// Nothing at `path` (inside the sandbox), or it cannot be opened.
    case missing(path: String)
    /// `path` is a folder, FIFO, device or socket.
    case notRegularFile(path: String)
    /// `path` is larger than `limit` bytes.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// Reading `path` failed.
    case unreadable(path: String, reason: String)

    public var description: String {
      switch self {
      case .outside(let reference):
        return "'\(reference)' is outside the animation's folder and --assets; not read "
          + "(--allow-external-paths allows it for trusted files)"
      case .noBase(let reference):
        return "'\(reference)' is not in the archive; not read (use --assets DIR for files beside it)"
      case .missing(let path): return "'\(path)' is missing"
      case .notRegularFile(let path): return "'\(path)' is not a regular file"
      case .tooLarge(let path, let bytes, let limit):
        return "'\(path)' is \(bytes) bytes, over the limit of \(limit)"
      case .unreadable(let path, let reason): return "'\(path)' cannot be read: \(reason)"
      }
    }
  }

  // MARK: - Resolving

  /// The path `directory` + `fileName` (an asset's `u` and `p`) names, or why it may not be read.
  /// Symbolic links are resolved; the answer does not depend on the file system for a refused reference.
  public func resolve(directory: String, fileName: String) -> Result<String, Refusal> {
    let reference = Self.join(directory, fileName)
    if allowsExternalPaths {
      if fileName.hasPrefix("/") { return .success(fileName) }
      if directory.hasPrefix("/") { return .success(reference) }
      return .success((base ?? ".") + "/" + reference)
    }
    // 1. Lexical: nothing absolute, no scheme, no NUL, and the joined path, `.` and `..` collapsed, inside a
    // root.
    guard !reference.hasPrefix("/"), !reference.contains("\0"), !Self.hasScheme(reference) else {
      return .failure(.outside(reference: reference))
    }
    guard let base else { return .failure(.noBase(reference: reference)) }
    let candidate = Self.absolute(base + "/" + reference)
    guard roots.contains(where: { Self.isInside(candidate, Self.absolute($0)) }) else {
      return .failure(.outside(reference: reference))
    }
    // 2. Through links: the real path must stay inside a root too. A path that does not resolve is inside a
    // root as written, so saying it is missing tells nothing about the rest of the file system.
    guard let real = Self.realPath(candidate) else { return .failure(.missing(path: candidate)) }
    let realRoots = roots.compactMap { Self.realPath(Self.absolute($0)) }
    guard realRoots.contains(where: { Self.isInside(real, $0) }) else {
      return .failure(.outside(reference: reference))
    }
    return .success(real)
  }

  /// Resolves and reads a reference (see ``resolve(directory:fileName:)`` and ``readContents(of:)``).
  public func contents(directory: String, fileName: String) -> Result<(path: String, bytes: [UInt8]), Refusal> {
    resolve(directory: directory, fileName: fileName).flatMap { path in readContents(of: path).map { (path, $0) } }
  }

  // MARK: - Reading

  /// The bytes of the regular file at `path`, at most ``maxFileBytes``.
  ///
  /// Steps: 1. `open` with `O_NONBLOCK` (a FIFO without a writer would block an ordinary open for ever),
  /// `O_NOCTTY` (a terminal never becomes ours) and, inside the sandbox, `O_NOFOLLOW` (the path is already
  /// resolved, so a link appearing since is refused); 2. `fstat` the descriptor: anything but a regular file
  /// is refused, and so is a size over the limit, before reading; 3. read the size `fstat` gave.
  public func readContents(of path: String) -> Result<[UInt8], Refusal> {
    var flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
    if !allowsExternalPaths { flags |= O_NOFOLLOW }
    let descriptor = open(path, flags)
    guard descriptor >= 0 else {
      return .failure(
        errno == ENOENT || errno == ENOTDIR ? .missing(path: path) : .unreadable(path: path, reason: Self.lastError()))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(path: path, reason: Self.lastError())) }
    guard (status.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegularFile(path: path)) }
    let size = Int(status.st_size)
    guard size <= maxFileBytes else { return .failure(.tooLarge(path: path, bytes: size, limit: maxFileBytes)) }
    // A file that grows or shrinks while we read it gives what was there; it never gives more than `size`.
    var bytes = [UInt8](repeating: 0, count: size)
    var filled = 0
    while filled < size {
      let got = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let start = buffer.baseAddress else { return 0 }
        return readFromDescriptor(descriptor, start + filled, size - filled)
      }
      if got < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return .failure(.unreadable(path: path, reason: Self.lastError()))
      }
      if got == 0 { break }
      filled += got
    }
    bytes.removeSubrange(filled...)
    return .success(bytes)
  }

  // MARK: - Paths

  /// `u` + `p` as players join them: `u` gets a trailing slash when it has none.
  static func join(_ directory: String, _ fileName: String) -> String {
    if fileName.hasPrefix("/") || directory.isEmpty { return fileName }
    return directory + (directory.hasSuffix("/") ? "" : "/") + fileName
  }

  /// `path` made absolute (from the working directory) with `.`, `..` and repeated slashes collapsed as
  /// POSIX does (`/..` is `/`), without looking at the file system.
  static func absolute(_ path: String) -> String {
    let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var parts: [Substring] = []
    for part in full.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// `https://...`, `file://...`: a URL (a scheme of letters, digits and `+-.`, then `://`). We never fetch
  /// one, and `file://` would be an absolute path.
  static func hasScheme(_ path: String) -> Bool {
    guard let range = path.range(of: "://") else { return false }
    let scheme = path[..<range.lowerBound]
    return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  static func isInside(_ path: String, _ root: String) -> Bool {
    path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
  }

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  static func lastError() -> String { String(cString: strerror(errno)) }
}

/// `read(2)`, out of ``ReferenceSandbox``, whose own names would hide it.
private func readFromDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
