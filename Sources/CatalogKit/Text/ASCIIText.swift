import Foundation

/// Foundation's string calls on Linux go through CFString, converting every string to UTF-16 and
/// back; on the ASCII text of a URL that conversion was most of what BombJack's catalogue assembly
/// spent (`bench bombjack`). These answer ASCII text on its bytes and hand anything else to
/// Foundation, so every answer is exactly Foundation's.
public enum ASCIIText {
  /// `s.removingPercentEncoding`: `s` itself for ASCII without a `%`, where there is nothing to
  /// decode. (Not for every string without one: CFString drops a leading U+FEFF, for one.)
  public static func removingPercentEncoding(_ s: String) -> String? {
    if s.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x25 }) { return s }
    return s.removingPercentEncoding
  }

  /// `haystack.contains(needle)` (Foundation's, which finds no empty needle), on bytes when both
  /// are ASCII.
  public static func contains(_ haystack: String, _ needle: String) -> Bool {
    guard isASCII(haystack), isASCII(needle), !needle.isEmpty else { return haystack.contains(needle) }
    return TextBytes.contains(Array(needle.utf8), in: Array(haystack.utf8))
  }

  /// `s.lastIndex(of: c)` for an ASCII character, on bytes when `s` is ASCII (elsewhere a `/`
  /// followed by a combining mark is another character, and Foundation's answer stands).
  public static func lastIndex(of c: Unicode.Scalar, in s: String) -> String.Index? {
    guard c.isASCII, isASCII(s) else { return s.lastIndex(of: Character(c)) }
    return s.utf8.lastIndex(of: UInt8(c.value))
  }

  /// `s.split(whereSeparator:)` on ASCII separators, as strings: on bytes when `s` is ASCII.
  public static func split(_ s: String, on separators: Set<UInt8>) -> [String] {
    guard isASCII(s) else {
      return s.split(whereSeparator: { $0.asciiValue.map(separators.contains) ?? false }).map(String.init)
    }
    // The set as a bit table: a set lookup per byte hashed every byte of every address split.
    var table: (UInt64, UInt64) = (0, 0)
    for b in separators where b < 0x80 {
      if b < 64 { table.0 |= 1 << UInt64(b) } else { table.1 |= 1 << UInt64(b - 64) }
    }
    return s.utf8.split { b in
      b < 64 ? table.0 & (1 << UInt64(b)) != 0 : b < 128 && table.1 & (1 << UInt64(b - 64)) != 0
    }.map { String(decoding: $0, as: UTF8.self) }
  }

  /// `s.trimmingCharacters(in: .whitespaces).isEmpty`, without trimming when an ASCII byte other
  /// than space and tab (the set's only ASCII members) shows the answer is no.
  public static func isBlank(_ s: String) -> Bool {
    if s.utf8.contains(where: { $0 < 0x80 && $0 != 0x20 && $0 != 0x09 }) { return false }
    return s.trimmingCharacters(in: .whitespaces).isEmpty
  }

  public static func isASCII(_ s: String) -> Bool { s.utf8.allSatisfy { $0 < 0x80 } }
}
