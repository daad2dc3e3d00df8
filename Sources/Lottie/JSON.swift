/// A parsed JSON value. We parse JSON ourselves so that errors carry a byte offset, numbers stay `Double`,
/// and the tree is `Sendable` and cheap to walk (Foundation's `JSONSerialization` yields `Any`).
public enum JSON: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([String: JSON])

  /// A short name of the value's kind, for messages ("a number", "an object", ...).
  public var kindDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// The member named `key` when this is an object.
  @inlinable public subscript(key: String) -> JSON? {
    if case .object(let members) = self { return members[key] }
    return nil
  }
}

/// Why a byte sequence is not JSON, with the byte offset where the reader stopped.
public struct JSONSyntaxError: Error, Sendable, Equatable {
  /// Byte offset of the problem.
  public let offset: Int
  /// What was wrong there.
  public let message: String
}

/// A strict RFC 8259 reader with a depth limit.
///
/// Nesting is read with an explicit stack of open containers, not by recursion: a document nested to the
/// depth limit costs a few bytes of heap per level, never the ~3 KB of call stack per level a recursive
/// reader takes (251 nested groups overflowed a 512 KB worker stack).
struct JSONReader {
  private let bytes: [UInt8]
  private var index = 0
  private let maxDepth: Int

  init(bytes: [UInt8], maxDepth: Int = 512) {
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  static func parse(_ bytes: [UInt8], maxDepth: Int = 512) throws(JSONSyntaxError) -> JSON {
    var reader = JSONReader(bytes: bytes, maxDepth: maxDepth)
    // A UTF-8 byte order mark is tolerated: some exporters write one.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
    // An empty file (a failed download, a `touch`ed placeholder) says so rather than "truncated".
    reader.skipWhitespace()
    if reader.index == bytes.count {
      throw reader.fail(
        bytes.isEmpty ? "the input is empty (0 bytes)" : "the input holds no JSON value, only white space")
    }
    let value = try reader.readDocument()
    reader.skipWhitespace()
    if reader.index != bytes.count { throw reader.fail("unexpected data after the end of the JSON value") }
    return value
  }

  private func fail(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: index, message: message)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  /// The byte at the reader, after white space; throws at the end of the input.
  private mutating func nextByte() throws(JSONSyntaxError) -> UInt8 {
    skipWhitespace()
    guard index < bytes.count else { throw fail("unexpected end of input (truncated JSON?)") }
    return bytes[index]
  }

  // MARK: - Containers

  /// The containers being read, innermost last. Arrays and objects are kept in their own stacks so that
  /// appending to the innermost one mutates it in place (no copy of its elements per element).
  private struct OpenContainers {
    /// For each open container, innermost last: true for an array, false for an object.
    var isArray: [Bool] = []
    var arrays: [[JSON]] = []
    var objects: [[String: JSON]] = []
    /// For each open object, the member whose value is being read.
    var keys: [String] = []
    var depth: Int { isArray.count }
  }

  /// Reads one value with everything nested in it:
  /// 1. read the start of a value: a scalar whole, or open a container (and, for an object, read the
  ///    first member's name), then go back to 1 for its first element;
  /// 2. put the finished value into the innermost open container; after a `,` go back to 1 for the next
  ///    element, after its closing bracket the container is itself a finished value, put into the next one
  ///    out; when no container is open, the value is the document.
  private mutating func readDocument() throws(JSONSyntaxError) -> JSON {
    var open = OpenContainers()
    while true {
      // 1.
      var value: JSON
      switch try nextByte() {
      case UInt8(ascii: "{"):
        if open.depth + 1 > maxDepth { throw fail("nested deeper than \(maxDepth) levels") }
        index += 1
        if try nextByte() == UInt8(ascii: "}") {
          index += 1
          value = .object([:])
        } else {
          open.isArray.append(false)
          open.objects.append([:])
          open.keys.append(try readMemberName())
          continue
        }
      case UInt8(ascii: "["):
        if open.depth + 1 > maxDepth { throw fail("nested deeper than \(maxDepth) levels") }
        index += 1
        if try nextByte() == UInt8(ascii: "]") {
          index += 1
          value = .array([])
        } else {
          open.isArray.append(true)
          open.arrays.append([])
          continue
        }
      default:
        value = try readScalar()
      }
      // 2.
      while true {
        guard let isArray = open.isArray.last else { return value }
        let separator = try nextByte()
        index += 1
        if isArray {
          open.arrays[open.arrays.count - 1].append(value)
          if separator == UInt8(ascii: ",") { break }
          guard separator == UInt8(ascii: "]") else {
            index -= 1
            throw fail("expected ',' or ']' in an array")
          }
          open.isArray.removeLast()
          value = .array(open.arrays.removeLast())
        } else {
          open.objects[open.objects.count - 1][open.keys[open.keys.count - 1]] = value
          if separator == UInt8(ascii: ",") {
            open.keys[open.keys.count - 1] = try readMemberName()
            break
          }
          guard separator == UInt8(ascii: "}") else {
            index -= 1
            throw fail("expected ',' or '}' in an object")
          }
          open.isArray.removeLast()
          open.keys.removeLast()
          value = .object(open.objects.removeLast())
        }
      }
    }
  }

  /// A member name and the `:` after it.
  private mutating func readMemberName() throws(JSONSyntaxError) -> String {
    guard try nextByte() == UInt8(ascii: "\"") else { throw fail("expected a member name in quotes") }
    let key = try readString()
    guard try nextByte() == UInt8(ascii: ":") else { throw fail("expected ':' after a member name") }
    index += 1
    return key
  }

  /// A string, number, boolean or null at the reader.
  private mutating func readScalar() throws(JSONSyntaxError) -> JSON {
    switch bytes[index] {
    case UInt8(ascii: "\""): return .string(try readString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
    case UInt8(ascii: "N"), UInt8(ascii: "I"):
      throw fail("NaN and Infinity are not valid JSON numbers")
    default:
      let b = bytes[index]
      if b >= 0x21 && b < 0x7F { throw fail("unexpected character '\(Character(Unicode.Scalar(b)))'") }
      throw fail(
        "unexpected byte 0x\(String(b, radix: 16, uppercase: true).count == 1 ? "0" : "")\(String(b, radix: 16, uppercase: true)) (not JSON text)"
      )
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw fail("unexpected end of input (truncated JSON?)") }
    let start = index
    let ok = literal.withUTF8Buffer { buffer in
      for i in 0..<count where bytes[start + i] != buffer[i] { return false }
      return true
    }
    guard ok else { throw fail("invalid literal") }
    index += count
  }

  private mutating func readNumber() throws(JSONSyntaxError) -> Double {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
    if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count, isDigit(bytes[index + 1]) {
      throw fail("invalid number (leading zero)")
    }
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      index = start
      throw fail("number out of range")
    }
    return value
  }

  private mutating func readString() throws(JSONSyntaxError) -> String {
    index += 1  // opening quote
    let start = index
    // Fast path: no escapes.
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        let s = String(decoding: bytes[start..<index], as: UTF8.self)
        index += 1
        return s
      }
      if b == UInt8(ascii: "\\") { break }
      if b < 0x20 { throw fail("control character in a string") }
      index += 1
    }
    var out = [UInt8](bytes[start..<index])
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: out, as: UTF8.self)
      }
      if b < 0x20 { throw fail("control character in a string") }
      if b != UInt8(ascii: "\\") {
        out.append(b)
        index += 1
        continue
      }
      index += 1
      guard index < bytes.count else { break }
      let e = bytes[index]
      index += 1
      switch e {
      case UInt8(ascii: "\""): out.append(0x22)
      case UInt8(ascii: "\\"): out.append(0x5C)
      case UInt8(ascii: "/"): out.append(0x2F)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try readHex4()
        if scalar >= 0xD800 && scalar < 0xDC00 {
          // A UTF-16 surrogate pair: "\uD83D\uDE00".
          if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
            index += 2
            let low = try readHex4()
            if low >= 0xDC00 && low < 0xE000 {
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else {
              // Not a low surrogate: the lone high one becomes U+FFFD and the escape is read again on its own.
              scalar = 0xFFFD
              index -= 6
            }
          } else {
            scalar = 0xFFFD
          }
        } else if scalar >= 0xDC00 && scalar < 0xE000 {
          scalar = 0xFFFD
        }
        let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        out.append(contentsOf: Array(String(Character(u)).utf8))
      default:
        throw fail("invalid escape in a string")
      }
    }
    throw fail("unexpected end of input inside a string (truncated JSON?)")
  }

  private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw fail("invalid \\u escape") }
    var v: UInt32 = 0
    for _ in 0..<4 {
      let b = bytes[index]
      let d: UInt32
      switch b {
      case 0x30...0x39: d = UInt32(b - 0x30)
      case 0x41...0x46: d = UInt32(b - 0x41 + 10)
      case 0x61...0x66: d = UInt32(b - 0x61 + 10)
      default: throw fail("invalid \\u escape")
      }
      v = v * 16 + d
      index += 1
    }
    return v
  }
}
