import CatalogKit
import Foundation

/// Which Atarimania answer gives which field: a title page lists that magazine's issues (the index
/// only names the titles), and each PDF's HEAD sizes it.
enum AtarimaniaLineage {
  static let plan = LineagePlan(kinds: [
    .init(
      "title", fields: ["id", "series", "number", "title", "year", "month", "zip", "cover", "thumb"], listing: true),
    .init("head", method: "HEAD", fields: ["bytes", "dead"]),
  ])

  /// Tags each row with the title page that first listed its PDF (a PDF listed twice is kept from
  /// the first page, as the assembly keeps it) and its HEAD when that was answered.
  static func tag(
    _ ctx: BuildContext, _ c: IssueCatalogue, titles: [AtarimaniaTitlePage], probed: Set<String>
  ) {
    guard ctx.lineage.isOn else { return }
    var page: [String: URL] = [:]
    for t in titles {
      guard let url = AtarimaniaSite.titleURL(t.id) else { continue }
      ctx.lineage.read("title", url)
      for listed in t.issues where page[listed.pdf] == nil { page[listed.pdf] = url }
    }
    var byPage: [URL: [String]] = [:]
    for issue in c.issues {
      if let u = page[issue.zip] { byPage[u, default: []].append(issue.id) }
      if probed.contains(issue.zip), let u = AtarimaniaSite.url(ofPath: issue.zip) {
        ctx.lineage.tag(issue.id, "head", u)
      }
    }
    for (u, ids) in byPage { ctx.lineage.tag(ids, "title", u) }
  }
}
