import CFFmpeg

/// Owns one `AVPacket`, reused for every packet the encoder produces, and frees it in `deinit`.
final class PacketStorage {
  /// The packet; valid for the lifetime of this object.
  let packet: UnsafeMutablePointer<AVPacket>

  /// Allocates an empty packet.
  init() throws {
    packet = try allocated(av_packet_alloc(), "av_packet_alloc")
  }

  deinit {
    var pointer: UnsafeMutablePointer<AVPacket>? = packet
    av_packet_free(&pointer)
  }
}
