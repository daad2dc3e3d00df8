import Foundation
import Testing

/// One file to put into a test archive.
struct ArchiveEntry {
  /// What the file holds.
  enum Content {
    /// UTF-8 text.
    case text(String)
    /// `count` zero bytes: compresses about a thousandfold, the stuff of zip and gzip bombs.
    case zeros(Int)
    /// A valid RGBA PNG of that size, one opaque colour.
    case png(width: Int, height: Int)
  }

  /// The entry's name, exactly as stored (`../` and leading `/` included).
  var name: String
  /// Its contents.
  var content: Content
  /// The uncompressed size to write into both of its headers instead of the true one (a lying bomb).
  var declaredSize: Int? = nil
  /// Store the bytes uncompressed (so that flipping one byte of the archive corrupts the data, not the
  /// deflate stream).
  var isStored = false
}

/// Builds zip and gzip files for the tests with Python's `zipfile` and `gzip`, a writer independent of the
/// libzip and zlib under test that also writes what `zip` refuses to (`../` names, duplicate names).
enum ArchiveMaker {
  /// Why a fixture could not be made.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Writes a zip of `entries`, in order, to `name` in `directory`, and returns its path.
  static func zip(_ entries: [ArchiveEntry], named name: String, in directory: URL) throws -> String {
    let path = directory.appendingPathComponent(name).path
    let spec: [String: Any] = ["kind": "zip", "path": path, "entries": entries.map(describe)]
    try runPython(spec)
    return path
  }

  /// How an Archive Utility–style archive's local headers relate to its central directory.
  enum LocalHeaders {
    /// As Archive Utility writes them: CRC and sizes zero (a data descriptor follows the data), everything
    /// else as in the central directory.
    case matching
    /// Also a different modification time and a higher "version needed" than the central directory says,
    /// as some writers leave them: libzip's `ZIP_CHECKCONS` refuses such an archive ("Zip archive
    /// inconsistent"); Python's `zipfile`, `unzip` and the players read it.
    case disagreeing
  }

  /// Writes `entries` to `name` in `directory` the way macOS Archive Utility (Finder's Compress, `ditto -c -k
  /// --sequesterRsrc`) writes a zip, and returns its path:
  /// - a stored folder entry (`animations/`) before the first file in each folder;
  /// - files deflated with general-purpose bit 3 set, zero CRC and sizes in the local header, and a signed
  ///   data descriptor (`PK\x07\x08`, CRC, sizes) after the data;
  /// - "version made by" Unix 2.1 (0x0315) with Unix modes in the external attributes;
  /// - for each file an AppleDouble resource fork `__MACOSX/<folder>/._<name>` (with its folders), and a
  ///   `.DS_Store` at the root.
  static func archiveUtilityZip(
    _ entries: [ArchiveEntry], named name: String, in directory: URL, localHeaders: LocalHeaders = .matching
  ) throws -> String {
    let path = directory.appendingPathComponent(name).path
    let spec: [String: Any] = [
      "kind": "archive-utility", "path": path, "entries": entries.map(describe),
      "disagree": localHeaders == .disagreeing,
    ]
    try runPython(spec)
    return path
  }

  /// Writes `content` gzip'd to `name` in `directory`, and returns its path.
  static func gzip(_ content: ArchiveEntry.Content, named name: String, in directory: URL) throws -> String {
    let path = directory.appendingPathComponent(name).path
    let spec: [String: Any] = [
      "kind": "gzip", "path": path, "entry": describe(ArchiveEntry(name: "", content: content)),
    ]
    try runPython(spec)
    return path
  }

  /// Writes `text` as a plain file to `name` in `directory`, and returns its path.
  static func plain(_ text: String, named name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// The first `fraction` of the file at `path`, written back in its place.
  static func truncate(_ path: String, keeping fraction: Double) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    try data.prefix(Int(Double(data.count) * fraction)).write(to: URL(fileURLWithPath: path))
  }

  /// Flips every bit of the byte at `offset` (negative: from the end) of the file at `path`.
  static func flipByte(_ path: String, at offset: Int) throws {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let index = offset < 0 ? bytes.count + offset : offset
    bytes[index] ^= 0xFF
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// Flips the first byte of `needle` in the file at `path`.
  static func flipByte(_ path: String, inFirst needle: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let pattern = Array(needle.utf8)
    guard
      let offset = (0...(bytes.count - pattern.count)).first(where: {
        bytes[$0..<$0 + pattern.count].elementsEqual(pattern)
      })
    else { throw Failure(description: "'\(needle)' is not in \(path)") }
    try flipByte(path, at: offset)
  }

  // MARK: - Python

  private static func describe(_ entry: ArchiveEntry) -> [String: Any] {
    var result: [String: Any] = ["name": entry.name, "stored": entry.isStored]
    switch entry.content {
    case .text(let text): result["text"] = text
    case .zeros(let count): result["zeros"] = count
    case .png(let width, let height): result["png"] = [width, height]
    }
    if let size = entry.declaredSize { result["declare"] = size }
    return result
  }

  /// The writer. Lying sizes are patched into the local header (offset 22) and the central directory
  /// record (offset 24) of the named entry, so the two still agree and libzip's consistency check passes.
  private static let script = #"""
    import gzip, json, struct, sys, zipfile, zlib

    def content(e):
        if "text" in e: return e["text"].encode()
        if "zeros" in e: return bytes(e["zeros"])
        w, h = e["png"]
        raw = b"".join(b"\0" + bytes([200, 40, 40, 255]) * w for _ in range(h))
        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))

    def archive_utility(spec):
        # Our own writer of Archive Utility's layout (see archiveUtilityZip): every header packed by hand.
        time, date = (7 << 11) | (8 << 5) | 5, ((2024 - 1980) << 9) | (5 << 5) | 6
        files, seen = [], set()
        def folder(name):
            if name not in seen:
                seen.add(name)
                files.append((name, None))
        for e in spec["entries"]:
            parts = e["name"].split("/")
            for i in range(1, len(parts)): folder("/".join(parts[:i]) + "/")
            files.append((e["name"], content(e)))
        for e in spec["entries"]:
            parts = e["name"].split("/")
            folder("__MACOSX/")
            for i in range(1, len(parts)): folder("__MACOSX/" + "/".join(parts[:i]) + "/")
            fork = b"\0\x05\x16\x07\0\x02\0\0Mac OS X        " + bytes(64)
            files.append(("/".join(["__MACOSX"] + parts[:-1] + ["._" + parts[-1]]), fork))
        files.append((".DS_Store", b"\0\0\0\x01Bud1" + bytes(120)))
        out, central = bytearray(), bytearray()
        for name, data in files:
            raw = name.encode()
            offset = len(out)
            if data is None:
                flags, method, packed, crc, size, mode = 0, 0, b"", 0, 0, (0o40755 << 16) | 0x10
            else:
                squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
                flags, method, packed = 8, 8, squeeze.compress(data) + squeeze.flush()
                crc, size, mode = zlib.crc32(data), len(data), 0o100644 << 16
            local_time, local_version = (time + 1, 45) if spec["disagree"] else (time, 20)
            local = (0, 0, 0) if flags & 8 else (crc, len(packed), size)
            out += struct.pack("<IHHHHHIIIHH", 0x04034B50, local_version, flags, method, local_time, date,
                               *local, len(raw), 0) + raw + packed
            if flags & 8: out += struct.pack("<IIII", 0x08074B50, crc, len(packed), size)
            central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 0x0315, 20, flags, method, time, date,
                                   crc, len(packed), size, len(raw), 0, 0, 0, 0, mode, offset) + raw
        out += central + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(files), len(files), len(central),
                                     len(out), 0)
        open(spec["path"], "wb").write(out)

    spec = json.load(sys.stdin)
    if spec["kind"] == "archive-utility":
        archive_utility(spec)
        sys.exit(0)
    if spec["kind"] == "gzip":
        with open(spec["path"], "wb") as f: f.write(gzip.compress(content(spec["entry"])))
        sys.exit(0)
    with zipfile.ZipFile(spec["path"], "w") as z:
        for e in spec["entries"]:
            info = zipfile.ZipInfo(e["name"], (2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED if e["stored"] else zipfile.ZIP_DEFLATED
            z.writestr(info, content(e))
    data = bytearray(open(spec["path"], "rb").read())
    for e in spec["entries"]:
        if "declare" not in e: continue
        name = e["name"].encode()
        for signature, name_at, size_at in ((b"PK\x03\x04", 30, 22), (b"PK\x01\x02", 46, 24)):
            at = data.find(signature)
            while at >= 0:
                if data[at + name_at:at + name_at + len(name)] == name:
                    data[at + size_at:at + size_at + 4] = struct.pack("<I", e["declare"])
                at = data.find(signature, at + 4)
    open(spec["path"], "wb").write(data)
    """#

  private static func runPython(_ spec: [String: Any]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw Failure(description: "these tests build their archives with python3, which could not be run: \(error)")
    }
    input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: spec))
    try input.fileHandleForWriting.close()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(
        description: "python3 could not build the test archive (is python3 installed?): "
          + (String(data: message, encoding: .utf8) ?? ""))
    }
  }
}

/// A minimal animation named `name` (100x80, 30 fps, 30 frames, no layers) with `assets` (a JSON array).
func lottieJSON(name: String, assets: String = "[]") -> String {
  #"{"v":"5.7.0","nm":"\#(name)","w":100,"h":80,"fr":30,"ip":0,"op":30,"layers":[],"assets":\#(assets)}"#
}

/// An image asset as dotLottie writers emit it: folder `u`, file `p`, embedded flag `e`.
func imageAsset(id: String, directory: String, file: String, embedded: Int = 0) -> String {
  #"{"id":"\#(id)","w":2,"h":2,"u":"\#(directory)","p":"\#(file)","e":\#(embedded)}"#
}
