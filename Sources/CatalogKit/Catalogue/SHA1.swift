/// SHA-1 (FIPS 180-4). Broken for signatures, but it is what WARC tools write in
/// `WARC-Block-Digest` and `WARC-Payload-Digest` (`sha1:` + base32), and what they check when they
/// read ours, so an export has to speak it.
public struct SHA1: Sendable {
  private var h0: UInt32 = 0x6745_2301
  private var h1: UInt32 = 0xefcd_ab89
  private var h2: UInt32 = 0x98ba_dcfe
  private var h3: UInt32 = 0x1032_5476
  private var h4: UInt32 = 0xc3d2_e1f0
  /// Bytes not yet forming a whole 64-byte block.
  private var pending: [UInt8] = []
  private var length: UInt64 = 0

  public init() { pending.reserveCapacity(64) }

  /// The 20-byte digest of `bytes`.
  public static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var h = SHA1()
    h.update(bytes)
    return h.finalize()
  }

  /// Feeds more bytes; call as often as needed, then `finalize()`.
  public mutating func update(_ bytes: some Collection<UInt8>) {
    length &+= UInt64(bytes.count)
    if bytes.withContiguousStorageIfAvailable({ absorb($0) }) == nil {
      let copy = Array(bytes)
      copy.withUnsafeBufferPointer { absorb($0) }
    }
  }

  private mutating func absorb(_ input: UnsafeBufferPointer<UInt8>) {
    var offset = 0
    if !pending.isEmpty {
      let take = min(64 - pending.count, input.count)
      pending.append(contentsOf: input[0..<take])
      offset = take
      guard pending.count == 64 else { return }
      let block = pending
      block.withUnsafeBufferPointer { b in if let base = b.baseAddress { compress(base) } }
      pending.removeAll(keepingCapacity: true)
    }
    guard let base = input.baseAddress else { return }
    while input.count - offset >= 64 {
      compress(base + offset)
      offset += 64
    }
    if offset < input.count { pending.append(contentsOf: input[offset...]) }
  }

  /// Pads, processes the last block(s) and returns the digest. The value should not be reused.
  public mutating func finalize() -> [UInt8] {
    let tail = DigestPadding.tail(pending: pending, byteLength: length)
    tail.withUnsafeBufferPointer { buf in
      guard let base = buf.baseAddress else { return }
      var o = 0
      while o < buf.count {
        compress(base + o)
        o += 64
      }
    }
    pending.removeAll()
    return DigestPadding.bytes(ofWords: [h0, h1, h2, h3, h4])
  }

  /// One 64-byte block into the state; the 80-word schedule lives on the stack.
  private mutating func compress(_ p: UnsafePointer<UInt8>) {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { buffer in
      guard let w = buffer.baseAddress else { return }
      var i = 0
      while i < 16 {
        let b = p + i &* 4
        w[i] = UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3])
        i &+= 1
      }
      while i < 80 {
        let x = w[i &- 3] ^ w[i &- 8] ^ w[i &- 14] ^ w[i &- 16]
        w[i] = x << 1 | x >> 31
        i &+= 1
      }
      var a = h0
      var b = h1
      var c = h2
      var d = h3
      var e = h4
      i = 0
      while i < 80 {
        let f: UInt32
        let k: UInt32
        switch i {
        case 0..<20:
          f = (b & c) | (~b & d)
          k = 0x5a82_7999
        case 20..<40:
          f = b ^ c ^ d
          k = 0x6ed9_eba1
        case 40..<60:
          f = (b & c) | (b & d) | (c & d)
          k = 0x8f1b_bcdc
        default:
          f = b ^ c ^ d
          k = 0xca62_c1d6
        }
        let t = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
        e = d
        d = c
        c = b << 30 | b >> 2
        b = a
        a = t
        i &+= 1
      }
      h0 &+= a
      h1 &+= b
      h2 &+= c
      h3 &+= d
      h4 &+= e
    }
  }
}
