import CZlib

/// CRC-32 (the zip polynomial) through zlib, updated chunk by chunk.
public struct ZipCRC32 {
  public private(set) var value: UInt32 = 0

  public init() {}

  public mutating func update(_ chunk: UnsafeBufferPointer<UInt8>) {
    guard let base = chunk.baseAddress, chunk.count > 0 else { return }
    value = UInt32(truncatingIfNeeded: crc32(UInt(value), base, UInt32(chunk.count)))
  }
}
