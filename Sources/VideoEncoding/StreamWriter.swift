import CFFmpeg
import Raster

/// Writes every codec but GIF and PNG sequences: each frame is converted (to YUV, or to straight RGB for
/// WebP, APNG and raw video), encoded and muxed as it arrives.
final class StreamWriter: FrameWriter {
  let codedSize: (width: Int, height: Int)
  private let muxer: Muxer
  private let codec: CodecSession
  private let converter: PixelConverter
  private let picture: FrameStorage
  private let packet: PacketStorage
  /// The sound muxed with the video, if any.
  private let audio: AudioTrack?
  private let frameRate: (numerator: Int, denominator: Int)
  /// The conversion the render workers may run instead of ``append(_:index:)``'s, when it is the direct one.
  let workerConversion: WorkerConversion?

  /// Creates the file at `temporaryPath` (an FFmpeg URL: `pipe:1` is standard output), opens the encoder
  /// and writes the container header.
  init(
    format: OutputFormat, codec videoCodec: VideoCodec, settings: EncoderSettings, temporaryPath: String,
    outputPath: String, audio audioInput: AudioInput? = nil
  ) throws {
    let isYUV = CodecSession.isYUV(videoCodec)
    let coded = isYUV ? settings.codedSize : (width: settings.width, height: settings.height)
    let keepsAlpha = settings.alpha && videoCodec.supportsAlpha
    let pixelFormat = CodecSession.pixelFormat(for: videoCodec, settings: settings)
    let muxer = try Muxer(formatName: format.muxerName(for: videoCodec), path: temporaryPath)
    // Create the file first, so that an unwritable output fails before the codec is set up.
    try muxer.openFile(reportingAs: outputPath)
    let rate = settings.frameRate
    let codec = try CodecSession(
      codec: videoCodec, settings: settings, pixelFormat: pixelFormat, width: coded.width, height: coded.height,
      timeBase: AVRational(num: Int32(rate.denominator), den: Int32(rate.numerator)),
      globalHeader: muxer.wantsGlobalHeader)
    // VP9 alpha: libvpx stores the alpha plane as BlockAdditional data, and the WebM muxer marks the track
    // AlphaMode=1 because the stream's pixel format is yuva420p (what FFmpeg's command line relies on too);
    // ffprobe then shows the stream tag alpha_mode=1. Adding an "alpha_mode" stream tag as well would only
    // write a redundant Tags entry, ALPHA_MODE, which replaces that key in ffprobe's output.
    // Apple's players open H.265 only as `hvc1` (parameter sets in the sample description); FFmpeg's MP4
    // muxer would write `hev1`.
    try muxer.addVideoStream(from: codec, codecTag: videoCodec == .h265 ? "hvc1" : nil)
    var audio: AudioTrack?
    if let audioInput, let audioCodec = audioInput.codec ?? format.defaultAudioCodec {
      let track = try AudioTrack(
        input: audioInput, codec: audioCodec, globalHeader: muxer.wantsGlobalHeader,
        includesCodecDelay: format == .webm && !AudioTrack.muxerAddsCodecDelay)
      try track.addStream(to: muxer)
      audio = track
    }
    switch format {
    case .mp4, .m4v, .mov:
      // +faststart: write the index (moov) before the media data, so playback can start while downloading.
      // A pipe cannot be rewritten: fragmented MP4 instead, an empty moov first, then a moof+mdat fragment
      // per keyframe (default_base_moof, as browsers' Media Source Extensions expect). delay_moov holds the
      // moov back until the first fragment, so that it carries the edit lists: without them x264's B-frame
      // delay starts the video 2 frames late and AAC's 1024 priming samples play, putting sound and picture
      // out of step.
      let flags = temporaryPath == "pipe:1" ? "+frag_keyframe+empty_moov+default_base_moof+delay_moov" : "+faststart"
      try muxer.writeHeader(options: [("movflags", flags)])
    case .webp:
      try muxer.writeHeader(options: [("loop", String(settings.webp.loopCount))])
    case .apng:
      try muxer.writeHeader(options: [("plays", String(settings.apng.plays))])
    case .webm where audio != nil && !AudioTrack.muxerAddsCodecDelay:
      // "Lavf" without its version as MuxingApp: players that repair the 7 ms shift of files from
      // libavformat <= 59.30.100 (Ladybird) recognise them by that version, and would shift ours, which
      // AudioTrack has already timed right.
      try muxer.writeHeader(options: [("fflags", "+bitexact")])
    case .webm, .gif, .pngSequence, .y4m, .rawvideo:
      try muxer.writeHeader(options: [])
    }
    self.codedSize = coded
    self.muxer = muxer
    self.codec = codec
    self.audio = audio
    self.frameRate = rate
    self.converter = try PixelConverter(
      width: settings.width, height: settings.height, codedWidth: coded.width, codedHeight: coded.height,
      format: pixelFormat, unpremultiply: keepsAlpha,
      forceOpaque: !keepsAlpha && (pixelFormat == AV_PIX_FMT_BGRA || pixelFormat == AV_PIX_FMT_RGBA),
      threads: settings.threads)
    let picture = try FrameStorage(format: pixelFormat, width: coded.width, height: coded.height)
    if isYUV {
      // prores_ks writes the frame's colour fields (not the context's) into each frame header, and ffprobe
      // and decoders read them from there: tag the reused picture the way the context is tagged.
      picture.frame.pointee.color_primaries = AVCOL_PRI_BT709
      picture.frame.pointee.color_trc = AVCOL_TRC_BT709
      picture.frame.pointee.colorspace = AVCOL_SPC_BT709
      picture.frame.pointee.color_range = AVCOL_RANGE_MPEG
    }
    self.picture = picture
    self.packet = try PacketStorage()
    workerConversion = converter.convertsDirectly ? WorkerConversion(width: coded.width, height: coded.height) : nil
  }

  func append(_ frame: PixelBuffer, index: Int) throws {
    // 1. Make the reused picture writable (a no-op unless the encoder still holds a reference to it).
    try check(av_frame_make_writable(picture.frame), "av_frame_make_writable")
    // 2. Convert BGRA to YUV in place.
    try converter.convert(frame, into: picture.frame)
    try encode(picture.frame, index: index)
  }

  /// Encodes frame number `index`, converted by a render worker through ``workerConversion``.
  func append(_ frame: ConvertedFrame, index: Int) throws {
    try encode(frame.picture.frame, index: index)
  }

  /// Encodes the converted picture of frame `index`, then the sound up to its end.
  private func encode(_ picture: UnsafeMutablePointer<AVFrame>, index: Int) throws {
    // 1. Number the frame: the codec time base is one tick per frame.
    picture.pointee.pts = Int64(index)
    // 2. Encode it and write whatever packets the encoder has ready.
    try codec.send(picture)
    try writeReadyPackets()
    // 3. Encode the sound up to the end of this frame, so the muxer interleaves as it goes.
    try audio?.encode(
      through: AudioTrack.sampleFrame(atVideoFrame: index + 1, rate: frameRate), finish: false, into: muxer)
  }

  func finish(frameCount: Int) throws {
    // 1. Drain the encoder: x264 and libvpx hold frames back for lookahead.
    try codec.send(nil)
    try writeReadyPackets()
    // 2. The sound lasts exactly as long as the video: the rest of its samples, then drain its encoder.
    try audio?.encode(
      through: AudioTrack.sampleFrame(atVideoFrame: frameCount, rate: frameRate), finish: true, into: muxer)
    // 3. Write the trailer (with faststart, this rewrites the file with the index first) and close it.
    try muxer.finish()
  }

  func close() {
    muxer.close()
  }

  /// Moves every packet the encoder has ready into the muxer.
  private func writeReadyPackets() throws {
    let packet = self.packet.packet
    while try codec.receive(into: packet) {
      // libx264 (FFmpeg 5.1) leaves duration 0. The muxer would then guess it from the stream's frame rate
      // (set in Muxer.addVideoStream); without either, the last frame has no length, the duration comes out
      // one frame short and the average frame rate wrong. Set it here: one frame is one tick.
      if packet.pointee.duration == 0 {
        packet.pointee.duration = 1
      }
      packet.pointee.stream_index = muxer.streamIndex
      // The muxer chose its own time base in avformat_write_header (e.g. 1/15360 for 30 fps MP4).
      av_packet_rescale_ts(packet, codec.timeBase, muxer.streamTimeBase)
      try muxer.write(packet)
    }
  }
}
