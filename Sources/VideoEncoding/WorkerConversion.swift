import CFFmpeg
import Locking
import Raster

/// The colour conversion of an encoder that the render workers can run themselves, each on its own frames,
/// instead of the encoder's single thread (see ``VideoEncoder/workerConversion``).
///
/// Why: converting a 1080p frame to `yuv420p` takes 1 to 2 ms on the thread that also feeds x264, and the
/// 8 MB BGRA frame it reads stays in flight until then. A worker that converts its own frame hands over a
/// 3 MB picture and keeps its BGRA buffer, which it then redraws only where the next frame changed. It is
/// the same ``YUV420Conversion`` on the same pixels, so the encoded bytes do not change.
///
/// Pictures come from a pool shared by the workers and go back to it once the encoder has taken them
/// (``ConvertedFrame``), so an export allocates only as many as are in flight at once.
public final class WorkerConversion: Sendable {
  /// The size of the frames converted, and of the pictures (even: the direct conversion has no padding).
  let width: Int
  let height: Int
  let pool: PicturePool

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    pool = PicturePool(width: width, height: height)
  }

  /// A converter for one worker (it keeps scratch rows between frames, so it is not shared).
  public func makeConverter() -> FrameConverter { FrameConverter(self) }

  /// Pictures made so far: at most as many as were ever in flight at once (for tests).
  public var picturesMade: Int { pool.made }
}

/// One render worker's converter (see ``WorkerConversion``).
public final class FrameConverter {
  private let conversion: WorkerConversion
  private let scratch = YUV420Conversion.Scratch()

  fileprivate init(_ conversion: WorkerConversion) {
    self.conversion = conversion
  }

  /// Converts `buffer`, opaque BGRA of the conversion's size, into a picture for the encoder.
  public func convert(_ buffer: PixelBuffer) throws -> ConvertedFrame {
    precondition(buffer.width == conversion.width && buffer.height == conversion.height, "frame size mismatch")
    let picture = try conversion.pool.take()
    // A no-op unless the encoder kept a reference to the picture's planes the last time round.
    try check(av_frame_make_writable(picture.frame), "av_frame_make_writable")
    buffer.bytes.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return }
      YUV420Conversion.convert(
        source: base, stride: buffer.stride, width: buffer.width, height: buffer.height, into: picture.frame,
        scratch: scratch)
    }
    return ConvertedFrame(picture: picture, pool: conversion.pool)
  }
}

/// A frame converted by a render worker, to be passed to ``VideoEncoder/append(_:)-(ConvertedFrame)``; its
/// picture goes back to the pool when it is released.
///
/// `@unchecked Sendable`: it is made on one worker and then only read by the encoder's thread, handed over
/// through the renderer's lock; the pool it returns to is locked.
public final class ConvertedFrame: @unchecked Sendable {
  let picture: FrameStorage
  private let pool: PicturePool

  fileprivate init(picture: FrameStorage, pool: PicturePool) {
    self.picture = picture
    self.pool = pool
  }

  deinit {
    pool.giveBack(picture)
  }
}

/// Reused `yuv420p` pictures of one size, BT.709 limited range tagged as ``StreamWriter`` tags its own.
final class PicturePool: Sendable {
  private let width: Int
  private let height: Int
  /// The free pictures (only reached under the lock) and the count made.
  private let state = Locked(State())

  private struct State {
    var free: [FrameStorage] = []
    var made = 0
  }

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  var made: Int { state.withLock { $0.made } }

  /// A free picture, or a new one.
  func take() throws -> FrameStorage {
    if let reused = state.withLock({ $0.free.popLast() }) { return reused }
    let picture = try FrameStorage(format: AV_PIX_FMT_YUV420P, width: width, height: height)
    picture.frame.pointee.color_primaries = AVCOL_PRI_BT709
    picture.frame.pointee.color_trc = AVCOL_TRC_BT709
    picture.frame.pointee.colorspace = AVCOL_SPC_BT709
    picture.frame.pointee.color_range = AVCOL_RANGE_MPEG
    state.withLock { $0.made += 1 }
    return picture
  }

  func giveBack(_ picture: FrameStorage) {
    state.withLock { $0.free.append(picture) }
  }
}
