import CatalogKit
import Foundation

/// Which Spectrum answer gives which field: the ZXDB dump plans every row (its id, series, title
/// and date), the archive.org item's metadata names the file, its size and its images.
enum SpectrumLineage {
  static let plan = LineagePlan(kinds: [
    .init("dump", fields: ["id", "series", "number", "title", "year", "month"], listing: true),
    .init("metadata", fields: ["zip", "cover", "thumb", "bytes"]),
  ])

  static func tag(_ ctx: BuildContext, _ c: IssueCatalogue, plan: SpectrumPlan, file: String) throws {
    guard ctx.lineage.isOn else { return }
    ctx.lineage.tag(c.issues.map(\.id), "dump", try SpectrumTool.dumpURL(), file: file)
    var identifier: [String: String] = [:]
    for row in plan.rows where identifier[row.id] == nil { identifier[row.id] = row.location.identifier }
    for issue in c.issues {
      guard let id = identifier[issue.id], let u = ArchivePath.metadataURL(identifier: id) else { continue }
      ctx.lineage.tag(issue.id, "metadata", u, file: file)
    }
  }
}
