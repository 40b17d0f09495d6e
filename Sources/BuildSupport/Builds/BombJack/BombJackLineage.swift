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
    // The first page in walk order keeps a file, as the assembly does; pages by their place in
    // the walk, since hashing URLs was most of what this cost.
    var page: [String: Int] = [:]
    for (n, p) in pages.enumerated() {
      ctx.lineage.read("page", p.url)
      for e in p.entries {
        if let zip = BombJackAddressFilter.download(e.file), page[zip] == nil { page[zip] = n }
      }
    }
    let joystik = Set(BombJackJoystik.issues.map(\.id))
    ctx.lineage.fromTool(joystik)
    var byPage: [Int: [String]] = [:]
    for c in build.catalogues.values {
      for issue in c.issues where !joystik.contains(issue.id) {
        if let n = page[issue.zip] { byPage[n, default: []].append(issue.id) }
        // The probe asked for the zip's address as the catalogue spells it.
        if probes[issue.zip] != nil { ctx.lineage.tag(issue.id, "head", address: issue.zip) }
      }
    }
    for (n, ids) in byPage.sorted(by: { $0.key < $1.key }) { ctx.lineage.tag(ids, "page", pages[n].url) }
  }
}
