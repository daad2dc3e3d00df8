import CFFmpeg
import Foundation
import Raster

/// Writes an animated GIF, with one palette for the whole clip or one per frame (``GIFOptions/palette``).
///
/// One palette for the clip (``GIFOptions/Palette/global``), as two passes over the frames, because one
/// graph holding both filters would buffer every frame until the end of input (docs/INTEROP.md):
/// 1. as frames arrive, `buffer → palettegen → buffersink` adds each to a colour histogram (pushed through at
///    once, so nothing accumulates), and the frame goes to a compressed spool on disk (``FrameSpool``);
/// 2. ``finish(frameCount:)`` takes palettegen's 16x16 palette picture and runs the spooled frames through
///    `buffer (frames) + buffer (palette) → paletteuse → buffersink`; the `pal8` pictures go to FFmpeg's GIF
///    encoder and muxer.
///
/// A palette per frame (``GIFOptions/Palette/perFrame``) streams in one graph, `buffer → split →
/// palettegen (stats_mode=single) → paletteuse (new=1)` with the frame itself as paletteuse's first input:
/// each frame is mapped to its own palette and encoded as it arrives, with no spool. The GIF encoder writes
/// a local colour table for each frame whose palette differs from the first.
///
/// Transparency (``EncoderSettings/alpha``): palettegen keeps one entry for it, paletteuse makes pixels with
/// alpha below ``GIFOptions/alphaThreshold`` transparent, and every frame is a whole picture that clears the
/// canvas after it is shown (see `clearCanvasAfterFrame`), so pixels that turn transparent do not keep the
/// previous frame's colour. Opaque GIFs keep the encoder's default of storing only what changed.
///
/// Timing: GIF delays are whole centiseconds. Frame `i` starts at `i * 100 / fps` cs, rounded, so the file
/// lasts `frameCount / fps` seconds to the nearest centisecond even when single delays differ by one.
final class GIFWriter: FrameWriter {
  let codedSize: (width: Int, height: Int)
  private let settings: EncoderSettings
  private let muxer: Muxer
  private let codec: CodecSession
  private let packet: PacketStorage
  /// The frame being handed to the filters: straight BGRA, reused.
  private let input: FrameStorage
  private let picture: FrameStorage
  private let mode: Mode
  /// Packets written so far; packet `n` is frame `n` (the GIF encoder has no delay).
  private var packetsWritten = 0

  private enum Mode {
    /// Pass 1 running as frames arrive, and the spool for pass 2.
    case global(
      palettegen: FilterGraph, source: UnsafeMutablePointer<AVFilterContext>,
      sink: UnsafeMutablePointer<AVFilterContext>, spool: FrameSpool)
    /// The one streaming graph.
    case perFrame(
      graph: FilterGraph, source: UnsafeMutablePointer<AVFilterContext>, sink: UnsafeMutablePointer<AVFilterContext>)
  }

  /// GIF's own clock: the gif muxer stores delays in hundredths of a second.
  private static let centiseconds = AVRational(num: 1, den: 100)

  /// Where the spool of a GIF written to standard output goes: the temporary folder, as a name the spool
  /// makes its own hidden file from.
  static var standardOutputSpoolName: String {
    let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    return folder + "/lottie2video-stdout.gif"
  }

  /// Bytes the spool holds on disk so far (global palettes only), for tests and progress.
  var spoolBytes: Int {
    if case .global(_, _, _, let spool) = mode { return spool.bytesWritten }
    return 0
  }

  /// Creates the file at `temporaryPath` (and, for a global palette, the spool next to `spoolFor`: the
  /// output, unless it is a pipe), opens the GIF encoder and the filters, and writes the header (with the
  /// loop extension).
  init(settings: EncoderSettings, temporaryPath: String, outputPath: String, spoolFor: String? = nil) throws {
    let muxer = try Muxer(formatName: OutputFormat.gif.muxerName(for: .gif), path: temporaryPath)
    try muxer.openFile(reportingAs: outputPath)
    let codec = try CodecSession(
      codec: .gif, settings: settings, pixelFormat: AV_PIX_FMT_PAL8, width: settings.width,
      height: settings.height, timeBase: Self.centiseconds, globalHeader: muxer.wantsGlobalHeader)
    try muxer.addVideoStream(from: codec)
    try muxer.writeHeader(options: [("loop", String(settings.gif.loopCount))])
    self.codedSize = (settings.width, settings.height)
    self.settings = settings
    self.muxer = muxer
    self.codec = codec
    self.packet = try PacketStorage()
    self.input = try FrameStorage(format: CFFmpeg_PIX_FMT_RGB32, width: settings.width, height: settings.height)
    self.picture = try FrameStorage()
    switch settings.gif.palette {
    case .global:
      let graph = try FilterGraph()
      let source = try Self.addFrameSource(to: graph, settings: settings)
      let palettegen = try graph.add(
        "palettegen", name: "palettegen",
        options: Self.palettegenOptions(settings, statistics: settings.gif.paletteStatistics.rawValue))
      let sink = try graph.add("buffersink", name: "palette")
      try graph.link(source, to: palettegen)
      try graph.link(palettegen, to: sink)
      try graph.configure()
      let spool = try FrameSpool(outputPath: spoolFor ?? outputPath, width: settings.width, height: settings.height)
      mode = .global(palettegen: graph, source: source, sink: sink, spool: spool)
    case .perFrame:
      let graph = try FilterGraph()
      let source = try Self.addFrameSource(to: graph, settings: settings)
      let split = try graph.add("split", name: "split", options: "outputs=2")
      let palettegen = try graph.add(
        "palettegen", name: "palettegen", options: Self.palettegenOptions(settings, statistics: "single"))
      let paletteuse = try graph.add(
        "paletteuse", name: "paletteuse", options: Self.paletteuseOptions(settings) + ":new=1")
      let sink = try graph.add("buffersink", name: "pictures")
      try graph.link(source, to: split)
      try graph.link(split, 0, to: paletteuse, 0)
      try graph.link(split, 1, to: palettegen, 0)
      try graph.link(palettegen, 0, to: paletteuse, 1)
      try graph.link(paletteuse, to: sink)
      try graph.configure()
      mode = .perFrame(graph: graph, source: source, sink: sink)
    }
  }

  func append(_ frame: PixelBuffer, index: Int) throws {
    // The filters may still hold the previous frame; av_frame_make_writable then gives `input` a new buffer.
    try check(av_frame_make_writable(input.frame), "av_frame_make_writable")
    Self.copy(frame, into: input.frame, keepAlpha: settings.alpha)
    input.frame.pointee.pts = startTime(ofFrame: index)
    switch mode {
    case .global(_, let source, _, let spool):
      try FilterGraph.push(input.frame, into: source)
      try spool.write(input.frame)
    case .perFrame(_, let source, let sink):
      try FilterGraph.push(input.frame, into: source)
      try encodeReadyPictures(from: sink, into: picture)
    }
  }

  func finish(frameCount: Int) throws {
    switch mode {
    case .global(_, let source, let sink, let spool):
      try FilterGraph.push(nil, into: source)
      let palette = try FrameStorage()
      guard try FilterGraph.pull(from: sink, into: palette.frame) else {
        throw VideoEncodingError.ffmpeg(
          function: "av_buffersink_get_frame", code: CFFmpeg_AVERROR_EOF, message: "palettegen produced no palette")
      }
      try spool.rewind()
      try encodeFrames(from: spool, palette: palette)
    case .perFrame(_, let source, let sink):
      try FilterGraph.push(nil, into: source)
      try encodeReadyPictures(from: sink, into: picture)
      try codec.send(nil)
      try writeReadyPackets()
    }
    guard packetsWritten == frameCount else {
      throw VideoEncodingError.ffmpeg(
        function: "avcodec_receive_packet", code: CFFmpeg_AVERROR_EINVAL,
        message: "the GIF encoder gave \(packetsWritten) pictures for \(frameCount) frames")
    }
    // The gif muxer writes each frame's delay when the next packet arrives (the difference of their pts);
    // for the last one it would repeat the previous delay, 4 cs where 3 cs was due at 30 fps. Say it.
    let lastDelay = startTime(ofFrame: frameCount) - startTime(ofFrame: frameCount - 1)
    try muxer.setOption("final_delay", String(lastDelay))
    try muxer.finish()
  }

  func close() {
    muxer.close()
    if case .global(_, _, _, let spool) = mode { spool.close() }
  }

  // MARK: - Private

  private static func addFrameSource(to graph: FilterGraph, settings: EncoderSettings) throws
    -> UnsafeMutablePointer<AVFilterContext>
  {
    try graph.addSource(
      name: "frames", width: settings.width, height: settings.height, format: CFFmpeg_PIX_FMT_RGB32,
      timeBase: centiseconds)
  }

  /// With alpha, one entry is kept for the transparent colour; otherwise all of them hold colours.
  private static func palettegenOptions(_ settings: EncoderSettings, statistics: String) -> String {
    "max_colors=\(settings.gif.maxColors):reserve_transparent=\(settings.alpha ? 1 : 0):stats_mode=\(statistics)"
  }

  private static func paletteuseOptions(_ settings: EncoderSettings) -> String {
    "dither=\(settings.gif.dither.rawValue):alpha_threshold=\(settings.gif.alphaThreshold)"
  }

  /// Copies `buffer` into the BGRA `frame`: with `keepAlpha` as straight colour (what libavfilter expects),
  /// otherwise with alpha set to 255, so the frame is read as opaque like the other codecs do.
  private static func copy(_ buffer: PixelBuffer, into frame: UnsafeMutablePointer<AVFrame>, keepAlpha: Bool) {
    guard let destination = frame.pointee.data.0 else { return }
    let stride = Int(frame.pointee.linesize.0)
    let width = buffer.width
    buffer.bytes.withUnsafeBufferPointer { bytes in
      guard let source = bytes.baseAddress else { return }
      for y in 0..<buffer.height {
        let row = destination + y * stride
        row.update(from: source + y * buffer.stride, count: width * 4)
        if keepAlpha {
          PixelConverter.unpremultiplyRow(row, pixels: width)
        } else {
          for x in 0..<width { row[x * 4 + 3] = 255 }
        }
      }
    }
  }

  /// Pass 2 of a global palette: maps every spooled frame to `palette` and encodes it.
  private func encodeFrames(from spool: FrameSpool, palette: FrameStorage) throws {
    let graph = try FilterGraph()
    let source = try Self.addFrameSource(to: graph, settings: settings)
    let paletteSource = try graph.addSource(
      name: "palette", width: Int(palette.frame.pointee.width), height: Int(palette.frame.pointee.height),
      format: AVPixelFormat(rawValue: palette.frame.pointee.format), timeBase: Self.centiseconds)
    let paletteuse = try graph.add("paletteuse", name: "paletteuse", options: Self.paletteuseOptions(settings))
    let sink = try graph.add("buffersink", name: "pictures")
    try graph.link(source, to: paletteuse, 0)
    try graph.link(paletteSource, to: paletteuse, 1)
    try graph.link(paletteuse, to: sink)
    try graph.configure()

    // paletteuse keeps the last palette for every later frame, so one palette frame, then its end.
    palette.frame.pointee.pts = 0
    try FilterGraph.push(palette.frame, into: paletteSource)
    try FilterGraph.push(nil, into: paletteSource)

    var index = 0
    while try readNextFrame(from: spool, into: input, index: index) {
      try FilterGraph.push(input.frame, into: source)
      try encodeReadyPictures(from: sink, into: picture)
      index += 1
    }
    try FilterGraph.push(nil, into: source)
    try encodeReadyPictures(from: sink, into: picture)
    try codec.send(nil)
    try writeReadyPackets()
  }

  /// Reads spooled frame `index` into `input` and stamps its start time; `false` after the last frame.
  private func readNextFrame(from spool: FrameSpool, into input: FrameStorage, index: Int) throws -> Bool {
    // The filter may still hold the previous frame; av_frame_make_writable then gives `input` a new buffer.
    try check(av_frame_make_writable(input.frame), "av_frame_make_writable")
    guard try spool.read(into: input.frame) else { return false }
    input.frame.pointee.pts = startTime(ofFrame: index)
    return true
  }

  /// Encodes every picture paletteuse has ready.
  private func encodeReadyPictures(from sink: UnsafeMutablePointer<AVFilterContext>, into picture: FrameStorage)
    throws
  {
    while try FilterGraph.pull(from: sink, into: picture.frame) {
      defer { av_frame_unref(picture.frame) }
      try codec.send(picture.frame)
      try writeReadyPackets()
    }
  }

  /// Moves every packet the encoder has ready into the muxer, each lasting until the next frame starts.
  private func writeReadyPackets() throws {
    let packet = self.packet.packet
    while try codec.receive(into: packet) {
      let index = packetsWritten
      packet.pointee.pts = startTime(ofFrame: index)
      packet.pointee.dts = packet.pointee.pts
      packet.pointee.duration = startTime(ofFrame: index + 1) - packet.pointee.pts
      if settings.alpha {
        try clearCanvasAfterFrame(packet)
      }
      packet.pointee.stream_index = muxer.streamIndex
      av_packet_rescale_ts(packet, codec.timeBase, muxer.streamTimeBase)
      try muxer.write(packet)
      packetsWritten += 1
    }
  }

  /// Sets the disposal method of the frame in `packet` to "restore to background" (transparent).
  ///
  /// FFmpeg 5.1's GIF encoder picks each frame's disposal from that frame alone: "leave in place" for a frame
  /// without transparent pixels. The next frame is then drawn over it, and wherever that frame is transparent
  /// the old pixels show through. Clearing after every frame is always right for whole-picture frames (see
  /// the `gifflags` in CodecSession+Configuration).
  private func clearCanvasAfterFrame(_ packet: UnsafeMutablePointer<AVPacket>) throws {
    try check(av_packet_make_writable(packet), "av_packet_make_writable")
    guard let data = packet.pointee.data, let offset = Self.graphicControlOffset(data, size: Int(packet.pointee.size))
    else {
      throw VideoEncodingError.ffmpeg(
        function: "avcodec_receive_packet", code: CFFmpeg_AVERROR_EINVAL,
        message: "the GIF encoder's packet has no graphic control extension where expected")
    }
    // The packed byte after 0x21 0xF9 0x04 holds the disposal method in bits 2-4.
    let restoreToBackground: UInt8 = 2 << 2
    data[offset + 3] = (data[offset + 3] & ~0x1C) | restoreToBackground
  }

  /// Where the Graphic Control Extension (0x21 0xF9 0x04) of a GIF encoder packet starts.
  ///
  /// Packets start with it, except the first, which carries the file header before it: "GIF89a", the 7-byte
  /// logical screen descriptor and, when its flags' top bit is set, a global colour table of
  /// `3 * 2^(1 + (flags & 7))` bytes.
  static func graphicControlOffset(_ data: UnsafeMutablePointer<UInt8>, size: Int) -> Int? {
    var offset = 0
    if size >= 13, data[0] == 0x47, data[1] == 0x49, data[2] == 0x46 {
      let flags = Int(data[10])
      offset = 13 + (flags & 0x80 != 0 ? 3 << (1 + (flags & 7)) : 0)
    }
    guard offset + 4 <= size, data[offset] == 0x21, data[offset + 1] == 0xF9, data[offset + 2] == 0x04 else {
      return nil
    }
    return offset
  }

  /// When frame `index` starts, in centiseconds: `index * 100 / fps` rounded to nearest.
  private func startTime(ofFrame index: Int) -> Int64 {
    let rate = settings.frameRate
    return Int64((index * 100 * rate.denominator + rate.numerator / 2) / rate.numerator)
  }
}
