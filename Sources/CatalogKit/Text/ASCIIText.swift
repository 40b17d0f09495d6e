import Foundation

/// Foundation's string calls on Linux go through CFString, converting every string to UTF-16 and
/// back; on the ASCII text of a URL that conversion was most of what BombJack's catalogue assembly
/// spent (`bench bombjack`). These answer ASCII text on its bytes and hand anything else to
/// Foundation, so every answer is exactly Foundation's.
public enum ASCIIText {
  /// `s.removingPercentEncoding`: `s` itself for ASCII without a `%`, where there is nothing to
  /// decode. (Not for every string without one: CFString drops a leading U+FEFF, for one.)
  public static func removingPercentEncoding(_ s: String) -> String? {
    let plain = s.utf8.withContiguousStorageIfAvailable { b in
      isASCII(b) && (b.isEmpty || memchr(b.baseAddress!, 0x25, b.count) == nil)
    }
    if plain ?? s.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x25 }) { return s }
    return s.removingPercentEncoding
  }

  /// `haystack.contains(needle)` (Foundation's, which finds no empty needle), on bytes when both
  /// are ASCII.
  public static func contains(_ haystack: String, _ needle: String) -> Bool {
    guard isASCII(haystack), isASCII(needle), !needle.isEmpty else { return haystack.contains(needle) }
    var (h, n) = (haystack, needle)
    return h.withUTF8 { hb in n.withUTF8 { nb in TextBytes.firstOffset(of: .init(nb), in: .init(hb)) != nil } }
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

  /// Over the string's own bytes where it has them (every native string): walking the UTF-8 view
  /// an index at a time was the largest single cost of BombJack's assembly, which asks it of every
  /// address several times.
  public static func isASCII(_ s: String) -> Bool {
    s.utf8.withContiguousStorageIfAvailable(isASCII) ?? s.utf8.allSatisfy { $0 < 0x80 }
  }

  /// No byte with the high bit set: the bytes or-ed together, a loop the compiler does many bytes
  /// at a time.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var all: UInt8 = 0
    for b in bytes { all |= b }
    return all < 0x80
  }
}
