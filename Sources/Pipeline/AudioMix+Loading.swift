import Foundation
import Lottie
import VideoEncoding

extension AudioMix {
  /// The largest sound file read for an animation's sound asset: 256 MB.
  static let maxSoundFileBytes = 256 * 1024 * 1024

  /// Decodes the sounds an export plays and places them: the animation's audio layers (unless
  /// `options.includesAnimationAudio` is false) and `options.soundtrack`. Returns nil when there is nothing
  /// to hear.
  ///
  /// A sound asset that is missing or cannot be decoded is left out with a warning naming the asset; a
  /// soundtrack that cannot be decoded throws (``AudioDecodingError``, naming the file): it was asked for.
  static func make(
    animation: Animation, schedule: FrameSchedule, fps: Double, options: AudioOptions
  ) throws -> (mix: AudioMix?, diagnostics: [Diagnostic]) {
    var voices: [Voice] = []
    var diagnostics: [Diagnostic] = []
    let file = options.animationFile
    func note(_ severity: Severity, _ path: JSONPath, _ message: String) {
      diagnostics.append(Diagnostic(severity: severity, file: file, path: path, message: message))
    }
    // 1. The animation's audio layers, each sound decoded once however often it is used.
    if options.includesAnimationAudio {
      let (layers, isCut) = audioLayers(in: animation)
      if isCut {
        note(.warning, .root, "more than \(maxVoices) audio layers play; only the first \(maxVoices) are mixed")
      }
      var decoded: [String: DecodedAudio?] = [:]
      for (chain, layer, settings) in layers {
        let id = settings.soundID
        if decoded[id] == nil {
          guard let asset = animation.sounds[id] else {
            note(.warning, layer.path.appending("refId"), "sound asset '\(id)' does not exist; the audio layer is silent")
            decoded[id] = .some(nil)
            continue
          }
          let (sound, problem) = load(asset, options: options)
          if let problem { note(problem.severity, asset.path, problem.message) }
          decoded[id] = .some(sound)
        }
        guard let sound = decoded[id] ?? nil else { continue }
        voices.append(Voice(sound: sound, placement: .layer(LayerPlacement(chain: chain, layer: layer, settings: settings))))
      }
    }
    // 2. The soundtrack: only as much as the video can play, unless it loops.
    if let track = options.soundtrack {
      let videoSeconds = Double(schedule.count) / fps
      let needed = track.loops ? options.maxSoundSeconds : min(options.maxSoundSeconds, videoSeconds - track.offset + 1)
      if needed > 0 {
        let sound = try AudioDecoder.decode(contentsOf: track.path, maxSeconds: needed)
        if sound.isTruncated && track.loops {
          diagnostics.append(
            Diagnostic(
              severity: .info, file: track.path, path: .root,
              message: "the soundtrack is longer than \(Int(options.maxSoundSeconds)) s; only its start loops"))
        }
        voices.append(Voice(sound: sound, placement: .soundtrack(track)))
      }
    }
    guard !voices.isEmpty else { return (nil, diagnostics) }
    return (AudioMix(voices: voices, schedule: schedule, fps: fps, frameRate: animation.frameRate), diagnostics)
  }

  /// Reads and decodes one sound asset: the file a dotLottie archive holds for it, a `data:` URI, or a file
  /// relative to ``AudioOptions/assetsDirectory`` (read through ``ReferenceSandbox``, as image files are).
  /// Returns the sound or what went wrong.
  static func load(_ asset: SoundAsset, options: AudioOptions) -> (
    sound: DecodedAudio?, problem: (severity: Severity, message: String)?
  ) {
    let name = "sound asset '\(asset.id)'"
    let bytes: [UInt8]
    if let embedded = options.embeddedSounds[asset.id] {
      bytes = embedded
    } else if asset.fileName.hasPrefix("data:") {
      guard let comma = asset.fileName.firstIndex(of: ","), asset.fileName[..<comma].hasSuffix(";base64"),
        let data = Data(
          base64Encoded: String(asset.fileName[asset.fileName.index(after: comma)...]), options: .ignoreUnknownCharacters)
      else { return (nil, (.warning, "\(name) has a malformed data URI; not played")) }
      bytes = [UInt8](data)
    } else if asset.isEmbedded {
      return (nil, (.warning, "\(name) is marked embedded but its data is not a data URI; not played"))
    } else {
      // Through the sandbox image files use: inside the animation's folder or --assets, regular files only.
      let sandbox = ReferenceSandbox(
        base: options.assetsDirectory ?? "", allowsExternalPaths: options.allowsExternalPaths, maxFileBytes: maxSoundFileBytes)
      switch sandbox.contents(directory: asset.directory, fileName: asset.fileName) {
      case .success(let found):
        bytes = found.bytes
      case .failure(.missing), .failure(.unreadable):
        return (nil, (.warning, "the sound file for \(name) cannot be read; not played (use --assets DIR to point elsewhere)"))
      case .failure(let refusal):
        return (nil, (.warning, "\(name): \(refusal); not played"))
      }
    }
    do {
      let sound = try AudioDecoder.decode(bytes, name: name, maxSeconds: options.maxSoundSeconds)
      if sound.isTruncated {
        return (sound, (.info, "\(name) is longer than \(Int(options.maxSoundSeconds)) s; only its start is played"))
      }
      return (sound, nil)
    } catch {
      return (nil, (.warning, "\(error); not played"))
    }
  }
}
