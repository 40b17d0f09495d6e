/// SHA-256 (FIPS 180-4) in plain Swift: Linux has no CryptoKit and Foundation has no digest. The app
/// stamps seeded catalogues with the SHA-256 of their bytes, issue identities are SHA-256 records,
/// and the fetch cache checks its bodies with it, so it has to be right and quick.
public struct SHA256: Sendable {
  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
  )
  /// Bytes not yet forming a whole 64-byte block.
  private var pending: [UInt8] = []
  private var length: UInt64 = 0

  public init() { pending.reserveCapacity(64) }

  /// The lowercase hex digest of `bytes`.
  public static func hex(_ bytes: [UInt8]) -> String { hexString(of: digest(bytes)) }

  /// The lowercase hex digest of a string's UTF-8 bytes.
  public static func hex(_ string: String) -> String { hex(Array(string.utf8)) }

  /// The 32-byte digest of `bytes`.
  public static func digest(_ bytes: [UInt8]) -> [UInt8] {
    var h = SHA256()
    h.update(bytes)
    return h.finalize()
  }

  /// Lowercase hex of a digest already computed (e.g. from `finalize()`).
  public static func hex(digest: [UInt8]) -> String { hexString(of: digest) }

  private static func hexString(of digest: [UInt8]) -> String {
    let alphabet = Array("0123456789abcdef".utf8)
    var out = [UInt8]()
    out.reserveCapacity(digest.count * 2)
    for b in digest {
      out.append(alphabet[Int(b >> 4)])
      out.append(alphabet[Int(b & 0x0f)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Feeds an array of bytes (kept for callers written against the first version of this type).
  public mutating func update(contiguous bytes: [UInt8]) { update(bytes) }

  /// Lowercase hex of a digest already computed.
  public static func hexString(_ digest: [UInt8]) -> String { hexString(of: digest) }

  /// Feeds more bytes; call as often as needed, then `finalize()`.
  public mutating func update(_ bytes: some Collection<UInt8>) {
    length &+= UInt64(bytes.count)
    if let done = bytes.withContiguousStorageIfAvailable({ absorb($0) }) {
      _ = done
    } else {
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
      block.withUnsafeBufferPointer { compress($0.baseAddress.map { UnsafeRawPointer($0) }) }
      pending.removeAll(keepingCapacity: true)
    }
    guard let base = input.baseAddress else { return }
    while input.count - offset >= 64 {
      compress(UnsafeRawPointer(base + offset))
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
        compress(UnsafeRawPointer(base + o))
        o += 64
      }
    }
    pending.removeAll()
    let s = state
    return DigestPadding.bytes(ofWords: [s.0, s.1, s.2, s.3, s.4, s.5, s.6, s.7])
  }

  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  /// One 64-byte block at `p` into the state. Written with plain pointer arithmetic and the
  /// rotations spelled out, so even an unoptimised (debug) build hashes cache bodies at a usable rate.
  private mutating func compress(_ p: UnsafeRawPointer?) {
    guard let p else { return }
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { buffer in
      guard let w = buffer.baseAddress else { return }
      SHA256.k.withUnsafeBufferPointer { kb in
        guard let k = kb.baseAddress else { return }
        SHA256.compress(&state, p.assumingMemoryBound(to: UInt8.self), w, k)
      }
    }
  }

  private static func compress(
    _ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32),
    _ p: UnsafePointer<UInt8>, _ w: UnsafeMutablePointer<UInt32>, _ k: UnsafePointer<UInt32>
  ) {
    var i = 0
    while i < 16 {
      let b = p + i &* 4
      w[i] = UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3])
      i &+= 1
    }
    while i < 64 {
      let x = w[i &- 15]
      let y = w[i &- 2]
      let s0 = (x >> 7 | x << 25) ^ (x >> 18 | x << 14) ^ (x >> 3)
      let s1 = (y >> 17 | y << 15) ^ (y >> 19 | y << 13) ^ (y >> 10)
      w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
      i &+= 1
    }
    var a = state.0
    var b = state.1
    var c = state.2
    var d = state.3
    var e = state.4
    var f = state.5
    var g = state.6
    var h = state.7
    i = 0
    while i < 64 {
      let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
      let ch = (e & f) ^ (~e & g)
      let t1 = h &+ s1 &+ ch &+ k[i] &+ w[i]
      let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
      let maj = (a & b) ^ (a & c) ^ (b & c)
      h = g
      g = f
      f = e
      e = d &+ t1
      d = c
      c = b
      b = a
      a = t1 &+ s0 &+ maj
      i &+= 1
    }
    state.0 &+= a
    state.1 &+= b
    state.2 &+= c
    state.3 &+= d
    state.4 &+= e
    state.5 &+= f
    state.6 &+= g
    state.7 &+= h
  }
}
