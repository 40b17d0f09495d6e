/// Compares a rebuild with the previous file: a crawl that silently lost a section still passes
/// every per-file rule, so dropping many of the previous records is an error unless allowed.
public enum ShrinkCheck {
  /// The share of the previous records a rebuild may drop before it is refused.
  public static let defaultLimit = 0.05

  /// An ERROR finding (`catalogue/shrink`) when more than `limit` (0…1) of `previous`'s records
  /// (by natural key) are missing from `new`, a WARN finding instead when `allowed`
  /// (`--allow-shrink`), nil otherwise. Records renamed in place count as dropped: to the app a
  /// new key is a new row.
  public static func compare<C: Catalogue>(
    previous: C, new: C, limit: Double = defaultLimit, allowed: Bool = false
  ) -> Finding? {
    compare(previousKeys: previous.recordKeys, newKeys: new.recordKeys, limit: limit, allowed: allowed)
  }

  public static func compare(
    previousKeys: [String], newKeys: [String], limit: Double = defaultLimit, allowed: Bool = false
  )
    -> Finding?
  {
    let kept = Set(newKeys)
    let dropped = previousKeys.filter { !kept.contains($0) }
    guard !dropped.isEmpty, Double(dropped.count) > limit * Double(previousKeys.count) else { return nil }
    let share = SharedRules.percent(dropped.count, previousKeys.count)
    let what = "the rebuild drops \(dropped.count) of \(previousKeys.count) previous records (\(share))"
    let message =
      allowed
      ? "\(what); allowed by --allow-shrink"
      : "\(what), more than \(SharedRules.percent(limit)) allowed; check the crawl, or pass --allow-shrink if the site really shrank"
    return Finding(
      rule: "catalogue/shrink", severity: allowed ? .warning : .error, message: message, records: dropped,
      count: dropped.count)
  }
}
