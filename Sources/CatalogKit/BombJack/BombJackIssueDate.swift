/// The cover date a BombJack title states, read the way the reference read it.
public struct BombJackIssueDate: Sendable, Equatable {
  public var year: Int?
  public var month: Int?

  public init(year: Int? = nil, month: Int? = nil) {
    self.year = year
    self.month = month
  }

  static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
  private static let monthBytes = months.map { Array($0.utf8) }

  /// Year: the first whole-word 1950–2029. Month: only with a year, the month abbreviation found
  /// EARLIEST in the lowercased title, as a substring. The reference took whichever its unordered
  /// map yielded first, so "Jun/Jul 1985" came out June or July from run to run; ours is always June.
  public static func read(_ title: String) -> BombJackIssueDate {
    guard let year = firstYear(title) else { return BombJackIssueDate() }
    let lower = Array(title.lowercased().utf8)
    var best: (offset: Int, month: Int)? = nil
    for (index, pattern) in monthBytes.enumerated() {
      guard let at = firstOffset(of: pattern, in: lower) else { continue }
      if best == nil || at < best?.offset ?? Int.max { best = (at, index + 1) }
    }
    return BombJackIssueDate(year: year, month: best?.month)
  }

  /// The first `\b(19[5-9]\d|20[0-2]\d)\b`.
  static func firstYear(_ title: String) -> Int? {
    let chars = Array(title.unicodeScalars)
    var i = 0
    // Four ASCII digits first (cheap), then the word boundaries around them (Unicode properties).
    func digit(_ s: Unicode.Scalar) -> Int? { s.value >= 0x30 && s.value <= 0x39 ? Int(s.value) - 48 : nil }
    while i + 4 <= chars.count {
      if let a = digit(chars[i]), let b = digit(chars[i + 1]), let c = digit(chars[i + 2]), let d = digit(chars[i + 3]),
        case let value = a * 1000 + b * 100 + c * 10 + d, (1950...2029).contains(value),
        !isWordScalar(i > 0 ? chars[i - 1] : nil), !isWordScalar(i + 4 < chars.count ? chars[i + 4] : nil)
      {
        return value
      }
      i += 1
    }
    return nil
  }

  /// `\w` as regex engines see it: letters, digits, marks and the underscore.
  private static func isWordScalar(_ s: Unicode.Scalar?) -> Bool {
    guard let s else { return false }
    if s == "_" { return true }
    let p = s.properties
    return p.isAlphabetic || p.numericType == .decimal || p.generalCategory == .nonspacingMark
  }

  private static func firstOffset(of pattern: [UInt8], in text: [UInt8]) -> Int? {
    guard text.count >= pattern.count else { return nil }
    for i in 0...(text.count - pattern.count) where text[i] == pattern[0] {
      if Array(text[i..<i + pattern.count]) == pattern { return i }
    }
    return nil
  }
}
