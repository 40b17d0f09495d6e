/// What an issue id (`SK_86_05`, `RA_88_04S`, `Knjige_Mirko`) says: the series and the cover date.
///
/// The id wins over the caption when they disagree.
public struct RetroSpecIssueID: Sendable, Equatable, Hashable {
  public var id: String
  /// The prefix before the first `_`: the series key.
  public var seriesKey: String
  public var year: Int?
  public var month: Int?
  /// The month part has trailing letters (`04S`): a special issue, sorted after that month's regular one.
  public var isSpecial: Bool

  /// Splits on `_`. With at least three parts and a two-digit second part, the year is `19yy` for yy ≥ 70
  /// and `20yy` below; the month is the leading digits of the third part, kept only if 1–12. Book ids
  /// (`Knjige_<name>`) have fewer parts and no date.
  public init(_ id: String) {
    self.id = id
    let parts = id.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
    seriesKey = parts.first ?? id
    year = nil
    month = nil
    isSpecial = false
    guard parts.count >= 3, parts[1].utf8.count == 2, parts[1].utf8.allSatisfy(HTMLScanner.isDigit),
      let yy = Int(parts[1])
    else { return }
    year = yy >= 70 ? 1900 + yy : 2000 + yy
    let digits = parts[2].prefix { $0.isASCII && $0.isNumber }
    if let m = Int(digits), (1...12).contains(m) { month = m }
    isSpecial = digits.count < parts[2].count
  }
}
