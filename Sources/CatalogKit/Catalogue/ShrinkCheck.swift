/// Compares a rebuild's record count with the previous file's: a crawl that silently lost a
/// section still passes every per-file rule, so a large drop is an error unless allowed.
public enum ShrinkCheck {
  /// The share of the previous records a rebuild may drop before it is refused.
  public static let defaultLimit = 0.05

  /// An ERROR finding (`catalogue/shrink`) when `new` holds more than `limit` (0…1) fewer records
  /// than `previous`, or a WARN finding when `allowed` (`--allow-shrink`); nil otherwise.
  public static func compare<C: Catalogue>(
    previous: C, new: C, limit: Double = defaultLimit, allowed: Bool = false
  ) -> Finding? {
    compare(previousCount: previous.recordCount, newCount: new.recordCount, limit: limit, allowed: allowed)
  }

  public static func compare(previousCount: Int, newCount: Int, limit: Double = defaultLimit, allowed: Bool = false)
    -> Finding?
  {
    let dropped = previousCount - newCount
    guard dropped > 0, Double(dropped) > limit * Double(previousCount) else { return nil }
    let share = SharedRules.percent(dropped, previousCount)
    let message =
      allowed
      ? "the rebuild drops \(dropped) of \(previousCount) records (\(share)); allowed by --allow-shrink"
      : "the rebuild drops \(dropped) of \(previousCount) records (\(share)), more than \(SharedRules.percent(limit)) allowed; check the crawl, or pass --allow-shrink if the site really shrank"
    return Finding(rule: "catalogue/shrink", severity: allowed ? .warning : .error, message: message, count: dropped)
  }
}
