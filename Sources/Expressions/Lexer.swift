/// A token of the JavaScript that After Effects expressions are written in.
struct Token: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case number(Double)
    case string(String)
    case identifier(String)
    case keyword(Keyword)
    case punctuator(Punctuator)
    case end
  }
  var kind: Kind
  /// Whether a line break comes before the token (automatic semicolon insertion reads it).
  var isAfterNewline: Bool
  /// The token's position in the source (UTF-8 offset), for error messages.
  var offset: Int
}

/// The reserved words the parser reads (`undefined` and `of` among them: `of` is also read as a name).
enum Keyword: String, Sendable, CaseIterable {
  case `var`, `let`, `const`, function, `return`, `if`, `else`, `for`, `while`, `do`, `break`, `continue`
  case `switch`, `case`, `default`, `try`, `catch`, `finally`, `throw`, new, `typeof`, `instanceof`, `in`, of
  case this, `true`, `false`, null, undefined, void, delete
}

/// The punctuators, each spelled by its raw value.
enum Punctuator: String, Sendable, CaseIterable {
  case unsignedShiftRightAssign = ">>>="
  case strictEqual = "==="
  case strictNotEqual = "!=="
  case unsignedShiftRight = ">>>"
  case shiftLeftAssign = "<<="
  case shiftRightAssign = ">>="
  case exponentAssign = "**="
  case ellipsis = "..."
  case arrow = "=>"
  case equal = "=="
  case notEqual = "!="
  case lessOrEqual = "<="
  case greaterOrEqual = ">="
  case and = "&&"
  case or = "||"
  case nullish = "??"
  case increment = "++"
  case decrement = "--"
  case plusAssign = "+="
  case minusAssign = "-="
  case timesAssign = "*="
  case divideAssign = "/="
  case remainderAssign = "%="
  case bitAndAssign = "&="
  case bitOrAssign = "|="
  case bitXorAssign = "^="
  case shiftLeft = "<<"
  case shiftRight = ">>"
  case exponent = "**"
  case openBrace = "{"
  case closeBrace = "}"
  case openParen = "("
  case closeParen = ")"
  case openBracket = "["
  case closeBracket = "]"
  case semicolon = ";"
  case comma = ","
  case less = "<"
  case greater = ">"
  case plus = "+"
  case minus = "-"
  case times = "*"
  case divide = "/"
  case remainder = "%"
  case bitAnd = "&"
  case bitOr = "|"
  case bitXor = "^"
  case not = "!"
  case bitNot = "~"
  case question = "?"
  case colon = ":"
  case assign = "="
  case dot = "."

  /// The binary operator it spells, when it spells one (`&&`, `||` and `??` are ``LogicalOperator``s).
  var binaryOperator: BinaryOperator? { BinaryOperator(rawValue: rawValue) }

  /// For `=`: nil inside `.some`; for `op=`: `op`; nil for a punctuator that assigns nothing.
  var assignment: BinaryOperator?? {
    switch self {
    case .assign: return .some(nil)
    case .plusAssign, .minusAssign, .timesAssign, .divideAssign, .remainderAssign, .exponentAssign,
      .shiftLeftAssign, .shiftRightAssign, .unsignedShiftRightAssign, .bitAndAssign, .bitOrAssign, .bitXorAssign:
      return .some(BinaryOperator(rawValue: String(rawValue.dropLast())))
    default: return nil
    }
  }
}

/// Splits an expression's source into tokens.
struct Lexer {
  /// Punctuators as bytes, longest first so that the longest match wins.
  static let punctuatorBytes: [(Punctuator, [UInt8])] = Punctuator.allCases.map { ($0, Array($0.rawValue.utf8)) }
    .sorted { $0.1.count > $1.1.count }

  static func tokenize(_ source: String) throws(ExpressionError) -> [Token] {
    let bytes = Array(source.utf8)
    var tokens: [Token] = []
    var i = 0
    var newline = false
    func isIdentifierStart(_ b: UInt8) -> Bool {
      (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95 || b == 36 || b >= 0x80
    }
    func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
    while i < bytes.count {
      let b = bytes[i]
      if b == 10 || b == 13 || (b == 0xE2 && i + 2 < bytes.count && bytes[i + 1] == 0x80 && bytes[i + 2] & 0xFE == 0xA8)
      {
        newline = true
        i += b >= 0x80 ? 3 : 1
        continue
      }
      if b == 32 || b == 9 || b == 11 || b == 12 {
        i += 1
        continue
      }
      if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0xA0 {  // no-break space
        i += 2
        continue
      }
      if b == 0xEF, i + 2 < bytes.count, bytes[i + 1] == 0xBB, bytes[i + 2] == 0xBF {  // byte-order mark
        i += 3
        continue
      }
      if b == 47, i + 1 < bytes.count, bytes[i + 1] == 47 {
        while i < bytes.count, bytes[i] != 10, bytes[i] != 13 { i += 1 }
        continue
      }
      if b == 47, i + 1 < bytes.count, bytes[i + 1] == 42 {
        let start = i
        i += 2
        while i + 1 < bytes.count, !(bytes[i] == 42 && bytes[i + 1] == 47) {
          if bytes[i] == 10 { newline = true }
          i += 1
        }
        guard i + 1 < bytes.count else { throw ExpressionError(.syntax, "unterminated comment", at: start) }
        i += 2
        continue
      }
      let start = i
      let kind: Token.Kind
      if isDigit(b) || (b == 46 && i + 1 < bytes.count && isDigit(bytes[i + 1])) {
        kind = .number(try number(bytes, &i))
      } else if b == 34 || b == 39 || b == 96 {
        kind = .string(try string(bytes, &i))
      } else if isIdentifierStart(b) || b == 92 {
        guard b != 92 else { throw ExpressionError(.syntax, "escapes in names are not supported", at: i) }
        while i < bytes.count, isIdentifierStart(bytes[i]) || isDigit(bytes[i]) { i += 1 }
        let word = String(decoding: bytes[start..<i], as: UTF8.self)
        kind = Keyword(rawValue: word).map { .keyword($0) } ?? .identifier(word)
      } else {
        guard
          let p = punctuatorBytes.first(where: { _, u in
            i + u.count <= bytes.count && bytes[i..<(i + u.count)].elementsEqual(u)
          })?.0
        else {
          let character = String(decoding: bytes[i..<min(bytes.count, i + 1)], as: UTF8.self)
          throw ExpressionError(.syntax, "unexpected character '\(character)'", at: i)
        }
        i += p.rawValue.utf8.count
        kind = .punctuator(p)
      }
      tokens.append(Token(kind: kind, isAfterNewline: newline, offset: start))
      newline = false
    }
    tokens.append(Token(kind: .end, isAfterNewline: true, offset: bytes.count))
    return tokens
  }

  private static func number(_ bytes: [UInt8], _ i: inout Int) throws(ExpressionError) -> Double {
    let start = i
    if bytes[i] == 48, i + 1 < bytes.count, bytes[i + 1] | 0x20 == 120 {
      i += 2
      var value = 0.0
      let digitsStart = i
      while i < bytes.count, let d = hexDigit(bytes[i]) {
        value = value * 16 + Double(d)
        i += 1
      }
      guard i > digitsStart else { throw ExpressionError(.syntax, "malformed hexadecimal number", at: start) }
      return value
    }
    func digits() { while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1 } }
    digits()
    if i < bytes.count, bytes[i] == 46 {
      i += 1
      digits()
    }
    if i < bytes.count, bytes[i] | 0x20 == 101 {
      var j = i + 1
      if j < bytes.count, bytes[j] == 43 || bytes[j] == 45 { j += 1 }
      if j < bytes.count, bytes[j] >= 48, bytes[j] <= 57 {
        i = j
        digits()
      }
    }
    guard let value = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else {
      throw ExpressionError(.syntax, "malformed number", at: start)
    }
    return value
  }

  private static func hexDigit(_ b: UInt8) -> Int? {
    switch b {
    case 48...57: return Int(b) - 48
    case 97...102: return Int(b) - 87
    case 65...70: return Int(b) - 55
    default: return nil
    }
  }

  private static func string(_ bytes: [UInt8], _ i: inout Int) throws(ExpressionError) -> String {
    let quote = bytes[i]
    let start = i
    i += 1
    var out: [UInt8] = []
    while true {
      guard i < bytes.count else { throw ExpressionError(.syntax, "unterminated string", at: start) }
      let b = bytes[i]
      if b == quote {
        i += 1
        break
      }
      if quote == 96, b == 36, i + 1 < bytes.count, bytes[i + 1] == 123 {
        throw ExpressionError(.syntax, "template substitutions (${...}) are not supported", at: i)
      }
      if (b == 10 || b == 13) && quote != 96 { throw ExpressionError(.syntax, "unterminated string", at: start) }
      if b != 92 {
        out.append(b)
        i += 1
        continue
      }
      i += 1
      guard i < bytes.count else { throw ExpressionError(.syntax, "unterminated string", at: start) }
      let e = bytes[i]
      i += 1
      switch e {
      case 110: out.append(10)
      case 116: out.append(9)
      case 114: out.append(13)
      case 98: out.append(8)
      case 102: out.append(12)
      case 118: out.append(11)
      case 48 where !(i < bytes.count && bytes[i] >= 48 && bytes[i] <= 57): out.append(0)
      case 10: break  // line continuation
      case 120, 117:
        var code = 0
        var count = e == 120 ? 2 : 4
        if e == 117, i < bytes.count, bytes[i] == 123 {
          i += 1
          count = 0
          while i < bytes.count, let d = hexDigit(bytes[i]), count < 6 {
            code = code * 16 + d
            i += 1
            count += 1
          }
          guard i < bytes.count, bytes[i] == 125 else { throw ExpressionError(.syntax, "malformed \\u{...}", at: i) }
          i += 1
        } else {
          for _ in 0..<count {
            guard i < bytes.count, let d = hexDigit(bytes[i]) else {
              throw ExpressionError(.syntax, "malformed escape", at: i)
            }
            code = code * 16 + d
            i += 1
          }
        }
        let scalar = Unicode.Scalar(UInt32(code)) ?? "\u{FFFD}"
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
      default: out.append(e)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
