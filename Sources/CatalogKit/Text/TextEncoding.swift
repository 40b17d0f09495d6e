/// The character sets our sources use. Foundation's legacy encodings have changed between Linux
/// toolchains, so the single-byte ones are decoded here from our own tables.
public enum TextEncoding: String, Sendable, Equatable, CaseIterable {
  case utf8 = "UTF-8"
  case windows1250 = "windows-1250"
  case latin1 = "ISO-8859-1"

  /// Maps a charset label (HTTP header or `<meta>`) to an encoding we decode, or nil.
  public init?(label: String) {
    let l = label.trimmingCharacters(in: .whitespaces).lowercased()
    switch l {
    case "utf-8", "utf8": self = .utf8
    case "windows-1250", "cp1250", "x-cp1250", "win-1250": self = .windows1250
    case "iso-8859-1", "latin1", "iso8859-1", "iso_8859-1", "l1", "us-ascii", "ascii", "windows-1252":
      self = .latin1
    default: return nil
    }
  }

  /// Decodes bytes in this encoding. UTF-8 is strict (overlong forms, surrogates and truncated
  /// sequences fail) so a cp1250 page can never pass as garbled UTF-8.
  public func decode(_ bytes: [UInt8]) -> String? {
    switch self {
    case .utf8:
      return String(validating: bytes, as: UTF8.self)
    case .latin1:
      var s = String.UnicodeScalarView()
      s.reserveCapacity(bytes.count)
      for b in bytes { s.append(Unicode.Scalar(b)) }
      return String(s)
    case .windows1250:
      var s = String.UnicodeScalarView()
      s.reserveCapacity(bytes.count)
      for b in bytes {
        if b < 0x80 {
          s.append(Unicode.Scalar(b))
        } else if let scalar = Unicode.Scalar(TextEncoding.cp1250High[Int(b) - 0x80]) {
          s.append(scalar)
        }
      }
      return String(s)
    }
  }

  /// Windows-1250 bytes 0x80–0xFF. The five undefined bytes (0x81 0x83 0x88 0x90 0x98) decode as
  /// U+FFFD so a page still reads, and `TextDecoder` reports that it happened.
  static let cp1250High: [UInt32] = [
    0x20AC, 0xFFFD, 0x201A, 0xFFFD, 0x201E, 0x2026, 0x2020, 0x2021,  // 0x80
    0xFFFD, 0x2030, 0x0160, 0x2039, 0x015A, 0x0164, 0x017D, 0x0179,  // 0x88
    0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,  // 0x90
    0xFFFD, 0x2122, 0x0161, 0x203A, 0x015B, 0x0165, 0x017E, 0x017A,  // 0x98
    0x00A0, 0x02C7, 0x02D8, 0x0141, 0x00A4, 0x0104, 0x00A6, 0x00A7,  // 0xA0
    0x00A8, 0x00A9, 0x015E, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x017B,  // 0xA8
    0x00B0, 0x00B1, 0x02DB, 0x0142, 0x00B4, 0x00B5, 0x00B6, 0x00B7,  // 0xB0
    0x00B8, 0x0105, 0x015F, 0x00BB, 0x013D, 0x02DD, 0x013E, 0x017C,  // 0xB8
    0x0154, 0x00C1, 0x00C2, 0x0102, 0x00C4, 0x0139, 0x0106, 0x00C7,  // 0xC0
    0x010C, 0x00C9, 0x0118, 0x00CB, 0x011A, 0x00CD, 0x00CE, 0x010E,  // 0xC8
    0x0110, 0x0143, 0x0147, 0x00D3, 0x00D4, 0x0150, 0x00D6, 0x00D7,  // 0xD0
    0x0158, 0x016E, 0x00DA, 0x0170, 0x00DC, 0x00DD, 0x0162, 0x00DF,  // 0xD8
    0x0155, 0x00E1, 0x00E2, 0x0103, 0x00E4, 0x013A, 0x0107, 0x00E7,  // 0xE0
    0x010D, 0x00E9, 0x0119, 0x00EB, 0x011B, 0x00ED, 0x00EE, 0x010F,  // 0xE8
    0x0111, 0x0144, 0x0148, 0x00F3, 0x00F4, 0x0151, 0x00F6, 0x00F7,  // 0xF0
    0x0159, 0x016F, 0x00FA, 0x0171, 0x00FC, 0x00FD, 0x0163, 0x02D9,  // 0xF8
  ]
}
