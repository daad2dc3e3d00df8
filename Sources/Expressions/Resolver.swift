/// Gives every name a program declares a slot, once, when the program is compiled: each scope the program
/// will make when it runs (a function's, a block's that declares with `let`, `const` or `function`, a loop's,
/// a `switch`'s, a `catch`'s) is laid out here with the same nesting, and each name it reads or writes
/// becomes "`hops` scopes out, slot `index`". Running it then indexes arrays instead of hashing a name in every
/// scope from the innermost out at each access. A name the program does not declare stays `.global` (the
/// run's own names, names assigned without a declaration, the built-ins, then the host's lookup).
///
/// JavaScript without `eval` and `with` (both refused) is lexically scoped, so this is exact: the scopes made
/// at run time are the ones laid out here, one for one (``Interpreter`` makes a scope exactly where the layout
/// says).
struct Resolver {
  /// One scope being laid out.
  private final class Frame {
    var names: [String: (index: Int, constant: Bool)] = [:]
    var count = 0
    /// A non-arrow function's scope, which gives `arguments` to the code that reads it (the program's does not).
    let providesArguments: Bool
    var arguments: Int? = nil
    var functions: [FunctionBinding] = []

    init(providesArguments: Bool = false) { self.providesArguments = providesArguments }

    /// The slot of `name` in this scope (its existing one when declared already: `var x` twice is one `x`).
    @discardableResult
    func declare(_ name: String, constant: Bool = false) -> Int {
      if let existing = names[name] {
        names[name] = (existing.index, constant)
        return existing.index
      }
      names[name] = (count, constant)
      count += 1
      return count - 1
    }
  }

  private var frames: [Frame] = []
  private let stack = StackGuard()

  /// The program's statements resolved, as the body of the function it runs as; `$bm_rt` is declared at its
  /// top when the program assigns it (Bodymovin's result variable).
  static func resolveProgram(_ statements: [Statement], declaringResult: Bool) throws(ExpressionError)
    -> FunctionSyntax
  {
    var resolver = Resolver()
    let frame = Frame()
    resolver.frames.append(frame)
    var hoisted: [String] = []
    for s in statements { Statement.collectHoisted(s, into: &hoisted) }
    for name in hoisted { frame.declare(name) }
    var layout = FunctionLayout()
    if declaringResult { layout.result = frame.declare("$bm_rt") }
    declareLexical(statements, in: frame)
    var body: [Statement] = []
    body.reserveCapacity(statements.count)
    for s in statements { body.append(try resolver.statement(s, direct: true)) }
    layout.count = frame.count
    layout.functions = frame.functions
    layout.named = frame.names.mapValues(\.index)
    layout.arguments = frame.arguments
    return FunctionSyntax(name: nil, parameters: [], body: body, isArrow: false, layout: layout)
  }

  /// Declares what a block's own statements declare with `let`, `const` and `function` (visible in the whole
  /// block, so a function declared before a `let` can read it).
  private static func declareLexical(_ statements: [Statement], in frame: Frame) {
    for s in statements {
      switch s {
      case .declare(let kind, let items) where kind != .var:
        for item in items { frame.declare(item.name, constant: kind == .const) }
      case .function(let f):
        if let name = f.name { frame.declare(name) }
      default: break
      }
    }
  }

  /// Whether a block makes a scope of its own: it declares with `let`, `const` or `function`.
  private static func needsScope(_ body: [Statement]) -> Bool {
    body.contains {
      switch $0 {
      case .declare(let k, _): return k != .var
      case .function: return true
      default: return false
      }
    }
  }

  private mutating func push() -> Frame {
    let frame = Frame()
    frames.append(frame)
    return frame
  }

  /// Where `name` is, from the innermost scope out.
  private mutating func resolve(_ name: String) -> Reference {
    var hops = 0
    for frame in frames.reversed() {
      if let entry = frame.names[name] {
        return .local(Slot(hops: hops, index: entry.index, isConstant: entry.constant, name: name))
      }
      if name == "arguments", frame.providesArguments {
        let index = frame.declare(name)
        frame.arguments = index
        return .local(Slot(hops: hops, index: index, isConstant: false, name: name))
      }
      hops += 1
    }
    return .global(name)
  }

  private func checkStack() throws(ExpressionError) {
    // As the interpreter says it when its walk of the same tree runs out of stack.
    guard stack.hasRoom() else {
      throw ExpressionError(.recursion, "the expression is nested too deep for the thread's stack")
    }
  }

  // MARK: - Functions

  private mutating func function(_ f: FunctionSyntax) throws(ExpressionError) -> FunctionSyntax {
    try checkStack()
    let frame = Frame(providesArguments: !f.isArrow)
    frames.append(frame)
    defer { frames.removeLast() }
    var layout = FunctionLayout()
    layout.parameters = f.parameters.map { frame.declare($0) }
    // `var arguments` in a function is its arguments (JavaScript gives the declaration no new value).
    if !f.isArrow, !f.parameters.contains("arguments"), f.hoisted.contains("arguments") {
      frame.arguments = frame.declare("arguments")
    }
    for name in f.hoisted { frame.declare(name) }
    // (A function named `arguments` reads its arguments by that name, not itself.)
    if let name = f.name, frame.names[name] == nil, f.isArrow || name != "arguments" {
      layout.selfName = frame.declare(name)
    }
    Self.declareLexical(f.body, in: frame)
    // Defaults are read in the function's scope (`(a, b = a * 2) => ...`).
    var defaults: [Node?] = []
    for d in f.defaults { defaults.append(try optionalNode(d)) }
    var body: [Statement] = []
    body.reserveCapacity(f.body.count)
    for s in f.body { body.append(try statement(s, direct: true)) }
    layout.count = frame.count
    layout.arguments = frame.arguments
    layout.functions = frame.functions
    return FunctionSyntax(
      name: f.name, parameters: f.parameters, defaults: defaults, hasRest: f.hasRest, body: body, isArrow: f.isArrow,
      layout: layout)
  }

  // MARK: - Statements

  private mutating func statements(_ list: [Statement]) throws(ExpressionError) -> [Statement] {
    var out: [Statement] = []
    out.reserveCapacity(list.count)
    for s in list { out.append(try statement(s, direct: true)) }
    return out
  }

  private mutating func optional(_ s: Statement?) throws(ExpressionError) -> Statement? {
    guard let s else { return nil }
    return try statement(s)
  }

  /// `direct`: the statement is one of a block's, a function's or the program's own (not the body of an `if`,
  /// a loop or a label).
  private mutating func statement(_ s: Statement, direct: Bool = false) throws(ExpressionError) -> Statement {
    try checkStack()
    switch s {
    case .declare(let kind, let items):
      var out: [Declarator] = []
      for item in items {
        let value = try optionalNode(item.value)
        out.append(Declarator(name: item.name, value: value, target: resolve(item.name)))
      }
      return .declare(kind, out)
    case .function(let f):
      let resolved = try function(f)
      // Bound when the scope that declares it is entered. A declaration that is the body of an `if`, a loop or
      // a label is hoisted but never bound (whether its line runs or not), as before.
      if direct, let name = f.name, case .local(let slot) = resolve(name), slot.hops == 0, let frame = frames.last {
        frame.functions.append(FunctionBinding(index: slot.index, function: resolved))
      }
      return .function(resolved)
    case .expression(let e): return .expression(try node(e))
    case .block(let body, _):
      guard Self.needsScope(body) else { return .block(try statements(body), nil) }
      let frame = push()
      defer { frames.removeLast() }
      Self.declareLexical(body, in: frame)
      let resolved = try statements(body)
      return .block(resolved, BlockScope(count: frame.count, functions: frame.functions))
    case .ifElse(let test, let then, let otherwise):
      return .ifElse(try node(test), try statement(then), try optional(otherwise))
    case .forLoop(let initial, let test, let update, let body, _):
      return try forLoop(initial, test, update, body)
    case .forIn(let kind, let target, let object, let body, let isOf, _):
      return try forIn(kind, target, object, body, isOf: isOf)
    case .whileLoop(let test, let body): return .whileLoop(try node(test), try statement(body))
    case .doWhile(let body, let test): return .doWhile(try statement(body), try node(test))
    case .switchCase(let subject, let cases, _): return try switchStatement(subject, cases)
    case .returnValue(let v): return .returnValue(try optionalNode(v))
    case .throwValue(let v): return .throwValue(try node(v))
    case .tryCatch(let body, let name, let handler, let finalizer):
      let b = try statement(body)
      var h: Statement? = nil
      if let handler {
        // The catch's scope: its name at slot 0 (or nothing).
        let frame = push()
        defer { frames.removeLast() }
        if let name { frame.declare(name) }
        h = try statement(handler)
      }
      return .tryCatch(b, name, h, try optional(finalizer))
    case .labeled(let label, let body): return .labeled(label, try statement(body))
    case .breakLoop, .continueLoop, .empty: return s
    }
  }

  private mutating func forLoop(_ initial: Statement?, _ test: Node?, _ update: Node?, _ body: Statement)
    throws(ExpressionError) -> Statement
  {
    guard case .declare(let kind, let items)? = initial, kind != .var else {
      return .forLoop(try optional(initial), try optionalNode(test), try optionalNode(update), try statement(body), nil)
    }
    let frame = push()
    defer { frames.removeLast() }
    for item in items { frame.declare(item.name, constant: kind == .const) }
    let i = try optional(initial)
    let t = try optionalNode(test)
    let u = try optionalNode(update)
    let b = try statement(body)
    return .forLoop(i, t, u, b, BlockScope(count: frame.count, functions: frame.functions))
  }

  private mutating func forIn(
    _ kind: DeclarationKind?, _ target: Reference, _ object: Node, _ body: Statement, isOf: Bool
  ) throws(ExpressionError) -> Statement {
    let o = try node(object)  // evaluated outside the loop's scope
    guard let kind, kind != .var else {
      return .forIn(kind, resolve(target.name), o, try statement(body), isOf: isOf, nil)
    }
    let frame = push()
    defer { frames.removeLast() }
    frame.declare(target.name, constant: kind == .const)
    let t = resolve(target.name)
    let b = try statement(body)
    return .forIn(kind, t, o, b, isOf: isOf, BlockScope(count: frame.count, functions: frame.functions))
  }

  private mutating func switchStatement(_ subject: Node, _ cases: [(test: Node?, body: [Statement])])
    throws(ExpressionError) -> Statement
  {
    // The subject and the tests are evaluated outside the cases' scope.
    let s = try node(subject)
    var tests: [Node?] = []
    for c in cases { tests.append(try optionalNode(c.test)) }
    let scoped = cases.contains { Self.needsScope($0.body) }
    let frame = scoped ? push() : frames[frames.count - 1]
    defer { if scoped { frames.removeLast() } }
    if scoped { for c in cases { Self.declareLexical(c.body, in: frame) } }
    var out: [(test: Node?, body: [Statement])] = []
    for (i, c) in cases.enumerated() { out.append((tests[i], try statements(c.body))) }
    return .switchCase(s, out, scoped ? BlockScope(count: frame.count, functions: frame.functions) : nil)
  }

  // MARK: - Expressions

  private mutating func optionalNode(_ n: Node?) throws(ExpressionError) -> Node? {
    guard let n else { return nil }
    return try node(n)
  }

  private mutating func nodes(_ list: [Node]) throws(ExpressionError) -> [Node] {
    var out: [Node] = []
    out.reserveCapacity(list.count)
    for n in list { out.append(try node(n)) }
    return out
  }

  // Trees are as high as the parser allows (1,000 links of a chain): each kind of node with more than a couple
  // of children has its own method, so the frame that recursion repeats stays small in a debug build.
  private mutating func node(_ n: Node) throws(ExpressionError) -> Node {
    try checkStack()
    switch n {
    case .global(let name):
      if case .local(let slot) = resolve(name) { return .local(slot) }
      return n
    case .number, .string, .boolean, .null, .undefined, .this, .local: return n
    case .binary(let op, let a, let b): return .binary(op, try node(a), try node(b))
    case .logical(let op, let a, let b): return .logical(op, try node(a), try node(b))
    case .member(let o, let key): return .member(try node(o), key)
    case .index(let o, let k): return .index(try node(o), try node(k))
    case .call(let callee, let arguments): return .call(try node(callee), try nodes(arguments))
    case .unary(let op, let x): return .unary(op, try node(x))
    case .assign(let op, let target, let value): return .assign(op, try node(target), try node(value))
    default: return try other(n)
    }
  }

  private mutating func other(_ n: Node) throws(ExpressionError) -> Node {
    switch n {
    case .array(let items):
      var out: [Node?] = []
      out.reserveCapacity(items.count)
      for item in items { out.append(try optionalNode(item)) }
      return .array(out)
    case .object(let entries):
      var out: [(key: PropertyKey, value: Node)] = []
      out.reserveCapacity(entries.count)
      for e in entries {
        var key = e.key
        if case .computed(let k) = key { key = .computed(try node(k)) }
        out.append((key, try node(e.value)))
      }
      return .object(out)
    case .spread(let x): return .spread(try node(x))
    case .function(let f): return .function(try function(f))
    case .conditional(let t, let a, let b): return .conditional(try node(t), try node(a), try node(b))
    case .update(let delta, let prefix, let target): return .update(delta, prefix: prefix, try node(target))
    case .new(let callee, let arguments): return .new(try node(callee), try nodes(arguments))
    case .sequence(let items): return .sequence(try nodes(items))
    case .typeof(let x): return .typeof(try node(x))
    case .delete(let x): return .delete(try node(x))
    default: return n
    }
  }
}
