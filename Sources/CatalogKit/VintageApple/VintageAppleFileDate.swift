/// The month a Vintage Apple file name states, used only when the table gives none. The year always
/// comes from the table: the spec does not let a stamp fill a missing year.
public enum VintageAppleFileDate {
  /// The first rule that succeeds:
  /// 1. a six-digit stamp `YYYYMM` after the start, `/` or `_` and before `_`, `.` or the end, month
  ///    1–12, when the table gave no year or the stamp's year equals it;
  /// 2. with a known year, a short stamp `_YYMM` / `-YYMM` followed by `_` or `.` whose 19YY or 20YY is
  ///    the year (`_8404_` is April 1984 in 1984; a stamp that disagrees is ignored);
  /// 3. the English month name that occurs earliest in the lowercased name.
  public static func month(fileName: String, tableYear: Int?) -> Int? {
    let u = Array(fileName.utf8)
    if let stamp = sixDigitStamp(u), (1...12).contains(stamp.month), tableYear == nil || tableYear == stamp.year {
      return stamp.month
    }
    if let year = tableYear, let m = shortStamp(u, year: year) { return m }
    return MarkupText.earliestMonth(in: fileName)
  }

  static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  static func number(_ u: [UInt8], _ r: Range<Int>) -> Int {
    r.reduce(0) { $0 * 10 + Int(u[$1] - 0x30) }
  }

  /// The leftmost `(?:^|[/_])((?:19|20)\d{2})(\d{2})(?:[_.]|$)`.
  static func sixDigitStamp(_ u: [UInt8]) -> (year: Int, month: Int)? {
    guard u.count >= 6 else { return nil }
    for i in 0...(u.count - 6) {
      if i > 0, u[i - 1] != UInt8(ascii: "/"), u[i - 1] != UInt8(ascii: "_") { continue }
      guard (i..<(i + 6)).allSatisfy({ isDigit(u[$0]) }) else { continue }
      let century = number(u, i..<(i + 2))
      guard century == 19 || century == 20 else { continue }
      if i + 6 < u.count, u[i + 6] != UInt8(ascii: "_"), u[i + 6] != UInt8(ascii: ".") { continue }
      return (number(u, i..<(i + 4)), number(u, (i + 4)..<(i + 6)))
    }
    return nil
  }

  /// Each `[_-](\d{2})(\d{2})` followed by `_` or `.`, accepted when its year matches.
  static func shortStamp(_ u: [UInt8], year: Int) -> Int? {
    guard u.count >= 6 else { return nil }
    for i in 0...(u.count - 6) {
      guard u[i] == UInt8(ascii: "_") || u[i] == UInt8(ascii: "-") else { continue }
      guard ((i + 1)...(i + 4)).allSatisfy({ isDigit(u[$0]) }) else { continue }
      guard u[i + 5] == UInt8(ascii: "_") || u[i + 5] == UInt8(ascii: ".") else { continue }
      let yy = number(u, (i + 1)..<(i + 3))
      let mm = number(u, (i + 3)..<(i + 5))
      if 1900 + yy == year || 2000 + yy == year, (1...12).contains(mm) { return mm }
    }
    return nil
  }
}
