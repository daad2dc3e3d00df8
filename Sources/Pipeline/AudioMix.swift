import Foundation
import Lottie
import VideoEncoding

/// The sound of an export, mixed on request from decoded sounds: the animation's audio layers placed on the
/// video's timeline, and a soundtrack under them.
///
/// Timing follows the video exactly. Output sample frame `n` plays at `n / 48000` seconds; the frame
/// schedule (``FrameSchedule/playbackFrame(atSeconds:fps:)``) says which composition frame is playing then,
/// so segments, speed, repeats, bounce and fixed durations move the sound as they move the pictures (speed 2
/// plays a sound twice as fast, an octave higher; the backward half of a bounce is silent). Each audio
/// layer then maps that frame through the precomp layers above it and its own timing (see
/// ``soundSeconds(chain:layer:settings:frame:frameRate:)``) to a time in its sound, read by linear
/// interpolation and scaled by the layer's level. The soundtrack plays in output time from its offset.
/// Voices are summed and clipped to `-1...1`.
///
/// Not `Sendable`: the encoder thread owns it.
public final class AudioMix: AudioSampleSource {
  /// Where one voice's samples come from.
  enum Placement {
    /// An audio layer at the end of a chain of precomp layers (root first).
    case layer(LayerPlacement)
    /// A soundtrack in output time.
    case soundtrack(Soundtrack)
  }

  /// The timing of one layer, as sound needs it.
  struct Timing {
    var inPoint: Double
    var outPoint: Double
    var startTime: Double
    var stretch: Double
    /// A precomp layer's time remap (composition seconds) or an audio layer's (sound seconds).
    var timeRemap: Animatable<Double>?

    init(_ layer: Layer, timeRemap: Animatable<Double>?) {
      inPoint = layer.inPoint
      outPoint = layer.outPoint
      startTime = layer.startTime
      stretch = layer.stretch
      self.timeRemap = timeRemap
    }

    /// `(frame − startTime) / stretch`.
    func local(_ frame: Double) -> Double {
      let local = frame - startTime
      return stretch != 0 ? local / stretch : local
    }
  }

  /// An audio layer and the precomp layers above it (root first).
  struct LayerPlacement {
    var chain: [Timing]
    var layer: Timing
    var level: AudioLayerSettings

    init(chain: [Layer], layer: Layer, settings: AudioLayerSettings) {
      self.chain = chain.map { precomp in
        if case .precomp(_, _, _, let timeRemap) = precomp.content { return Timing(precomp, timeRemap: timeRemap) }
        return Timing(precomp, timeRemap: nil)
      }
      self.layer = Timing(layer, timeRemap: settings.timeRemap)
      self.level = settings
    }
  }

  struct Voice {
    let sound: DecodedAudio
    let placement: Placement
  }

  private let voices: [Voice]
  private let schedule: FrameSchedule
  private let fps: Double
  private let frameRate: Double
  /// The composition frame playing at each sample of the block being filled (NaN: silent, backwards).
  private var frames: [Double] = []

  /// Bytes of decoded sound held, for the memory estimate (a sound several voices share counts once).
  let decodedBytes: Int

  init(voices: [Voice], schedule: FrameSchedule, fps: Double, frameRate: Double, decodedBytes: Int) {
    self.voices = voices
    self.schedule = schedule
    self.fps = fps
    self.frameRate = frameRate
    self.decodedBytes = decodedBytes
  }

  /// Whether there is anything to hear.
  var isEmpty: Bool { voices.isEmpty }

  public func fill(_ samples: UnsafeMutableBufferPointer<Float>, startingAt firstFrame: Int) {
    let count = samples.count / AudioFormat.channels
    samples.update(repeating: 0)
    let rate = Double(AudioFormat.sampleRate)
    // 1. Which composition frame plays at each sample (shared by every layer voice).
    if frames.count < count { frames = [Double](repeating: .nan, count: count) }
    for i in 0..<count {
      frames[i] = schedule.playbackFrame(atSeconds: Double(firstFrame + i) / rate, fps: fps) ?? .nan
    }
    // 2. Add each voice.
    for voice in voices {
      let sound = voice.sound.samples
      let soundFrames = voice.sound.frameCount
      guard soundFrames > 1 else { continue }
      let duration = voice.sound.duration
      // Where the decoded stretch starts in the sound (only the stretch the voice can play is decoded).
      let start = voice.sound.startSeconds
      sound.withUnsafeBufferPointer { source in
        // Adds the sound at `seconds` times `gain` to output sample frame `i`, interpolating linearly.
        func add(_ i: Int, seconds: Double, gain: Double) {
          let position = (seconds - start) * rate
          guard position >= 0, position < Double(soundFrames - 1), gain > 0 else { return }
          let index = Int(position)  // int-audit: safe: 0 <= position < soundFrames - 1 checked above (NaN fails it)
          let fraction = Float(position - Double(index))
          let g = Float(gain)
          for channel in 0..<AudioFormat.channels {
            let a = source[index * AudioFormat.channels + channel]
            let b = source[(index + 1) * AudioFormat.channels + channel]
            samples[i * AudioFormat.channels + channel] += g * (a + (b - a) * fraction)
          }
        }
        switch voice.placement {
        case .layer(let placement):
          for i in 0..<count where !frames[i].isNaN {
            guard let (seconds, gain) = Self.soundSeconds(placement, frame: frames[i], frameRate: frameRate) else {
              continue
            }
            add(i, seconds: seconds, gain: gain)
          }
        case .soundtrack(let track):
          for i in 0..<count {
            var time = Double(firstFrame + i) / rate - track.offset
            guard time >= 0 else { continue }
            if track.loops { time = time.truncatingRemainder(dividingBy: duration) }
            add(i, seconds: time, gain: 1)
          }
        }
      }
    }
    // 3. Keep the sum in range (several loud voices would otherwise wrap or distort in the encoder).
    for i in samples.indices { samples[i] = min(1, max(-1, samples[i])) }
  }

  /// Where an audio layer is in its sound when the root composition shows `frame`: seconds into the sound
  /// and the linear gain, or nil when it is silent then.
  ///
  /// The rules are the renderer's for precomps (CairoRendering's `LayerTiming`) and lottie-web's
  /// `AudioElement` for the audio layer itself:
  /// 1. each precomp layer of the chain must be visible (`inPoint <= frame < outPoint`), and shows its
  ///    composition at `(frame − startTime) / stretch`, or `timeRemap(frame) × frameRate`;
  /// 2. the audio layer must be visible in its composition's frames;
  /// 3. it plays `(frame − startTime) / stretch / frameRate` seconds into the sound, or `timeRemap(frame)`
  ///    seconds when it has a time remap; its level is `au.lv` at that frame.
  static func soundSeconds(_ placement: LayerPlacement, frame: Double, frameRate: Double) -> (
    seconds: Double, gain: Double
  )? {
    var frame = frame
    for precomp in placement.chain {
      guard precomp.inPoint <= frame, frame < precomp.outPoint else { return nil }
      frame = precomp.timeRemap.map { $0.value(at: frame) * frameRate } ?? precomp.local(frame)
    }
    let layer = placement.layer
    guard layer.inPoint <= frame, frame < layer.outPoint else { return nil }
    let seconds = layer.timeRemap?.value(at: frame) ?? layer.local(frame) / frameRate
    return (seconds, placement.level.gain(at: frame))
  }

  // MARK: - Finding the audio layers

  /// The most voices one export mixes; a file with more (say, a precomp holding a sound used a thousand
  /// times) plays the first ones, with a note.
  static let maxVoices = 64

  /// Every audio layer reachable from the root composition, with the precomp layers above it, in drawing
  /// order; at most `limit`. Hidden audio layers are muted. Precomps without audio inside are not entered.
  static func audioLayers(in animation: Animation, limit: Int = maxVoices) -> (
    layers: [(chain: [Layer], layer: Layer, settings: AudioLayerSettings)], isCut: Bool
  ) {
    var found: [(chain: [Layer], layer: Layer, settings: AudioLayerSettings)] = []
    var isCut = false
    var holdsAudio: [String: Bool] = [:]
    func containsAudio(_ id: String, depth: Int) -> Bool {
      if let known = holdsAudio[id] { return known }
      guard depth < 64, let layers = animation.precomps[id] else { return false }
      holdsAudio[id] = false  // the parser rejects cycles; this only stops runaway recursion
      let result = layers.contains { layer in
        if layer.audio != nil { return true }
        if case .precomp(let inner, _, _, _) = layer.content { return containsAudio(inner, depth: depth + 1) }
        return false
      }
      holdsAudio[id] = result
      return result
    }
    func walk(_ layers: [Layer], chain: [Layer]) {
      for layer in layers {
        guard !isCut else { return }
        if let settings = layer.audio, !layer.isHidden {
          guard found.count < limit else {
            isCut = true
            return
          }
          found.append((chain, layer, settings))
        }
        if case .precomp(let id, _, _, _) = layer.content, chain.count < 64, containsAudio(id, depth: 0),
          let inner = animation.precomps[id]
        {
          walk(inner, chain: chain + [layer])
        }
      }
    }
    walk(animation.layers, chain: [])
    return (found, isCut)
  }
}
