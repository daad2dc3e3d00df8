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
  /// Memory is spent only on what can be heard:
  /// 1. each audio layer's span of its sound is worked out first, through its precomps and time remaps,
  ///    clamped to what the video plays (``soundSpan(_:frames:frameRate:)``); a layer that is never heard
  ///    costs nothing;
  /// 2. each sound is read and opened (not decoded) to learn its content, so that assets holding the same
  ///    bytes are decoded once, and its declared length; the layers using one sound share one decoded
  ///    stretch, covering all their spans, at most ``AudioOptions/maxSoundSeconds`` long;
  /// 3. `reserve` is told the bytes all of it will take (``AudioFormat/bytesPerSecond`` a second: at most
  ///    twice the declared length, plus 2 s, and never more than the spans) before anything is decoded,
  ///    and may throw to refuse; decoding is held to that estimate, so a file that lies about its length
  ///    cannot make it more;
  /// 4. then the stretches are decoded.
  ///
  /// A sound asset that is missing or cannot be decoded is left out with a warning naming the asset; a
  /// soundtrack that cannot be decoded throws (``AudioDecodingError``, naming the file): it was asked for.
  static func make(
    animation: Animation, schedule: FrameSchedule, fps: Double, options: AudioOptions,
    reserve: (_ bytes: Int) throws -> Void = { _ in }
  ) throws -> (mix: AudioMix?, diagnostics: [Diagnostic]) {
    var diagnostics: [Diagnostic] = []
    let file = options.animationFile
    func note(_ severity: Severity, _ path: JSONPath, _ message: String) {
      diagnostics.append(Diagnostic(severity: severity, file: file, path: path, message: message))
    }
    let frames = playedFrames(schedule)
    // 1. The audio layers and the span each can play.
    var wanted: [(placement: LayerPlacement, asset: SoundAsset, span: ClosedRange<Double>)] = []
    if options.includesAnimationAudio, let frames {
      let (layers, isCut) = audioLayers(in: animation)
      if isCut {
        note(.warning, .root, "more than \(maxVoices) audio layers play; only the first \(maxVoices) are mixed")
      }
      var missing: Set<String> = []
      for (chain, layer, settings) in layers {
        guard let asset = animation.sounds[settings.soundID] else {
          if missing.insert(settings.soundID).inserted {
            note(
              .warning, layer.path.appending("refId"),
              "sound asset '\(settings.soundID)' does not exist; the audio layer is silent")
          }
          continue
        }
        let placement = LayerPlacement(chain: chain, layer: layer, settings: settings)
        guard let span = soundSpan(placement, frames: frames, frameRate: animation.frameRate) else { continue }
        wanted.append((placement, asset, span))
      }
    }
    // 2. One sound per content, with the stretch its layers need.
    var sounds: [SoundPlan] = []
    var planOfAsset: [String: Int?] = [:]
    var planOfContent: [ContentKey: Int] = [:]
    for (_, asset, span) in wanted {
      if let known = planOfAsset[asset.id] {
        if let index = known { sounds[index].cover(span) }
        continue
      }
      switch readBytes(asset, options: options) {
      case .failure(let problem):
        note(problem.severity, asset.path, problem.message)
        planOfAsset[asset.id] = .some(nil)
      case .success(let bytes):
        let key = ContentKey(bytes)
        if let index = planOfContent[key] {
          sounds[index].cover(span)
          planOfAsset[asset.id] = index
          continue
        }
        do {
          let duration = try AudioDecoder(bytes, name: name(of: asset)).duration
          sounds.append(SoundPlan(asset: asset, span: span, declaredDuration: duration))
          planOfContent[key] = sounds.count - 1
          planOfAsset[asset.id] = sounds.count - 1
        } catch {
          note(.warning, asset.path, "\(error); not played")
          planOfAsset[asset.id] = .some(nil)
        }
      }
    }
    // The soundtrack: only as much as the video can play, unless it loops.
    var soundtrack: (track: Soundtrack, decoder: AudioDecoder, start: Double, seconds: Double)?
    if let track = options.soundtrack {
      let videoSeconds = Double(schedule.count) / fps
      let start = track.loops ? 0 : max(0, -track.offset)
      let end =
        track.loops
        ? options.maxSoundSeconds : min(start + options.maxSoundSeconds, videoSeconds - track.offset + spanMargin)
      if end > start {
        let decoder = try AudioDecoder(contentsOf: track.path)
        soundtrack = (track, decoder, start, Self.decodedSeconds(start: start, end: end, declared: decoder.duration))
      }
    }
    // 3. The memory all of it will take, before anything is decoded.
    for index in sounds.indices { sounds[index].limit(to: options.maxSoundSeconds) }
    let seconds = sounds.reduce(soundtrack?.seconds ?? 0) { $0 + $1.decodedSeconds }
    try reserve((seconds * Double(AudioFormat.bytesPerSecond)).clampedInt(0...(Int.max / 4)))
    // 4. Decode.
    var decoded: [DecodedAudio?] = []
    for plan in sounds {
      let name = name(of: plan.asset)
      let bytes: Data
      switch readBytes(plan.asset, options: options) {
      case .success(let read): bytes = read
      case .failure(let problem):
        note(problem.severity, plan.asset.path, problem.message)
        decoded.append(nil)
        continue
      }
      // The decoding is held to `decodedSeconds`, the estimate, whatever the file holds by now.
      do {
        let sound = try AudioDecoder(bytes, name: name).decode(
          from: plan.span.lowerBound, maxSeconds: plan.decodedSeconds)
        if plan.isCut && sound.isTruncated {
          let maxSeconds = options.maxSoundSeconds.clampedInt(0...Int.max)
          note(
            .info, plan.asset.path,
            "\(name) plays for more than \(maxSeconds) s; only \(maxSeconds) s of it "
              + "(from \(plan.span.lowerBound.clampedInt(0...Int.max)) s) are played")
        }
        decoded.append(sound)
      } catch {
        note(.warning, plan.asset.path, "\(error); not played")
        decoded.append(nil)
      }
    }
    var voices: [Voice] = []
    for (placement, asset, _) in wanted {
      guard let index = planOfAsset[asset.id] ?? nil, let sound = decoded[index] else { continue }
      voices.append(Voice(sound: sound, placement: .layer(placement)))
    }
    var bytes = decoded.reduce(0) { $0 + ($1?.byteCount ?? 0) }
    if let soundtrack {
      let sound = try soundtrack.decoder.decode(from: soundtrack.start, maxSeconds: soundtrack.seconds)
      if sound.isTruncated && soundtrack.track.loops {
        diagnostics.append(
          Diagnostic(
            severity: .info, file: soundtrack.track.path, path: .root,
            message:
              "the soundtrack is longer than \(options.maxSoundSeconds.clampedInt(0...Int.max)) s; only its start loops"
          ))
      }
      voices.append(Voice(sound: sound, placement: .soundtrack(soundtrack.track)))
      bytes += sound.byteCount
    }
    guard !voices.isEmpty else { return (nil, diagnostics) }
    let mix = AudioMix(
      voices: voices, schedule: schedule, fps: fps, frameRate: animation.frameRate, decodedBytes: bytes)
    return (mix, diagnostics)
  }

  // MARK: - Plans

  /// One sound to decode: the asset whose bytes are read, and the stretch of it the layers need.
  struct SoundPlan {
    let asset: SoundAsset
    /// Sound seconds from the earliest any layer plays to the latest.
    private(set) var span: ClosedRange<Double>
    /// The length the container declares, if it does.
    let declaredDuration: Double?
    /// Whether ``AudioOptions/maxSoundSeconds`` shortened the span.
    private(set) var isCut = false

    init(asset: SoundAsset, span: ClosedRange<Double>, declaredDuration: Double?) {
      self.asset = asset
      self.span = span
      self.declaredDuration = declaredDuration
    }

    /// Widens the stretch to take in `other` too.
    mutating func cover(_ other: ClosedRange<Double>) {
      span = min(span.lowerBound, other.lowerBound)...max(span.upperBound, other.upperBound)
    }

    /// Keeps the stretch at most `seconds` long.
    mutating func limit(to seconds: Double) {
      guard span.upperBound - span.lowerBound > seconds else { return }
      span = span.lowerBound...(span.lowerBound + seconds)
      isCut = true
    }

    /// The seconds decoded: the stretch, and no more than the declared length allows (see `make`).
    var decodedSeconds: Double {
      AudioMix.decodedSeconds(start: span.lowerBound, end: span.upperBound, declared: declaredDuration)
    }
  }

  /// Seconds decoded from `start` towards `end` of a sound that says it lasts `declared`: twice that plus
  /// 2 s at most (a generous bound for lengths estimated from a bit rate, and a hard one for a file that
  /// understates it), so that the memory estimate holds whatever the file says.
  static func decodedSeconds(start: Double, end: Double, declared: Double?) -> Double {
    var end = end
    if let declared, declared.isFinite, declared >= 0 { end = min(end, 2 * declared + 2) }
    return max(0, end - start)
  }

  /// What identifies a sound's content: its length and a 64-bit FNV-1a hash of its bytes. Assets holding
  /// the same bytes are decoded once. (Two different sounds that collide would play the first one; they
  /// can only come from one file, so a crafted collision fools nobody but its author.)
  struct ContentKey: Hashable {
    let count: Int
    let hash: UInt64

    init(_ bytes: Data) {
      count = bytes.count
      self.hash = bytes.withUnsafeBytes { buffer in
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in buffer { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
      }
    }
  }

  // MARK: - Reading

  /// What messages call a sound asset.
  static func name(of asset: SoundAsset) -> String { "sound asset '\(asset.id)'" }

  /// What went wrong with a sound asset, as a diagnostic's severity and message.
  struct Problem: Error {
    var severity: Severity
    var message: String
  }

  /// The bytes of one sound asset: the file a dotLottie archive holds for it, a `data:` URI's payload, or a
  /// file relative to ``AudioOptions/assetsDirectory`` (read through ``ReferenceSandbox``, as image files are).
  static func readBytes(_ asset: SoundAsset, options: AudioOptions) -> Result<Data, Problem> {
    let name = name(of: asset)
    if let embedded = options.embeddedSounds[asset.id] { return .success(Data(embedded)) }
    if asset.fileName.hasPrefix("data:") {
      guard let comma = asset.fileName.firstIndex(of: ","), asset.fileName[..<comma].hasSuffix(";base64"),
        let data = Data(
          base64Encoded: String(asset.fileName[asset.fileName.index(after: comma)...]),
          options: .ignoreUnknownCharacters)
      else { return .failure(Problem(severity: .warning, message: "\(name) has a malformed data URI; not played")) }
      return .success(data)
    }
    if asset.isEmbedded {
      return .failure(
        Problem(severity: .warning, message: "\(name) is marked embedded but its data is not a data URI; not played"))
    }
    // Through the sandbox image files use: inside the animation's folder or --assets, regular files only.
    let sandbox = ReferenceSandbox(
      base: options.assetsDirectory ?? "", allowsExternalPaths: options.allowsExternalPaths,
      maxFileBytes: maxSoundFileBytes)
    switch sandbox.contents(directory: asset.directory, fileName: asset.fileName) {
    case .success(let found):
      return .success(Data(found.bytes))
    case .failure(.missing), .failure(.unreadable):
      return .failure(
        Problem(
          severity: .warning,
          message: "the sound file for \(name) cannot be read; not played (use --assets DIR to point elsewhere)"))
    case .failure(let refusal):
      return .failure(Problem(severity: .warning, message: "\(name): \(refusal); not played"))
    }
  }
}
