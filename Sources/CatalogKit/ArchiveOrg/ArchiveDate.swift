import Foundation

/// The cover date read from an item's `metadata.date`.
public struct ArchiveDate: Sendable, Equatable, Hashable {
  public var year: Int
  /// 1–12 when the date names a valid month.
  public var month: Int?

  public init(year: Int, month: Int? = nil) {
    self.year = year
    self.month = month
  }

  /// Splits on `-`: the year is part 1 and must be within 1000–9999, the month part 2 and is kept only
  /// if 1–12. `1991-04-15` gives 1991/4, `1991-00` gives 1991 alone, `circa 1990` gives nil.
  public init?(parsing text: String) {
    let parts = text.trimmingCharacters(in: .whitespaces).split(
      separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, let year = Int(first), (1000...9999).contains(year) else { return nil }
    self.year = year
    if parts.count > 1, let m = Int(parts[1]), (1...12).contains(m) {
      self.month = m
    } else {
      self.month = nil
    }
  }
}
