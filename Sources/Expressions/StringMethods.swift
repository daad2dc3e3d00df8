import Foundation

/// `String.prototype`'s methods we have, by name.
enum StringMethod: String, Sendable {
  case substr, substring, slice, split, replace, indexOf, lastIndexOf, toUpperCase, toLowerCase, charAt
  case charCodeAt, trim, concat, includes, startsWith, endsWith, `repeat`, padStart, padEnd, toString, match
  case localeCompare
}

/// `String.prototype`'s methods, on UTF-16 code units as JavaScript counts them.
enum StringMethods {
  static func call(_ s: String, _ method: StringMethod, _ arguments: [JSValue], _ interpreter: Interpreter)
    throws(ExpressionError) -> JSValue
  {
    let u = Array(s.utf16)
    let count = u.count
    try interpreter.step(1 + count / 16)
    func text(_ units: ArraySlice<UInt16>) -> String { String(decoding: units, as: UTF16.self) }
    func clampedIndex(_ v: JSValue, default d: Int) -> Int {
      if case .undefined = v { return d }
      let n = v.numberValue
      return n.isNaN ? 0 : Swift.min(Swift.max(0, Int(clamping: n)), count)
    }
    func relativeIndex(_ v: JSValue, default d: Int) -> Int {
      if case .undefined = v { return d }
      let n = Int(clamping: v.numberValue.rounded(.towardZero))
      return n < 0 ? Swift.max(0, count + n) : Swift.min(n, count)
    }
    /// Where `needle` is, from `start` on (or back). A naive search: each position tried costs up to the needle's
    /// length, charged to the step budget as it goes, so a long needle in a long text cannot run for minutes.
    func find(_ needle: [UInt16], from start: Int, backwards: Bool = false) throws(ExpressionError) -> Int? {
      guard needle.count <= count else { return nil }
      let last = count - needle.count
      let cost = 1 + needle.count / 16
      var tried = 0
      var i = backwards ? Swift.min(start, last) : Swift.max(0, start)
      while backwards ? i >= 0 : i <= last {
        if u[i..<(i + needle.count)].elementsEqual(needle) {
          try interpreter.step(tried * cost)
          return i
        }
        tried += 1
        if tried == 1024 {
          try interpreter.step(1024 * cost)
          tried = 0
        }
        i += backwards ? -1 : 1
      }
      try interpreter.step(tried * cost)
      return nil
    }
    func result(_ out: String) throws(ExpressionError) -> JSValue {
      try interpreter.allocate(out.utf8.count)
      return .string(out)
    }
    switch method {
    case .charAt:
      let i = Int(clamping: arguments[argument: 0].numberValue)
      return .string(i >= 0 && i < count ? text(u[i...i]) : "")
    case .charCodeAt:
      let i = arguments.isEmpty ? 0 : Int(clamping: arguments[0].numberValue)
      return .number(i >= 0 && i < count ? Double(u[i]) : .nan)
    case .substring:
      var a = clampedIndex(arguments[argument: 0], default: 0)
      var b = clampedIndex(arguments[argument: 1], default: count)
      if a > b { swap(&a, &b) }
      return try result(text(u[a..<b]))
    case .substr:
      let start = relativeIndex(arguments[argument: 0], default: 0)
      var length = count - start
      if case .undefined = arguments[argument: 1] {
      } else {
        length = Swift.max(0, Swift.min(Int(clamping: arguments[1].numberValue), count - start))
      }
      return try result(text(u[start..<(start + length)]))
    case .slice:
      let a = relativeIndex(arguments[argument: 0], default: 0)
      let b = relativeIndex(arguments[argument: 1], default: count)
      return try result(a < b ? text(u[a..<b]) : "")
    case .indexOf, .includes, .startsWith:
      let needle = Array(arguments[argument: 0].stringValue.utf16)
      let from = clampedIndex(arguments[argument: 1], default: 0)
      if method == .startsWith {
        return .boolean(from + needle.count <= count && u[from..<(from + needle.count)].elementsEqual(needle))
      }
      let found = try find(needle, from: from)
      return method == .includes ? .boolean(found != nil) : .number(Double(found ?? -1))
    case .lastIndexOf:
      let needle = Array(arguments[argument: 0].stringValue.utf16)
      let from = clampedIndex(arguments[argument: 1], default: count)
      return .number(Double(try find(needle, from: from, backwards: true) ?? -1))
    case .endsWith:
      let needle = Array(arguments[argument: 0].stringValue.utf16)
      return .boolean(needle.count <= count && u[(count - needle.count)...].elementsEqual(needle))
    case .localeCompare:
      // By UTF-16 code units (no locale's collation: the same order on every machine).
      let other = Array(try interpreter.string(arguments[argument: 0]).utf16)
      if u == other { return .number(0) }
      return .number(u.lexicographicallyPrecedes(other) ? -1 : 1)
    case .toUpperCase: return try result(s.uppercased())
    case .toLowerCase: return try result(s.lowercased())
    case .trim: return try result(s.trimmingCharacters(in: .whitespacesAndNewlines))
    case .toString: return .string(s)
    case .concat:
      var out = s
      for a in arguments {
        out += a.stringValue
        try interpreter.allocate(out.utf8.count)
      }
      return .string(out)
    case .repeat:
      let n = arguments[argument: 0].numberValue
      guard n >= 0, n.isFinite else { throw interpreter.throwValue(Builtins.makeError("RangeError", "invalid count")) }
      let times = Int(clamping: n)
      let (bytes, overflow) = s.utf8.count.multipliedReportingOverflow(by: times)
      try interpreter.allocate(overflow ? Int.max : bytes)
      try interpreter.step(times)
      return .string(String(repeating: s, count: times))
    case .padStart, .padEnd:
      let target = Int(clamping: arguments[argument: 0].numberValue)
      var pad = " "
      if case .undefined = arguments[argument: 1] {} else { pad = arguments[1].stringValue }
      guard target > count, !pad.isEmpty else { return .string(s) }
      try interpreter.allocate(target)
      try interpreter.step(target)
      var fill: [UInt16] = []
      let p = Array(pad.utf16)
      while fill.count < target - count { fill.append(p[fill.count % p.count]) }
      return .string(method == .padStart ? text(fill[...]) + s : s + text(fill[...]))
    case .split:
      let separator = arguments[argument: 0]
      var limit = Int.max
      if case .undefined = arguments[argument: 1] {
      } else {
        limit = Swift.max(0, Int(clamping: arguments[1].numberValue))
      }
      var parts: [JSValue] = []
      if case .undefined = separator {
        parts = [.string(s)]
      } else {
        let sep = Array(separator.stringValue.utf16)
        if sep.isEmpty {
          parts = u.map { .string(String(decoding: [$0], as: UTF16.self)) }
        } else {
          var start = 0
          var i = 0
          while i + sep.count <= count {
            if u[i..<(i + sep.count)].elementsEqual(sep) {
              parts.append(.string(text(u[start..<i])))
              i += sep.count
              start = i
            } else {
              i += 1
            }
          }
          parts.append(.string(text(u[start...])))
        }
      }
      if parts.count > limit { parts.removeLast(parts.count - limit) }
      try interpreter.allocateElements(parts.count)
      try interpreter.allocate(count)
      return .array(JSArray(parts))
    case .replace:
      let pattern = Array(arguments[argument: 0].stringValue.utf16)
      let replacement = arguments[argument: 1]
      guard let at = try find(pattern, from: 0) else { return .string(s) }
      let inserted: String
      if replacement.asFunction != nil {
        inserted = try interpreter.call(
          replacement, this: .undefined, [.string(text(u[at..<(at + pattern.count)])), .number(Double(at)), .string(s)]
        ).stringValue
      } else {
        // `$&` stands for the match; the size is known before anything is built, so a replacement of many `$&`
        // and a long match is refused unbuilt rather than written out (it could be terabytes).
        let template = Array(replacement.stringValue.utf8)
        try interpreter.step(1 + template.count / 16)
        var parts: [ArraySlice<UInt8>] = []
        var start = 0
        var k = 0
        while k + 1 < template.count {
          if template[k] == UInt8(ascii: "$") && template[k + 1] == UInt8(ascii: "&") {
            parts.append(template[start..<k])
            k += 2
            start = k
          } else {
            k += 1
          }
        }
        parts.append(template[start...])
        let matched = Array(text(u[at..<(at + pattern.count)]).utf8)
        let (repeated, overflow) = (parts.count - 1).multipliedReportingOverflow(by: matched.count)
        guard !overflow, repeated + template.count + s.utf8.count <= interpreter.memoryLeft else {
          throw interpreter.memoryError()
        }
        inserted = String(decoding: Array(parts.joined(separator: matched)), as: UTF8.self)
      }
      return try result(text(u[..<at]) + inserted + text(u[(at + pattern.count)...]))
    case .match:
      throw ExpressionError(.syntax, "regular expressions (match) are not supported")
    }
  }
}
