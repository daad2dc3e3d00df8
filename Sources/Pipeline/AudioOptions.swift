import Foundation
import Lottie
import LottieArchive

/// The sound of an export: the animation's own audio layers, a soundtrack under them, and the encoding.
///
/// MP4, M4V and MOV carry it as AAC, WebM as Opus (48 kHz stereo); GIF, WebP, APNG, PNG sequences, Y4M and
/// raw video have no sound, so an export to them leaves it out and says so (a diagnostic).
public struct AudioOptions: Sendable, Equatable {
  /// Play the animation's audio layers (`ty 6`); false drops them (`--no-audio`) and keeps any soundtrack.
  public var includesAnimationAudio = true
  /// A sound file to lay under the video (`--audio FILE`), or nil.
  public var soundtrack: Soundtrack? = nil
  /// Bits per second for the audio codec (`--audio-bitrate`), or nil for the codec's default (AAC 160 kb/s,
  /// Opus 128 kb/s).
  public var bitrate: Int? = nil
  /// The folder that the animation's sound files (`u` + `p` of a sound asset) are relative to: `--assets`,
  /// or the animation's own folder. Nil resolves them against the current directory.
  public var assetsDirectory: String? = nil
  /// The file named in diagnostics about the animation's sounds (the animation's path).
  public var animationFile: String? = nil
  /// Follow sound files named by an absolute path or one that climbs out of ``assetsDirectory`` with `..`
  /// (trusted files only; `--allow-external-paths`). Off: they are refused with a warning (``ReferenceSandbox``).
  public var allowsExternalPaths = false
  /// Sound files that came inside a dotLottie archive, by sound asset id (``init(for:assets:)`` fills it);
  /// taken before the asset's data URI or file.
  public var embeddedSounds: [String: [UInt8]] = [:]
  /// The longest stretch of any one sound that is decoded, in seconds; longer sounds are cut there (with a
  /// note). Bounds memory: a minute of decoded sound takes 23 MB.
  public var maxSoundSeconds: Double = 600

  /// Makes the default options: the animation's audio, no soundtrack, default bit rate.
  public init(
    includesAnimationAudio: Bool = true, soundtrack: Soundtrack? = nil, bitrate: Int? = nil,
    assetsDirectory: String? = nil, animationFile: String? = nil
  ) {
    self.includesAnimationAudio = includesAnimationAudio
    self.soundtrack = soundtrack
    self.bitrate = bitrate
    self.assetsDirectory = assetsDirectory
    self.animationFile = animationFile
  }

  /// Options whose sound files resolve where `loaded`'s images do: the archive's own files, then `assets`
  /// (`--assets DIR`), else the animation's folder.
  public init(for loaded: LoadedAnimation, assets: String? = nil) {
    self.init(
      assetsDirectory: assets ?? loaded.baseDirectory ?? PathName.folder(of: loaded.containerPath),
      animationFile: loaded.animationFile)
    for asset in loaded.animation.sounds.values {
      if let bytes = loaded.soundBytes(for: asset) { embeddedSounds[asset.id] = bytes }
    }
  }
}

/// A sound file laid under the video.
public struct Soundtrack: Sendable, Equatable {
  /// The file: any format FFmpeg reads (MP3, AAC/M4A, WAV, Ogg, Opus, FLAC, or a video's sound track).
  public var path: String
  /// Seconds into the video at which the soundtrack starts (`--audio-offset`); a negative offset starts
  /// the video that many seconds into the soundtrack.
  public var offset: Double = 0
  /// Repeat the soundtrack until the video ends (`--audio-loop`); otherwise it plays once and is cut at
  /// the video's end.
  public var loops = false

  /// Makes a soundtrack.
  public init(path: String, offset: Double = 0, loops: Bool = false) {
    self.path = path
    self.offset = offset
    self.loops = loops
  }
}
