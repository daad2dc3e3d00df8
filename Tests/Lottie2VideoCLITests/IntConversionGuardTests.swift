import Foundation
import TestSupport
import Testing

/// Issue 16, item 3: no floating-point → integer conversion that can trap goes unaudited.
///
/// `Int(x)` for a `Double` `x` stops the process (SIGILL, "Double value cannot be converted to Int") when
/// `x` is NaN, infinite or out of range, and a hostile file controls many Doubles. Grepping the sources for
/// `Int(` cannot tell `Int(aDouble)` from `Int(anInt32)` or `Int(aString)`, so this test asks the compiler:
/// 1. every such conversion in a debug build inlines its checks, each loading one of the standard
///    library's messages ("Double value cannot be converted to Int because it is either infinite or NaN",
///    and the same for Float, Int32, UInt8...); the test finds those strings in the debug binary
///    (`L2V_BINARY`) and every instruction that loads one (`llvm-objdump -d`);
/// 2. `llvm-symbolizer` maps each instruction to its source line: that is the list of conversion sites,
///    exact, whatever the names and types involved;
/// 3. each site must be audited: its line carries `// int-audit: <why it cannot trap>`, or it is listed in
///    `Tests/int-conversions.allowlist` (the file, the trimmed line, a reason or "owner: …, to audit"),
///    matched by content so that moving code does not matter but changing the line asks for a new audit.
///    An entry that no longer matches a site fails too, so the list only ever shrinks to what is real.
///
/// The fix for a site is `Double.clampedInt(_:)` (Lottie), a range check before the conversion, or
/// `Int(exactly:)`.
@Suite(.heavy)
struct IntConversionGuardTests {
  static let allowlistPath = Fixtures.repositoryRoot.appendingPathComponent("Tests/int-conversions.allowlist").path

  struct Site: Hashable, CustomStringConvertible {
    var file: String
    var line: Int
    var text: String
    var description: String { "\(file):\(line): \(text)" }
  }

  struct Entry: Hashable {
    var file: String
    var text: String
    var reason: String
  }

  @Test(.hangGuard)
  func everyTrappingConversionIsAudited() async throws {
    let binary = try CommandRunner.binary()
    let sites = try await Self.conversionSites(in: binary)
    // The list cannot be empty: clampedInt itself converts, on purpose. If it is, the binary was not built the
    // way this test reads it (e.g. a release build), and the test must say so rather than pass.
    try #require(!sites.isEmpty, "no conversion found at all: is \(binary.path) a debug build?")
    let entries = try Self.allowlist()
    var unaudited: [Site] = []
    var matched = Set<Entry>()
    for site in sites.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
      if site.text.contains("int-audit:") { continue }
      if let entry = entries.first(where: { $0.file == site.file && $0.text == site.text }) {
        matched.insert(entry)
        continue
      }
      unaudited.append(site)
    }
    #expect(
      unaudited.isEmpty,
      """
      Double/Float → integer conversions that trap on NaN, infinity or out-of-range values, not audited. Use \
      clampedInt or check the range first; or, where the value cannot be out of range, say why with \
      `// int-audit: <reason>` on the line (or an entry in Tests/int-conversions.allowlist):
      \(unaudited.map { "  \($0)\n    allowlist: \($0.file) | \($0.text) | <reason>" }.joined(separator: "\n"))
      """)
    let stale = entries.filter { !matched.contains($0) }
    #expect(
      stale.isEmpty,
      """
      Tests/int-conversions.allowlist entries that match no conversion any more (fixed, moved into a changed \
      line, or deleted): remove them, or audit the changed line again:
      \(stale.map { "  \($0.file) | \($0.text)" }.joined(separator: "\n"))
      """)
  }

  /// The allowlist's format holds: three fields, a reason in each, no duplicates.
  @Test func allowlistIsWellFormed() throws {
    let entries = try Self.allowlist()
    #expect(Set(entries).count == entries.count, "duplicate entries")
    for entry in entries {
      #expect(!entry.reason.isEmpty && entry.file.hasPrefix("Sources/"), "\(entry)")
    }
  }

  // MARK: - Reading the list

  static func allowlist() throws -> [Entry] {
    let text = try String(contentsOfFile: allowlistPath, encoding: .utf8)
    var entries: [Entry] = []
    for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      // The source line may itself hold " | " (an `||`, a closure): the file is the first field, the reason
      // the last.
      let fields = line.components(separatedBy: " | ")
      guard fields.count >= 3 else {
        Issue.record("Tests/int-conversions.allowlist:\(number + 1): expected 'file | line | reason': \(line)")
        continue
      }
      entries.append(
        Entry(
          file: fields[0], text: fields[1..<(fields.count - 1)].joined(separator: " | "),
          reason: fields[fields.count - 1]))
    }
    return entries
  }

  // MARK: - Finding the sites

  /// The source lines (repository-relative) holding a floating-point → integer conversion in `binary`.
  static func conversionSites(in binary: URL) async throws -> Set<Site> {
    let bytes = [UInt8](try Data(contentsOf: binary))
    let messages = Self.messageAddresses(in: bytes)
    try #require(!messages.isEmpty, "no conversion failure messages in \(binary.path)")
    // 1. Every instruction that loads one of the messages.
    let objdump = try Self.toolchainTool("llvm-objdump")
    let listing = try await CommandRunner.run(objdump, ["-d", "--no-show-raw-insn", binary.path])
    try #require(listing.exited(0), "\(listing)")
    var instructions: [String] = []
    for line in listing.stdout.split(separator: "\n") {
      guard let hash = line.lastIndex(of: "#") else { continue }
      let target = line[line.index(after: hash)...].trimmingCharacters(in: .whitespaces)
      let hex = target.split(separator: " ").first.map { $0.hasPrefix("0x") ? $0.dropFirst(2) : $0 } ?? ""
      guard let address = UInt64(hex, radix: 16), messages.contains(address),
        let colon = line.firstIndex(of: ":")
      else { continue }
      instructions.append("0x" + line[..<colon].trimmingCharacters(in: .whitespaces))
    }
    // 2. Their source lines.
    let symbolizer = try Self.toolchainTool("llvm-symbolizer")
    let input = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: input) }
    let addresses = input.appendingPathComponent("addresses").path
    try instructions.joined(separator: "\n").write(toFile: addresses, atomically: true, encoding: .utf8)
    let located = try await CommandRunner.run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "exec \"$0\" --obj=\"$1\" --functions=none --inlining=false < \"$2\"", symbolizer.path, binary.path,
        addresses,
      ])
    try #require(located.exited(0), "\(located)")
    let root = Fixtures.repositoryRoot.standardizedFileURL.path + "/"
    var sources: [String: [String]] = [:]
    var sites = Set<Site>()
    for line in located.stdout.split(separator: "\n") {
      // path:line:column
      let parts = line.split(separator: ":")
      guard parts.count >= 3, let number = Int(parts[parts.count - 2]) else { continue }
      let path = parts[..<(parts.count - 2)].joined(separator: ":")
      guard path.hasPrefix(root + "Sources/") else { continue }
      let relative = String(path.dropFirst(root.count))
      if sources[relative] == nil {
        sources[relative] = try String(contentsOfFile: path, encoding: .utf8)
          .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      }
      guard let lines = sources[relative], number >= 1, number <= lines.count else { continue }
      sites.insert(Site(file: relative, line: number, text: lines[number - 1].trimmingCharacters(in: .whitespaces)))
    }
    return sites
  }

  /// The virtual addresses of the standard library's conversion failure messages ("Double value cannot be
  /// converted to Int because it is either infinite or NaN", ...) in an ELF64 file.
  static func messageAddresses(in bytes: [UInt8]) -> Set<UInt64> {
    func integer(_ offset: Int, _ size: Int) -> UInt64 {
      (0..<size).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }
    guard bytes.count > 64, bytes[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), bytes[4] == 2 else { return [] }
    // Section headers: file offset -> virtual address.
    let headerOffset = Int(integer(0x28, 8))
    let headerSize = Int(integer(0x3A, 2))
    let count = Int(integer(0x3C, 2))
    var sections: [(address: UInt64, offset: Int, size: Int)] = []
    for i in 0..<count {
      let h = headerOffset + i * headerSize
      guard h + 0x28 <= bytes.count else { break }
      let address = integer(h + 0x10, 8)
      if address != 0 { sections.append((address, Int(integer(h + 0x18, 8)), Int(integer(h + 0x20, 8)))) }
    }
    var addresses = Set<UInt64>()
    let needle = Array(" value cannot be converted to ".utf8)
    var i = 0
    let data = Data(bytes)
    while let found = Self.find(needle, in: data, from: i) {
      i = found + needle.count
      // The message starts after the previous NUL: "Double value ...", "Float value ...".
      var start = found
      while start > 0 && bytes[start - 1] != 0 && found - start < 16 { start -= 1 }
      guard ["Double", "Float", "Float16", "Float80"].contains(String(decoding: bytes[start..<found], as: UTF8.self)),
        let section = sections.first(where: { start >= $0.offset && start < $0.offset + $0.size })
      else { continue }
      addresses.insert(section.address + UInt64(start - section.offset))
    }
    return addresses
  }

  /// The offset of the next `needle` in `bytes` at or after `start` (through `Data`, whose search is
  /// compiled optimised: a byte loop over a debug binary is slow in a debug build).
  static func find(_ needle: [UInt8], in bytes: Data, from start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    return bytes.range(of: Data(needle), in: start..<bytes.count)?.lowerBound
  }

  /// `name` from the Swift toolchain (next to `swift` on PATH, or /opt/swift/usr/bin), which has always
  /// shipped LLVM's objdump and symbolizer.
  static func toolchainTool(_ name: String) throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    var folders = path.split(separator: ":").map(String.init)
    for folder in folders {
      let swift = folder + "/swift"
      if FileManager.default.isExecutableFile(atPath: swift) {
        folders.insert(URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent().path, at: 0)
        break
      }
    }
    folders.append("/opt/swift/usr/bin")
    for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
      return URL(fileURLWithPath: folder + "/" + name)
    }
    throw ToolFailure(description: "\(name) not found next to swift on PATH: it comes with the Swift toolchain")
  }
}
