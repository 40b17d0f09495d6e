import CCrypto

/// SHA-1 (FIPS 180-4) through libcrypto. Broken for signatures, but it is what WARC tools write in
/// `WARC-Block-Digest` and `WARC-Payload-Digest` (`sha1:` + base32), and what they check when they
/// read ours, so an export has to speak it, once per record over the whole body.
public struct SHA1: Sendable {
  /// libcrypto's running state: a plain C struct, so copying a half-fed digest copies its state.
  private var context = SHA_CTX()

  public init() { SHA1_Init(&context) }

  /// The 20-byte digest of `bytes`.
  public static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var h = SHA1()
    h.update(bytes)
    return h.finalize()
  }

  /// Feeds more bytes; call as often as needed, then `finalize()`.
  public mutating func update(_ bytes: some Collection<UInt8>) {
    if bytes.withContiguousStorageIfAvailable({ absorb($0) }) == nil {
      Array(bytes).withUnsafeBufferPointer { absorb($0) }
    }
  }

  private mutating func absorb(_ input: UnsafeBufferPointer<UInt8>) {
    guard let base = input.baseAddress, !input.isEmpty else { return }
    SHA1_Update(&context, base, input.count)
  }

  /// Pads, processes the last block(s) and returns the digest. The value should not be reused.
  public mutating func finalize() -> [UInt8] {
    var out = [UInt8](repeating: 0, count: Int(SHA_DIGEST_LENGTH))
    out.withUnsafeMutableBufferPointer { o in _ = SHA1_Final(o.baseAddress, &context) }
    return out
  }
}
