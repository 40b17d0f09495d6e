/// HTML character references, decoded the one way every source uses: HTML5's named references
/// (`HTMLEntityTable`) and numeric references as HTML5 reads them.
///
/// - A reference must end in `;`; without it (`Tips & Tricks`, `&copy 1984`) the text stays as written.
/// - An unknown name stays as written, so nothing is silently lost or guessed at.
/// - `&#NNN;` and `&#xHH;`: the code point, except that 0, surrogates and values past U+10FFFF read
///   as U+FFFD, and 0x80–0x9F read as Windows-1252 (`&#150;` is an en dash), as old editors meant.
public enum HTMLEntities {
  /// The longest name in the table (`CounterClockwiseContourIntegral`) is 31 characters.
  static let longestName = 31

  /// `s` with every character reference it holds decoded.
  public static func decode(_ s: String) -> String {
    let bytes = Array(s.utf8)
    guard bytes.contains(UInt8(ascii: "&")) else { return s }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      let c = bytes[i]
      guard c == UInt8(ascii: "&"), let (text, end) = reference(in: bytes, at: i) else {
        out.append(c)
        i += 1
        continue
      }
      out.append(contentsOf: text.utf8)
      i = end
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The text of the reference whose `&` is at `at`, and the index past its `;`; nil when there is
  /// none there.
  static func reference(in bytes: [UInt8], at: Int) -> (String, Int)? {
    var i = at + 1
    let limit = min(bytes.count, at + 2 + longestName)
    if i < bytes.count, bytes[i] == UInt8(ascii: "#") {
      i += 1
      var radix: UInt32 = 10
      if i < bytes.count, bytes[i] == UInt8(ascii: "x") || bytes[i] == UInt8(ascii: "X") {
        radix = 16
        i += 1
      }
      let digitsStart = i
      var value: UInt32 = 0
      var tooLarge = false
      while i < bytes.count, let d = digit(bytes[i], radix: radix) {
        if !tooLarge {
          let (times, o1) = value.multipliedReportingOverflow(by: radix)
          let (plus, o2) = times.addingReportingOverflow(d)
          if o1 || o2 || plus > 0x10FFFF { tooLarge = true } else { value = plus }
        }
        i += 1
      }
      guard i > digitsStart, i < bytes.count, bytes[i] == UInt8(ascii: ";") else { return nil }
      return (String(numeric(tooLarge ? 0x110000 : value)), i + 1)
    }
    let nameStart = i
    while i < limit, isNameByte(bytes[i]) { i += 1 }
    guard i > nameStart, i < bytes.count, bytes[i] == UInt8(ascii: ";") else { return nil }
    let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
    guard let text = HTMLEntityTable.byName[name] else { return nil }
    return (text, i + 1)
  }

  /// `&#value;` as HTML5 reads it.
  static func numeric(_ value: UInt32) -> Unicode.Scalar {
    if value >= 0x80, value <= 0x9F, let mapped = windows1252[value] { return mapped }
    guard value != 0, let u = Unicode.Scalar(value) else { return "\u{FFFD}" }
    return u
  }

  /// HTML5's replacements for numeric references in 0x80–0x9F: Windows-1252's characters there.
  /// The five code points Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) stay as they are.
  static let windows1252: [UInt32: Unicode.Scalar] = [
    0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}",
    0x86: "\u{2020}", 0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}",
    0x8B: "\u{2039}", 0x8C: "\u{0152}", 0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}",
    0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}", 0x96: "\u{2013}", 0x97: "\u{2014}",
    0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}", 0x9C: "\u{0153}",
    0x9E: "\u{017E}", 0x9F: "\u{0178}",
  ]

  static func digit(_ b: UInt8, radix: UInt32) -> UInt32? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: UInt32(b - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: UInt32(b - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  static func isNameByte(_ b: UInt8) -> Bool {
    (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
      || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
  }

  /// The inverse for text written into HTML (reports): `&`, `<`, `>` and `"` as references.
  public static func escape(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for c in s {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }
}
