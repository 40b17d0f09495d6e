/// Page counts and file sizes do not change from week to week: when many rows change them at once,
/// the likelier cause is a fault (half a page read, an error page's length taken for a size) or a
/// parser change, not the site. The rebuild is written, but the review sees every such row.
public enum StableFieldCheck {
  /// The share of the rows both files hold that may change a stable field before the WARN.
  public static let limit = 0.1
  /// Fewer changed rows than this are never a WARN: a rescan of one issue is ordinary.
  public static let floor = 3

  /// A WARN (`catalogue/stable-fields`) listing every row whose `pages` or `bytes` changed, when
  /// more than `limit` of the shared rows did; nil otherwise.
  public static func compare(previous: IssueCatalogue, new: IssueCatalogue) -> Finding? {
    var old: [String: Issue] = [:]
    for i in previous.issues { old[i.series + "/" + i.id] = i }
    var shared = 0
    var changed: [String] = []
    for i in new.issues {
      let key = i.series + "/" + i.id
      guard let o = old[key] else { continue }
      shared += 1
      var parts: [String] = []
      if o.pages != i.pages { parts.append("pages \(show(o.pages)) => \(show(i.pages))") }
      if o.bytes != i.bytes { parts.append("bytes \(show(o.bytes)) => \(show(i.bytes))") }
      if !parts.isEmpty { changed.append("\(i.id) " + parts.joined(separator: ", ")) }
    }
    guard changed.count >= floor, Double(changed.count) > limit * Double(shared) else { return nil }
    return Finding(
      rule: "catalogue/stable-fields", severity: .warning,
      message:
        "\(Plural.count(changed.count, "row")) of \(shared) changed a page count or size, which scans rarely do "
        + "(\(SharedRules.percent(changed.count, shared))); check them before shipping",
      records: changed, count: changed.count)
  }

  private static func show<T>(_ v: T?) -> String { v.map { "\($0)" } ?? "none" }
}
