/// Sums of sizes and counts that report overflow instead of trapping. A server can answer a HEAD with
/// `Content-Length: 9223372036854775807`; two such sizes summed with `+` stop the tool with a signal
/// (issue 11 §2), and a catalogue file can hold the same number. Every total over catalogue values
/// (stats, summaries, build reports) goes through here.
public enum CheckedTotal {
  /// The sum, or nil when it does not fit `T`.
  public static func sum<S: Sequence>(_ values: S) -> S.Element? where S.Element: FixedWidthInteger {
    var total: S.Element = 0
    for v in values {
      let (next, overflow) = total.addingReportingOverflow(v)
      if overflow { return nil }
      total = next
    }
    return total
  }

  /// `a × b`, or nil when it does not fit (tiles = pages × columns × rows).
  public static func product<T: FixedWidthInteger>(_ factors: T...) -> T? {
    var total: T = 1
    for f in factors {
      let (next, overflow) = total.multipliedReportingOverflow(by: f)
      if overflow { return nil }
      total = next
    }
    return total
  }
}

extension Sequence where Element == Issue {
  /// The sum of the known sizes (`bytes`), or nil when it overflows `Int64`.
  public var totalBytes: Int64? { CheckedTotal.sum(lazy.compactMap(\.bytes)) }
}

extension IssueCatalogue {
  /// The sum of the known sizes, or nil when it overflows `Int64`.
  public var totalBytes: Int64? { issues.totalBytes }
}
