import Foundation
import Lottie
import TestSupport
import Testing

/// Inputs built to trap or exhaust the parser: nesting as deep as the limits allow, parsed on threads with
/// small stacks (a Dispatch worker has 512 KB), and numbers at the edge of `Double`.
@Suite("hostile inputs")
struct HostileInputTests {
  /// A Dispatch worker thread's stack on Linux.
  static let workerStack = 512 << 10

  @Test("JSON nested to the depth limit parses on a small stack")
  func deepJSONOnASmallStack() throws {
    // Root object and `meta`'s value, then arrays down to the limit of 512.
    let deep = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
    let json = composition(extra: #""meta": "# + deep)
    let animation = try onThread(stackSize: Self.workerStack) { try parse(json) }
    #expect(animation.width == 100)
  }

  @Test("groups nested to the depth limit are read on a small stack")
  func deepGroupsOnASmallStack() throws {
    // Root, layers, layer and shapes take 4 levels; each group takes 2.
    let depth = 254
    let shapes =
      "[" + String(repeating: #"{"ty": "gr", "it": ["#, count: depth) + String(repeating: "]}", count: depth) + "]"
    let json = shapeComposition(shapes)
    let animation = try onThread(stackSize: Self.workerStack) { try parse(json) }
    var items = try #require(animation.layers.first?.content.shapeItems)
    var levels = 0
    while case .group(let children)? = items.first?.kind {
      levels += 1
      items = children
    }
    #expect(levels == depth)
  }
}

extension HostileInputTests {
  @Test("a JSON document nested to the depth limit is read and dropped on a small stack")
  func deepDocumentOnASmallStack() throws {
    let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    let depth = try onThread(stackSize: Self.workerStack) { () -> Int in
      var json = try LottieParser.document(bytes: Array(deep.utf8), file: "deep.json")
      var levels = 0
      while case .array(let items) = json, let first = items.first {
        levels += 1
        json = first
      }
      return levels + 1
    }
    #expect(depth == 512)
  }

  /// The explicit stack holds any depth: a library user's higher limit reads 100,000 levels on a small stack.
  /// Not under ThreadSanitizer: dropping the document releases its 100,000 nested arrays recursively (on the
  /// parser's stack, sized for it), about 600,000 calls deep, and TSan's shadow call stack holds 65,536
  /// entries: it faults in `__tsan_func_entry`. The default limit (512) stays far inside that.
  @Test(
    "a raised depth limit reads 100,000 levels on a small stack",
    .disabled(if: ProcessInfo.processInfo.environment["L2V_SANITIZER"] == "thread", "TSan's shadow stack is 64K calls"))
  func raisedDepthLimit() throws {
    var raised = LoadLimits()
    raised.maxJSONDepth = 200_000
    let limits = raised
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let json = composition(extra: #""meta": "# + deep)
    let animation = try onThread(stackSize: Self.workerStack) { try parse(json, limits: limits) }
    #expect(animation.height == 100)
  }

  @Test("precomps nested to the precomp limit are read on a small stack")
  func deepPrecompsOnASmallStack() throws {
    let depth = LoadLimits().maxPrecompDepth
    let assets = (0..<depth).map { level in
      let inner = level + 1 < depth ? #"[{"ty": 0, "refId": "p\#(level + 1)", "ip": 0, "op": 60, "ks": {}}]"# : "[]"
      return #"{"id": "p\#(level)", "layers": \#(inner)}"#
    }
    let json = composition(
      layers: #"[{"ty": 0, "refId": "p0", "ip": 0, "op": 60, "ks": {}}]"#,
      extra: #""assets": [\#(assets.joined(separator: ","))]"#)
    let animation = try onThread(stackSize: Self.workerStack) { try parse(json) }
    #expect(animation.precomps.count == depth)
  }

  // MARK: - Numbers at the edge of Double

  /// Every number of a document replaced by `value`: the parser reads it or refuses it with a message, and
  /// never traps converting it (a trap ends the test process).
  @Test(
    "every number replaced by an extreme value parses or is refused cleanly",
    arguments: ["1e308", "-1e308", "1e-308", "4294967296", "-9.3e18"])
  func extremeNumbers(value: String) throws {
    // In the small documents one number at a time (so that a refused `ty` does not hide the rest), in the
    // corpus files all at once.
    var hostile: [String] = []
    for document in Self.richDocuments {
      let count = Self.replacingNumbers(in: document, with: value).count
      hostile += (0..<count).map { Self.replacingNumbers(in: document, with: value, only: $0).text }
    }
    hostile += try Self.corpusDocuments().map { Self.replacingNumbers(in: $0, with: value).text }
    #expect(hostile.count > 100)
    var parsed = 0
    for document in hostile {
      do {
        _ = try onThread(stackSize: Self.workerStack) { try parse(document) }
        parsed += 1
      } catch let error as LottieError {
        // Refused with a message that names the file.
        #expect(error.description.hasPrefix("test.json: "))
      }
    }
    // Most replaced numbers are values, not structure: they load.
    #expect(parsed > hostile.count / 2)
  }

  /// Small documents that reach many readers: layers of every kind, shapes, keyframes, text, effects.
  static let richDocuments: [String] = [
    shapeComposition(
      #"[{"ty": "gr", "it": [{"ty": "rc", "p": {"k": [1, 2]}, "s": {"k": [3, 4]}, "r": {"k": 5}},"#
        + #"{"ty": "sr", "sy": 1, "pt": {"k": 5}, "or": {"k": 6}, "ir": {"k": 7}, "os": {"k": 8}, "is": {"k": 9}},"#
        + #"{"ty": "rp", "c": {"k": 3}, "o": {"k": 1}, "m": 1, "tr": {"so": {"k": 100}, "eo": {"k": 50}}},"#
        + #"{"ty": "zz", "r": {"k": 3}, "s": {"k": 2}, "pt": {"k": 1}}, {"ty": "tm", "s": {"k": 0}, "e": {"k": 50}, "m": 2},"#
        + #"{"ty": "st", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}, "w": {"k": 2}, "lc": 2, "lj": 1, "ml": 4,"#
        + #" "d": [{"n": "d", "v": {"k": 3}}]},"#
        + #"{"ty": "gf", "t": 2, "g": {"p": 2, "k": {"k": [0, 1, 0, 0, 1, 0, 0, 1]}}, "s": {"k": [0, 0]}, "e": {"k": [1, 1]}},"#
        + #"{"ty": "tr", "p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]},"#
        + #" "to": [1, 1], "ti": [2, 2]}, {"t": 10, "s": [5, 5]}]}, "o": {"k": 80}}]}]"#),
    composition(
      layers: #"[{"ty": 1, "ind": 1, "parent": 2, "ip": 0, "op": 60, "st": 0, "sr": 1, "tt": 1, "tp": 2, "bm": 3,"#
        + ##" "sw": 10, "sh": 10, "sc": "#ff0000", "ks": {"r": {"k": 45}, "s": {"k": [50, 50, 100]}},"##
        + #" "masksProperties": [{"mode": "a", "pt": {"k": {"i": [[0, 0]], "o": [[0, 0]], "v": [[1, 1]], "c": true}}, "o": {"k": 100}}],"#
        + #" "ef": [{"ty": 5, "nm": "Slider", "ef": [{"ty": 0, "nm": "Slider", "v": {"k": 3}}]}]},"#
        + #" {"ty": 5, "ind": 2, "ip": 0, "op": 60, "ks": {}, "t": {"d": {"k": [{"t": 0, "s": {"t": "Hi", "f": "Arial","#
        + #" "s": 20, "lh": 24, "tr": 10, "j": 2, "fc": [1, 1, 1]}}]}, "a": [{"s": {"s": {"k": 0}, "e": {"k": 100}},"#
        + #" "a": {"p": {"k": [1, 2]}}}]}}]"#,
      extra:
        #""markers": [{"cm": "m", "tm": 10, "dr": 5}], "fonts": {"list": [{"fName": "Arial", "fFamily": "Arial"}]}"#),
  ]

  /// A few corpus files of different kinds, when the corpus is present.
  static func corpusDocuments() throws -> [String] {
    guard let corpus = Fixtures.corpus else { return [] }
    return try [
      "lottie-spec__docs--static--examples--gradient.json", "rlottie__example--resource--dna.json",
      "lottie-web__test--animations--ripple.json", "dotlottie-rs__dotlottie-rs--assets--animations--lottie--text.json",
    ].map { try String(contentsOf: corpus.appendingPathComponent($0), encoding: .utf8) }
  }

  /// `json` with every number literal (outside strings) replaced by `value`, or only the one numbered
  /// `only` (from 0); `count` is how many number literals it has.
  static func replacingNumbers(in json: String, with value: String, only: Int? = nil) -> (text: String, count: Int) {
    var out = ""
    var count = 0
    var inString = false
    var escaped = false
    var inNumber = false
    var copying = false
    for character in json {
      if inString {
        out.append(character)
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
        continue
      }
      let isNumberCharacter = character.isNumber || "+-.eE".contains(character)
      if inNumber && isNumberCharacter {
        if copying { out.append(character) }
        continue
      }
      inNumber = false
      if character == "\"" {
        inString = true
        out.append(character)
      } else if character.isNumber || character == "-" {
        inNumber = true
        copying = only != nil && only != count
        out += copying ? String(character) : value
        count += 1
      } else {
        out.append(character)
      }
    }
    return (out, count)
  }
}

extension HostileInputTests {
  /// The parser's files (where every number comes from the file) convert numbers to `Int` only through the
  /// checked helpers of `SafeConversions.swift`: a bare `Int(x)` of a `Double` traps on NaN or 1e308.
  @Test("the parser converts numbers to Int only through the checked helpers")
  func noUncheckedIntConversions() throws {
    let folder = Fixtures.repositoryRoot.appendingPathComponent("Sources/Lottie")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { name in
      name == "JSON.swift" || name == "JSONPath.swift" || name == "Parser.swift" || name == "Model.swift"
        || name == "LoadLimits.swift" || name.hasPrefix("Reader") || name.hasPrefix("LottieParser")
    }
    #expect(files.count >= 8)
    // `Int(` not preceded by a letter (so not `UInt8(`, `clampedInt(`), unless it is one of the checked
    // initialisers.
    let unchecked = try Regex(#"(^|[^A-Za-z_])Int\((?!clamping:|exactly:|truncatingIfNeeded:|bitPattern:)"#)
    var found: [String] = []
    for file in files.sorted() {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where line.contains(unchecked) && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
        found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    #expect(found.isEmpty, "unchecked Int conversions:\n\(found.joined(separator: "\n"))")
  }
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes and returns what it returned or threw.
func onThread<T>(stackSize: Int, _ body: @escaping @Sendable () throws -> T) throws -> T {
  let outcome = ThreadOutcome<T>()
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    outcome.result = Result { try body() }
    done.signal()
  }
  thread.stackSize = stackSize
  thread.start()
  done.wait()
  return try #require(outcome.result).get()
}

/// What a thread of ``onThread(stackSize:_:)`` produced.
private final class ThreadOutcome<T>: @unchecked Sendable {
  // Written by the thread before it signals, read after the wait: the semaphore orders the two.
  var result: Result<T, any Error>?
}
