import CatalogKit

/// Sums of counts and sizes from outside (HEAD answers, page counts): a value that would overflow
/// makes the sum unknown instead of trapping.
enum CheckedSum {
  /// The total, or nil when it does not fit (`CheckedTotal`, CatalogKit's one checked sum).
  static func of<T: FixedWidthInteger>(_ values: some Sequence<T>) -> T? { CheckedTotal.sum(values) }

  /// The product, or nil when it does not fit.
  static func product<T: FixedWidthInteger>(_ values: T...) -> T? {
    values.reduce(Optional(T(1))) { total, v in total.flatMap { CheckedTotal.product($0, v) } }
  }

  /// A total for a summary line: the number, or "too many to add up" when it overflowed.
  static func shown<T: FixedWidthInteger>(_ total: T?, divisor: T = 1, unit: String) -> String {
    guard let total else { return "more \(unit) than can be added up" }
    return "\(total / divisor) \(unit)"
  }
}
