import CatalogKit
import Foundation

/// Which Vintage Apple answer gives which field: a section page lists every file of its shelf
/// section, and each PDF's HEAD sizes it (or finds it gone).
enum VintageAppleLineage {
  static let plan = LineagePlan(kinds: [
    .init(
      "section", fields: ["id", "series", "number", "title", "year", "month", "zip", "cover", "thumb"], listing: true),
    .init("head", method: "HEAD", fields: ["bytes", "dead"]),
  ])

  /// Tags each row of `c` with its section page (the series is the section's slug) and the HEAD of
  /// its file when that was answered (`probed`: the URL each answered file was asked at, by its
  /// path, so no URL is parsed a second time).
  static func tag(
    _ ctx: BuildContext, _ c: IssueCatalogue, file: String, sections: [VintageAppleSection], probed: [String: URL]
  ) {
    guard ctx.lineage.isOn else { return }
    var bySeries: [String: [String]] = [:]
    for issue in c.issues { bySeries[issue.series, default: []].append(issue.id) }
    for section in sections {
      guard let url = section.url else { continue }
      ctx.lineage.tag(bySeries[section.slug] ?? [], "section", url, file: file)
    }
    // Under one lock, as a walk's HEADs are.
    let heads = c.issues.compactMap { issue in probed[issue.zip].map { (id: issue.id, address: $0.absoluteString) } }
    ctx.lineage.tag(each: heads, "head", file: file)
  }
}
