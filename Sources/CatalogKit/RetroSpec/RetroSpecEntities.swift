/// HTML character references in the little text RetroSpec rules read (labels, names, attribute values).
enum RetroSpecEntities {
  /// Decodes `&#NNN;`, `&#xHH;` and the named references these pages can carry. An unknown name is kept
  /// as written, so nothing is silently lost.
  static func decode(_ s: String) -> String {
    guard s.utf8.contains(UInt8(ascii: "&")) else { return s }
    var out = String.UnicodeScalarView()
    let scalars = Array(s.unicodeScalars)
    var i = 0
    while i < scalars.count {
      let c = scalars[i]
      guard c == "&", let semi = scalars[i...].prefix(12).firstIndex(of: ";"), semi > i + 1 else {
        out.append(c)
        i += 1
        continue
      }
      let body = String(String.UnicodeScalarView(scalars[(i + 1)..<semi]))
      if let decoded = reference(body) {
        out.append(contentsOf: decoded.unicodeScalars)
        i = semi + 1
      } else {
        out.append(c)
        i += 1
      }
    }
    return String(out)
  }

  static func reference(_ body: String) -> String? {
    if body.hasPrefix("#x") || body.hasPrefix("#X") {
      return UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
    }
    if body.hasPrefix("#") {
      return UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
    }
    return named[body]
  }

  /// The HTML 4 names for markup characters and the Latin letters of Serbian, Croatian and Slovenian.
  static let named: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
    "scaron": "š", "Scaron": "Š", "zcaron": "ž", "Zcaron": "Ž", "ccaron": "č", "Ccaron": "Č",
    "cacute": "ć", "Cacute": "Ć", "dstrok": "đ", "Dstrok": "Đ", "eacute": "é", "Eacute": "É",
    "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß",
    "copy": "©", "reg": "®", "ndash": "–", "mdash": "—", "hellip": "…", "laquo": "«", "raquo": "»",
  ]
}
