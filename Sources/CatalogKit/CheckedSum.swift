/// Sums of counts and sizes from outside (HEAD answers, page counts): a value that would overflow
/// makes the sum unknown instead of trapping.
public enum CheckedSum {
  /// The total, or nil when it does not fit.
  public static func of<T: FixedWidthInteger>(_ values: some Sequence<T>) -> T? {
    var total: T = 0
    for v in values {
      let (sum, overflow) = total.addingReportingOverflow(v)
      if overflow { return nil }
      total = sum
    }
    return total
  }

  /// The product, or nil when it does not fit.
  public static func product<T: FixedWidthInteger>(_ values: T...) -> T? {
    var total: T = 1
    for v in values {
      let (p, overflow) = total.multipliedReportingOverflow(by: v)
      if overflow { return nil }
      total = p
    }
    return total
  }

  /// A total for a summary line: the number, or "too many to add up" when it overflowed.
  public static func shown<T: FixedWidthInteger>(_ total: T?, divisor: T = 1, unit: String) -> String {
    guard let total else { return "more \(unit) than can be added up" }
    return "\(total / divisor) \(unit)"
  }
}
