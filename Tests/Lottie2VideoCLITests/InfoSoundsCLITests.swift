import Foundation
import TestSupport
import Testing

/// Review 1, R-18: `info` names audio layers "audio" (it said "type 6") and lists the sound assets, found as
/// an export would find them.
struct InfoSoundsCLITests {
  /// Three sounds: a data URI, a file beside the animation, one missing; and one that climbs out with `..`.
  static let json = #"""
    {"v":"5.7.0","fr":10,"ip":0,"op":5,"w":16,"h":16,
     "assets":[{"id":"s1","u":"","p":"data:audio/wav;base64,AAAA","e":1},{"id":"s2","u":"","p":"here.wav","e":0},
               {"id":"s3","u":"","p":"gone.mp3","e":0},{"id":"s4","u":"../","p":"out.mp3","e":0}],
     "layers":[{"ty":6,"ind":1,"refId":"s1","ip":0,"op":5,"st":0,"ks":{}},{"ty":6,"ind":2,"refId":"s2","ip":0,"op":5,"st":0,"ks":{}},
               {"ty":6,"ind":3,"refId":"s3","ip":0,"op":5,"st":0,"ks":{}},{"ty":6,"ind":4,"refId":"s4","ip":0,"op":5,"st":0,"ks":{}},
               {"ty":13,"ind":5,"ip":0,"op":5,"st":0,"ks":{}}]}
    """#

  @Test func infoListsSoundsAndNamesAudioLayers() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("a.json").path
    try Data(Self.json.utf8).write(to: URL(fileURLWithPath: input))
    try Data("RIFF".utf8).write(to: directory.appendingPathComponent("here.wav"))
    let text = try await CommandRunner.lottie2video(["info", input])
    #expect(text.exited(0), "\(text)")
    #expect(text.stdout.contains("\nlayers:      5 (4 audio, 1 camera)\n"), "\(text)")
    #expect(text.stdout.contains("\nsounds:      4 (1 embedded, 1 file, 1 missing: s3, 1 refused: s4)\n"), "\(text)")
    let json = try await CommandRunner.lottie2video(["info", input, "--json"])
    let info = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect((info["layers"] as? [String: Int]) == ["audio": 4, "camera": 1])
    let sounds = try #require(info["sounds"] as? [[String: String]])
    #expect(sounds.map { $0["id"] } == ["s1", "s2", "s3", "s4"])
    #expect(sounds.map { $0["source"] } == ["embedded", "file", "missing", "refused"])
    #expect(sounds[1]["path"]?.hasSuffix("/here.wav") == true)
    #expect(
      sounds[3]["problem"]
        == "'../out.mp3' is outside the animation's folder and --assets; not read (--allow-external-paths allows it for trusted files)"
    )
    // No sounds: said so.
    let plain = try await CommandRunner.lottie2video([
      "info", Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path,
    ])
    #expect(plain.stdout.contains("\nsounds:      none\n"), "\(plain)")
  }
}
