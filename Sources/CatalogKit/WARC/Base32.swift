/// RFC 4648 base32 (upper case, no padding needed for 20-byte digests): the spelling WARC tools
/// use for `sha1:` digests.
public enum Base32 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

  public static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    var buffer: UInt32 = 0
    var bits = 0
    for b in bytes {
      buffer = buffer << 8 | UInt32(b)
      bits += 8
      while bits >= 5 {
        out.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 31)])
        bits -= 5
      }
    }
    if bits > 0 { out.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
    while out.count % 8 != 0 { out.append(UInt8(ascii: "=")) }
    return String(decoding: out, as: UTF8.self)
  }

  /// The bytes, or nil when a character is outside the alphabet (case-insensitive; `=` ends it).
  public static func decode(_ text: String) -> [UInt8]? {
    var out: [UInt8] = []
    var buffer: UInt32 = 0
    var bits = 0
    for c in text.uppercased().utf8 {
      if c == UInt8(ascii: "=") { break }
      guard let v = alphabet.firstIndex(of: c) else { return nil }
      buffer = buffer << 5 | UInt32(v)
      bits += 5
      if bits >= 8 {
        out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits - 8)))
        bits -= 8
      }
    }
    return out
  }
}
