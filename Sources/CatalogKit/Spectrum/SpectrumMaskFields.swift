/// The numbers and strings of one ZXDB issue that an archive mask can refer to.
///
/// Every field is optional because ZXDB leaves any of them NULL: weeklies have no number,
/// monthlies no day, and most issues are neither special nor a supplement.
public struct SpectrumMaskFields: Sendable, Equatable, Hashable {
  public var number: Int?
  public var volume: Int?
  public var year: Int?
  public var month: Int?
  public var day: Int?
  public var special: String?
  public var supplement: String?

  public init(
    number: Int? = nil, volume: Int? = nil, year: Int? = nil, month: Int? = nil, day: Int? = nil,
    special: String? = nil, supplement: String? = nil
  ) {
    self.number = number
    self.volume = volume
    self.year = year
    self.month = month
    self.day = day
    self.special = special
    self.supplement = supplement
  }
}
