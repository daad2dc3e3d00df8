import Foundation
import TestSupport
import Testing

/// Issue 16, item 3, through the built binary: effect parameters that become NaN while the animation plays
/// (keyframes of one value eased by 1e308 handles: `v + (v - v) * ∞`) reach the effects' pixel loops. Each
/// of these stopped the process with SIGILL ("Double value cannot be converted to UInt8 because it is either
/// infinite or NaN"); now each frame is drawn (a NaN channel or coverage gives 0).
struct NonFiniteEffectCLITests {
  /// A property whose value at frame 5 is NaN.
  static func nan(_ value: String) -> String {
    #"{"a":1,"k":[{"t":0,"s":\#(value),"o":{"x":[0.3],"y":[1e308]},"i":{"x":[0.6],"y":[1e308]}},{"t":10,"s":\#(value)}]}"#
  }

  static func still(_ value: String) -> String { #"{"a":0,"k":\#(value)}"# }

  static func effect(_ type: Int, _ values: [(Int, String)]) -> String {
    #"{"ty":\#(type),"en":1,"ef":[\#(values.map { #"{"ty":\#($0.0),"v":\#($0.1)}"# }.joined(separator: ","))]}"#
  }

  static func animation(effect: String) -> String {
    #"""
    {"v":"5.7.0","fr":30,"ip":0,"op":10,"w":16,"h":16,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{},
     "ef":[\#(effect)],
     "shapes":[{"ty":"rc","p":{"a":0,"k":[8,8]},"s":{"a":0,"k":[12,12]},"r":{"a":0,"k":0}},
               {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
    """#
  }

  static let grey = "[0.5,0.5,0.5,1]"
  /// (name, effect): Fill (21: layer, mask, colour, invert, feathers, opacity), Tint (20: black, white,
  /// amount), Tritone (23: highlights, midtones, shadows).
  static let cases: [(String, String)] = [
    (
      "fill opacity",
      effect(
        21,
        [
          (10, still("0")), (7, still("0")), (2, still("[0,0,1,1]")), (7, still("0")),
          (0, still("0")), (0, still("0")), (0, nan("[0.8]")),
        ])
    ),
    (
      "fill colour",
      effect(
        21,
        [
          (10, still("0")), (7, still("0")), (2, nan(grey)), (7, still("0")),
          (0, still("0")), (0, still("0")), (0, still("1")),
        ])
    ),
    ("tint colours", effect(20, [(2, nan(grey)), (2, nan(grey)), (0, still("100"))])),
    ("tritone colours", effect(23, [(2, nan(grey)), (2, nan(grey)), (2, nan(grey))])),
  ]

  @Test(arguments: 0..<cases.count)
  func nanEffectParameterIsDrawn(index: Int) async throws {
    let (name, effect) = Self.cases[index]
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.json")
    try Data(Self.animation(effect: effect).utf8).write(to: input)
    let output = directory.appendingPathComponent("out.png").path
    let result = try await CommandRunner.lottie2video(
      ["snapshot", input.path, "--frame", "5", "-o", output])
    #expect(result.exited(0), "\(name): \(result)")
    #expect(result.stderr.contains("runtime failure") == false, "\(name): \(result)")
    let size = try pngSize(output)
    #expect(size.width == 16 && size.height == 16, "\(name)")
  }
}
