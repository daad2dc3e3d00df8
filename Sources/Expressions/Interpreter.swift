/// Runs programs: one per worker (it is not shared between threads), reused for every evaluation.
///
/// Each `run` is bounded by the budget: steps per evaluation and per frame (`beginFrame`), bytes allocated,
/// calls nested, and the thread's stack. Going over ends the evaluation with an `ExpressionError` that says
/// which limit, and no `catch` in the program can stop it.
public final class Interpreter {
  public var budget: ExpressionBudget
  /// `Math.random` and After Effects' `random`: seeded by the host for each evaluation, so every run and
  /// every worker draws the same numbers.
  public var random = SeededRandom(seed: 0)
  /// Steps taken by this evaluation and by this frame's evaluations.
  public private(set) var steps = 0
  public private(set) var frameSteps = 0
  /// Bytes allocated by this evaluation.
  public private(set) var allocated = 0
  private var stepLimit = 0
  private var depth = 0
  private var stack = StackGuard()
  /// The value a `throw` threw, while the error travels to a `catch`.
  private var thrown: JSValue?
  /// Whether the error travelling was thrown by the program's own `throw` (not by a lookup or a built-in).
  private var thrownByProgram = false
  /// The first error of this evaluation that a `catch` stopped and that the program did not throw itself (a
  /// missing layer or effect inside `try { ... } catch (e) { value }`): the value given is the fallback's.
  /// The host sets it aside around an expression it evaluates inside another (each is reported for its own).
  public var caught: ExpressionError?
  /// The value of the last expression statement run outside functions (After Effects' result when there is
  /// no `$bm_rt`).
  private var completion: JSValue = .undefined
  /// The built-in globals (`Math`, `parseInt`, ...), made once.
  let globals: [String: JSValue]
  /// What the evaluation under way (or the last one) made, emptied when the next starts or the host calls
  /// ``releaseEvaluation()``.
  private let arena = Arena()

  public init(budget: ExpressionBudget = .default) {
    self.budget = budget
    globals = Builtins.globals()
  }

  /// Starts a frame's step count.
  public func beginFrame() { frameSteps = 0 }

  /// Empties what the last evaluation made, once the host has taken its result (``run`` does it anyway when
  /// the next evaluation starts). A value of that evaluation read afterwards is empty: a run's result is for
  /// the host to convert before it runs or releases again.
  public func releaseEvaluation() {
    guard running == 0 else { return }
    arena.sweep()
  }

  /// Runs `program` with `names` defined (the host's `value`, `time`, ...), `lookup` resolving any other
  /// name the program reads, and `this` as the program's `this`; the result is `$bm_rt` when the program
  /// sets it, else the value of its last expression statement.
  public func run(
    _ program: Program, names: [String: JSValue] = [:], this: JSValue = .undefined,
    lookup: ((String) throws(ExpressionError) -> JSValue?)? = nil
  ) throws(ExpressionError) -> JSValue {
    // A host function may evaluate another program (a property that reads another's expression) while one
    // runs: the inner run shares the outer one's budget and leaves its state as it found it.
    let nested = running > 0
    let saved = (completion, thrown, hostLookup, thisValue, topScope, depth, baseDepth, runningLayout)
    var previousArena: Arena? = nil
    if !nested {
      caught = nil
      thrownByProgram = false
      arena.sweep()
      arena.debt = 0
      previousArena = Arena.makeCurrent(arena)
      // The host's values handed in (made before the run) are this evaluation's too.
      for value in names.values { arena.adopt(value) }
      steps = 0
      allocated = 0
      depth = 0
      stepLimit = min(budget.steps, max(0, budget.frameSteps - frameSteps))
      stack = StackGuard()
    }
    running += 1
    baseDepth = depth
    thrown = nil
    completion = .undefined
    hostLookup = lookup
    runningLayout = program.body.layout
    defer {
      running -= 1
      if nested {
        (completion, thrown, hostLookup, thisValue, topScope, depth, baseDepth, runningLayout) = saved
      } else {
        // What the evaluation still owed when it ended (a conversion in its last built-in call) counts too.
        let owed = steps.addingReportingOverflow(max(0, arena.debt))
        let total = frameSteps.addingReportingOverflow(owed.overflow ? .max : owed.partialValue)
        frameSteps = total.overflow ? .max : total.partialValue
        arena.debt = 0
        hostLookup = nil
        topScope = nil
        runningLayout = nil
        // Nothing of this evaluation is kept for the next: what it threw or left as its last value may hold
        // host objects that are only valid during it.
        thrown = nil
        completion = .undefined
        thisValue = .undefined
        overlay = [:]
        Arena.makeCurrent(previousArena)
      }
    }
    let layout = program.body.layout
    let top = Scope(parent: nil, count: layout.count)
    top.names = names
    topScope = top
    // A name the program declares that the host gives too (`var value = value * 2`) starts as the host's.
    if !names.isEmpty {
      for (name, index) in layout.named { if let v = names[name] { top.slots[index] = v } }
    }
    thisValue = this
    bind(layout.functions, in: top)
    let outcome = try block(program.body.body, top)
    // Work a built-in owed as steps (`Arena.debt`) is charged at the next step: an evaluation that ends right
    // after it pays here (`parseInt` of a nested array as the last statement visited 100,000 elements each
    // time for nothing: 12 s of `check`, scripts/fuzz).
    if !nested { try step(0) }
    switch outcome {
    case .normal, .returned: break
    case .broke, .continued: throw ExpressionError(.syntax, "break or continue outside a loop")
    }
    if let result = layout.result { return top.slots[result].primitive }
    return completion.primitive
  }

  private var hostLookup: ((String) throws(ExpressionError) -> JSValue?)?
  private var topScope: Scope?
  /// The layout of the program under way's top scope (``setVariable(_:_:)`` finds its names there).
  private var runningLayout: FunctionLayout?
  private var running = 0
  /// The call depth the program under way started at (its top-level statements run there).
  private var baseDepth = 0

  /// Sets a variable of the program under way (`posterizeTime` changes `time` and `value`).
  public func setVariable(_ name: String, _ value: JSValue) {
    guard let top = topScope else { return }
    if let index = runningLayout?.named[name] { top.slots[index] = value }
    top.names[name] = value
  }
  private var thisValue: JSValue = .undefined

  // MARK: - Budget

  @inline(__always)
  public func step(_ count: Int = 1) throws(ExpressionError) {
    var count = count
    if arena.debt > 0 {
      count = count.addingReportingOverflow(arena.debt).overflow ? .max : count + arena.debt
      arena.debt = 0
    }
    // A built-in may charge a huge count (`''.repeat(1e19)`): it must end the evaluation, not wrap around.
    let (total, overflow) = steps.addingReportingOverflow(max(0, count))
    if overflow || total > stepLimit {
      steps = stepLimit
      throw stepError()
    }
    steps = total
  }

  /// `delete builtin.key`: hidden for the rest of the evaluation.
  private func deleteFromOverlay(_ object: JSObject, _ key: String) -> JSValue {
    overlay[ObjectIdentifier(object), default: [:]][key] = .undefined
    return .boolean(true)
  }

  private func stackError() -> ExpressionError {
    ExpressionError(.recursion, "the expression is nested too deep for the thread's stack")
  }

  private func stepError() -> ExpressionError {
    if stepLimit < budget.steps {
      return ExpressionError(
        .steps, "the frame's expressions used up their \(budget.frameSteps) steps (--limit expression-steps=N)")
    }
    return ExpressionError(
      .steps, "the expression took more than \(budget.steps) steps (an endless loop?) (--limit expression-steps=N)")
  }

  /// Counts `bytes` against the memory cap, and as work: a step per 64 bytes (building and copying values
  /// takes time too, so a frame of evaluations that each build megabytes ends on the frame's steps).
  public func allocate(_ bytes: Int) throws(ExpressionError) {
    let (total, overflow) = allocated.addingReportingOverflow(max(0, bytes))
    guard !overflow, total <= budget.memoryBytes else { throw memoryError() }
    let charged = (total >> 6) - (allocated >> 6)
    allocated = total
    if charged > 0 { try step(charged) }
  }

  /// Bytes the evaluation may still allocate.
  public var memoryLeft: Int { max(0, budget.memoryBytes - allocated) }

  public func memoryError() -> ExpressionError {
    ExpressionError(
      .memory, "the expression allocated more than \(budget.memoryBytes) bytes (--limit expression-memory=SIZE)")
  }

  /// `String(value)`, refused before it is built past what the memory budget has left; the elements it visits
  /// are charged as steps.
  public func string(_ value: JSValue, limit: Int? = nil) throws(ExpressionError) -> String {
    var visited = 0
    let s = value.stringValue(
      limit: limit ?? memoryLeft, visited: &visited, maxVisits: stepsLeft / JSValue.stepsPerVisit)
    try step(
      visited.multipliedReportingOverflow(by: JSValue.stepsPerVisit).overflow ? .max : visited * JSValue.stepsPerVisit)
    guard let s else { throw memoryError() }
    return s
  }

  /// Steps the evaluation may still take.
  var stepsLeft: Int { max(0, stepLimit - steps) }

  /// Writes to the frozen built-ins (`Math.TAU = ...`, a polyfill): they last for the evaluation only.
  var overlay: [ObjectIdentifier: [String: JSValue]] = [:]

  public func allocateElements(_ count: Int) throws(ExpressionError) {
    let (bytes, overflow) = max(0, count).multipliedReportingOverflow(by: 16)
    try allocate(overflow ? Int.max : bytes)
  }

  /// A JavaScript exception carrying `value`.
  public func throwValue(_ value: JSValue) -> ExpressionError {
    thrown = value
    thrownByProgram = false
    let text: String
    if case .object(let o) = value, let m = try? o.get("message") {
      text = ((try? o.get("name"))??.stringValue ?? "Error") + ": " + m.stringValue
    } else {
      text = value.stringValue
    }
    return ExpressionError(.runtime, "uncaught exception: \(text)")
  }

  /// A `TypeError` the program can catch.
  public func typeError(_ message: String) -> ExpressionError {
    throwValue(Builtins.makeError("TypeError", message))
  }

  // MARK: - Statements

  enum Completion {
    case normal
    case broke(String?)
    case continued(String?)
    case returned(JSValue)
  }

  /// Binds the functions a scope declares, as it is entered.
  private func bind(_ functions: [FunctionBinding], in scope: Scope) {
    for f in functions { scope.slots[f.index] = .object(JSFunction(script: f.function, scope: scope, this: nil)) }
  }

  /// A scope laid out as `layout` says, inside `scope`, its functions bound; `scope` itself when there is none.
  @inline(__always)
  private func enter(_ layout: BlockScope?, _ scope: Scope) -> Scope {
    guard let layout else { return scope }
    let inner = Scope(parent: scope, count: layout.count)
    bind(layout.functions, in: inner)
    return inner
  }

  private func block(_ body: [Statement], _ scope: Scope) throws(ExpressionError) -> Completion {
    for s in body {
      let c = try execute(s, scope)
      if case .normal = c { continue }
      return c
    }
    return .normal
  }

  // Each kind of statement and expression has its own method: in a debug build one function's frame holds
  // the locals of every case of its switch, and a frame per nested call that large would take a worker's
  // stack in a few dozen calls.

  private func execute(_ statement: Statement, _ scope: Scope) throws(ExpressionError) -> Completion {
    try step()
    guard stack.hasRoom() else { throw stackError() }
    switch statement {
    case .expression(let e):
      let v = try evaluate(e, scope)
      if depth == baseDepth { completion = v }
      return .normal
    case .declare(let keyword, let items):
      try declare(keyword, items, scope)
      return .normal
    case .function: return .normal  // bound when its block was entered
    case .block(let body, let layout): return try block(body, enter(layout, scope))
    case .empty: return .normal
    case .ifElse(let test, let then, let otherwise):
      if try evaluate(test, scope).isTruthy { return try execute(then, scope) }
      if let otherwise { return try execute(otherwise, scope) }
      return .normal
    case .forLoop, .forIn, .whileLoop, .doWhile: return try loop(statement, label: nil, scope)
    case .labeled(let label, let body):
      switch body {
      case .forLoop, .forIn, .whileLoop, .doWhile: return try loop(body, label: label, scope)
      default:
        let c = try execute(body, scope)
        if case .broke(label) = c { return .normal }
        return c
      }
    case .switchCase(let subject, let cases, let layout): return try switchStatement(subject, cases, layout, scope)
    case .breakLoop(let l): return .broke(l)
    case .continueLoop(let l): return .continued(l)
    case .returnValue(let v):
      guard let v else { return .returned(.undefined) }
      return .returned(try evaluate(v, scope))
    case .throwValue(let v):
      let error = throwValue(try evaluate(v, scope))
      thrownByProgram = true
      throw error
    case .tryCatch(let body, let name, let handler, let finalizer):
      return try tryStatement(body, name, handler, finalizer, scope)
    }
  }

  private func declare(_ kind: DeclarationKind, _ items: [Declarator], _ scope: Scope) throws(ExpressionError) {
    for item in items {
      // `var x;` leaves x as it is (it was made when its function was entered).
      if kind == .var, item.value == nil { continue }
      var v = JSValue.undefined
      if let node = item.value { v = try evaluate(node, scope) }
      write(item.target, v, scope)
    }
  }

  /// Writes a name without the `const` check (a declaration, a loop's name).
  @inline(__always)
  private func write(_ target: Reference, _ value: JSValue, _ scope: Scope) {
    switch target {
    case .local(let slot): scope.outward(slot.hops).slots[slot.index] = value
    case .global(let name): topScope?.names[name] = value
    }
  }

  /// What a loop does after its body: nil to go on, else the completion that ends the loop.
  @inline(__always)
  private func afterBody(_ c: Completion, _ label: String?) -> Completion? {
    switch c {
    case .normal: return nil
    case .continued(let l): return l == nil || l == label ? nil : c
    case .broke(let l): return l == nil || l == label ? .normal : c
    case .returned: return c
    }
  }

  private func loop(_ statement: Statement, label: String?, _ scope: Scope) throws(ExpressionError) -> Completion {
    switch statement {
    case .forLoop(let initial, let test, let update, let body, let layout):
      let loopScope = enter(layout, scope)
      if let initial { _ = try execute(initial, loopScope) }
      while true {
        try step()
        if let test, !(try evaluate(test, loopScope).isTruthy) { break }
        if let end = afterBody(try execute(body, loopScope), label) { return end }
        if let update { _ = try evaluate(update, loopScope) }
      }
    case .forIn(_, let target, let objectNode, let body, let isOf, let layout):
      let items = try iterated(try evaluate(objectNode, scope), isOf: isOf)
      let loopScope = enter(layout, scope)
      for item in items {
        try step()
        write(target, item, loopScope)
        if let end = afterBody(try execute(body, loopScope), label) { return end }
      }
    case .whileLoop(let test, let body):
      while try evaluate(test, scope).isTruthy {
        try step()
        if let end = afterBody(try execute(body, scope), label) { return end }
      }
    case .doWhile(let body, let test):
      repeat {
        try step()
        if let end = afterBody(try execute(body, scope), label) { return end }
      } while try evaluate(test, scope).isTruthy
    default: return try execute(statement, scope)
    }
    return .normal
  }

  /// The keys (`for...in`) or values (`for...of`) a loop walks.
  private func iterated(_ object: JSValue, isOf: Bool) throws(ExpressionError) -> [JSValue] {
    switch object {
    case .array(let a): return isOf ? a.elements : a.elements.indices.map { .string(String($0)) }
    case .string(let s):
      let units = Array(s.utf16)
      return isOf ? s.map { .string(String($0)) } : units.indices.map { .string(String($0)) }
    case .object(let o):
      guard !isOf else { throw typeError("object is not iterable") }
      return o.keys.map { .string($0) }
    default: return []
    }
  }

  private func switchStatement(
    _ subjectNode: Node, _ cases: [(test: Node?, body: [Statement])], _ layout: BlockScope?, _ scope: Scope
  ) throws(ExpressionError) -> Completion {
    let subject = try evaluate(subjectNode, scope)
    var start: Int? = nil
    for (i, c) in cases.enumerated() {
      guard let test = c.test else { continue }
      if Operators.strictEquals(subject, try evaluate(test, scope)) {
        start = i
        break
      }
    }
    if start == nil { start = cases.firstIndex { $0.test == nil } }
    guard let first = start else { return .normal }
    let inner = enter(layout, scope)
    for c in cases[first...] {
      switch try block(c.body, inner) {
      case .normal: continue
      case .broke(nil): return .normal
      case let other: return other
      }
    }
    return .normal
  }

  private func tryStatement(
    _ body: Statement, _ name: String?, _ handler: Statement?, _ finalizer: Statement?, _ scope: Scope
  ) throws(ExpressionError) -> Completion {
    var result: Completion = .normal
    var failure: ExpressionError? = nil
    do {
      result = try execute(body, scope)
    } catch  where error.kind == .runtime && handler != nil {
      let value = thrown ?? Builtins.makeError("Error", error.message)
      if !thrownByProgram, caught == nil { caught = error }
      thrown = nil
      thrownByProgram = false
      let catchScope = Scope(parent: scope, count: name == nil ? 0 : 1)
      if name != nil { catchScope.slots[0] = value }
      do {
        result = try execute(handler ?? .empty, catchScope)
      } catch {
        failure = error
      }
    } catch {
      failure = error
    }
    if let finalizer {
      // Running out of budget skips `finally` too: nothing may run once a limit is hit.
      if let failure, failure.kind != .runtime { throw failure }
      // What the failure carries (its thrown value, whose throw it was) survives a try-catch in the `finally`.
      let carried = (thrown, thrownByProgram)
      let f = try execute(finalizer, scope)
      (thrown, thrownByProgram) = carried
      if case .normal = f {} else { return f }
    }
    if let failure { throw failure }
    return result
  }

  // MARK: - Expressions

  func evaluate(_ node: Node, _ scope: Scope) throws(ExpressionError) -> JSValue {
    try step()
    // Trees are as high as the parser allows (nesting and chains); the stack decides where that is too high.
    guard stack.hasRoom() else { throw stackError() }
    switch node {
    case .number(let n): return .number(n)
    case .string(let s): return .string(s)
    case .boolean(let b): return .boolean(b)
    case .null: return .null
    case .undefined: return .undefined
    case .this: return thisValue
    case .local(let slot): return scope.outward(slot.hops).slots[slot.index]
    case .global(let name): return try lookup(name)
    case .array(let items): return try arrayLiteral(items, scope)
    case .object(let entries): return try objectLiteral(entries, scope)
    case .function(let f):
      try allocate(64)
      return .object(JSFunction(script: f, scope: scope, this: f.isArrow ? thisValue : nil))
    case .unary(let op, let operand): return try unary(op, try evaluate(operand, scope))
    case .typeof(let operand): return try typeOf(operand, scope)
    case .delete(let target): return try delete(target, scope)
    case .binary(let op, let l, let r):
      let a = try evaluate(l, scope)
      let b = try evaluate(r, scope)
      if case .number(let x) = a, case .number(let y) = b {
        switch op {
        case .add: return .number(x + y)
        case .subtract: return .number(x - y)
        case .multiply: return .number(x * y)
        case .divide: return .number(x / y)
        case .less: return .boolean(x < y)
        case .greater: return .boolean(x > y)
        case .lessOrEqual: return .boolean(x <= y)
        case .greaterOrEqual: return .boolean(x >= y)
        default: break
        }
      }
      return try Operators.binary(op, a, b, self)
    case .logical(let op, let l, let r): return try logical(op, l, r, scope)
    case .conditional(let test, let then, let otherwise):
      return try evaluate(try evaluate(test, scope).isTruthy ? then : otherwise, scope)
    case .sequence(let items):
      var last: JSValue = .undefined
      for item in items { last = try evaluate(item, scope) }
      return last
    case .assign(let op, let target, let valueNode): return try assignment(op, target, valueNode, scope)
    case .update(let delta, let prefix, let target):
      let old = try evaluate(target, scope).numberValue
      try assign(target, .number(old + delta), scope)
      return .number(prefix ? old + delta : old)
    case .member(let o, let key): return try Members.get(try evaluate(o, scope), key, self)
    case .index(let o, let k):
      let base = try evaluate(o, scope)
      return try Members.get(base, try evaluate(k, scope), self)
    case .call(let callee, let argumentNodes): return try callExpression(callee, argumentNodes, scope)
    case .new(let callee, let argumentNodes): return try newExpression(callee, argumentNodes, scope)
    case .spread: throw ExpressionError(.syntax, "'...' outside a call's arguments or an array literal")
    }
  }

  private func arrayLiteral(_ items: [Node?], _ scope: Scope) throws(ExpressionError) -> JSValue {
    try allocateElements(items.count)
    var out: [JSValue] = []
    out.reserveCapacity(items.count)
    for item in items {
      if case .spread(let node)? = item {
        try spread(try evaluate(node, scope), into: &out)
      } else if let item {
        out.append(try evaluate(item, scope))
      } else {
        out.append(.undefined)
      }
    }
    return .array(JSArray(out))
  }

  private func objectLiteral(_ entries: [(key: PropertyKey, value: Node)], _ scope: Scope) throws(ExpressionError)
    -> JSValue
  {
    try allocate(entries.count * 32)
    let o = JSObject()
    for e in entries {
      switch e.key {
      case .name(let key): o.set(key, try evaluate(e.value, scope))
      case .computed(let node):
        let key = try string(try evaluate(node, scope))
        o.set(key, try evaluate(e.value, scope))
      }
    }
    return .object(o)
  }

  /// What `...value` gives: an array's elements, a string's characters.
  private func spread(_ value: JSValue, into out: inout [JSValue]) throws(ExpressionError) {
    switch value {
    case .array(let a):
      try allocateElements(a.elements.count)
      try step(a.elements.count)
      out.append(contentsOf: a.elements)
    case .string(let s):
      try allocateElements(s.utf8.count)
      try step(s.utf8.count)
      for c in s { out.append(.string(String(c))) }
    default: throw typeError("\(value.typeName) is not iterable (spread)")
    }
  }

  private func unary(_ op: UnaryOperator, _ v: JSValue) throws(ExpressionError) -> JSValue {
    switch op {
    case .not: return .boolean(!v.isTruthy)
    case .negate: return try Operators.negate(v, self)
    case .plus: return .number(v.numberValue)
    case .bitNot: return .number(Double(~Operators.int32(v.numberValue)))
    case .void: return .undefined
    }
  }

  private func typeOf(_ operand: Node, _ scope: Scope) throws(ExpressionError) -> JSValue {
    if case .global(let name) = operand {
      do {
        return .string(try lookup(name).typeName)
      } catch  where error.kind == .runtime {
        thrown = nil
        return .string("undefined")
      }
    }
    return .string(try evaluate(operand, scope).typeName)
  }

  private func delete(_ target: Node, _ scope: Scope) throws(ExpressionError) -> JSValue {
    switch target {
    case .member(let o, let key):
      if case .object(let obj) = try evaluate(o, scope) {
        guard !obj.isFrozen else { return deleteFromOverlay(obj, key.name) }
        return .boolean(obj.remove(key.name))
      }
    case .index(let o, let k):
      let base = try evaluate(o, scope)
      let key = try evaluate(k, scope)
      if case .object(let obj) = base {
        guard !obj.isFrozen else { return deleteFromOverlay(obj, key.stringValue) }
        return .boolean(obj.remove(key.stringValue))
      }
      if case .array(let a) = base, let i = Operators.arrayIndex(key), i < a.elements.count {
        a.elements[i] = .undefined
      }
    default: break
    }
    return .boolean(true)
  }

  private func logical(_ op: LogicalOperator, _ l: Node, _ r: Node, _ scope: Scope) throws(ExpressionError)
    -> JSValue
  {
    let a = try evaluate(l, scope)
    switch op {
    case .and: return a.isTruthy ? try evaluate(r, scope) : a
    case .or: return a.isTruthy ? a : try evaluate(r, scope)
    case .nullish:
      if case .undefined = a { return try evaluate(r, scope) }
      if case .null = a { return try evaluate(r, scope) }
      return a
    }
  }

  private func assignment(_ op: BinaryOperator?, _ target: Node, _ valueNode: Node, _ scope: Scope)
    throws(ExpressionError)
    -> JSValue
  {
    var v = try evaluate(valueNode, scope)
    if let op { v = try Operators.binary(op, try evaluate(target, scope), v, self) }
    try assign(target, v, scope)
    return v
  }

  private func callExpression(_ callee: Node, _ argumentNodes: [Node], _ scope: Scope) throws(ExpressionError)
    -> JSValue
  {
    switch callee {
    case .member(let o, let key):
      let this = try evaluate(o, scope)
      let arguments = try evaluateArguments(argumentNodes, scope)
      if let result = try Members.callMethod(this, key, arguments, self) { return result }
      return try call(try Members.get(this, key, self), this: this, arguments, name: key.name)
    case .index(let o, let k):
      let this = try evaluate(o, scope)
      let function = try Members.get(this, try evaluate(k, scope), self)
      return try call(function, this: this, try evaluateArguments(argumentNodes, scope), name: nil)
    case .global(let name):
      let function = try lookup(name)
      return try call(function, this: .undefined, try evaluateArguments(argumentNodes, scope), name: name)
    case .local(let slot):
      let function = scope.outward(slot.hops).slots[slot.index]
      return try call(function, this: .undefined, try evaluateArguments(argumentNodes, scope), name: slot.name)
    default:
      let function = try evaluate(callee, scope)
      return try call(function, this: .undefined, try evaluateArguments(argumentNodes, scope), name: nil)
    }
  }

  private func newExpression(_ callee: Node, _ argumentNodes: [Node], _ scope: Scope) throws(ExpressionError)
    -> JSValue
  {
    let f = try evaluate(callee, scope)
    let arguments = try evaluateArguments(argumentNodes, scope)
    guard let function = f.asFunction else { throw typeError("not a constructor") }
    if case .native = function.body { return try call(f, this: .undefined, arguments, name: nil) }
    let object = JSObject()
    let result = try call(f, this: .object(object), arguments, name: nil)
    if case .object = result { return result }
    if case .array = result { return result }
    return .object(object)
  }

  private func evaluateArguments(_ nodes: [Node], _ scope: Scope) throws(ExpressionError) -> [JSValue] {
    var out: [JSValue] = []
    out.reserveCapacity(nodes.count)
    for n in nodes {
      if case .spread(let node) = n {
        try spread(try evaluate(node, scope), into: &out)
      } else {
        out.append(try evaluate(n, scope))
      }
    }
    return out
  }

  /// A name the program does not declare: the run's own (the host's `time`, `value`; names assigned without
  /// a declaration), a built-in, then the host's.
  private func lookup(_ name: String) throws(ExpressionError) -> JSValue {
    if let v = topScope?.names[name] { return v }
    if let v = globals[name] { return v }
    if let v = try hostLookup?(name) { return v }
    if name == "eval" || name == "Function" {
      throw ExpressionError(.forbidden, "'\(name)' is not allowed in expressions (no code from strings)")
    }
    if Builtins.hostNames.contains(name) {
      throw ExpressionError(.forbidden, "'\(name)' is not available: expressions have no access to the host")
    }
    throw throwValue(Builtins.makeError("ReferenceError", "\(name) is not defined"))
  }

  private func assign(_ target: Node, _ value: JSValue, _ scope: Scope) throws(ExpressionError) {
    switch target {
    case .local(let slot):
      if slot.isConstant { throw typeError("assignment to constant variable '\(slot.name)'") }
      scope.outward(slot.hops).slots[slot.index] = value
    case .global(let name):
      topScope?.names[name] = value
    case .member(let o, let key):
      try Members.set(try evaluate(o, scope), .string(key.name), value, self)
    case .index(let o, let k):
      let base = try evaluate(o, scope)
      try Members.set(base, try evaluate(k, scope), value, self)
    default: throw ExpressionError(.syntax, "cannot assign to this")
    }
  }

  // MARK: - Calls

  /// Steps a call of a function the program wrote costs beyond its own step: a scope, its variables and the
  /// `arguments` array made and freed take about what ten plain steps take (measured in a release build: a
  /// loop of such calls ran its million steps in 2.7 times a plain loop's time; `Array(65536).map(f)` in a
  /// precomp used many times kept `check` 22 s within the frame budgets, found by scripts/fuzz).
  static let stepsPerScriptCall = 10

  /// Calls `function` with `this` and `arguments`; `name` names it in the error when it is not a function.
  public func call(_ function: JSValue, this: JSValue, _ arguments: [JSValue], name: String? = nil)
    throws(ExpressionError) -> JSValue
  {
    guard let f = function.asFunction else {
      throw typeError("\(name ?? "the value") is not a function")
    }
    depth += 1
    defer { depth -= 1 }
    guard depth <= budget.callDepth else {
      throw ExpressionError(.recursion, "calls nested more than \(budget.callDepth) deep (endless recursion?)")
    }
    guard stack.hasRoom() else {
      throw ExpressionError(.recursion, "calls nested too deep for the thread's stack (endless recursion?)")
    }
    try step()
    switch f.body {
    case .native(let native):
      return try native(self, this, arguments)
    case .script(let syntax, let closure, let boundThis):
      try step(Self.stepsPerScriptCall)
      let layout = syntax.layout
      let scope = Scope(parent: closure, count: layout.count)
      // Every parameter is written, missing ones as undefined: of two of the same name, the last one's value.
      let last = layout.parameters.count - 1
      for (i, slot) in layout.parameters.enumerated() {
        if syntax.hasRest, i == last {
          let rest = i < arguments.count ? Array(arguments[i...]) : []
          try allocateElements(rest.count)
          scope.slots[slot] = .array(JSArray(rest))
        } else {
          scope.slots[slot] = i < arguments.count ? arguments[i] : .undefined
        }
      }
      if let slot = layout.arguments {
        try allocateElements(arguments.count)
        scope.slots[slot] = .array(JSArray(arguments))
      }
      if let slot = layout.selfName { scope.slots[slot] = function }
      let savedThis = thisValue
      thisValue = boundThis ?? this
      defer { thisValue = savedThis }
      // A parameter left undefined takes its default, read in the function's scope, left to right.
      for (i, value) in syntax.defaults.enumerated() {
        guard let value, case .undefined = scope.slots[layout.parameters[i]] else { continue }
        scope.slots[layout.parameters[i]] = try evaluate(value, scope)
      }
      bind(layout.functions, in: scope)
      switch try block(syntax.body, scope) {
      case .returned(let v): return v
      default: return .undefined
      }
    }
  }
}
