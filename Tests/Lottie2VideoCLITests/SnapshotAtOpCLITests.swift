import Foundation
import TestSupport
import Testing

/// `snapshot --frame` equal to op (where a player stops, at progress 1) draws the last frame, with a note;
/// a frame past op is still refused.
struct SnapshotAtOpCLITests {
  /// 10 frames: a square moving from x 0 to x 90 over frames 0-10.
  static let document = #"""
    {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 100, "h": 20,
     "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 10, "st": 0,
       "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [5, 10], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}},
                                  {"t": 10, "s": [95, 10]}]}},
       "shapes": [{"ty": "rc", "p": {"k": [0, 0]}, "s": {"k": [10, 10]}, "r": {"k": 0}},
                  {"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}}]}]}
    """#

  @Test(.hangGuard)
  func opDrawsTheLastFrame() async throws {
    let folder = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("move.json")
    try Data(Self.document.utf8).write(to: input)
    func snapshot(_ frame: String) async throws -> (CommandResult, Data?) {
      let output = folder.appendingPathComponent("f\(frame).png")
      let result = try await CommandRunner.lottie2video(["snapshot", input.path, "--frame", frame, "-o", output.path])
      return (result, try? Data(contentsOf: output))
    }
    let (atOp, opImage) = try await snapshot("10")
    #expect(atOp.exited(0), "\(atOp)")
    #expect(
      atOp.stderr.contains(
        "note: frame 10 is op, the end of the animation (excluded); drawing its last frame 9, as players show at progress 1"
      ),
      "\(atOp)")
    let (last, lastImage) = try await snapshot("9")
    #expect(last.exited(0) && !last.stderr.contains("note:"), "\(last)")
    #expect(opImage != nil && opImage == lastImage)
    let (past, _) = try await snapshot("10.5")
    #expect(!past.exited(0) && past.stderr.contains("is outside the animation's frames 0-9"), "\(past)")
  }
}
