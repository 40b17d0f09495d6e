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
    // Only the two fields compared are kept, and each issue is read where it lies: copying every
    // issue whole, into the table and out of both lists, was most of this check's cost.
    var old: [String: (pages: Int?, bytes: Int64?)] = [:]
    old.reserveCapacity(previous.issues.count)
    for n in previous.issues.indices {
      old[previous.issues[n].series + "/" + previous.issues[n].id] = (
        previous.issues[n].pages, previous.issues[n].bytes
      )
    }
    var shared = 0
    var changed: [String] = []
    for n in new.issues.indices {
      guard let o = old[new.issues[n].series + "/" + new.issues[n].id] else { continue }
      let (pages, bytes) = (new.issues[n].pages, new.issues[n].bytes)
      shared += 1
      var parts: [String] = []
      if o.pages != pages { parts.append("pages \(show(o.pages)) => \(show(pages))") }
      if o.bytes != bytes { parts.append("bytes \(show(o.bytes)) => \(show(bytes))") }
      if !parts.isEmpty { changed.append("\(new.issues[n].id) " + parts.joined(separator: ", ")) }
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
