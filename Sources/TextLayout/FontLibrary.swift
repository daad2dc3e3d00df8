import CHarfBuzz
import Foundation
import Locking
import Lottie

/// Finds the system fonts text layers ask for, through fontconfig (`FontChoice`: the face, a metric-compatible
/// stand-in, per-character fallbacks), which `TextShaper` opens with FreeType and HarfBuzz.
///
/// The fonts an animation brings along (a `.lottie` archive's fonts, `fPath` data URIs and files, `--fonts`
/// folders) serve that animation alone: ``prepare(_:directories:embedded:baseDirectory:file:allowExternalPaths:)``
/// gives it a ``FontSet`` of its own. Fonts can also be added for every animation of the process
/// (``addFontDirectory(_:)``, ``addFontFile(_:)``, ``addFontData(_:name:)``).
public enum FontLibrary {
  /// The family a missing sans-serif font is drawn with (metric-compatible with Helvetica and Arial), when
  /// installed; `MetricAliases` has the serif and monospaced ones.
  public static let fallbackFamily = MetricAliases.sans

  /// The largest font file read (`fPath` files): real fonts, even CJK ones, stay well under it.
  public static let maxFontFileBytes = 64 << 20

  /// Serialises every fontconfig call of this process. fontconfig's configuration is not safe to change
  /// (adding application fonts) while another thread matches against it, and render workers match fonts
  /// while a batch prepares the next file's fonts: that race crashed inside libfontconfig. Cairo itself only
  /// calls fontconfig to resolve unresolved patterns and toy faces, which we never hand it. The per-animation
  /// configurations of ``FontSet`` are created, changed, matched and destroyed under this lock too.
  package static let fontconfig = Locked<Void>(())

  /// Font files added for the whole process, in order; every ``FontSet`` made later adds them too.
  static var processFonts: [String] { addedForProcess.withLock { $0 } }
  private static let addedForProcess = Locked<[String]>([])

  /// Adds every font in `directory` (and its subfolders) for every animation of this process. False when it
  /// cannot be read.
  @discardableResult
  public static func addFontDirectory(_ directory: String) -> Bool {
    guard let files = fontFiles(in: directory) else { return false }
    for path in files { addForProcess(path) }
    return true
  }

  /// Adds one font file for every animation of this process. False when it is not a regular file or
  /// fontconfig cannot read it as a font.
  @discardableResult
  public static func addFontFile(_ path: String) -> Bool {
    guard isRegularFile(path) else { return false }
    return addForProcess(path)
  }

  /// Adds font data (a TrueType, OpenType or WOFF file's bytes) for every animation of this process: the
  /// bytes go to a private temporary folder first (fontconfig reads fonts from files). False when they are
  /// not a font.
  @discardableResult
  public static func addFontData(_ bytes: [UInt8], name: String) -> Bool {
    guard let file = writeFontData(bytes, name: name) else { return false }
    return addForProcess(file)
  }

  @discardableResult
  private static func addForProcess(_ path: String) -> Bool {
    let added = fontconfig.withLock { _ in FcConfigAppFontAddFile(nil, path) != 0 }
    if added { addedForProcess.withLock { $0.append(path) } }
    FontSet.forgetAll()
    return added
  }

  /// The font files in `directory` and its subfolders, by extension, sorted; nil when it cannot be read.
  /// Only regular files: a FIFO in the folder would block fontconfig's scan for ever.
  static func fontFiles(in directory: String) -> [String]? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue,
      let walker = FileManager.default.enumerator(atPath: directory)
    else { return nil }
    let fontTypes: Set<String> = ["ttf", "otf", "ttc", "otc", "woff", "woff2", "pfb", "pfa", "pcf", "dfont"]
    var files: [String] = []
    while let entry = walker.nextObject() as? String {
      let path = (directory as NSString).appendingPathComponent(entry)
      guard fontTypes.contains((entry as NSString).pathExtension.lowercased()), isRegularFile(path) else { continue }
      files.append(path)
    }
    return files.sorted()
  }

  /// Whether `path` is a regular file (after symbolic links), never a FIFO, device or socket.
  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Writes font data into the private data folder, named by a hash of the content (FNV-1a) and the name,
  /// so that the same font is written once and two fonts called alike do not overwrite each other. Returns
  /// the file, or nil when it cannot be written.
  static func writeFontData(_ bytes: [UInt8], name: String) -> String? {
    guard let folder = dataFolder else { return nil }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let base = (name as NSString).lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
    let file = (folder as NSString).appendingPathComponent(
      "\(String(hash, radix: 16))-\(bytes.count)-\(base.isEmpty ? "font" : base)")
    // The folder is ours alone (mode 0700): a file there under this name holds these bytes.
    if isRegularFile(file) { return file }
    return FileManager.default.createFile(atPath: file, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
      ? file : nil
  }

  /// The folder font data is written to: one per process, made with `mkdtemp` (a new name, mode 0700, so
  /// nobody can have prepared it or a symbolic link in its place) and removed when the process exits.
  /// Folders left by processes that were killed are removed when the next one starts. Nil when it cannot be
  /// made.
  private static let dataFolder: String? = {
    let temporary = NSTemporaryDirectory()
    let prefix = "lottie2video-fonts-"
    // A folder is stale when its process is gone and it is a day old: the age keeps a process in another PID
    // namespace that shares this temporary folder (containers sharing /tmp) from losing its fonts.
    let dayAgo = Date().addingTimeInterval(-86_400)
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where entry.hasPrefix(prefix) {
      let path = (temporary as NSString).appendingPathComponent(entry)
      let pidText = entry.dropFirst(prefix.count).prefix { $0 != "-" }
      guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH,
        let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
        modified < dayAgo
      else { continue }
      try? FileManager.default.removeItem(atPath: path)
    }
    var template = Array((temporary as NSString).appendingPathComponent("\(prefix)\(getpid())-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
    guard made != nil else { return nil }
    let folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    createdDataFolder.withLock { $0 = folder }
    atexit {
      if let folder = FontLibrary.createdDataFolder.withLock({ $0 }) {
        try? FileManager.default.removeItem(atPath: folder)
      }
    }
    return folder
  }()

  /// ``dataFolder`` once made, for the `atexit` handler (which cannot capture it).
  private static let createdDataFolder = Locked<String?>(nil)
}
