import Foundation
import Raster
import Synchronization
import TestSupport
import Testing
import VideoEncoding

/// ImageDecoder: formats, pixel formats, premultiplication, limits and malformed input.
///
/// Most images are made with the `ffmpeg` binary (see `MediaTools`); a missing binary fails those tests with
/// a message saying how to install it. A few PNGs are written by hand (`HandMadePNG`) for exact values.
@Suite(.heavy)
struct ImageDecoderTests {
  // MARK: - Formats

  /// One image format as the `ffmpeg` binary writes it.
  struct FormatCase: CustomTestStringConvertible, Sendable {
    let fileExtension: String
    let outputArguments: [String]
    let format: ImageDecoder.Format
    /// Appended to the filter graph, e.g. to give GIF an exact palette.
    var filterSuffix = ""
    /// Per-channel tolerance for colours at the centre of a flat 16x16 block. Lossy codecs get 8: measured
    /// errors are a few units from quantisation and YUV rounding, and a swapped or mis-ranged channel is off by
    /// 16 (limited vs full range) to 255.
    let tolerance: Int
    var testDescription: String { ([fileExtension] + outputArguments).joined(separator: " ") }
  }

  static let formatCases: [FormatCase] = [
    FormatCase(fileExtension: "png", outputArguments: [], format: .png, tolerance: 0),
    FormatCase(fileExtension: "jpg", outputArguments: ["-q:v", "2"], format: .jpeg, tolerance: 8),
    FormatCase(
      fileExtension: "jpg", outputArguments: ["-q:v", "2", "-pix_fmt", "yuvj444p"], format: .jpeg, tolerance: 8),
    FormatCase(
      fileExtension: "jpg", outputArguments: ["-q:v", "2", "-pix_fmt", "yuvj422p"], format: .jpeg, tolerance: 8),
    FormatCase(
      fileExtension: "webp", outputArguments: ["-c:v", "libwebp", "-quality", "90"], format: .webp, tolerance: 8),
    // Lossless WebP is only exact from RGB input: ffmpeg otherwise hands libwebp yuv420p.
    FormatCase(
      fileExtension: "webp", outputArguments: ["-c:v", "libwebp", "-lossless", "1", "-pix_fmt", "bgra"], format: .webp,
      tolerance: 0),
    // The ffmpeg binary writes grey GIFs unless given a palette.
    FormatCase(fileExtension: "gif", outputArguments: [], format: .gif, filterSuffix: exactPalette, tolerance: 0),
    FormatCase(fileExtension: "bmp", outputArguments: [], format: .bmp, tolerance: 0),
    FormatCase(fileExtension: "bmp", outputArguments: ["-pix_fmt", "bgra"], format: .bmp, tolerance: 0),
  ]

  /// Filters that turn the first frame into PAL8 with a palette made from its own colours (exact for few
  /// colours). palettegen waits for the end of its input, hence the trim: `color` sources never end.
  static let exactPalette = ",trim=end_frame=1," + String(paletteOfAllFrames.dropFirst())
  /// The same for a finite input of several frames, with one palette for all of them.
  static let paletteOfAllFrames = ",split[s0][s1];[s0]palettegen[p];[s1][p]paletteuse"

  /// A 32x32 image of four flat 16x16 quadrants: red, green / blue, white. The blocks line up with JPEG's
  /// 16x16 macroblocks, so lossy codecs keep the centres close to exact.
  static let quadrants =
    "color=c=red:s=16x16[a];color=c=lime:s=16x16[b];color=c=blue:s=16x16[c];color=c=white:s=16x16[d];"
    + "[a][b]hstack[top];[c][d]hstack[bottom];[top][bottom]vstack"

  @Test(arguments: formatCases)
  func decodesQuadrants(_ testCase: FormatCase) throws {
    let bytes = try makeImage(filter: Self.quadrants, testCase)
    #expect(ImageDecoder.format(of: bytes) == testCase.format)
    let image = try ImageDecoder.decode(bytes, name: "quadrants.\(testCase.fileExtension)")
    try #require(image.width == 32 && image.height == 32, "size \(image.width)x\(image.height)")
    #expect(image.stride == 32 * 4)
    let expected: [(x: Int, y: Int, colour: ProbePixel)] = [
      (8, 8, .red), (24, 8, .green), (8, 24, .blue), (24, 24, .white),
    ]
    for (x, y, colour) in expected {
      let actual = image.probe(x, y)
      #expect(
        actual.isClose(to: colour, tolerance: testCase.tolerance), "(\(x), \(y)) is \(actual), expected \(colour)")
    }
  }

  @Test func gifGivesItsFirstFrame() throws {
    let filter = "color=c=red:s=8x6:r=10:d=0.1[a];color=c=blue:s=8x6:r=10:d=0.1[b];[a][b]concat=n=2"
    let gif = FormatCase(
      fileExtension: "gif", outputArguments: [], format: .gif, filterSuffix: Self.paletteOfAllFrames, tolerance: 0)
    let bytes = try makeImage(filter: filter, gif, frames: 2)
    let image = try ImageDecoder.decode(bytes, name: "two-frames.gif")
    #expect(image.width == 8 && image.height == 6)
    #expect(image.probe(4, 3) == .red)
  }

  // MARK: - Pixel formats and alpha

  /// A PNG or WebP with a given pixel format, filled with one colour; `expected` is premultiplied.
  struct PixelFormatCase: CustomTestStringConvertible, Sendable {
    let filter: String
    let fileExtension: String
    let outputArguments: [String]
    let expected: (r: Int, g: Int, b: Int, a: Int)
    let tolerance: Int
    var testDescription: String { "\(filter) as \(fileExtension) \(outputArguments.joined(separator: " "))" }
  }

  static func png(_ colour: String, _ pixelFormat: String, _ expected: (Int, Int, Int, Int), tolerance: Int = 0)
    -> PixelFormatCase
  {
    PixelFormatCase(
      filter: "color=c=\(colour):s=8x6,format=rgba", fileExtension: "png", outputArguments: ["-pix_fmt", pixelFormat],
      expected: expected,
      tolerance: tolerance)
  }

  // Colours: 0x336699 is (51, 102, 153); "@0.5" gives alpha 127 (lavfi truncates 127.5), so premultiplied
  // channels are c * 127 / 255 rounded: 255 -> 127, 51 -> 25, 102 -> 51, 153 -> 76. Grey 0x404040 is 64.
  // 16-bit formats get 1 unit: swscale's generic path (no 16-bit -> 8-bit shortcut) rounds through 15 bits.
  static let pixelFormatCases: [PixelFormatCase] = [
    png("0x336699", "rgb24", (51, 102, 153, 255)),
    png("0x336699", "rgba", (51, 102, 153, 255)),
    PixelFormatCase(
      filter: "color=c=0x336699:s=8x6" + exactPalette, fileExtension: "png", outputArguments: ["-pix_fmt", "pal8"],
      expected: (51, 102, 153, 255), tolerance: 0),
    png("0x336699", "rgb48be", (51, 102, 153, 255), tolerance: 1),
    png("0x336699", "rgba64be", (51, 102, 153, 255), tolerance: 1),
    png("0x404040", "gray", (64, 64, 64, 255)),
    png("0x404040", "gray16be", (64, 64, 64, 255), tolerance: 1),
    png("white", "monob", (255, 255, 255, 255)),
    png("red@0.5", "rgba", (127, 0, 0, 127)),
    png("0x336699@0.5", "rgba", (25, 51, 76, 127)),
    png("red@0.5", "rgba64be", (127, 0, 0, 127), tolerance: 1),
    png("white@0.5", "ya8", (127, 127, 127, 127)),
    png("white@0.5", "ya16be", (127, 127, 127, 127), tolerance: 1),
    png("red@0", "rgba", (0, 0, 0, 0)),
    PixelFormatCase(
      filter: "color=c=red@0.5:s=8x6,format=rgba", fileExtension: "webp",
      outputArguments: ["-c:v", "libwebp", "-lossless", "1", "-pix_fmt", "bgra"], expected: (127, 0, 0, 127),
      tolerance: 0),
    // Lossy WebP with alpha is yuva420p: limited-range BT.601 colour plus a lossless alpha plane.
    PixelFormatCase(
      filter: "color=c=red@0.5:s=8x6,format=rgba", fileExtension: "webp",
      outputArguments: ["-c:v", "libwebp", "-quality", "90", "-pix_fmt", "yuva420p"], expected: (127, 0, 0, 127),
      tolerance: 4),
  ]

  @Test(arguments: pixelFormatCases)
  func convertsPixelFormat(_ testCase: PixelFormatCase) throws {
    let bytes = try makeImage(
      filter: testCase.filter,
      FormatCase(
        fileExtension: testCase.fileExtension, outputArguments: testCase.outputArguments, format: .png, tolerance: 0))
    let image = try ImageDecoder.decode(bytes, name: "solid.\(testCase.fileExtension)")
    #expect(image.width == 8 && image.height == 6)
    let (r, g, b, a) = image.premultipliedPixel(x: 3, y: 2)
    let actual = ProbePixel(Int(r), Int(g), Int(b), Int(a))
    let expected = ProbePixel(testCase.expected.r, testCase.expected.g, testCase.expected.b, testCase.expected.a)
    #expect(
      actual.isClose(to: expected, tolerance: testCase.tolerance), "premultiplied \(actual), expected \(expected)")
  }

  @Test func premultipliesWithRounding() throws {
    // Straight (r, g, b, a) in, premultiplied out: round(c * a / 255).
    let pixels: [[UInt8]] = [
      [200, 100, 50, 128], [255, 0, 0, 128], [10, 20, 30, 0], [1, 2, 3, 255], [255, 255, 255, 1], [255, 128, 1, 254],
    ]
    let png = HandMadePNG.rgba(width: pixels.count, height: 1, pixels: pixels.flatMap { $0 })
    let image = try ImageDecoder.decode(png, name: "hand-made.png")
    #expect(image.width == pixels.count && image.height == 1 && image.stride == pixels.count * 4)
    let expectedBGRA: [UInt8] = [
      25, 50, 100, 128,  // 200*128/255 = 100.4, 100*128/255 = 50.2, 50*128/255 = 25.1
      0, 0, 128, 128,  // 255*128/255 = 128
      0, 0, 0, 0,  // fully transparent
      3, 2, 1, 255,  // opaque: unchanged
      1, 1, 1, 1,  // 255*1/255 = 1
      1, 127, 254, 254,  // 128*254/255 = 127.498 -> 127, 1*254/255 = 0.996 -> 1
    ]
    #expect(image.bytes == expectedBGRA)
  }

  @Test func palettePNGWithTransparencyIsPremultiplied() throws {
    // pngquant-style output: a palette whose entries carry alpha in a tRNS chunk.
    let palette: [[UInt8]] = [[255, 0, 0, 128], [0, 0, 255, 255], [0, 255, 0, 0], [200, 100, 50, 64]]
    let png = HandMadePNG.paletted(width: 4, height: 1, palette: palette, indices: [0, 1, 2, 3])
    let image = try ImageDecoder.decode(png, name: "palette.png")
    // BGRA: 255*128/255 = 128; opaque blue unchanged; transparent is zero; 200*64/255 = 50.2,
    // 100*64/255 = 25.1, 50*64/255 = 12.5 -> 13 (12.549).
    #expect(image.bytes == [0, 0, 128, 128, 255, 0, 0, 255, 0, 0, 0, 0, 13, 25, 50, 64])
  }

  // MARK: - Errors

  @Test func garbageNamesTheSource() {
    let error = #expect(throws: ImageDecodingError.self) {
      try ImageDecoder.decode(Array("hello, this is not an image".utf8), name: "logo.png")
    }
    #expect(error?.description == "logo.png: not a PNG, JPEG, WebP, GIF or BMP image")
    #expect(error?.name == "logo.png")
  }

  @Test func emptyDataIsNotAnImage() {
    let error = #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode([], name: "asset 'image_0'") }
    #expect(error?.description == "asset 'image_0': not a PNG, JPEG, WebP, GIF or BMP image")
  }

  @Test func truncatedPNGThrows() throws {
    let png = HandMadePNG.rgba(width: 8, height: 6, pixels: [UInt8](repeating: 200, count: 8 * 6 * 4))
    // Half the file: the IDAT chunk claims more bytes than remain.
    let error = #expect(throws: ImageDecodingError.self) {
      try ImageDecoder.decode(Array(png.prefix(png.count / 2)), name: "cut.png")
    }
    let description = error?.description ?? ""
    #expect(description.hasPrefix("cut.png: corrupt or truncated PNG image ("), "\(description)")
  }

  @Test func pngCutInsideItsHeaderThrows() {
    let png = HandMadePNG.rgba(width: 8, height: 6, pixels: [UInt8](repeating: 200, count: 8 * 6 * 4))
    let error = #expect(throws: ImageDecodingError.self) {
      try ImageDecoder.decode(Array(png.prefix(20)), name: "cut.png")
    }
    #expect(error?.description == "cut.png: corrupt or truncated PNG image (the data ends inside the header)")
  }

  /// Every prefix of every format either throws an ``ImageDecodingError`` or decodes to the full size; none
  /// may crash. (JPEG and GIF decoders conceal missing data, so some prefixes decode.)
  @Test(arguments: formatCases)
  func everyTruncationThrowsOrDecodes(_ testCase: FormatCase) throws {
    let bytes = try makeImage(filter: "color=c=red:s=8x6", testCase)
    var failures = 0
    for length in 0..<bytes.count {
      do {
        let image = try ImageDecoder.decode(Array(bytes.prefix(length)), name: "cut")
        #expect(image.width == 8 && image.height == 6, "prefix \(length) decoded as \(image.width)x\(image.height)")
      } catch {
        #expect("\(error)".hasPrefix("cut: "), "\(error)")
        failures += 1
      }
    }
    #expect(failures > 0)
  }

  /// Flipped bytes (a fixed pseudo-random sequence) never crash the decoder.
  @Test(arguments: formatCases)
  func corruptedBytesNeverCrash(_ testCase: FormatCase) throws {
    let original = try makeImage(filter: Self.quadrants, testCase)
    var generator = SplitMix64(seed: 0x1D_EC0D_E5)
    for _ in 0..<200 {
      var bytes = original
      for _ in 0..<4 {
        let index = Int(generator.next() % UInt64(bytes.count))
        bytes[index] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
      }
      do {
        let image = try ImageDecoder.decode(bytes, name: "flipped")
        #expect(image.width * image.height <= 64 * 1024 * 1024)
      } catch {
        #expect("\(error)".hasPrefix("flipped: "), "\(error)")
      }
    }
  }

  @Test func refusesMoreThanMaxPixels() throws {
    let png = HandMadePNG.rgba(width: 8, height: 6, pixels: [UInt8](repeating: 255, count: 8 * 6 * 4))
    let error = #expect(throws: ImageDecodingError.self) {
      try ImageDecoder.decode(png, name: "x.png", maxPixels: 10)
    }
    #expect(
      error?.description
        == "x.png: image is 8x6 (48 pixels), more than the limit of 10 pixels (--limit image-size=1 allows it)")
    // Exactly at the limit is fine.
    let image = try ImageDecoder.decode(png, name: "x.png", maxPixels: 48)
    #expect(image.width == 8 && image.height == 6)
  }

  /// Headers that declare 16000x16000 are refused from the header alone, before any decoding: the files
  /// are otherwise small valid images, so the decoder would have reported corruption, not the size.
  @Test(arguments: formatCases + [alphaWebP])
  func refusesHugeDeclaredSize(_ testCase: FormatCase) throws {
    // Half-transparent, so that lossy WebP keeps its alpha and writes the extended header.
    var bytes = try makeImage(filter: "color=c=red@0.5:s=8x6,format=rgba", testCase)
    try Self.declare(width: 16000, height: 16000, in: &bytes, format: testCase.format)
    let error = #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(bytes, name: "huge") }
    #expect(
      error?.description
        == "huge: image is 16000x16000 (256000000 pixels), more than the limit of 67108864 pixels (--limit image-size=245 allows it)"
    )
  }

  @Test(arguments: [formatCases[0], formatCases[1]])
  func refusesZeroDeclaredWidth(_ testCase: FormatCase) throws {
    var bytes = try makeImage(filter: "color=c=red:s=8x6", testCase)
    try Self.declare(width: 0, height: 6, in: &bytes, format: testCase.format)
    let error = #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(bytes, name: "empty") }
    #expect(
      error?.description == "empty: corrupt or truncated \(testCase.format) image (the header declares a 0x6 picture)")
  }

  /// A JPEG with junk bytes after its first segment: the header walk cannot find the size, but the MJPEG
  /// decoder skips junk, so the file decodes; the pixel limit is then enforced by the decoder and the final check.
  @Test func unreadableHeaderStillHonoursTheLimit() throws {
    var bytes = try makeImage(filter: "color=c=red:s=8x6", Self.formatCases[1])
    // SOI (2 bytes), then the first segment's marker (2) and its length (which counts itself).
    let firstSegmentEnd = 4 + (Int(bytes[4]) << 8 | Int(bytes[5]))
    bytes.insert(contentsOf: [0x00, 0x00, 0x00], at: firstSegmentEnd)
    let image = try ImageDecoder.decode(bytes, name: "junk.jpg")
    #expect(image.width == 8 && image.height == 6)
    #expect(image.probe(4, 3).isClose(to: .red, tolerance: 8))
    let error = #expect(throws: ImageDecodingError.self) {
      try ImageDecoder.decode(bytes, name: "junk.jpg", maxPixels: 47)
    }
    #expect(
      error?.description == "junk.jpg: corrupt or truncated JPEG image (avcodec_send_packet: Invalid argument; "
        + "the picture may be larger than the limit of 47 pixels)")
  }

  /// Lossy WebP with alpha uses the extended (`VP8X`) header.
  static let alphaWebP = FormatCase(
    fileExtension: "webp", outputArguments: ["-c:v", "libwebp", "-pix_fmt", "yuva420p"], format: .webp, tolerance: 8)

  @Test func handMadeHeaderAloneIsRefusedBySize() {
    let error = #expect(throws: ImageDecodingError.self) {
      try ImageDecoder.decode(HandMadePNG.header(width: 100_000, height: 100_000), name: "bomb.png")
    }
    #expect(
      error?.description
        == "bomb.png: image is 100000x100000 (10000000000 pixels), more than the limit of 67108864 pixels (--limit image-size=9537 allows it)"
    )
  }

  // MARK: - Threads

  @Test func decodesConcurrently() throws {
    let bytes = try makeImage(filter: Self.quadrants, Self.formatCases[1])
    let results = Mutex<[ProbePixel]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let pixel = (try? ImageDecoder.decode(bytes, name: "shared.jpg"))?.probe(8, 8) ?? .transparent
      results.withLock { $0.append(pixel) }
    }
    let pixels = results.withLock { $0 }
    #expect(pixels.count == 8 && pixels.allSatisfy { $0 == pixels[0] && $0.isClose(to: .red, tolerance: 8) })
  }

  // MARK: - Helpers

  /// Runs `ffmpeg -filter_complex filter -frames:v frames <output arguments> out.<ext>` and returns the file.
  private func makeImage(filter: String, _ testCase: FormatCase, frames: Int = 1) throws -> [UInt8] {
    if testCase.outputArguments.contains("libwebp") {
      try Self.requireEncoder("libwebp")
    }
    return try withTemporaryDirectory { directory in
      let path = "\(directory)/image.\(testCase.fileExtension)"
      _ = try MediaTools.run(
        "ffmpeg",
        ["-v", "error", "-y", "-filter_complex", filter + testCase.filterSuffix, "-frames:v", "\(frames)"]
          + testCase.outputArguments + [path])
      return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
  }

  /// Fails with a clear message when the `ffmpeg` binary lacks `encoder`.
  private static func requireEncoder(_ encoder: String) throws {
    let list = String(decoding: try MediaTools.run("ffmpeg", ["-hide_banner", "-encoders"]), as: UTF8.self)
    guard list.contains(" \(encoder) ") else {
      throw MediaTools.Failure(
        description: "the ffmpeg binary has no \(encoder) encoder, needed to make test images; "
          + "install Debian's ffmpeg package (built with libwebp)")
    }
  }

  /// Overwrites the size fields of a small image's header (the fields ImageDecoder reads) with `width` x
  /// `height`, leaving the rest of the file as it was.
  private static func declare(width: Int, height: Int, in bytes: inout [UInt8], format: ImageDecoder.Format) throws {
    func put(_ value: Int, at offset: Int, count: Int, bigEndian: Bool) {
      for index in 0..<count {
        let shift = 8 * (bigEndian ? count - 1 - index : index)
        bytes[offset + index] = UInt8(truncatingIfNeeded: value >> shift)
      }
    }
    func fourCC(at offset: Int) -> String { String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self) }
    switch format {
    case .png:
      put(width, at: 16, count: 4, bigEndian: true)
      put(height, at: 20, count: 4, bigEndian: true)
    case .gif:
      put(width, at: 6, count: 2, bigEndian: false)
      put(height, at: 8, count: 2, bigEndian: false)
    case .bmp:
      put(width, at: 18, count: 4, bigEndian: false)
      put(height, at: 22, count: 4, bigEndian: false)
    case .jpeg:
      // The first baseline or progressive SOF segment: FF C0/C2, length, precision, height, width.
      let start = try #require(
        bytes.indices.dropLast().first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
      put(height, at: start + 5, count: 2, bigEndian: true)
      put(width, at: start + 7, count: 2, bigEndian: true)
    case .webp:
      switch fourCC(at: 12) {
      case "VP8 ":
        put(width, at: 26, count: 2, bigEndian: false)
        put(height, at: 28, count: 2, bigEndian: false)
      case "VP8L":
        put((width - 1) | (height - 1) << 14, at: 21, count: 4, bigEndian: false)
      case "VP8X":
        put(width - 1, at: 24, count: 3, bigEndian: false)
        put(height - 1, at: 27, count: 3, bigEndian: false)
      case let other:
        Issue.record("unexpected WebP chunk '\(other)'")
      }
    }
  }
}

// MARK: - Test data

/// Writes PNG files by hand: 8 bits per sample, no row filters, zlib "stored" (uncompressed) blocks.
private enum HandMadePNG {
  /// A PNG of `width` x `height` straight-alpha RGBA `pixels` (4 bytes each, rows top to bottom).
  static func rgba(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
    header(width: UInt32(width), height: UInt32(height), colourType: 6)
      + chunk("IDAT", zlibStored(filteredRows(pixels, rowBytes: width * 4))) + chunk("IEND", [])
  }

  /// A palette PNG (colour type 3): `palette` holds RGBA entries, whose alphas go in a tRNS chunk, and
  /// `indices` one byte per pixel.
  static func paletted(width: Int, height: Int, palette: [[UInt8]], indices: [UInt8]) -> [UInt8] {
    header(width: UInt32(width), height: UInt32(height), colourType: 3)
      + chunk("PLTE", palette.flatMap { $0.prefix(3) }) + chunk("tRNS", palette.map { $0[3] })
      + chunk("IDAT", zlibStored(filteredRows(indices, rowBytes: width))) + chunk("IEND", [])
  }

  /// The signature and IHDR chunk alone, declaring any size (RGBA unless told otherwise).
  static func header(width: UInt32, height: UInt32, colourType: UInt8 = 6) -> [UInt8] {
    // Bit depth 8, the colour type, deflate, adaptive filtering, no interlace.
    let ihdr = bigEndian(width) + bigEndian(height) + [8, colourType, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
  }

  /// The rows of `samples`, each preceded by filter type 0 (None).
  private static func filteredRows(_ samples: [UInt8], rowBytes: Int) -> [UInt8] {
    stride(from: 0, to: samples.count, by: rowBytes).flatMap { [0] + samples[$0..<($0 + rowBytes)] }
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
  }

  /// A zlib stream of stored deflate blocks (at most 65535 bytes each) and the Adler-32 checksum.
  private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var output: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let count = min(65535, data.count - offset)
      let isLast = offset + count == data.count
      output.append(isLast ? 1 : 0)
      output += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      output += data[offset..<(offset + count)]
      offset += count
    } while offset < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return output + bigEndian(b << 16 | a)
  }

  private static func crc32(_ data: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 {
        crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
      }
    }
    return ~crc
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }
}

/// A small deterministic random number generator (SplitMix64), so corruption tests are repeatable.
private struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
