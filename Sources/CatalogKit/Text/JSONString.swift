/// The one JSON string escaper, for the places that write JSON by hand rather than through
/// `JSONEncoder` (the fetch cache's records and `head.log`, where the encoder's per-call cost was too
/// high, and the `JSON-like` values diffs print).
public enum JSONString {
  /// `s` as a JSON string literal, quotes included: `"` and `\` escaped, `\n`, `\r`, `\t` by name,
  /// other control characters as `\u00xx` (lowercase hex); everything else as written (no `\/`,
  /// no escaping of non-ASCII), so the output is valid UTF-8 JSON any reader accepts.
  public static func quoted(_ s: String) -> String {
    var out = String.UnicodeScalarView()
    out.append("\"")
    for u in s.unicodeScalars {
      switch u {
      case "\"": out.append(contentsOf: "\\\"".unicodeScalars)
      case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
      case "\n": out.append(contentsOf: "\\n".unicodeScalars)
      case "\r": out.append(contentsOf: "\\r".unicodeScalars)
      case "\t": out.append(contentsOf: "\\t".unicodeScalars)
      case _ where u.value < 0x20:
        out.append(contentsOf: "\\u00".unicodeScalars)
        out.append(hexDigit(u.value >> 4))
        out.append(hexDigit(u.value & 0xF))
      default: out.append(u)
      }
    }
    out.append("\"")
    return String(out)
  }

  private static func hexDigit(_ v: UInt32) -> Unicode.Scalar {
    Unicode.Scalar(UInt8(v < 10 ? 0x30 + v : 0x61 + v - 10))
  }
}
