import CatalogKit
import Foundation

/// Which BombJack answer gives which field: the walk's page that first links a file lists it (its
/// title, run, cover and page count), the file's HEAD sizes it. The Joystik run is the tool's own.
enum BombJackLineage {
  static let plan = LineagePlan(kinds: [
    .init(
      "page", fields: ["id", "series", "number", "title", "year", "month", "zip", "cover", "thumb", "pages"],
      listing: true),
    .init("head", method: "HEAD", fields: ["bytes", "dead"]),
  ])

  static func tag(_ ctx: BuildContext, _ build: BombJackShelfBuild, pages: [BombJackPage], probes: [String: SizeProbe])
  {
    guard ctx.lineage.isOn else { return }
    // The first page in walk order keeps a file, as the assembly does.
    var page: [String: URL] = [:]
    for p in pages {
      ctx.lineage.read("page", p.url)
      for e in p.entries {
        if let zip = BombJackAddressFilter.download(e.file), page[zip] == nil { page[zip] = p.url }
      }
    }
    let joystik = Set(BombJackJoystik.issues.map(\.id))
    ctx.lineage.fromTool(joystik)
    var byPage: [URL: [String]] = [:]
    for c in build.catalogues.values {
      for issue in c.issues where !joystik.contains(issue.id) {
        if let u = page[issue.zip] { byPage[u, default: []].append(issue.id) }
        if probes[issue.zip] != nil, let u = URL(string: issue.zip) { ctx.lineage.tag(issue.id, "head", u) }
      }
    }
    for (u, ids) in byPage { ctx.lineage.tag(ids, "page", u) }
  }
}
