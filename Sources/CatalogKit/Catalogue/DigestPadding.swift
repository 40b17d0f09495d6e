/// What SHA-1 and SHA-256 share around their compression functions (both are Merkle–Damgård hashes
/// over 64-byte blocks with big-endian words), so the two differ only in what makes them different.
enum DigestPadding {
  /// The last block or two: what is pending, a 1 bit, zeros up to 56 bytes into a block, then the
  /// message length in bits as a 64-bit big-endian number (wrapping, as both standards allow).
  static func tail(pending: [UInt8], byteLength: UInt64) -> [UInt8] {
    let bitLength = byteLength &* 8
    var tail = pending
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    return tail
  }

  /// The state words as the digest's bytes, each big-endian.
  static func bytes(ofWords words: [UInt32]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(words.count * 4)
    for word in words {
      out.append(UInt8(truncatingIfNeeded: word >> 24))
      out.append(UInt8(truncatingIfNeeded: word >> 16))
      out.append(UInt8(truncatingIfNeeded: word >> 8))
      out.append(UInt8(truncatingIfNeeded: word))
    }
    return out
  }
}
