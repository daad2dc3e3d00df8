import Foundation
import Lottie
import TestSupport
import Testing

@testable import Pipeline

/// Sound assets are read through the same sandbox as image files (issue 16, item 1): a sound the file
/// names outside its folder is refused with one message, whether or not it exists.
struct SoundSandboxTests {
  @Test func soundsOutsideTheFolderAreRefused() throws {
    let root = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let anim = root.appendingPathComponent("anim").path
    try FileManager.default.createDirectory(atPath: anim, withIntermediateDirectories: true)
    let secret = root.appendingPathComponent("secret.wav").path
    try Data("RIFF".utf8).write(to: URL(fileURLWithPath: secret))
    let options = AudioOptions(assetsDirectory: anim)
    for (directory, fileName) in [("", secret), ("../", "secret.wav"), ("../", "nothing.wav"), ("/dev/", "zero")] {
      let asset = SoundAsset(id: "s", directory: directory, fileName: fileName, isEmbedded: false, path: .root)
      let result = AudioMix.readBytes(asset, options: options)
      guard case .failure(let problem) = result else {
        Issue.record("\(fileName) was read")
        continue
      }
      let reference = directory + fileName
      #expect(
        problem.message
          == "sound asset 's': '\(reference)' is outside the animation's folder and --assets; not read "
          + "(--allow-external-paths allows it for trusted files); not played")
    }
  }
}
