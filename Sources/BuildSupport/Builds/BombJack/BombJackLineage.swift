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

  /// Each row's walk page is the one the assembly kept its file from (`sourcePages`); the HEAD
  /// asked for the zip's address as the catalogue spells it.
  static func tag(_ ctx: BuildContext, _ build: BombJackShelfBuild, urls: [URL], probes: [String: SizeProbe]) {
    let lineage = ctx.lineage
    guard lineage.isOn else { return }
    lineage.fromTool(BombJackJoystik.issues.map(\.id))
    var byPage = [[String]](repeating: [], count: urls.count)
    var heads: [(id: String, address: String)] = []
    for (shelf, c) in build.catalogues {
      let from = build.sourcePages[shelf] ?? []
      // By place, not by element: each issue copied out whole was a third of this tagging.
      for i in c.issues.indices {
        guard i < from.count, let n = from[i], urls.indices.contains(n) else { continue }
        let (id, zip) = (c.issues[i].id, c.issues[i].zip)
        byPage[n].append(id)
        if probes[zip] != nil { heads.append((id, zip)) }
      }
    }
    lineage.tag(each: heads, "head")
    lineage.listed("page", urls, rows: byPage)
  }
}
