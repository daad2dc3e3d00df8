/// `Array.prototype`'s methods we have, by name.
enum ArrayMethod: String, Sendable {
  case push, pop, shift, unshift, slice, splice, map, forEach, filter, reduce, reduceRight, join, indexOf
  case lastIndexOf, concat, reverse, sort, some, every, find, findIndex, includes, fill, toString, flat
}

/// `Array.prototype`'s methods.
enum ArrayMethods {
  static func call(_ a: JSArray, _ method: ArrayMethod, _ arguments: [JSValue], _ interpreter: Interpreter)
    throws(ExpressionError) -> JSValue
  {
    let count = a.elements.count
    func index(_ v: JSValue, default d: Int) -> Int {
      if case .undefined = v { return d }
      let n = Int(clamping: v.numberValue.rounded(.towardZero))
      return n < 0 ? Swift.max(0, count + n) : Swift.min(n, count)
    }
    func callback(_ i: Int) -> JSValue { arguments[argument: i] }
    switch method {
    case .push:
      try interpreter.allocateElements(arguments.count)
      a.elements.append(contentsOf: arguments)
      return .number(Double(a.elements.count))
    case .pop: return a.elements.popLast() ?? .undefined
    case .shift:
      try interpreter.step(count)
      return a.elements.isEmpty ? .undefined : a.elements.removeFirst()
    case .unshift:
      try interpreter.allocateElements(arguments.count)
      try interpreter.step(count)
      a.elements.insert(contentsOf: arguments, at: 0)
      return .number(Double(a.elements.count))
    case .slice:
      let start = index(arguments[argument: 0], default: 0)
      let end = index(arguments[argument: 1], default: count)
      guard start < end else { return .array(JSArray([])) }
      try interpreter.allocateElements(end - start)
      try interpreter.step(end - start)
      return .array(JSArray(Array(a.elements[start..<end])))
    case .splice:
      let start = index(arguments[argument: 0], default: 0)
      var deleteCount = count - start
      if arguments.count >= 2 {
        deleteCount = Swift.max(0, Swift.min(Int(clamping: arguments[1].numberValue), count - start))
      }
      if arguments.isEmpty { deleteCount = 0 }
      let inserted = Array(arguments.dropFirst(2))
      try interpreter.allocateElements(inserted.count + deleteCount)
      try interpreter.step(count)
      let removed = Array(a.elements[start..<(start + deleteCount)])
      a.elements.replaceSubrange(start..<(start + deleteCount), with: inserted)
      return .array(JSArray(removed))
    case .concat:
      var out = a.elements
      for v in arguments {
        if case .array(let other) = v {
          try interpreter.allocateElements(other.elements.count)
          out.append(contentsOf: other.elements)
        } else {
          out.append(v)
        }
      }
      try interpreter.allocateElements(count + arguments.count)
      try interpreter.step(out.count)
      return .array(JSArray(out))
    case .join, .toString:
      let separator: String
      if method == .join, case let s = arguments[argument: 0], !(s.typeName == "undefined") {
        separator = try interpreter.string(s)
      } else {
        separator = ","
      }
      try interpreter.step(count)
      let (perElement, overflow) = (separator.utf8.count + 8).multipliedReportingOverflow(by: count)
      try interpreter.allocate(overflow ? .max : perElement)
      // Checked as the text grows: a big string joined many times is refused before it is built. An array met
      // again inside itself is written as empty, as JavaScript's join does.
      var visited = 0
      let joined = JSValue.joined(
        a, separator: separator, limit: interpreter.memoryLeft, visited: &visited, maxVisits: interpreter.stepsLeft)
      try interpreter.step(visited)
      guard let out = joined else { throw interpreter.memoryError() }
      try interpreter.allocate(out.utf8.count)
      return .string(out)
    case .indexOf, .lastIndexOf, .includes:
      let target = arguments[argument: 0]
      try interpreter.step(count)
      let indices = method == .lastIndexOf ? Array(a.elements.indices.reversed()) : Array(a.elements.indices)
      for i in indices where Operators.strictEquals(a.elements[i], target) {
        return method == .includes ? .boolean(true) : .number(Double(i))
      }
      return method == .includes ? .boolean(false) : .number(-1)
    case .flat:
      let d = arguments[argument: 0]
      let depth = d.typeName == "undefined" ? 1 : d.numberValue
      var out: [JSValue] = []
      try flatten(a.elements, depth: depth.isNaN ? 0 : min(depth, Double(Self.maxFlatDepth)), into: &out, interpreter)
      return .array(JSArray(out))
    case .reverse:
      try interpreter.step(count)
      a.elements.reverse()
      return .array(a)
    case .fill:
      let start = index(arguments[argument: 1], default: 0)
      let end = index(arguments[argument: 2], default: count)
      try interpreter.step(count)
      if start < end { for i in start..<end { a.elements[i] = arguments[argument: 0] } }
      return .array(a)
    case .sort:
      try interpreter.step(count * Swift.max(1, count.bitWidth - count.leadingZeroBitCount))
      let comparator = arguments[argument: 0]
      // A stable merge sort; the comparator may throw, which ends the sort.
      let items = try mergeSort(a.elements) { x, y throws(ExpressionError) in
        if case .undefined = comparator {
          return x.stringValue.utf16.lexicographicallyPrecedes(y.stringValue.utf16)
        }
        return try interpreter.call(comparator, this: .undefined, [x, y]).numberValue < 0
      }
      a.elements = items
      return .array(a)
    case .map, .forEach, .filter, .some, .every, .find, .findIndex:
      let f = callback(0)
      let this = arguments[argument: 1]
      guard f.asFunction != nil else { throw interpreter.typeError("\(callbackDescription(f)) is not a function") }
      var mapped: [JSValue] = []
      if method == .map || method == .filter { try interpreter.allocateElements(count) }
      var i = 0
      while i < a.elements.count && i < count {
        let e = a.elements[i]
        let r = try interpreter.call(f, this: this, [e, .number(Double(i)), .array(a)])
        switch method {
        case .map: mapped.append(r)
        case .filter: if r.isTruthy { mapped.append(e) }
        case .some: if r.isTruthy { return .boolean(true) }
        case .every: if !r.isTruthy { return .boolean(false) }
        case .find: if r.isTruthy { return e }
        case .findIndex: if r.isTruthy { return .number(Double(i)) }
        default: break
        }
        i += 1
      }
      switch method {
      case .map, .filter: return .array(JSArray(mapped))
      case .some: return .boolean(false)
      case .every: return .boolean(true)
      case .findIndex: return .number(-1)
      default: return .undefined
      }
    case .reduce, .reduceRight:
      let f = callback(0)
      guard f.asFunction != nil else { throw interpreter.typeError("\(callbackDescription(f)) is not a function") }
      var order = Array(a.elements.indices)
      if method == .reduceRight { order.reverse() }
      var accumulator: JSValue
      if arguments.count >= 2 {
        accumulator = arguments[1]
      } else {
        guard let first = order.first else {
          throw interpreter.typeError("reduce of empty array with no initial value")
        }
        accumulator = a.elements[first]
        order.removeFirst()
      }
      for i in order where i < a.elements.count {
        accumulator = try interpreter.call(
          f, this: .undefined, [accumulator, a.elements[i], .number(Double(i)), .array(a)])
      }
      return accumulator
    }
  }

  private static func callbackDescription(_ v: JSValue) -> String { v.typeName }

  /// Levels `flat` goes down at most (`flat(Infinity)` of an array that holds itself ends there, on its
  /// steps and memory, not on the thread's stack).
  static let maxFlatDepth = 64

  private static func flatten(
    _ elements: [JSValue], depth: Double, into out: inout [JSValue], _ interpreter: Interpreter
  ) throws(ExpressionError) {
    try interpreter.allocateElements(elements.count)
    try interpreter.step(elements.count)
    for e in elements {
      if depth >= 1, case .array(let inner) = e {
        try flatten(inner.elements, depth: depth - 1, into: &out, interpreter)
      } else {
        out.append(e)
      }
    }
  }

  private static func mergeSort(_ items: [JSValue], _ less: (JSValue, JSValue) throws(ExpressionError) -> Bool)
    throws(ExpressionError) -> [JSValue]
  {
    guard items.count > 1 else { return items }
    let middle = items.count / 2
    let left = try mergeSort(Array(items[..<middle]), less)
    let right = try mergeSort(Array(items[middle...]), less)
    var out: [JSValue] = []
    out.reserveCapacity(items.count)
    var i = 0
    var j = 0
    while i < left.count, j < right.count {
      if try less(right[j], left[i]) {
        out.append(right[j])
        j += 1
      } else {
        out.append(left[i])
        i += 1
      }
    }
    out.append(contentsOf: left[i...])
    out.append(contentsOf: right[j...])
    return out
  }
}
