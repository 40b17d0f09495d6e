import CZlib

/// CRC-32 (the zip polynomial) through zlib, updated chunk by chunk: zlib's is table-driven over
/// several bytes at a time, and the zip reader checks every entry it inflates with it.
public struct ZipCRC32: Sendable {
  public private(set) var value: UInt32 = 0

  public init() {}

  public mutating func update(_ chunk: UnsafeBufferPointer<UInt8>) {
    guard var base = chunk.baseAddress else { return }
    var left = chunk.count
    // zlib takes a 32-bit length: a larger chunk goes in pieces.
    while left > 0 {
      let n = min(left, Int(UInt32.max >> 1))
      value = UInt32(truncatingIfNeeded: crc32(UInt(value), base, UInt32(n)))
      base += n
      left -= n
    }
  }

  /// The CRC-32 of `bytes` in one call.
  public static func checksum(_ bytes: [UInt8]) -> UInt32 {
    var c = ZipCRC32()
    bytes.withUnsafeBufferPointer { c.update($0) }
    return c.value
  }
}
