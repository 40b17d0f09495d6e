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
    let h = Array(haystack.utf8)
    let n = Array(needle.utf8)
    guard let first = n.first, n.count <= h.count else { return false }
    for i in 0...(h.count - n.count) where h[i] == first && h[i..<(i + n.count)].elementsEqual(n) {
      return true
    }
    return false
  }

  public static func isASCII(_ s: String) -> Bool { s.utf8.allSatisfy { $0 < 0x80 } }
}
