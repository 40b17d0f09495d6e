import CatalogKit
import Foundation

/// Which archive.org answer gives which field: the item's metadata names the scan, its date and
/// size; the scandata counts its pages. The shelf table in the code gives series and number.
enum ArchiveLineage {
  static let plan = LineagePlan(
    kinds: [
      .init("metadata", fields: ["id", "title", "year", "month", "zip", "cover", "thumb", "bytes"]),
      .init("scandata", fields: ["pages"]),
    ], declared: ["series", "number"])

  static func tag(_ ctx: BuildContext, _ c: IssueCatalogue, scandataURLs: [String: URL]) {
    guard ctx.lineage.isOn else { return }
    for issue in c.issues {
      if let u = ArchivePath.metadataURL(identifier: issue.id) { ctx.lineage.tag(issue.id, "metadata", u) }
      if let u = scandataURLs[issue.id] { ctx.lineage.tag(issue.id, "scandata", u) }
    }
  }
}
