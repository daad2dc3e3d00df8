import Raster

/// What ``VideoEncoder`` drives: one implementation per way of producing a file.
///
/// ``VideoEncoder`` owns the temporary file and the state checks; a writer only encodes.
protocol FrameWriter: AnyObject {
  /// The size of the encoded pictures.
  var codedSize: (width: Int, height: Int) { get }
  /// Encodes frame number `index` (0, 1, 2, ... in order); the frame has the settings' size.
  func append(_ frame: PixelBuffer, index: Int) throws
  /// Encodes whatever is pending, writes the trailer and closes the file; `frameCount` frames were appended.
  func finish(frameCount: Int) throws
  /// Closes the file without finishing it (the caller deletes it), and frees any scratch files.
  func close()
}
