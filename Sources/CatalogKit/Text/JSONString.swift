/// The one JSON string escaper, for the places that write JSON by hand rather than through
/// `JSONEncoder` (the fetch cache's records and `head.log`, where the encoder's per-call cost was too
/// high, and the `JSON-like` values diffs print).
public enum JSONString {
  /// `s` as a JSON string literal, quotes included: `"` and `\` escaped, `\n`, `\r`, `\t` by name,
  /// other control characters as `\u00xx` (lowercase hex); everything else as written (no `\/`,
  /// no escaping of non-ASCII), so the output is valid UTF-8 JSON any reader accepts.
  public static func quoted(_ s: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count + 2)
    append(s, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// `s` quoted as `quoted(_:)` does, appended to bytes being written (a file of many lines).
  /// `namingBackspaceAndFormFeed`: `\b` and `\f` by name too, as Foundation's encoder writes them
  /// (the catalogues' encoding), rather than as `\u0008` and `\u000c`.
  public static func append(_ s: String, to out: inout [UInt8], namingBackspaceAndFormFeed: Bool = false) {
    // On UTF-8 bytes: every byte of a multi-byte character is 0x80 or above, so only ASCII needs a
    // look, and the runs between escapes (usually the whole string) are copied in one go.
    out.append(0x22)
    var s = s
    s.withUTF8 { bytes in
      var start = 0
      for i in bytes.indices {
        let b = bytes[i]
        guard b < 0x20 || b == 0x22 || b == 0x5C else { continue }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
        switch b {
        case 0x22: out += [0x5C, 0x22]
        case 0x5C: out += [0x5C, 0x5C]
        case 0x0A: out += [0x5C, 0x6E]
        case 0x0D: out += [0x5C, 0x72]
        case 0x09: out += [0x5C, 0x74]
        case 0x08 where namingBackspaceAndFormFeed: out += [0x5C, 0x62]
        case 0x0C where namingBackspaceAndFormFeed: out += [0x5C, 0x66]
        default: out += [0x5C, 0x75, 0x30, 0x30, hexDigit(b >> 4), hexDigit(b & 0xF)]
        }
        start = i + 1
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
    }
    out.append(0x22)
  }

  private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x61 + v - 10 }
}

/// Bytes of a JSON document being written by hand: literal keys and punctuation, and integers in
/// decimal, appended with no string made for them.
public enum JSONBytes {
  public static func append(_ literal: StaticString, to out: inout [UInt8]) {
    out.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  public static func append(_ n: Int, to out: inout [UInt8]) {
    if n < 0 { out.append(0x2D) }
    // On the magnitude (Int.min has no positive counterpart), lowest digit first into a buffer on
    // the stack, then copied highest first: dividing by the constant ten is a multiply, where
    // finding the highest digit first divided by a variable three times a digit, and a lineage
    // writes a dozen numbers a row.
    var m = n.magnitude
    if m < 10 {
      out.append(0x30 + UInt8(m))
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var i = digits.count
      repeat {
        i -= 1
        digits[i] = 0x30 + UInt8(m % 10)
        m /= 10
      } while m > 0
      out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i...]))
    }
  }
}
