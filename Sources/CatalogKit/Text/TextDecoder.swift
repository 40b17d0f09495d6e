import Foundation

/// The per-source rule for turning page bytes into text.
///
/// Precedence: HTTP `charset`, then a BOM, then the `<meta>` in the first 1,024 bytes, then the
/// source's default, except where the source's own rule wins over what the page declares (RetroSpec
/// pages declare cp1250 but several are UTF-8).
public enum CharsetPolicy: Sendable, Equatable {
  /// Strict UTF-8, else the fallback; the page's declaration is ignored.
  case utf8Else(TextEncoding)
  /// Trust the HTTP header, BOM and `<meta>`, else UTF-8, else the fallback.
  case declaredElse(TextEncoding)
}

public struct DecodedText: Sendable {
  public var text: String
  public var encoding: TextEncoding
  /// True when some bytes had no character in the chosen encoding and became U+FFFD.
  public var hadReplacements: Bool
}

public enum TextDecoder {
  public static func decode(
    _ bytes: [UInt8], policy: CharsetPolicy = .declaredElse(.latin1), httpCharset: String? = nil
  ) -> DecodedText {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) {
      body = body.dropFirst(3)
      if let s = TextEncoding.utf8.decode(Array(body)) {
        return DecodedText(text: s, encoding: .utf8, hadReplacements: false)
      }
    }
    let raw = Array(body)
    switch policy {
    case .utf8Else(let fallback):
      if let s = TextEncoding.utf8.decode(raw) {
        return DecodedText(text: s, encoding: .utf8, hadReplacements: false)
      }
      return lossy(raw, fallback)
    case .declaredElse(let fallback):
      if let label = httpCharset ?? metaCharset(raw), let declared = TextEncoding(label: label) {
        if let s = declared.decode(raw) {
          return DecodedText(
            text: s, encoding: declared, hadReplacements: declared != .utf8 && s.contains("\u{FFFD}"))
        }
      }
      if let s = TextEncoding.utf8.decode(raw) {
        return DecodedText(text: s, encoding: .utf8, hadReplacements: false)
      }
      return lossy(raw, fallback)
    }
  }

  private static func lossy(_ raw: [UInt8], _ encoding: TextEncoding) -> DecodedText {
    if let s = encoding.decode(raw) {
      return DecodedText(text: s, encoding: encoding, hadReplacements: s.contains("\u{FFFD}"))
    }
    let s = String(decoding: raw, as: UTF8.self)
    return DecodedText(text: s, encoding: .utf8, hadReplacements: true)
  }

  /// The charset a page declares in its first 1,024 bytes (`<meta charset>` or `http-equiv`).
  public static func metaCharset(_ bytes: [UInt8]) -> String? {
    let head = String(decoding: bytes.prefix(1024), as: UTF8.self).lowercased()
    guard let range = head.range(of: "charset=") else { return nil }
    var value = head[range.upperBound...].drop(while: { $0 == "\"" || $0 == "'" || $0 == " " })
    value = value.prefix(while: { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    return value.isEmpty ? nil : String(value)
  }
}
