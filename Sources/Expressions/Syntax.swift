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

/// Where a declared name lives while the program runs: `hops` scopes out from the scope of the code that names
/// it, at `index` among that scope's slots. Found once, when the program is compiled (``Resolver``), instead of
/// looking the name up by string in every scope at every access.
struct Slot: Sendable {
  var hops: Int
  var index: Int
  /// A `const`: assigning it is a TypeError.
  var isConstant: Bool
  /// For error messages.
  var name: String
}

/// A name a program reads or writes: a slot of a scope it declares, or a name it does not declare (the run's
/// own names such as `time` and `value`, names it assigns without declaring, the built-ins, then the host).
enum Reference: Sendable {
  case local(Slot)
  case global(String)

  var name: String {
    switch self {
    case .local(let slot): return slot.name
    case .global(let name): return name
    }
  }
}

/// A name a declaration declares, with its initial value, and (once resolved) its slot.
struct Declarator: Sendable {
  var name: String
  var value: Node?
  var target: Reference
}

/// The slots of a scope a block (or a loop, a `switch`, a `catch`) makes when it runs, and the functions it
/// declares, bound to their slots when it is entered. A block that declares nothing with `let`, `const` or
/// `function` makes no scope (its statements run in the enclosing one).
struct BlockScope: Sendable {
  var count = 0
  var functions: [FunctionBinding] = []
}

/// A function declaration bound when its scope is entered.
struct FunctionBinding: Sendable {
  var index: Int
  var function: FunctionSyntax
}

/// A function's scope as the resolver laid it out: how many slots, where each parameter goes, `arguments`
/// (when the function reads it), the function's own name (a function expression can call itself), the
/// declarations bound on entry; for the program itself, where each declared name is (the host's names of
/// the same name are its initial values) and `$bm_rt`.
struct FunctionLayout: Sendable {
  var count = 0
  var parameters: [Int] = []
  var arguments: Int? = nil
  var selfName: Int? = nil
  var functions: [FunctionBinding] = []
  var named: [String: Int] = [:]
  var result: Int? = nil
}

/// An expression node of the syntax tree.
indirect enum Node: Sendable {
  case number(Double)
  case string(String)
  case boolean(Bool)
  case null
  case undefined
  case this
  /// A name: the parser writes every name as `.global`; the resolver turns those the program declares into
  /// `.local` slots.
  case local(Slot)
  case global(String)
  case array([Node?])
  case object([(key: PropertyKey, value: Node)])
  /// `...items` in a call's arguments or an array literal (the parser makes it nowhere else).
  case spread(Node)
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

/// An object literal's key: a name (`{a: 1}`, `{'a': 1}`, `{1: x}`) or computed (`{[k]: 1}`).
enum PropertyKey: Sendable {
  case name(String)
  case computed(Node)
}

/// A function's parameters and body, as declared.
final class FunctionSyntax: Sendable {
  let name: String?
  let parameters: [String]
  /// Each parameter's default (`b = 2`), nil where it has none; empty when no parameter has one.
  let defaults: [Node?]
  /// The last parameter takes the rest of the arguments as an array (`...rest`).
  let hasRest: Bool
  let body: [Statement]
  /// An arrow function: `this` is the enclosing one's and there is no `arguments`.
  let isArrow: Bool
  /// Names declared with `var` or `function` in the body (hoisted to the function's scope).
  let hoisted: [String]
  /// Its scope's slots (empty until resolved).
  let layout: FunctionLayout

  init(
    name: String?, parameters: [String], defaults: [Node?] = [], hasRest: Bool = false, body: [Statement],
    isArrow: Bool, layout: FunctionLayout = .init()
  ) {
    self.name = name
    self.parameters = parameters
    self.defaults = defaults.contains { $0 != nil } ? defaults : []
    self.hasRest = hasRest
    self.body = body
    self.isArrow = isArrow
    var names: [String] = []
    for s in body { Statement.collectHoisted(s, into: &names) }
    self.hoisted = names
    self.layout = layout
  }
}

/// A statement of the syntax tree.
indirect enum Statement: Sendable {
  /// `var`/`let`/`const`, then each name and its initial value.
  case declare(DeclarationKind, [Declarator])
  /// A function declaration (bound to its name when its scope is entered: see ``BlockScope``).
  case function(FunctionSyntax)
  case expression(Node)
  /// A block, with the scope it makes (nil: none).
  case block([Statement], BlockScope?)
  case ifElse(Node, Statement, Statement?)
  /// `for (initial; test; update) body`, in a scope of its own when `initial` declares with `let` or `const`.
  case forLoop(Statement?, Node?, Node?, Statement, BlockScope?)
  /// `for (var key in object)`: the declaration's kind (nil: an existing name), the name, the object, and the
  /// loop's own scope when the name is declared with `let` or `const`.
  case forIn(DeclarationKind?, Reference, Node, Statement, isOf: Bool, BlockScope?)
  case whileLoop(Node, Statement)
  case doWhile(Statement, Node)
  /// The cases share one scope, when they declare with `let`, `const` or `function`.
  case switchCase(Node, [(test: Node?, body: [Statement])], BlockScope?)
  case breakLoop(String?)
  case continueLoop(String?)
  case returnValue(Node?)
  case throwValue(Node)
  /// The body, the name the `catch` gives the error (slot 0 of the catch's scope), the handler, the `finally`.
  case tryCatch(Statement, String?, Statement?, Statement?)
  case labeled(String, Statement)
  case empty

  /// The `var` and function names a statement declares in its function's scope.
  static func collectHoisted(_ s: Statement, into names: inout [String]) {
    switch s {
    case .declare(.var, let items): names.append(contentsOf: items.map(\.name))
    case .function(let f): if let n = f.name { names.append(n) }
    case .block(let b, _): for x in b { collectHoisted(x, into: &names) }
    case .ifElse(_, let a, let b):
      collectHoisted(a, into: &names)
      if let b { collectHoisted(b, into: &names) }
    case .forLoop(let i, _, _, let body, _):
      if let i { collectHoisted(i, into: &names) }
      collectHoisted(body, into: &names)
    case .forIn(let k, let n, _, let body, _, _):
      if k == .var { names.append(n.name) }
      collectHoisted(body, into: &names)
    case .whileLoop(_, let b), .doWhile(let b, _), .labeled(_, let b): collectHoisted(b, into: &names)
    case .switchCase(_, let cases, _): for c in cases { for x in c.body { collectHoisted(x, into: &names) } }
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
    let assignsResult = parser.identifiers.contains("$bm_rt")
    let body = try Resolver.resolveProgram(statements, declaringResult: assignsResult)
    return Program(body: body, freeNames: parser.identifiers, assignsResult: assignsResult)
  }
}
