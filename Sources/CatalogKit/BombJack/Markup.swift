import Foundation

/// Text-level reading of FrontPage HTML, over the page's UTF-8 bytes.
///
/// The BombJack spec states its rules as patterns over the decoded page ("from `<td…>` to the first
/// following `</td>`"), and FrontPage markup is malformed enough that libxml2's recovery moves cells
/// around. So this reader works on the text the way the rules are written, and it is fast enough to
/// read a 20,000-page site in seconds. Every position is a byte offset into `bytes`.
struct Markup {
  let bytes: [UInt8]

  init(_ text: String) { bytes = Array(text.utf8) }

  /// The next case-insensitive occurrence of an ASCII `pattern` (given in lowercase) in `from..<to`.
  func find(_ pattern: [UInt8], from: Int, to: Int? = nil) -> Int? {
    let end = (to ?? bytes.count) - pattern.count
    guard let first = pattern.first, from <= end else { return nil }
    var i = from
    while i <= end {
      if Markup.lower(bytes[i]) == first {
        var k = 1
        while k < pattern.count, Markup.lower(bytes[i + k]) == pattern[k] { k += 1 }
        if k == pattern.count { return i }
      }
      i += 1
    }
    return nil
  }

  /// The next opening tag named `name` (lowercase) at or after `from`: `<name` followed by
  /// whitespace, `>` or `/`, so `<a` does not match `<abbr` and `<td` does not match `<tdata`.
  func findTag(_ name: [UInt8], from: Int, to: Int? = nil) -> Int? {
    let limit = to ?? bytes.count
    var i = from
    let pattern = [UInt8(ascii: "<")] + name
    while let at = find(pattern, from: i, to: limit) {
      let after = at + pattern.count
      if after >= limit { return nil }
      let c = bytes[after]
      if c == UInt8(ascii: ">") || c == UInt8(ascii: "/") || Markup.isSpace(c) { return at }
      i = at + 1
    }
    return nil
  }

  /// The index just past the `>` closing the tag that starts at `start`, honouring quoted values.
  func tagEnd(from start: Int, to: Int? = nil) -> Int {
    let limit = to ?? bytes.count
    var quote: UInt8? = nil
    var i = start + 1
    while i < limit {
      let c = bytes[i]
      if let q = quote {
        if c == q { quote = nil }
      } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
        // A quote only opens a value right after `=` (possibly with spaces); elsewhere it is text.
        var j = i - 1
        while j > start, Markup.isSpace(bytes[j]) { j -= 1 }
        if bytes[j] == UInt8(ascii: "=") { quote = c }
      } else if c == UInt8(ascii: ">") {
        return i + 1
      }
      i += 1
    }
    return limit
  }

  /// The attributes of the tag at `start` (names lowercased, values entity-decoded), in order.
  func attributes(ofTagAt start: Int, end: Int) -> [(name: String, value: String)] {
    var out: [(name: String, value: String)] = []
    var i = start + 1
    // Skip the tag name.
    while i < end, !Markup.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
    while i < end {
      while i < end, Markup.isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "/") { i += 1 }
      guard i < end, bytes[i] != UInt8(ascii: ">") else { break }
      let nameStart = i
      while i < end, !Markup.isSpace(bytes[i]), bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ">") {
        i += 1
      }
      let name = String(decoding: bytes[nameStart..<i], as: UTF8.self).lowercased()
      while i < end, Markup.isSpace(bytes[i]) { i += 1 }
      guard i < end, bytes[i] == UInt8(ascii: "=") else {
        out.append((name, ""))
        continue
      }
      i += 1
      while i < end, Markup.isSpace(bytes[i]) { i += 1 }
      var valueStart = i
      var valueEnd = i
      if i < end, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
        let q = bytes[i]
        valueStart = i + 1
        i += 1
        while i < end, bytes[i] != q { i += 1 }
        valueEnd = min(i, end)
        i += 1
      } else {
        while i < end, !Markup.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
        valueEnd = i
      }
      let raw = String(decoding: bytes[valueStart..<max(valueStart, min(valueEnd, end))], as: UTF8.self)
      out.append((name, Markup.decodeEntities(raw)))
    }
    return out
  }

  /// One attribute of the tag at `start`, or nil.
  func attribute(_ name: String, ofTagAt start: Int, end: Int) -> String? {
    attributes(ofTagAt: start, end: end).first { $0.name == name }?.value
  }

  /// The plain text of `range`: tags and comments become spaces, entities are decoded, NBSP is a
  /// space, whitespace is collapsed and trimmed.
  func plainText(_ range: Range<Int>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(range.count)
    var i = range.lowerBound
    let end = range.upperBound
    while i < end {
      let c = bytes[i]
      if c == UInt8(ascii: "<"), i + 1 < end, Markup.startsTag(bytes[i + 1]) {
        if bytes[i + 1] == UInt8(ascii: "!"), let close = commentEnd(from: i, to: end) {
          i = close
        } else {
          i = tagEnd(from: i, to: end)
        }
        out.append(UInt8(ascii: " "))
        continue
      }
      out.append(c)
      i += 1
    }
    let text = String(decoding: out, as: UTF8.self)
    return TextNormal.collapse(Markup.decodeEntities(text))
  }

  /// Past the `-->` of a comment starting at `start`, when it is one.
  private func commentEnd(from start: Int, to end: Int) -> Int? {
    guard start + 3 < end, bytes[start + 2] == UInt8(ascii: "-"), bytes[start + 3] == UInt8(ascii: "-")
    else { return nil }
    if let close = find(Array("-->".utf8), from: start + 4, to: end) { return close + 3 }
    return end
  }

  static func lower(_ c: UInt8) -> UInt8 {
    c >= 0x41 && c <= 0x5A ? c + 0x20 : c
  }

  static func isSpace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C
  }

  /// After `<`, a letter, `/` or `!` starts markup; anything else ("a < b") is text.
  static func startsTag(_ c: UInt8) -> Bool {
    let l = lower(c)
    return (l >= 0x61 && l <= 0x7A) || c == UInt8(ascii: "/") || c == UInt8(ascii: "!")
  }
}

extension Markup {
  /// Decodes character references: numeric ones, and the named ones these pages use. An unknown name
  /// is left as written, which keeps a stray `&` in a title ("Tips & Tricks") intact.
  static func decodeEntities(_ s: String) -> String {
    guard s.contains("&") else { return s }
    var out = ""
    out.reserveCapacity(s.utf8.count)
    var rest = Substring(s)
    while let amp = rest.firstIndex(of: "&") {
      out += rest[..<amp]
      let after = rest[rest.index(after: amp)...]
      guard let semi = after.prefix(12).firstIndex(of: ";") else {
        out.append("&")
        rest = after
        continue
      }
      let name = after[..<semi]
      if let scalar = reference(String(name)) {
        out.unicodeScalars.append(scalar)
        rest = after[after.index(after: semi)...]
      } else {
        out.append("&")
        rest = after
      }
    }
    out += rest
    return out
  }

  private static func reference(_ name: String) -> Unicode.Scalar? {
    if name.hasPrefix("#") {
      let digits = name.dropFirst()
      let value: UInt32?
      if digits.first == "x" || digits.first == "X" {
        value = UInt32(digits.dropFirst(), radix: 16)
      } else {
        value = UInt32(digits, radix: 10)
      }
      guard let value, value != 0 else { return nil }
      // Windows-1252 code points written as numeric references by old editors (&#150; for a dash).
      if value >= 0x80 && value <= 0x9F, let mapped = cp1252High[value] { return mapped }
      return Unicode.Scalar(value)
    }
    return named[name]
  }

  private static let cp1252High: [UInt32: Unicode.Scalar] = [
    0x80: "\u{20AC}", 0x85: "\u{2026}", 0x91: "\u{2018}", 0x92: "\u{2019}", 0x93: "\u{201C}",
    0x94: "\u{201D}", 0x96: "\u{2013}", 0x97: "\u{2014}", 0x99: "\u{2122}",
  ]

  /// The named references in HTML 4's Latin-1, symbol and special sets that hand-edited pages use.
  private static let named: [String: Unicode.Scalar] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
    "iexcl": "¡", "cent": "¢", "pound": "£", "curren": "¤", "yen": "¥", "brvbar": "¦", "sect": "§",
    "uml": "¨", "copy": "©", "ordf": "ª", "laquo": "«", "not": "¬", "shy": "\u{00AD}", "reg": "®",
    "macr": "¯", "deg": "°", "plusmn": "±", "sup2": "²", "sup3": "³", "acute": "´", "micro": "µ",
    "para": "¶", "middot": "·", "cedil": "¸", "sup1": "¹", "ordm": "º", "raquo": "»",
    "frac14": "¼", "frac12": "½", "frac34": "¾", "iquest": "¿",
    "Agrave": "À", "Aacute": "Á", "Acirc": "Â", "Atilde": "Ã", "Auml": "Ä", "Aring": "Å",
    "AElig": "Æ", "Ccedil": "Ç", "Egrave": "È", "Eacute": "É", "Ecirc": "Ê", "Euml": "Ë",
    "Igrave": "Ì", "Iacute": "Í", "Icirc": "Î", "Iuml": "Ï", "ETH": "Ð", "Ntilde": "Ñ",
    "Ograve": "Ò", "Oacute": "Ó", "Ocirc": "Ô", "Otilde": "Õ", "Ouml": "Ö", "times": "×",
    "Oslash": "Ø", "Ugrave": "Ù", "Uacute": "Ú", "Ucirc": "Û", "Uuml": "Ü", "Yacute": "Ý",
    "THORN": "Þ", "szlig": "ß", "agrave": "à", "aacute": "á", "acirc": "â", "atilde": "ã",
    "auml": "ä", "aring": "å", "aelig": "æ", "ccedil": "ç", "egrave": "è", "eacute": "é",
    "ecirc": "ê", "euml": "ë", "igrave": "ì", "iacute": "í", "icirc": "î", "iuml": "ï",
    "eth": "ð", "ntilde": "ñ", "ograve": "ò", "oacute": "ó", "ocirc": "ô", "otilde": "õ",
    "ouml": "ö", "divide": "÷", "oslash": "ø", "ugrave": "ù", "uacute": "ú", "ucirc": "û",
    "uuml": "ü", "yacute": "ý", "thorn": "þ", "yuml": "ÿ",
    "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“",
    "rdquo": "”", "bdquo": "„", "hellip": "…", "bull": "•", "trade": "™", "euro": "€",
    "dagger": "†", "Dagger": "‡", "permil": "‰", "lsaquo": "‹", "rsaquo": "›", "OElig": "Œ",
    "oelig": "œ", "Scaron": "Š", "scaron": "š", "Yuml": "Ÿ", "circ": "ˆ", "tilde": "˜",
    "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "zwnj": "\u{200C}", "zwj": "\u{200D}",
  ]
}
