import CCrypto

/// SHA-256 (FIPS 180-4) through libcrypto: Linux has no CryptoKit and Foundation has no digest. The
/// app stamps seeded catalogues with the SHA-256 of their bytes, issue identities are SHA-256
/// records, and the fetch cache checks every body it serves with it, so it runs on every warm read:
/// OpenSSL's block function uses the CPU's SHA instructions where there are some (≈10× a portable
/// loop), which is what lets a warm replay be bound by the file system rather than by hashing.
public struct SHA256: Sendable {
  /// libcrypto's running state: a plain C struct, so copying a half-fed digest copies its state.
  private var context = SHA256_CTX()

  public init() { SHA256_Init(&context) }

  /// The lowercase hex digest of `bytes`.
  public static func hex(_ bytes: [UInt8]) -> String { DigestHex.string(digest(bytes)) }

  /// The lowercase hex digest of a string's UTF-8 bytes.
  public static func hex(_ string: String) -> String {
    if let d = string.utf8.withContiguousStorageIfAvailable({ oneShot($0) }) { return DigestHex.string(d) }
    return hex(Array(string.utf8))
  }

  /// The 32-byte digest of `bytes`.
  public static func digest(_ bytes: [UInt8]) -> [UInt8] { bytes.withUnsafeBufferPointer { oneShot($0) } }

  /// Lowercase hex of a digest already computed (e.g. from `finalize()`).
  public static func hex(digest: [UInt8]) -> String { DigestHex.string(digest) }

  /// Lowercase hex of a digest already computed.
  public static func hexString(_ digest: [UInt8]) -> String { DigestHex.string(digest) }

  /// Feeds an array of bytes (kept for callers written against the first version of this type).
  public mutating func update(contiguous bytes: [UInt8]) { update(bytes) }

  /// Feeds more bytes; call as often as needed, then `finalize()`.
  public mutating func update(_ bytes: some Collection<UInt8>) {
    if bytes.withContiguousStorageIfAvailable({ absorb($0) }) == nil {
      Array(bytes).withUnsafeBufferPointer { absorb($0) }
    }
  }

  private mutating func absorb(_ input: UnsafeBufferPointer<UInt8>) {
    guard let base = input.baseAddress, !input.isEmpty else { return }
    SHA256_Update(&context, base, input.count)
  }

  /// Pads, processes the last block(s) and returns the digest. The value should not be reused.
  public mutating func finalize() -> [UInt8] {
    var out = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
    out.withUnsafeMutableBufferPointer { o in _ = SHA256_Final(o.baseAddress, &context) }
    return out
  }

  /// A whole buffer through a context on the stack. libcrypto's one-call `SHA256()` looks the
  /// algorithm up and allocates a context on every call (OpenSSL 3's `EVP_Q_digest`), which cost
  /// more than hashing a cache key's few dozen bytes.
  private static func oneShot(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var context = SHA256_CTX()
    SHA256_Init(&context)
    if let base = input.baseAddress, input.count > 0 { SHA256_Update(&context, base, input.count) }
    var out = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
    out.withUnsafeMutableBufferPointer { o in _ = SHA256_Final(o.baseAddress, &context) }
    return out
  }
}

/// Digest bytes as lowercase hex, written straight into the string's storage (a hex digest is made
/// for every cache key and every body read, so the `String(format:)` per byte way showed up).
enum DigestHex {
  static func string(_ digest: [UInt8]) -> String {
    String(unsafeUninitializedCapacity: digest.count * 2) { out in
      let alphabet: StaticString = "0123456789abcdef"
      return alphabet.withUTF8Buffer { a in
        var i = 0
        for b in digest {
          out[i] = a[Int(b >> 4)]
          out[i + 1] = a[Int(b & 0x0f)]
          i += 2
        }
        return i
      }
    }
  }
}
