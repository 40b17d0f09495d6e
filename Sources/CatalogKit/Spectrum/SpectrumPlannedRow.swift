/// One row a build will try to resolve against archive.org: an issue or book whose mask expanded.
public struct SpectrumPlannedRow: Sendable, Equatable, Hashable {
  /// The ZXDB issue id as a decimal string, or `book-<entry_id>`.
  public var id: String
  /// The ZXDB id as a string: the last sort key (`"1730"` sorts before `"800"`).
  public var sortID: String
  public var series: Series
  public var location: SpectrumArchiveLocation
  public var year: Int?
  public var month: Int?
  public var number: Int?
  public var special: String?
  public var supplement: String?
  /// Books use their own title.
  public var bookTitle: String?

  public init(
    id: String, sortID: String, series: Series, location: SpectrumArchiveLocation, year: Int? = nil, month: Int? = nil,
    number: Int? = nil, special: String? = nil, supplement: String? = nil, bookTitle: String? = nil
  ) {
    self.id = id
    self.sortID = sortID
    self.series = series
    self.location = location
    self.year = year
    self.month = month
    self.number = number
    self.special = special
    self.supplement = supplement
    self.bookTitle = bookTitle
  }

  /// The shelf title: a book's own; else `Issue <n>`, the special and `(<supplement>)`, joined; else
  /// `<Month> <year>`, `<year>`, or the series name.
  public var title: String {
    if let bookTitle { return bookTitle }
    var parts: [String] = []
    if let number { parts.append("Issue \(number)") }
    if let special, !special.isEmpty { parts.append(special) }
    if let supplement, !supplement.isEmpty { parts.append("(\(supplement))") }
    if !parts.isEmpty { return parts.joined(separator: " ") }
    if let year {
      if let month, (1...12).contains(month) { return "\(SpectrumMask.monthNames[month - 1]) \(year)" }
      return String(year)
    }
    return series.name
  }

  /// Series key; year with undated last; month (absent 0); number (absent 0); id as a string.
  public static func sortsBefore(_ a: SpectrumPlannedRow, _ b: SpectrumPlannedRow) -> Bool {
    if a.series.key != b.series.key { return a.series.key < b.series.key }
    switch (a.year, b.year) {
    case (let x?, let y?) where x != y: return x < y
    case (nil, _?): return false
    case (_?, nil): return true
    default: break
    }
    if (a.month ?? 0) != (b.month ?? 0) { return (a.month ?? 0) < (b.month ?? 0) }
    if (a.number ?? 0) != (b.number ?? 0) { return (a.number ?? 0) < (b.number ?? 0) }
    return a.sortID < b.sortID
  }
}
