/// A recursive-descent parser for the JavaScript of After Effects expressions (ES5 statements, plus `let`,
/// `const`, arrow functions and `for...of`), with automatic semicolon insertion.
struct Parser {
  private let tokens: [Token]
  private var position = 0
  private var depth = 0
  /// Deepest nesting of expressions and statements: a deeper program is refused rather than risking the stack.
  static let maxDepth = 120
  /// Links of operator, member, index and call chains in the statement being parsed. A chain is parsed by a
  /// loop, but the tree it makes is as high as the chain is long, and evaluating or freeing that tree walks its
  /// height by recursion. Counted over the whole statement, not per chain: chains stacked on one another (the
  /// leftmost operand of a chain being a chain of another operator, or a parenthesised chain) add up in height.
  private var links = 0
  static let maxLinks = 1000
  /// The stack the parser may use, from where it started.
  private let stack = StackGuard()
  /// Every identifier the program names.
  private(set) var identifiers: Set<String> = []

  init(_ source: String) throws(ExpressionError) {
    tokens = try Lexer.tokenize(source)
  }

  private var current: Token { tokens[position] }
  private var next: Token { tokens[min(position + 1, tokens.count - 1)] }

  private func isPunctuator(_ p: Punctuator) -> Bool { current.kind == .punctuator(p) }
  private func isKeyword(_ k: Keyword) -> Bool { current.kind == .keyword(k) }

  private mutating func advance() { if position < tokens.count - 1 { position += 1 } }

  private func error(_ message: String) -> ExpressionError {
    ExpressionError(.syntax, message, at: current.offset)
  }

  private func describe(_ t: Token) -> String {
    switch t.kind {
    case .number(let n): return "number \(n)"
    case .string: return "a string"
    case .identifier(let s): return "'\(s)'"
    case .keyword(let k): return "'\(k.rawValue)'"
    case .punctuator(let p): return "'\(p.rawValue)'"
    case .end: return "the end"
    }
  }

  private mutating func expect(_ p: Punctuator) throws(ExpressionError) {
    guard isPunctuator(p) else { throw error("expected '\(p.rawValue)', found \(describe(current))") }
    advance()
  }

  private mutating func eat(_ p: Punctuator) -> Bool {
    guard isPunctuator(p) else { return false }
    advance()
    return true
  }

  private mutating func name() throws(ExpressionError) -> String {
    switch current.kind {
    case .identifier(let n):
      advance()
      return n
    case .keyword(.of):
      advance()
      return "of"
    default: throw error("expected a name, found \(describe(current))")
    }
  }

  /// A statement's end: `;`, or a line break, `}` or the end before the next token.
  private mutating func endOfStatement() throws(ExpressionError) {
    if eat(.semicolon) { return }
    if isPunctuator(.closeBrace) || current.kind == .end || current.isAfterNewline { return }
    throw error("expected ';', found \(describe(current))")
  }

  private mutating func enter() throws(ExpressionError) {
    depth += 1
    if depth > Self.maxDepth { throw error("nested more than \(Self.maxDepth) deep") }
    // Each level is a score of frames through the precedence levels: in a debug build on a worker's 512 KB
    // stack, the stack runs out before the depth limit does.
    guard stack.hasRoom() else { throw error("nested too deep for the thread's stack") }
  }

  /// One more link of a chain; the caller gives its links back when its chain ends.
  private mutating func link() throws(ExpressionError) {
    links += 1
    if links > Self.maxLinks {
      throw error("a chain of operators, members or calls longer than \(Self.maxLinks) links")
    }
  }

  mutating func program() throws(ExpressionError) -> [Statement] {
    var body: [Statement] = []
    while current.kind != .end { body.append(try statement()) }
    return body
  }

  // MARK: - Statements

  private mutating func statement() throws(ExpressionError) -> Statement {
    try enter()
    // Each statement's trees are its own: its chains are counted from zero (a nested statement's too, and the
    // enclosing statement's count resumes after it).
    let enclosingLinks = links
    links = 0
    defer {
      depth -= 1
      links = enclosingLinks
    }
    switch current.kind {
    case .punctuator(.openBrace):
      return .block(try block(), nil)
    case .punctuator(.semicolon):
      advance()
      return .empty
    case .keyword(.var), .keyword(.let), .keyword(.const):
      let s = try declaration()
      try endOfStatement()
      return s
    case .keyword(.function):
      advance()
      let f = try function(named: true)
      return .function(f)
    case .keyword(.if):
      advance()
      try expect(.openParen)
      let test = try expression()
      try expect(.closeParen)
      let then = try statement()
      var otherwise: Statement? = nil
      if isKeyword(.else) {
        advance()
        otherwise = try statement()
      }
      return .ifElse(test, then, otherwise)
    case .keyword(.for): return try forStatement()
    case .keyword(.while):
      advance()
      try expect(.openParen)
      let test = try expression()
      try expect(.closeParen)
      return .whileLoop(test, try statement())
    case .keyword(.do):
      advance()
      let body = try statement()
      guard isKeyword(.while) else { throw error("expected 'while' after a do block") }
      advance()
      try expect(.openParen)
      let test = try expression()
      try expect(.closeParen)
      _ = eat(.semicolon)
      return .doWhile(body, test)
    case .keyword(.switch): return try switchStatement()
    case .keyword(.break), .keyword(.continue):
      let isBreak = isKeyword(.break)
      advance()
      var label: String? = nil
      if case .identifier(let l) = current.kind, !current.isAfterNewline {
        label = l
        advance()
      }
      try endOfStatement()
      return isBreak ? .breakLoop(label) : .continueLoop(label)
    case .keyword(.return):
      advance()
      var value: Node? = nil
      if !isPunctuator(.semicolon) && !isPunctuator(.closeBrace) && current.kind != .end && !current.isAfterNewline {
        value = try expression()
      }
      try endOfStatement()
      return .returnValue(value)
    case .keyword(.throw):
      advance()
      let value = try expression()
      try endOfStatement()
      return .throwValue(value)
    case .keyword(.try): return try tryStatement()
    case .identifier(let label) where next.kind == .punctuator(.colon):
      advance()
      advance()
      return .labeled(label, try statement())
    default:
      let e = try expression()
      try endOfStatement()
      return .expression(e)
    }
  }

  private mutating func block() throws(ExpressionError) -> [Statement] {
    try expect(.openBrace)
    var body: [Statement] = []
    while !isPunctuator(.closeBrace) {
      guard current.kind != .end else { throw error("expected '}', found the end") }
      body.append(try statement())
    }
    advance()
    return body
  }

  private mutating func declaration(allowIn: Bool = true) throws(ExpressionError) -> Statement {
    guard let kind = declarationKind else { throw error("expected a declaration") }
    advance()
    var items: [Declarator] = []
    repeat {
      let n = try name()
      var value: Node? = nil
      if eat(.assign) { value = try assignment(allowIn: allowIn) }
      items.append(Declarator(name: n, value: value, target: .global(n)))
    } while eat(.comma)
    return .declare(kind, items)
  }

  /// The kind of declaration the current token begins, when it begins one.
  private var declarationKind: DeclarationKind? {
    switch current.kind {
    case .keyword(.var): return .var
    case .keyword(.let): return .let
    case .keyword(.const): return .const
    default: return nil
    }
  }

  private mutating func forStatement() throws(ExpressionError) -> Statement {
    advance()
    try expect(.openParen)
    var initial: Statement? = nil
    if let kind = declarationKind {
      if case .identifier(let n) = next.kind,
        tokens[min(position + 2, tokens.count - 1)].kind == .keyword(.in)
          || tokens[min(position + 2, tokens.count - 1)].kind == .keyword(.of)
      {
        advance()
        advance()
        let isOf = isKeyword(.of)
        advance()
        let object = try expression()
        try expect(.closeParen)
        return .forIn(kind, .global(n), object, try statement(), isOf: isOf, nil)
      }
      initial = try declaration(allowIn: false)
    } else if case .identifier(let n) = current.kind, next.kind == .keyword(.in) || next.kind == .keyword(.of) {
      identifiers.insert(n)
      advance()
      let isOf = isKeyword(.of)
      advance()
      let object = try expression()
      try expect(.closeParen)
      return .forIn(nil, .global(n), object, try statement(), isOf: isOf, nil)
    } else if !isPunctuator(.semicolon) {
      initial = .expression(try expression(allowIn: false))
    }
    try expect(.semicolon)
    let test = isPunctuator(.semicolon) ? nil : try expression()
    try expect(.semicolon)
    let update = isPunctuator(.closeParen) ? nil : try expression()
    try expect(.closeParen)
    return .forLoop(initial, test, update, try statement(), nil)
  }

  private mutating func switchStatement() throws(ExpressionError) -> Statement {
    advance()
    try expect(.openParen)
    let subject = try expression()
    try expect(.closeParen)
    try expect(.openBrace)
    var cases: [(test: Node?, body: [Statement])] = []
    while !eat(.closeBrace) {
      var test: Node? = nil
      if isKeyword(.case) {
        advance()
        test = try expression()
      } else if isKeyword(.default) {
        advance()
      } else {
        throw error("expected 'case' or 'default', found \(describe(current))")
      }
      try expect(.colon)
      var body: [Statement] = []
      while !isKeyword(.case) && !isKeyword(.default) && !isPunctuator(.closeBrace) {
        guard current.kind != .end else { throw error("expected '}', found the end") }
        body.append(try statement())
      }
      cases.append((test, body))
    }
    return .switchCase(subject, cases, nil)
  }

  private mutating func tryStatement() throws(ExpressionError) -> Statement {
    advance()
    let body = Statement.block(try block(), nil)
    var name: String? = nil
    var handler: Statement? = nil
    var finalizer: Statement? = nil
    if isKeyword(.catch) {
      advance()
      if eat(.openParen) {
        name = try self.name()
        try expect(.closeParen)
      }
      handler = .block(try block(), nil)
    }
    if isKeyword(.finally) {
      advance()
      finalizer = .block(try block(), nil)
    }
    guard handler != nil || finalizer != nil else { throw error("expected 'catch' or 'finally' after a try block") }
    return .tryCatch(body, name, handler, finalizer)
  }

  private mutating func function(named: Bool) throws(ExpressionError) -> FunctionSyntax {
    var functionName: String? = nil
    if case .identifier(let n) = current.kind {
      functionName = n
      advance()
    } else if named {
      throw error("expected a function name, found \(describe(current))")
    }
    return try functionRest(name: functionName)
  }

  /// A function from its `(` on: the parameters and the body.
  private mutating func functionRest(name functionName: String?) throws(ExpressionError) -> FunctionSyntax {
    try expect(.openParen)
    let p = try parameterList()
    let body = try block()
    return FunctionSyntax(
      name: functionName, parameters: p.names, defaults: p.defaults, hasRest: p.hasRest, body: body, isArrow: false)
  }

  /// A function's parameters after its `(`, up to and with the `)`: names, `name = default`, and `...rest` last.
  private mutating func parameterList() throws(ExpressionError) -> (
    names: [String], defaults: [Node?], hasRest: Bool
  ) {
    var names: [String] = []
    var defaults: [Node?] = []
    var hasRest = false
    while !eat(.closeParen) {
      if eat(.ellipsis) {
        names.append(try name())
        defaults.append(nil)
        hasRest = true
        guard isPunctuator(.closeParen) else { throw error("a rest parameter must be the last") }
        continue
      }
      names.append(try name())
      defaults.append(eat(.assign) ? try assignment() : nil)
      if !isPunctuator(.closeParen) { try expect(.comma) }
    }
    return (names, defaults, hasRest)
  }

  // MARK: - Expressions

  mutating func expression(allowIn: Bool = true) throws(ExpressionError) -> Node {
    let first = try assignment(allowIn: allowIn)
    guard isPunctuator(.comma) else { return first }
    var items = [first]
    while eat(.comma) { items.append(try assignment(allowIn: allowIn)) }
    return .sequence(items)
  }

  private mutating func assignment(allowIn: Bool = true) throws(ExpressionError) -> Node {
    try enter()
    defer { depth -= 1 }
    if let arrow = try arrowFunction() { return arrow }
    let target = try conditional(allowIn: allowIn)
    guard case .punctuator(let p) = current.kind, let op = p.assignment else { return target }
    switch target {
    case .global, .member, .index: break
    default: throw error("cannot assign to this")
    }
    advance()
    let value = try assignment(allowIn: allowIn)
    return .assign(op, target, value)
  }

  /// `x => ...` or `(a, b = 1, ...rest) => ...`, when the tokens ahead are one.
  private mutating func arrowFunction() throws(ExpressionError) -> Node? {
    var parameters: (names: [String], defaults: [Node?], hasRest: Bool) = ([], [], false)
    let start = position
    if case .identifier(let n) = current.kind, next.kind == .punctuator(.arrow) {
      parameters.names = [n]
      advance()
    } else if isPunctuator(.openParen), let end = arrowParametersEnd() {
      guard !tokens[end + 1].isAfterNewline else { return nil }
      advance()
      parameters = try parameterList()
    } else {
      return nil
    }
    guard isPunctuator(.arrow), !current.isAfterNewline || position == start else { return nil }
    advance()
    let body: [Statement]
    if isPunctuator(.openBrace) {
      body = try block()
    } else {
      body = [.returnValue(try assignment())]
    }
    return .function(
      FunctionSyntax(
        name: nil, parameters: parameters.names, defaults: parameters.defaults, hasRest: parameters.hasRest,
        body: body, isArrow: true))
  }

  /// Where the `)` is when the tokens from the current `(` are an arrow function's parameters (`(...) =>`).
  /// Most parentheses are not: a list of names ends the look at its first other token, and only a default
  /// (`=`) makes it read on to the matching parenthesis.
  private func arrowParametersEnd() -> Int? {
    var j = position + 1
    scan: while true {
      switch tokens[j].kind {
      case .identifier, .punctuator(.comma), .punctuator(.ellipsis): j += 1
      case .punctuator(.closeParen): return tokens[j + 1].kind == .punctuator(.arrow) ? j : nil
      case .punctuator(.assign): break scan
      default: return nil
      }
    }
    var depth = 0
    while j < tokens.count - 1 {
      switch tokens[j].kind {
      case .punctuator(.openParen), .punctuator(.openBracket), .punctuator(.openBrace): depth += 1
      case .punctuator(.closeParen), .punctuator(.closeBracket), .punctuator(.closeBrace):
        if depth == 0 {
          return tokens[j].kind == .punctuator(.closeParen) && tokens[j + 1].kind == .punctuator(.arrow) ? j : nil
        }
        depth -= 1
      default: break
      }
      j += 1
    }
    return nil
  }

  private mutating func conditional(allowIn: Bool) throws(ExpressionError) -> Node {
    let test = try binary(0, allowIn: allowIn)
    guard eat(.question) else { return test }
    let then = try assignment()
    try expect(.colon)
    let otherwise = try assignment(allowIn: allowIn)
    return .conditional(test, then, otherwise)
  }

  /// Levels of binary operators, from `??` (0) to `*` (10); `**` is read apart (right-associative).
  private static let levels = 11

  /// The operator the current token spells when it is one of `level`.
  private func infixOperator(_ level: Int, allowIn: Bool) -> Infix? {
    let op: Infix
    switch current.kind {
    case .punctuator(let p):
      if let logical = LogicalOperator(rawValue: p.rawValue) {
        op = .logical(logical)
      } else if let binary = p.binaryOperator, binary != .exponent {
        op = .binary(binary)
      } else {
        return nil
      }
    case .keyword(.instanceof): op = .binary(.instanceof)
    case .keyword(.in) where allowIn: op = .binary(.in)
    default: return nil
    }
    return op.precedence == level ? op : nil
  }

  private enum Infix {
    case logical(LogicalOperator)
    case binary(BinaryOperator)

    var precedence: Int {
      switch self {
      case .logical(let op): return op.precedence
      case .binary(let op): return op.precedence
      }
    }
  }

  private mutating func binary(_ level: Int, allowIn: Bool) throws(ExpressionError) -> Node {
    guard level < Self.levels else { return try exponent() }
    var left = try binary(level + 1, allowIn: allowIn)
    while let op = infixOperator(level, allowIn: allowIn) {
      advance()
      try link()
      try enter()
      defer { depth -= 1 }
      let right = try binary(level + 1, allowIn: allowIn)
      switch op {
      case .logical(let logical): left = .logical(logical, left, right)
      case .binary(let binary): left = .binary(binary, left, right)
      }
    }
    return left
  }

  private mutating func exponent() throws(ExpressionError) -> Node {
    let base = try unary()
    guard eat(.exponent) else { return base }
    // Right-associative, so parsed by recursion: each `**` is a level of nesting.
    try enter()
    defer { depth -= 1 }
    return .binary(.exponent, base, try exponent())
  }

  private mutating func unary() throws(ExpressionError) -> Node {
    try enter()
    defer { depth -= 1 }
    switch current.kind {
    case .punctuator(let p) where p == .not || p == .minus || p == .plus || p == .bitNot:
      advance()
      let operand = try unary()
      if p == .minus, case .number(let n) = operand { return .number(-n) }
      return .unary(UnaryOperator(rawValue: p.rawValue) ?? .void, operand)
    case .punctuator(let p) where p == .increment || p == .decrement:
      advance()
      let target = try unary()
      return .update(p == .increment ? 1 : -1, prefix: true, target)
    case .keyword(.typeof):
      advance()
      return .typeof(try unary())
    case .keyword(.void):
      advance()
      return .unary(.void, try unary())
    case .keyword(.delete):
      advance()
      return .delete(try unary())
    default:
      let operand = try postfix()
      if case .punctuator(let p) = current.kind, p == .increment || p == .decrement, !current.isAfterNewline {
        advance()
        return .update(p == .increment ? 1 : -1, prefix: false, operand)
      }
      return operand
    }
  }

  private mutating func postfix() throws(ExpressionError) -> Node {
    var node: Node
    if isKeyword(.new) {
      advance()
      var callee = try primary()
      while true {
        if isPunctuator(.dot) || isPunctuator(.openBracket) { try link() }
        if eat(.dot) {
          callee = .member(callee, MemberName(try propertyName()))
        } else if eat(.openBracket) {
          callee = .index(callee, try expression())
          try expect(.closeBracket)
        } else {
          break
        }
      }
      node = .new(callee, isPunctuator(.openParen) ? try arguments() : [])
    } else {
      node = try primary()
    }
    while true {
      if isPunctuator(.dot) || isPunctuator(.openBracket) || isPunctuator(.openParen) { try link() }
      if eat(.dot) {
        node = .member(node, MemberName(try propertyName()))
      } else if isPunctuator(.openBracket) {
        advance()
        node = .index(node, try expression())
        try expect(.closeBracket)
      } else if isPunctuator(.openParen) {
        node = .call(node, try arguments())
      } else {
        return node
      }
    }
  }

  private mutating func propertyName() throws(ExpressionError) -> String {
    switch current.kind {
    case .identifier(let n):
      advance()
      return n
    case .keyword(let k):
      advance()
      return k.rawValue
    default: throw error("expected a property name, found \(describe(current))")
    }
  }

  private mutating func arguments() throws(ExpressionError) -> [Node] {
    try expect(.openParen)
    var items: [Node] = []
    if !isPunctuator(.closeParen) {
      repeat {
        if isPunctuator(.closeParen) { break }
        items.append(eat(.ellipsis) ? .spread(try assignment()) : try assignment())
      } while eat(.comma)
    }
    try expect(.closeParen)
    return items
  }

  private mutating func primary() throws(ExpressionError) -> Node {
    let token = current
    switch token.kind {
    case .number(let n):
      advance()
      return .number(n)
    case .string(let s):
      advance()
      return .string(s)
    case .identifier(let n):
      advance()
      identifiers.insert(n)
      return .global(n)
    case .keyword(.of):
      advance()
      identifiers.insert("of")
      return .global("of")
    case .keyword(.true):
      advance()
      return .boolean(true)
    case .keyword(.false):
      advance()
      return .boolean(false)
    case .keyword(.null):
      advance()
      return .null
    case .keyword(.undefined):
      advance()
      return .undefined
    case .keyword(.this):
      advance()
      return .this
    case .keyword(.function):
      advance()
      return .function(try function(named: false))
    case .punctuator(.openParen):
      advance()
      let inner = try expression()
      try expect(.closeParen)
      return inner
    case .punctuator(.openBracket):
      advance()
      var items: [Node?] = []
      while !eat(.closeBracket) {
        if isPunctuator(.comma) {
          advance()
          items.append(nil)
          continue
        }
        items.append(eat(.ellipsis) ? .spread(try assignment()) : try assignment())
        if !isPunctuator(.closeBracket) { try expect(.comma) }
      }
      return .array(items)
    case .punctuator(.openBrace):
      advance()
      var entries: [(key: PropertyKey, value: Node)] = []
      while !eat(.closeBrace) {
        if eat(.openBracket) {
          // A computed key: `{[k]: value}`, `{[k]() {...}}`.
          let computed = try assignment()
          try expect(.closeBracket)
          if isPunctuator(.openParen) {
            entries.append((.computed(computed), .function(try functionRest(name: nil))))
          } else {
            try expect(.colon)
            entries.append((.computed(computed), try assignment()))
          }
          if !isPunctuator(.closeBrace) { try expect(.comma) }
          continue
        }
        let key: String
        switch current.kind {
        case .identifier(let n), .string(let n): key = n
        case .keyword(let k): key = k.rawValue
        case .number(let n): key = JSValue.number(n).stringValue
        default: throw error("expected a property name, found \(describe(current))")
        }
        advance()
        if isPunctuator(.comma) || isPunctuator(.closeBrace) {
          entries.append((.name(key), .global(key)))  // shorthand `{a}`
          identifiers.insert(key)
        } else if isPunctuator(.openParen) {
          entries.append((.name(key), .function(try functionRest(name: nil))))  // a method: `{f() {...}}`
        } else {
          try expect(.colon)
          entries.append((.name(key), try assignment()))
        }
        if !isPunctuator(.closeBrace) { try expect(.comma) }
      }
      return .object(entries)
    case .punctuator(.divide), .punctuator(.divideAssign):
      throw error("regular expressions are not supported")
    default:
      throw error("unexpected \(describe(token))")
    }
  }
}
