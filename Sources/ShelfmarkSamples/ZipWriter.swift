import CZlib
import CatalogKit

/// Writes a one-entry zip archive in memory, deflating the entry as its bytes arrive.
///
/// The dump tests and the benchmark need real dump zips without holding the SQL twice; only the
/// compressed output is kept. Enough of the format for `ZipArchive` and `unzip` to read it back.
public final class ZipWriter {
  private let stream: UnsafeMutablePointer<z_stream>
  private let entryName: [UInt8]
  private let stored: Bool
  private var crc = ZipCRC32()
  private var size = 0
  private var compressed: [UInt8] = []
  private var finished = false

  /// Starts an entry; `level` 0 writes it stored (method 0), otherwise deflated at that level.
  public init(entryName: String, level: Int32 = 6) {
    self.entryName = Array(entryName.utf8)
    self.stored = level == 0
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    if !stored { _ = shelfmark_deflate_init_raw(stream, level) }
  }

  deinit {
    if !stored { deflateEnd(stream) }
    stream.deinitialize(count: 1)
    stream.deallocate()
  }

  public func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { write($0) }
  }

  public func write(_ chunk: UnsafeBufferPointer<UInt8>) {
    crc.update(chunk)
    size += chunk.count
    if stored {
      compressed.append(contentsOf: chunk)
    } else {
      run(chunk, flush: Z_NO_FLUSH)
    }
  }

  /// Ends the entry and returns the whole archive.
  public func finish() -> [UInt8] {
    if !stored && !finished { run(UnsafeBufferPointer(start: nil, count: 0), flush: Z_FINISH) }
    finished = true
    var out: [UInt8] = []
    out.reserveCapacity(compressed.count + 2 * entryName.count + 100)
    let method: UInt16 = stored ? 0 : 8
    // Local header.
    put32(&out, 0x0403_4b50)
    put16(&out, 20)
    put16(&out, 0)
    put16(&out, method)
    put16(&out, 0)
    put16(&out, 0x21)
    put32(&out, crc.value)
    put32(&out, UInt32(truncatingIfNeeded: compressed.count))
    put32(&out, UInt32(truncatingIfNeeded: size))
    put16(&out, UInt16(entryName.count))
    put16(&out, 0)
    out += entryName
    out += compressed
    // Central directory, one entry.
    let directoryOffset = out.count
    put32(&out, 0x0201_4b50)
    put16(&out, 20)
    put16(&out, 20)
    put16(&out, 0)
    put16(&out, method)
    put16(&out, 0)
    put16(&out, 0x21)
    put32(&out, crc.value)
    put32(&out, UInt32(truncatingIfNeeded: compressed.count))
    put32(&out, UInt32(truncatingIfNeeded: size))
    put16(&out, UInt16(entryName.count))
    put16(&out, 0)
    put16(&out, 0)
    put16(&out, 0)
    put16(&out, 0)
    put32(&out, 0)
    put32(&out, 0)
    out += entryName
    let directorySize = out.count - directoryOffset
    put32(&out, 0x0605_4b50)
    put16(&out, 0)
    put16(&out, 0)
    put16(&out, 1)
    put16(&out, 1)
    put32(&out, UInt32(directorySize))
    put32(&out, UInt32(directoryOffset))
    put16(&out, 0)
    return out
  }

  private func run(_ chunk: UnsafeBufferPointer<UInt8>, flush: Int32) {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    stream.pointee.next_in = chunk.baseAddress.map { UnsafeMutablePointer(mutating: $0) }
    stream.pointee.avail_in = UInt32(chunk.count)
    while true {
      let code: Int32 = buffer.withUnsafeMutableBufferPointer { out in
        stream.pointee.next_out = out.baseAddress
        stream.pointee.avail_out = UInt32(out.count)
        return deflate(stream, flush)
      }
      let produced = buffer.count - Int(stream.pointee.avail_out)
      compressed.append(contentsOf: buffer[0..<produced])
      if flush == Z_FINISH {
        if code == Z_STREAM_END || code < 0 { return }
      } else if stream.pointee.avail_in == 0 && stream.pointee.avail_out != 0 {
        return
      }
    }
  }

  private func put16(_ out: inout [UInt8], _ v: UInt16) {
    out.append(UInt8(v & 0xFF))
    out.append(UInt8(v >> 8))
  }

  private func put32(_ out: inout [UInt8], _ v: UInt32) {
    for k in 0..<4 { out.append(UInt8((v >> (8 * UInt32(k))) & 0xFF)) }
  }
}
