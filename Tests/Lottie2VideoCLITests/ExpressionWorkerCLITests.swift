import Foundation
import TestSupport
import Testing

/// Issue 38, item 2: nothing an expression writes outlives its evaluation, so the frames are the same on any
/// number of workers. Before, a counter kept on `Math` made `--jobs 1` and `--jobs 4` differ (and two `--jobs 2`
/// runs differ from each other), and a layer object stored there was used after its frame was gone; now what an
/// evaluation writes on a built-in lasts for that evaluation only.
struct ExpressionWorkerCLITests {
  /// A square whose position expression keeps state where it could: on `Math`, on the layer and comp objects, and
  /// in a variable of its own.
  static func animation(_ expression: String) -> String {
    let escaped = expression.replacingOccurrences(of: "\"", with: "\\\"")
    return #"{"v":"5.7.0","w":64,"h":64,"fr":30,"ip":0,"op":24,"layers":[{"ty":4,"ip":0,"op":24,"st":0,"#
      + #""ks":{"p":{"a":0,"k":[32,32],"x":"\#(escaped)"}},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"#
      + #""s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#
  }

  static let expressions = [
    "Math.n = (Math.n || 0) + 1; [value[0] + Math.n % 7 * 3, value[1]]",
    "try { Math.n = (Math.n || 0) + 1 } catch (e) {} [value[0] + (Math.n || 0) % 7 * 3, value[1] + time * 10]",
    "thisLayer.n = (thisLayer.n || 0) + 1; thisComp.n = (thisComp.n || 0) + 1; "
      + "[value[0] + thisLayer.n * 3 + thisComp.n, value[1] + time * 10]",
    "var n = typeof n == 'number' ? n + 1 : 1; [value[0] + n * 5, value[1] + time * 10]",
  ]

  @Test(.hangGuard, arguments: 0..<expressions.count)
  func framesAreTheSameOnAnyNumberOfWorkers(index: Int) async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("state.json")
    try Data(Self.animation(Self.expressions[index]).utf8).write(to: input)
    var outputs: [Data] = []
    for jobs in ["1", "4", "2", "2"] {
      let output = directory.appendingPathComponent("jobs\(outputs.count).y4m").path
      let result = try await CommandRunner.lottie2video([input.path, "-o", output, "-q", "--jobs", jobs])
      #expect(result.exited(0), "\(result)")
      outputs.append(try Data(contentsOf: URL(fileURLWithPath: output)))
    }
    #expect(outputs[0].count > 64 * 64 * 24)
    for (run, bytes) in outputs.enumerated().dropFirst() {
      #expect(bytes == outputs[0], "run \(run) differs from --jobs 1")
    }
  }

  /// A write to a built-in is the evaluation's own: the expression evaluates, as in After Effects.
  @Test(.hangGuard)
  func writingToABuiltInEvaluates() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("state.json")
    try Data(Self.animation(Self.expressions[0]).utf8).write(to: input)
    let result = try await CommandRunner.lottie2video(["check", input.path])
    #expect(result.stdout.contains("$.layers[0].ks.p.x: info: expression evaluated"), "\(result)")
  }

  /// The corpus files with expressions, by their paths relative to the corpus.
  static let corpusFilesWithExpressions: [String] = {
    guard let corpus = Fixtures.corpus else { return [] }
    func hasExpression(_ value: Any) -> Bool {
      var stack = [value]
      while let next = stack.popLast() {
        if let object = next as? [String: Any] {
          if object["x"] is String { return true }
          stack.append(contentsOf: object.values)
        } else if let array = next as? [Any] {
          stack.append(contentsOf: array)
        }
      }
      return false
    }
    let manager = FileManager.default
    var found: [String] = []
    for folder in ["", "with_assets/"] {
      let names = (try? manager.contentsOfDirectory(atPath: corpus.appendingPathComponent(folder).path)) ?? []
      for name in names.sorted() where name.hasSuffix(".json") {
        guard let data = manager.contents(atPath: corpus.appendingPathComponent(folder + name).path),
          let json = try? JSONSerialization.jsonObject(with: data), hasExpression(json)
        else { continue }
        found.append(folder + name)
      }
    }
    return found
  }()

  /// Issue 38, "done when": every corpus file with expressions gives the same bytes on one worker and on four
  /// (24 frames at 96 px: the workers take frames in whatever order they come).
  @Test(
    .heavy, .hangGuard, .enabled(if: Fixtures.corpus != nil, "the shared corpus is absent (set L2V_CORPUS)"))
  func corpusExpressionsAreTheSameOnAnyNumberOfWorkers() async throws {
    guard let corpus = Fixtures.corpus else { return }
    let files = Self.corpusFilesWithExpressions
    #expect(files.count >= 20, "\(files)")
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for file in files {
      var outputs: [Data] = []
      for jobs in ["1", "4"] {
        let output = directory.appendingPathComponent("jobs\(jobs).y4m").path
        let result = try await CommandRunner.lottie2video([
          corpus.appendingPathComponent(file).path, "-o", output, "-q", "--jobs", jobs, "--max-frames", "24",
          "--width", "96",
        ])
        #expect(result.exited(0), "\(file): \(result)")
        outputs.append((try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data())
      }
      #expect(outputs[0].count > 96 * 2 * 24, "\(file)")
      #expect(outputs[0] == outputs[1], "\(file): --jobs 4 differs from --jobs 1")
    }
  }

  /// A result that is cheap to hold and huge written out (65,536 references to one 64 KB string) is refused
  /// with a short message: the host wrote it out whole for the message and aborted on a 4 GB allocation (found
  /// by scripts/fuzz).
  @Test(.hangGuard)
  func aHugeResultIsShownShort() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("huge.json")
    try Data(Self.animation("Array(65536).fill('x'.repeat(65536))").utf8).write(to: input)
    let result = try await CommandRunner.lottie2video(["check", input.path])
    #expect(result.exited(0), "\(result)")
    #expect(
      result.stdout.contains(
        "$.layers[0].ks.p.x: warning: expression failed (the result (object (too long to show)) is not a value for this property)"
      ), "\(result)")
  }

  /// Issue 41, item 1: an export says what `check` says of expressions that do not give their value, with
  /// the expression's text, and `--strict` fails on them and writes nothing (it exited 0 in silence).
  @Test(.hangGuard)
  func exportsReportExpressionsThatFail() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("missing.json")
    try Data(Self.animation("thisComp.layer('Nowhere').transform.position").utf8).write(to: input)
    let output = directory.appendingPathComponent("out.mp4").path
    let line =
      "missing.json: $.layers[0].ks.p.x: warning: expression failed (uncaught exception: TypeError: "
      + "thisComp.layer(Nowhere): no such layer); the property's own value is used; the expression: "
      + "thisComp.layer('Nowhere').transform.position\n"
    let plain = try await CommandRunner.lottie2video([input.path, "-o", output])
    #expect(plain.exited(0), "\(plain)")
    #expect(plain.stderr.contains(line), "\(plain)")
    #expect(FileManager.default.fileExists(atPath: output))
    try FileManager.default.removeItem(atPath: output)
    let strict = try await CommandRunner.lottie2video([input.path, "-o", output, "--strict"])
    #expect(strict.exited(1), "\(strict)")
    #expect(strict.stderr.contains(line), "\(strict)")
    #expect(strict.stderr.contains("missing.json: --strict: 1 warning (listed above); nothing written"), "\(strict)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  /// `check` and `info` spend at most three frames' steps on a file's expressions: one whose expressions use
  /// up their steps every frame is checked at its first frames only, and says so.
  @Test(.hangGuard)
  func checkStopsWhenExpressionsUseUpTheirSteps() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("busy.json")
    let busy =
      #"{"ty":3,"ip":0,"op":60,"st":0,"ks":{"r":{"a":0,"k":0,"x":"var i = 0; while (true) { i++ }"}}}"#
    // A shape drawn from frame 50 on: its fill's expression is reached only then.
    let late =
      #"{"ty":4,"ip":50,"op":60,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[8,8]},"#
      + #""r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100,"x":"value"}}]}"#
    let layers = Array(repeating: busy, count: 21) + [late]
    let json = #"{"v":"5.7.0","w":64,"h":64,"fr":30,"ip":0,"op":60,"layers":["# + layers.joined(separator: ",") + "]}"
    try Data(json.utf8).write(to: input)
    let result = try await CommandRunner.lottie2video(["check", input.path, "--limit", "expression-steps=1000"])
    #expect(result.exited(0), "\(result)")
    #expect(
      result.stdout.contains(
        "$.layers[21].shapes[1].o.x: warning: expression not evaluated at the frames checked (the first 3: the expressions "
          + "used up the steps of three)"), "\(result)")
  }

  /// `check` tries the frames between its 24 spread ones while an expression has not been reached (a layer shown
  /// for two frames between them), and says which frames it tried of one it never reaches; a hidden layer's
  /// expressions are not sought.
  @Test(.hangGuard)
  func checkReachesLayersBetweenItsSpreadFrames() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("brief.json")
    // A shape whose fill's opacity has an expression, drawn from `ip` to `op` (hidden: never drawn).
    func layer(_ ip: Int, _ op: Int, hidden: Bool = false) -> String {
      #"{"ty":4,"ip":\#(ip),"op":\#(op),"st":0,"hd":\#(hidden),"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"#
        + #""s":{"a":0,"k":[8,8]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100,"x":"value"}}]}"#
    }
    // Spread over 240 frames, the checked frames are 10 apart: frames 3 and 4 are between two of them.
    let json =
      #"{"v":"5.7.0","w":64,"h":64,"fr":30,"ip":0,"op":240,"layers":["# + layer(3, 5) + ","
      + layer(300, 400) + "," + layer(0, 240, hidden: true) + "]}"
    try Data(json.utf8).write(to: input)
    let result = try await CommandRunner.lottie2video(["check", input.path])
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout.contains("$.layers[0].shapes[1].o.x: info: expression evaluated"), "\(result)")
    #expect(
      result.stdout.contains(
        "$.layers[1].shapes[1].o.x: warning: expression not evaluated at the frames checked (240 from 0 to 239)"),
      "\(result)")
    // A hidden layer's expression is not sought: nothing draws it.
    #expect(
      result.stdout.contains(
        "$.layers[2].shapes[1].o.x: warning: expression not evaluated: its layer is hidden (hd), and nothing reads "
          + "this property; the property's own value is used"), "\(result)")
  }

  /// Issue 39, item 2: `info --json` and `check --json` give each expression's outcome as data (its path,
  /// outcome, reason, layer and text), and the messages name the layer.
  @Test(.hangGuard)
  func outcomesAreListedAsData() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("rig.json")
    func layer(_ name: String, _ expression: String) -> String {
      #"{"ty":3,"nm":"\#(name)","ip":0,"op":24,"st":0,"ks":{"r":{"a":0,"k":0,"x":"\#(expression)"}}}"#
    }
    let json =
      #"{"v":"5.7.0","w":64,"h":64,"fr":30,"ip":0,"op":24,"layers":["#
      + [
        layer("Arm", "thisComp.layer('Hand').rotation"), layer("Leg", "try { effect('Nope')(1) } catch (e) { 5 }"),
        layer("Body", "time * 2"),
      ].joined(separator: ",") + "]}"
    try Data(json.utf8).write(to: input)
    let text = try await CommandRunner.lottie2video(["check", input.path])
    #expect(
      text.stdout.contains(
        "$.layers[0].ks.r.x: warning: expression failed (uncaught exception: TypeError: thisComp.layer(Hand): no such "
          + "layer); the property's own value is used; layer 'Arm'; the expression: thisComp.layer('Hand').rotation"),
      "\(text)")
    for command in ["info", "check"] {
      let result = try await CommandRunner.lottie2video([command, input.path, "--json"])
      #expect(result.exited(0), "\(result)")
      let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
      let record = command == "info" ? object as? [String: Any] : (object as? [[String: Any]])?.first
      let outcomes = (record?["expressions"] as? [[String: Any]]) ?? []
      #expect(outcomes.map { $0["layer"] as? String } == ["Arm", "Leg", "Body"], "\(command): \(outcomes)")
      #expect(outcomes.map { $0["outcome"] as? String } == ["failed", "fell back", "evaluated"], "\(command)")
      #expect(outcomes.map { $0["path"] as? String } == (0..<3).map { "$.layers[\($0)].ks.r.x" }, "\(command)")
      #expect((outcomes.first?["reason"] as? String)?.contains("no such layer") == true, "\(command)")
      #expect(outcomes.last?["reason"] == nil && outcomes.last?["expression"] as? String == "time * 2", "\(command)")
    }
  }

  /// Each expression limit has its `--limit` name, in the message of the expression it stops.
  @Test(.hangGuard)
  func expressionLimitsAreNamed() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("build.json")
    // 100,000 elements: 1.6 MB of the 16 MB an evaluation may allocate by default, and 25,000 steps (a step
    // per 64 bytes).
    try Data(Self.animation("var a = new Array(100000); [a.length / 5000, 32]").utf8)
      .write(to: input)
    let path = "$.layers[0].ks.p.x"
    for (options, line) in [
      ([String](), "\(path): info: expression evaluated"),
      (
        ["--limit", "expression-memory=1M"],
        "\(path): warning: expression failed (the expression allocated more than 1000000 bytes "
          + "(--limit expression-memory=SIZE)); the property's own value is used"
      ),
      (
        ["--limit", "expression-steps=5000"],
        "\(path): warning: expression failed (the expression took more than 5000 steps (an endless loop?) "
          + "(--limit expression-steps=N)); the property's own value is used"
      ),
    ] {
      let result = try await CommandRunner.lottie2video(["check", input.path] + options)
      #expect(result.exited(0), "\(result)")
      #expect(result.stdout.contains(line), "\(options): \(result)")
    }
  }
}
