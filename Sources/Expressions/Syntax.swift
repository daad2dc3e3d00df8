/// Why an expression did not give a value: it does not parse, it threw, or it went over its budget.
public struct ExpressionError: Error, Sendable, CustomStringConvertible, Equatable {
  public enum Kind: String, Sendable {
    /// The source is not JavaScript we parse.
    case syntax
    /// The program threw (a `throw`, a type error, an unknown name).
    case runtime
    /// It ran out of steps (per evaluation or per frame).
    case steps
    /// It allocated more array elements or string bytes than the memory cap.
    case memory
    /// Calls nested deeper than the recursion limit.
    case recursion
    /// It asked for something an expression may not have: `eval`, `Function`, the host.
    case forbidden
  }
  public var kind: Kind
  public var message: String
  /// Where in the source (UTF-8 offset), when known.
  public var offset: Int?

  public init(_ kind: Kind, _ message: String, at offset: Int? = nil) {
    self.kind = kind
    self.message = message
    self.offset = offset
  }

  public var description: String {
    switch kind {
    case .syntax: return "syntax error: \(message)" + (offset.map { " (at character \($0))" } ?? "")
    case .runtime: return message
    case .steps, .memory, .recursion, .forbidden: return message
    }
  }
}

/// A binary operator, by its spelling. (`&&`, `||` and `??` evaluate their right side only when needed: they
/// are ``LogicalOperator``s.)
enum BinaryOperator: String, Sendable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case remainder = "%"
  case exponent = "**"
  case equal = "=="
  case notEqual = "!="
  case strictEqual = "==="
  case strictNotEqual = "!=="
  case less = "<"
  case greater = ">"
  case lessOrEqual = "<="
  case greaterOrEqual = ">="
  case bitAnd = "&"
  case bitOr = "|"
  case bitXor = "^"
  case shiftLeft = "<<"
  case shiftRight = ">>"
  case unsignedShiftRight = ">>>"
  case instanceof, `in`

  /// Binding strength, as JavaScript's grammar nests them (a higher level binds tighter); the logical
  /// operators are below every one of these.
  var precedence: Int {
    switch self {
    case .bitOr: return 3
    case .bitXor: return 4
    case .bitAnd: return 5
    case .equal, .notEqual, .strictEqual, .strictNotEqual: return 6
    case .less, .greater, .lessOrEqual, .greaterOrEqual, .instanceof, .in: return 7
    case .shiftLeft, .shiftRight, .unsignedShiftRight: return 8
    case .add, .subtract: return 9
    case .multiply, .divide, .remainder: return 10
    case .exponent: return 11
    }
  }
}

/// `&&`, `||`, `??`: the right side is evaluated only when needed.
enum LogicalOperator: String, Sendable {
  case and = "&&"
  case or = "||"
  case nullish = "??"

  /// Binding strength, below every ``BinaryOperator``.
  var precedence: Int {
    switch self {
    case .nullish: return 0
    case .or: return 1
    case .and: return 2
    }
  }
}

/// A prefix operator other than `++`, `--`, `typeof` and `delete` (which have nodes of their own).
enum UnaryOperator: String, Sendable {
  case not = "!"
  case negate = "-"
  case plus = "+"
  case bitNot = "~"
  case void
}

/// How a declaration declares: `var` in the function's scope, `let` and `const` in the block's.
enum DeclarationKind: String, Sendable {
  case `var`, `let`, `const`
}

/// An expression node of the syntax tree.
indirect enum Node: Sendable {
  case number(Double)
  case string(String)
  case boolean(Bool)
  case null
  case undefined
  case this
  case identifier(String)
  case array([Node?])
  case object([(key: String, value: Node)])
  case function(FunctionSyntax)
  case unary(UnaryOperator, Node)
  case binary(BinaryOperator, Node, Node)
  /// `&&`, `||`, `??`: the right side only when needed.
  case logical(LogicalOperator, Node, Node)
  case conditional(Node, Node, Node)
  /// `target = value` (nil) or `target op= value`.
  case assign(BinaryOperator?, Node, Node)
  /// `++x`, `x--`: the delta and whether the new value is the result.
  case update(Double, prefix: Bool, Node)
  case member(Node, MemberName)
  case index(Node, Node)
  case call(Node, [Node])
  case new(Node, [Node])
  case sequence([Node])
  case typeof(Node)
  case delete(Node)
}

/// A function's parameters and body, as declared.
final class FunctionSyntax: Sendable {
  let name: String?
  let parameters: [String]
  let body: [Statement]
  /// An arrow function: `this` is the enclosing one's and there is no `arguments`.
  let isArrow: Bool
  /// Names declared with `var` or `function` in the body (hoisted to the function's scope).
  let hoisted: [String]

  init(name: String?, parameters: [String], body: [Statement], isArrow: Bool) {
    self.name = name
    self.parameters = parameters
    self.body = body
    self.isArrow = isArrow
    var names: [String] = []
    for s in body { Statement.collectHoisted(s, into: &names) }
    self.hoisted = names
  }
}

/// A statement of the syntax tree.
indirect enum Statement: Sendable {
  /// `var`/`let`/`const`, then each name and its initial value.
  case declare(DeclarationKind, [(name: String, value: Node?)])
  case function(FunctionSyntax)
  case expression(Node)
  case block([Statement])
  case ifElse(Node, Statement, Statement?)
  case forLoop(Statement?, Node?, Node?, Statement)
  /// `for (var key in object)`: the declaration's kind (nil: an existing name), the name, the object.
  case forIn(DeclarationKind?, String, Node, Statement, isOf: Bool)
  case whileLoop(Node, Statement)
  case doWhile(Statement, Node)
  case switchCase(Node, [(test: Node?, body: [Statement])])
  case breakLoop(String?)
  case continueLoop(String?)
  case returnValue(Node?)
  case throwValue(Node)
  case tryCatch(Statement, String?, Statement?, Statement?)
  case labeled(String, Statement)
  case empty

  /// The `var` and function names a statement declares in its function's scope.
  static func collectHoisted(_ s: Statement, into names: inout [String]) {
    switch s {
    case .declare(.var, let items): names.append(contentsOf: items.map(\.name))
    case .function(let f): if let n = f.name { names.append(n) }
    case .block(let b): for x in b { collectHoisted(x, into: &names) }
    case .ifElse(_, let a, let b):
      collectHoisted(a, into: &names)
      if let b { collectHoisted(b, into: &names) }
    case .forLoop(let i, _, _, let body):
      if let i { collectHoisted(i, into: &names) }
      collectHoisted(body, into: &names)
    case .forIn(let k, let n, _, let body, _):
      if k == .var { names.append(n) }
      collectHoisted(body, into: &names)
    case .whileLoop(_, let b), .doWhile(let b, _), .labeled(_, let b): collectHoisted(b, into: &names)
    case .switchCase(_, let cases): for c in cases { for x in c.body { collectHoisted(x, into: &names) } }
    case .tryCatch(let a, _, let b, let c):
      collectHoisted(a, into: &names)
      if let b { collectHoisted(b, into: &names) }
      if let c { collectHoisted(c, into: &names) }
    default: break
    }
  }
}

/// A parsed expression: immutable, shared between workers.
public struct Program: Sendable {
  let body: FunctionSyntax
  /// Every name the program reads that it does not declare (what it needs from its host).
  public let freeNames: Set<String>
  /// Whether it assigns `$bm_rt` (Bodymovin's result variable).
  public let assignsResult: Bool

  /// Longest source compiled: exported expressions are a few kilobytes; a longer one is refused before it is
  /// read, in every worker that would read it.
  public static let maxSourceBytes = 256 << 10

  /// Parses `source`; a syntax error says where and why.
  public static func compile(_ source: String) throws(ExpressionError) -> Program {
    guard source.utf8.count <= maxSourceBytes else {
      throw ExpressionError(
        .memory, "the expression is \(source.utf8.count) bytes long, over the limit of \(maxSourceBytes)")
    }
    var parser = try Parser(source)
    let statements = try parser.program()
    let body = FunctionSyntax(name: nil, parameters: [], body: statements, isArrow: false)
    return Program(body: body, freeNames: parser.identifiers, assignsResult: parser.identifiers.contains("$bm_rt"))
  }
}
