import CZlib

/// zlib's raw-deflate inflate (zip entries have no zlib header), as a streaming transformer.
///
/// A class because zlib keeps a pointer back to its `z_stream`, which therefore must not move.
final class RawInflater {
  private let stream: UnsafeMutablePointer<z_stream>
  private let archive: String
  private let entry: String

  init(archive: String, entry: String) throws(ZipError) {
    self.archive = archive
    self.entry = entry
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    guard shelfmark_inflate_init_raw(stream) == Z_OK else {
      stream.deinitialize(count: 1)
      stream.deallocate()
      throw .corruptData(archive: archive, entry: entry, offset: 0, message: "zlib would not start")
    }
  }

  deinit {
    inflateEnd(stream)
    stream.deinitialize(count: 1)
    stream.deallocate()
  }

  /// Inflates `bytes[range]`, handing each filled output buffer to `emit`.
  func run(
    _ bytes: [UInt8], range: Range<Int>, chunkSize: Int, _ emit: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    let out = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize)
    defer { out.deallocate() }
    try bytes.withUnsafeBufferPointer { all in
      guard let base = all.baseAddress else {
        throw ZipError.truncated(archive: archive, entry: entry, offset: range.lowerBound)
      }
      stream.pointee.next_in = UnsafeMutablePointer(mutating: base + range.lowerBound)
      stream.pointee.avail_in = UInt32(range.count)
      while true {
        stream.pointee.next_out = out
        stream.pointee.avail_out = UInt32(chunkSize)
        let code = CZlib.inflate(stream, Z_NO_FLUSH)
        let produced = chunkSize - Int(stream.pointee.avail_out)
        let consumedTo = range.upperBound - Int(stream.pointee.avail_in)
        if code != Z_OK && code != Z_STREAM_END && code != Z_BUF_ERROR {
          let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(code)"
          throw ZipError.corruptData(archive: archive, entry: entry, offset: consumedTo, message: message)
        }
        if produced > 0 { try emit(UnsafeBufferPointer(start: out, count: produced)) }
        if code == Z_STREAM_END { return }
        // No progress with the input exhausted: the deflate stream was cut short.
        if produced == 0 && (code == Z_BUF_ERROR || stream.pointee.avail_in == 0) {
          throw ZipError.truncated(archive: archive, entry: entry, offset: consumedTo)
        }
      }
    }
  }
}
