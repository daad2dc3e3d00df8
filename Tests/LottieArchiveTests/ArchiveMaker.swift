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

    spec = json.load(sys.stdin)
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
