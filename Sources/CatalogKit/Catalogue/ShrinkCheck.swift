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

  /// A series may lose this share of its previous issues (and at least `seriesDropFloor` of them)
  /// before the rebuild is refused: a whole series vanishing is under 5% of a large file (Atarimania's
  /// three lost series were 4.1%), so the file-wide limit alone never sees it.
  public static let seriesLimit = 0.2
  /// Fewer dropped issues than this never refuse a series: sites do retire a single scan.
  public static let seriesDropFloor = 2

  /// An ERROR (`catalogue/shrink-series`; a WARN when `allowed`) naming every series, i.e. the part of a
  /// record key before its `/`, that is gone from `new` or lost more than `seriesLimit` of its
  /// records; nil when none did or the keys have no series.
  public static func compareSeries(previousKeys: [String], newKeys: [String], allowed: Bool = false) -> Finding? {
    func series(_ key: String) -> String? { key.firstIndex(of: "/").map { String(key[..<$0]) } }
    let kept = Set(newKeys)
    var before: [String: Int] = [:]
    var lost: [String: Int] = [:]
    var order: [String] = []
    for key in previousKeys {
      guard let s = series(key) else { continue }
      if before[s] == nil { order.append(s) }
      before[s, default: 0] += 1
      if !kept.contains(key) { lost[s, default: 0] += 1 }
    }
    let present = Set(newKeys.compactMap(series))
    var named: [String] = []
    for s in order {
      let was = before[s] ?? 0
      let gone = lost[s] ?? 0
      if !present.contains(s) {
        named.append("\(s) (gone: all \(was))")
      } else if gone >= seriesDropFloor, Double(gone) > seriesLimit * Double(was) {
        named.append("\(s) (\(gone) of \(was))")
      }
    }
    guard !named.isEmpty else { return nil }
    let what = "\(Plural.count(named.count, "series", "series")) lost issues: \(named.joined(separator: ", "))"
    let message =
      allowed
      ? "\(what); allowed by --allow-shrink"
      : "\(what); a series gone or shrunk by more than \(SharedRules.percent(seriesLimit)) is a crawl that lost its pages until shown otherwise: check the named pages, or pass --allow-shrink if the site really dropped them"
    return Finding(
      rule: "catalogue/shrink-series", severity: allowed ? .warning : .error, message: message, records: named,
      count: named.count)
  }

  /// An ERROR (`catalogue/shrink-offline`, unless `allowed`) when a `--no-network` rebuild has fewer
  /// records than the previous file: a page missing from the cache cannot prove its rows are gone.
  public static func compareOffline(previousCount: Int, newCount: Int, allowed: Bool) -> Finding? {
    guard newCount < previousCount, !allowed else { return nil }
    return Finding(
      rule: "catalogue/shrink-offline", severity: .error,
      message:
        "a --no-network rebuild has \(Plural.count(newCount, "record")) where the previous file has \(previousCount); "
        + "what the cache lacks cannot prove rows gone: rebuild with the network, or pass --allow-shrink")
  }
}
