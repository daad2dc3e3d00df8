import Foundation
import LottieArchive
import TestSupport
import Testing
import VideoEncoding

/// The shared corpus's `formats/` folder: dotLottie archives from dotlottie-js, dotlottie-rs and rlottie, and
/// Telegram stickers from lottie-converter.
@Suite(.enabled(if: Fixtures.corpus != nil, "the shared corpus is absent (set L2V_CORPUS)"))
struct CorpusFormatsTests {
  /// Every file in `corpus/formats/`, sorted.
  static func files() throws -> [URL] {
    let corpus = try #require(Fixtures.corpus)
    let folder = corpus.appendingPathComponent("formats")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
      folder.appendingPathComponent($0)
    }
  }

  /// Images known not to decode, by the end of the archive's name and the image file, with the reason.
  static let undecodable: [String: String] = [
    "simple--video-embedded.lottie:image_3.png": "an MP4 video named .png; video assets are not supported",
    "simple--video-embedded.lottie:image_4.png": "an SVG document named .png; SVG images are not supported",
  ]

  @Test func everyFileLoadsAndItsImagesDecode() throws {
    let files = try Self.files()
    #expect(files.filter { $0.pathExtension == "lottie" }.count >= 7)
    #expect(files.filter { $0.pathExtension == "tgs" }.count >= 2)
    var withImages = 0
    for file in files {
      let loaded: LoadedAnimation
      do {
        loaded = try AnimationSource.load(path: file.path)
      } catch {
        Issue.record("\(error)")
        continue
      }
      let expected: LoadedAnimation.Format = file.pathExtension == "tgs" ? .telegramSticker : .dotLottie
      #expect(loaded.format == expected, "\(file.lastPathComponent)")
      #expect(loaded.animation.width > 0 && loaded.animation.frameCount > 0, "\(file.lastPathComponent)")
      if loaded.format == .dotLottie {
        #expect(loaded.animationID == loaded.availableAnimations.first, "\(file.lastPathComponent)")
      }
      let images = loaded.animation.images.values.filter { !$0.fileName.hasPrefix("data:") }
      if !images.isEmpty { withImages += 1 }
      for image in images {
        guard let bytes = loaded.imageBytes(for: image) else {
          Issue.record(
            "\(file.lastPathComponent): no bytes for image asset '\(image.id)' (\(image.directory)\(image.fileName))")
          continue
        }
        let name = "\(file.lastPathComponent):\(image.fileName)"
        if Self.undecodable.keys.contains(where: { name.hasSuffix($0) }) {
          #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(bytes, name: name) }
          continue
        }
        let picture = try ImageDecoder.decode(bytes, name: name)
        #expect(picture.width > 0 && picture.height > 0)
      }
    }
    // bull, video-embedded, v2/image and v2/set_random carry images: the check above must not pass vacuously.
    #expect(withImages >= 4)
  }
}
